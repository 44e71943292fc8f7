"""Turn alerts by DM for slow tables (issue 37): a person who opted in with /notify gets a
direct message when it becomes their turn at a table whose turn clock is an hour or more a
move, with a link to the table; and the list behind /turns.

Why here and shaped like this:

* **Off the key path.** The manager's key path is click, commit, then the table and hand
  edits. The listener (:meth:`TurnAlerts.on_update`) awaits nothing: it drops a faster
  table's change at once (one dictionary look-up), notes a slow one in a bounded map and
  wakes one worker task, which reads the state, the person's choice in the
  store and sends the DM later. A slow DM, or a slow store read, delays no table.
* **Who is alerted.** A person whose seat is newly waiting (compared with what this process
  last saw of the table, seeded from every live table at start-up so that a restart alerts
  nobody again), who is not away (an AI plays for them), did not make the move that led here
  (a seat still to act after its own move, a simultaneous round they already played), and is
  not at the table (used their hand in the last :data:`PRESENT_SECONDS`). The table's clock
  is its pace, else the server's turn timeout; faster tables already notify by mention.
* **Respecting Discord.** A DM refused with 403 (50007, "Cannot send messages to this user":
  DMs closed, the bot blocked, no shared server) marks the person's DMs closed in the store
  and nothing more is tried until they run /notify again: no retry loop. At most one DM per
  person per :data:`WINDOW` seconds; tables that come up meanwhile wait and go out together
  in one DM when the window ends (only those still waiting on them then). 429s are
  discord.py's to wait out; what waits here is bounded (:data:`MAX_PENDING`).
* **Secrets.** A DM carries the game's title, the table's number, its channel and a link,
  nothing of any hand.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import discord

from bot.i18n import speaking, texts
from bot.model import Fencing, GameInfo, Update
from bot.sessions import GameNotFound, SessionManager, StorageUnreachable
from games import registry

if TYPE_CHECKING:
    from bot.table.languages import Languages

_, _n = texts()

log = logging.getLogger(__name__)

#: a table whose turn clock is at least this (seconds a move) is slow enough for a DM
SLOW_SECONDS = 3600
#: at most one DM per person in this many seconds. Why ten minutes: the shortest clock that
#: alerts is an hour, so a table that comes up inside the window loses at most a sixth of
#: it, while two people trading moves at several hourly tables cost each other one DM per
#: ten minutes instead of one per move
WINDOW = 600.0
#: a person who used their hand at the table this recently sees their turn there already
PRESENT_SECONDS = 300.0
#: people with a DM waiting for their window, and tables waiting to be looked at: beyond
#: these, new ones are dropped with a warning (a flood must not grow memory without bound)
MAX_PENDING = 10_000
#: Discord's JSON error code for a DM it will not deliver
CANNOT_DM = 50007
#: the tables one DM or one /turns answer lists by name (the rest are counted)
MAX_LISTED = 10
#: Discord's longest message content
MESSAGE_LIMIT = 2000


def alerts_answer(enabled: bool) -> str:
    """What /notify (and **Alert me**) answers: once alerts are on, the person learns when,
    where from, and the limits."""
    if not enabled:
        return _(
            "🔕 Turn alerts are **off**. /notify turns them on again; /turns lists your turns."
        )
    return _(
        "🔔 Turn alerts are **on**. When it becomes your turn at a table whose clock is"
        " {hours} hour or more a move, I send you a DM with a link to the table"
        " (at most one every {minutes} minutes; tables that come up meanwhile share it)."
        " Your server must let members send you direct messages. /turns lists the tables"
        " waiting on you.",
        hours=SLOW_SECONDS // 3600,
        minutes=int(WINDOW // 60),
    )


def jump_url(info: GameInfo) -> str:
    """The link that opens the table message; while the game starts, its lobby message, which
    **Start** turns into the table (the start is committed, and alerted, a moment before the
    table's id is recorded: a DM written then linked the bare channel); the channel when the
    game has neither."""
    base = f"https://discord.com/channels/{info.guild_id}/{info.channel_id}"
    table = info.messages.get("table", info.messages.get("lobby"))
    return f"{base}/{table}" if table is not None else base


def table_line(info: GameInfo, due: float | None = None, server: str | None = None) -> str:
    """One table in a DM or in /turns: the game, the table, where it is (``server``: its
    name, for a DM, which is read outside the server), the link, and when the person's clock
    runs out (a Discord timestamp, shown in their own time zone)."""
    title = registry.get(info.game).title
    when = _(" · clock ends <t:{due}:R>", due=int(due)) if due is not None else ""
    server = f" ({server})" if server else ""
    where = _(
        "**{title}** · table #{table} in <#{channel}>{server}{when}",
        title=title,
        table=info.id,
        channel=info.channel_id,
        server=server,
        when=when,
    )
    return _("{where}\n[Open the table]({link})", where=where, link=jump_url(info))


def listing(head: str, lines: list[str], foot: str = "", limit: int = MAX_LISTED) -> str:
    """``head``, then as many of ``lines`` as fit a message (at most ``limit``), the rest
    counted (never a line cut in half, so no link breaks), then ``foot``."""
    budget = MESSAGE_LIMIT - len(head) - len(foot) - 60  # room for the count line
    shown: list[str] = []
    for line in lines[:limit]:
        if sum(len(x) + 1 for x in shown) + len(line) + 1 > budget:
            break
        shown.append(line)
    more = len(lines) - len(shown)
    text = "\n".join([head, *shown])
    if more > 0:
        text += "\n" + _("…and {n} more: /turns lists them.", n=more)
    return text + (f"\n{foot}" if foot else "")


async def _nothing(channel_id: int) -> None:
    """The default ``published``: no table edits to wait for."""


@dataclass
class _Look:
    """A table to look at: who made the change that was heard last (None: nobody's move)."""

    actor: int | None


class TurnAlerts:
    """See the module docstring. ``client`` sends the DMs; ``present(game_id, user_id)``
    says whether a person is at the table now; ``published(channel_id)`` waits until that
    channel's table edits are sent (the publisher's)."""

    def __init__(
        self,
        manager: SessionManager,
        client: discord.Client,
        clock: Callable[[], float],
        *,
        present: Callable[[int, int], bool] | None = None,
        published: Callable[[int], Awaitable[None]] | None = None,
        fencing: Fencing | None = None,
        window: float = WINDOW,
        slow: int = SLOW_SECONDS,
        languages: Languages | None = None,
    ) -> None:
        #: a DM is written in the person's language (their last interaction's), else in
        #: their server's; None: English
        self.languages = languages
        self.manager = manager
        self.client = client
        self.clock = clock
        self.present = present or (lambda game_id, user_id: False)
        self.published = published or _nothing
        self.fencing = fencing or Fencing()
        self.window = window
        self.slow = slow
        self._looks: dict[int, _Look] = {}  # game -> the last change heard, to look at
        self._waiting: dict[int, frozenset[int]] = {}  # game -> people's seats waiting
        self._pending: dict[int, set[int]] = {}  # person -> tables for their next DM
        self._due: dict[int, float] = {}  # person -> when their next DM may go
        self._last: dict[int, float] = {}  # person -> when their last DM went
        self._timer: asyncio.TimerHandle | None = None
        self._task: asyncio.Task[None] | None = None
        #: DMs sent and refused, for the tests and the metrics
        self.sent = 0
        self.refused = 0

    # ---- hearing of turns (the manager's listener: awaits nothing) ----------------------------
    async def restore(self) -> None:
        """At start-up: who is waiting at every live table now, so that only later turns
        alert (a restart must not DM everyone whose turn it already was)."""
        for info in await self.manager.live_games():
            if info.status == "live" and self.manager.turn_clock(info) >= self.slow:
                try:
                    info, state = await self.manager.state(info.id)
                except GameNotFound:
                    continue
                self._waiting[info.id] = self._people_waiting(info, state)

    async def on_update(self, update: Update) -> None:
        """Session-manager listener: note the table and wake the worker; nothing awaited."""
        info = update.info
        if info.status != "live":
            self._looks.pop(info.id, None)
            self._waiting.pop(info.id, None)
            return
        if update.cause == "remind":  # the table pings for it; the turn is not new
            return
        if self.manager.turn_clock(info) < self.slow:  # most tables: nothing to do at all
            self._waiting.pop(info.id, None)
            return
        if info.id not in self._looks and len(self._looks) >= MAX_PENDING:
            log.warning("turn alerts: too many tables waiting to be looked at; one dropped")
            return
        self._looks[info.id] = _Look(update.seat)
        self._wake()

    def _people_waiting(self, info: GameInfo, state: Any) -> frozenset[int]:
        engine = registry.get(info.game)
        if engine.is_over(state):
            return frozenset()
        return frozenset(s for s in engine.to_act(state) if not info.seats[s].ai_plays)

    # ---- the worker -----------------------------------------------------------------------------
    def _wake(self) -> None:
        if self._task is None or self._task.done():
            loop = asyncio.get_running_loop()
            self._task = loop.create_task(self._work(), name="tidewater-alerts")

    def poke(self) -> None:
        """Look at the clock now: DMs whose window ended go out (the timer does this by
        itself; tests with an injected clock call it)."""
        if any(due <= self.clock() for due in self._due.values()):
            self._wake()
        self._arm()

    def _arm(self) -> None:
        """One timer, for the earliest person's window end."""
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
        if self._due:
            delay = max(0.0, min(self._due.values()) - self.clock())
            self._timer = asyncio.get_running_loop().call_later(delay, self.poke)

    async def _work(self) -> None:
        while self._looks or any(due <= self.clock() for due in self._due.values()):
            if self._looks:
                game_id = next(iter(self._looks))
                look = self._looks.pop(game_id)
                try:
                    await self._look(game_id, look)
                except Exception:
                    log.exception("turn alerts: could not look at game %s", game_id)
                continue
            now = self.clock()
            for user_id in [u for u, due in self._due.items() if due <= now]:
                del self._due[user_id]
                try:
                    await self._send(user_id)
                except Exception:
                    log.exception("turn alerts: could not alert user %s", user_id)
        self._arm()

    async def _look(self, game_id: int, look: _Look) -> None:
        try:
            info, state = await self.manager.state(game_id)
        except GameNotFound:
            self._waiting.pop(game_id, None)
            return
        if info.status != "live":
            self._waiting.pop(game_id, None)
            return
        waiting = self._people_waiting(info, state)
        newly = waiting - self._waiting.get(game_id, frozenset()) - {look.actor}
        self._waiting[game_id] = waiting
        if not newly:
            return
        for seat in sorted(newly):
            user_id = info.seats[seat].user_id
            if user_id is None or self.present(game_id, user_id):
                continue
            if not await self._wants(user_id):
                continue
            if user_id not in self._pending and len(self._pending) >= MAX_PENDING:
                log.warning("turn alerts: too many people waiting for a DM; one dropped")
                continue
            self._pending.setdefault(user_id, set()).add(game_id)
            if user_id not in self._due:
                self._due[user_id] = max(self.clock(), self._last.get(user_id, 0.0) + self.window)

    async def _wants(self, user_id: int) -> bool:
        try:
            row = await self.manager.store.turn_alerts(user_id)
        except StorageUnreachable:
            return False
        return row is not None and row.enabled and not row.dms_closed

    async def _send(self, user_id: int) -> None:
        """One DM for every table of the person's that still waits on them."""
        games = self._pending.pop(user_id, set())
        if self.fencing.fenced or not await self._wants(user_id):
            return
        found: list[tuple[GameInfo, float | None, str | None]] = []
        for game_id in sorted(games, reverse=True):
            try:
                # the link goes to the table as it stands once this turn's edit is sent
                await self.published((await self.manager.get(game_id)).channel_id)
                info, state = await self.manager.state(game_id)
            except GameNotFound:
                continue
            seat = info.seat_of(user_id)
            if info.status == "live" and seat in self._people_waiting(info, state):
                due = self.manager.turn_due(game_id, seat)
                guild = self.client.get_guild(info.guild_id)
                found.append((info, due, guild.name if guild else None))
        if not found:
            return
        now = self.clock()
        if len(self._last) >= MAX_PENDING:  # only the windows still running matter
            self._last = {u: t for u, t in self._last.items() if now - t < self.window}
        self._last[user_id] = now  # a refused or failed DM counts too: nothing loops
        language = "en"
        if self.languages is not None:
            language = await self.languages.private(user_id, found[0][0].guild_id)
        with speaking(language):
            text = dm_text([table_line(info, due, server) for info, due, server in found])
        try:
            channel = await self.client.create_dm(discord.Object(id=user_id))
            await channel.send(text, allowed_mentions=discord.AllowedMentions.none())
        except discord.Forbidden as exc:
            self.refused += 1
            log.info("turn alerts: Discord refused a DM to user %s (%s)", user_id, exc.code)
            if exc.code == CANNOT_DM or exc.status == 403:
                await self.manager.store.close_dms(user_id, now)
            return
        except discord.HTTPException as exc:
            log.warning("turn alerts: a DM to user %s failed (%s)", user_id, exc.status)
            return
        self.sent += 1

    # ---- /turns ---------------------------------------------------------------------------------
    async def waiting_on(self, guild_id: int, user_id: int) -> list[tuple[GameInfo, float | None]]:
        """Every live table of this server waiting on this person now (not away), with when
        their clock runs out; newest first: the table whose turn came last (its clock started
        last) at the top, then tables without a clock, the newest table first."""
        found: list[tuple[GameInfo, float | None, float | None]] = []
        for listed in await self.manager.live_games(guild_id):
            seat = listed.seat_of(user_id)
            if listed.status != "live" or seat is None:
                continue
            try:
                info, state = await self.manager.state(listed.id)
            except GameNotFound:
                continue
            if seat in self._people_waiting(info, state):
                due = self.manager.turn_due(info.id, seat)
                since = None if due is None else due - self.manager.turn_clock(info)
                found.append((info, due, since))
        found.sort(key=lambda f: (f[2] is not None, f[2] or 0.0, f[0].id), reverse=True)
        return [(info, due) for info, due, _since in found]

    async def close(self) -> None:
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
        if self._task is not None:
            self._task.cancel()
            await asyncio.gather(self._task, return_exceptions=True)


def dm_text(lines: list[str]) -> str:
    """The DM: whose turn (theirs), at which tables, and how to stop the alerts."""
    if len(lines) > 1:
        head = _("🔔 **Your turn** at {n} tables", n=len(lines))
    else:
        head = _("🔔 **Your turn**")
    return listing(head, lines, _("-# /notify turns these alerts off."))
