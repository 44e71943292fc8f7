"""Coalesced table edits, turn pings and hand refreshes, per channel.

Why: Discord allows about five message edits per five seconds in a channel. A game with AI seats
commits several moves in a burst; editing the table for each would earn 429s and lag. Every
committed change only marks its game dirty; one task per channel waits a short batching window,
then renders the *latest* state once, and spaces edits by ``edit_interval`` seconds.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import time
from collections.abc import Awaitable, Callable
from typing import Any

import discord

from bot.i18n import speaking, texts, translate
from bot.lobbies import lobby_message
from bot.model import Fencing
from bot.sessions import GameNotFound, SessionManager, StorageUnreachable, Update, paused
from bot.table import Tables, mentions
from bot.table.pictures import show
from bot.table.presentation import PAUSED_LINE
from bot.table.writes import TableWrites, channel_gone
from games import registry
from games.text import messages

log = logging.getLogger(__name__)
_, _n = texts()
msg, msg_n = messages("tidewater")

#: what a lobby message says when it changed without a click on it (by its update's cause)
LOBBY_NOTES = {
    "kick": msg("Changed by a server admin."),
    "end": msg("Changed by a server admin."),
    "idle": msg("It closed by itself: nothing changed in it for a while. /play opens a new one."),
}


#: seconds before a table write refused by a Discord outage is tried again
RETRY_AFTER = 30.0


class Publisher:
    def __init__(
        self,
        manager: SessionManager,
        client: discord.Client,
        tables: Tables,
        interval: float,
        sleep: Callable[[float], Awaitable[Any]] = asyncio.sleep,
        *,
        gone: set[int] | None = None,
        on_gone: Callable[[int], Awaitable[object]] | None = None,
        active_seconds: float = 0.0,
        repost_after: float = 0.0,
        fencing: Fencing | None = None,
    ) -> None:
        self.manager = manager
        #: set once another process serves these games (issue 38): from then on nothing is
        #: published, whatever was queued or timed before
        self.fencing = fencing or Fencing()
        #: the Discord client the table messages are sent and edited through
        self.client = client
        #: a table message's requests, and their mending when Discord refuses one
        self.writes = TableWrites(client, self.fencing)
        #: a person who used their hand this recently is shown their turn without a notification
        self.active_seconds = active_seconds
        #: a turn reposts a table message older than this (seconds of the tables' clock)
        self.repost_after = repost_after
        #: the bot's table parts: what the publisher draws and whose hands it refreshes
        self.tables = tables
        self.interval = interval
        #: how the publisher waits (tests replace it by "until the manager is quiet")
        self.sleep = sleep
        self._dirty: dict[int, set[int]] = {}  # channel -> games
        self._tasks: dict[int, asyncio.Task[None]] = {}
        self._last: dict[int, float] = {}  # channel -> time of the last edit
        self._pinged: dict[int, frozenset[int]] = {}  # game -> seats pinged for this turn
        self._reminders: dict[int, set[int]] = {}  # game -> seats whose clock is nearly out
        self._announced: set[int] = set()
        self._channel_of: dict[int, int] = {}
        self._shown: dict[int, str] = {}  # game -> the table as last sent
        self._posted: dict[int, float] = {}  # game -> when its table message was posted
        self._later: dict[int, asyncio.TimerHandle] = {}  # game -> a deferred hand refresh
        #: channels Discord says no longer exist: nothing is sent there again (shared with
        #: whoever ends their games, who marks a channel before it ends them)
        self._gone: set[int] = gone if gone is not None else set()
        #: games whose table is posted anew at the next write (someone looked for it)
        self._anew: set[int] = set()
        #: told of a channel found gone while publishing (the bot ends its games there)
        self.on_gone = on_gone
        self.edits = 0
        #: seconds before a table Discord refused in an outage is written again
        self.retry_after = RETRY_AFTER

    async def on_update(self, update: Update) -> None:
        """Session-manager listener: remember what happened, mark the table dirty."""
        info = update.info
        if update.cause == "remind" and update.seat is not None:
            self._reminders.setdefault(info.id, set()).add(update.seat)
        # the table's log lines are noted here, once, for the whole channel: the server's
        # language, whoever's click or AI move caused them
        with speaking(await self.tables.languages.public(info.guild_id)):
            await self.tables.on_update(update)
        self._channel_of[info.id] = info.channel_id
        if info.status == "lobby" or (info.status == "abandoned" and "table" not in info.messages):
            await self._refresh_lobby(update)
            return
        self.touch(info.id)

    async def _refresh_lobby(self, update: Update) -> None:
        """Lobby changes made outside a lobby click (an admin's kick or end, a lobby closed
        for being idle) reach the lobby message here; clicks already answered by updating
        it."""
        info = update.info
        message_id = info.messages.get("lobby")
        note = LOBBY_NOTES.get(update.cause)
        if note is None or message_id is None or self.fencing.fenced:
            return
        if info.channel_id in self._gone:  # nothing to edit: the channel was deleted
            return
        with speaking(await self.tables.languages.public(info.guild_id)):
            embed, view = lobby_message(info, translate(note))
        channel = self.client.get_partial_messageable(info.channel_id, guild_id=info.guild_id)
        try:
            await channel.get_partial_message(message_id).edit(embed=embed, view=view)
        except discord.HTTPException:
            log.info("could not update the lobby of game %s", info.id)

    def touch(self, game_id: int, channel_id: int | None = None) -> None:
        """Schedule a table refresh for ``game_id`` (coalesced with the others in its channel)."""
        if self.fencing.fenced:
            return
        if channel_id is not None:
            self._channel_of[game_id] = channel_id
        channel = self._channel_of.get(game_id)
        if channel is None:
            task = asyncio.get_running_loop().create_task(self._touch_unknown(game_id))
            self._tasks[-game_id] = task
            task.add_done_callback(lambda _t: self._tasks.pop(-game_id, None))
            return
        self._dirty.setdefault(channel, set()).add(game_id)
        if channel not in self._tasks or self._tasks[channel].done():
            self._tasks[channel] = asyncio.get_running_loop().create_task(self._drain(channel))

    async def _touch_unknown(self, game_id: int) -> None:
        with contextlib.suppress(GameNotFound):
            info = await self.manager.get(game_id)
            self._channel_of[game_id] = info.channel_id
            self.touch(game_id)

    async def _drain(self, channel: int) -> None:
        # A short window first so a burst of AI moves lands in one edit.
        await self.sleep(self.interval / 4)
        while self._dirty.get(channel):
            wait = self._last.get(channel, 0.0) + self.interval - time.monotonic()
            if wait > 0:
                await self.sleep(wait)
            games = self._dirty.pop(channel, set())
            for game_id in sorted(games):
                try:
                    await self.publish(game_id)
                except discord.NotFound as exc:
                    if not channel_gone(exc):
                        log.exception("could not publish the table of game %s", game_id)
                        continue
                    # deleted while we were down, or a thread that went with its channel
                    log.info("the channel of game %s no longer exists", game_id)
                    self.forget_channel(channel)
                    if self.on_gone is not None:
                        await self.on_gone(channel)
                except discord.Forbidden:
                    log.warning("no permission to show the table of game %s", game_id)
                except StorageUnreachable:
                    # the table moved (a repost) but where to could not be saved: it was put
                    # back as it was, and is tried again later
                    log.warning("the table of game %s waits for the database", game_id)
                    if game_id not in self._later:
                        due = self.tables.clock() + self.retry_after
                        self._refresh_later(game_id, channel, due)
                except discord.DiscordServerError as exc:
                    # an outage that outlasted discord.py's own retries: try again later, or
                    # the table would stand still until the next move (the person to act
                    # waits on a table that does not show their turn)
                    log.warning("Discord refused the table of game %s: %s", game_id, exc.status)
                    if game_id not in self._later:
                        due = self.tables.clock() + self.retry_after
                        self._refresh_later(game_id, channel, due)
                except Exception:
                    log.exception("could not publish the table of game %s", game_id)
            self._last[channel] = time.monotonic()

    def queued(self) -> int:
        """Games whose table waits for its next edit (the metrics read it)."""
        return sum(len(games) for games in self._dirty.values())

    def table_anew(self, game_id: int, channel_id: int) -> None:
        """Post the game's table again at the bottom of its channel, notifying nobody, and
        delete the old one: someone looked for it (it scrolled away, or a moderator deleted
        it, which otherwise is noticed only at the next move's edit)."""
        self._anew.add(game_id)
        self._shown.pop(game_id, None)
        self.touch(game_id, channel_id)

    def forget_channel(self, channel_id: int) -> None:
        """The channel is gone (deleted, or its server dropped the bot): its games' tables
        are not sent or edited again, so their ending makes no request that must fail."""
        self._gone.add(channel_id)
        self._dirty.pop(channel_id, None)

    async def publish(self, game_id: int) -> None:
        """Render the latest state onto the table message and refresh hands.

        The table follows the game: when a person is newly to act and is not at the table
        (has not used their hand in the last ``active_seconds``), or their turn clock is nearly
        out, the table is posted anew at the bottom of the channel with the mention in its
        content, which notifies them, and the old message is deleted, so a turn leaves nothing
        behind. A person who is at the table sees their turn on their open hand at once and
        in the table's text; the table is then edited in place (an edit notifies nobody, and
        costs one request instead of a post and a delete), unless it was posted more than
        ``repost_after`` seconds ago and may have scrolled away. When the game is over, the
        table says so in its content: the channel keeps one message per game, the final
        table."""
        if self.fencing.fenced:
            return
        manager = self.manager
        info, state = await manager.state(game_id)
        if info.channel_id in self._gone:
            self._forget(game_id)
            return
        message_id = info.messages.get("table")
        if message_id is None or info.status == "lobby":
            return
        # the table is the channel's: written in the server's language, whoever moved
        with speaking(await self.tables.languages.public(info.guild_id)):
            sheet = await self.tables.score_sheet(info) if info.status == "finished" else []
            embed, view = self.tables.presenter.table_message(info, state, sheet)
            engine = registry.get(info.game)
            calls: list[int] = []
            repost = False
            reminded: list[int] = []
            waiting: frozenset[int] = frozenset()
            if info.status == "live":
                waiting = frozenset(engine.to_act(state))
                called = sorted(waiting - self._pinged.get(game_id, frozenset()))
                reminded = sorted(self._reminders.pop(game_id, set()) & waiting)
                newly = mentions(info, [s for s in called if not info.seats[s].away])
                away = [uid for uid in newly if not self._at_table(game_id, uid)]
                calls = sorted({*away, *mentions(info, reminded)})
                # a turn with nobody to notify still posts anew a table that may have scrolled away
                repost = bool(calls) or (
                    bool(newly) and self._table_age(game_id) >= self.repost_after
                )
                content = self._turn_line(info, waiting, reminded, engine.title)
            else:
                content = self._result_line(info, state, engine)
            repost = repost or game_id in self._anew
            signature = json.dumps([content, embed.to_dict(), view.to_components()], sort_keys=True)
            failed: discord.HTTPException | None = None
            if repost or self._shown.get(game_id) != signature:
                picture = await self.tables.pictures.table(info, state)
                if picture is not None and (await manager.get(game_id)).version != info.version:
                    # the game moved on while the picture was drawn: show the newer state instead
                    if reminded:
                        self._reminders.setdefault(game_id, set()).update(reminded)
                    self.touch(game_id, info.channel_id)
                    return
                if self.fencing.fenced:  # found out while the picture was drawn
                    return
                try:
                    await self._write(
                        info, message_id, repost, content, embed, view, picture, calls
                    )
                except discord.HTTPException as exc:
                    if channel_gone(exc):
                        raise  # the drain ends its games
                    # A table Discord refused (no permission there any more, an outage) must not
                    # freeze the hands: they are answered through the players' own tokens, so the
                    # next player still sees their turn. The refused call is made again next time.
                    failed = exc
                    if reminded:
                        self._reminders.setdefault(game_id, set()).update(reminded)
                    self.tables.table_refused(info, isinstance(exc, discord.Forbidden))
                else:
                    self._shown[game_id] = signature
                    self._anew.discard(game_id)
                    self.edits += 1
                    self.tables.table_refused(info, False)
            if info.status == "live":
                if failed is None:
                    self._pinged[game_id] = waiting
                due = await self.tables.hands.refresh(info, state)
                if due is not None:
                    self._refresh_later(game_id, info.channel_id, due)
            elif info.id not in self._announced:
                self._announced.add(info.id)
                await self.tables.hands.refresh(info, state)
                self._forget(game_id)
            if failed is not None:
                raise failed

    def _forget(self, game_id: int) -> None:
        """Drop what is kept of a game that is over (or whose channel is gone)."""
        self._pinged.pop(game_id, None)
        self._reminders.pop(game_id, None)
        self._posted.pop(game_id, None)
        self._anew.discard(game_id)
        timer = self._later.pop(game_id, None)
        if timer is not None:
            timer.cancel()
        self.tables.forget(game_id)

    def _at_table(self, game_id: int, user_id: int) -> bool:
        return self.active_seconds > 0 and self.tables.hands.active(
            game_id, user_id, self.active_seconds
        )

    def _table_age(self, game_id: int) -> float:
        """Seconds since this process posted the game's table (unknown: very old)."""
        posted = self._posted.get(game_id)
        return float("inf") if posted is None else self.tables.clock() - posted

    def _refresh_later(self, game_id: int, channel_id: int, due: float) -> None:
        """Publish the game again when a deferred hand refresh is due (one timer per game)."""
        timer = self._later.pop(game_id, None)
        if timer is not None:
            timer.cancel()
        delay = max(0.0, due - self.tables.clock())

        def fire() -> None:
            self._later.pop(game_id, None)
            self.touch(game_id, channel_id)

        self._later[game_id] = asyncio.get_running_loop().call_later(delay, fire)

    def _turn_line(
        self, info: Any, waiting: frozenset[int], reminded: list[int], title: str
    ) -> str:
        """The table's content while the game runs: who is to act (mentions), and for a person
        whose clock is nearly out, when an AI plays for them."""
        if paused(info.seats):  # nobody is there to play or to ping
            return translate(PAUSED_LINE)
        people = mentions(info, sorted(waiting))
        if not people:  # an AI (or an away person's AI) is to act: named, nobody notified
            names = ", ".join(info.seats[s].name for s in sorted(waiting))
            return _("▶ {names} to play.", names=names) if names else ""
        called = ", ".join(f"<@{uid}>" for uid in people)
        line = _("▶ {people}: your move at the {game} table.", people=called, game=title)
        for seat in reminded:
            uid = info.seats[seat].user_id
            due = self.manager.turn_due(info.id, seat)
            if uid is not None and due is not None:
                line += "\n" + _(
                    "⏰ <@{user}>: an AI plays for you <t:{due}:R>.", user=uid, due=int(due)
                )
        return line

    @staticmethod
    def _result_line(info: Any, state: Any, engine: Any) -> str:
        result = engine.result(state)
        if info.status == "finished" and result.winners:
            names = " & ".join(info.seats[s].name for s in result.winners)
            return _(
                "🏁 {game} table #{table} is over: {names} won.",
                game=engine.title,
                table=info.id,
                names=names,
            )
        return _("🏁 {game} table #{table} was ended.", game=engine.title, table=info.id)

    async def _write(
        self,
        info: Any,
        message_id: int,
        repost: bool,
        content: str,
        embed: discord.Embed,
        view: discord.ui.View,
        picture: Any,
        calls: list[int],
    ) -> None:
        """Post the table anew (``repost``, notifying ``calls``) or edit it in place, and
        remember where it is now."""
        files = show(embed, picture)
        where = (info.channel_id, info.guild_id)
        if repost:
            moved: int | None = await self.writes.post(*where, content, embed, view, files, calls)
        else:  # a table someone deleted is posted anew
            moved = await self.writes.edit(*where, message_id, content, embed, view, files)
        if moved is not None and (repost or info.status in ("lobby", "live")):
            self._posted[info.id] = self.tables.clock()
            try:
                with contextlib.suppress(GameNotFound):
                    await self.manager.set_message(info.id, "table", moved)
            except StorageUnreachable:
                # the game would still point at the old message (the database could not be
                # told): take the new one back, rather than leave two tables in the channel
                await self.writes.delete(*where, moved)
                raise
        if repost:
            await self.writes.delete(*where, message_id)

    async def wait_channel(self, channel_id: int) -> None:
        """Until the channel's pending table edits are sent (a turn alert links to the table
        as it stands after them: a turn may post the table anew under a new id)."""
        task = self._tasks.get(channel_id)
        if task is not None and not task.done():
            await asyncio.gather(asyncio.shield(task), return_exceptions=True)

    async def wait_idle(self) -> None:
        """Until every scheduled refresh has been sent (tests; graceful shutdown)."""
        while True:
            tasks = [t for t in self._tasks.values() if not t.done()]
            if not tasks:
                return
            await asyncio.gather(*tasks, return_exceptions=True)

    async def close(self) -> None:
        for timer in self._later.values():
            timer.cancel()
        self._later.clear()
        for task in list(self._tasks.values()):
            task.cancel()
        await asyncio.gather(*self._tasks.values(), return_exceptions=True)
        self._tasks.clear()
