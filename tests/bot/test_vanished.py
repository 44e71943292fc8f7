"""Games nobody can reach any more (bot/vanished.py): a deleted thread or channel, or a server
that removed the bot, ends the games there at once, with no winner and no result, and the
bot sends nothing more to the place that is gone. A channel deleted while the bot was down is
found at the first table edit after the restart, from Discord's "Unknown Channel" answer.

Why it matters: left alone, such a game stays live for good, its turn clocks hand the absent
people's seats to AI players, and the AI finishes a game nobody saw, whose result would count
in the server's standings."""

from __future__ import annotations

from typing import Any

from bot.model import BOT_REMOVED, CHANNEL_DELETED
from tests.bot.flows import Table, new_table
from tests.bot.harness import (
    ADMIN_PERMS,
    CHANNEL_ID,
    OTHER_CHANNEL_ID,
    Clock,
    FakeDiscord,
    User,
    start_bot,
)

ALICE, BOB = User(1001, "Alice"), User(1002, "Bob")
ADMIN = User(1099, "Admin", permissions=ADMIN_PERMS)


async def end_reason(bot: Any, game_id: int) -> str | None:
    row = await bot.manager._store.game_row(game_id)
    return row.end_reason


def requests_to(fake: FakeDiscord, channel_id: int, since: int) -> list[str]:
    """Every request made to the channel after the ``since``-th one (refused ones included)."""
    return [s.path for s in fake.sent[since:] if s.path.startswith(f"/channels/{channel_id}/")]


async def clocked_game(table: Table, clock: Clock) -> None:
    """Alice and Bob at a Rowboat table with a one-minute turn clock, the game started."""
    await table.press(BOB, "Join")
    await table.click(ALICE, table.lobby, f"l:{table.game_id}:pace", "60")
    table.users = {0: ALICE, 1: BOB}
    await table.press(ALICE, "Start")
    await table.seat_map()
    assert await table.bot.manager.deadlines(table.game_id)  # the turn clock runs


async def test_a_deleted_thread_ends_its_game_and_no_clock_plays_on(fake, tmp_path) -> None:
    clock = Clock()
    bot = await start_bot(fake, tmp_path / "tw.sqlite3", clock=clock)
    table = Table(fake, bot)
    try:
        await table.run(fake.command(bot, ADMIN, "admin", {"threads": True}, sub="settings"))
        await table.run(fake.command(bot, ALICE, "play", {"game": "rowboat"}))
        [thread] = [s.channel_id for s in fake.sent if s.kind == "thread"]
        assert thread is not None
        info = await bot.manager.game_in_channel(thread)
        assert info is not None
        table.game_id, table.lobby = info.id, info.messages["lobby"]
        await clocked_game(table, clock)
        fake.guild_create(bot, threads=(thread,))
        since = len(fake.sent)

        fake.delete_thread(bot, thread, CHANNEL_ID)
        await table.settle()
        info = await bot.manager.get(table.game_id)
        assert info.status == "abandoned"
        assert await end_reason(bot, table.game_id) == CHANNEL_DELETED
        assert await bot.manager.game_in_channel(thread) is None
        assert not await bot.manager.deadlines(table.game_id)
        # the clocks would have run out ten times over: nobody plays for the absent people
        await table.later(clock, 600)
        assert (await bot.manager.get(table.game_id)).version == info.version
        assert not await bot.manager.results(table.game_id)
        assert requests_to(fake, thread, since) == []  # nothing was sent to the gone thread
    finally:
        await bot.close()


async def test_a_deleted_channel_ends_its_lobby_and_leaves_other_channels_alone(
    fake, tmp_path
) -> None:
    bot = await start_bot(fake, tmp_path / "tw.sqlite3")
    here, there = Table(fake, bot), Table(fake, bot)
    try:
        fake.guild_create(bot)
        await here.open(ALICE, "rowboat")
        token = await there.run(
            fake.command(bot, BOB, "play", {"game": "boat"}, channel_id=OTHER_CHANNEL_ID)
        )
        there.lobby = token.original or 0
        other = await bot.manager.game_in_channel(OTHER_CHANNEL_ID)
        assert other is not None
        since = len(fake.sent)

        fake.delete_channel(bot, CHANNEL_ID)
        await here.settle()
        assert (await bot.manager.get(here.game_id)).status == "abandoned"
        assert await end_reason(bot, here.game_id) == CHANNEL_DELETED
        assert (await bot.manager.get(other.id)).status == "lobby"
        assert requests_to(fake, CHANNEL_ID, since) == []
        # the other channel's lobby still works
        await there.press(ALICE, "Join")
        assert len((await bot.manager.get(other.id)).seats) == 2
    finally:
        await bot.close()


async def test_a_channel_deleted_while_the_bot_was_down_is_found_at_restart(fake, tmp_path) -> None:
    clock = Clock()
    path = tmp_path / "tw.sqlite3"
    table = await new_table(fake, tmp_path, clock=clock)
    await table.open(ALICE, "rowboat")
    await clocked_game(table, clock)
    await table.bot.close()

    fake.delete_channel(None, CHANNEL_ID)  # no event: the bot is down
    bot = await start_bot(fake, path, clock=clock)
    try:
        since = len(fake.sent)
        await table.settle()  # the bot brings every live table up to date once it is back
        table.bot = bot
        await table.settle()
        assert (await bot.manager.get(table.game_id)).status == "abandoned"
        assert await end_reason(bot, table.game_id) == CHANNEL_DELETED
        assert not await bot.manager.deadlines(table.game_id)
        # one refused edit (and the repost it tried) found it; nothing after that
        assert len(requests_to(fake, CHANNEL_ID, since)) <= 2
    finally:
        await bot.close()


async def test_a_server_that_removes_the_bot_ends_every_game_there(fake, tmp_path) -> None:
    clock = Clock()
    bot = await start_bot(fake, tmp_path / "tw.sqlite3", clock=clock)
    table = Table(fake, bot)
    try:
        fake.guild_create(bot)
        await table.open(ALICE, "rowboat")
        await clocked_game(table, clock)
        await table.run(
            fake.command(bot, BOB, "play", {"game": "boat"}, channel_id=OTHER_CHANNEL_ID)
        )
        lobby = await bot.manager.game_in_channel(OTHER_CHANNEL_ID)
        assert lobby is not None
        since = len(fake.sent)

        fake.remove_bot(bot)
        await table.settle()
        for game_id in (table.game_id, lobby.id):
            assert (await bot.manager.get(game_id)).status == "abandoned"
            assert await end_reason(bot, game_id) == BOT_REMOVED
        assert not await bot.manager.live_games()
        assert not await bot.manager.deadlines()
        assert [s for s in fake.sent[since:] if s.path.startswith("/channels/")] == []
    finally:
        await bot.close()
