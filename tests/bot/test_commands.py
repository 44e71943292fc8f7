"""The slash commands the bot registers (CONTRACT §2 names), as sent in the sync request."""

from __future__ import annotations

import discord

from games import registry
from tests.bot.harness import start_bot


async def test_synced_commands(fake, tmp_path) -> None:
    bot = await start_bot(fake, tmp_path / "tw.sqlite3")
    try:
        [sync] = [s for s in fake.sent if s.kind == "sync"]
        assert sync.path == "/applications/710000000000000001/commands"  # global by default
        commands = {c["name"]: c for c in sync.payload}  # type: ignore[union-attr]
        assert set(commands) == {
            *("play", "learn", "hand", "rules", "games", "admin"),
            *("stats", "leaderboard", "history", "replay", "privacy", "about"),
            *("notify", "turns"),
        }
        for name in ("play", "learn", "rules"):
            [game] = commands[name]["options"]
            assert [c["value"] for c in game["choices"]] == registry.names()
        admin = commands["admin"]
        wanted = discord.Permissions(manage_guild=True).value
        assert int(admin["default_member_permissions"]) == wanted
        assert {o["name"] for o in admin["options"]} == {"end", "kick", "games", "settings"}
        # offered only where the bot is installed in the server, whatever the portal allows
        assert all(c["integration_types"] == [0] for c in commands.values())
        settings = next(o for o in admin["options"] if o["name"] == "settings")
        assert {o["name"] for o in settings["options"]} >= {"admin_role", "threads", "turn_timeout"}
    finally:
        await bot.close()
