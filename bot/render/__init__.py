"""Rendering: pure functions from engine views to message specs (no I/O, no discord objects).

Why specs instead of discord.py objects: the limits Discord enforces (25 options a select, five
rows, 4,096 characters a description...) can then be checked by a test over thousands of random
states without a client, and the Discord layer turns specs into components in one place
(:mod:`bot.controls`). Each game may have ``bot/render/<game>.py`` exposing a
:class:`bot.render.base.Renderer` as ``RENDERER``; games without one use :mod:`bot.render.generic`
(:func:`renderer_for` picks).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from bot.i18n import texts, translate
from games import Action, Event
from games.text import messages

msg, msg_n = messages("tidewater")

_, _n = texts()

# Discord's limits, in one place so renderers and the limits test agree.
MAX_SELECT_OPTIONS = 25
MAX_ROWS = 5
MAX_BUTTONS_PER_ROW = 5
MAX_CUSTOM_ID = 100
MAX_CONTENT = 2000
MAX_DESCRIPTION = 4096
MAX_FIELD_VALUE = 1024
MAX_FIELD_NAME = 256
MAX_FIELDS = 25
MAX_TITLE = 256
MAX_FOOTER = 2048
MAX_EMBED_TOTAL = 6000
MAX_LABEL = 80
MAX_OPTION_DESCRIPTION = 100
MAX_OPTION_VALUE = 100
#: an action code that fits a button's custom_id ``g:<game>:s<seat>:v<version>:<code>``
MAX_BUTTON_CODE = 60
#: a nav focus travels in a custom_id too: short, and no character that needs escaping
MAX_FOCUS = 40
FOCUS_CHARS = re.compile(r"[A-Za-z0-9@._:+-]{0,40}")
#: the embed colour of a game without its own
DEFAULT_COLOR = 0x2B6CB0


@dataclass(frozen=True, slots=True)
class FieldSpec:
    name: str
    value: str
    inline: bool = True


@dataclass(frozen=True, slots=True)
class EmbedSpec:
    title: str
    description: str = ""
    fields: tuple[FieldSpec, ...] = ()
    footer: str = ""
    color: int = DEFAULT_COLOR
    #: the description when a picture is attached (issue 36: the text must not repeat what the
    #: picture shows, or nothing fits a phone): a few short lines, what the player decides,
    #: whose turn, the key numbers; the fields then go but for the last lines of the log.
    #: None: the message is the same with a picture or without
    brief: str | None = None


@dataclass(frozen=True, slots=True)
class ActionSpec:
    """One legal action as a control: the code goes into the custom_id or the option value."""

    code: str
    label: str
    emoji: str | None = None
    style: str = "secondary"  # primary, secondary, success, danger
    description: str = ""
    #: a once-a-game or irreversible action: drawn below the main controls, never first, so
    #: it is not the first thing under a thumb on a phone
    below: bool = False
    #: a question the player answers before the action is played (a once-a-game card): the
    #: button then asks first, and only its **Yes** plays the action
    confirm: str = ""


@dataclass(frozen=True, slots=True)
class ChoiceSpec:
    """Actions offered as one select menu (at most 25 options).

    With ``max_values > 1`` the menu picks several options at once (a discard of five):
    each ActionSpec's ``code`` is then only the ARGUMENT part (``"5S"``), and the shell sends
    one action ``f"{verb}:{a},{b},…"`` with the chosen codes in the order the options are listed.
    """

    placeholder: str
    actions: tuple[ActionSpec, ...]
    min_values: int = 1
    max_values: int = 1
    verb: str = ""
    #: a menu that ends the turn (a discard): drawn after the navs, so the controls read in
    #: the order of the turn (draw, then meld, then discard)
    last: bool = False


@dataclass(frozen=True, slots=True)
class NavSpec:
    """A control that applies no action: it re-draws the hand with ``hand(..., focus=focus)``.

    For two-step choices ("a card, then a target"). ``focus`` is at most 40 characters of
    ``[A-Za-z0-9@._:+-]`` (it travels in the custom_id); ``""`` means back to the top level.
    """

    focus: str
    label: str
    emoji: str | None = None
    style: str = "secondary"
    description: str = ""


@dataclass(frozen=True, slots=True)
class HandSpec:
    """The private hand message: its embed and the controls for the legal actions.

    ``navs`` are drawn as buttons when they fit in the five action rows, else as one select
    menu (at most 25) with ``nav_placeholder``. ``withheld`` lists legal action codes the hand
    deliberately does not offer because they could only hurt the player (its text says why)."""

    embed: EmbedSpec
    buttons: tuple[ActionSpec, ...] = ()
    choices: tuple[ChoiceSpec, ...] = ()
    navs: tuple[NavSpec, ...] = ()
    #: a message: the shell writes it in the hand's language (``translate``)
    nav_placeholder: str = msg("Choose…")
    withheld: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class TableContext:
    """What a renderer knows besides the view: names by seat, the title, recent public events."""

    game_id: int
    title: str
    names: tuple[str, ...]
    user_ids: tuple[int | None, ...]
    status: str
    options: dict[str, Any] = field(default_factory=dict)
    log: tuple[str, ...] = ()
    #: the engine's open timed windows: key -> due unix time (for a ``<t:UNIX:R>`` countdown)
    timers: Mapping[str, float] = field(default_factory=dict)
    #: why some moves are not legal for the hand's seat now (the engine's ``explain`` hook,
    #: ``games.core.Explainer``); empty on the table and for engines without the hook
    reasons: tuple[str, ...] = ()
    #: what the special controls offered to the hand's seat do, one line each (the engine's
    #: ``effects`` hook, ``games.core.Effects``); :func:`hand_embed` puts them under the hand
    effects: tuple[str, ...] = ()

    def name(self, seat: int | None) -> str:
        if seat is None or not 0 <= seat < len(self.names):
            return "?"
        return self.names[seat]

    def team(self, seats: Sequence[int]) -> str:
        """Several seats' names joined by ``&``: a side in the partnership games, or the winners."""
        return " & ".join(self.name(s) for s in seats)


def clip(text: str, limit: int) -> str:
    """Cut ``text`` to ``limit`` characters with an ellipsis: a message that fits beats none."""
    return text if len(text) <= limit else text[: max(0, limit - 1)] + "…"


#: the name of the table's log field (a message: ``translate(LOG_FIELD)`` is the name the
#: table shows in the language being written)
LOG_FIELD = msg("Recently")


def log_field(ctx: TableContext) -> FieldSpec | None:
    """The table's "Recently" field (the last public event lines), or None with no log yet."""
    if not ctx.log:
        return None
    return FieldSpec(translate(LOG_FIELD), clip("\n".join(ctx.log), MAX_FIELD_VALUE), False)


def table_embed(
    ctx: TableContext,
    heading: str,
    description: str,
    fields: Sequence[FieldSpec],
    footer: str,
    *,
    target: object = None,
    color: int = DEFAULT_COLOR,
    brief: Sequence[str] | None = None,
) -> EmbedSpec:
    """Every game's table embed: ``<heading> · table #<id>``, the game's own fields followed by
    the log, and the footer with ``· playing to <target>`` when the game has a target score;
    ``brief``: the lines kept beside the table's picture (:attr:`EmbedSpec.brief`).

    One builder so every table clips its title, description and footer to Discord's limits the
    same way (the limits test checks the result over random states of every game)."""
    log = log_field(ctx)
    if target:
        footer += _(" · playing to {target}", target=target)
    return EmbedSpec(
        title=clip(_("{heading} · table #{id}", heading=heading, id=ctx.game_id), MAX_TITLE),
        description=clip(description, MAX_DESCRIPTION),
        fields=(*fields, log) if log else tuple(fields),
        footer=clip(footer, MAX_FOOTER),
        color=color,
        brief=None if brief is None else clip("\n".join(brief), MAX_DESCRIPTION),
    )


#: how a hand marks an effect line (``TableContext.effects``)
EFFECT_MARK = "📖"
#: effect lines kept beside a hand's picture (the first: a game lists the most telling first);
#: the text without a picture, and ❓ Explain, say them all
BRIEF_EFFECTS = 1


def hand_embed(
    ctx: TableContext,
    game: str,
    seat: int,
    parts: Sequence[str],
    *,
    color: int,
    brief: Sequence[str] | None = None,
) -> EmbedSpec:
    """A seat's private hand embed: ``Your hand · <game> #<id> · <name>`` over ``parts``, one a
    line, clipped to Discord's limits; ``brief``: the lines kept beside its picture. The
    context's effect lines (what the offered special controls do) close both, so every game's
    hand says them the same way, next to the controls they are about."""
    title = _("Your hand · {game} #{id} · {name}", game=game, id=ctx.game_id, name=ctx.name(seat))
    if ctx.effects:
        said = tuple(f"{EFFECT_MARK} {line}" for line in ctx.effects)
        parts = (*parts, *said)
        brief = None if brief is None else (*brief, *said[:BRIEF_EFFECTS])
    description = clip("\n".join(parts), MAX_DESCRIPTION)
    short = None if brief is None else clip("\n".join(brief).strip(), MAX_DESCRIPTION)
    return EmbedSpec(
        title=clip(title, MAX_TITLE), description=description, color=color, brief=short
    )


def event_audience(event: Event, seat: int | None) -> str | None:
    """Whom an event line asked for ``seat`` is for: ``"table"`` (a public event, asked for the
    table log with seat None), ``"seat"`` (a private event that seat may see), or None (no
    line). One rule for every renderer: public events are not repeated in private notes, and a
    private event never reaches the table or a seat it is not meant for."""
    if event.visible_to is None:
        return "table" if seat is None else None
    return "seat" if seat is not None and event.visible(seat) else None


def actor(ctx: TableContext, data: Mapping[str, Any]) -> str:
    """The name of the event's ``seat``, or ``""`` when the event has none (event lines)."""
    seat = data.get("seat")
    return ctx.name(seat) if isinstance(seat, int) else ""


def layout(
    actions: Sequence[Action],
    describe: Callable[[Action], ActionSpec],
    *,
    rows: int = 4,
    choice_names: Callable[[str], str] | None = None,
) -> tuple[tuple[ActionSpec, ...], tuple[ChoiceSpec, ...]]:
    """Split legal actions into buttons and select menus that fit in ``rows`` action rows.

    Verbs without an argument, and verbs with few arguments, become buttons (one click); a verb
    with many arguments becomes a select menu (25 options a menu). Nothing here knows a rule:
    the list of actions is the engine's ``legal_actions``.
    """
    by_verb: dict[str, list[ActionSpec]] = {}
    for action in actions:
        if len(action.code) > MAX_OPTION_VALUE:
            continue  # cannot travel in a component; a game's renderer must offer it otherwise
        by_verb.setdefault(action.verb, []).append(describe(action))
    buttons: list[ActionSpec] = []
    choices: list[ChoiceSpec] = []

    def button_safe(spec: ActionSpec) -> bool:
        return len(spec.code) <= MAX_BUTTON_CODE and not any(c.isspace() for c in spec.code)

    small = [v for v, specs in by_verb.items() if len(specs) <= 2 and all(map(button_safe, specs))]
    big = [v for v in by_verb if v not in small]
    for verb in small:
        buttons.extend(by_verb[verb])
    for verb in big:
        specs = by_verb[verb]
        name = choice_names(verb) if choice_names else verb
        for start in range(0, len(specs), MAX_SELECT_OPTIONS):
            chunk = tuple(specs[start : start + MAX_SELECT_OPTIONS])
            choices.append(ChoiceSpec(placeholder=clip(name, 150), actions=chunk))
    button_rows = -(-len(buttons) // MAX_BUTTONS_PER_ROW)
    while button_rows + len(choices) > rows and choices:
        # Not enough rows: the last menus are dropped rather than breaking the message; a
        # renderer for the game should keep this from happening (the limits test checks it).
        choices.pop()
    max_buttons = (rows - len(choices)) * MAX_BUTTONS_PER_ROW
    return tuple(buttons[:max_buttons]), tuple(choices)


def embed_size(spec: EmbedSpec) -> int:
    """Characters Discord counts towards the 6,000 total of an embed."""
    return (
        len(spec.title)
        + len(spec.description)
        + len(spec.footer)
        + sum(len(f.name) + len(f.value) for f in spec.fields)
    )
