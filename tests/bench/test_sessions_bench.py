"""``bench/sessions.py`` writes its reload database through the store directly, with rows built
by hand: a column added to the store (``games.pace``) once broke it unnoticed. This runs its
reload part small, so such a drift fails here rather than in the next benchmark run."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

BENCH = Path(__file__).resolve().parents[2] / "bench" / "sessions.py"


def _bench() -> ModuleType:
    spec = importlib.util.spec_from_file_location("bench_sessions", BENCH)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


async def test_reload_database_loads_every_game(tmp_path: Path) -> None:
    bench = _bench()
    path = tmp_path / "reload.sqlite3"
    await bench.build_reload_db(path, 30, bench.SNAPSHOT_EVERY, 1)
    _elapsed, loaded = await bench.reload_time(path)
    assert loaded == 30
