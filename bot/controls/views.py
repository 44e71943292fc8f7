"""The views: which controls a hand, a table, a lobby or a form shows, and in what order.

Why apart from the items: the order of the controls (the turn's own first, once-a-game cards
below, navigation, then Refresh and Step away) is presentation, and changes for other reasons
than what a click does.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import discord
from discord import ui

from bot.controls.ids import ALERT, AWAY, AWAY_YES, BACK, EXPLAIN, HINT, KEEP, PLAYED, REMATCH, SNAP
from bot.controls.items import (
    LEVEL_LABELS,
    ActButton,
    ActMultiSelect,
    ActSelect,
    ConfirmButton,
    ForgetButton,
    HandRefresh,
    LobbyButton,
    LobbyLevel,
    LobbyOption,
    LobbyPace,
    NavButton,
    NavSelect,
    OptionValue,
    TableButton,
)
from bot.i18n import texts
from bot.render import (
    MAX_BUTTONS_PER_ROW,
    MAX_ROWS,
    MAX_SELECT_OPTIONS,
    ActionSpec,
    EmbedSpec,
    HandSpec,
    NavSpec,
)
from bot.render.base import SnapshotWording
from bot.render.lobby import OptionMenu

_, _n = texts()


def to_embed(spec: EmbedSpec) -> discord.Embed:
    embed = discord.Embed(title=spec.title, description=spec.description or None, color=spec.color)
    for f in spec.fields:
        embed.add_field(name=f.name, value=f.value, inline=f.inline)
    if spec.footer:
        embed.set_footer(text=spec.footer)
    return embed


def option_value_view(game_id: int, menu: OptionMenu, now: str) -> ui.View:
    view = ui.View(timeout=None)
    view.add_item(OptionValue(game_id, menu.key, menu, now))
    view.stop()  # served by the dynamic item; nothing kept in discord.py's view store
    return view


def privacy_view(user_id: int) -> ui.View:
    view = ui.View(timeout=None)
    view.add_item(ForgetButton(user_id))
    view.stop()  # served by the dynamic item; see hand_view
    return view


#: the most rows of nav buttons a hand shows; more navs become one menu
MAX_NAV_BUTTON_ROWS = 2


def nav_rows(spec: HandSpec) -> tuple[int, bool]:
    """Rows the navs take and whether they are buttons: buttons when they take at most
    :data:`MAX_NAV_BUTTON_ROWS` rows and still leave the last row free, else one menu (guide:
    focus navigation).

    Why the cap (issue 36): a phone fits four buttons across, so twenty cards as buttons wrap
    into eight rows and push the hand's text, its picture's neighbours and everything below
    off the screen, and a hand whose five rows are all navs has no room left for Refresh,
    Step away and the other buttons of its last row. One menu of twenty cards is one row."""
    if not spec.navs:
        return 0, True
    main, below = _split_below(spec)
    used = (
        -(-len(main) // MAX_BUTTONS_PER_ROW)
        + -(-len(below) // MAX_BUTTONS_PER_ROW)
        + len(spec.choices)
    )
    as_buttons = -(-len(spec.navs) // MAX_BUTTONS_PER_ROW)
    if as_buttons <= MAX_NAV_BUTTON_ROWS and used + as_buttons < MAX_ROWS:
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
            item: ActButton | ConfirmButton
            if action.confirm:  # asks first; its Yes is the ActButton
                item = ConfirmButton(game_id, seat, version, action)
            else:
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
    explain: bool = False,
    hint: bool = False,
    played: tuple[str, str] | None = None,
    alert: bool = False,
) -> ui.View:
    """The controls of a hand message: action buttons, action menus, the buttons that sit below
    them (once-a-game and irreversible actions, never first), navs, the menus that end the turn
    (``ChoiceSpec.last``), then the hand's own buttons (:func:`_bottom`) in the rows left."""
    view = ui.View(timeout=None)
    main, below = _split_below(spec)
    row = _button_rows(view, game_id, seat, version, main, 0)

    def menus(row: int, last: bool) -> int:
        for index, choice in enumerate(spec.choices):  # the index travels in the custom_id
            if choice.last != last:
                continue
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
        return row

    row = menus(row, last=False)
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
    row = menus(row, last=True)  # the menus that end the turn come after the navs
    bottom = _bottom(
        game_id,
        snapshot,
        away=away,
        step_away=step_away,
        explain=explain,
        hint=hint,
        played=played,
        alert=alert,
    )
    for index, item in enumerate(bottom[: (MAX_ROWS - row) * MAX_BUTTONS_PER_ROW]):
        item.row = row + index // MAX_BUTTONS_PER_ROW
        view.add_item(item)
    # Why stopped: discord.py keeps an ephemeral message's view in its view store for 15
    # minutes (with a timeout task), i.e. one object per opened hand; every control here is a
    # persistent dynamic item served without the view, so a finished view, which discord.py
    # still renders but never stores, keeps memory flat however often hands are opened.
    view.stop()
    return view


def _bottom(
    game_id: int,
    snapshot: SnapshotWording | None,
    *,
    away: bool,
    step_away: bool,
    explain: bool,
    hint: bool,
    played: tuple[str, str] | None,
    alert: bool,
) -> list[HandRefresh]:
    """The hand's own buttons, in their order: **I'm back** first while an AI plays the seat
    (``away``), Refresh, ❓ **Explain** (``explain``: a person's live seat in a game that
    explains its decisions), 💡 **Hint** (``hint``: allowed at the table and a move to make),
    📜 **Played** (``played``: the game's label and emoji, for a game whose renderer draws this
    hand's history), **Step away** (``step_away``: a person's live seat), a shining
    snapshot's (``snapshot``: its wording), 🔔 **Alert me** (``alert``: a person's seat at a
    slow table). They fill the rows the turn's controls leave, five a row; what finds no row
    is left out from the end, so the most used stay."""
    words: list[str] = [BACK] if away else []
    words.append("refresh")
    if explain:
        words.append(EXPLAIN)
    if hint:
        words.append(HINT)
    items = [HandRefresh(game_id, word) for word in words]
    if played is not None:
        items.append(HandRefresh(game_id, PLAYED, played=played))
    if step_away:
        items.append(HandRefresh(game_id, AWAY))
    if snapshot is not None:
        items.append(HandRefresh(game_id, SNAP, snapshot))
    if alert:
        items.append(HandRefresh(game_id, ALERT))
    return items


def confirm_view(game_id: int, seat: int, version: int, spec: ActionSpec) -> ui.View:
    """The answers to an action's question: **Yes** plays it (a plain action button, so a
    stale answer is judged like any click), **Cancel** shows the hand again."""
    view = ui.View(timeout=None)
    yes = ActionSpec(
        spec.code, _("Yes: {label}", label=spec.label), emoji=spec.emoji, style="primary"
    )
    view.add_item(ActButton(game_id, seat, version, yes))
    view.add_item(HandRefresh(game_id, KEEP))
    view.stop()  # served by the dynamic items; see hand_view
    return view


def step_away_view(game_id: int) -> ui.View:
    """The answers to **Step away**'s question: yes, or back to the hand."""
    view = ui.View(timeout=None)
    view.add_item(HandRefresh(game_id, AWAY_YES))
    view.add_item(HandRefresh(game_id, KEEP))
    view.stop()  # served by the dynamic items; see hand_view
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
    game_id: int,
    levels: tuple[str, ...] = tuple(LEVEL_LABELS),
    menus: Sequence[OptionMenu] = (),
    hints: bool | None = None,
) -> ui.View:
    """The lobby's controls; ``levels`` are the AI levels the game offers, ``menus`` its
    options that a menu can set, ``hints`` whether hints are on (None: the game has none, so
    no hints toggle)."""
    view = ui.View(timeout=None)
    for op in ("join", "leave", "ai", "start", "cancel"):
        view.add_item(LobbyButton(game_id, op))
    options = LobbyButton(game_id, "options")
    options.row = 1
    view.add_item(options)
    if hints is not None:  # beside Options, above the turn clock: the table's own settings
        toggle = LobbyButton(game_id, "hints", on=hints)
        toggle.row = 1
        view.add_item(toggle)
    view.add_item(LobbyLevel(game_id, levels))
    view.add_item(LobbyPace(game_id))
    if menus:
        view.add_item(LobbyOption(game_id, menus))
    return view
