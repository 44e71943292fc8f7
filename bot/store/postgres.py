"""The PostgreSQL backend of the store: the same interface as SQLite, for bots that shard.

Why and how it differs from :mod:`bot.store.sqlite`:

* **Same promise.** A move is committed (``synchronous_commit`` on: the WAL is flushed) before
  anyone hears of it; :meth:`PostgresStore.submit` and :meth:`commit` behave exactly as
  SQLite's, so the session manager cannot tell the backends apart.
* **Group commit over the network.** The shared writer
  (:class:`bot.store.base.GroupCommitWriter`) owns one connection here and writes everything
  queued while the previous transaction was in flight as one transaction, with each statement
  sent once per transaction through asyncpg's pipelined ``executemany`` (one round trip for
  all rows of a kind), so hundreds of moves share one WAL flush and a handful of round trips.
* **Reads on a pool** of other connections: a read never sees a batch that has not committed,
  and reads do not queue behind the writer.
* **The version follows the log** in the writer: the actions of a transaction and one UPDATE
  of their games' versions go together (SQLite uses a trigger; see migration 4).
* **Same numbered migrations** in PostgreSQL's dialect (:mod:`bot.store.postgres_migrations`),
  each applied in its own transaction under an advisory lock, so two processes starting at
  once cannot both migrate.
* **Failure isolation** by the same shared writer: a merged transaction that fails is rolled
  back and each batch retried alone; :attr:`PostgresStore.BATCH_ERRORS` says which errors are a
  batch's own.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import logging
import re
from collections.abc import Sequence
from typing import Any

import asyncpg

from bot.store import standings
from bot.store.base import (
    Batch,
    CommitInDoubt,
    Fence,
    GroupCommitWriter,
    Leases,
    SchemaTooNew,
    StoreUnreachable,
)
from bot.store.postgres_migrations import LATEST, MIGRATIONS
from bot.store.reads import TypedReads

log = logging.getLogger(__name__)

#: advisory lock key held while migrating (any fixed 64-bit number)
MIGRATION_LOCK = 0x7469_6465_7761_7465


def _insert(table: str, columns: str, types: str, tail: str = "") -> str:
    """One INSERT of all rows of a kind: each column travels as one array parameter and
    ``unnest`` turns them back into rows, so a statement-level trigger fires once and the
    whole kind costs one round trip."""
    arrays = ", ".join(f"${i}::{t}[]" for i, t in enumerate(types.split(), start=1))
    return f"INSERT INTO {table} ({columns}) SELECT * FROM unnest({arrays}){tail}"


# One statement per kind of change, in the order a merged transaction runs them (the same
# order as SQLite's, for the same reasons: each column has one owning statement).
_STATEMENTS: dict[str, str] = {
    "games": _insert(
        "games",
        "id, guild_id, channel_id, game, host_id, status, seats, options, seed, messages,"
        " created, updated, end_reason, pace, ai_secret, hints, hinted, practice",
        "int8 int8 int8 text int8 text text text int8 text float8 float8 text int4 text int4 int4"
        " int4",
        " ON CONFLICT (id) DO UPDATE SET host_id = excluded.host_id, status = excluded.status,"
        " seats = excluded.seats, options = excluded.options, messages = excluded.messages,"
        " updated = excluded.updated, end_reason = excluded.end_reason, pace = excluded.pace,"
        " ai_secret = COALESCE(games.ai_secret, excluded.ai_secret), hints = excluded.hints,"
        " hinted = GREATEST(COALESCE(games.hinted, 0), excluded.hinted),"
        " practice = excluded.practice",
    ),
    "actions": _insert(
        "actions", "game_id, seq, seat, code, cause, at", "int8 int8 int4 text text float8"
    ),
    "snapshots": _insert(
        "snapshots",
        "game_id, seq, state",
        "int8 int8 text",
        " ON CONFLICT (game_id) DO UPDATE SET seq = excluded.seq, state = excluded.state",
    ),
    "results": _insert(
        "results", "game_id, seat, user_id, name, score, winner", "int8 int4 int8 text int8 int4"
    ),
    "deadlines_add": _insert(
        "deadlines", "id, game_id, kind, due, data", "int8 int8 text float8 text"
    ),
    "deadlines_del": "DELETE FROM deadlines WHERE id = ANY($1::int8[])",
    "deadlines_del_game": "DELETE FROM deadlines WHERE game_id = ANY($1::int8[])",
    "settings": _insert(
        "guild_settings",
        "guild_id, admin_role_id, use_threads, turn_timeout, pictures, language",
        "int8 int8 int4 int4 int4 text",
        " ON CONFLICT (guild_id) DO UPDATE SET admin_role_id = excluded.admin_role_id,"
        " use_threads = excluded.use_threads, turn_timeout = excluded.turn_timeout,"
        " pictures = excluded.pictures, language = excluded.language",
    ),
    "ratings": _insert(
        "ratings",
        standings.RATING_COLUMNS,
        "int8 text int8 text int4 int4 int4 float8 float8 float8 float8",
        standings.RATING_UPSERT_TAIL,
    ),
}
#: take a free or expired lease, or renew one's own; RETURNING gives its epoch when held
#: (the next one when it changes hands)
_CLAIM = (
    "INSERT INTO shard_leases (shard_id, owner, expires, shard_count, epoch)"
    " VALUES ($1, $2, $3, $5, 1)"
    " ON CONFLICT (shard_id) DO UPDATE SET owner = excluded.owner, expires = excluded.expires,"
    " shard_count = excluded.shard_count, epoch = CASE WHEN shard_leases.owner = excluded.owner"
    " THEN shard_leases.epoch ELSE shard_leases.epoch + 1 END"
    " WHERE shard_leases.owner = excluded.owner OR shard_leases.expires < $4"
    " RETURNING epoch"
)
#: another owner's live lease under another shard count (0: written before migration 10)
_OTHER_COUNT = (
    "SELECT shard_count FROM shard_leases WHERE owner <> $1 AND expires >= $2"
    " AND shard_count NOT IN (0, $3) LIMIT 1"
)
_VERSIONS = (
    "UPDATE games AS g SET version = m.seq, updated = m.at"
    " FROM unnest($1::int8[], $2::int8[], $3::float8[]) AS m(id, seq, at)"
    " WHERE g.id = m.id AND g.version < m.seq"
)
#: the action log's INSERT, answering with the transaction's id (see :class:`CommitInDoubt`)
_ACTIONS_XID = _STATEMENTS["actions"] + " RETURNING txid_current()"
_DELETES = {"deadlines_del", "deadlines_del_game"}
#: upserts: one statement may not touch a key twice, so only the last row of a key is sent
#: (each upsert replaces every column it sets, so the last row is what applying them in order
#: leaves)
_UPSERT_KEY = {"games": 1, "snapshots": 1, "settings": 1, "ratings": 3}


#: the rows of the leases a fence names that still have its owner and epoch, locked FOR SHARE:
#: a takeover's UPDATE of those rows waits until this transaction has committed, so the new
#: owner, which loads its games after its claim, sees every write that passed the check
_FENCE = (
    "SELECT count(*) FROM (SELECT 1 FROM shard_leases WHERE owner = $1"
    " AND (shard_id, epoch) IN (SELECT * FROM unnest($2::int4[], $3::int8[])) FOR SHARE) AS held"
)


#: what says the connection itself is gone (the server stopped or restarted, the network
#: cut, a socket that cannot be opened), as opposed to a statement the server refused
CONNECTION_ERRORS: tuple[type[BaseException], ...] = (
    OSError,
    TimeoutError,
    asyncpg.ConnectionDoesNotExistError,
    asyncpg.PostgresConnectionError,
    # class 57: the server is shutting down, crashed, or not yet accepting connections
    asyncpg.exceptions.OperatorInterventionError,
)


async def write_transaction(
    conn: asyncpg.Connection, batches: list[Batch], fence: Fence | None = None
) -> None:
    """Write ``batches`` in one transaction on ``conn``, if ``fence``'s leases still hold.

    A connection lost while COMMIT is under way raises :class:`CommitInDoubt` with the
    transaction's id (taken by the action log's INSERT, so at no extra round trip), which
    ``txid_status`` answers on the next connection; before COMMIT, nothing can have landed."""
    transaction = conn.transaction()
    await transaction.start()
    try:
        xid = await _statements(conn, batches, fence)
    except BaseException:
        if not conn.is_closed():
            with contextlib.suppress(Exception):
                await transaction.rollback()
        raise
    try:
        await transaction.commit()
    except CONNECTION_ERRORS as exc:
        if xid is None:  # no action in it: every other row is an upsert or a fresh id
            raise
        raise CommitInDoubt(xid) from exc
    except asyncpg.InterfaceError as exc:
        if xid is None or not conn.is_closed():
            raise
        raise CommitInDoubt(xid) from exc


async def _statements(conn: asyncpg.Connection, batches: list[Batch], fence: Fence | None) -> Any:
    """The transaction's statements; returns its id when it wrote actions (else None)."""
    if fence is not None:
        held = await conn.fetchval(
            _FENCE, fence.owner, list(fence.epochs), list(fence.epochs.values())
        )
        if held != len(fence.epochs):
            raise fence.lost()
    xid = None
    for kind, sql in _STATEMENTS.items():
        rows = [row for batch in batches for row in getattr(batch, kind)]
        if not rows:
            continue
        if kind in _DELETES:
            await conn.execute(sql, [row[0] for row in rows])
            continue
        key = _UPSERT_KEY.get(kind)
        if key is not None and len(rows) > 1:
            rows = list({tuple(row[:key]): row for row in rows}.values())
        columns = (list(column) for column in zip(*rows, strict=True))
        if kind != "actions":
            await conn.execute(sql, *columns)
            continue
        xid = await conn.fetchval(_ACTIONS_XID, *columns)
        # the log moves each game's version (migration 4)
        latest: dict[int, tuple[int, float]] = {}
        for row in rows:
            if row[1] > latest.get(row[0], (0, 0.0))[0]:
                latest[row[0]] = (row[1], row[5])
        await conn.execute(
            _VERSIONS,
            list(latest),
            [seq for seq, _ in latest.values()],
            [at for _, at in latest.values()],
        )
    return xid


async def schema_version(conn: asyncpg.Connection) -> int:
    await conn.execute("CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)")
    value = await conn.fetchval("SELECT version FROM schema_version")
    if value is None:
        await conn.execute("INSERT INTO schema_version (version) VALUES (0)")
        return 0
    return int(value)


async def migrate(conn: asyncpg.Connection, upto: int | None = None) -> int:
    """Apply the migrations after the database's version (up to ``upto``), each in its own
    transaction, holding an advisory lock so concurrent starts migrate once."""
    upto = LATEST if upto is None else upto
    await conn.execute("SELECT pg_advisory_lock($1)", MIGRATION_LOCK)
    try:
        current = await schema_version(conn)
        if current > LATEST:
            raise SchemaTooNew(
                f"The database is at schema version {current}, newer than this code ({LATEST})."
            )
        for number in range(current + 1, upto + 1):
            async with conn.transaction():
                await conn.execute(MIGRATIONS[number - 1])
                await conn.execute("UPDATE schema_version SET version = $1", number)
            log.info("database migrated to schema version %d", number)
        return max(current, upto)
    finally:
        await conn.execute("SELECT pg_advisory_unlock($1)", MIGRATION_LOCK)


@functools.lru_cache(maxsize=512)
def _placeholders(sql: str) -> str:
    """``?`` placeholders (SQLite's, used by tools and tests) as PostgreSQL's ``$n``."""
    counter = iter(range(1, 10_000))
    return re.sub(r"\?", lambda _m: f"${next(counter)}", sql)


class PostgresStore(GroupCommitWriter, TypedReads):
    """Owns the writer connection, the read pool and the writer task. Use :meth:`open` and
    :meth:`close`; implements :class:`bot.store.base.GameStore`.

    When the server goes away (a restart, a network cut), the writer hears its connection
    close and connects again with backoff (``GroupCommitWriter``: moves are refused with
    :class:`StoreUnreachable` meanwhile); the pool's connections are opened again by asyncpg
    when a read next needs one, and a read that cannot reach the server raises
    :class:`StoreUnreachable` too."""

    #: a batch's own errors: what the server refuses, or a value asyncpg cannot encode
    BATCH_ERRORS = (asyncpg.PostgresError, ValueError, TypeError, OverflowError)
    #: seconds a reconnection may take before it counts as failed
    CONNECT_TIMEOUT = 5.0

    def __init__(self, writer: asyncpg.Connection, pool: asyncpg.Pool, url: str) -> None:
        super().__init__()
        self._writer = writer
        self.pool = pool
        self.url = url
        writer.add_termination_listener(self._terminated)

    @classmethod
    async def open(cls, url: str, *, readers: int = 4) -> PostgresStore:
        writer = await asyncpg.connect(url)
        try:
            await migrate(writer)
            pool = await asyncpg.create_pool(url, min_size=1, max_size=readers)
        except BaseException:
            await writer.close()
            raise
        assert pool is not None
        store = cls(writer, pool, url)
        store._start_writer()
        return store

    async def close(self) -> None:
        """Write everything queued, then close the connections."""
        try:
            await self._stop_writer()
        finally:
            self._writer.remove_termination_listener(self._terminated)
            await self.pool.close()
            if not self._writer.is_closed():
                await self._writer.close()

    async def _write_transaction(self, batches: list[Batch]) -> None:
        await write_transaction(self._writer, batches, self.fence)

    # ---- outages (the loop is GroupCommitWriter's) ---------------------------------------
    def _terminated(self, conn: asyncpg.Connection) -> None:
        """asyncpg's word that a connection closed: the writer's, closed by the server or the
        network (not by us), starts the reconnection now rather than at the next move, so
        play resumes as soon as the server is back."""
        if conn is self._writer and not self._closing:
            self.disconnected()

    def _connection_lost(self, exc: BaseException) -> bool:
        return isinstance(exc, CONNECTION_ERRORS) or self._writer.is_closed()

    async def _reconnect(self) -> None:
        conn = await asyncpg.connect(self.url, timeout=self.CONNECT_TIMEOUT)
        old, self._writer = self._writer, conn
        old.remove_termination_listener(self._terminated)
        conn.add_termination_listener(self._terminated)
        if not old.is_closed():
            old.terminate()

    async def _landed(self, token: Any) -> bool | None:
        """``txid_status``: committed, aborted, or (a backend of the old connection still
        finishing) in progress, asked again for a few seconds."""
        for _ in range(25):
            status = await self._writer.fetchval("SELECT txid_status($1)", int(token))
            if status != "in progress":
                return None if status is None else status == "committed"
            await asyncio.sleep(0.2)
        return None

    # ---- shard leases ---------------------------------------------------------------------
    async def claim_shards(
        self, shards: Sequence[int], owner: str, now: float, ttl: float
    ) -> list[int]:
        return list((await self.lease_shards(shards, owner, now, ttl, 0)).held)

    async def lease_shards(
        self, shards: Sequence[int], owner: str, now: float, ttl: float, count: int
    ) -> Leases:
        async with self.pool.acquire() as conn, conn.transaction():
            # claims are rare (a third of a lease apart): one at a time, so that two processes
            # of different counts starting at once cannot both pass the count check; writers'
            # FOR SHARE row locks do not conflict with this mode
            await conn.execute("LOCK TABLE shard_leases IN SHARE ROW EXCLUSIVE MODE")
            if count:
                other = await conn.fetchval(_OTHER_COUNT, owner, now, count)
                if other is not None:
                    return Leases({}, int(other))
            held = {}
            for shard in shards:
                epoch = await conn.fetchval(_CLAIM, shard, owner, now + ttl, now, count)
                if epoch is not None:
                    held[shard] = int(epoch)
            return Leases(held)

    async def release_shards(self, shards: Sequence[int], owner: str) -> None:
        await self.pool.execute(
            "UPDATE shard_leases SET expires = 0 WHERE shard_id = ANY($1::int4[]) AND owner = $2",
            list(shards),
            owner,
        )

    # ---- raw access (the typed reads are bot.store.reads') ------------------------------------
    async def fetchall(self, sql: str, params: tuple[Any, ...] = ()) -> list[Any]:
        try:
            return [tuple(r) for r in await self.pool.fetch(_placeholders(sql), *params)]
        except CONNECTION_ERRORS as exc:
            raise StoreUnreachable(f"the database cannot be reached ({exc})") from exc

    async def fetchone(self, sql: str, params: tuple[Any, ...] = ()) -> Any:
        try:
            r = await self.pool.fetchrow(_placeholders(sql), *params)
        except CONNECTION_ERRORS as exc:
            raise StoreUnreachable(f"the database cannot be reached ({exc})") from exc
        return None if r is None else tuple(r)

    async def _execute(self, sql: str, params: tuple[Any, ...] = ()) -> None:
        await self.pool.execute(_placeholders(sql), *params)
