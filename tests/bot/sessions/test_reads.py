"""The manager's read side (bot/sessions/reads.py): a query on ``manager.reads`` answers from
the manager's own maps, so it sees each change as soon as it is made, and the manager's old
query names are the read side's methods themselves, not copies that could drift."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.sessions import GameNotFound, SessionManager
from tests.bot.sessions_support import engines

HOST = 100


async def test_the_reads_see_the_managers_changes_and_keep_the_old_names(
    tmp_path: Path,
) -> None:
    mgr = await SessionManager.open(tmp_path / "t.sqlite3", engines=engines)
    try:
        assert await mgr.reads.live_games() == []
        info = await mgr.create_lobby(
            guild_id=9, channel_id=5, game="tally", host_id=HOST, host_name="Host", seed=1
        )
        assert [i.id for i in await mgr.reads.live_games(9)] == [info.id]
        assert await mgr.reads.game_in_channel(5) == info
        assert (await mgr.reads.get(info.id)).status == "lobby"
        await mgr.cancel(info.id, HOST)
        assert await mgr.reads.game_in_channel(5) is None
        assert (await mgr.reads.get(info.id)).status == "abandoned"
        with pytest.raises(GameNotFound):
            await mgr.reads.actions(info.id + 1000)
        for name in ("get", "state", "live_games", "actions", "results", "guild_settings"):
            alias = getattr(mgr, name)
            assert alias.__self__ is mgr.reads and alias.__func__ is getattr(
                type(mgr.reads), name
            ), name
    finally:
        await mgr.close()
