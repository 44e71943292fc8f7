"""Answers that arrive too late, and answers that come only after the commit (issue 12).

A late answer is simulated by the fake Discord refusing the interaction callback with 10062
(Unknown interaction), as Discord does when the 3 s have passed. Whatever was saved must then
still be visible: a lobby posted in the channel, a started table shown, seats updated, so a
channel is never held by something nobody can see. And a move is committed before its click is
answered: the answer can never acknowledge a move a crash could still lose.
"""

from __future__ import annotations

import asyncio
import sqlite3
from pathlib import Path

from games import registry
from tests.bot.flows import Table
from tests.bot.harness import CHANNEL_ID, FakeDiscord, Sent, User, start_bot

ALICE, BOB = User(1001, "Alice"), User(1002, "Bob")
CALLBACK = r"/interactions/\d+/[^/]+/callback"
LATE = (CALLBACK, 404, 10062)


def channel_sends(fake: FakeDiscord) -> list[Sent]:
    return [s for s in fake.sent if s.kind == "send" and s.channel_id == CHANNEL_ID]


async def test_a_late_play_answer_posts_the_lobby_in_the_channel(fake, tmp_path) -> None:
    bot = await start_bot(fake, tmp_path / "late.sqlite3")
    table = Table(fake, bot)
    try:
        fake.fail_next.append(LATE)
        await table.run(fake.command(bot, ALICE, "play", {"game": "rowboat"}))
        info = await bot.manager.game_in_channel(CHANNEL_ID)
        assert info is not None and info.status == "lobby"
        [posted] = channel_sends(fake)
        assert info.messages["lobby"] == posted.message_id
        assert "Join" in fake.labels(posted.message_id)
        # the posted lobby works: Bob joins from it
        table.game_id, table.lobby = info.id, posted.message_id
        await table.press(BOB, "Join")
        assert len((await bot.manager.get(info.id)).seats) == 2
    finally:
        await bot.close()


async def test_a_late_play_answer_with_no_channel_takes_the_lobby_back(fake, tmp_path) -> None:
    bot = await start_bot(fake, tmp_path / "late.sqlite3")
    table = Table(fake, bot)
    try:
        fake.fail_next.append(LATE)
        fake.fail_next.append((rf"/channels/{CHANNEL_ID}/messages$", 404))
        await table.run(fake.command(bot, ALICE, "play", {"game": "rowboat"}))
        assert await bot.manager.game_in_channel(CHANNEL_ID) is None  # the channel is free
        await table.open(ALICE)  # and a new lobby opens at once
        assert table.lobby
    finally:
        await bot.close()


async def test_late_join_ai_and_start_answers_still_show_the_change(fake, tmp_path) -> None:
    bot = await start_bot(fake, tmp_path / "late.sqlite3")
    table = Table(fake, bot)
    try:
        await table.open(ALICE)
        fake.fail_next.append(LATE)
        await table.press(BOB, "Join")
        assert "Bob" in str(fake.messages[table.lobby]["embeds"])
        fake.fail_next.append(LATE)
        await table.press(ALICE, "Add AI")
        info = await bot.manager.get(table.game_id)
        assert len(info.seats) == 3
        assert str(fake.messages[table.lobby]["embeds"]).count("AI") >= 1
        fake.fail_next.append(LATE)
        await table.press(ALICE, "Start")
        info = await bot.manager.get(table.game_id)
        assert info.status == "live"
        assert info.messages["table"] == table.lobby
        labels = fake.labels(table.lobby)
        assert "My hand" in labels and "Join" not in labels and "Start" not in labels
    finally:
        await bot.close()


async def test_a_move_is_committed_before_its_click_is_answered(fake, tmp_path) -> None:
    """At the instant the fake Discord receives the answer to a move, the move is already in
    the database (read through a separate connection): no acknowledged move can be lost."""
    path = tmp_path / "commit.sqlite3"
    bot = await start_bot(fake, path)
    table = Table(fake, bot)
    seen: list[tuple[int, int]] = []
    try:
        await table.start_game("rowboat", [ALICE, BOB], options="novice = true")

        async def check(sent: Sent) -> None:
            if sent.kind == "callback" and sent.callback_type in (6, 7):
                seen.append((sent.callback_type, actions_in(path, table.game_id)))

        before = actions_in(path, table.game_id)
        fake.hooks.append(check)
        for _ in range(6):
            info, state = await bot.manager.state(table.game_id)
            game = registry.get(info.game)
            seat = game.to_act(state)[0]
            user = table.users[seat]
            await table.open_hand(user)
            seen.clear()
            code = game.legal_actions(state, seat)[0].code
            await table.act(user, code)
            assert seen, "the click was answered"
            kind, stored = seen[0]
            assert kind == 7, "answered once, with the new hand"
            assert stored > before, "the move was in the database when it was answered"
            before = actions_in(path, table.game_id)
    finally:
        await bot.close()


async def test_a_slow_move_is_deferred_then_told(fake, tmp_path) -> None:
    """When committing and drawing run past the deadline (here: at once), the click is
    deferred within Discord's window and the hand message is then edited with the result."""
    bot = await start_bot(fake, tmp_path / "slow.sqlite3")
    table = Table(fake, bot)
    try:
        await table.start_game("rowboat", [ALICE, BOB], options="novice = true")
        bot.tables.actions.defer_after = 0.0
        info, state = await bot.manager.state(table.game_id)
        game = registry.get(info.game)
        seat = game.to_act(state)[0]
        user = table.users[seat]
        hand = await table.open_hand(user)
        token = await table.act(user, game.legal_actions(state, seat)[0].code)
        replies = fake.replies_to(token)
        assert [s.callback_type for s in replies if s.kind == "callback"] == [6]
        assert any(s.kind == "hook-edit" and s.message_id == hand for s in replies)
        assert (await bot.manager.get(table.game_id)).version == info.version + 1
    finally:
        await bot.close()


def actions_in(path: Path, game_id: int) -> int:
    with sqlite3.connect(path) as conn:
        return int(
            conn.execute("SELECT COUNT(*) FROM actions WHERE game_id = ?", (game_id,)).fetchone()[0]
        )


async def test_opened_hands_leave_nothing_in_discord_py_view_store(fake, tmp_path) -> None:
    """Hand and table controls are persistent dynamic items: discord.py keeps no view object
    (nor its timeout task) per message sent, so memory does not grow with every hand opened."""
    bot = await start_bot(fake, tmp_path / "views.sqlite3")
    table = Table(fake, bot)
    try:
        await table.start_game("rowboat", [ALICE, BOB], options="novice = true")
        store = bot._connection._view_store
        await table.settle()
        base = (len(store._views), len(store._synced_message_views), len(asyncio.all_tasks()))
        for _ in range(10):
            info, state = await bot.manager.state(table.game_id)
            game = registry.get(info.game)
            seat = game.to_act(state)[0]
            await table.open_hand(table.users[seat])
            await table.open_hand(table.users[1 - seat])
            await table.act(table.users[seat], game.legal_actions(state, seat)[0].code)
        await table.settle()
        after = (len(store._views), len(store._synced_message_views), len(asyncio.all_tasks()))
        assert after == base, [t.get_coro() for t in asyncio.all_tasks()][:6]
    finally:
        await bot.close()
