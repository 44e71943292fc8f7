"""Opening a manager tunes the garbage collector for a process holding many live games."""

from __future__ import annotations

import gc
from pathlib import Path

from bot.sessions import SessionManager
from bot.sessions.manager import GC_THRESHOLD
from tests.bot.sessions_support import engines


async def test_open_raises_the_young_threshold_and_freezes_what_was_loaded(
    tmp_path: Path,
) -> None:
    mgr = await SessionManager.open(tmp_path / "gc.sqlite3", engines=engines)
    try:
        assert gc.get_threshold()[0] >= GC_THRESHOLD
        assert gc.get_freeze_count() > 0
        assert gc.isenabled()
    finally:
        await mgr.close()
