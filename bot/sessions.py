"""The session manager: the one owner of every live game.

This file fixes the seam between the Discord layer (cogs, components) and the durable game
store, so both sides can be built at once. Names and signatures here are the contract; the
implementation may add to them but must not rename them.

Guarantees the implementation gives:

* One owner per game serialises its actions (a per-game lock held by a strong reference, or an
  actor). An action is validated by the engine, then written with its new version in one SQLite
  transaction **before** any caller or listener hears of it.
* ``version`` counts the actions accepted since the game started (0 right after ``start``).
  ``act(..., expected_version=v)`` is refused with :class:`StaleVersion` unless ``v`` equals the
  current version, so a double click or an old button is never applied twice.
* Listeners hear of every committed change (a player's act, an AI seat's move, a turn timeout,
  start, end) in version order per game, after the commit, outside the game's lock.
* AI seats move by themselves: after every change, while the seats to act include AI seats, the
  manager asks the policy (off the event loop) and applies its move.
* Deadlines (turn timers, the Lighthouse fade, bluff windows) are rows in the database served by
  one dispatcher task, so they survive a restart.
* All unfinished games (lobbies and live games) are loaded at start-up.

How (and why) it is built:

* **State in memory, log on disk.** Each lobby/live game is a ``_Game`` held in a dict (the
  strong reference that keeps its ``asyncio.Lock`` alive); its engine state is never re-read
  from the database while it is live. Start-up loads every unfinished game as its last snapshot
  plus the actions after it, replayed through the engine; a snapshot is written in the same
  transaction as every ``snapshot_every``-th action, so a reload replays only a few actions.
* **Commit, then memory, then listeners.** ``act`` validates with the engine (an
  ``IllegalAction`` reaches the caller unchanged), queues the rows, and waits for the group
  commit while holding the game's lock; only then does the in-memory state move and the
  update go to the game's listener queue. If the caller is cancelled after the rows were
  queued, the wait is finished anyway (the move stands, memory follows the log) and the
  cancellation is re-raised afterwards.
* **Listeners** run in one drain task per game, fed in version order under the lock, so a slow
  or failing listener (logged) never holds the lock or another game.
* **AI seats and turn timers** go through the same ``_apply`` path as a person (causes "ai" and
  "timeout"); the policy runs in an executor on a state snapshot, and its move is dropped if the
  version moved meanwhile. Turn timers are deadline rows written in the same transaction as
  the move that starts or ends them, so after a crash they exist exactly when they should.
* **Engine-agnostic**: engines come from ``games.registry`` (or an injected lookup); nothing
  here knows a rule. Options are validated by the engine's ``Options`` model; the host's keys
  are stored in their JSON form and passed to ``new_game``.
"""

from __future__ import annotations

import asyncio
import json
import logging
import secrets
import time
from collections import defaultdict, deque
from collections.abc import Awaitable, Callable, Mapping
from concurrent.futures import Executor, ThreadPoolExecutor
from dataclasses import dataclass, field, replace
from pathlib import Path
from types import MappingProxyType
from typing import Any, Literal

from bot.ai import POLICIES, move_seed, policy_for
from bot.deadlines import Dispatcher
from bot.store import Batch, Store, check, dumps
from games import Action, BadOptions, Event, registry
from games.core import validate_options

log = logging.getLogger(__name__)

Status = Literal["lobby", "live", "finished", "abandoned"]


class SessionError(Exception):
    """A refusal a user can read; the bot shows ``str(exc)`` ephemerally. Nothing changed."""


class GameNotFound(SessionError):
    """No such game, or it is no longer open for this operation."""


class NotAllowed(SessionError):
    """The user may not do this (not seated, not the host, not this seat)."""


class LobbyError(SessionError):
    """The lobby cannot do this now (full, already seated, too few players to start, ...)."""


class StaleVersion(SessionError):
    """The click was made against an older state of the game; ``current`` is the version now."""

    def __init__(self, message: str, current: int) -> None:
        super().__init__(message)
        self.current = current


@dataclass(frozen=True, slots=True)
class Seat:
    seat: int
    user_id: int | None  # Discord user id; None for an AI seat
    name: str  # display name at the time of joining ("AI 1" for AI seats)
    ai_level: str | None = None  # e.g. "random"; None for people

    @property
    def is_ai(self) -> bool:
        return self.user_id is None


@dataclass(frozen=True, slots=True)
class GameInfo:
    """Everything about a game except its rules state."""

    id: int
    guild_id: int
    channel_id: int  # where the lobby/table lives (the thread's id when threads are used)
    game: str  # engine name, as in games.registry
    host_id: int
    status: Status
    seats: tuple[Seat, ...]
    options: Mapping[str, Any]  # the table options as set by the host (engine.Options fields)
    seed: int
    version: int
    messages: Mapping[str, int] = field(default_factory=dict)  # e.g. {"lobby": id, "table": id}

    def seat_of(self, user_id: int) -> int | None:
        """The seat this user holds, if any (one seat per user per game)."""
        for seat in self.seats:
            if seat.user_id == user_id:
                return seat.seat
        return None


@dataclass(frozen=True, slots=True)
class Update:
    """A committed change, as returned by ``act``/``start``/``end`` and given to listeners."""

    info: GameInfo  # after the change
    events: tuple[Event, ...]  # the engine's events (route by Event.visible_to)
    seat: int | None = None  # who acted (None for start/end)
    code: str | None = None  # the action code applied, if any
    cause: str = "act"  # "act", "ai", "timeout", "start", "end", "kick"


@dataclass(frozen=True, slots=True)
class GuildSettings:
    guild_id: int
    admin_role_id: int | None = None
    use_threads: bool = False
    turn_timeout: int = 0  # seconds a person has to act before the AI policy acts for them; 0 = off


@dataclass(frozen=True, slots=True)
class Deadline:
    id: int
    game_id: int
    kind: str  # e.g. "lighthouse_fade"; "turn" is the manager's own
    due: float  # unix time
    data: Mapping[str, Any]


Listener = Callable[[Update], Awaitable[None]]
DeadlineHandler = Callable[[Deadline], Awaitable[None]]
#: picks a move for an AI seat: (engine, state, seat, rng seed) -> action; runs in an executor
Policy = Callable[[Any, Any, int, int], Action]


@dataclass(eq=False, slots=True)
class _Game:
    """The manager's in-memory record of one lobby or live game (its owner)."""

    id: int
    guild_id: int
    channel_id: int
    game: str
    host_id: int
    status: Status
    seats: tuple[Seat, ...]
    options: Mapping[str, Any]  # replaced, never mutated, so infos can share it
    seed: int
    version: int
    messages: Mapping[str, int]
    created: float
    engine: Any
    state: Any = None
    snap_version: int = 0
    end_reason: str | None = None
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    turn_deadlines: dict[int, int] = field(default_factory=dict)  # seat -> deadline id
    outbox: deque[Update] = field(default_factory=deque)
    notifying: bool = False
    ai_task: asyncio.Task[None] | None = None
    _info: GameInfo | None = None
    _info_key: tuple[Any, ...] = ()
    _ai_of: tuple[Seat, ...] | None = None
    _ai: bool = False

    def info(self) -> GameInfo:
        """The frozen public record, rebuilt only when something in it changed (it is asked
        for on every act and every view, so it is cached on the identity of its parts)."""
        key = (self.version, self.status, self.seats, self.host_id, self.options, self.messages)
        if self._info is not None and key == self._info_key:
            return self._info
        self._info_key = key
        self._info = GameInfo(
            self.id,
            self.guild_id,
            self.channel_id,
            self.game,
            self.host_id,
            self.status,
            self.seats,
            MappingProxyType(self.options),  # type: ignore[arg-type]
            self.seed,
            self.version,
            MappingProxyType(self.messages),  # type: ignore[arg-type]
        )
        return self._info

    def has_ai(self) -> bool:
        if self._ai_of is not self.seats:
            self._ai_of = self.seats
            self._ai = any(seat.user_id is None for seat in self.seats)
        return self._ai

    def row(self, now: float, **changes: Any) -> tuple[Any, ...]:
        """The ``games`` upsert row with ``changes`` (seats, host_id, ...) applied."""
        get = changes.get
        seats = get("seats", self.seats)
        return (
            self.id,
            self.guild_id,
            self.channel_id,
            self.game,
            get("host_id", self.host_id),
            get("status", self.status),
            dumps([[s.user_id, s.name, s.ai_level] for s in seats]),
            dumps(dict(get("options", self.options))),
            self.seed,
            dumps(dict(get("messages", self.messages))),
            self.created,
            now,
            get("end_reason", self.end_reason),
        )


def _seats_from_json(text: str) -> tuple[Seat, ...]:
    return tuple(
        Seat(i, user_id, name, level) for i, (user_id, name, level) in enumerate(json.loads(text))
    )


#: actions between snapshots. Reloading a game costs one ``engine.load`` plus on average half
#: this many ``engine.apply``; writing a snapshot costs one ``engine.dump`` per this many moves.
#: With Rowboat (dump ~30 us, apply ~10 us) 8 keeps 10,000 games reloading in about a second.
SNAPSHOT_EVERY = 8
#: why a game ends when its last person is kicked
NO_PEOPLE_LEFT = "no people left at the table"


def _json_memo(text: str, _memo: dict[str, Any] = {}) -> Any:  # noqa: B006
    """Decode a small JSON value, sharing the result between equal texts (many games carry
    the same options): the values are never mutated, only replaced. Bounded, so a long-lived
    process does not keep every text it ever saw."""
    value = _memo.get(text)
    if value is None:
        value = json.loads(text)
        if len(_memo) < 4096:
            _memo[text] = value
    return value


_GAME_COLUMNS = (
    "id, guild_id, channel_id, game, host_id, status, seats, options, seed, version, messages,"
    " created, end_reason"
)
_SETTING_FIELDS = {"admin_role_id", "use_threads", "turn_timeout"}


class SessionManager:
    """See the module docstring. Every method raises :class:`SessionError` subclasses (or
    ``games.IllegalAction`` / ``games.BadOptions``) with a readable message and changes nothing
    when it refuses."""

    def __init__(
        self,
        store: Store,
        *,
        policy: Policy | None,
        engines: Callable[[str], Any],
        clock: Callable[[], float],
        executor: Executor | None,
        snapshot_every: int,
    ) -> None:
        self._store = store
        self._policy = policy
        self._engines = engines
        self._clock = clock
        self._own_executor = executor is None
        self._executor = executor or ThreadPoolExecutor(max_workers=8, thread_name_prefix="ai")
        #: actions between snapshots: reload replays fewer than this many actions per game
        self.snapshot_every = max(1, snapshot_every)
        self._games: dict[int, _Game] = {}  # lobbies and live games: strong references
        self._by_channel: dict[int, int] = {}
        #: unfinished games whose replay failed at start-up (an engine bug, a removed game):
        #: kept out of play but still holding their channel until an admin ends them
        self._unloadable: dict[int, Any] = {}
        self._settings: dict[int, GuildSettings] = {}
        self._settings_lock = asyncio.Lock()
        self._listeners: list[Listener] = []
        self._tasks: set[asyncio.Task[Any]] = set()
        self._next_game = 1
        self._next_deadline = 1
        self._closing = False
        self._autoplay = True
        self._deadlines = Dispatcher(clock, self._forget_deadline)
        self._deadlines.register("turn", self._on_turn)

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
    ) -> SessionManager:
        """Open (creating or migrating) the database and load every unfinished game.

        ``engines`` maps a game name to its engine (default ``games.registry.get``); tests
        inject their own. ``policy`` replaces the AI levels' policies for every AI seat.
        ``autoplay=False`` opens without AI moves and without firing deadlines, so that
        inspecting a database (an export, a consistency check) never changes it.
        """
        store = await Store.open(path, synchronous=synchronous)
        self = cls(
            store,
            policy=policy,
            engines=engines or registry.get,
            clock=clock,
            executor=executor,
            snapshot_every=snapshot_every,
        )
        try:
            await self._load()
        except BaseException:
            await store.close()
            raise
        self._autoplay = autoplay
        if autoplay:
            self._deadlines.start()
            for g in self._games.values():
                self._kick_ai(g)
        return self

    async def close(self) -> None:
        """Finish in-flight commits, stop AI and deadline tasks, close the database."""
        if self._closing:
            return
        self._closing = True
        await self._deadlines.stop()
        for task in list(self._tasks):
            if task.get_name().startswith("ai-"):
                task.cancel()
        if self._tasks:
            await asyncio.gather(*self._tasks, return_exceptions=True)
        await self._store.close()
        if self._own_executor:
            self._executor.shutdown(wait=False, cancel_futures=True)

    def add_listener(self, listener: Listener) -> None:
        self._listeners.append(listener)

    async def settle(self) -> None:
        """Wait until no AI move, listener call or fired deadline is in progress (for tests and
        for a clean shutdown); new work started meanwhile is waited for too."""
        while True:
            pending = [t for t in self._tasks if not t.done()] + list(self._deadlines._running)
            if not pending:
                return
            await asyncio.gather(*pending, return_exceptions=True)

    # ---- loading ----------------------------------------------------------------------------
    async def _load(self) -> None:
        store = self._store
        row = await store.fetchone("SELECT COALESCE(MAX(id), 0) FROM games")
        self._next_game = int(row[0]) + 1
        row = await store.fetchone("SELECT COALESCE(MAX(id), 0) FROM deadlines")
        self._next_deadline = int(row[0]) + 1
        for guild_id, role, threads, timeout in await store.fetchall(
            "SELECT guild_id, admin_role_id, use_threads, turn_timeout FROM guild_settings"
        ):
            self._settings[guild_id] = GuildSettings(guild_id, role, bool(threads), timeout)
        rows = await store.fetchall(
            f"SELECT {_GAME_COLUMNS} FROM games WHERE status IN ('lobby', 'live') ORDER BY id"
        )
        snaps = {
            gid: (seq, text)
            for gid, seq, text in await store.fetchall(
                "SELECT s.game_id, s.seq, s.state FROM snapshots s JOIN games g"
                " ON g.id = s.game_id WHERE g.status = 'live'"
            )
        }
        tails: dict[int, list[tuple[int, int, str]]] = defaultdict(list)
        for gid, seq, seat, code in await store.fetchall(
            "SELECT a.game_id, a.seq, a.seat, a.code FROM games g"
            " JOIN actions a ON a.game_id = g.id LEFT JOIN snapshots s ON s.game_id = g.id"
            " WHERE g.status = 'live' AND a.seq > COALESCE(s.seq, 0) ORDER BY a.game_id, a.seq"
        ):
            tails[gid].append((seq, seat, code))
        for r in rows:
            try:
                g = self._game_from_row(r, snaps.get(r[0]), tails.get(r[0], ()))
            except Exception:
                log.exception(
                    "game %s could not be loaded; it stays in the database untouched", r[0]
                )
                self._unloadable[r[0]] = r
                continue
            self._games[g.id] = g
            self._by_channel[g.channel_id] = g.id
        for did, gid, kind, due, data in await store.fetchall(
            "SELECT id, game_id, kind, due, data FROM deadlines ORDER BY id"
        ):
            deadline = Deadline(did, gid, kind, due, json.loads(data))
            g = self._games.get(gid)
            if kind == "turn" and g is not None:
                g.turn_deadlines[int(deadline.data["seat"])] = did
            self._deadlines.add(deadline)

    def _game_from_row(
        self,
        r: Any,
        snapshot: tuple[int, str] | None,
        tail: Any,
    ) -> _Game:
        (
            gid,
            guild,
            channel,
            game,
            host,
            status,
            seats,
            options,
            seed,
            version,
            msgs,
            created,
            why,
        ) = r
        engine = self._engines(game)
        g = _Game(
            gid,
            guild,
            channel,
            game,
            host,
            status,
            _seats_from_json(seats),
            _json_memo(options),
            seed,
            0,
            _json_memo(msgs),
            created,
            engine,
            end_reason=why,
        )
        if status == "lobby":
            return g
        if snapshot is not None:
            g.snap_version, text = snapshot
            state = engine.load(text)
        else:
            state = engine.new_game(len(g.seats), dict(g.options), seed)
        at = g.snap_version
        for seq, seat, code in tail:
            if seq != at + 1:
                raise RuntimeError(f"game {gid}: action log jumps from {at} to {seq}")
            state, _ = engine.apply(state, seat, code)
            at = seq
        if at != version:  # the log is the truth; the column is only a convenience
            log.warning("game %s: version column %s disagrees with the log (%s)", gid, version, at)
        g.state, g.version = state, at
        return g

    async def _load_closed(self, game_id: int) -> _Game:
        """A finished or abandoned game, rebuilt from the database (not kept in memory): the
        last snapshot plus the later actions; an abandoned lobby has no state."""
        r = await self._store.fetchone(
            f"SELECT {_GAME_COLUMNS} FROM games WHERE id = ?", (game_id,)
        )
        if r is None:
            raise GameNotFound(f"There is no game #{game_id}.")
        snap = await self._store.fetchone(
            "SELECT seq, state FROM snapshots WHERE game_id = ?", (game_id,)
        )
        if snap is None:  # never started
            g = self._game_from_row(_with_status(r, "lobby"), None, ())
            g.status = r[5]
            return g
        tail = await self._store.fetchall(
            "SELECT seq, seat, code FROM actions WHERE game_id = ? AND seq > ? ORDER BY seq",
            (game_id, snap[0]),
        )
        g = self._game_from_row(_with_status(r, "live"), snap, tail)
        g.status = r[5]
        return g

    # ---- helpers ----------------------------------------------------------------------------
    def _open_game(self, game_id: int) -> _Game:
        g = self._games.get(game_id)
        if g is None:
            raise GameNotFound(f"There is no open game #{game_id}.")
        return g

    @staticmethod
    def _check_open(g: _Game, want: Status | None = None) -> None:
        """Re-checked after taking the lock: the game may have ended while we waited."""
        if g.status not in ("lobby", "live"):
            raise GameNotFound(f"Game #{g.id} is over.")
        if want == "lobby" and g.status != "lobby":
            raise LobbyError("The game has already started.")
        if want == "live" and g.status != "live":
            raise LobbyError("The game has not started yet.")

    @staticmethod
    def _check_host(g: _Game, by_user: int, what: str) -> None:
        if by_user != g.host_id:
            host = next((s.name for s in g.seats if s.user_id == g.host_id), "the host")
            raise NotAllowed(f"Only the host ({host}) can {what}.")

    async def _commit(self, batch: Batch) -> bool:
        """Write ``batch``; True if our caller was cancelled meanwhile.

        Once a batch is queued it will be written whatever happens to the caller, so the wait
        is not abandoned on cancellation: the in-memory state must follow the log before the
        game's lock is released. The caller re-raises the cancellation afterwards.
        """
        done, index = self._store.submit(batch)
        cancelled = False
        while not done.done():
            try:
                await done  # a Commit: cancelling us waits for the write to finish
            except asyncio.CancelledError:
                cancelled = True
        check(done.result(), index)
        return cancelled

    def _spawn(self, coro: Any, name: str) -> asyncio.Task[Any]:
        task = asyncio.get_running_loop().create_task(coro, name=name)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)
        return task

    def _notify(self, g: _Game, update: Update) -> None:
        """Queue ``update`` for the listeners; called under the game's lock, so in version
        order. One drain task per game calls them outside the lock."""
        if not self._listeners:
            return
        g.outbox.append(update)
        if not g.notifying:
            g.notifying = True
            self._spawn(self._drain(g), f"notify-{g.id}")

    async def _drain(self, g: _Game) -> None:
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

    async def _save(self, g: _Game, **changes: Any) -> None:
        """Commit a change of the game row (lobby edits, status), then apply it in memory."""
        now = self._clock()
        batch = Batch(games=[g.row(now, **changes)])
        closing = changes.get("status") in ("finished", "abandoned")
        if closing:
            batch.deadlines_del_game.append((g.id,))
        cancelled = await self._commit(batch)
        for key, value in changes.items():
            setattr(g, key, value)
        if closing:
            self._forget_game(g)
        if cancelled:
            raise asyncio.CancelledError

    def _forget_game(self, g: _Game) -> None:
        self._games.pop(g.id, None)
        if self._by_channel.get(g.channel_id) == g.id:
            del self._by_channel[g.channel_id]
        for did in [d.id for d in self._deadlines.pending.values() if d.game_id == g.id]:
            self._deadlines.discard(did)
        g.turn_deadlines.clear()

    # ---- lobby ----------------------------------------------------------------------------
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
    ) -> GameInfo:
        """A new lobby with the host in seat 0. Refused (LobbyError) if the channel already has
        an unfinished game. ``seed`` (tests, replays) defaults to a fresh random 63-bit one."""
        try:
            engine = self._engines(game)
        except KeyError as exc:
            raise GameNotFound(
                str(exc.args[0]) if exc.args else f"Unknown game {game!r}."
            ) from None
        clean = _clean_options(engine, dict(options or {}))
        if channel_id in self._by_channel:
            raise LobbyError("This channel already has a game; finish or cancel it first.")
        for r in self._unloadable.values():
            if r[2] == channel_id:
                raise LobbyError(
                    f"This channel still holds game #{r[0]}, which could not be loaded after a"
                    " restart; an admin can end it."
                )
        gid = self._next_game
        self._next_game += 1
        now = self._clock()
        g = _Game(
            gid,
            guild_id,
            channel_id,
            engine.name,
            host_id,
            "lobby",
            (Seat(0, host_id, host_name),),
            clean,
            secrets.randbits(63) if seed is None else seed,
            0,
            {},
            now,
            engine,
        )
        self._by_channel[channel_id] = gid  # reserved before the await: one game per channel
        self._games[gid] = g
        try:
            cancelled = await self._commit(Batch(games=[g.row(now)]))
        except BaseException:
            self._forget_game(g)
            raise
        if cancelled:
            raise asyncio.CancelledError
        return g.info()

    async def join(self, game_id: int, user_id: int, name: str) -> GameInfo:
        g = self._open_game(game_id)
        async with g.lock:
            self._check_open(g, "lobby")
            if any(s.user_id == user_id for s in g.seats):
                raise LobbyError("You are already seated at this table.")
            if len(g.seats) >= g.engine.max_players:
                raise LobbyError(f"The table is full ({g.engine.max_players} seats).")
            await self._save(g, seats=(*g.seats, Seat(len(g.seats), user_id, name)))
            return g.info()

    async def leave(self, game_id: int, user_id: int) -> GameInfo:
        """Leave a lobby. When the host leaves, the next person seated becomes host; a lobby
        with no people left is cancelled."""
        g = self._open_game(game_id)
        async with g.lock:
            self._check_open(g, "lobby")
            if not any(s.user_id == user_id for s in g.seats):
                raise NotAllowed("You are not seated at this table.")
            await self._save(g, **_without_person(g, user_id))
            return g.info()

    async def add_ai(self, game_id: int, by_user: int, level: str = "random") -> GameInfo:
        """Host only."""
        g = self._open_game(game_id)
        async with g.lock:
            self._check_open(g, "lobby")
            self._check_host(g, by_user, "add an AI")
            if level not in POLICIES:
                raise LobbyError(f"Unknown AI level {level!r} (levels: {', '.join(POLICIES)}).")
            if len(g.seats) >= g.engine.max_players:
                raise LobbyError(f"The table is full ({g.engine.max_players} seats).")
            taken = {s.name for s in g.seats if s.is_ai}
            name = next(f"AI {n}" for n in range(1, 100) if f"AI {n}" not in taken)
            await self._save(g, seats=(*g.seats, Seat(len(g.seats), None, name, level)))
            return g.info()

    async def remove_ai(self, game_id: int, seat: int, by_user: int) -> GameInfo:
        """Host only."""
        g = self._open_game(game_id)
        async with g.lock:
            self._check_open(g, "lobby")
            self._check_host(g, by_user, "remove an AI")
            if not (type(seat) is int and 0 <= seat < len(g.seats) and g.seats[seat].is_ai):
                raise LobbyError(f"Seat {seat} is not an AI seat.")
            await self._save(g, seats=_renumber(s for s in g.seats if s.seat != seat))
            return g.info()

    async def set_options(self, game_id: int, by_user: int, options: Mapping[str, Any]) -> GameInfo:
        """Host only; merged into the current options and validated by the engine's Options."""
        g = self._open_game(game_id)
        async with g.lock:
            self._check_open(g, "lobby")
            self._check_host(g, by_user, "change the options")
            if not isinstance(options, Mapping):
                raise BadOptions("Options must be a table of names and values.")
            clean = _clean_options(g.engine, {**g.options, **options})
            await self._save(g, options=clean)
            return g.info()

    async def start(self, game_id: int, by_user: int) -> Update:
        """Host only; needs engine.min_players..max_players seats. Seats keep their order."""
        g = self._open_game(game_id)
        async with g.lock:
            self._check_open(g, "lobby")
            self._check_host(g, by_user, "start the game")
            engine = g.engine
            n = len(g.seats)
            if not engine.min_players <= n <= engine.max_players:
                raise LobbyError(
                    f"{engine.title} needs {engine.min_players} to {engine.max_players} players;"
                    f" {n} seated."
                )
            state = engine.new_game(n, dict(g.options), g.seed)
            now = self._clock()
            batch = Batch(
                games=[g.row(now, status="live")],
                snapshots=[(g.id, 0, engine.dump(state))],
            )
            turns = self._plan_turns(g, g.seats, state, None, batch, now)
            cancelled = await self._commit(batch)
            g.status, g.state, g.version, g.snap_version = "live", state, 0, 0
            self._apply_turns(g, turns)
            update = Update(g.info(), (), cause="start")
            self._notify(g, update)
            self._kick_ai(g)
            if cancelled:
                raise asyncio.CancelledError
            return update

    async def cancel(self, game_id: int, by_user: int) -> GameInfo:
        """Host only; a lobby that has not started is closed ("abandoned")."""
        g = self._open_game(game_id)
        async with g.lock:
            self._check_open(g, "lobby")
            self._check_host(g, by_user, "cancel the lobby")
            await self._save(g, status="abandoned", end_reason="cancelled by the host")
            return g.info()

    async def set_message(self, game_id: int, kind: str, message_id: int) -> None:
        """Remember a Discord message of this game (e.g. "lobby", "table")."""
        g = self._open_game(game_id)
        async with g.lock:
            self._check_open(g)
            await self._save(g, messages={**g.messages, kind: int(message_id)})

    # ---- play -----------------------------------------------------------------------------
    async def act(self, game_id: int, seat: int, code: str, expected_version: int | None) -> Update:
        """Apply one action for ``seat``; ``expected_version=None`` skips the version check."""
        g = self._open_game(game_id)
        async with g.lock:
            self._check_open(g, "live")
            return await self._apply(g, seat, code, expected_version, "act")

    async def _apply(
        self, g: _Game, seat: int, code: str, expected: int | None, cause: str
    ) -> Update:
        """Validate, commit, then update memory and tell listeners. Caller holds the lock."""
        if expected is not None and expected != g.version:
            raise StaleVersion(
                f"The table has moved on (your click was made at version {expected},"
                f" it is now at {g.version}).",
                g.version,
            )
        if type(seat) is not int or not 0 <= seat < len(g.seats):
            raise NotAllowed(f"There is no seat {seat!r} at this table.")
        if cause == "act" and g.seats[seat].ai_level is not None:
            raise NotAllowed(f"Seat {seat} is played by an AI.")
        engine = g.engine
        action = engine.parse_action(code)
        new_state, events = engine.apply(g.state, seat, action)
        version = g.version + 1
        now = self._clock()
        code = action.code
        batch = Batch(actions=[(g.id, version, seat, code, cause, now)])
        over = engine.is_over(new_state)
        turns = None
        snapshot = False
        if over:
            self._finish_rows(g, new_state, batch, now)
        else:
            if version - g.snap_version >= self.snapshot_every:
                batch.snapshots.append((g.id, version, engine.dump(new_state)))
                snapshot = True
            if g.turn_deadlines or self._timeout(g.guild_id):
                turns = self._plan_turns(g, g.seats, new_state, seat, batch, now)
        cancelled = await self._commit(batch)
        g.state, g.version = new_state, version
        if over:
            g.status = "finished"
            g.end_reason = "finished"
            self._forget_game(g)
        else:
            if snapshot:
                g.snap_version = version
            self._apply_turns(g, turns)
        update = Update(g.info(), tuple(events), seat, code, cause)
        self._notify(g, update)
        if not over:
            self._kick_ai(g)
        if cancelled:
            raise asyncio.CancelledError
        return update

    def _finish_rows(self, g: _Game, state: Any, batch: Batch, now: float) -> None:
        result = g.engine.result(state)
        winners = set(result.winners)
        batch.games.append(g.row(now, status="finished", end_reason="finished"))
        batch.results.extend(
            (g.id, s.seat, s.user_id, s.name, int(result.scores[s.seat]), int(s.seat in winners))
            for s in g.seats
        )
        batch.deadlines_del_game.append((g.id,))

    async def state(self, game_id: int) -> tuple[GameInfo, Any]:
        """The game's info and current engine state (treat it as read-only). A lobby has no
        state yet (``None``); a finished game is rebuilt from its log."""
        if game_id in self._unloadable:
            raise GameNotFound(f"Game #{game_id} could not be loaded; an admin can end it.")
        g = self._games.get(game_id) or await self._load_closed(game_id)
        return g.info(), g.state

    async def end(self, game_id: int, *, reason: str, by_user: int | None = None) -> Update:
        """Stop a lobby or live game now (admin end): status "abandoned", no winner."""
        if game_id in self._unloadable:
            return await self._end_unloadable(game_id, reason)
        g = self._open_game(game_id)
        async with g.lock:
            self._check_open(g)
            who = f" by <@{by_user}>" if by_user is not None else ""
            await self._save(g, status="abandoned", end_reason=f"{reason}{who}"[:500])
            update = Update(g.info(), (), cause="end")
            self._notify(g, update)
            return update

    async def _end_unloadable(self, game_id: int, reason: str) -> Update:
        """End a game that never loaded, from its row alone (no engine needed)."""
        r = self._unloadable[game_id]
        gid, guild, channel, game, host, _, seats, options, seed, _, msgs, created, _ = r
        why = f"{reason} (could not be loaded)"[:500]
        row = (gid, guild, channel, game, host, "abandoned", seats, options, seed, msgs, created)
        batch = Batch(games=[(*row, self._clock(), why)], deadlines_del_game=[(gid,)])
        await self._commit(batch)
        if self._unloadable.pop(game_id, None) is None:
            raise GameNotFound(f"Game #{game_id} is over.")
        return Update(_info_from_row(_with_status(r, "abandoned")), (), cause="end")

    async def kick(self, game_id: int, user_id: int) -> Update:
        """Admin: the user's seat becomes an AI seat (in a lobby, the seat is freed)."""
        g = self._open_game(game_id)
        async with g.lock:
            self._check_open(g)
            seat = next((s for s in g.seats if s.user_id == user_id), None)
            if seat is None:
                raise NotAllowed("That user is not seated at this table.")
            if g.status == "lobby":
                await self._save(g, **_without_person(g, user_id))
                update = Update(g.info(), (), seat=seat.seat, cause="kick")
            else:
                update = await self._kick_live(g, seat)
            self._notify(g, update)
            return update

    async def _kick_live(self, g: _Game, seat: Seat) -> Update:
        seats = list(g.seats)
        seats[seat.seat] = Seat(seat.seat, None, f"{seat.name} (AI)", "random")
        changes: dict[str, Any] = {"seats": tuple(seats)}
        people = [s for s in seats if not s.is_ai]
        if not people:
            # Nobody is left to play for, and AI seats alone may never finish (random bids
            # need not reach a target, rowboat.md), so the table closes instead of playing on.
            await self._save(g, seats=tuple(seats), status="abandoned", end_reason=NO_PEOPLE_LEFT)
            return Update(g.info(), (), seat=seat.seat, cause="end")
        if seat.user_id == g.host_id and people:
            changes["host_id"] = people[0].user_id
        now = self._clock()
        batch = Batch(games=[g.row(now, **changes)])
        turns = self._plan_turns(g, changes["seats"], g.state, None, batch, now)
        cancelled = await self._commit(batch)
        for key, value in changes.items():
            setattr(g, key, value)
        self._apply_turns(g, turns)
        self._kick_ai(g)
        if cancelled:
            raise asyncio.CancelledError
        return Update(g.info(), (), seat=seat.seat, cause="kick")

    # ---- AI seats and turn timers -----------------------------------------------------------
    def _kick_ai(self, g: _Game) -> None:
        """Start the game's AI driver if AI seats are to act and none is running."""
        if g.status != "live" or self._closing or (g.ai_task and not g.ai_task.done()):
            return
        if not self._autoplay or not g.has_ai():
            return
        seats = g.seats
        if any(seats[s].is_ai for s in g.engine.to_act(g.state)):
            g.ai_task = self._spawn(self._run_ai(g), f"ai-{g.id}")

    async def _policy_move(self, g: _Game, state: Any, seat: int, version: int) -> Action:
        policy = self._policy or policy_for(g.seats[seat].ai_level)
        seed = move_seed(g.seed, version, seat)
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self._executor, policy, g.engine, state, seat, seed)

    async def _run_ai(self, g: _Game) -> None:
        """Move for the AI seats while they are to act; a version check after the (unlocked)
        policy call drops a move computed for a state that has meanwhile changed."""
        failures = 0
        while g.status == "live" and not self._closing:
            seat = next((s for s in g.engine.to_act(g.state) if g.seats[s].is_ai), None)
            if seat is None:
                return
            version = g.version
            try:
                action = await self._policy_move(g, g.state, seat, version)
                async with g.lock:
                    if g.version != version or g.status != "live" or not g.seats[seat].is_ai:
                        continue
                    await self._apply(g, seat, action.code, version, "ai")
            except asyncio.CancelledError:
                raise
            except Exception:
                failures += 1
                log.exception("AI move failed in game %s seat %s", g.id, seat)
                if failures >= 3:
                    log.error("game %s: AI seat %s gave up after %d failures", g.id, seat, failures)
                    return

    def _timeout(self, guild_id: int) -> int:
        settings = self._settings.get(guild_id)
        return settings.turn_timeout if settings else 0

    def _plan_turns(
        self,
        g: _Game,
        seats: tuple[Seat, ...],
        state: Any,
        actor: int | None,
        batch: Batch,
        now: float,
    ) -> tuple[dict[int, int], list[Deadline], list[int]] | None:
        """Turn timers after a change: one per person to act. A seat keeps its running timer
        unless it just acted; a seat no longer to act loses it. Rows go in ``batch``."""
        timeout = self._timeout(g.guild_id)
        if timeout <= 0 and not g.turn_deadlines:
            return None
        want = set()
        if timeout > 0 and not g.engine.is_over(state):
            want = {s for s in g.engine.to_act(state) if not seats[s].is_ai}
        timers = dict(g.turn_deadlines)
        removed = [did for s, did in timers.items() if s not in want or s == actor]
        timers = {s: did for s, did in timers.items() if s in want and s != actor}
        added = []
        for s in sorted(want - timers.keys()):
            deadline = Deadline(self._next_deadline, g.id, "turn", now + timeout, {"seat": s})
            self._next_deadline += 1
            timers[s] = deadline.id
            added.append(deadline)
        batch.deadlines_add.extend((d.id, d.game_id, d.kind, d.due, dumps(d.data)) for d in added)
        batch.deadlines_del.extend((did,) for did in removed)
        return timers, added, removed

    def _apply_turns(
        self, g: _Game, turns: tuple[dict[int, int], list[Deadline], list[int]] | None
    ) -> None:
        if turns is None:
            return
        g.turn_deadlines, added, removed = turns
        for did in removed:
            self._deadlines.discard(did)
        for deadline in added:
            self._deadlines.add(deadline)

    async def _on_turn(self, deadline: Deadline) -> None:
        """A person's turn timer ran out: the policy moves for them (cause "timeout")."""
        g = self._games.get(deadline.game_id)
        seat = int(deadline.data.get("seat", -1))
        if g is None or self._timeout(g.guild_id) <= 0:  # timers were switched off meanwhile
            return
        while g is not None and g.status == "live" and g.turn_deadlines.get(seat) == deadline.id:
            if seat not in g.engine.to_act(g.state):
                return
            version = g.version
            action = await self._policy_move(g, g.state, seat, version)
            async with g.lock:
                if g.version != version or g.status != "live":
                    continue
                if g.turn_deadlines.get(seat) != deadline.id:
                    return
                await self._apply(g, seat, action.code, version, "timeout")
                return

    # ---- queries --------------------------------------------------------------------------
    async def get(self, game_id: int) -> GameInfo:
        g = self._games.get(game_id)
        if g is not None:
            return g.info()
        r = await self._store.fetchone(
            f"SELECT {_GAME_COLUMNS} FROM games WHERE id = ?", (game_id,)
        )
        if r is None:
            raise GameNotFound(f"There is no game #{game_id}.")
        return _info_from_row(r)

    async def live_games(self, guild_id: int | None = None) -> list[GameInfo]:
        """Lobbies and live games, oldest first."""
        games = sorted(self._games.values(), key=lambda g: g.id)
        return [g.info() for g in games if guild_id is None or g.guild_id == guild_id]

    async def game_in_channel(self, channel_id: int) -> GameInfo | None:
        """The unfinished game (lobby or live) in this channel, if any."""
        gid = self._by_channel.get(channel_id)
        return self._games[gid].info() if gid is not None else None

    async def actions(self, game_id: int) -> list[tuple[int, int, str]]:
        """The action log as (seq, seat, code): replays and exports."""
        if game_id not in self._games:
            await self.get(game_id)  # GameNotFound for an unknown id
        rows = await self._store.fetchall(
            "SELECT seq, seat, code FROM actions WHERE game_id = ? ORDER BY seq", (game_id,)
        )
        return [(seq, seat, code) for seq, seat, code in rows]

    async def results(self, game_id: int) -> list[dict[str, Any]]:
        """Per-player standings of a finished game (empty for any other game)."""
        rows = await self._store.fetchall(
            "SELECT seat, user_id, name, score, winner FROM results WHERE game_id = ?"
            " ORDER BY seat",
            (game_id,),
        )
        keys = ("seat", "user_id", "name", "score", "winner")
        return [dict(zip(keys, (*r[:4], bool(r[4])), strict=True)) for r in rows]

    # ---- settings, deadlines --------------------------------------------------------------
    async def guild_settings(self, guild_id: int) -> GuildSettings:
        return self._settings.get(guild_id) or GuildSettings(guild_id)

    async def update_guild_settings(self, guild_id: int, **changes: Any) -> GuildSettings:
        unknown = set(changes) - _SETTING_FIELDS
        if unknown:
            known = ", ".join(sorted(_SETTING_FIELDS))
            raise SessionError(f"Unknown setting {', '.join(sorted(unknown))} (settings: {known}).")
        role = changes.get("admin_role_id")
        if role is not None and type(role) is not int:
            raise SessionError("admin_role_id must be a role id or None.")
        if "use_threads" in changes and not isinstance(changes["use_threads"], bool):
            raise SessionError("use_threads must be true or false.")
        timeout = changes.get("turn_timeout", 0)
        if type(timeout) is not int or not 0 <= timeout <= 7 * 24 * 3600:
            raise SessionError("turn_timeout must be a whole number of seconds from 0 to a week.")
        async with self._settings_lock:
            new = replace(await self.guild_settings(guild_id), **changes)
            row = (guild_id, new.admin_role_id, int(new.use_threads), new.turn_timeout)
            if await self._commit(Batch(settings=[row])):
                self._settings[guild_id] = new
                raise asyncio.CancelledError
            self._settings[guild_id] = new
            return new

    async def add_deadline(
        self, game_id: int, kind: str, due: float, data: Mapping[str, Any] | None = None
    ) -> int:
        """A deadline for an open game; removed with the game when it ends."""
        g = self._open_game(game_id)
        text = dumps(dict(data or {}))  # refuses what JSON cannot store, before anything
        async with g.lock:
            self._check_open(g)
            deadline = Deadline(self._next_deadline, game_id, kind, float(due), json.loads(text))
            self._next_deadline += 1
            row = (deadline.id, game_id, kind, deadline.due, text)
            cancelled = await self._commit(Batch(deadlines_add=[row]))
            self._deadlines.add(deadline)
            if kind == "turn":
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
        if g is not None and deadline.kind == "turn":
            g.turn_deadlines = {s: d for s, d in g.turn_deadlines.items() if d != deadline_id}
        await self._commit(Batch(deadlines_del=[(deadline_id,)]))
        return True

    async def deadlines(self, game_id: int | None = None) -> list[Deadline]:
        """Pending deadlines (of one game), soonest first."""
        pending = self._deadlines.pending.values()
        found = [d for d in pending if game_id is None or d.game_id == game_id]
        return sorted(found, key=lambda d: (d.due, d.id))

    def on_deadline(self, kind: str, handler: DeadlineHandler) -> None:
        """Register the handler called (once) when a deadline of ``kind`` is due."""
        self._deadlines.register(kind, handler)

    def poke_deadlines(self) -> None:
        """Re-read the clock now (for an injected clock that jumped forward)."""
        self._deadlines.poke()

    async def _forget_deadline(self, deadline_id: int) -> None:
        await self._commit(Batch(deadlines_del=[(deadline_id,)]))


def _clean_options(engine: Any, raw: dict[str, Any]) -> dict[str, Any]:
    """Validate with the engine's Options; keep the host's keys, in the model's JSON form."""
    model = validate_options(engine.Options, raw, engine.title)
    dumped = model.model_dump(mode="json")
    return {key: dumped[key] for key in raw}


def _info_from_row(r: Any) -> GameInfo:
    """A game's public record straight from its row: no engine, no replay."""
    gid, guild, channel, game, host, status, seats, options, seed, version, msgs, _, _ = r
    return GameInfo(
        gid, guild, channel, game, host, status, _seats_from_json(seats),
        MappingProxyType(json.loads(options)), seed, version, MappingProxyType(json.loads(msgs)),
    )  # fmt: skip


def _with_status(row: Any, status: Status) -> tuple[Any, ...]:
    return (*row[:5], status, *row[6:])


def _renumber(seats: Any) -> tuple[Seat, ...]:
    return tuple(replace(s, seat=i) for i, s in enumerate(seats))


def _without_person(g: _Game, user_id: int) -> dict[str, Any]:
    """Lobby changes when a person leaves: host passes on; no person left cancels it."""
    seats = _renumber(s for s in g.seats if s.user_id != user_id)
    people = [s for s in seats if not s.is_ai]
    if not people:
        return {"seats": seats, "status": "abandoned", "end_reason": "everyone left"}
    if user_id == g.host_id:
        return {"seats": seats, "host_id": people[0].user_id}
    return {"seats": seats}
