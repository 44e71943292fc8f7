"""``bench/standings.py`` fills its database through the store with rows built by hand, so a
column added to a table breaks it without touching its code (``games.pace`` once did, unnoticed
until the next run). This fills a small database and runs each timed read once."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.bench.loader import load


async def test_fill_then_every_read(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bench = load("standings")
    target = str(tmp_path / "standings.sqlite3")
    await bench.fill(target, 40, 12, 1)
    await bench.measure(target, 2, 12, 1)
    out = capsys.readouterr().out
    for command in ("/leaderboard", "/stats", "/history"):
        assert command in out
