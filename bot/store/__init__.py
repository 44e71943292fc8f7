"""The store: every SQL statement of the bot lives in this package.

``base`` is the backend-neutral interface (:class:`GameStore`, the row types, :class:`Batch`)
and the one group-committing writer both backends share; ``reads`` the typed reads, written
once; ``sqlite`` and ``postgres`` the backends (how a transaction is written, connections,
placeholders, migration runner); ``migrations`` the numbered schema. The session manager
depends on :class:`GameStore` only.
"""

from __future__ import annotations

import sqlite3
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

from bot.store.base import (
    ActionRow,
    ActionWrite,
    AlertRow,
    Batch,
    Commit,
    CommitInDoubt,
    Counters,
    DeadlineRow,
    DeadlineWrite,
    Fence,
    GameRow,
    GameStore,
    GameWrite,
    HistoryRow,
    Leaderboard,
    LeaseLost,
    Leases,
    OpenGames,
    Queued,
    RatingRow,
    RatingWrite,
    ResultRow,
    ResultWrite,
    SchemaTooNew,
    SettingsRow,
    SettingsWrite,
    SnapshotRow,
    SnapshotWrite,
    StoreUnavailable,
    StoreUnreachable,
    check,
    dumps,
)
from bot.store.migrations import LATEST, MIGRATIONS
from bot.store.sqlite import DatabaseHeld, Store, migrate, schema_version

#: the SQLite backend under a name that says so (``Store`` is kept for existing callers)
SQLiteStore = Store


def is_postgres(target: str | Path) -> bool:
    """Whether ``target`` names a PostgreSQL database (a URL) rather than a SQLite file."""
    return isinstance(target, str) and target.startswith(("postgresql://", "postgres://"))


def describe(target: str | Path) -> str:
    """What the start-up log says was opened: the SQLite file's absolute path, or the
    PostgreSQL URL without its password (logs are often pasted into bug reports).

    Why log it at all: a relative path resolved against another working directory silently
    opened an empty database; naming the file at start makes that visible at once."""
    if not is_postgres(target):
        return f"SQLite database {Path(target).resolve()}"
    parts = urlsplit(str(target))
    netloc = parts.netloc
    if "@" in netloc:
        user, host = netloc.rsplit("@", 1)
        netloc = f"{user.split(':', 1)[0]}@{host}"
    return f"PostgreSQL database {urlunsplit(parts._replace(netloc=netloc, query=''))}"


async def open_store(target: str | Path, *, synchronous: str = "FULL") -> GameStore:
    """Open the backend ``target`` names: a ``postgresql://`` URL, else a SQLite file path.

    Why here: the session manager, the benchmarks and ``migrate-db`` choose a backend from one
    string (``[storage] url`` or ``path``), and only this package may know which exist.
    """
    if is_postgres(target):
        import asyncpg

        from bot.store.postgres import PostgresStore

        try:
            return await PostgresStore.open(str(target))
        except (OSError, asyncpg.PostgresError) as exc:
            raise StoreUnavailable(f"cannot open the PostgreSQL database ({exc})") from exc
    try:
        Path(target).parent.mkdir(parents=True, exist_ok=True)
        return await Store.open(target, synchronous=synchronous)
    except DatabaseHeld as exc:
        raise StoreUnavailable(str(exc)) from exc
    except (OSError, sqlite3.Error) as exc:
        raise StoreUnavailable(f"cannot open the SQLite database {target} ({exc})") from exc


__all__ = [
    "LATEST",
    "MIGRATIONS",
    "ActionRow",
    "ActionWrite",
    "AlertRow",
    "Batch",
    "Commit",
    "CommitInDoubt",
    "Counters",
    "DatabaseHeld",
    "DeadlineRow",
    "DeadlineWrite",
    "Fence",
    "GameRow",
    "GameStore",
    "GameWrite",
    "HistoryRow",
    "Leaderboard",
    "LeaseLost",
    "Leases",
    "OpenGames",
    "Queued",
    "RatingRow",
    "RatingWrite",
    "ResultRow",
    "ResultWrite",
    "SQLiteStore",
    "SchemaTooNew",
    "SettingsRow",
    "SettingsWrite",
    "SnapshotRow",
    "SnapshotWrite",
    "Store",
    "StoreUnavailable",
    "StoreUnreachable",
    "check",
    "describe",
    "dumps",
    "is_postgres",
    "migrate",
    "open_store",
    "schema_version",
]
