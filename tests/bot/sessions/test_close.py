"""Closing the manager must close the database whatever fails before it: SQLite's reader and
writer threads keep a process alive, so a shutdown that skipped them would leave a bot that
neither serves nor exits (and so is never restarted by its supervisor)."""

from __future__ import annotations

import sqlite3
import threading
from pathlib import Path

import pytest

from bot.sessions import SessionManager
from bot.sessions.shards import ShardPlan
from tests.bot.sessions_support import engines


async def test_close_closes_the_store_when_releasing_the_lease_fails(tmp_path: Path) -> None:
    path = tmp_path / "tidewater.sqlite3"
    before = set(threading.enumerate())
    mgr = await SessionManager.open(
        str(path),
        engines=engines,
        autoplay=False,
        shards=ShardPlan(1, (0,)),
        owner="proc-a",
        lease_seconds=30.0,
    )
    started = [t for t in threading.enumerate() if t not in before]
    assert started  # the store's threads
    with sqlite3.connect(path) as other:  # the lease table vanishes: releasing it fails
        other.execute("DROP TABLE shard_leases")
    try:
        with pytest.raises(sqlite3.OperationalError):
            await mgr.close()
        for thread in started:
            thread.join(timeout=10)
        assert not [t.name for t in started if t.is_alive()]
    finally:
        if any(t.is_alive() for t in started):  # the failure above: let the run still exit
            await mgr._store.close()
