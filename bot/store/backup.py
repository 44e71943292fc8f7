"""Consistent copies of a SQLite database, taken while a bot may be writing to it.

Why SQLite's online backup API rather than copying the file: in WAL mode the latest commits
live in ``-wal`` beside the database until a checkpoint moves them in, so a copy of the main file
alone misses them, and a copy taken during a checkpoint can be torn. The backup API reads the
database through SQLite itself, as one consistent snapshot, whatever the other connections do.
"""

from __future__ import annotations

import contextlib
import logging
import os
import sqlite3
from pathlib import Path

log = logging.getLogger(__name__)


def backup_sqlite(source: str | Path, target: str | Path) -> Path:
    """Copy the database ``source`` into ``target`` (replaced if it exists) and return it.

    The copy is written beside ``target`` under a temporary name and renamed into place, so a
    backup that fails halfway never replaces a good one; it is left in rollback-journal mode,
    one self-contained file that opens anywhere (the store turns WAL on again when it opens it)."""
    source, target = Path(source), Path(target)
    partial = target.with_name(f".{target.name}.partial")
    partial.unlink(missing_ok=True)
    # mode=rw: a missing file is an error here, never a new empty database
    src = sqlite3.connect(f"{source.resolve().as_uri()}?mode=rw", uri=True)
    try:
        dst = sqlite3.connect(partial)
        try:
            src.backup(dst)  # one step: the whole database as of one moment
            dst.execute("PRAGMA journal_mode = DELETE")
        finally:
            dst.close()
    except BaseException:
        with contextlib.suppress(OSError):
            partial.unlink()
        raise
    finally:
        src.close()
    os.replace(partial, target)
    return target


def before_migration(path: str | Path, version: int) -> Path:
    """The copy made before the schema of ``path`` changes from ``version``: the database
    as this version of the code left it, ``<name>.bak-v<version>`` beside it, so an upgrade that
    goes wrong (or a downgrade) can go back to it."""
    path = Path(path)
    copy = backup_sqlite(path, path.with_name(f"{path.name}.bak-v{version}"))
    log.info("copied the database at schema version %d to %s before migrating it", version, copy)
    return copy
