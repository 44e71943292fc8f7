"""The SQLite backend of the store: migrations, one group-committing writer, typed reads.

Design decisions (why):

* **WAL + synchronous=FULL by default.** WAL lets readers run while the writer commits; FULL
  fsyncs each commit so an acknowledged move survives a power cut, not only a process crash.
  The fsync (about 0.3 ms here) is paid once per *transaction*, not per move.
* **Group commit.** Every change is a :class:`Batch` handed to :meth:`Store.submit`; the writer
  loop, its queue, failure isolation and shutdown are the one writer both backends share
  (:class:`bot.store.base.GroupCommitWriter`): under load hundreds of moves share one fsync.
  This module says only how SQLite writes one transaction.
* **One thread hand-off per transaction.** Reads, migrations and checkpoints use aiosqlite;
  the writer is a plain ``sqlite3`` connection owned by one dedicated thread that runs a whole
  transaction per call. Through aiosqlite every statement is a hand-off between the event loop
  and its thread, and each hand-off can wait a full GIL switch interval (5 ms) behind a busy
  event loop: measured here, p99 ``act`` latency fell from ~150 ms to ~15 ms at 4,000 moves/s.
  For the same reason rows go in multi-row statements (a few fixed chunk sizes, so prepared
  statements are reused), which releases and re-takes the GIL once per chunk, not per row.
* **Fixed statement order per transaction.** Batches of many games are merged statement by
  statement. That is only correct if the order between *different* statements never matters,
  so each column has one owning statement: the game upsert never writes ``version`` (a trigger
  on the log does, migration 4); deadline inserts run before deadline deletes (an id is always
  created before it is removed); game rows are written first.
* **Ids are allocated in memory** (the manager is the only writer), so nothing waits on a
  ``lastrowid``.
* **Failure isolation** (the shared writer's): a merged transaction that fails is rolled back
  here, and each batch is retried alone.
* **A separate read connection** so a read never sees a batch that has not committed yet.
* **Checkpoints off the commit path** (see :class:`Store`).
* **A lock file beside the database** (``<db>.lock``, see :func:`hold_lock`): an open store
  holds a shared ``flock`` on it for its lifetime, so ``migrate-db`` (which asks for it
  exclusively) can tell that a running bot is still writing the file it would copy.
"""

from __future__ import annotations

import asyncio
import contextlib
import fcntl
import logging
import os
import sqlite3
import threading
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import aiosqlite

from bot.store import standings
from bot.store.backup import before_migration
from bot.store.base import (
    Batch,
    Fence,
    GroupCommitWriter,
    LeaseLost,
    Leases,
    SchemaTooNew,
)
from bot.store.migrations import LATEST, MIGRATIONS
from bot.store.reads import TypedReads

log = logging.getLogger(__name__)


def _insert(table: str, columns: str, tail: str = "") -> tuple[str, str, int]:
    return (f"INSERT INTO {table} ({columns}) VALUES ", tail, columns.count(",") + 1)


# One statement per kind of change, in the order a merged transaction runs them (see above):
# (prefix, suffix, parameters per row); rows are joined as "(?, ?), (?, ?)" between the two.
_STATEMENTS: dict[str, tuple[str, str, int]] = {
    "games": _insert(
        "games",
        "id, guild_id, channel_id, game, host_id, status, seats, options, seed, messages,"
        " created, updated, end_reason, pace, ai_secret, hints, hinted, practice",
        " ON CONFLICT (id) DO UPDATE SET host_id = excluded.host_id, status = excluded.status,"
        " seats = excluded.seats, options = excluded.options, messages = excluded.messages,"
        " updated = excluded.updated, end_reason = excluded.end_reason, pace = excluded.pace,"
        " ai_secret = COALESCE(games.ai_secret, excluded.ai_secret), hints = excluded.hints,"
        " hinted = MAX(COALESCE(games.hinted, 0), excluded.hinted),"
        " practice = excluded.practice",
    ),
    "actions": _insert("actions", "game_id, seq, seat, code, cause, at"),
    "snapshots": _insert(
        "snapshots",
        "game_id, seq, state",
        " ON CONFLICT (game_id) DO UPDATE SET seq = excluded.seq, state = excluded.state",
    ),
    "results": _insert("results", "game_id, seat, user_id, name, score, winner"),
    "deadlines_add": _insert("deadlines", "id, game_id, kind, due, data"),
    "deadlines_del": ("DELETE FROM deadlines WHERE id IN ", "", 0),
    "deadlines_del_game": ("DELETE FROM deadlines WHERE game_id IN ", "", 0),
    "settings": _insert(
        "guild_settings",
        "guild_id, admin_role_id, use_threads, turn_timeout, pictures, language",
        " ON CONFLICT (guild_id) DO UPDATE SET admin_role_id = excluded.admin_role_id,"
        " use_threads = excluded.use_threads, turn_timeout = excluded.turn_timeout,"
        " pictures = excluded.pictures, language = excluded.language",
    ),
    "ratings": _insert("ratings", standings.RATING_COLUMNS, standings.RATING_UPSERT_TAIL),
}
#: batches (about two WAL pages each) between two background checkpoints
CHECKPOINT_EVERY = 4096
#: the writer's own (blocking) checkpoint threshold in WAL pages: only a backstop for when the
#: background checkpoints cannot keep up
WRITER_AUTOCHECKPOINT = 20_000
#: rows per multi-row statement, largest first (few distinct texts: the statement cache hits)
_CHUNKS = (256, 64, 16, 4, 1)


def _sql(kind: str, rows: int) -> str:
    prefix, suffix, width = _STATEMENTS[kind]
    if width == 0:  # DELETE ... IN (?, ?, ...)
        return f"{prefix}({', '.join('?' * rows)})"
    one = f"({', '.join('?' * width)})"
    return prefix + ", ".join([one] * rows) + suffix


#: take a free or expired lease, or renew one's own; RETURNING gives its epoch when held
#: (the next one when it changes hands): PostgreSQL's statement, in SQLite's placeholders
_CLAIM = (
    "INSERT INTO shard_leases (shard_id, owner, expires, shard_count, epoch)"
    " VALUES (?1, ?2, ?3, ?5, 1)"
    " ON CONFLICT (shard_id) DO UPDATE SET owner = excluded.owner, expires = excluded.expires,"
    " shard_count = excluded.shard_count, epoch = CASE WHEN shard_leases.owner = excluded.owner"
    " THEN shard_leases.epoch ELSE shard_leases.epoch + 1 END"
    " WHERE shard_leases.owner = excluded.owner OR shard_leases.expires < ?4"
    " RETURNING epoch"
)
_OTHER_COUNT = (
    "SELECT shard_count FROM shard_leases WHERE owner <> ? AND expires >= ?"
    " AND shard_count NOT IN (0, ?) LIMIT 1"
)

_SQL = {(kind, n): _sql(kind, n) for kind in _STATEMENTS for n in _CHUNKS}


def write_transaction(
    conn: sqlite3.Connection, batches: list[Batch], fence: Fence | None = None
) -> None:
    """Write ``batches`` in one transaction on ``conn`` (runs in the writer thread), if
    ``fence``'s leases still hold (checked under the write lock, which claims take too)."""
    conn.execute("BEGIN IMMEDIATE")
    try:
        if fence is not None:
            pairs = " OR ".join(["(shard_id = ? AND epoch = ?)"] * len(fence.epochs))
            (held,) = conn.execute(
                f"SELECT count(*) FROM shard_leases WHERE owner = ? AND ({pairs})",
                [fence.owner, *(v for pair in fence.epochs.items() for v in pair)],
            ).fetchone()
            if held != len(fence.epochs):
                raise LeaseLost("the shard leases of this process are held by another process")
        for kind in _STATEMENTS:
            rows = [row for batch in batches for row in getattr(batch, kind)]
            start = 0
            for size in _CHUNKS:
                sql = _SQL[kind, size]
                while len(rows) - start >= size:
                    chunk = rows[start : start + size]
                    conn.execute(sql, [value for row in chunk for value in row])
                    start += size
        conn.execute("COMMIT")
    except BaseException:
        if conn.in_transaction:
            conn.execute("ROLLBACK")
        raise


def _open_writer(path: Path, synchronous: str) -> sqlite3.Connection:
    conn = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
    for pragma in _pragmas(synchronous):
        conn.execute(pragma)
    conn.execute(f"PRAGMA wal_autocheckpoint = {WRITER_AUTOCHECKPOINT}")
    return conn


def _pragmas(synchronous: str) -> tuple[str, ...]:
    return (
        "PRAGMA journal_mode = WAL",
        f"PRAGMA synchronous = {synchronous}",
        "PRAGMA busy_timeout = 10000",
    )


async def _connect(path: Path, synchronous: str) -> aiosqlite.Connection:
    """An aiosqlite connection with the store's pragmas, or an error with no thread left.

    Why the care: aiosqlite runs each connection on a thread that is not a daemon. A file
    that is not a database fails at the first pragma, with the connection open: unless it is
    closed, the bot printed its one-line error and then never exited. A path it cannot open
    fails in ``connect``, which stops its thread without waiting for it; the thread then
    answered a loop the bot had already closed, printing a traceback after that line."""
    conn = aiosqlite.connect(path, isolation_level=None)
    try:
        await conn
    except BaseException:
        await _worker_stopped(conn)
        raise
    try:
        for pragma in _pragmas(synchronous):
            await conn.execute(pragma)
    except BaseException:
        await close_fully(conn)
        raise
    return conn


async def close_fully(conn: aiosqlite.Connection) -> None:
    """Close ``conn`` and wait for its thread to end. aiosqlite's ``close`` returns once the
    thread has answered its stop, a moment before the thread itself ends: a process leaving
    on an error right after it could still find that non-daemon thread running."""
    await conn.close()
    await _worker_stopped(conn)


async def _worker_stopped(conn: aiosqlite.Connection) -> None:
    """Wait for the thread of a connection that failed to open (aiosqlite has stopped it)."""
    worker = getattr(conn, "_thread", None)  # aiosqlite >= 0.20 keeps its thread here
    if isinstance(worker, threading.Thread) and worker.is_alive():
        await asyncio.to_thread(worker.join, 10.0)


class DatabaseHeld(RuntimeError):
    """The lock beside a SQLite database is held in a way that excludes us (a running bot
    holds it shared; ``migrate-db`` holds it exclusively while it copies)."""


def lock_path(path: str | Path) -> Path:
    """The lock file of the database at ``path``: ``<db>.lock`` beside it."""
    path = Path(path)
    return path.with_name(path.name + ".lock")


def hold_lock(path: str | Path, *, exclusive: bool) -> int:
    """Take the lock of the database at ``path`` without waiting; returns the descriptor to
    give to :func:`release_lock`, or raises :class:`DatabaseHeld`.

    Why ``flock`` on a separate file and not a marker: the kernel drops it when the process
    ends however it ends (``kill -9`` included), so a crashed bot never leaves a stale marker
    that blocks a copy; and the database file itself is SQLite's to lock."""
    fd = os.open(lock_path(path), os.O_RDWR | os.O_CREAT, 0o644)
    try:
        fcntl.flock(fd, (fcntl.LOCK_EX if exclusive else fcntl.LOCK_SH) | fcntl.LOCK_NB)
    except BlockingIOError:
        os.close(fd)
        raise DatabaseHeld(
            f"{path} is in use by a running bot"
            if exclusive
            else f"{path} is being copied by migrate-db; start the bot when it has finished"
        ) from None
    except BaseException:
        os.close(fd)
        raise
    return fd


def release_lock(fd: int | None) -> None:
    if fd is not None:
        with contextlib.suppress(OSError):
            os.close(fd)  # closing the descriptor drops the flock


async def schema_version(conn: aiosqlite.Connection) -> int:
    await conn.execute("CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)")
    async with conn.execute("SELECT version FROM schema_version") as cur:
        row = await cur.fetchone()
    if row is None:
        await conn.execute("INSERT INTO schema_version (version) VALUES (0)")
        return 0
    return int(row[0])


async def migrate(conn: aiosqlite.Connection, upto: int | None = None) -> int:
    """Apply the migrations after the file's version (up to ``upto``, default all), each in
    its own transaction."""
    upto = LATEST if upto is None else upto
    current = await schema_version(conn)
    if current > LATEST:
        raise SchemaTooNew(
            f"The database is at schema version {current}, newer than this code ({LATEST})."
        )
    for number in range(current + 1, upto + 1):
        script = (
            f"BEGIN;\n{MIGRATIONS[number - 1]}\nUPDATE schema_version SET version = {number};\n"
        )
        try:
            await conn.executescript(script + "COMMIT;")
        except Exception:
            if conn.in_transaction:
                await conn.execute("ROLLBACK")
            raise
        log.info("database migrated to schema version %d", number)
    return max(current, upto)


class Store(GroupCommitWriter, TypedReads):
    """Owns the connections (writer, reader, checkpointer) and the writer task. Use
    :meth:`open` and :meth:`close`.

    Checkpoints (copying the WAL back into the database file) run on their own connection
    and thread, in PASSIVE mode, every ``CHECKPOINT_EVERY`` batches written: SQLite's automatic
    checkpoint would run inside a COMMIT of the writer and stall every waiting move for the
    length of a database fsync (400 ms was measured here under load). The database fsync still
    slows the commits that coincide with it (up to ~300 ms on this machine's disk), so
    checkpoints are kept rare: each one then copies the hot pages once, however often they were
    rewritten, and the tail latency they cause is the main cost left on the commit path.
    """

    def __init__(
        self,
        writer: sqlite3.Connection,
        thread: ThreadPoolExecutor,
        reader: aiosqlite.Connection,
        checkpointer: aiosqlite.Connection,
        lock: int | None = None,
    ) -> None:
        super().__init__()
        self._lock = lock
        self._writer = writer
        self._thread = thread  # one worker: the only thread that ever touches ``_writer``
        self.reader = reader
        self._checkpointer = checkpointer
        self._checkpoint: asyncio.Task[None] | None = None
        self._since_checkpoint = 0

    @classmethod
    async def open(cls, path: str | Path, *, synchronous: str = "FULL", lock: bool = True) -> Store:
        """Open (creating or migrating) the database at ``path``. ``lock=False`` takes no lock
        file (``migrate-db`` holds it exclusively itself, or was told ``--force``)."""
        if synchronous.upper() not in {"OFF", "NORMAL", "FULL", "EXTRA"}:
            raise ValueError(f"synchronous must be OFF, NORMAL, FULL or EXTRA, not {synchronous!r}")
        path = Path(path)
        path.parent.mkdir(parents=True, exist_ok=True)
        held = hold_lock(path, exclusive=False) if lock else None
        try:
            reader = await _connect(path, synchronous)
        except BaseException:
            release_lock(held)
            raise
        thread = ThreadPoolExecutor(max_workers=1, thread_name_prefix="store-writer")
        loop = asyncio.get_running_loop()
        checkpointer: aiosqlite.Connection | None = None
        try:
            current = await schema_version(reader)
            if 0 < current < LATEST:  # an existing database this code will change: copy it
                await asyncio.to_thread(before_migration, path, current)
            await migrate(reader)
            checkpointer = await _connect(path, synchronous)
            writer = await loop.run_in_executor(thread, _open_writer, path, synchronous)
        except BaseException:
            await close_fully(reader)
            if checkpointer is not None:
                await close_fully(checkpointer)
            thread.shutdown()
            release_lock(held)
            raise
        store = cls(writer, thread, reader, checkpointer, held)
        store._start_writer()
        return store

    async def close(self) -> None:
        """Write everything queued, then close both connections."""
        await self._stop_writer()
        if self._checkpoint is not None:
            await asyncio.gather(self._checkpoint, return_exceptions=True)
        await self._checkpointer.close()
        await self.reader.close()
        await asyncio.get_running_loop().run_in_executor(self._thread, self._writer.close)
        self._thread.shutdown()
        release_lock(self._lock)
        self._lock = None

    async def _write_transaction(self, batches: list[Batch]) -> None:
        loop = asyncio.get_running_loop()
        fence = self.fence
        try:
            await loop.run_in_executor(
                self._thread, write_transaction, self._writer, batches, fence
            )
        except LeaseLost:
            assert fence is not None
            raise fence.lost() from None  # told on the loop, not in the writer thread

    def _written(self, batches: int) -> None:
        self._since_checkpoint += batches
        if self._since_checkpoint >= CHECKPOINT_EVERY and (
            self._checkpoint is None or self._checkpoint.done()
        ):
            self._since_checkpoint = 0
            self._checkpoint = asyncio.get_running_loop().create_task(self._run_checkpoint())

    async def _run_checkpoint(self) -> None:
        try:
            await self._checkpointer.execute("PRAGMA wal_checkpoint(PASSIVE)")
        except Exception:  # a busy or failed checkpoint is retried next time
            log.warning("background checkpoint failed", exc_info=True)

    # ---- shard leases (short transactions on the read connection, autocommit) ---------------
    async def claim_shards(
        self, shards: Sequence[int], owner: str, now: float, ttl: float
    ) -> list[int]:
        return list((await self.lease_shards(shards, owner, now, ttl, 0)).held)

    async def lease_shards(
        self, shards: Sequence[int], owner: str, now: float, ttl: float, count: int
    ) -> Leases:
        await self.reader.execute("BEGIN IMMEDIATE")  # the count check and claims as one
        try:
            other = None
            if count:
                other = await self.fetchone(_OTHER_COUNT, (owner, now, count))
            held = {}
            if other is None:
                for shard in shards:
                    row = await self.fetchone(_CLAIM, (shard, owner, now + ttl, now, count))
                    if row is not None:
                        held[shard] = int(row[0])
            await self.reader.execute("COMMIT")
        except BaseException:
            if self.reader.in_transaction:
                await self.reader.execute("ROLLBACK")
            raise
        return Leases(held, None if other is None else int(other[0]))

    async def release_shards(self, shards: Sequence[int], owner: str) -> None:
        for shard in shards:
            await self.reader.execute(
                "UPDATE shard_leases SET expires = 0 WHERE shard_id = ? AND owner = ?",
                (shard, owner),
            )

    # ---- raw access (the typed reads are bot.store.reads') ------------------------------------
    async def fetchall(self, sql: str, params: tuple[Any, ...] = ()) -> list[Any]:
        async with self.reader.execute(sql, params) as cur:
            return list(await cur.fetchall())

    async def fetchone(self, sql: str, params: tuple[Any, ...] = ()) -> Any:
        async with self.reader.execute(sql, params) as cur:
            return await cur.fetchone()

    async def _execute(self, sql: str, params: tuple[Any, ...] = ()) -> None:
        """A rare write outside the writer (privacy deletions): autocommit on the read
        connection; SQLite's busy timeout serialises it with the writer."""
        await self.reader.execute(sql, params)
