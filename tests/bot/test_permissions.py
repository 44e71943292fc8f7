"""``/play`` where the bot may not run a table (bot/permissions.py): refused at once, privately,
naming the missing permissions, before any lobby or thread exists; ``/play`` inside a thread
opens the lobby in that thread (a thread cannot hold another)."""

from __future__ import annotations

import discord
import pytest

from bot import permissions
from tests.bot.harness import ADMIN_PERMS, CHANNEL_ID, FakeDiscord, User, settle, start_bot
from tests.bot.test_interactions import private_reply

ALICE = User(1001, "Alice")
ADMIN = User(1099, "Admin", permissions=ADMIN_PERMS)
#: what a bot invited with only "Use Application Commands" has in a channel
BARE = discord.Permissions(view_channel=True, use_application_commands=True)


def all_but(*names: str) -> discord.Permissions:
    """Every permission except ``names``."""
    granted = discord.Permissions.all()
    granted.update(**dict.fromkeys(names, False))
    return granted


@pytest.mark.parametrize(
    ("in_thread", "new_thread", "pictures", "names"),
    [
        (False, False, False, ["Send Messages", "Embed Links"]),
        (False, False, True, ["Send Messages", "Embed Links", "Attach Files"]),
        (True, False, False, ["Send Messages in Threads", "Embed Links"]),
        (False, True, False, ["Create Public Threads", "Send Messages in Threads", "Embed Links"]),
    ],
)
def test_what_a_table_needs_where(in_thread, new_thread, pictures, names) -> None:
    kw = {"in_thread": in_thread, "new_thread": new_thread, "pictures": pictures}
    assert permissions.missing(BARE, **kw) == names
    assert permissions.missing(discord.Permissions.all(), **kw) == []
    text = permissions.refusal(names)
    assert all(f"**{n}**" in text for n in names) and "admin" in text


def refused_and_nothing_opened(fake: FakeDiscord, token, since: int, words: str) -> None:
    private_reply(fake, token, words)
    kinds = [s.kind for s in fake.sent[since:]]
    assert "thread" not in kinds and "send" not in kinds, kinds


async def test_play_is_refused_where_the_bot_may_not_post(fake, tmp_path) -> None:
    bot = await start_bot(fake, tmp_path / "tw.sqlite3")
    try:
        fake.app_permissions = BARE
        since = len(fake.sent)
        token = fake.command(bot, ALICE, "play", {"game": "rowboat"})
        await settle(bot, fake)
        refused_and_nothing_opened(fake, token, since, "**Send Messages** and **Embed Links**")
        assert await bot.manager.game_in_channel(CHANNEL_ID) is None
        assert not await bot.manager.live_games()
        # once an admin grants them, /play opens the lobby
        fake.app_permissions = BARE | discord.Permissions(send_messages=True, embed_links=True)
        token = fake.command(bot, ALICE, "play", {"game": "rowboat"})
        await settle(bot, fake)
        assert await bot.manager.game_in_channel(CHANNEL_ID) is not None
    finally:
        await bot.close()


async def test_pictures_need_attach_files(fake, tmp_path) -> None:
    bot = await start_bot(fake, tmp_path / "tw.sqlite3", pictures=True)
    try:
        fake.app_permissions = all_but("attach_files")
        token = fake.command(bot, ALICE, "play", {"game": "boat"})
        await settle(bot, fake)
        private_reply(fake, token, "**Attach Files** permission")
        assert await bot.manager.game_in_channel(CHANNEL_ID) is None
        # a server that turned pictures off needs no Attach Files
        token = fake.command(bot, ADMIN, "admin", {"pictures": False}, sub="settings")
        await settle(bot, fake)
        fake.command(bot, ALICE, "play", {"game": "boat"})
        await settle(bot, fake)
        assert await bot.manager.game_in_channel(CHANNEL_ID) is not None
    finally:
        await bot.close()


async def test_threads_need_create_public_threads_and_play_in_a_thread_stays_there(
    fake, tmp_path
) -> None:
    bot = await start_bot(fake, tmp_path / "tw.sqlite3")
    try:
        fake.command(bot, ADMIN, "admin", {"threads": True}, sub="settings")
        await settle(bot, fake)
        fake.app_permissions = all_but("create_public_threads")
        since = len(fake.sent)
        token = fake.command(bot, ALICE, "play", {"game": "rowboat"})
        await settle(bot, fake)
        refused_and_nothing_opened(fake, token, since, "**Create Public Threads**")
        assert not await bot.manager.live_games()

        fake.app_permissions = discord.Permissions.all()
        fake.command(bot, ALICE, "play", {"game": "rowboat"})
        await settle(bot, fake)
        [thread] = [s.channel_id for s in fake.sent if s.kind == "thread"]
        assert thread is not None
        first = await bot.manager.game_in_channel(thread)
        assert first is not None
        await bot.manager.cancel(first.id, ALICE.id)
        # /play inside the game's thread: the new lobby opens right there, no second thread;
        # a thread needs Send Messages in Threads, not Create Public Threads
        fake.app_permissions = all_but("create_public_threads", "send_messages")
        token = fake.command(bot, ALICE, "play", {"game": "boat"}, channel_id=thread)
        await settle(bot, fake)
        assert len([s for s in fake.sent if s.kind == "thread"]) == 1
        here = await bot.manager.game_in_channel(thread)
        assert here is not None and here.game == "boat" and here.id != first.id
    finally:
        await bot.close()


async def test_a_channel_that_cannot_hold_a_thread_gets_a_clear_answer(fake, tmp_path) -> None:
    """Threads on, /play where Discord refuses a thread (a voice channel's chat): one private
    line saying what to do, and no lobby left behind."""
    bot = await start_bot(fake, tmp_path / "tw.sqlite3")
    try:
        fake.command(bot, ADMIN, "admin", {"threads": True}, sub="settings")
        await settle(bot, fake)
        fake.fail_next.append((r"/threads$", 400, 50024))  # cannot execute on this channel type
        token = fake.command(bot, ALICE, "play", {"game": "rowboat"})
        await settle(bot, fake)
        private_reply(fake, token, "couldn't open a thread")
        assert not await bot.manager.live_games()
    finally:
        await bot.close()
