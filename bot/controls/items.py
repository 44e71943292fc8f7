"""The controls: every button and menu is a ``DynamicItem`` parsed from its custom_id.

Why: a ``discord.ui.View`` lives in memory and dies with the process, so its buttons stop
working after a restart. A dynamic item is matched by a regular expression over the custom_id
(registered once in ``setup_hook``; the format is :mod:`bot.controls.ids`), so a click finds its
handler whatever process receives it. The items hold no rules: each parses its id and calls the
table's or the lobby's operation directly, under :func:`bot.controls.answers.guarded`.

discord.py builds a dynamic item from its custom_id, so nothing can be handed to its
constructor: a click finds the bot's services on ``interaction.client``. The protocols below name
the few operations the controls call (``bot.client.TidewaterBot`` provides them, and
``bot.client.as_controls`` makes the type checker hold it to that), so this module depends on them
and not on the client, which imports it.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Callable, Sequence
from typing import Any, ClassVar, Protocol, cast

import discord
from discord import ui

from bot.controls.answers import UNKNOWN, checked, guarded, payload, refuse, reply
from bot.controls.ids import (
    ALERT,
    AWAY,
    AWAY_YES,
    BACK,
    EXPLAIN,
    HINT,
    KEEP,
    ON_HAND,
    PLAYED,
    REMATCH,
    TOP,
    VERB,
    act_id,
    choice_id,
    confirm_id,
    forget_id,
    hand_id,
    lobby_id,
    multi_id,
    nav_id,
    nav_select_id,
    redact_custom_id,
    table_id,
)
from bot.i18n import texts, translate
from bot.render import (
    MAX_LABEL,
    MAX_OPTION_DESCRIPTION,
    MAX_SELECT_OPTIONS,
    ActionSpec,
    ChoiceSpec,
    NavSpec,
    clip,
)
from bot.render.base import SnapshotWording
from bot.render.lobby import PACES, OptionMenu
from bot.sessions import NotAllowed
from games import IllegalAction
from games.text import messages

log = logging.getLogger(__name__)
_, _n = texts()
#: words other modules read (the AI levels): English with their id, translated where shown
msg, msg_n = messages("tidewater")

_STYLES = {
    "primary": discord.ButtonStyle.primary,
    "secondary": discord.ButtonStyle.secondary,
    "success": discord.ButtonStyle.success,
    "danger": discord.ButtonStyle.danger,
}


def known_custom_id(custom_id: str) -> bool:
    """Whether one of Tidewater's dynamic items serves ``custom_id``."""
    return any(item.__discord_ui_compiled_template__.fullmatch(custom_id) for item in DYNAMIC_ITEMS)


def on_message(message: discord.Message | None, custom_id: str, component_type: Any) -> bool:
    """Whether ``message`` carries a component with ``custom_id`` of ``component_type``
    (discord.py serves a dynamic item only then, and ignores any other click)."""
    if message is None:
        return False
    stack: list[Any] = list(message.components)
    while stack:
        component = stack.pop()
        if isinstance(component, discord.ActionRow):
            stack.extend(component.children)
        elif (
            isinstance(component, discord.Button | discord.SelectMenu)
            and component.custom_id == custom_id
            and component.type.value == component_type
        ):
            return True
    return False


#: the interaction types that discord.py hands to a handler of the bot (commands and their
#: autocomplete to the command tree, components to the dynamic items or :func:`answer_unknown`,
#: forms to ``Lobbies.on_modal``); any other type is answered here
ROUTED = frozenset(
    {
        discord.InteractionType.application_command,
        discord.InteractionType.autocomplete,
        discord.InteractionType.component,
        discord.InteractionType.modal_submit,
    }
)


async def answer_unknown(interaction: discord.Interaction) -> None:
    """Listener: a component click whose custom_id no item serves (forged, or from a version
    that drew other controls) gets a private answer instead of "This interaction failed"; so
    does an interaction of a type that nothing of the bot handles."""
    if interaction.type not in ROUTED:
        log.warning("an interaction of type %s that nothing handles", interaction.type)
        await refuse(interaction)
        return
    if interaction.type is not discord.InteractionType.component:
        return
    data = payload(interaction)
    custom_id = str(data.get("custom_id") or "")
    kind = data.get("component_type")
    if known_custom_id(custom_id) and on_message(interaction.message, custom_id, kind):
        return  # discord.py hands it to its item
    log.warning("click on an unknown control %s", redact_custom_id(custom_id))
    await reply(interaction, UNKNOWN)


class TableControls(Protocol):
    """The table operations a hand or table control starts (:class:`bot.table.Actions`)."""

    async def act(
        self, interaction: discord.Interaction, game_id: int, seat: int, version: int, code: str
    ) -> None: ...

    async def navigate(
        self, interaction: discord.Interaction, game_id: int, seat: int, version: int, focus: str
    ) -> None: ...

    async def open_hand(
        self, interaction: discord.Interaction, game_id: int, *, edit: bool = False
    ) -> None: ...

    async def back(
        self, interaction: discord.Interaction, game_id: int, *, edit: bool = False
    ) -> None: ...

    async def step_away(self, interaction: discord.Interaction, game_id: int) -> None: ...

    async def ask_step_away(self, interaction: discord.Interaction, game_id: int) -> None: ...

    async def hint(self, interaction: discord.Interaction, game_id: int) -> None: ...

    async def ask(
        self, interaction: discord.Interaction, game_id: int, seat: int, version: int, code: str
    ) -> None: ...

    async def show_snapshot(self, interaction: discord.Interaction, game_id: int) -> None: ...

    async def explain(self, interaction: discord.Interaction, game_id: int) -> None: ...
    async def alert_me(self, interaction: discord.Interaction, game_id: int) -> None: ...
    async def show_played(self, interaction: discord.Interaction, game_id: int) -> None: ...


class LobbyControls(Protocol):
    """The lobby operations a lobby control starts (:class:`bot.lobbies.Lobbies`)."""

    async def click(self, interaction: discord.Interaction, game_id: int, op: str) -> None: ...

    async def rematch(self, interaction: discord.Interaction, game_id: int) -> None: ...

    async def add_ai(self, interaction: discord.Interaction, game_id: int, level: str) -> None: ...

    async def set_pace(
        self, interaction: discord.Interaction, game_id: int, value: str
    ) -> None: ...

    async def option_menu(
        self, interaction: discord.Interaction, game_id: int, key: str
    ) -> None: ...

    async def option_value(
        self, interaction: discord.Interaction, game_id: int, key: str, value: str
    ) -> None: ...


class Forgetter(Protocol):
    """The privacy deletion behind **Delete my data** (the session manager's)."""

    async def forget_user(self, user_id: int, placeholder: str = ...) -> int: ...


class Controls(Protocol):
    """The services the controls reach through ``interaction.client``."""

    @property
    def actions(self) -> TableControls: ...

    @property
    def lobbies(self) -> LobbyControls: ...

    @property
    def manager(self) -> Forgetter: ...


def _bot(interaction: discord.Interaction) -> Controls:
    return cast(Controls, interaction.client)


def _button(spec: ActionSpec | NavSpec, custom_id: str) -> ui.Button[Any]:
    """A button as a renderer's spec describes it, its label clipped to Discord's limit."""
    return ui.Button(
        label=clip(spec.label, MAX_LABEL),
        emoji=spec.emoji,
        style=_STYLES.get(spec.style, discord.ButtonStyle.secondary),
        custom_id=custom_id,
    )


def _select(
    custom_id: str,
    placeholder: str,
    specs: list[ActionSpec],
    *,
    min_values: int = 1,
    max_values: int = 1,
) -> ui.Select[Any]:
    """A select menu of ``specs`` (see :func:`_options`), with optional min/max values."""
    return ui.Select(
        custom_id=custom_id,
        placeholder=clip(placeholder, 150),
        options=_options(specs),
        min_values=min_values,
        max_values=max_values,
    )


def _values(interaction: discord.Interaction) -> list[str]:
    """The options picked in a select menu interaction (none where a forged one sent no list)."""
    values = payload(interaction).get("values")
    return [str(v) for v in values] if isinstance(values, list) else []


def _picked(interaction: discord.Interaction) -> str:
    """The one option picked in a single-choice menu, or "" (which the lobby refuses)."""
    values = _values(interaction)
    return values[0] if values else ""


def _first(values: list[str]) -> str:
    if not values:
        raise IllegalAction(_("Pick one of the options."))
    return values[0]


class _OnHand:
    """Shared by the controls on a hand message: their id names the game, the seat the message
    was drawn for and the state version, and a click either applies an action or re-draws the
    hand at another focus, always under :func:`guarded`."""

    game_id: int
    seat: int
    version: int

    @staticmethod
    def where(match: re.Match[str]) -> tuple[int, int, int]:
        """Game, seat and version from a custom_id matched by a template using ``ON_HAND``."""
        return int(match["game"]), int(match["seat"]), int(match["version"])

    async def apply(self, interaction: discord.Interaction, code: Callable[[], str]) -> None:
        """Apply the action ``code()`` names (it may refuse with IllegalAction)."""
        actions = _bot(interaction).actions

        async def work() -> None:
            await actions.act(interaction, self.game_id, self.seat, self.version, code())

        await guarded(interaction, checked(self.game_id, work))

    async def refocus(self, interaction: discord.Interaction, focus: Callable[[], str]) -> None:
        """Re-draw the hand at the focus ``focus()`` names; applies no action."""
        actions = _bot(interaction).actions

        async def work() -> None:
            await actions.navigate(interaction, self.game_id, self.seat, self.version, focus())

        await guarded(interaction, checked(self.game_id, work))


class ActButton(
    _OnHand, ui.DynamicItem[ui.Button], template=r"g" + ON_HAND + r":(?P<code>[^\s]{1,70})"
):
    """One legal action on a hand message; the id names the seat it was drawn for."""

    def __init__(self, game_id: int, seat: int, version: int, spec: ActionSpec) -> None:
        self.game_id, self.seat, self.version, self.code = game_id, seat, version, spec.code
        super().__init__(_button(spec, act_id(game_id, seat, version, spec.code)))

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: ui.Item[Any], match: re.Match[str]
    ) -> ActButton:
        spec = ActionSpec(code=match["code"], label=getattr(item, "label", None) or "…")
        return cls(*cls.where(match), spec)

    async def callback(self, interaction: discord.Interaction) -> None:
        await self.apply(interaction, lambda: self.code)


class ConfirmButton(
    _OnHand, ui.DynamicItem[ui.Button], template=r"gc" + ON_HAND + r":(?P<code>[^\s]{1,70})"
):
    """A legal action that asks its question first (``ActionSpec.confirm``: a once-a-game
    card): the click re-draws the hand as the question, whose **Yes** is the action itself."""

    def __init__(self, game_id: int, seat: int, version: int, spec: ActionSpec) -> None:
        self.game_id, self.seat, self.version, self.code = game_id, seat, version, spec.code
        super().__init__(_button(spec, confirm_id(game_id, seat, version, spec.code)))

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: ui.Item[Any], match: re.Match[str]
    ) -> ConfirmButton:
        spec = ActionSpec(code=match["code"], label=getattr(item, "label", None) or "…")
        return cls(*cls.where(match), spec)

    async def callback(self, interaction: discord.Interaction) -> None:
        actions = _bot(interaction).actions

        async def work() -> None:
            await actions.ask(interaction, self.game_id, self.seat, self.version, self.code)

        await guarded(interaction, checked(self.game_id, work))


class ActSelect(
    _OnHand, ui.DynamicItem[ui.Select], template=r"gs" + ON_HAND + r":(?P<index>[0-9]{1,2})"
):
    """A menu of legal actions (option values are action codes)."""

    def __init__(
        self,
        game_id: int,
        seat: int,
        version: int,
        index: int,
        placeholder: str,
        options: list[ActionSpec],
    ) -> None:
        self.game_id, self.seat, self.version = game_id, seat, version
        super().__init__(_select(choice_id(game_id, seat, version, index), placeholder, options))

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: ui.Item[Any], match: re.Match[str]
    ) -> ActSelect:
        return cls(*cls.where(match), int(match["index"]), "", [])

    async def callback(self, interaction: discord.Interaction) -> None:
        values = _values(interaction)
        await self.apply(interaction, lambda: _first(values))


def _options(specs: list[ActionSpec]) -> list[discord.SelectOption]:
    return [
        discord.SelectOption(
            label=clip(o.label, 100),
            value=o.code,
            emoji=o.emoji,
            description=clip(o.description, MAX_OPTION_DESCRIPTION) or None,
        )
        for o in specs
    ] or [discord.SelectOption(label="…", value="-")]


class ActMultiSelect(
    _OnHand,
    ui.DynamicItem[ui.Select],
    template=r"gm" + ON_HAND + r":(?P<index>[0-9]{1,2}):(?P<verb>[A-Za-z0-9_.+-]{1,40})",
):
    """A menu picking several options as ONE action ``verb:a,b,c`` (guide: multi-value
    choices). The option order comes from the message itself, so it survives a restart."""

    def __init__(
        self, game_id: int, seat: int, version: int, index: int, choice: ChoiceSpec
    ) -> None:
        if not VERB.fullmatch(choice.verb):
            raise ValueError(f"a multi-value menu needs a plain verb, not {choice.verb!r}")
        self.game_id, self.seat, self.version, self.verb = game_id, seat, version, choice.verb
        self.order = [a.code for a in choice.actions]
        high = max(1, min(choice.max_values, len(choice.actions), MAX_SELECT_OPTIONS))
        low = max(0, min(choice.min_values, high))
        self.low, self.high = low, high
        custom_id = multi_id(game_id, seat, version, index, choice.verb)
        options = list(choice.actions)
        super().__init__(
            _select(custom_id, choice.placeholder, options, min_values=low, max_values=high)
        )

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: ui.Item[Any], match: re.Match[str]
    ) -> ActMultiSelect:
        options = getattr(item, "options", None) or []
        choice = ChoiceSpec(
            placeholder=getattr(item, "placeholder", None) or "",
            actions=tuple(ActionSpec(code=o.value, label=o.label) for o in options),
            min_values=getattr(item, "min_values", 1),
            max_values=getattr(item, "max_values", 1),
            verb=match["verb"],
        )
        return cls(*cls.where(match), int(match["index"]), choice)

    def code(self, values: list[str]) -> str:
        """``verb:a,b,c`` with the chosen options in the menu's order; refuses unknown ones."""
        chosen = set(values)
        if not chosen <= set(self.order):
            raise IllegalAction(_("That option is no longer on this menu: open My hand again."))
        if not self.low <= len(chosen) <= self.high:
            if self.low == self.high:
                raise IllegalAction(_("Pick {count} of the options.", count=self.low))
            raise IllegalAction(
                _("Pick {low} to {high} of the options.", low=self.low, high=self.high)
            )
        return f"{self.verb}:{','.join(c for c in self.order if c in chosen)}"

    async def callback(self, interaction: discord.Interaction) -> None:
        values = _values(interaction)
        await self.apply(interaction, lambda: self.code(values))


class NavButton(
    _OnHand,
    ui.DynamicItem[ui.Button],
    template=r"gn" + ON_HAND + r":(?P<focus>[A-Za-z0-9@._:+-]{0,40})",
):
    """A focus change on a hand message: re-draws it, applies no action (guide: focus
    navigation). The id carries the focus, so the click works after a restart."""

    def __init__(self, game_id: int, seat: int, version: int, spec: NavSpec) -> None:
        self.game_id, self.seat, self.version, self.focus = game_id, seat, version, spec.focus
        super().__init__(_button(spec, nav_id(game_id, seat, version, spec.focus)))

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: ui.Item[Any], match: re.Match[str]
    ) -> NavButton:
        spec = NavSpec(focus=match["focus"], label=getattr(item, "label", None) or "…")
        return cls(*cls.where(match), spec)

    async def callback(self, interaction: discord.Interaction) -> None:
        await self.refocus(interaction, lambda: self.focus)


class NavSelect(_OnHand, ui.DynamicItem[ui.Select], template=r"gv" + ON_HAND):
    """The navs as one menu, when they do not fit as buttons (option values are focuses)."""

    def __init__(
        self, game_id: int, seat: int, version: int, placeholder: str, navs: list[NavSpec]
    ) -> None:
        self.game_id, self.seat, self.version = game_id, seat, version
        options = [
            ActionSpec(n.focus or TOP, n.label, n.emoji, n.style, n.description) for n in navs
        ]
        super().__init__(_select(nav_select_id(game_id, seat, version), placeholder, options))

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: ui.Item[Any], match: re.Match[str]
    ) -> NavSelect:
        return cls(*cls.where(match), "", [])

    async def callback(self, interaction: discord.Interaction) -> None:
        values = _values(interaction)

        def focus() -> str:
            value = _first(values)
            return "" if value == TOP else value

        await self.refocus(interaction, focus)


class TableButton(
    ui.DynamicItem[ui.Button], template=r"t:(?P<game>[0-9]{1,19}):(?P<what>[a-z]{1,12})"
):
    """Buttons on the public table: **My hand**, **I'm back** while a seat is away (its person
    takes it back from the AI), and a shining snapshot for the allowed seats (its label is the
    game's renderer's, see ``SnapshotWording``)."""

    def __init__(self, game_id: int, what: str, wording: SnapshotWording | None = None) -> None:
        self.game_id, self.what = game_id, what
        if what == "hand":
            label, style, emoji = _("My hand"), discord.ButtonStyle.primary, "🃏"
        elif what == BACK:
            label, style, emoji = _("I'm back"), discord.ButtonStyle.success, "👋"
        elif what == REMATCH:
            label, style, emoji = _("Rematch"), discord.ButtonStyle.primary, "🔁"
        else:
            wording = wording or SnapshotWording()
            label, style, emoji = (
                translate(wording.button),
                discord.ButtonStyle.secondary,
                wording.emoji,
            )
        super().__init__(
            ui.Button(label=label, style=style, emoji=emoji, custom_id=table_id(game_id, what))
        )

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: ui.Item[Any], match: re.Match[str]
    ) -> TableButton:
        return cls(int(match["game"]), match["what"])

    async def callback(self, interaction: discord.Interaction) -> None:
        actions = _bot(interaction).actions
        if self.what == "hand":
            work = lambda: actions.open_hand(interaction, self.game_id)  # noqa: E731
        elif self.what == BACK:
            work = lambda: actions.back(interaction, self.game_id)  # noqa: E731
        elif self.what == REMATCH:
            lobbies = _bot(interaction).lobbies
            work = lambda: lobbies.rematch(interaction, self.game_id)  # noqa: E731
        else:
            work = lambda: actions.show_snapshot(interaction, self.game_id)  # noqa: E731
        await guarded(interaction, checked(self.game_id, work))


class HandRefresh(
    ui.DynamicItem[ui.Button], template=r"h:(?P<game>[0-9]{1,19}):(?P<what>[a-z]{1,12})"
):
    """Controls on a hand message that are not game actions (refresh, a shining snapshot,
    **Step away** and the answers to its question, **💡 Hint**, **Played**)."""

    def __init__(
        self,
        game_id: int,
        what: str,
        wording: SnapshotWording | None = None,
        played: tuple[str, str] | None = None,
    ) -> None:
        self.game_id, self.what = game_id, what
        if what == PLAYED:  # the game's label (a click is served the same whatever it says)
            label, emoji = played or (_("Played"), "📜")
            label = translate(label)  # the game's own label, as a message
        elif what == "refresh":
            label, emoji = _("Refresh"), "🔄"
        elif what == BACK:
            label, emoji = _("I'm back"), "👋"
        elif what == AWAY:
            label, emoji = _("Step away"), "💤"
        elif what == AWAY_YES:
            label, emoji = _("Yes, step away"), "💤"
        elif what == KEEP:
            label, emoji = _("Cancel"), None
        elif what == EXPLAIN:
            label, emoji = _("Explain"), "❓"
        elif what == ALERT:
            label, emoji = _("Alert me"), "🔔"
        elif what == HINT:
            label, emoji = _("Hint"), "💡"
        else:
            wording = wording or SnapshotWording()
            label, emoji = translate(wording.button), wording.emoji
        super().__init__(ui.Button(label=label, emoji=emoji, custom_id=hand_id(game_id, what)))

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: ui.Item[Any], match: re.Match[str]
    ) -> HandRefresh:
        return cls(int(match["game"]), match["what"])

    async def callback(self, interaction: discord.Interaction) -> None:
        actions = _bot(interaction).actions
        if self.what in ("refresh", KEEP):
            work = lambda: actions.open_hand(interaction, self.game_id, edit=True)  # noqa: E731
        elif self.what == BACK:
            work = lambda: actions.back(interaction, self.game_id, edit=True)  # noqa: E731
        elif self.what == AWAY:  # a question first: the AI would play the seat at once
            work = lambda: actions.ask_step_away(interaction, self.game_id)  # noqa: E731
        elif self.what == AWAY_YES:
            work = lambda: actions.step_away(interaction, self.game_id)  # noqa: E731
        elif self.what == EXPLAIN:  # this decision, privately, in a new message
            work = lambda: actions.explain(interaction, self.game_id)  # noqa: E731
        elif self.what == ALERT:
            work = lambda: actions.alert_me(interaction, self.game_id)  # noqa: E731
        elif self.what == HINT:  # answered at once, then edited when the AI has the move
            work = lambda: actions.hint(interaction, self.game_id)  # noqa: E731
        elif self.what == PLAYED:
            work = lambda: actions.show_played(interaction, self.game_id)  # noqa: E731
        else:
            work = lambda: actions.show_snapshot(interaction, self.game_id)  # noqa: E731
        await guarded(interaction, checked(self.game_id, work))


class LobbyButton(
    ui.DynamicItem[ui.Button],
    template=r"l:(?P<game>[0-9]{1,19}):(?P<op>join|leave|ai|start|cancel|options|hints)",
):
    """The lobby's buttons (labels fixed by CONTRACT §2, in English; a server in another
    language reads them in its own)."""

    LABELS: ClassVar[dict[str, tuple[str, discord.ButtonStyle]]] = {
        "join": (msg("Join"), discord.ButtonStyle.success),
        "leave": (msg("Leave"), discord.ButtonStyle.secondary),
        "ai": (msg("Add AI"), discord.ButtonStyle.secondary),
        "start": (msg("Start"), discord.ButtonStyle.primary),
        "cancel": (msg("Cancel"), discord.ButtonStyle.danger),
        "options": (msg("Options"), discord.ButtonStyle.secondary),
        "hints": (msg("Hints: off"), discord.ButtonStyle.secondary),
    }

    def __init__(self, game_id: int, op: str, *, on: bool = False) -> None:
        """``on``: the hints toggle's state, which its label shows (a click flips it)."""
        self.game_id, self.op = game_id, op
        label, style = translate(self.LABELS[op][0]), self.LABELS[op][1]
        emoji = None
        if op == "hints":
            label, emoji = (_("Hints: on") if on else _("Hints: off")), "💡"
        super().__init__(
            ui.Button(label=label, style=style, emoji=emoji, custom_id=lobby_id(game_id, op))
        )

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: ui.Item[Any], match: re.Match[str]
    ) -> LobbyButton:
        return cls(int(match["game"]), match["op"])

    async def callback(self, interaction: discord.Interaction) -> None:
        lobbies = _bot(interaction).lobbies
        work = lambda: lobbies.click(interaction, self.game_id, self.op)  # noqa: E731
        await guarded(interaction, checked(self.game_id, work))


#: how the lobby's level menu words each AI level (a level a game lacks is not offered)
#: (English with its id: ``translate`` where shown)
LEVEL_LABELS: dict[str, tuple[str, str]] = {
    "easy": (msg("Easy AI"), msg("Plays by feel and makes mistakes: good for learning.")),
    "normal": (msg("Normal AI"), msg("Plays like a sound club player.")),
    "strong": (msg("Strong AI"), msg("Thinks ahead over many possible deals; takes a moment.")),
}


class LobbyLevel(ui.DynamicItem[ui.Select], template=r"l:(?P<game>[0-9]{1,19}):level"):
    """The lobby's "add an AI of this level" menu, beside **Add AI** (which seats the server's
    default level)."""

    def __init__(self, game_id: int, levels: tuple[str, ...] = tuple(LEVEL_LABELS)) -> None:
        self.game_id = game_id
        options = [
            discord.SelectOption(
                label=translate(LEVEL_LABELS[lv][0]),
                value=lv,
                description=translate(LEVEL_LABELS[lv][1]),
            )
            for lv in levels
            if lv in LEVEL_LABELS
        ] or [discord.SelectOption(label="AI", value="random")]
        super().__init__(
            ui.Select(
                custom_id=f"l:{game_id}:level",
                placeholder=_("Add an AI player of a chosen level…"),
                options=options,
                row=2,
            )
        )

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: ui.Item[Any], match: re.Match[str]
    ) -> LobbyLevel:
        return cls(int(match["game"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        level = _picked(interaction)
        lobbies = _bot(interaction).lobbies
        work = lambda: lobbies.add_ai(interaction, self.game_id, level)  # noqa: E731
        await guarded(interaction, checked(self.game_id, work))


class LobbyPace(ui.DynamicItem[ui.Select], template=r"l:(?P<game>[0-9]{1,19}):pace"):
    """The lobby's turn-clock menu (host only): how long each person has per move before an
    AI plays it for them."""

    def __init__(self, game_id: int) -> None:
        self.game_id = game_id
        options = [
            discord.SelectOption(label=translate(lb), value=v, description=translate(d))
            for v, lb, d in PACES
        ]
        super().__init__(
            ui.Select(
                custom_id=f"l:{game_id}:pace",
                placeholder=_("Turn clock: how long a move may take…"),
                options=options,
                row=3,
            )
        )

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: ui.Item[Any], match: re.Match[str]
    ) -> LobbyPace:
        return cls(int(match["game"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        value = _picked(interaction)
        lobbies = _bot(interaction).lobbies
        work = lambda: lobbies.set_pace(interaction, self.game_id, value)  # noqa: E731
        await guarded(interaction, checked(self.game_id, work))


class LobbyOption(ui.DynamicItem[ui.Select], template=r"l:(?P<game>[0-9]{1,19}):opt"):
    """The lobby's option menu (host only): pick an option, then its value from a private menu
    (:class:`OptionValue`); the free-text **Options** form stays as the advanced path."""

    def __init__(self, game_id: int, menus: Sequence[OptionMenu] = ()) -> None:
        self.game_id = game_id
        options = [
            discord.SelectOption(
                label=m.label[:100], value=m.key, description=m.description or None
            )
            for m in menus[:MAX_SELECT_OPTIONS]
        ] or [discord.SelectOption(label=_("Options"), value="-")]
        super().__init__(
            ui.Select(
                custom_id=f"l:{game_id}:opt",
                placeholder=_("Change a table option…"),
                options=options,
                row=4,
            )
        )

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: ui.Item[Any], match: re.Match[str]
    ) -> LobbyOption:
        return cls(int(match["game"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        key = _picked(interaction)
        lobbies = _bot(interaction).lobbies
        work = lambda: lobbies.option_menu(interaction, self.game_id, key)  # noqa: E731
        await guarded(interaction, checked(self.game_id, work))


class OptionValue(
    ui.DynamicItem[ui.Select],
    template=r"lv:(?P<game>[0-9]{1,19}):(?P<key>[A-Za-z0-9_]{1,60})",
):
    """The private menu of one option's values; picking one saves it on the lobby."""

    def __init__(
        self, game_id: int, key: str, menu: OptionMenu | None = None, now: str = ""
    ) -> None:
        self.game_id, self.key = game_id, key
        options = [
            discord.SelectOption(label=label[:100], value=value[:100], default=value == now)
            for value, label in (menu.choices if menu else ())
        ] or [discord.SelectOption(label="?", value="null")]
        super().__init__(
            ui.Select(custom_id=f"lv:{game_id}:{key}", placeholder="Pick a value…", options=options)
        )

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: ui.Item[Any], match: re.Match[str]
    ) -> OptionValue:
        return cls(int(match["game"]), match["key"])

    async def callback(self, interaction: discord.Interaction) -> None:
        value = _picked(interaction)
        lobbies = _bot(interaction).lobbies
        work = lambda: lobbies.option_value(interaction, self.game_id, self.key, value)  # noqa: E731
        await guarded(interaction, checked(self.game_id, work))


class ForgetButton(ui.DynamicItem[ui.Button], template=r"p:(?P<user>[0-9]{1,19}):forget"):
    """``/privacy delete``'s confirmation: only the person it names may press it, and pressing
    deletes their standings and replaces their name in finished games."""

    def __init__(self, user_id: int) -> None:
        self.user_id = user_id
        super().__init__(
            ui.Button(
                label=_("Delete my data"),
                style=discord.ButtonStyle.danger,
                custom_id=forget_id(user_id),
            )
        )

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: ui.Item[Any], match: re.Match[str]
    ) -> ForgetButton:
        return cls(int(match["user"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        async def work() -> None:
            if interaction.user.id != self.user_id:
                raise NotAllowed(_("This button deletes someone else's data: it is not yours."))
            games = await _bot(interaction).manager.forget_user(self.user_id)
            await interaction.response.edit_message(
                content=_(
                    "Done: your games, wins and ratings are deleted, and your name is replaced "
                    "in {games} finished or open game(s). The games stay replayable.",
                    games=games,
                ),
                view=None,
            )

        await guarded(interaction, work)


DYNAMIC_ITEMS: tuple[type[ui.DynamicItem[Any]], ...] = (
    ForgetButton,
    ActButton,
    ConfirmButton,
    ActSelect,
    ActMultiSelect,
    NavButton,
    NavSelect,
    TableButton,
    HandRefresh,
    LobbyButton,
    LobbyLevel,
    LobbyPace,
    LobbyOption,
    OptionValue,
)
