"""``python -m bot``'s run loop: commands sync where configured, and SIGTERM closes the bot and
the session manager, so what was being saved is on disk afterwards."""

from __future__ import annotations

import asyncio
import os
import signal

from bot import __main__ as entry
from bot.client import TidewaterBot
from bot.sessions import SessionManager
from bot.settings import parse_settings
from tests.bot.harness import TOKEN


async def test_sigterm_closes_gracefully_and_saves(fake, tmp_path, monkeypatch) -> None:
    db = tmp_path / "data" / "tw.sqlite3"
    settings = parse_settings(
        {"storage": {"path": str(db)}, "discord": {"dev_guild_ids": [42, 43]}}, env={}
    )
    closed = asyncio.Event()
    seen: dict[str, object] = {}
    real_close = TidewaterBot.close

    async def close(self: TidewaterBot) -> None:
        await real_close(self)
        closed.set()

    async def connect(self: TidewaterBot, *, reconnect: bool = True) -> None:
        # Instead of the gateway: open a lobby, then receive SIGTERM while "connected".
        info = await self.manager.create_lobby(
            guild_id=1, channel_id=2, game="rowboat", host_id=3, host_name="Host"
        )
        seen["game"] = info.id
        os.kill(os.getpid(), signal.SIGTERM)
        await closed.wait()

    monkeypatch.setattr(TidewaterBot, "close", close)
    monkeypatch.setattr(TidewaterBot, "connect", connect)
    await asyncio.wait_for(entry.run(settings, TOKEN), 30)
    assert closed.is_set()
    synced = [s.path for s in fake.sent if s.kind == "sync"]
    assert synced == [f"/applications/{710000000000000001}/guilds/{g}/commands" for g in (42, 43)]
    manager = await SessionManager.open(db)
    try:
        info = await manager.get(int(seen["game"]))  # type: ignore[arg-type]
        assert info.status == "lobby" and info.host_id == 3
    finally:
        await manager.close()
