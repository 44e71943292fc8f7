"""The store: every SQL statement of the bot lives in this package.

``base`` is the backend-neutral interface (:class:`GameStore`, the row types, :class:`Batch`),
``sqlite`` the SQLite backend (group-committing writer, typed reads, migration runner),
``migrations`` the numbered schema. The session manager depends on :class:`GameStore` only.
"""

from __future__ import annotations

from bot.store.base import (
    ActionRow,
    ActionWrite,
    Batch,
    Commit,
    Counters,
    DeadlineRow,
    DeadlineWrite,
    GameRow,
    GameStore,
    GameWrite,
    OpenGames,
    ResultRow,
    ResultWrite,
    SchemaTooNew,
    SettingsRow,
    SettingsWrite,
    SnapshotRow,
    SnapshotWrite,
    check,
    dumps,
)
from bot.store.migrations import LATEST, MIGRATIONS
from bot.store.sqlite import Store, migrate, schema_version

#: the SQLite backend under a name that says so (``Store`` is kept for existing callers)
SQLiteStore = Store

__all__ = [
    "LATEST",
    "MIGRATIONS",
    "ActionRow",
    "ActionWrite",
    "Batch",
    "Commit",
    "Counters",
    "DeadlineRow",
    "DeadlineWrite",
    "GameRow",
    "GameStore",
    "GameWrite",
    "OpenGames",
    "ResultRow",
    "ResultWrite",
    "SQLiteStore",
    "SchemaTooNew",
    "SettingsRow",
    "SettingsWrite",
    "SnapshotRow",
    "SnapshotWrite",
    "Store",
    "check",
    "dumps",
    "migrate",
    "schema_version",
]
