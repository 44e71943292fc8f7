"""Restart-safe components: every button and menu is a ``DynamicItem`` parsed from its custom_id.

Why: a ``discord.ui.View`` lives in memory and dies with the process, so its buttons stop
working after a restart. A DynamicItem is matched by a regular expression over the custom_id
(registered once in ``setup_hook``), and the id carries all it needs: the game id, the state
version the control was drawn for, and the action code (``g:<id>:v<version>:<code>``). These
classes only parse ids and delegate to :mod:`bot.table`; they hold no rules.

discord.py only logs exceptions raised in a dynamic item's callback, so every callback runs
under :func:`guarded`, which answers the user with a readable ephemeral line whatever happens.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Awaitable, Callable, Mapping, Sequence
from typing import Any, ClassVar, Protocol, cast

import discord
from discord import ui

from bot.render import (
    MAX_BUTTONS_PER_ROW,
    MAX_CUSTOM_ID,
    MAX_LABEL,
    MAX_OPTION_DESCRIPTION,
    MAX_ROWS,
    MAX_SELECT_OPTIONS,
    ActionSpec,
    ChoiceSpec,
    EmbedSpec,
    HandSpec,
    NavSpec,
    clip,
)
from bot.render.base import SnapshotWording
from bot.render.lobby import PACES, OptionMenu
from bot.sessions import GameNotFound, NotAllowed, SessionError
from games import BadOptions, IllegalAction

log = logging.getLogger(__name__)

OOPS = "Something went wrong on our side and nothing was changed. Please try again."
#: Discord refused a request while a click was handled (an outage, a permission taken away, an
#: answer too late): the move may already be saved, so "nothing was changed" would be untrue
REFUSED = (
    "Discord did not take my answer just now, so I cannot tell you here how that went: what "
    "you did may already be saved. The table, or /hand, shows where things stand."
)
UNKNOWN = (
    "This control is not one Tidewater knows (it may be from an older version): nothing was "
    "changed. Use /hand to open your hand again."
)
#: an interaction the bot cannot read or route at all (not a control, command or form it knows)
UNREADABLE = (
    "Tidewater could not make sense of that request, so nothing was changed. Use the buttons "
    "on the table or a slash command such as /hand."
)
#: SQLite's INTEGER is a signed 64-bit number: a larger id in a forged custom_id names no game
MAX_ID = 2**63 - 1

_STYLES = {
    "primary": discord.ButtonStyle.primary,
    "secondary": discord.ButtonStyle.secondary,
    "success": discord.ButtonStyle.success,
    "danger": discord.ButtonStyle.danger,
}


def discord_refused(exc: discord.HTTPException, what: str) -> None:
    """Log a request Discord refused. An outage (5xx once discord.py's own retries are spent),
    a permission taken away, something deleted or an answer too late is Discord's side or a
    moderator's, not a fault of the bot: one warning line. Anything else (a 400: a request
    the bot got wrong) is a bug, logged with its traceback."""
    if exc.status >= 500 or exc.status in (401, 403, 404, 429):
        log.warning("Discord refused %s: %s %s", what, exc.status, exc.text or exc.code)
    else:
        log.error("Discord refused %s", what, exc_info=exc)


async def reply(interaction: discord.Interaction, text: str) -> None:
    """Answer privately, whether or not the interaction was already answered or deferred."""
    text = clip(text, 2000)
    try:
        if interaction.response.is_done():
            await interaction.followup.send(text, ephemeral=True)
        else:
            await interaction.response.send_message(text, ephemeral=True)
    except discord.HTTPException as exc:
        discord_refused(exc, f"the answer to interaction {interaction.id}")


async def refuse(interaction: discord.Interaction, text: str = UNREADABLE) -> None:
    """Answer any interaction, of whatever type, with ``text`` (a "nothing was changed" line).

    Why not :func:`reply` alone: an autocomplete can only be answered with choices (none, here),
    and a message answer to it would be refused; every other type takes a private message."""
    if interaction.type is discord.InteractionType.autocomplete:
        try:
            if not interaction.response.is_done():
                await interaction.response.autocomplete([])
        except discord.HTTPException as exc:
            discord_refused(exc, f"the answer to interaction {interaction.id}")
        return
    await reply(interaction, text)


async def guarded(interaction: discord.Interaction, work: Callable[[], Awaitable[None]]) -> None:
    """Run ``work``; refusals become their readable message, anything else a polite line."""
    try:
        await work()
    except (SessionError, IllegalAction, BadOptions) as exc:
        await reply(interaction, str(exc))
    except discord.HTTPException as exc:
        discord_refused(exc, f"a request of interaction {what_was_used(interaction)}")
        await reply(interaction, REFUSED)
    except Exception:
        log.exception("interaction %s failed", what_was_used(interaction))
        await reply(interaction, OOPS)


def what_was_used(interaction: discord.Interaction) -> str:
    """The control or command of an interaction, for a log line (a game's code redacted)."""
    data = payload(interaction)
    return redact_custom_id(str(data.get("custom_id") or data.get("name") or ""))


def payload(interaction: discord.Interaction) -> Mapping[str, Any]:
    """The interaction's ``data`` object, or an empty one where a forged frame put something
    else (discord.py passes it on as it came)."""
    data = interaction.data
    return data if isinstance(data, Mapping) else {}


def checked(game_id: int, work: Callable[[], Awaitable[None]]) -> Callable[[], Awaitable[None]]:
    """``work``, refused readably when ``game_id`` cannot name a game (out of SQLite's range)."""

    async def run() -> None:
        if not 0 < game_id <= MAX_ID:
            raise GameNotFound(f"There is no game #{game_id}.")
        await work()

    return run


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


_ID_HEAD = re.compile(r"^[a-z]+:[0-9]+(?::s[0-9]+:v[0-9]+)?")


def redact_custom_id(custom_id: str) -> str:
    """The custom_id up to its game, seat and version: the action code or focus after them can
    name a card from a hand (a discard, a card to play), which must not reach the logs."""
    head = _ID_HEAD.match(custom_id)
    if head is None:
        return custom_id if ":" not in custom_id else "<component>"
    return head.group(0) + (":…" if len(head.group(0)) < len(custom_id) else "")


def to_embed(spec: EmbedSpec) -> discord.Embed:
    embed = discord.Embed(title=spec.title, description=spec.description or None, color=spec.color)
    for f in spec.fields:
        embed.add_field(name=f.name, value=f.value, inline=f.inline)
    if spec.footer:
        embed.set_footer(text=spec.footer)
    return embed


# ---- what a click is handed to ---------------------------------------------------------------
#
# discord.py builds a dynamic item from its custom_id, so nothing can be passed to its
# constructor: a click finds the bot's services on ``interaction.client``. These protocols name
# the few operations the controls call (``bot.client.TidewaterBot`` provides them, and
# ``bot.client.controls`` makes the type checker hold it to that), so this module depends on
# them and not on the client, which imports it.


class TableControls(Protocol):
    """The table operations a hand or table control starts (:class:`bot.table.Tables`)."""

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

    async def show_snapshot(self, interaction: discord.Interaction, game_id: int) -> None: ...


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
    def tables(self) -> TableControls: ...

    @property
    def lobbies(self) -> LobbyControls: ...

    @property
    def manager(self) -> Forgetter: ...


def _bot(interaction: discord.Interaction) -> Controls:
    return cast(Controls, interaction.client)


# ---- custom ids ------------------------------------------------------------------------------


def act_id(game_id: int, seat: int, version: int, code: str) -> str:
    custom_id = f"g:{game_id}:s{seat}:v{version}:{code}"
    if len(custom_id) > MAX_CUSTOM_ID:
        raise ValueError(f"custom_id too long: {custom_id!r}")
    return custom_id


def choice_id(game_id: int, seat: int, version: int, index: int) -> str:
    return f"gs:{game_id}:s{seat}:v{version}:{index}"


def multi_id(game_id: int, seat: int, version: int, index: int, verb: str) -> str:
    return f"gm:{game_id}:s{seat}:v{version}:{index}:{verb}"


def nav_id(game_id: int, seat: int, version: int, focus: str) -> str:
    return f"gn:{game_id}:s{seat}:v{version}:{focus}"


def nav_select_id(game_id: int, seat: int, version: int) -> str:
    return f"gv:{game_id}:s{seat}:v{version}"


#: the verb of a multi-value menu travels in its custom_id
VERB = re.compile(r"[A-Za-z0-9_.+-]{1,40}")

#: a nav select's option value for "back to the top level" (an option value cannot be empty)
TOP = "~"


def table_id(game_id: int, what: str) -> str:
    return f"t:{game_id}:{what}"


def lobby_id(game_id: int, op: str) -> str:
    return f"l:{game_id}:{op}"


#: what every hand-message id carries after its prefix: ``:<game>:s<seat>:v<version>``
_ON_HAND = r":(?P<game>[0-9]{1,19}):s(?P<seat>[0-9]{1,2}):v(?P<version>[0-9]{1,9})"


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
        raise IllegalAction("Pick one of the options.")
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
        """Game, seat and version from a custom_id matched by a template using ``_ON_HAND``."""
        return int(match["game"]), int(match["seat"]), int(match["version"])

    async def apply(self, interaction: discord.Interaction, code: Callable[[], str]) -> None:
        """Apply the action ``code()`` names (it may refuse with IllegalAction)."""
        tables = _bot(interaction).tables

        async def work() -> None:
            await tables.act(interaction, self.game_id, self.seat, self.version, code())

        await guarded(interaction, checked(self.game_id, work))

    async def refocus(self, interaction: discord.Interaction, focus: Callable[[], str]) -> None:
        """Re-draw the hand at the focus ``focus()`` names; applies no action."""
        tables = _bot(interaction).tables

        async def work() -> None:
            await tables.navigate(interaction, self.game_id, self.seat, self.version, focus())

        await guarded(interaction, checked(self.game_id, work))


class ActButton(
    _OnHand, ui.DynamicItem[ui.Button], template=r"g" + _ON_HAND + r":(?P<code>[^\s]{1,70})"
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


class ActSelect(
    _OnHand, ui.DynamicItem[ui.Select], template=r"gs" + _ON_HAND + r":(?P<index>[0-9]{1,2})"
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
    template=r"gm" + _ON_HAND + r":(?P<index>[0-9]{1,2}):(?P<verb>[A-Za-z0-9_.+-]{1,40})",
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
            raise IllegalAction("That option is no longer on this menu: open My hand again.")
        if not self.low <= len(chosen) <= self.high:
            count = str(self.low) if self.low == self.high else f"{self.low} to {self.high}"
            raise IllegalAction(f"Pick {count} of the options.")
        return f"{self.verb}:{','.join(c for c in self.order if c in chosen)}"

    async def callback(self, interaction: discord.Interaction) -> None:
        values = _values(interaction)
        await self.apply(interaction, lambda: self.code(values))


class NavButton(
    _OnHand,
    ui.DynamicItem[ui.Button],
    template=r"gn" + _ON_HAND + r":(?P<focus>[A-Za-z0-9@._:+-]{0,40})",
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


class NavSelect(_OnHand, ui.DynamicItem[ui.Select], template=r"gv" + _ON_HAND):
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


#: the custom_id word of the snapshot buttons; any other word but ``hand``/``refresh`` (a game's
#: older id, e.g. on a message sent before snapshots were generic) is served the same way
SNAP = "snap"
#: the custom_id word of the table's **I'm back** button
BACK = "back"
#: the custom_id word of a finished table's **Rematch** button
REMATCH = "rematch"
#: the custom_id word of a live hand's **Step away** button (the AI plays until I'm back)
AWAY = "away"


class TableButton(
    ui.DynamicItem[ui.Button], template=r"t:(?P<game>[0-9]{1,19}):(?P<what>[a-z]{1,12})"
):
    """Buttons on the public table: **My hand**, **I'm back** while a seat is away (its person
    takes it back from the AI), and a shining snapshot for the allowed seats (its label is the
    game's renderer's, see ``SnapshotWording``)."""

    def __init__(self, game_id: int, what: str, wording: SnapshotWording | None = None) -> None:
        self.game_id, self.what = game_id, what
        if what == "hand":
            label, style, emoji = "My hand", discord.ButtonStyle.primary, "🃏"
        elif what == BACK:
            label, style, emoji = "I'm back", discord.ButtonStyle.success, "👋"
        elif what == REMATCH:
            label, style, emoji = "Rematch", discord.ButtonStyle.primary, "🔁"
        else:
            wording = wording or SnapshotWording()
            label, style, emoji = wording.button, discord.ButtonStyle.secondary, wording.emoji
        super().__init__(
            ui.Button(label=label, style=style, emoji=emoji, custom_id=table_id(game_id, what))
        )

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: ui.Item[Any], match: re.Match[str]
    ) -> TableButton:
        return cls(int(match["game"]), match["what"])

    async def callback(self, interaction: discord.Interaction) -> None:
        tables = _bot(interaction).tables
        if self.what == "hand":
            work = lambda: tables.open_hand(interaction, self.game_id)  # noqa: E731
        elif self.what == BACK:
            work = lambda: tables.back(interaction, self.game_id)  # noqa: E731
        elif self.what == REMATCH:
            lobbies = _bot(interaction).lobbies
            work = lambda: lobbies.rematch(interaction, self.game_id)  # noqa: E731
        else:
            work = lambda: tables.show_snapshot(interaction, self.game_id)  # noqa: E731
        await guarded(interaction, checked(self.game_id, work))


class HandRefresh(
    ui.DynamicItem[ui.Button], template=r"h:(?P<game>[0-9]{1,19}):(?P<what>[a-z]{1,12})"
):
    """Controls on a hand message that are not game actions (refresh, a shining snapshot)."""

    def __init__(self, game_id: int, what: str, wording: SnapshotWording | None = None) -> None:
        self.game_id, self.what = game_id, what
        if what == "refresh":
            label, emoji = "Refresh", "🔄"
        elif what == BACK:
            label, emoji = "I'm back", "👋"
        elif what == AWAY:
            label, emoji = "Step away", "💤"
        else:
            wording = wording or SnapshotWording()
            label, emoji = wording.button, wording.emoji
        super().__init__(ui.Button(label=label, emoji=emoji, custom_id=f"h:{game_id}:{what}"))

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: ui.Item[Any], match: re.Match[str]
    ) -> HandRefresh:
        return cls(int(match["game"]), match["what"])

    async def callback(self, interaction: discord.Interaction) -> None:
        tables = _bot(interaction).tables
        if self.what == "refresh":
            work = lambda: tables.open_hand(interaction, self.game_id, edit=True)  # noqa: E731
        elif self.what == BACK:
            work = lambda: tables.back(interaction, self.game_id, edit=True)  # noqa: E731
        elif self.what == AWAY:
            work = lambda: tables.step_away(interaction, self.game_id)  # noqa: E731
        else:
            work = lambda: tables.show_snapshot(interaction, self.game_id)  # noqa: E731
        await guarded(interaction, checked(self.game_id, work))


class LobbyButton(
    ui.DynamicItem[ui.Button],
    template=r"l:(?P<game>[0-9]{1,19}):(?P<op>join|leave|ai|start|cancel|options)",
):
    """The lobby's buttons (labels fixed by CONTRACT §2)."""

    LABELS: ClassVar[dict[str, tuple[str, discord.ButtonStyle]]] = {
        "join": ("Join", discord.ButtonStyle.success),
        "leave": ("Leave", discord.ButtonStyle.secondary),
        "ai": ("Add AI", discord.ButtonStyle.secondary),
        "start": ("Start", discord.ButtonStyle.primary),
        "cancel": ("Cancel", discord.ButtonStyle.danger),
        "options": ("Options", discord.ButtonStyle.secondary),
    }

    def __init__(self, game_id: int, op: str) -> None:
        self.game_id, self.op = game_id, op
        label, style = self.LABELS[op]
        super().__init__(ui.Button(label=label, style=style, custom_id=lobby_id(game_id, op)))

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
LEVEL_LABELS: dict[str, tuple[str, str]] = {
    "easy": ("Easy AI", "Plays by feel and makes mistakes: good for learning."),
    "normal": ("Normal AI", "Plays like a sound club player."),
    "strong": ("Strong AI", "Thinks ahead over many possible deals; takes a moment."),
}


class LobbyLevel(ui.DynamicItem[ui.Select], template=r"l:(?P<game>[0-9]{1,19}):level"):
    """The lobby's "add an AI of this level" menu, beside **Add AI** (which seats the server's
    default level)."""

    def __init__(self, game_id: int, levels: tuple[str, ...] = tuple(LEVEL_LABELS)) -> None:
        self.game_id = game_id
        options = [
            discord.SelectOption(
                label=LEVEL_LABELS[lv][0], value=lv, description=LEVEL_LABELS[lv][1]
            )
            for lv in levels
            if lv in LEVEL_LABELS
        ] or [discord.SelectOption(label="AI", value="random")]
        super().__init__(
            ui.Select(
                custom_id=f"l:{game_id}:level",
                placeholder="Add an AI player of a chosen level…",
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
        options = [discord.SelectOption(label=lb, value=v, description=d) for v, lb, d in PACES]
        super().__init__(
            ui.Select(
                custom_id=f"l:{game_id}:pace",
                placeholder="Turn clock: how long a move may take…",
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
        ] or [discord.SelectOption(label="Options", value="-")]
        super().__init__(
            ui.Select(
                custom_id=f"l:{game_id}:opt",
                placeholder="Change a table option…",
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


def option_value_view(game_id: int, menu: OptionMenu, now: str) -> ui.View:
    view = ui.View(timeout=None)
    view.add_item(OptionValue(game_id, menu.key, menu, now))
    view.stop()  # served by the dynamic item; nothing kept in discord.py's view store
    return view


class ForgetButton(ui.DynamicItem[ui.Button], template=r"p:(?P<user>[0-9]{1,19}):forget"):
    """``/privacy delete``'s confirmation: only the person it names may press it, and pressing
    deletes their standings and replaces their name in finished games."""

    def __init__(self, user_id: int) -> None:
        self.user_id = user_id
        super().__init__(
            ui.Button(
                label="Delete my data",
                style=discord.ButtonStyle.danger,
                custom_id=f"p:{user_id}:forget",
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
                raise NotAllowed("This button deletes someone else's data: it is not yours.")
            games = await _bot(interaction).manager.forget_user(self.user_id)
            await interaction.response.edit_message(
                content=(
                    "Done: your games, wins and ratings are deleted, and your name is replaced "
                    f"in {games} finished or open game(s). The games stay replayable."
                ),
                view=None,
            )

        await guarded(interaction, work)


def privacy_view(user_id: int) -> ui.View:
    view = ui.View(timeout=None)
    view.add_item(ForgetButton(user_id))
    view.stop()  # served by the dynamic item; see hand_view
    return view


DYNAMIC_ITEMS: tuple[type[ui.DynamicItem[Any]], ...] = (
    ForgetButton,
    ActButton,
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


def nav_rows(spec: HandSpec) -> tuple[int, bool]:
    """Rows the navs take and whether they are buttons: buttons when they fit beside the
    action buttons and menus in five rows, else one menu (guide: focus navigation)."""
    if not spec.navs:
        return 0, True
    main, below = _split_below(spec)
    used = (
        -(-len(main) // MAX_BUTTONS_PER_ROW)
        + -(-len(below) // MAX_BUTTONS_PER_ROW)
        + len(spec.choices)
    )
    as_buttons = -(-len(spec.navs) // MAX_BUTTONS_PER_ROW)
    if used + as_buttons <= MAX_ROWS:
        return as_buttons, True
    return 1, False


def _split_below(spec: HandSpec) -> tuple[list[ActionSpec], list[ActionSpec]]:
    """The main action buttons, and those that sit below the menus (``ActionSpec.below``)."""
    return [b for b in spec.buttons if not b.below], [b for b in spec.buttons if b.below]


def _button_rows(
    view: ui.View, game_id: int, seat: int, version: int, buttons: list[ActionSpec], row: int
) -> int:
    for start in range(0, len(buttons), MAX_BUTTONS_PER_ROW):
        for action in buttons[start : start + MAX_BUTTONS_PER_ROW]:
            item = ActButton(game_id, seat, version, action)
            item.row = row
            view.add_item(item)
        row += 1
    return row


def hand_view(
    game_id: int,
    seat: int,
    version: int,
    spec: HandSpec,
    *,
    snapshot: SnapshotWording | None,
    away: bool = False,
    step_away: bool = False,
) -> ui.View:
    """The controls of a hand message: action buttons, action menus, the buttons that sit below
    them (once-a-game and irreversible actions, never first), navs, then Refresh, **Step
    away** (``step_away``: a person's live seat) and, while a snapshot shines for the seat
    (``snapshot`` is its wording), its button, when a row is left."""
    view = ui.View(timeout=None)
    main, below = _split_below(spec)
    row = _button_rows(view, game_id, seat, version, main, 0)
    for index, choice in enumerate(spec.choices):
        chooser: ui.Item[Any]
        if choice.max_values > 1:
            chooser = ActMultiSelect(game_id, seat, version, index, choice)
        else:
            chooser = ActSelect(
                game_id, seat, version, index, choice.placeholder, list(choice.actions)
            )
        chooser.row = row
        view.add_item(chooser)
        row += 1
    row = _button_rows(view, game_id, seat, version, below, row)
    rows, as_buttons = nav_rows(spec)
    if rows and row + rows <= MAX_ROWS:
        navs: list[NavSpec] = []
        for nav in spec.navs:  # custom_ids must be unique on a message: first of a focus wins
            if all(n.focus != nav.focus for n in navs):
                navs.append(nav)
        if as_buttons:
            for index, nav in enumerate(navs):
                button = NavButton(game_id, seat, version, nav)
                button.row = row + index // MAX_BUTTONS_PER_ROW
                view.add_item(button)
        else:
            menu = NavSelect(
                game_id, seat, version, spec.nav_placeholder, navs[:MAX_SELECT_OPTIONS]
            )
            menu.row = row
            view.add_item(menu)
        row += rows
    if row < MAX_ROWS:
        if away:  # an AI plays the seat: the way back comes first
            again = HandRefresh(game_id, BACK)
            again.row = row
            view.add_item(again)
        refresh = HandRefresh(game_id, "refresh")
        refresh.row = row
        view.add_item(refresh)
        if step_away:
            leave = HandRefresh(game_id, AWAY)
            leave.row = row
            view.add_item(leave)
        if snapshot is not None:
            look = HandRefresh(game_id, SNAP, snapshot)
            look.row = row
            view.add_item(look)
    # Why stopped: discord.py keeps an ephemeral message's view in its view store for 15
    # minutes (with a timeout task), i.e. one object per opened hand; every control here is a
    # persistent dynamic item served without the view, so a finished view, which discord.py
    # still renders but never stores, keeps memory flat however often hands are opened.
    view.stop()
    return view


def table_view(game_id: int, *, snapshot: SnapshotWording | None, away: bool = False) -> ui.View:
    """The table's buttons: **My hand**, **I'm back** while a seat is away (``away``), and a
    shining snapshot's (``snapshot``: its wording)."""
    view = ui.View(timeout=None)
    view.add_item(TableButton(game_id, "hand"))
    if away:
        view.add_item(TableButton(game_id, BACK))
    if snapshot is not None:
        view.add_item(TableButton(game_id, SNAP, snapshot))
    return view


def final_view(game_id: int) -> ui.View:
    """A finished table's one button: **Rematch** (the same seats and options)."""
    view = ui.View(timeout=None)
    view.add_item(TableButton(game_id, REMATCH))
    return view


def lobby_view(
    game_id: int, levels: tuple[str, ...] = tuple(LEVEL_LABELS), menus: Sequence[OptionMenu] = ()
) -> ui.View:
    """The lobby's controls; ``levels`` are the AI levels the game offers, ``menus`` its
    options that a menu can set."""
    view = ui.View(timeout=None)
    for op in ("join", "leave", "ai", "start", "cancel"):
        view.add_item(LobbyButton(game_id, op))
    options = LobbyButton(game_id, "options")
    options.row = 1
    view.add_item(options)
    view.add_item(LobbyLevel(game_id, levels))
    view.add_item(LobbyPace(game_id))
    if menus:
        view.add_item(LobbyOption(game_id, menus))
    return view
