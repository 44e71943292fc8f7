"""``bench/sessions.py`` writes its reload database through the store directly, with rows built
by hand: a column added to the store (``games.pace``) once broke it unnoticed. This runs its
reload part small, so such a drift fails here rather than in the next benchmark run."""

from __future__ import annotations

from pathlib import Path

from tests.bench.loader import load


async def test_reload_database_loads_every_game(tmp_path: Path) -> None:
    bench = load("sessions")
    path = tmp_path / "reload.sqlite3"
    await bench.build_reload_db(path, 30, bench.SNAPSHOT_EVERY, 1)
    _elapsed, loaded = await bench.reload_time(path)
    assert loaded == 30
