"""Copy a SQLite database into PostgreSQL (``python -m bot migrate-db --to postgresql://...``).

Why a copy of rows and not a replay: the action log, the snapshots and the ids are the truth
the games resume from, so they move as they are, in one transaction: either the target holds
everything or nothing. Both sides are first brought to the latest schema; a target that already
holds games is refused, so a second run cannot mix two databases.

The source must be at rest: the copy holds the SQLite lock file exclusively (a running bot
holds it shared, see :func:`bot.store.sqlite.hold_lock`), so a bot still writing the file is
refused (:class:`SourceInUse`) instead of losing, at the switch, the moves made after the copy.
PostgreSQL is opened before SQLite: an unreachable server, a wrong database, role or password,
or a malformed URL then fails with nothing else open (an open SQLite store has threads that
are not daemons: the process printed its error and never exited).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from bot.store.postgres import PostgresStore
from bot.store.sqlite import DatabaseHeld, Store, hold_lock, release_lock
from bot.store.standings import RATING_COLUMNS

#: the tables copied, in an order that needs no deferred checks (games before their rows);
#: shard leases are not copied: a lease belongs to a running process, not to the data
TABLES: tuple[tuple[str, str], ...] = (
    (
        "games",
        "id, guild_id, channel_id, game, host_id, status, seats, options, seed, version,"
        " messages, created, updated, end_reason, pace, ai_secret, hints, hinted, practice",
    ),
    ("actions", "game_id, seq, seat, code, cause, at"),
    ("snapshots", "game_id, seq, state"),
    ("results", "game_id, seat, user_id, name, score, winner"),
    ("guild_settings", "guild_id, admin_role_id, use_threads, turn_timeout, pictures, language"),
    ("deadlines", "id, game_id, kind, due, data"),
    ("ratings", RATING_COLUMNS),
)


class TargetNotEmpty(RuntimeError):
    """The PostgreSQL database already holds games."""


class SourceInUse(RuntimeError):
    """A running bot holds the SQLite database (``--force`` copies it anyway)."""


@dataclass(frozen=True, slots=True)
class Copied:
    rows: dict[str, int]


async def copy_sqlite_to_postgres(
    source: str | Path, target: str, *, force: bool = False
) -> Copied:
    """Copy every table of the SQLite file ``source`` into the PostgreSQL ``target``; unless
    ``force``, refuse (:class:`SourceInUse`) while a running bot holds ``source``."""
    try:
        held = None if force else hold_lock(source, exclusive=True)
    except DatabaseHeld as exc:
        raise SourceInUse(
            f"{source} is in use by a running bot: stop it first (moves made after the copy"
            " would be lost), or pass --force"
        ) from exc
    try:
        pg = await PostgresStore.open(target)
        try:
            lite = await Store.open(source, lock=False)
            try:
                return await _copy(lite, pg)
            finally:
                await lite.close()
        finally:
            await pg.close()
    finally:
        release_lock(held)


async def _copy(lite: Store, pg: PostgresStore) -> Copied:
    """The copy itself, in one transaction on the PostgreSQL side."""
    if await pg.pool.fetchval("SELECT COUNT(*) FROM games"):
        raise TargetNotEmpty(
            "the PostgreSQL database already holds games; copy into an empty database"
        )
    counts: dict[str, int] = {}
    async with pg.pool.acquire() as conn, conn.transaction():
        for table, columns in TABLES:
            rows = await lite.fetchall(f"SELECT {columns} FROM {table}")
            counts[table] = len(rows)
            if rows:
                names = [c.strip() for c in columns.split(",")]
                await conn.copy_records_to_table(table, records=rows, columns=names)
        # ``version`` follows the log: copied rows already agree with it, and this makes
        # sure of it whatever the source held
        await conn.execute(
            "UPDATE games SET version = (SELECT COALESCE(MAX(seq), 0) FROM actions"
            " WHERE game_id = games.id)"
        )
    return Copied(counts)
