"""What Discord refuses on a table write, and how ``bot/table/writes.py`` answers, on the real
discord.py client against the fake Discord (the whole paths through the bot are in
``test_publisher.py``)."""

from __future__ import annotations

import discord
import pytest

from bot.table.writes import TableWrites, channel_gone
from tests.bot.harness import CHANNEL_ID, GUILD_ID, FakeDiscord, start_bot


def table_embed() -> discord.Embed:
    return discord.Embed(title="a table")


async def test_an_edit_of_a_deleted_message_posts_it_anew(fake: FakeDiscord, tmp_path) -> None:
    bot = await start_bot(fake, tmp_path / "tw.sqlite3")
    writes = TableWrites(bot)
    try:
        first = await writes.post(
            CHANNEL_ID, GUILD_ID, "", table_embed(), discord.ui.View(), [], []
        )
        assert (
            await writes.edit(CHANNEL_ID, GUILD_ID, first, "", table_embed(), discord.ui.View(), [])
            is None
        )
        fake.fail_next.append((rf"/messages/{first}$", 404))  # a moderator deleted it
        moved = await writes.edit(
            CHANNEL_ID, GUILD_ID, first, "", table_embed(), discord.ui.View(), []
        )
        assert moved is not None and moved != first and moved in fake.messages
    finally:
        await bot.close()


async def test_a_gone_channel_is_raised_not_mended(fake: FakeDiscord, tmp_path) -> None:
    bot = await start_bot(fake, tmp_path / "tw.sqlite3")
    writes = TableWrites(bot)
    try:
        first = await writes.post(
            CHANNEL_ID, GUILD_ID, "", table_embed(), discord.ui.View(), [], []
        )
        fake.gone.add(CHANNEL_ID)
        with pytest.raises(discord.NotFound) as raised:
            await writes.edit(CHANNEL_ID, GUILD_ID, first, "", table_embed(), discord.ui.View(), [])
        assert channel_gone(raised.value)
        assert [s.kind for s in fake.sent[-1:]] == ["refused"]  # no repost was tried
        await writes.delete(CHANNEL_ID, GUILD_ID, first)  # a delete that fails is only logged
    finally:
        await bot.close()


async def test_only_unknown_message_says_a_message_is_gone(fake: FakeDiscord, tmp_path) -> None:
    """``exists`` decides whether /play posts a game's message again: a refusal that is not
    Discord's "Unknown Message" (a permission to read history taken away) must not make the
    bot post copies of a message that is still there."""
    bot = await start_bot(fake, tmp_path / "tw.sqlite3")
    writes = TableWrites(bot)
    try:
        first = await writes.post(
            CHANNEL_ID, GUILD_ID, "", table_embed(), discord.ui.View(), [], []
        )
        assert await writes.exists(CHANNEL_ID, first)
        fake.fail_next.append((rf"/messages/{first}$", 403))
        assert await writes.exists(CHANNEL_ID, first)
        fake.delete_message(first)
        assert not await writes.exists(CHANNEL_ID, first)
    finally:
        await bot.close()
