"""The session manager: the one owner of every live game.

Guarantees (the seam the Discord layer and the tests rely on):

* One owner per game serialises its actions (a per-game lock held by a strong reference). An
  action is validated by the engine, then written with its new version in one transaction
  **before** any caller or listener hears of it.
* ``version`` counts the actions accepted since the game started (0 right after ``start``).
  ``act(..., expected_version=v)`` is refused with :class:`StaleVersion` unless ``v`` equals the
  current version, so a double click or an old button is never applied twice.
* Listeners hear of every committed change (a player's act, an AI seat's move, a turn timeout,
  start, end) in version order per game, after the commit, outside the game's lock.
* AI seats move by themselves; deadlines are database rows served by one dispatcher; every
  unfinished game is loaded at start-up.

How it is composed (why): this class owns what must be owned once — the games in memory and
their locks, the commit (commit, then memory, then listeners), and the notification queue —
and is handed its collaborators, each one behaviour in one file:

* the store (``bot.store.GameStore``: every SQL statement, the group-committing writer);
* the AI driver (``bot.sessions.ai.AiDriver``), given :meth:`_apply_if` as its ``apply``;
* the turn-timer planner (``bot.sessions.timers.plan_turns``, a pure function) and the
  dispatcher (``bot.sessions.deadlines.Dispatcher``);
* the loader (``bot.sessions.loading``: rows in, replayed records out, pure);
* the lobby rules (``bot.sessions.lobby``) and the guild settings checks
  (``bot.sessions.guilds``), pure functions of a game record;
* the read side (``bot.sessions.reads.GameReads``, ``manager.reads``): every query that
  changes nothing, over this manager's maps; its names (``get``, ``state``, ``live_games``,
  ...) are also attributes of the manager, so callers need not know the split.

:func:`SessionManager.open` (the factory) builds the default collaborators.

Commit, then memory, then listeners: ``act`` validates with the engine (an ``IllegalAction``
reaches the caller unchanged), queues the rows, and waits for the group commit while holding
the game's lock; only then does the in-memory state move and the update go to the game's
listener queue. If the caller is cancelled after the rows were queued, the wait is finished
anyway (the move stands, memory follows the log) and the cancellation is re-raised afterwards.
"""

from __future__ import annotations

import asyncio
import gc
import json
import logging
import time
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import Executor
from pathlib import Path
from typing import Any

from bot.ai import SECRET_BYTES
from bot.model import FINISHED, HINTS_OFF, NOT_LOADED, Fencing, Hint, MoveCause
from bot.sessions import guilds, lobby
from bot.sessions.ai import AiConfig, AiDriver, Decisions
from bot.sessions.deadlines import Dispatcher
from bot.sessions.idle import GAME_IDLE, LOBBY_IDLE, IdleGames, IdleLobbies
from bot.sessions.loading import load_open
from bot.sessions.reads import GameReads
from bot.sessions.record import GameRecord, info_from_row
from bot.sessions.shards import IdSpace, ShardLease, ShardPlan
from bot.sessions.stale import Step, events_of, replay_since, steps_since, what_changed
from bot.sessions.standings import Standings
from bot.sessions.timers import (
    REMIND,
    TURN,
    TurnPlan,
    TurnReminders,
    TurnTimeouts,
    apply_plan,
    plan_turns,
    seats_after,
)
from bot.sessions.timers import away as seats_away
from bot.sessions.timers import back as seats_back
from bot.sessions.types import (
    SNAPSHOT_EVERY,
    Deadline,
    DeadlineHandler,
    GameInfo,
    GameNotFound,
    GuildSettings,
    Listener,
    LobbyError,
    NotAllowed,
    Policy,
    Seat,
    StaleVersion,
    Status,
    StorageUnreachable,
    Update,
)
from bot.store import (
    ActionWrite,
    Batch,
    DeadlineWrite,
    GameRow,
    GameStore,
    GameWrite,
    LeaseLost,
    OpenGames,
    RatingWrite,
    ResultWrite,
    SnapshotWrite,
    StoreUnreachable,
    check,
    dumps,
    open_store,
)
from games import Event, IllegalAction, registry
from games.text import messages

msg, msg_n = messages("tidewater")

#: every part of the manager logs as "bot.sessions", the name it had as a single module, so
#: logging configuration and log filters keep working unchanged
log = logging.getLogger("bot.sessions")


#: the garbage collector's first threshold once the games are loaded (CPython's default: 700)
GC_THRESHOLD = 20_000


def tune_gc(threshold: int = GC_THRESHOLD) -> None:
    """Make the cyclic garbage collector cheap for a process that holds many live games.

    Why (found profiling ``bench/sessions.py``, issue 19): every move allocates a new engine
    state that lives until the next move of its game, so with hundreds of tables each young
    collection finds many survivors, they are promoted, and full collections (which walk every
    loaded game, module and class) follow often: 20-30% of the event loop's CPU per move at
    500 tables. Nothing here frees memory through cycles on the move path (states, events and
    updates are freed by reference counting), so collecting less often costs no memory, and
    freezing what start-up loaded takes it out of every later full collection (start-up makes
    next to no cyclic garbage, so nothing worth collecting is frozen; a collection first would
    cost a large share of a 10,000-game reload). Done once per process (the bot opens one
    manager); only ever raises the threshold, so a process that set a higher one keeps it.
    """
    global _gc_tuned
    if _gc_tuned:
        return
    _gc_tuned = True
    gen0, gen1, gen2 = gc.get_threshold()
    if gen0 and gen0 < threshold:
        gc.set_threshold(threshold, gen1, gen2)
    gc.freeze()


_gc_tuned = False


class SessionManager:
    """See the module docstring. Every method raises :class:`SessionError` subclasses (or
    ``games.IllegalAction`` / ``games.BadOptions``) with a readable message and changes nothing
    when it refuses."""

    def __init__(
        self,
        store: GameStore,
        *,
        engines: Callable[[str], Any] = registry.get,
        clock: Callable[[], float] = time.time,
        snapshot_every: int = SNAPSHOT_EVERY,
        ai: AiConfig | None = None,
        ai_executor: Executor | None = None,
        ai_policy: Policy | None = None,
        shards: ShardPlan | None = None,
        lobby_idle: float = 0.0,
        game_idle: float = 0.0,
        fencing: Fencing | None = None,
    ) -> None:
        """Build a manager over an open store; :meth:`open` is the factory that also opens
        the database and loads the games. The AI driver and the deadline dispatcher are built
        here, handed what of this manager they call (the driver :meth:`_apply_if` and the read
        side's action log; ``ai`` configures it, ``ai_executor`` and ``ai_policy`` are for
        tests). ``lobby_idle``:
        seconds a lobby may go unchanged before it closes (0: never); ``game_idle``: seconds
        a live game may go without a move before it ends (0: never)."""
        self._store = store
        self._engines = engines
        self._clock = clock
        #: actions between snapshots: reload replays fewer than this many actions per game
        self.snapshot_every = max(1, snapshot_every)
        self._games: dict[int, GameRecord] = {}  # lobbies and live games: strong references
        self._by_channel: dict[int, int] = {}
        #: unfinished games whose replay failed at start-up (an engine bug, a removed game):
        #: kept out of play but still holding their channel until an admin ends them
        self._unloadable: dict[int, GameRow] = {}
        self._settings: dict[int, GuildSettings] = {}
        self._settings_lock = asyncio.Lock()
        self._listeners: list[Listener] = []
        self._tasks: set[asyncio.Task[Any]] = set()
        #: the shards this process serves (None: all games, one process)
        self._shards = shards
        stride, slot = (shards.count, shards.slot) if shards else (1, 0)
        self._game_ids = IdSpace(stride, slot)
        self._deadline_ids = IdSpace(stride, slot)
        self._lease: ShardLease | None = None
        #: set when this process finds its shard leases taken: the manager then stops its AI
        #: and deadlines at once, and the Discord parts (handed this object) edit nothing
        self.fencing = fencing or Fencing()
        self.fencing.on_fence(self._fenced)
        #: set when :meth:`close` starts (a move waiting for the database gives up)
        self._stopping = asyncio.Event()
        #: commits the store refused (the metrics read it)
        self.commit_failures = 0
        self._standings = Standings(store)
        self._closing = False
        self._deadlines = Dispatcher(clock, forget=self._forget_deadline)
        self._deadlines.register(REMIND, TurnReminders(self._games.get, self._remind))
        self._idle = IdleLobbies(
            self._games.get, clock, lobby_idle, self.add_deadline, self._close_idle
        )
        self._deadlines.register(LOBBY_IDLE, self._idle)
        self._stalled = IdleGames(
            self._games.get, clock, game_idle, self.add_deadline, self._close_stalled
        )
        self._deadlines.register(GAME_IDLE, self._stalled)
        #: the read side: every query, over this manager's own maps (``bot.sessions.reads``)
        self.reads = GameReads(
            store,
            games=self._games,
            by_channel=self._by_channel,
            unloadable=self._unloadable,
            settings=self._settings,
            pending=self._deadlines.pending,
            engines=engines,
            stall_seconds=self._stalled.seconds,
        )
        self._ai = AiDriver(
            self._apply_if,
            self.reads.action_log,
            config=ai,
            executor=ai_executor,
            policy=ai_policy,
        )
        self._deadlines.register(
            TURN, TurnTimeouts(self._games.get, self._timeout, self._ai.takeover)
        )
        # The queries' old names, as the read side's own bound methods (not forwarding
        # methods): every caller of ``manager.get``, ``manager.state``, ... keeps working, and
        # mypy types each alias from the method it is, signature and all.
        self.get = self.reads.get
        self.state = self.reads.state
        self.game_in_channel = self.reads.game_in_channel
        self.actions = self.reads.actions
        self.results = self.reads.results
        self.live_games = self.reads.live_games
        self.stall_ends = self.reads.stall_ends
        self.turn_due = self.reads.turn_due
        self.turn_clock = self.reads.turn_clock
        self.deadlines = self.reads.deadlines
        self.player_stats = self.reads.player_stats
        self.leaderboard = self.reads.leaderboard
        self.history = self.reads.history
        self.guild_settings = self.reads.guild_settings

    # ---- the factory and the lifecycle ------------------------------------------------------
    @classmethod
    async def open(
        cls,
        path: str | Path,
        *,
        policy: Policy | None = None,
        engines: Callable[[str], Any] | None = None,
        clock: Callable[[], float] = time.time,
        executor: Executor | None = None,
        snapshot_every: int = SNAPSHOT_EVERY,
        synchronous: str = "FULL",
        autoplay: bool = True,
        ai: AiConfig | None = None,
        gc_threshold: int | None = GC_THRESHOLD,
        shards: ShardPlan | None = None,
        lease_seconds: float = 60.0,
        owner: str | None = None,
        on_lease_lost: Callable[[Sequence[int]], None] | None = None,
        wait_for_lease: bool = False,
        lobby_idle: float = 0.0,
        game_idle: float = 0.0,
    ) -> SessionManager:
        """Open (creating or migrating) the database (a SQLite path or a PostgreSQL URL),
        build the default collaborators and load every unfinished game.

        ``shards`` (a sharded bot's process) loads only those shards' games, after claiming
        their leases (:class:`ShardOwned` if another process holds one); ``on_lease_lost``
        hears of shards taken over while this process stalled. ``wait_for_lease`` waits for
        shards another process holds (until it releases them or they expire) instead of
        raising :class:`ShardOwned`.

        ``engines`` maps a game name to its engine (default ``games.registry.get``); tests
        inject their own. ``policy`` replaces every AI level (it receives observations only).
        ``ai`` sets the levels, think delay and process pool (default: no delay, one process).
        ``autoplay=False`` opens without AI moves and without firing deadlines, so that
        inspecting a database (an export, a consistency check) never changes it.
        ``gc_threshold`` tunes the process's garbage collector once the games are loaded (see
        :func:`tune_gc`); ``None`` leaves it alone. ``lobby_idle``: seconds a lobby may go
        unchanged before it closes by itself (0: never; ``bot.sessions.idle``); ``game_idle``:
        seconds a live game may go without a move before it ends by itself (0: never).
        """
        store = await open_store(path, synchronous=synchronous)
        self = cls(
            store,
            engines=engines or registry.get,
            clock=clock,
            snapshot_every=snapshot_every,
            ai=ai,
            ai_executor=executor,
            ai_policy=policy,
            shards=shards,
            lobby_idle=lobby_idle,
            game_idle=game_idle,
        )
        try:
            if shards is not None:
                self._lease = ShardLease(
                    store,
                    shards,
                    owner=owner,
                    clock=clock,
                    ttl=lease_seconds,
                    on_lost=on_lease_lost,
                    fencing=self.fencing,
                )
                # refuses (or waits) to start for a shard another process owns
                await self._lease.claim(wait=wait_for_lease)
            await self._load()
        except BaseException:
            try:
                if self._lease is not None and self._lease._task is not None:
                    await self._lease.release()
            finally:
                await store.close()
            raise
        if gc_threshold is not None:
            tune_gc(gc_threshold)
        if autoplay:
            await self._arm_idle_watches()
            self._ai.enabled = True
            self._deadlines.start()
            for g in self._games.values():
                self._ai.kick(g)
        return self

    async def close(self) -> None:
        """Finish in-flight commits, stop AI and deadline tasks, close the database. The
        database is closed even when a step before it fails (its error still propagates):
        SQLite's threads would otherwise keep the process from exiting, and a bot that
        neither serves nor exits is never restarted."""
        if self._closing:
            return
        self._closing = True
        self._stopping.set()
        try:
            await self._deadlines.stop()
            await self._ai.close()
            if self._tasks:
                await asyncio.gather(*self._tasks, return_exceptions=True)
            if self._lease is not None:
                # the last move lands before the shards are given up: the next owner loads
                # the games once the lease is free, and must find every acknowledged move
                await self._store.stop_writes()
                await self._lease.release()
        finally:
            await self._store.close()

    def add_listener(self, listener: Listener) -> None:
        self._listeners.append(listener)

    async def settle(self) -> None:
        """Wait until no AI move, listener call or fired deadline is in progress (for tests and
        for a clean shutdown); new work started meanwhile is waited for too."""
        while True:
            pending = [t for t in self._tasks if not t.done()]
            pending += self._ai.pending() + list(self._deadlines.running)
            if not pending:
                return
            await asyncio.gather(*pending, return_exceptions=True)

    def _fresh_seed(self) -> int:
        """A new lobby's random 63-bit seed, drawn from ``bot.sessions.secrets`` (looked up
        at call time), so that a test can make the deals repeatable by replacing it there."""
        import bot.sessions

        return int(bot.sessions.secrets.randbits(63))

    def _fresh_ai_secret(self) -> str:
        """A game's AI secret (``bot.ai.move_seed``): random bytes from the same replaceable
        source as the seeds (``secrets.token_bytes``, the OS's randomness), never derived
        from the seed, so no AI move seed leads back to the deal."""
        import bot.sessions

        return str(bot.sessions.secrets.token_bytes(SECRET_BYTES).hex())

    # ---- shared steps: look up, commit, notify, save ----------------------------------------
    def _open_game(self, game_id: int) -> GameRecord:
        g = self._games.get(game_id)
        if g is None:
            raise GameNotFound(msg("There is no open game #{id}.", id=game_id))
        return g

    async def _commit(self, batch: Batch) -> bool:
        """Write ``batch``; True if our caller was cancelled meanwhile.

        Once a batch is queued it will be written whatever happens to the caller, so the wait
        is not abandoned on cancellation: the in-memory state must follow the log before the
        game's lock is released. The caller re-raises the cancellation afterwards.
        """
        try:
            if self.fencing.lost:  # another process owns these games now: write nothing
                raise LeaseLost(
                    "this process no longer holds its shard leases:"
                    " nothing saved"  # untranslated: a process-level stop, for the host
                )
            done, index = self._store.submit(batch)
            cancelled = False
            while not done.done():
                try:
                    await done  # a Commit: cancelling us waits for the write to finish
                except asyncio.CancelledError:
                    cancelled = True
            check(done.result(), index)
        except StoreUnreachable as exc:  # an outage: nothing saved, memory untouched
            self.commit_failures += 1
            raise StorageUnreachable() from exc
        except Exception:
            self.commit_failures += 1
            raise
        return cancelled

    async def probe(self) -> None:
        """An empty transaction through the store's writer, the path every move takes: it
        raises when the database cannot be written (the health check's store test)."""
        await self._store.commit(Batch())

    def leases_held(self) -> bool:
        """Whether this process still holds its shards' leases (always, with no shards)."""
        return self._lease is None or self._lease.renewing()

    @property
    def ai_decisions(self) -> Decisions:
        """How many AI moves were chosen, and the time it took (the metrics read it)."""
        return self._ai.decisions

    def _spawn(self, coro: Any, name: str) -> asyncio.Task[Any]:
        task = asyncio.get_running_loop().create_task(coro, name=name)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)
        return task

    def _notify(self, g: GameRecord, update: Update) -> None:
        """Queue ``update`` for the listeners; called under the game's lock, so in version
        order. One drain task per game calls them outside the lock."""
        if not self._listeners:
            return
        g.outbox.append(update)
        if not g.notifying:
            g.notifying = True
            self._spawn(self._drain(g), f"notify-{g.id}")

    async def _drain(self, g: GameRecord) -> None:
        try:
            while g.outbox:
                update = g.outbox.popleft()
                for listener in list(self._listeners):
                    try:
                        await listener(update)
                    except Exception:
                        log.exception("listener %r failed on game %s", listener, g.id)
        finally:
            g.notifying = False

    async def _save(self, g: GameRecord, **changes: Any) -> None:
        """Commit a change of the game row (lobby edits, status), then apply it in memory."""
        now = self._clock()
        batch = Batch(games=[g.row(now, **changes)])
        closing = changes.get("status") in ("finished", "abandoned")
        if closing:
            batch.deadlines_del_game.append((g.id,))
        cancelled = await self._commit(batch)
        for key, value in changes.items():
            setattr(g, key, value)
        g.updated = now
        if closing:
            self._forget_game(g)
        if cancelled:
            raise asyncio.CancelledError

    def _forget_game(self, g: GameRecord) -> None:
        self._games.pop(g.id, None)
        if self._by_channel.get(g.channel_id) == g.id:
            del self._by_channel[g.channel_id]
        for did in [d.id for d in self._deadlines.pending.values() if d.game_id == g.id]:
            self._deadlines.discard(did)
        g.turn_deadlines.clear()
        g.reminders.clear()
        self._ai.forget(g.id)

    def _timeout(self, g: GameRecord) -> int:
        """The game's turn clock in seconds (0: none): its host's pace, else the server's."""
        if g.pace is not None:
            return g.pace
        settings = self._settings.get(g.guild_id)
        return settings.turn_timeout if settings else 0

    def _plan_turns(
        self,
        g: GameRecord,
        seats: tuple[Seat, ...],
        state: Any,
        actor: int | None,
        batch: Batch,
        now: float,
    ) -> TurnPlan | None:
        plan = plan_turns(
            game_id=g.id,
            engine=g.engine,
            seats=seats,
            state=state,
            actor=actor,
            timers=g.turn_deadlines,
            reminders=g.reminders,
            timeout=self._timeout(g),
            now=now,
            next_id=self._deadline_ids.peek(),
            stride=self._deadline_ids.stride,
        )
        if plan is not None:
            self._deadline_ids.skip(len(plan.added))
            plan.write(batch)
        return plan

    # ---- lobby (the rules are bot.sessions.lobby's) -----------------------------------------
    async def create_lobby(
        self,
        *,
        guild_id: int,
        channel_id: int,
        game: str,
        host_id: int,
        host_name: str,
        options: Mapping[str, Any] | None = None,
        seed: int | None = None,
        practice: bool = False,
    ) -> GameInfo:
        """A new lobby with the host in seat 0. Refused (LobbyError) if the channel already has
        an unfinished game. ``seed`` (tests, replays, a practice table's fixed first deal)
        defaults to a fresh random 63-bit one; ``practice`` marks a ``/learn`` table (unrated)."""
        try:
            engine = self._engines(game)
        except KeyError as exc:
            raise GameNotFound(
                exc.args[0] if exc.args else msg("Unknown game {game}.", game=repr(game))
            ) from None
        clean = lobby.clean_options(engine, dict(options or {}))
        if channel_id in self._by_channel:
            raise LobbyError(msg("This channel already has a game; finish or cancel it first."))
        self.check_can_host(guild_id, host_id)
        for r in self._unloadable.values():
            if r.channel_id == channel_id:
                raise LobbyError(
                    msg(
                        "This channel still holds game #{id}, which could not be loaded after a"
                        " restart; an admin can end it.",
                        id=r.id,
                    )
                )
        gid = self._game_ids.take()
        now = self._clock()
        g = GameRecord(
            gid,
            guild_id,
            channel_id,
            engine.name,
            host_id,
            "lobby",
            (Seat(0, host_id, host_name),),
            clean,
            self._fresh_seed() if seed is None else seed,
            0,
            {},
            now,
            engine,
            ai_secret=self._fresh_ai_secret(),
            practice=practice,
        )
        g.updated = now
        self._by_channel[channel_id] = gid  # reserved before the await: one game per channel
        self._games[gid] = g
        batch = Batch(games=[g.row(now)])
        idle: Deadline | None = None
        if self._idle.seconds > 0:  # written with the lobby: it cannot exist without one
            idle = Deadline(self._deadline_ids.take(), gid, LOBBY_IDLE, self._idle.due(g), {})
            batch.deadlines_add.append(DeadlineWrite(idle.id, gid, idle.kind, idle.due, "{}"))
        try:
            cancelled = await self._commit(batch)
        except BaseException:
            self._forget_game(g)
            raise
        if idle is not None:
            self._deadlines.add(idle)
        if cancelled:
            raise asyncio.CancelledError
        return g.info()

    def check_can_host(self, guild_id: int, host_id: int) -> None:
        """Refuse (LobbyError) a new lobby to someone who hosts as many open lobbies in this
        server as one person may (``lobby.MAX_HOSTED_LOBBIES``). Asked by :meth:`create_lobby`,
        and by the shell before it opens a thread for a lobby."""
        lobby.check_can_host(self._games.values(), guild_id, host_id)

    async def _close_idle(self, g: GameRecord, reason: str) -> None:
        """Close a lobby nobody changed for long enough (``bot.sessions.idle``)."""
        async with g.lock:
            if g.status != "lobby" or self._idle.due(g) > self._clock():
                return  # started, closed or changed while the lock was awaited
            await self._save(g, status="abandoned", end_reason=reason[:500])
            self._notify(g, Update(g.info(), (), cause="idle"))

    async def _close_stalled(self, g: GameRecord, version: int, reason: str) -> None:
        """End a live game nobody moved in for long enough (``bot.sessions.idle``), unless a
        move came in while the lock was awaited."""
        async with g.lock:
            if g.status != "live" or g.version != version:
                return
            await self._save(g, status="abandoned", end_reason=reason[:500])
            self._notify(g, Update(g.info(), (), cause="idle"))

    async def _arm_idle_watches(self) -> None:
        """At start-up: a lobby without an idle deadline (opened before lobbies closed by
        themselves, or under a config that had it off) gets one, and so does a live game
        without its idle watch (the span starts at start-up: no move time is kept)."""
        armed = {
            (d.game_id, d.kind)
            for d in self._deadlines.pending.values()
            if d.kind in (LOBBY_IDLE, GAME_IDLE)
        }
        for g in list(self._games.values()):
            lobby_due = g.status == "lobby" and self._idle.seconds > 0
            live_due = g.status == "live" and self._stalled.seconds > 0
            if lobby_due and (g.id, LOBBY_IDLE) not in armed:
                await self.add_deadline(g.id, LOBBY_IDLE, self._idle.due(g))
            elif live_due and (g.id, GAME_IDLE) not in armed:
                await self.add_deadline(g.id, GAME_IDLE, *self._stalled.first(g))

    async def _lobby_change(
        self, game_id: int, rule: Callable[..., dict[str, Any]], *args: Any
    ) -> GameInfo:
        """The shape of every lobby edit: lock, re-check, apply the rule, save."""
        g = self._open_game(game_id)
        async with g.lock:
            lobby.check_open(g, "lobby")
            await self._save(g, **rule(g, *args))
            return g.info()

    async def join(self, game_id: int, user_id: int, name: str) -> GameInfo:
        return await self._lobby_change(game_id, lobby.join, user_id, name)

    async def leave(self, game_id: int, user_id: int) -> GameInfo:
        """Leave a lobby. When the host leaves, the next person seated becomes host; a lobby
        with no people left is cancelled."""
        return await self._lobby_change(game_id, lobby.leave, user_id)

    async def add_ai(self, game_id: int, by_user: int, level: str = "random") -> GameInfo:
        """Host only."""
        return await self._lobby_change(game_id, lobby.add_ai, by_user, level)

    async def remove_ai(self, game_id: int, seat: int, by_user: int) -> GameInfo:
        """Host only."""
        return await self._lobby_change(game_id, lobby.remove_ai, seat, by_user)

    async def set_options(self, game_id: int, by_user: int, options: Mapping[str, Any]) -> GameInfo:
        """Host only; merged into the current options and validated by the engine's Options."""
        return await self._lobby_change(game_id, lobby.set_options, by_user, options)

    async def set_pace(self, game_id: int, by_user: int, pace: int | None) -> GameInfo:
        """Host only: the table's turn clock in seconds per move (0: none; None: the
        server's turn timeout)."""
        return await self._lobby_change(game_id, lobby.set_pace, by_user, pace)

    async def set_hints(self, game_id: int, by_user: int, on: bool) -> GameInfo:
        """Host only: whether the table offers the 💡 Hint button (a hinted game is unrated)."""
        return await self._lobby_change(game_id, lobby.set_hints, by_user, on)

    async def hint(self, game_id: int, user_id: int) -> Hint:
        """The normal AI's move for ``user_id``'s seat now, with its reason (the 💡 Hint
        button), computed from that seat's observation only, in the AI's process pool.

        Why the game is marked first: a hinted game is not rated, and the mark must survive a
        crash between the hint being shown and the game's end, so it is committed before the
        hint is computed (and so before anyone sees it). Refused (NotAllowed) at a table whose
        host did not allow hints, for someone not seated, or with nothing to decide."""
        g = self._open_game(game_id)
        async with g.lock:
            lobby.check_open(g, "live")
            seat = g.info().seat_of(user_id)
            if seat is None:
                raise NotAllowed(
                    msg("You are not seated at this table, so there is no hint for you.")
                )
            if not g.hints:
                raise NotAllowed(HINTS_OFF)
            if g.seats[seat].away or not g.engine.legal_actions(g.state, seat):
                raise NotAllowed(msg("You have nothing to decide just now, so there is no hint."))
            if not g.hinted:
                await self._save(g, hinted=True)
            version, state = g.version, g.state
        code, reason = await self._ai.hint(g, seat, version, state)
        return Hint(g.info(), state, seat, version, code, reason)

    async def cancel(self, game_id: int, by_user: int) -> GameInfo:
        """Host only; a lobby that has not started is closed ("abandoned")."""
        return await self._lobby_change(game_id, lobby.cancel, by_user)

    async def start(self, game_id: int, by_user: int, table_message: int | None = None) -> Update:
        """Host only; needs engine.min_players..max_players seats. Seats keep their order.

        ``table_message``: the message that becomes the table (the lobby's, which Start edits),
        recorded with the start itself, so that nothing told of the start (a turn alert's
        link) sees a live game without its table."""
        g = self._open_game(game_id)
        async with g.lock:
            lobby.check_open(g, "lobby")
            lobby.check_start(g, by_user)
            engine = g.engine
            state = engine.new_game(len(g.seats), dict(g.options), g.seed)
            now = self._clock()
            messages = dict(g.messages)
            if table_message is not None:
                messages["table"] = int(table_message)
            batch = Batch(
                games=[g.row(now, status="live", messages=messages)],
                snapshots=[SnapshotWrite(g.id, 0, engine.dump(state))],
            )
            turns = self._plan_turns(g, g.seats, state, None, batch, now)
            watch: Deadline | None = None
            if self._stalled.seconds > 0:  # written with the start: a live game has one
                due, data = self._stalled.first(g)
                watch = Deadline(self._deadline_ids.take(), g.id, GAME_IDLE, due, data)
                batch.deadlines_add.append(
                    DeadlineWrite(watch.id, g.id, GAME_IDLE, due, dumps(data))
                )
            cancelled = await self._commit(batch)
            g.status, g.state, g.version, g.snap_version = "live", state, 0, 0
            g.messages = messages
            apply_plan(g, turns, self._deadlines)
            if watch is not None:
                self._deadlines.add(watch)
            self._ai.started(g)
            update = Update(g.info(), (), cause="start")
            self._notify(g, update)
            self._ai.kick(g)
            if cancelled:
                raise asyncio.CancelledError
            return update

    async def set_message(
        self, game_id: int, kind: str, message_id: int, *, status: Status | None = None
    ) -> None:
        """Remember a Discord message of this game (e.g. "lobby", "table"); with ``status``,
        only while the game still has it (else LobbyError, as for a click)."""
        g = self._open_game(game_id)
        async with g.lock:
            lobby.check_open(g, status)
            await self._save(g, messages={**g.messages, kind: int(message_id)})

    # ---- play -------------------------------------------------------------------------------
    async def act(self, game_id: int, seat: int, code: str, expected_version: int | None) -> Update:
        """Apply one action for ``seat``; ``expected_version=None`` skips the version check."""
        g = self._open_game(game_id)
        async with g.lock:
            lobby.check_open(g, "live")
            return await self._apply(g, seat, code, expected_version, "act")

    async def act_from(self, game_id: int, seat: int, code: str, seen_version: int) -> Update:
        """A person's click on controls drawn at ``seen_version``.

        Applied at once at the current version. From an older version it is applied only if
        nothing since touches the seat's decision (``bot.sessions.stale``: the seat has not
        moved since and the engine offers it the same moves), however many other seats moved
        in between (a simultaneous choice, the 4-player exchange): judged under the game's
        lock, so no number of concurrent commits can make a fair click bounce. Otherwise (a
        double click, a control from before the seat's own last move, a hand drawn before the
        trick, phase or turn that is now on the table) it is :class:`StaleVersion`, carrying
        what happened since so the answer can say what changed.
        """
        g = self._open_game(game_id)
        async with g.lock:
            lobby.check_open(g, "live")
            if seen_version == g.version:
                return await self._apply(g, seat, code, seen_version, "act")
            if type(seat) is not int or not 0 <= seat < len(g.seats):
                raise NotAllowed(msg("There is no seat {seat} at this table.", seat=repr(seat)))
            events: tuple[Event, ...] = ()
            moved = True
            if seen_version < g.version:
                seen_state, steps = await self._acted_since(g, seen_version)
                events = events_of(steps)
                moved = what_changed(g.engine, seen_state, g.state, seat, steps)
            stale = StaleVersion(
                msg(
                    "The table has moved on (your click was made at version {seen}, it is now"
                    " at {now}).",
                    seen=seen_version,
                    now=g.version,
                ),
                g.version,
                events,
            )
            if moved:
                raise stale
            try:
                return await self._apply(g, seat, code, None, "act")
            except IllegalAction:
                raise stale from None

    async def _acted_since(self, g: GameRecord, version: int) -> tuple[Any, list[Step]]:
        """The game's state at ``version`` and the moves since, with their seats and events:
        from memory (the record's last moves), else replayed from the log (a version from
        before this record was loaded, or older than memory reaches)."""
        known = steps_since(g.recent, version, g.version)
        if known is not None:
            return known
        engine = g.engine
        snap = await self._store.snapshot(g.id)
        if snap is not None and snap.seq <= version:
            start, at = engine.load(snap.state), snap.seq
        else:
            start, at = engine.new_game(len(g.seats), dict(g.options), g.seed), 0
        tail = await self._store.actions_after(g.id, at)
        return replay_since(engine, start, at, [a for a in tail if a.seq <= g.version], version)

    async def _apply_if(
        self,
        g: GameRecord,
        seat: int,
        code: str,
        expected: int,
        cause: MoveCause,
        guard: Callable[[], bool],
    ) -> bool:
        """The AI driver's ``apply``: the move lands only if the game is still live at the
        version it was computed for and ``guard()`` still holds, checked under the lock."""
        async with g.lock:
            if g.version != expected or g.status != "live" or not guard():
                return False
            try:
                await self._apply(g, seat, code, expected, cause)
                return True
            except StorageUnreachable:
                if self._closing:
                    raise
        # an AI move or a timeout the database could not take: not lost, but tried again (the
        # driver computes it anew) once the store can write, outside the lock meanwhile so
        # that clicks are answered "unreachable" at once
        await self._until_writable()
        return False

    async def _until_writable(self) -> None:
        """Until the store can write again, or this manager closes."""
        waits = [
            asyncio.ensure_future(self._store.wait_writable()),
            asyncio.ensure_future(self._stopping.wait()),
        ]
        try:
            await asyncio.wait(waits, return_when=asyncio.FIRST_COMPLETED)
        finally:
            for wait in waits:
                wait.cancel()

    def _fenced(self) -> None:
        """Another process took this one's shards: no AI move or deadline fires from now on
        (the process is closing; the database refuses their writes anyway)."""
        self._ai.enabled = False
        self._deadlines.halt()

    async def _apply(
        self, g: GameRecord, seat: int, code: str, expected: int | None, cause: MoveCause
    ) -> Update:
        """Validate, commit, then update memory and tell listeners. Caller holds the lock.

        One path for a person's click, an AI seat's move and a turn timeout: the action is
        committed with what it implies (a snapshot, the results, the turn timers) in one batch.
        """
        if expected is not None and expected != g.version:
            raise StaleVersion(
                msg(
                    "The table has moved on (your click was made at version {seen}, it is now"
                    " at {now}).",
                    seen=expected,
                    now=g.version,
                ),
                g.version,
            )
        if type(seat) is not int or not 0 <= seat < len(g.seats):
            raise NotAllowed(msg("There is no seat {seat} at this table.", seat=repr(seat)))
        if cause == "act" and g.seats[seat].ai_level is not None:
            raise NotAllowed(msg("Seat {seat} is played by an AI.", seat=seat))
        if cause == "act" and g.seats[seat].away:
            raise NotAllowed(
                msg(
                    "You are away: an AI is playing your seat. Press **I'm back** on the table"
                    " to take it again."
                )
            )
        engine = g.engine
        action = engine.parse_action(code)
        new_state, events = engine.apply(g.state, seat, action)
        version = g.version + 1
        now = self._clock()
        code = action.code
        batch = Batch(actions=[ActionWrite(g.id, version, seat, code, cause, now)])
        over = engine.is_over(new_state)
        turns = None
        snapshot = False
        standings: list[RatingWrite] = []
        if over:
            self._finish_rows(g, new_state, batch, now)
            standings = await self._standings.finish_rows(
                game_id=g.id,
                guild_id=g.guild_id,
                game=g.game,
                seats=g.seats,
                engine=engine,
                state=new_state,
                last=(seat, cause),
                now=now,
                rated=not g.hinted,
                practice=g.practice,
            )
            batch.ratings.extend(standings)
        else:
            if version - g.snap_version >= self.snapshot_every:
                batch.snapshots.append(SnapshotWrite(g.id, version, engine.dump(new_state)))
                snapshot = True
            # the clock's marks on the seat (a missed turn, away, back to zero): rare, so the
            # game row is written only when they change
            seats = seats_after(g.seats, seat, cause, self._ai.config.away_after)
            if seats is not None:
                batch.games.append(g.row(now, seats=seats))
            if g.turn_deadlines or g.reminders or self._timeout(g):
                turns = self._plan_turns(g, seats or g.seats, new_state, seat, batch, now)
        try:
            cancelled = await self._commit(batch)
        except BaseException:
            self._standings.discard(standings)
            raise
        g.recent.append(Step(version, seat, g.state, tuple(events)))
        g.state, g.version = new_state, version
        if over:
            g.status = "finished"
            g.end_reason = FINISHED
            self._forget_game(g)
        else:
            if snapshot:
                g.snap_version = version
            if seats is not None:
                g.seats = seats
            apply_plan(g, turns, self._deadlines)
            self._ai.committed(g, events)
        update = Update(g.info(), tuple(events), seat, code, cause)
        self._notify(g, update)
        if not over:
            self._ai.kick(g)
        if cancelled:
            raise asyncio.CancelledError
        return update

    async def back(self, game_id: int, user_id: int) -> Update:
        """An away person takes their seat back from the AI (the table's I'm back button);
        their clock starts again if it is their turn. Refused (NotAllowed) for anyone who is
        not seated here or not away."""
        return await self._set_away(game_id, user_id, False)

    async def step_away(self, game_id: int, user_id: int) -> Update:
        """A person hands their seat to the AI until they press I'm back (the hand's Step
        away): it plays their turns at once and no clock runs for them, as for someone whose
        clock ran out too often. Why: without it, a person who must leave a table without a
        turn clock holds everyone up until an admin steps in. Refused (NotAllowed) for anyone
        who is not seated here or is away already."""
        return await self._set_away(game_id, user_id, True)

    async def _set_away(self, game_id: int, user_id: int, away: bool) -> Update:
        g = self._open_game(game_id)
        async with g.lock:
            lobby.check_open(g, "live")
            seat = g.info().seat_of(user_id)
            if seat is None:
                raise NotAllowed(msg("You are not seated at this table."))
            if g.seats[seat].away == away:
                raise NotAllowed(
                    msg("You are away already: an AI plays your seat until you press I'm back.")
                    if away
                    else msg("You are not away: your seat is yours to play.")
                )
            seats = seats_away(g.seats, seat) if away else seats_back(g.seats, seat)
            now = self._clock()
            batch = Batch(games=[g.row(now, seats=seats)])
            turns = self._plan_turns(g, seats, g.state, None, batch, now)
            cancelled = await self._commit(batch)
            g.seats = seats
            apply_plan(g, turns, self._deadlines)
            update = Update(g.info(), (), seat=seat, cause="away" if away else "back")
            self._notify(g, update)
            # away: their turn, if it is, is played now; back: a paused game plays on
            self._ai.kick(g)
            if cancelled:
                raise asyncio.CancelledError
            return update

    async def _remind(self, g: GameRecord, seat: int, due: float) -> None:
        """A reminder deadline fired: tell the listeners (the table pings the person), under
        the lock so it is heard in order with the moves, and only if still current."""
        async with g.lock:
            did = g.reminders.get(seat)
            if g.status != "live" or did is None or g.turn_deadlines.get(seat) is None:
                return
            del g.reminders[seat]
            self._notify(g, Update(g.info(), (), seat=seat, cause="remind"))

    def _finish_rows(self, g: GameRecord, state: Any, batch: Batch, now: float) -> None:
        result = g.engine.result(state)
        winners = set(result.winners)
        batch.games.append(g.row(now, status="finished", end_reason=FINISHED))
        batch.results.extend(
            ResultWrite(
                g.id, s.seat, s.user_id, s.name, int(result.scores[s.seat]), int(s.seat in winners)
            )
            for s in g.seats
        )
        batch.deadlines_del_game.append((g.id,))

    async def end(self, game_id: int, *, reason: str, by_user: int | None = None) -> Update:
        """Stop a lobby or live game now (admin end): status "abandoned", no winner."""
        if game_id in self._unloadable:
            return await self._end_unloadable(game_id, reason)
        g = self._open_game(game_id)
        async with g.lock:
            lobby.check_open(g)
            who = f" by <@{by_user}>" if by_user is not None else ""
            await self._save(g, status="abandoned", end_reason=f"{reason}{who}"[:500])
            update = Update(g.info(), (), cause="end")
            self._notify(g, update)
            return update

    async def _end_unloadable(self, game_id: int, reason: str) -> Update:
        """End a game that never loaded, from its row alone (no engine needed)."""
        r = self._unloadable[game_id]
        why = f"{reason}{NOT_LOADED}"[:500]
        row = GameWrite(
            r.id, r.guild_id, r.channel_id, r.game, r.host_id, "abandoned", r.seats, r.options,
            r.seed, r.messages, r.created, self._clock(), why,
        )  # fmt: skip
        await self._commit(Batch(games=[row], deadlines_del_game=[(r.id,)]))
        if self._unloadable.pop(game_id, None) is None:
            raise GameNotFound(msg("Game #{id} is over.", id=game_id))
        return Update(info_from_row(r, "abandoned"), (), cause="end")

    async def kick(self, game_id: int, user_id: int) -> Update:
        """Admin: the user's seat becomes an AI seat (in a lobby, the seat is freed)."""
        g = self._open_game(game_id)
        async with g.lock:
            lobby.check_open(g)
            seat = next((s for s in g.seats if s.user_id == user_id), None)
            if seat is None:
                raise NotAllowed(msg("That user is not seated at this table."))
            if g.status == "lobby":
                await self._save(g, **lobby.without_person(g, user_id))
                update = Update(g.info(), (), seat=seat.seat, cause="kick")
            else:
                update = await self._kick_live(g, seat)
            self._notify(g, update)
            return update

    async def _kick_live(self, g: GameRecord, seat: Seat) -> Update:
        changes = lobby.kicked(g, seat)
        if changes.get("status") == "abandoned":
            await self._save(g, **changes)
            return Update(g.info(), (), seat=seat.seat, cause="end")
        now = self._clock()
        batch = Batch(games=[g.row(now, **changes)])
        turns = self._plan_turns(g, changes["seats"], g.state, None, batch, now)
        cancelled = await self._commit(batch)
        for key, value in changes.items():
            setattr(g, key, value)
        apply_plan(g, turns, self._deadlines)
        self._ai.kick(g)
        if cancelled:
            raise asyncio.CancelledError
        return Update(g.info(), (), seat=seat.seat, cause="kick")

    @property
    def store(self) -> GameStore:
        """The open store, for the bot's own records (the synced command tree's hash)."""
        return self._store

    # ---- privacy (issue 17) -------------------------------------------------------------------
    async def forget_user(self, user_id: int, placeholder: str = "(deleted)") -> int:
        """Privacy deletion: standings gone, name replaced in finished games (they stay
        replayable). Games still open keep the seat as it is until they end."""
        self._standings.forget_user(user_id)
        return await self._store.forget_user(user_id, placeholder)

    # ---- guild settings (the checks are bot.sessions.guilds') -------------------------------
    async def update_guild_settings(self, guild_id: int, **changes: Any) -> GuildSettings:
        guilds.check_changes(changes)
        async with self._settings_lock:
            new, row = guilds.changed(await self.reads.guild_settings(guild_id), changes)
            if await self._commit(Batch(settings=[row])):
                self._settings[guild_id] = new
                raise asyncio.CancelledError
            self._settings[guild_id] = new
            return new

    # ---- deadlines (the dispatcher fires them; rows are written under the game's lock) ------
    async def add_deadline(
        self, game_id: int, kind: str, due: float, data: Mapping[str, Any] | None = None
    ) -> int:
        """A deadline for an open game; removed with the game when it ends."""
        g = self._open_game(game_id)
        text = dumps(dict(data or {}))  # refuses what JSON cannot store, before anything
        async with g.lock:
            lobby.check_open(g)
            did = self._deadline_ids.take()
            deadline = Deadline(did, game_id, kind, float(due), json.loads(text))
            row = DeadlineWrite(deadline.id, game_id, kind, deadline.due, text)
            cancelled = await self._commit(Batch(deadlines_add=[row]))
            self._deadlines.add(deadline)
            if kind == TURN:
                g.turn_deadlines[int(deadline.data["seat"])] = deadline.id
            if cancelled:
                raise asyncio.CancelledError
            return deadline.id

    async def cancel_deadline(self, deadline_id: int) -> bool:
        """Drop a pending deadline; False if it already fired or never existed."""
        deadline = self._deadlines.discard(deadline_id)
        if deadline is None:
            return False
        g = self._games.get(deadline.game_id)
        if g is not None and deadline.kind == TURN:
            g.turn_deadlines = {s: d for s, d in g.turn_deadlines.items() if d != deadline_id}
        if g is not None and deadline.kind == REMIND:
            g.reminders = {s: d for s, d in g.reminders.items() if d != deadline_id}
        await self._commit(Batch(deadlines_del=[(deadline_id,)]))
        return True

    def on_deadline(self, kind: str, handler: DeadlineHandler) -> None:
        """Register the handler called (once) when a deadline of ``kind`` is due."""
        self._deadlines.register(kind, handler)

    def poke_deadlines(self) -> None:
        """Re-read the clock now (for an injected clock that jumped forward)."""
        self._deadlines.poke()

    async def _forget_deadline(self, deadline_id: int) -> None:
        await self._commit(Batch(deadlines_del=[(deadline_id,)]))

    # ---- loading (the replay is bot.sessions.loading's) -------------------------------------
    async def _load(self) -> None:
        """Every unfinished game, its settings and deadlines. The collector is paused
        meanwhile: loading creates only objects that live on (rows, then replayed states), so
        each collection would walk a growing heap for nothing (it was a third of a 10,000-game
        reload)."""
        paused = gc.isenabled()
        gc.disable()
        try:
            await self._load_all()
        finally:
            if paused:
                gc.enable()

    async def _load_all(self) -> None:
        store = self._store
        counters = await store.counters()
        stride, slot = (self._shards.count, self._shards.slot) if self._shards else (1, 0)
        self._game_ids = IdSpace(stride, slot, counters.max_game_id)
        self._deadline_ids = IdSpace(stride, slot, counters.max_deadline_id)
        for row in await store.guild_settings():
            self._settings[row.guild_id] = guilds.from_row(row)
        rows = await store.load_open_games()
        if self._shards is not None:  # another process drives the other shards' games
            mine = [r for r in rows.games if self._shards.owns(r.guild_id)]
            rows = OpenGames(mine, rows.snapshots, rows.tails)
        loaded = load_open(rows, self._engines)
        for g in loaded.games:
            g.acted_from = g.version  # earlier actions are known from the log only
            self._games[g.id] = g
            self._by_channel[g.channel_id] = g.id
        for r in loaded.unloadable:
            self._unloadable[r.id] = r
        unkeyed = [g for g in loaded.games if not g.ai_secret]  # stored before migration 11
        for g in unkeyed:
            g.ai_secret = self._fresh_ai_secret()
        if unkeyed:  # the rows as they were, plus the secret (``updated`` kept)
            await self._commit(Batch(games=[g.row(g.updated) for g in unkeyed]))
        for d in await store.deadlines():
            if d.game_id not in self._games and d.game_id not in self._unloadable:
                continue  # a game of another process's shards
            deadline = Deadline(d.id, d.game_id, d.kind, d.due, json.loads(d.data))
            owner = self._games.get(d.game_id)
            if d.kind == TURN and owner is not None:
                owner.turn_deadlines[int(deadline.data["seat"])] = d.id
            elif d.kind == REMIND and owner is not None:
                owner.reminders[int(deadline.data["seat"])] = d.id
            self._deadlines.add(deadline)
