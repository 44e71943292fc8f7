"""The store's interface: what the session manager may ask of a database, whatever the backend.

Why a Protocol: the manager must not know SQL or which database it talks to, so that a second
backend (PostgreSQL, issue 18) can implement the same methods and the manager's tests can run
against either. Everything crossing this seam is plain data:

* **writes** are a :class:`Batch` of row tuples, one list per kind of change, written in one
  transaction by :meth:`GameStore.submit` (group commit: a move is durable before anyone hears
  of it; :class:`GroupCommitWriter` is the one writer both backends share). The row types are
  ``NamedTuple``s, so they are typed and named for the code that builds them and still bind
  directly as statement parameters (no copy on the hot path);
* **reads** return typed records, never bare tuples or dicts: frozen dataclasses
  (:class:`GameRow`, :class:`ResultRow`, ...), so a column added later cannot silently shift a
  field; a ``NamedTuple`` where the record *is* a fixed tuple its readers unpack
  (:class:`ActionRow`, the ``(seq, seat, code)`` of the log that replays walk;
  :class:`Leaderboard`, a page and its total): there a field added later breaks every
  unpacking loudly instead of shifting one.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from abc import ABC, abstractmethod
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar, NamedTuple, Protocol

from bot.model import MoveCause

log = logging.getLogger(__name__)


class SchemaTooNew(RuntimeError):
    """The database was written by a newer Tidewater; refusing to guess at its schema."""


class StoreUnavailable(RuntimeError):
    """The configured database cannot be opened (a path that cannot be created or written, a
    server that refuses the connection or the credentials). Raised by ``open_store`` with a
    message a self-hoster can act on, so ``python -m bot`` says it in one line instead of a
    traceback; the message never includes a PostgreSQL URL (it may hold a password)."""


class StoreUnreachable(RuntimeError):
    """The database cannot be reached now (a server restart, a network cut): nothing of the
    batch was written. The writer reconnects by itself, with backoff; until it has, every
    batch is refused at once with this error rather than queued, so a person hears within
    their click that nothing was saved instead of waiting on an outage of unknown length."""


class CommitInDoubt(RuntimeError):
    """The connection broke while the database was committing: the transaction may have landed
    or not. ``token`` names it to the backend (PostgreSQL: its transaction id), which the writer
    asks once it has reconnected, before it answers the batches' callers: answering "nothing
    saved" for a move that landed would leave memory one move behind the log, and the game's
    next move would then collide with it."""

    def __init__(self, token: Any) -> None:
        super().__init__("the connection broke during the commit")
        self.token = token


class LeaseLost(RuntimeError):
    """Another process now holds the lease of a shard this process served (it stalled past
    the lease, or the database says so at a write): this process must stop driving games at
    once and exit (code 3), so that its supervisor restarts it as a waiting process."""


@dataclass(slots=True)
class Fence:
    """The leases a process writes under (issue 38): its owner name and, per shard, the epoch
    it holds. Every write transaction checks, in the transaction itself and with the lease
    rows locked against a takeover until it commits, that the database still gives this owner
    these epochs; if not, the transaction is rolled back, :class:`LeaseLost` stops the writer
    and ``on_lost`` is told (once), so a process that stalled past its lease and was replaced
    cannot save a move the new owner does not know."""

    owner: str
    epochs: dict[int, int]
    on_lost: Callable[[], None] | None = None

    def lost(self) -> LeaseLost:
        if self.on_lost is not None:
            on_lost, self.on_lost = self.on_lost, None
            on_lost()
        return LeaseLost(
            f"the shard leases of {self.owner} are held by another process: nothing was saved"
        )


# ---- rows written ---------------------------------------------------------------------------
class GameWrite(NamedTuple):
    """A ``games`` upsert. ``version`` is not here: the action log moves it (migration 4)."""

    id: int
    guild_id: int
    channel_id: int
    game: str
    host_id: int
    status: str
    seats: str  # JSON: [[user_id, name, ai_level], ...]
    options: str  # JSON object
    seed: int
    messages: str  # JSON object
    created: float
    updated: float
    end_reason: str | None
    pace: int | None = None  # the table's seconds per move; None follows the server (migration 8)
    #: the key of the game's AI move seeds, hex (migration 11); written once: None keeps the
    #: stored one, and a stored one is never replaced
    ai_secret: str | None = None
    #: 1 when the host allows hints at this table (migration 12)
    hints: int = 0
    #: 1 once someone asked for a hint: the game is then not rated (never set back to 0)
    hinted: int = 0
    #: 1 for a practice table (``/learn``, migration 13): never rated, never in the standings
    practice: int = 0


class ActionWrite(NamedTuple):
    """One line of a game's action log: who did what, why (``cause``) and when."""

    game_id: int
    seq: int  # the version this action produced
    seat: int
    code: str
    cause: MoveCause
    at: float


class SnapshotWrite(NamedTuple):
    """A game's state after action ``seq`` (one per game, replaced: loading replays the rest)."""

    game_id: int
    seq: int
    state: str


class ResultWrite(NamedTuple):
    """One seat's final standing in a finished game."""

    game_id: int
    seat: int
    user_id: int | None
    name: str
    score: int
    winner: int  # 0 or 1


class DeadlineWrite(NamedTuple):
    """A durable timer (turn clock, a snapshot's fade, idle watch) served after restarts too."""

    id: int
    game_id: int
    kind: str
    due: float
    data: str  # JSON object


class RatingWrite(NamedTuple):
    """A ``ratings`` upsert: one person's standing in one game on one server, whole."""

    guild_id: int
    game: str
    user_id: int
    name: str
    games: int
    wins: int
    rated: int
    mu: float
    sigma: float
    skill: float
    updated: float


class SettingsWrite(NamedTuple):
    """A ``guild_settings`` upsert: a server's settings, whole."""

    guild_id: int
    admin_role_id: int | None
    use_threads: int  # 0 or 1
    turn_timeout: int
    pictures: int | None = None  # 0 or 1; None follows the bot's config
    language: str | None = None  # a catalog name; None follows the server's Discord language


@dataclass(slots=True)
class Batch:
    """Rows to write in one transaction; one list per statement kind (``deadlines_del`` and
    ``deadlines_del_game`` take 1-tuples of ids). Plain tuples of the same layout are accepted,
    so a tool can write rows without importing the row types."""

    games: list[tuple[Any, ...]] = field(default_factory=list)
    actions: list[tuple[Any, ...]] = field(default_factory=list)
    snapshots: list[tuple[Any, ...]] = field(default_factory=list)
    results: list[tuple[Any, ...]] = field(default_factory=list)
    deadlines_add: list[tuple[Any, ...]] = field(default_factory=list)
    deadlines_del: list[tuple[Any, ...]] = field(default_factory=list)
    deadlines_del_game: list[tuple[Any, ...]] = field(default_factory=list)
    settings: list[tuple[Any, ...]] = field(default_factory=list)
    ratings: list[tuple[Any, ...]] = field(default_factory=list)


# ---- rows read ------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class GameRow:
    """A game as stored: its table and options (JSON texts, as the manager wrote them) and the
    ``version`` its log has reached."""

    id: int
    guild_id: int
    channel_id: int
    game: str
    host_id: int
    status: str
    seats: str
    options: str
    seed: int
    version: int
    messages: str
    created: float
    end_reason: str | None
    pace: int | None = None
    #: when the row was last written (a lobby closes after long enough unchanged)
    updated: float = 0.0
    #: the key of the game's AI move seeds (None: a game stored before migration 11)
    ai_secret: str | None = None
    #: hints allowed at the table, and used in it (migration 12; None before it: off, unused)
    hints: int | None = None
    hinted: int | None = None
    #: a practice table (migration 13): unrated, out of the standings
    practice: bool = False


class ActionRow(NamedTuple):
    """One action of a game's log, as replays read it: the ``seq`` it produced (the game's
    version after it), the seat, and the action code.

    A ``NamedTuple`` rather than a dataclass: the log is walked as ``(seq, seat, code)``
    triples by replays, score sheets and exports, so the row is named for those who read
    fields and stays the triple they unpack, with no copy between the store and them."""

    seq: int
    seat: int
    code: str


@dataclass(frozen=True, slots=True)
class SnapshotRow:
    """A game's last snapshot: its state after action ``seq`` (the tail is replayed on it)."""

    seq: int
    state: str


@dataclass(frozen=True, slots=True)
class ResultRow:
    """One seat's final standing in a finished game (``user_id`` None for an AI seat)."""

    seat: int
    user_id: int | None
    name: str
    score: int
    winner: bool


@dataclass(frozen=True, slots=True)
class DeadlineRow:
    """A pending durable timer; ``data`` is its JSON payload."""

    id: int
    game_id: int
    kind: str
    due: float
    data: str


@dataclass(frozen=True, slots=True)
class SettingsRow:
    """A server's settings as stored (flags already booleans)."""

    guild_id: int
    admin_role_id: int | None
    use_threads: bool
    turn_timeout: int
    pictures: bool | None = None  # None: the bot's config decides
    language: str | None = None  # None: the server's Discord language decides


@dataclass(frozen=True, slots=True)
class AlertRow:
    """A person's turn alerts (``bot.store.alerts``): on or off, and whether Discord refused
    their last DM (then nothing is sent until they run /notify again)."""

    user_id: int
    enabled: bool
    dms_closed: bool
    updated: float


@dataclass(frozen=True, slots=True)
class RatingRow:
    """One person's standing in one game on one server: counts and the rating behind
    ``skill`` (the conservative estimate the leaderboard sorts by)."""

    guild_id: int
    game: str
    user_id: int
    name: str
    games: int
    wins: int
    rated: int
    mu: float
    sigma: float
    skill: float
    updated: float


@dataclass(frozen=True, slots=True)
class HistoryRow:
    """One person's seat in one finished game (or every seat, for a server's history)."""

    game_id: int
    game: str
    finished: float
    seat: int
    user_id: int | None
    name: str
    score: int
    winner: bool


class Leaderboard(NamedTuple):
    """One page of a leaderboard and how many are rated in all (for "page 2 of 5"); a
    ``NamedTuple`` so that ``rows, total = ...`` reads it as before."""

    rows: list[RatingRow]
    total: int


@dataclass(frozen=True, slots=True)
class OpenGames:
    """Everything start-up needs in one read: the unfinished games (oldest first), the last
    snapshot of each live one, and the actions after it, in order."""

    games: list[GameRow]
    snapshots: dict[int, SnapshotRow]
    tails: dict[int, list[ActionRow]]


class Leases(NamedTuple):
    """What a lease claim found: the shards ``owner`` now holds, each with its epoch (the
    fencing token its writes carry), and, when the claim was refused because another owner
    holds a live lease under a different shard count, that count (nothing is claimed then)."""

    held: dict[int, int]
    other_count: int | None = None


@dataclass(frozen=True, slots=True)
class Counters:
    """The largest ids in use: ids are allocated in memory by the only writer."""

    max_game_id: int
    max_deadline_id: int


# ---- the commit handle ----------------------------------------------------------------------
class Commit(asyncio.Future[dict[int, BaseException]]):
    """The outcome of one transaction, shared by every batch in it.

    Its result maps the index of each batch that failed to its error (empty when all landed).
    A waiter cannot cancel it: cancelling a task that awaits it is delivered once the write
    has finished, so the caller can still bring its memory in line with the database. One
    shared future per transaction (rather than one per batch, shielded) is what keeps a commit
    down to a single wake-up per waiting task.
    """

    def cancel(self, msg: Any = None) -> bool:
        return False


class Queued(NamedTuple):
    """Where :meth:`GameStore.submit` put a batch: the transaction's shared :class:`Commit`
    and the batch's index in it (``slot``; ``index`` is tuple's method), to hand to
    :func:`check`; unpacks as ``done, index``."""

    commit: Commit
    slot: int


class CommitGroup:
    """The transaction being assembled while the previous one is written."""

    __slots__ = ("batches", "done")

    def __init__(self, loop: asyncio.AbstractEventLoop) -> None:
        self.batches: list[Batch] = []
        self.done = Commit(loop=loop)


#: the answer of a transaction in which every batch landed (shared: nobody writes to it)
NO_FAILURES: dict[int, BaseException] = {}

#: seconds before the first attempt to reconnect, doubled after each failed one up to
#: :data:`RECONNECT_MAX` (a restarting server is back within seconds; a long outage is not
#: hammered)
RECONNECT_FIRST = 0.5
RECONNECT_MAX = 5.0


def unreachable(count: int) -> dict[int, BaseException]:
    """The answer of ``count`` batches refused because the database cannot be reached."""
    return {
        index: StoreUnreachable("the database cannot be reached: nothing was saved")
        for index in range(count)
    }


class GroupCommitWriter(ABC):
    """The one writer of both backends: group commit, failure isolation, a clean shutdown.

    Why one class: the promise a move relies on (durable before anyone hears of it, written
    with whatever else was queued meanwhile, failing only its own caller) must not differ
    between SQLite and PostgreSQL, so the loop that keeps it is written once. A backend says
    only how one transaction is written (:meth:`_write_transaction`), which errors are a
    batch's own (:attr:`BATCH_ERRORS`: those are isolated, anything else stops the writer and
    reaches every waiter), and what to do after each transaction (:meth:`_written`); a backend
    whose database can go away and come back also says which errors mean the connection is
    gone (:meth:`_connection_lost`) and how to connect again (:meth:`_reconnect`).

    * **Group commit.** :meth:`submit` adds a batch to the open group; the writer takes the
      whole group when the previous transaction is done and writes it as one, so under load
      hundreds of moves share one durable flush, while a lone move waits for nothing but its
      own transaction (no timer, no held-back window).
    * **Failure isolation.** If a merged transaction fails it is rolled back (by the backend)
      and each batch is retried alone, so one bad batch fails only its own caller; nothing is
      half-applied.
    * **Outages (issue 38).** When the connection goes, the group in flight fails with
      :class:`StoreUnreachable` (nothing of it was written) and a reconnecting task starts,
      trying again after 0.5 s, then 1, 2, 4 and every 5 s; meanwhile every group is refused
      at once, and :meth:`writable` says so (a shard lease is not renewed while it is false).
      A group whose commit was cut off is answered only once the database says whether it
      landed (:class:`CommitInDoubt`). Once reconnected, writes resume by themselves.
    * **Shutdown.** :meth:`_stop_writer` writes everything queued before the writer stops;
      a batch submitted after that is refused.
    """

    #: errors that belong to a batch (a constraint, a value the database refuses)
    BATCH_ERRORS: ClassVar[tuple[type[Exception], ...]] = (Exception,)

    def __init__(self) -> None:
        self._open: CommitGroup | None = None
        self._wake = asyncio.Event()
        self._closing = False
        self._task: asyncio.Task[None] | None = None
        #: set while transactions can be written; cleared from a lost connection until the
        #: reconnecting task has a new one
        self._reachable = asyncio.Event()
        self._reachable.set()
        self._reconnecting: asyncio.Task[None] | None = None
        #: groups whose commit was cut off, with their answers so far, until the database
        #: says whether the commit landed
        self._doubts: list[tuple[CommitGroup, dict[int, BaseException]]] = []
        #: the leases every transaction must still hold (None: one process, no check)
        self.fence: Fence | None = None
        #: statistics for the benchmark: transactions and batches written
        self.transactions = 0
        self.batches = 0

    @abstractmethod
    async def _write_transaction(self, batches: list[Batch]) -> None:
        """Write ``batches`` in one transaction, all or nothing (rolled back on an error)."""

    def _written(self, batches: int) -> None:  # noqa: B027 (a hook; most backends need none)
        """Called after each transaction the writer has answered (SQLite's checkpoints)."""

    def _connection_lost(self, exc: BaseException) -> bool:
        """Whether ``exc`` says the connection is gone rather than that a batch was refused
        (never, for a backend that cannot lose its database: SQLite's file stays)."""
        return False

    async def _reconnect(self) -> None:
        """Open a new connection for the writer (raises while the database is unreachable)."""
        raise StoreUnreachable("this backend cannot reconnect")

    async def _landed(self, token: Any) -> bool | None:
        """Whether the transaction ``token`` (:class:`CommitInDoubt`) committed, asked on the
        new connection; None when the database cannot tell."""
        return None

    def _start_writer(self) -> None:
        self._task = asyncio.get_running_loop().create_task(self._run(), name="store-writer")

    async def _stop_writer(self) -> None:
        """Write everything queued, then stop the writer task (a no-op if it never ran). A
        group still in doubt is answered "unreachable": whether it landed, the next process
        reads from the log."""
        if self._task is not None:
            self._closing = True
            self._wake.set()
            try:
                # a lost lease was already told to every waiter and to the fence's owner
                with contextlib.suppress(LeaseLost):
                    await self._task
            finally:
                self._task = None
                await self._stop_reconnecting()

    async def _stop_reconnecting(self) -> None:
        if self._reconnecting is not None:
            self._reconnecting.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._reconnecting
            self._reconnecting = None
        for group, failures in self._doubts:
            if not group.done.done():
                gone = unreachable(1)[0]
                group.done.set_result(
                    {i: gone if isinstance(e, CommitInDoubt) else e for i, e in failures.items()}
                )
        self._doubts.clear()

    async def stop_writes(self) -> None:
        """Write everything queued, then refuse any later batch; reads and leases still work
        (a process gives its shards up only after its last write has landed)."""
        await self._stop_writer()

    def writable(self) -> bool:
        """Whether a batch submitted now can be written: the writer runs and is connected."""
        return (
            not self._closing
            and self._task is not None
            and not self._task.done()
            and self._reachable.is_set()
        )

    async def wait_writable(self) -> None:
        """Until the writer is connected (at once when it is)."""
        await self._reachable.wait()

    def submit(self, batch: Batch) -> Queued:
        """Queue ``batch`` for the next transaction: ``(commit, index)``; ``await commit``
        gives the failures by index (see :func:`check`)."""
        if self._closing or self._task is None or self._task.done():
            raise RuntimeError("the store is closed")
        group = self._open
        if group is None:
            group = self._open = CommitGroup(asyncio.get_running_loop())
            self._wake.set()
        group.batches.append(batch)
        return Queued(group.done, len(group.batches) - 1)

    async def commit(self, batch: Batch) -> None:
        """Write ``batch`` durably; raises its error if it failed (nothing of it is written)."""
        done, index = self.submit(batch)
        check(await done, index)

    async def _run(self) -> None:
        while True:
            await self._wake.wait()
            self._wake.clear()
            group, self._open = self._open, None
            if group is None:
                if self._closing:
                    return
                continue
            if not self._reachable.is_set():  # an outage: refused at once, nothing written
                group.done.set_result(unreachable(len(group.batches)))
                if self._open is not None or self._closing:
                    self._wake.set()
                continue
            try:
                failures = await self._write(group.batches)
            except BaseException as exc:  # the writer itself is going down: tell everyone,
                # the group queued meanwhile too (nobody would ever answer it)
                group.done.set_exception(exc)
                queued, self._open = self._open, None
                if queued is not None:
                    queued.done.set_exception(exc)
                raise
            if any(isinstance(e, CommitInDoubt) for e in failures.values()):
                self._doubts.append((group, failures))  # answered once reconnected
            else:
                group.done.set_result(failures)
            if self._open is not None or self._closing:
                self._wake.set()
            self._written(len(group.batches))

    async def _write(self, batches: list[Batch]) -> dict[int, BaseException]:
        try:
            await self._transaction(batches)
        except LeaseLost:
            raise  # not a batch's own error: no batch of this process may be written now
        except CommitInDoubt as exc:
            self.disconnected()
            return dict.fromkeys(range(len(batches)), exc)
        except Exception as exc:
            if self._connection_lost(exc):
                self.disconnected()
                return unreachable(len(batches))
            if not isinstance(exc, self.BATCH_ERRORS):
                raise
            if len(batches) == 1:
                return {0: exc}
            log.warning(
                "merged commit failed (%s); retrying its %d batches alone", exc, len(batches)
            )
            return await self._write_alone(batches)
        return NO_FAILURES

    async def _write_alone(self, batches: list[Batch]) -> dict[int, BaseException]:
        """Each batch in a transaction of its own (after their merged one was refused)."""
        failures: dict[int, BaseException] = {}
        for index, batch in enumerate(batches):
            if not self._reachable.is_set():  # the connection went with an earlier one
                failures[index] = unreachable(1)[0]
                continue
            try:
                await self._transaction([batch])
            except LeaseLost:
                raise
            except CommitInDoubt as exc:
                self.disconnected()
                failures[index] = exc
            except Exception as exc:
                if self._connection_lost(exc):
                    self.disconnected()
                    failures[index] = unreachable(1)[0]
                elif isinstance(exc, self.BATCH_ERRORS):
                    failures[index] = exc
                else:
                    raise
        return failures

    async def _transaction(self, batches: list[Batch]) -> None:
        await self._write_transaction(batches)
        self.transactions += 1
        self.batches += len(batches)

    # ---- outages ------------------------------------------------------------------------
    def disconnected(self) -> None:
        """The writer's connection is gone (a write failed on it, or the backend heard it
        close): refuse writes and start reconnecting, once, unless the store is closing."""
        if self._closing or not self._reachable.is_set():
            return
        self._reachable.clear()
        log.warning("the database connection is lost: moves are refused until it is back")
        self._reconnecting = asyncio.get_running_loop().create_task(
            self._reconnect_loop(), name="store-reconnect"
        )

    async def _reconnect_loop(self) -> None:
        delay = RECONNECT_FIRST
        tries = 0
        while True:
            tries += 1
            try:
                await self._reconnect()
                await self._settle_doubts()
                break
            except Exception as exc:  # still unreachable: try again after the backoff
                log.info("reconnecting to the database failed (%s)", type(exc).__name__)
            await asyncio.sleep(delay)
            delay = min(delay * 2, RECONNECT_MAX)
        self._reconnecting = None
        self._reachable.set()
        self._wake.set()
        log.warning("the database connection is back (after %d attempt(s))", tries)

    async def _settle_doubts(self) -> None:
        """Answer each group whose commit was cut off, now that the database can say whether
        it landed (raises while it cannot: the reconnecting task tries again)."""
        while self._doubts:
            group, failures = self._doubts[0]
            answer = dict(failures)
            for index, exc in failures.items():
                if isinstance(exc, CommitInDoubt):
                    landed = await self._landed(exc.token)
                    if landed:
                        del answer[index]
                    else:
                        answer[index] = unreachable(1)[0]
            self._doubts.pop(0)
            if not group.done.done():
                group.done.set_result(answer or NO_FAILURES)


def check(failures: dict[int, BaseException], index: int) -> None:
    """Raise the error of batch ``index`` if its transaction failed."""
    if failures:
        exc = failures.get(index)
        if exc is not None:
            raise exc


def dumps(value: Any) -> str:
    """The one JSON form of stored values (compact, sorted keys: equal values, equal texts)."""
    return json.dumps(value, separators=(",", ":"), sort_keys=True)


class GameStore(Protocol):
    """What the session manager needs from a database. Implemented by
    :class:`bot.store.sqlite.Store`; a PostgreSQL backend implements the same methods."""

    #: statistics for the benchmark: transactions and batches written so far
    transactions: int
    batches: int
    #: the leases every write transaction checks (set by the shard lease; None: no check)
    fence: Fence | None

    def submit(self, batch: Batch) -> Queued:
        """Queue ``batch`` for the next transaction: ``(commit, index)``; ``await commit``
        gives the failures by index (see :func:`check`)."""
        ...

    async def commit(self, batch: Batch) -> None:
        """Write ``batch`` durably; raises its error if it failed (nothing of it is written)."""
        ...

    async def close(self) -> None:
        """Write everything queued, then release the connections."""
        ...

    async def stop_writes(self) -> None:
        """Write everything queued, then refuse any later batch (reads still work)."""
        ...

    def writable(self) -> bool:
        """Whether a batch submitted now can be written (false during an outage, while the
        writer reconnects: a shard lease is renewed only while this holds)."""
        ...

    async def wait_writable(self) -> None:
        """Until a batch can be written again (at once when it can)."""
        ...

    async def counters(self) -> Counters: ...

    async def guild_settings(self) -> list[SettingsRow]: ...

    async def load_open_games(self) -> OpenGames: ...

    async def deadlines(self) -> list[DeadlineRow]:
        """Every pending deadline, by id."""
        ...

    async def game_row(self, game_id: int) -> GameRow | None: ...

    async def snapshot(self, game_id: int) -> SnapshotRow | None: ...

    async def actions_after(self, game_id: int, seq: int = 0) -> list[ActionRow]:
        """The game's actions with ``seq`` greater than ``seq``, in order."""
        ...

    async def results(self, game_id: int) -> list[ResultRow]: ...

    async def claim_shards(
        self, shards: Sequence[int], owner: str, now: float, ttl: float
    ) -> list[int]:
        """Take or renew the lease of each shard for ``owner`` until ``now + ttl``; a shard
        whose lease another owner holds and has not let expire is refused. Returns the shards
        ``owner`` now holds, so a second process for an owned shard learns it at once."""
        ...

    async def lease_shards(
        self, shards: Sequence[int], owner: str, now: float, ttl: float, count: int
    ) -> Leases:
        """:meth:`claim_shards` for a process of ``count`` shards, in one transaction: refused
        as a whole (``other_count`` set, nothing claimed) while another owner holds a live
        lease written under another count, since two counts map guilds to shards differently
        and both processes would drive the same games. Each lease taken from another owner
        (or after a release) gets the next epoch; a renewal keeps its epoch."""
        ...

    async def release_shards(self, shards: Sequence[int], owner: str) -> None:
        """Give up ``owner``'s leases (a clean shutdown lets another process start at once).
        The rows stay, expired, so the next owner's epoch is higher still."""
        ...

    # ---- standings (issue 17) ------------------------------------------------------------
    async def ratings_of(
        self, guild_id: int, game: str, user_ids: Sequence[int]
    ) -> dict[int, RatingRow]:
        """The standing rows of these people in this game on this server (absent = none)."""
        ...

    async def leaderboard(self, guild_id: int, game: str, offset: int, limit: int) -> Leaderboard:
        """A page of rated players by skill (then wins), and how many are rated in all."""
        ...

    async def player_ratings(self, guild_id: int, user_id: int) -> list[RatingRow]:
        """One person's standing in every game they played on this server."""
        ...

    async def history(self, guild_id: int, user_id: int | None, limit: int) -> list[HistoryRow]:
        """Finished games, newest first: one person's seats, or (``None``) every seat of the
        server's last games."""
        ...

    async def seat_causes(self, game_id: int) -> dict[int, dict[str, int]]:
        """Per seat, how many of its actions each cause made (``act``, ``ai``, ``timeout``,
        ``takeover``: :data:`bot.model.MoveCause`)."""
        ...

    async def forget_user(self, user_id: int, placeholder: str) -> int:
        """Delete a person's standings and replace their name in finished games' seats and
        results by ``placeholder`` (the games stay replayable); returns the games touched."""
        ...

    async def record(self, key: str) -> str | None:
        """The bot's own record ``key`` (e.g. the synced command tree's hash), or None."""
        ...

    async def set_record(self, key: str, value: str) -> None:
        """Write the bot's record ``key``, committed at once (outside the game writer: it is
        written once a start, never with a move)."""
        ...

    # ---- turn alerts (issue 37) ----------------------------------------------------------
    async def turn_alerts(self, user_id: int) -> AlertRow | None:
        """A person's turn-alert choice (None: never made one, so alerts are off)."""
        ...

    async def set_turn_alerts(self, user_id: int, enabled: bool, now: float) -> None:
        """Turn a person's alerts on or off (and count their DMs as open again), at once."""
        ...

    async def close_dms(self, user_id: int, now: float) -> None:
        """Discord refused a DM to this person: no alert is sent until they choose again."""
        ...
