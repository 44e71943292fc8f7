"""What only the SQLite backend does (the rest of the store is tested on both backends in
``test_store.py``): a new file is a WAL database, so reads run while the writer commits."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from bot.store import Store


async def test_a_new_file_is_a_wal_database(tmp_path: Path) -> None:
    path = tmp_path / "empty.sqlite3"
    path.touch()
    await (await Store.open(path)).close()
    with sqlite3.connect(path) as conn:
        assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    conn.close()
