"""The SQLite store: migrations, one group-committing writer, and the reads made at start-up.

Design decisions (why):

* **WAL + synchronous=FULL by default.** WAL lets the read connection run while the writer
  commits; FULL fsyncs each commit so an acknowledged move survives a power cut, not only a
  process crash. The fsync (about 0.3 ms here) is paid once per *batch*, not per move.
* **Group commit.** Every change is a :class:`Batch` handed to :meth:`Store.commit`. One writer
  task takes everything queued while the previous transaction was running and writes it in one
  transaction, so under load hundreds of moves share one fsync, while a lone move waits for
  nothing but its own transaction (no timer, no held-back window).
* **Fixed statement order per batch.** Batches of many games are merged statement by statement
  (one ``executemany`` each) to keep round trips to the SQLite thread constant per batch. That is
  only correct if the order between *different* statements never matters, so each column has one
  owning statement: the game upsert never writes ``version``, the version update writes nothing
  else; deadline inserts run before deadline deletes (an id is always created before it is
  removed); inserts of new games run first.
* **Ids are allocated in memory** (the manager is the only writer), so a batch never needs a
  round trip for ``lastrowid`` and nothing waits on another statement's result.
* **Failure isolation.** If a merged transaction fails it is rolled back and each batch is
  retried alone, so one bad batch fails only its own caller; nothing is half-applied.
* **A separate read connection** so a read never sees a batch that has not committed yet.
"""

from __future__ import annotations

import asyncio
import json
import logging
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import aiosqlite

from bot.migrations import LATEST, MIGRATIONS

log = logging.getLogger(__name__)


class SchemaTooNew(RuntimeError):
    """The database was written by a newer Tidewater; refusing to guess at its schema."""


# One statement per kind of change, in the order a merged batch runs them (see module docstring).
_STATEMENTS: tuple[tuple[str, str], ...] = (
    (
        "games",
        "INSERT INTO games (id, guild_id, channel_id, game, host_id, status, seats, options, seed,"
        " version, messages, created, updated, end_reason)"
        " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 0, ?, ?, ?, ?)"
        " ON CONFLICT (id) DO UPDATE SET host_id = excluded.host_id, status = excluded.status,"
        " seats = excluded.seats, options = excluded.options, messages = excluded.messages,"
        " updated = excluded.updated, end_reason = excluded.end_reason",
    ),
    ("versions", "UPDATE games SET version = ?, updated = ? WHERE id = ?"),
    (
        "actions",
        "INSERT INTO actions (game_id, seq, seat, code, cause, at) VALUES (?, ?, ?, ?, ?, ?)",
    ),
    (
        "snapshots",
        "INSERT INTO snapshots (game_id, seq, state) VALUES (?, ?, ?)"
        " ON CONFLICT (game_id) DO UPDATE SET seq = excluded.seq, state = excluded.state",
    ),
    (
        "results",
        "INSERT INTO results (game_id, seat, user_id, name, score, winner)"
        " VALUES (?, ?, ?, ?, ?, ?)",
    ),
    (
        "deadlines_add",
        "INSERT INTO deadlines (id, game_id, kind, due, data) VALUES (?, ?, ?, ?, ?)",
    ),
    ("deadlines_del", "DELETE FROM deadlines WHERE id = ?"),
    ("deadlines_del_game", "DELETE FROM deadlines WHERE game_id = ?"),
    (
        "settings",
        "INSERT INTO guild_settings (guild_id, admin_role_id, use_threads, turn_timeout)"
        " VALUES (?, ?, ?, ?) ON CONFLICT (guild_id) DO UPDATE SET"
        " admin_role_id = excluded.admin_role_id, use_threads = excluded.use_threads,"
        " turn_timeout = excluded.turn_timeout",
    ),
)


@dataclass(slots=True)
class Batch:
    """Rows to write in one transaction; one list of parameter tuples per statement kind."""

    games: list[tuple[Any, ...]] = field(default_factory=list)
    versions: list[tuple[Any, ...]] = field(default_factory=list)
    actions: list[tuple[Any, ...]] = field(default_factory=list)
    snapshots: list[tuple[Any, ...]] = field(default_factory=list)
    results: list[tuple[Any, ...]] = field(default_factory=list)
    deadlines_add: list[tuple[Any, ...]] = field(default_factory=list)
    deadlines_del: list[tuple[Any, ...]] = field(default_factory=list)
    deadlines_del_game: list[tuple[Any, ...]] = field(default_factory=list)
    settings: list[tuple[Any, ...]] = field(default_factory=list)


def dumps(value: Any) -> str:
    return json.dumps(value, separators=(",", ":"), sort_keys=True)


async def _connect(path: Path, synchronous: str) -> aiosqlite.Connection:
    conn = await aiosqlite.connect(path, isolation_level=None)
    await conn.execute("PRAGMA journal_mode = WAL")
    await conn.execute(f"PRAGMA synchronous = {synchronous}")
    await conn.execute("PRAGMA busy_timeout = 10000")
    return conn


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


class Commit(asyncio.Future):  # type: ignore[type-arg]
    """The outcome of one transaction, shared by every batch in it.

    Its result maps the index of each batch that failed to its error (empty when all landed).
    A waiter cannot cancel it: cancelling a task that awaits it is delivered once the write
    has finished, so the caller can still bring its memory in line with the database. One
    shared future per transaction (rather than one per batch, shielded) is what keeps a commit
    down to a single wake-up per waiting task.
    """

    def cancel(self, msg: Any = None) -> bool:
        return False


class _Group:
    """The transaction being assembled while the previous one is written."""

    __slots__ = ("batches", "done")

    def __init__(self, loop: asyncio.AbstractEventLoop) -> None:
        self.batches: list[Batch] = []
        self.done = Commit(loop=loop)


class Store:
    """Owns the two connections and the writer task. Use :meth:`open` and :meth:`close`."""

    def __init__(self, writer: aiosqlite.Connection, reader: aiosqlite.Connection) -> None:
        self.db = writer
        self.reader = reader
        self._open: _Group | None = None
        self._wake = asyncio.Event()
        self._closing = False
        self._task: asyncio.Task[None] | None = None
        #: statistics for the benchmark: transactions and batches written
        self.transactions = 0
        self.batches = 0

    @classmethod
    async def open(cls, path: str | Path, *, synchronous: str = "FULL") -> Store:
        if synchronous.upper() not in {"OFF", "NORMAL", "FULL", "EXTRA"}:
            raise ValueError(f"synchronous must be OFF, NORMAL, FULL or EXTRA, not {synchronous!r}")
        path = Path(path)
        path.parent.mkdir(parents=True, exist_ok=True)
        writer = await _connect(path, synchronous)
        try:
            await migrate(writer)
            reader = await _connect(path, synchronous)
        except BaseException:
            await writer.close()
            raise
        store = cls(writer, reader)
        store._task = asyncio.get_running_loop().create_task(store._run(), name="store-writer")
        return store

    async def close(self) -> None:
        """Write everything queued, then close both connections."""
        if self._task is not None:
            self._closing = True
            self._wake.set()
            await self._task
            self._task = None
        await self.reader.close()
        await self.db.close()

    def submit(self, batch: Batch) -> tuple[Commit, int]:
        """Queue ``batch`` for the next transaction: ``(commit, index)``; ``await commit``
        gives the failures by index (see :func:`check`)."""
        if self._closing or self._task is None or self._task.done():
            raise RuntimeError("the store is closed")
        group = self._open
        if group is None:
            group = self._open = _Group(asyncio.get_running_loop())
            self._wake.set()
        group.batches.append(batch)
        return group.done, len(group.batches) - 1

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
            try:
                failures = await self._write(group.batches)
            except BaseException as exc:  # the writer itself is going down: tell everyone
                group.done.set_exception(exc)
                raise
            group.done.set_result(failures)
            if self._open is not None:
                self._wake.set()

    async def _write(self, batches: list[Batch]) -> dict[int, BaseException]:
        try:
            await self._transaction(batches)
        except Exception as exc:
            if len(batches) == 1:
                return {0: exc}
            log.warning(
                "merged commit failed (%s); retrying its %d batches alone", exc, len(batches)
            )
            failures: dict[int, BaseException] = {}
            for index, batch in enumerate(batches):
                try:
                    await self._transaction([batch])
                except Exception as alone:
                    failures[index] = alone
            return failures
        return _NO_FAILURES

    async def _transaction(self, batches: list[Batch]) -> None:
        db = self.db
        await db.execute("BEGIN IMMEDIATE")
        try:
            for name, sql in _STATEMENTS:
                rows = [row for batch in batches for row in getattr(batch, name)]
                if len(rows) == 1:
                    await db.execute(sql, rows[0])
                elif rows:
                    await db.executemany(sql, rows)
            await db.execute("COMMIT")
        except BaseException:
            if db.in_transaction:
                await db.execute("ROLLBACK")
            raise
        self.transactions += 1
        self.batches += len(batches)

    # ---- reads (read connection: only committed data) -------------------------------------
    async def fetchall(self, sql: str, params: tuple[Any, ...] = ()) -> list[Any]:
        async with self.reader.execute(sql, params) as cur:
            return list(await cur.fetchall())

    async def fetchone(self, sql: str, params: tuple[Any, ...] = ()) -> Any:
        async with self.reader.execute(sql, params) as cur:
            return await cur.fetchone()


_NO_FAILURES: dict[int, BaseException] = {}


def check(failures: dict[int, BaseException], index: int) -> None:
    """Raise the error of batch ``index`` if its transaction failed."""
    if failures:
        exc = failures.get(index)
        if exc is not None:
            raise exc
