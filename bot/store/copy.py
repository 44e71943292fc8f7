"""Copy a SQLite database into PostgreSQL (``python -m bot migrate-db --to postgresql://...``).

Why a copy of rows and not a replay: the action log, the snapshots and the ids are the truth
the games resume from, so they move as they are, in one transaction: either the target holds
everything or nothing. Both sides are first brought to the latest schema; a target that already
holds games is refused, so a second run cannot mix two databases.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from bot.store.postgres import PostgresStore
from bot.store.sqlite import Store
from bot.store.standings import RATING_COLUMNS

#: the tables copied, in an order that needs no deferred checks (games before their rows);
#: shard leases are not copied: a lease belongs to a running process, not to the data
TABLES: tuple[tuple[str, str], ...] = (
    (
        "games",
        "id, guild_id, channel_id, game, host_id, status, seats, options, seed, version,"
        " messages, created, updated, end_reason, pace",
    ),
    ("actions", "game_id, seq, seat, code, cause, at"),
    ("snapshots", "game_id, seq, state"),
    ("results", "game_id, seat, user_id, name, score, winner"),
    ("guild_settings", "guild_id, admin_role_id, use_threads, turn_timeout, pictures"),
    ("deadlines", "id, game_id, kind, due, data"),
    ("ratings", RATING_COLUMNS),
)


class TargetNotEmpty(RuntimeError):
    """The PostgreSQL database already holds games."""


@dataclass(frozen=True, slots=True)
class Copied:
    rows: dict[str, int]


async def copy_sqlite_to_postgres(source: str | Path, target: str) -> Copied:
    """Copy every table of the SQLite file ``source`` into the PostgreSQL ``target``."""
    lite = await Store.open(source)
    pg = await PostgresStore.open(target)
    try:
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
    finally:
        await pg.close()
        await lite.close()
