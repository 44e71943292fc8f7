"""Lobbies and games that would hold channels for nothing, as people meet them: a forgotten
lobby closes by itself (bot/sessions/idle.py) and its message says so, with no controls left,
and /play in its channel works again; so does a live game nobody moves in for a week, its table
saying why; a person who already hosts three open lobbies is told so before a fourth opens (or
a thread is made for it)."""

from __future__ import annotations

from bot.table.presentation import IDLE_LINE
from tests.bot.flows import Table
from tests.bot.harness import ADMIN_PERMS, CHANNEL_ID, Clock, User, start_bot

ALICE, BOB = User(1001, "Alice"), User(1002, "Bob")
HOUR = 3600.0


async def test_a_forgotten_lobby_closes_and_frees_its_channel(fake, tmp_path) -> None:
    clock = Clock()
    bot = await start_bot(fake, tmp_path / "tw.sqlite3", clock=clock, lobby_idle=HOUR)
    table = Table(fake, bot)
    try:
        await table.open(ALICE, "rowboat")
        await table.later(clock, HOUR / 2)
        await table.press(BOB, "Join")
        await table.later(clock, HOUR - 1)  # an hour after the join, less a second
        assert (await bot.manager.get(table.game_id)).status == "lobby"
        assert "Join" in fake.labels(table.lobby)
        await table.later(clock, 2)
        assert (await bot.manager.get(table.game_id)).status == "abandoned"
        lobby = fake.messages[table.lobby]
        assert "closed by itself" in str(lobby["embeds"]) and "/play" in str(lobby["embeds"])
        assert fake.labels(table.lobby) == []  # nothing left to click
        assert await bot.manager.game_in_channel(CHANNEL_ID) is None
        await table.open(BOB, "boat")
        assert (await bot.manager.get(table.game_id)).game == "boat"
    finally:
        await bot.close()


async def test_a_game_nobody_plays_on_ends_and_frees_its_channel(fake, tmp_path) -> None:
    """Everyone left the table (no turn clock, so nothing moves): a week after the start, its
    last change, the game is over, unscored, the table says why, and /play opens a new game
    there."""
    clock = Clock()
    week = 7 * 24 * HOUR
    bot = await start_bot(fake, tmp_path / "tw.sqlite3", clock=clock, game_idle=week)
    table = Table(fake, bot)
    try:
        await table.start_game("rowboat", [ALICE, BOB])
        hands = {p.id: await table.open_hand(p) for p in (ALICE, BOB)}
        started = clock.now
        for _ in range(3):  # a look every quarter week: the week is not over yet
            await table.later(clock, week / 4)
        assert (await bot.manager.get(table.game_id)).status == "live"
        token = await table.run(fake.command(bot, BOB, "games"))  # when, in everyone's time
        assert f"ends by itself <t:{int(started + week)}:R>" in fake.reply_text(token)
        await table.later(clock, week / 4)
        info = await bot.manager.get(table.game_id)
        assert info.status == "abandoned"
        shown = fake.messages[info.messages["table"]]
        assert IDLE_LINE in str(shown["embeds"])
        assert fake.labels(info.messages["table"]) == []  # nothing left to click
        for person in (ALICE, BOB):  # each hand says the game is over, and asks for nothing
            await table.click(person, hands[person.id], f"h:{table.game_id}:refresh")
            shown = str(fake.messages[hands[person.id]]["embeds"])
            assert "This game has ended" in shown
            assert "Your move" not in shown and "Waiting for" not in shown
        assert await bot.manager.game_in_channel(CHANNEL_ID) is None
        assert await bot.manager.history(info.guild_id) == []  # unscored
        await table.open(BOB, "boat")
        assert (await bot.manager.get(table.game_id)).game == "boat"
    finally:
        await bot.close()


async def test_a_fourth_lobby_is_refused_before_its_thread_is_made(fake, tmp_path) -> None:
    admin = User(1099, "Admin", permissions=ADMIN_PERMS)
    bot = await start_bot(fake, tmp_path / "tw.sqlite3")
    table = Table(fake, bot)
    try:
        await table.run(fake.command(bot, admin, "admin", {"threads": True}, sub="settings"))
        for _ in range(3):
            await table.run(fake.command(bot, ALICE, "play", {"game": "rowboat"}))
        assert len([s for s in fake.sent if s.kind == "thread"]) == 3
        token = await table.run(fake.command(bot, ALICE, "play", {"game": "boat"}))
        assert "3 open lobbies" in fake.reply_text(token)
        assert len([s for s in fake.sent if s.kind == "thread"]) == 3  # no thread for nothing
        await table.run(fake.command(bot, BOB, "play", {"game": "boat"}))  # others still may
        assert len([s for s in fake.sent if s.kind == "thread"]) == 4
    finally:
        await bot.close()
