"""``bench/standings.py`` fills its database through the store with rows built by hand, so a
column added to a table breaks it without touching its code (``games.pace`` once did, unnoticed
until the next run). This fills a small database and runs each timed read once."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import pytest

BENCH = Path(__file__).resolve().parents[2] / "bench" / "standings.py"


def _bench() -> ModuleType:
    spec = importlib.util.spec_from_file_location("bench_standings", BENCH)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


async def test_fill_then_every_read(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bench = _bench()
    target = str(tmp_path / "standings.sqlite3")
    await bench.fill(target, 40, 12, 1)
    await bench.measure(target, 2, 12, 1)
    out = capsys.readouterr().out
    for command in ("/leaderboard", "/stats", "/history"):
        assert command in out
