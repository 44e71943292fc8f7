"""Slash commands are synced only when they changed (discord.py's maintainers advise against a
sync on every start): the hash of the last synced tree is kept in the database; only the process
serving shard 0 syncs; ``python -m bot sync-commands`` forces a sync."""

from __future__ import annotations

import discord

from bot import __main__ as entry
from bot.client import TidewaterBot
from bot.sessions import SessionManager
from bot.settings import parse_settings
from tests.bot.harness import TOKEN, start_bot


def syncs(fake) -> int:
    return sum(1 for s in fake.sent if s.kind == "sync")


async def test_a_second_start_does_not_sync_and_a_changed_tree_does(fake, tmp_path) -> None:
    db = tmp_path / "tw.sqlite3"
    bot = await start_bot(fake, db)
    assert syncs(fake) == 1  # a new database: never synced
    await bot.close()
    bot = await start_bot(fake, db)
    try:
        assert syncs(fake) == 1  # the same commands: Discord has them
        assert not await bot.sync_if_changed()

        @bot.tree.command(name="extra", description="a command the code did not have")
        async def extra(interaction: discord.Interaction) -> None: ...

        assert await bot.sync_if_changed()
        assert syncs(fake) == 2
        [last] = [s for s in fake.sent if s.kind == "sync"][-1:]
        assert "extra" in {c["name"] for c in last.payload}  # type: ignore[union-attr]
        assert not await bot.sync_if_changed()
    finally:
        await bot.close()


async def test_only_the_process_serving_shard_0_syncs(fake, tmp_path) -> None:
    db = tmp_path / "tw.sqlite3"
    for shard, synced in ((1, 0), (0, 1)):
        settings = parse_settings(
            {"storage": {"path": str(db)}, "discord": {"shard_count": 2, "shard_ids": [shard]}},
            env={},
        )
        manager = await SessionManager.open(db)
        bot = TidewaterBot(settings, manager=manager)
        fake.bots.append(bot)
        await bot.login(TOKEN)
        await bot.close()
        assert syncs(fake) == synced


def test_sync_commands_forces_a_sync(fake, tmp_path, monkeypatch) -> None:
    config = tmp_path / "config.toml"
    config.write_text('[storage]\npath = "tw.sqlite3"\n')
    monkeypatch.setenv("DISCORD_TOKEN", TOKEN)
    monkeypatch.delenv("DATABASE_URL", raising=False)
    assert entry.main(["sync-commands", "--config", str(config)]) == 0
    assert entry.main(["sync-commands", "--config", str(config)]) == 0
    assert syncs(fake) == 2  # unchanged, yet synced: forced
