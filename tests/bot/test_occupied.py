"""``/play`` where a game already holds the channel (bot/occupied.py): the answer says which
game, and its message comes back at the bottom of the channel, so a lobby a moderator deleted
can be joined and started again, and a table that scrolled away or was deleted is seen again
without waiting for the next move. Bringing a message back is spaced, so /play over and over
cannot make the bot spam the channel."""

from __future__ import annotations

from bot.occupied import REPOST_EVERY, jump_url
from tests.bot.flows import Table
from tests.bot.harness import CHANNEL_ID, GUILD_ID, Clock, User, start_bot

ALICE, BOB, CAROL = User(1001, "Alice"), User(1002, "Bob"), User(1003, "Carol")


async def test_a_lobby_a_moderator_deleted_comes_back_and_can_start(fake, tmp_path) -> None:
    bot = await start_bot(fake, tmp_path / "tw.sqlite3")
    table = Table(fake, bot)
    try:
        await table.open(ALICE, "rowboat")
        old = table.lobby
        fake.delete_message(old)
        token = await table.run(fake.command(bot, BOB, "play", {"game": "boat"}))
        reply = fake.replies_to(token)[0]
        assert reply.audience == BOB.id
        assert "already has a game: Alice's Rowboat lobby" in reply.text
        assert "posted again just below" in reply.text
        info = await bot.manager.get(table.game_id)
        new = info.messages["lobby"]
        assert new != old and fake.channel_messages(CHANNEL_ID) == [new]
        assert info.game == "rowboat" and info.status == "lobby"  # Bob's /play opened nothing
        table.lobby = new
        await table.press(BOB, "Join")
        await table.press(ALICE, "Start")
        info = await bot.manager.get(table.game_id)
        assert info.status == "live" and fake.current(new) == info.messages["table"]
    finally:
        await bot.close()


async def test_a_lobby_is_brought_back_at_most_once_a_minute(fake, tmp_path) -> None:
    clock = Clock()
    bot = await start_bot(fake, tmp_path / "tw.sqlite3", clock=clock)
    table = Table(fake, bot)
    try:
        await table.open(ALICE, "rowboat")
        first = table.lobby
        await table.run(fake.command(bot, BOB, "play", {"game": "rowboat"}))
        second = (await bot.manager.get(table.game_id)).messages["lobby"]
        assert first in fake.deleted and fake.channel_messages(CHANNEL_ID) == [second]

        clock.now += REPOST_EVERY - 1
        token = await table.run(fake.command(bot, CAROL, "play", {"game": "rowboat"}))
        assert jump_url(GUILD_ID, CHANNEL_ID, second) in fake.reply_text(token)
        assert "posted again" not in fake.reply_text(token)
        assert fake.channel_messages(CHANNEL_ID) == [second]  # not posted again so soon

        clock.now += 1
        await table.run(fake.command(bot, CAROL, "play", {"game": "rowboat"}))
        third = (await bot.manager.get(table.game_id)).messages["lobby"]
        assert third != second and fake.channel_messages(CHANNEL_ID) == [third]
    finally:
        await bot.close()


async def test_a_lobby_deleted_again_within_the_minute_is_not_a_dead_link(fake, tmp_path) -> None:
    """Brought back, then deleted again by a moderator a few seconds later: the next /play
    posts it again instead of linking to the message that is gone."""
    clock = Clock()
    bot = await start_bot(fake, tmp_path / "tw.sqlite3", clock=clock)
    table = Table(fake, bot)
    try:
        await table.open(ALICE, "rowboat")
        await table.run(fake.command(bot, BOB, "play", {"game": "rowboat"}))
        second = (await bot.manager.get(table.game_id)).messages["lobby"]
        clock.now += 5
        fake.delete_message(second)
        token = await table.run(fake.command(bot, CAROL, "play", {"game": "rowboat"}))
        assert "posted again just below" in fake.reply_text(token)
        third = (await bot.manager.get(table.game_id)).messages["lobby"]
        assert third != second and fake.channel_messages(CHANNEL_ID) == [third]
        table.lobby = third
        await table.press(CAROL, "Join")  # the copy works
        assert len((await bot.manager.get(table.game_id)).seats) == 2
    finally:
        await bot.close()


async def test_a_deleted_table_is_posted_again_quietly(fake, tmp_path) -> None:
    bot = await start_bot(fake, tmp_path / "tw.sqlite3")
    table = Table(fake, bot)
    try:
        await table.start_game("rowboat", [ALICE, BOB])
        old = (await bot.manager.get(table.game_id)).messages["table"]
        fake.delete_message(old)
        sent = len(fake.sent)
        token = await table.run(fake.command(bot, CAROL, "play", {"game": "boat"}))
        reply = fake.reply_text(token)
        assert f"a Rowboat game in play (table #{table.game_id})" in reply
        assert "posted again just below" in reply and "another channel" in reply
        new = (await bot.manager.get(table.game_id)).messages["table"]
        assert new != old and fake.channel_messages(CHANNEL_ID) == [new]
        posts = [s for s in fake.sent[sent:] if s.kind == "send"]
        assert [s.message_id for s in posts] == [new]
        assert posts[0].payload is not None
        assert posts[0].payload["allowed_mentions"]["users"] == []  # nobody is pinged for it
        table.lobby = new
        hand = await table.open_hand(ALICE)  # its buttons work
        assert fake.messages[hand]["components"]
    finally:
        await bot.close()
