"""Live tables: the parts that present a game on Discord, each small and handed its collaborators.

Why parts: presentation state (:mod:`.log`), hand-message tokens (:mod:`.hands`), private
snapshots (:mod:`.snapshots`), timed windows (:mod:`.windows`), drawing (:mod:`.presentation`),
the player operations (:mod:`.actions`) and the table message's requests (:mod:`.writes`, the
publisher's) change for different reasons, so each lives in its
own module and gets what it uses through its constructor: the session manager, the clock and
the Discord client for webhook edits. No part reaches through the bot for a service, none
imports the client or the publisher, and nothing here names a game: rules (legal actions,
windows, snapshot lifetimes) come from the engine, words from the game's renderer.

:class:`Tables` builds the parts once for the bot; a caller uses the part it needs (a click
goes straight to :class:`Actions`). A timed window's end and a snapshot's fade report that the
table needs drawing again; whoever registers them with the manager tells the publisher.
"""

from __future__ import annotations

import asyncio
from collections.abc import Sequence

import discord

from bot.model import Fencing
from bot.render.base import renderer_for
from bot.sessions import GameInfo, Update
from bot.table.actions import MOVED_ON, Actions
from bot.table.hands import HandHandle, HandTokens
from bot.table.languages import Languages
from bot.table.log import LOG_LINES, TableLog
from bot.table.pictures import Pictures
from bot.table.ports import Clock, TableManager
from bot.table.presentation import Presenter
from bot.table.scoresheet import SheetRow, sheet_rows
from bot.table.snapshots import FADE, TOKEN_LIFETIME, Snapshot, Snapshots, fade_kinds
from bot.table.windows import TIMER, OpenWindow, Windows
from games import registry

__all__ = [
    "FADE",
    "LOG_LINES",
    "MOVED_ON",
    "TIMER",
    "TOKEN_LIFETIME",
    "Actions",  # untranslated: a name exported
    "HandHandle",
    "HandTokens",
    "Languages",  # untranslated: a name exported
    "OpenWindow",
    "Presenter",  # untranslated: a name exported
    "Snapshot",  # untranslated: a name exported
    "Snapshots",  # untranslated: a name exported
    "TableLog",
    "TableManager",
    "Tables",  # untranslated: a name exported
    "Windows",  # untranslated: a name exported
    "fade_kinds",
    "mentions",
]


class Tables:
    """The parts of :mod:`bot.table`, built once per bot, each handed what it uses.

    Callers use the part they need (``actions`` for a click, ``presenter`` to draw, ``hands``,
    ``windows``, ``snapshots``); the methods here are the ones that involve several parts."""

    def __init__(
        self,
        manager: TableManager,
        client: discord.Client,
        clock: Clock,
        pictures: Pictures | None = None,
        hand_context_seconds: float = 0.0,
        fencing: Fencing | None = None,
        languages: Languages | None = None,
    ) -> None:
        self.manager = manager
        #: who reads which language: the person's for what they alone see, the server's for
        #: the table and the lobby (issue 41)
        self.languages = languages or Languages()
        self.clock = clock
        self.pictures = pictures or Pictures(enabled=False)
        self.log = TableLog()
        self.windows = Windows(manager, clock)
        self.snapshots = Snapshots(manager, clock, client)
        self.presenter = Presenter(
            self.log, self.snapshots, self.windows, turn_clock=manager.turn_clock
        )
        self.hands = HandTokens(
            clock,
            client,
            self.presenter.hand_message,
            self.pictures,
            manager,
            context_seconds=hand_context_seconds,
            fencing=fencing,
        )
        self.actions = Actions(
            manager, self.presenter, self.hands, self.snapshots, self.pictures, clock=clock
        )
        self._sheets: dict[int, list[SheetRow]] = {}

    async def score_sheet(self, info: GameInfo) -> list[SheetRow]:
        """A finished game's score sheet rows, replayed from its action log off the event loop
        (once per game: the publisher draws the final table once or twice)."""
        if info.id not in self._sheets:
            actions = await self.manager.actions(info.id)
            engine, render = registry.get(info.game), renderer_for(info.game)
            self._sheets[info.id] = await asyncio.to_thread(
                sheet_rows, engine, render, len(info.seats), dict(info.options), info.seed, actions
            )
        return self._sheets[info.id]

    def table_refused(self, info: GameInfo, refused: bool) -> None:
        """The publisher's word on the last table write of a game: refused by Discord (the
        hands say so until a write gets through) or not."""
        if refused == (info.channel_id in self.presenter.refused):
            return
        if refused:
            self.presenter.refused.add(info.channel_id)
        else:
            self.presenter.refused.discard(info.channel_id)
        self.hands.redraw(info.id)  # the note comes or goes on every open hand

    # ---- updates (the publisher calls this for every committed change) ---------------------
    async def on_update(self, update: Update) -> None:
        """Log, snapshots and windows after a committed change."""
        self.presenter.note_update(update)
        if update.cause in ("away", "back"):
            # no move, so no new version, but every hand shows who is away (and whether the
            # game waits because everyone is): draw them again
            self.hands.redraw(update.info.id)
        await self.snapshots.added(update)
        if update.info.status == "live":
            await self.windows.check(update.info.id)

    # ---- deadlines -----------------------------------------------------------------------
    async def restore(self) -> None:
        """After a restart: the snapshots still shining, from their pending fade rows, and the
        timed windows still open, from their pending timer rows."""
        fades = fade_kinds()
        for deadline in await self.manager.deadlines():
            if deadline.kind == TIMER and isinstance(deadline.data.get("key"), str):
                key = deadline.data["key"]
                self.windows.restore(deadline.game_id, key, deadline.due, deadline.id)
            elif deadline.kind in fades:
                self.snapshots.restore(deadline)

    def forget(self, game_id: int) -> None:
        self.hands.forget(game_id)
        self.snapshots.forget(game_id)
        self.log.forget(game_id)
        self.windows.forget(game_id)
        self._sheets.pop(game_id, None)


def mentions(info: GameInfo, seats: Sequence[int]) -> list[int]:
    """Discord users among ``seats`` (AI seats are never pinged)."""
    by_seat = {s.seat: s.user_id for s in info.seats}
    return [uid for s in seats if (uid := by_seat.get(s)) is not None]
