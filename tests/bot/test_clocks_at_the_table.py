"""Turn clocks as people meet them (issue 17): the host picks the pace in the lobby, the person
to act is reminded once, an AI plays the move when the time is out and the table says so, the
seat goes away and the table offers **I'm back**, which only that person can press; all of it
through a restart of the bot. Real bot, real database, fake Discord, injected clock."""

from __future__ import annotations

from typing import Any

from tests.bot.flows import Table
from tests.bot.harness import Clock, FakeDiscord, User, start_bot

ALICE, BOB, CAROL = User(1001, "Alice"), User(1002, "Bob"), User(1003, "Carol")
PEOPLE = {ALICE.id: ALICE, BOB.id: BOB}


async def to_act(table: Table) -> User:
    info, state = await table.bot.manager.state(table.game_id)
    [seat] = table.bot.manager._games[table.game_id].engine.to_act(state)
    return PEOPLE[info.seats[seat].user_id]


async def play_one(table: Table, person: User) -> None:
    """``person`` plays the first card offered (it must be their turn)."""
    assert await to_act(table) == person
    message = await table.open_hand(person)
    code = table.controls(message)[0][0]
    await table.act(person, code)
    await table.settle()


def table_text(fake: FakeDiscord, table: Any) -> str:
    return str(fake.messages[table]["embeds"]) + str(fake.messages[table].get("components"))


async def test_pace_reminder_auto_play_away_and_back(fake: FakeDiscord, tmp_path: Any) -> None:
    clock = Clock()
    table = Table(fake, await start_bot(fake, tmp_path / "tw.sqlite3", clock=clock, away_after=1))
    table.listen()
    try:
        await table.open(ALICE, "high_card")
        await table.press(BOB, "Join")
        await table.set_options(ALICE, "cards = 4")
        pace = f"l:{table.game_id}:pace"
        offered = [o["value"] for o in fake.find_component(table.lobby, pace)["options"]]
        assert offered[:2] == ["default", "0"] and "86400" in offered
        refused = await table.click(BOB, table.lobby, pace, "60")
        assert "host" in fake.reply_text(refused).lower()
        await table.click(ALICE, table.lobby, pace, "60")
        assert "1 minute a move" in str(fake.messages[table.lobby]["embeds"])
        table.users = {0: ALICE, 1: BOB}
        await table.press(ALICE, "Start")
        await table.seat_map()
        sleeper = await to_act(table)
        waker = BOB if sleeper is ALICE else ALICE

        # three quarters of the minute: one reminder, mentioning only the sleeper
        before = len(fake.sent)
        await table.later(clock, 46)
        reminders = [s for s in fake.sent[before:] if s.public and "⏰" in s.text]
        assert len(reminders) == 1 and f"<@{sleeper.id}>" in reminders[0].text
        assert f"<@{waker.id}>" not in reminders[0].text
        assert "users" in str((reminders[0].payload or {})["allowed_mentions"])
        await table.later(clock, 1)
        assert len([s for s in fake.sent[before:] if "⏰" in s.text]) == 1  # only once

        # the minute is out: the AI moves for the sleeper, who is away now (away_after=1)
        await table.later(clock, 14)
        info = await table.bot.manager.get(table.game_id)
        seat = next(s for s in info.seats if s.user_id == sleeper.id)
        assert info.version >= 1 and seat.away
        text = table_text(fake, table.lobby)
        assert "auto-played" in text and "💤" in text and "I'm back" in text
    finally:
        await table.bot.close()

    # a restart: the seat is still away, the AI keeps playing it, and I'm back still works
    table.bot = await start_bot(fake, tmp_path / "tw.sqlite3", clock=clock, away_after=1)
    try:
        await table.settle()
        await play_one(table, waker)
        # whoever won the trick, it is the waker's turn now: an AI played the sleeper's at once
        assert await to_act(table) == waker
        # the sleeper's hand has no moves, only the way back
        hand = await table.open_hand(sleeper)
        assert table.controls(hand) == []
        assert "You are away" in str(fake.messages[hand]["embeds"])
        # someone else pressing I'm back: refused privately, nothing changes
        stranger = await table.press(CAROL, "I'm back", table.lobby)
        assert "no seat" in fake.reply_text(stranger)
        other = await table.press(waker, "I'm back", table.lobby)
        assert "not away" in fake.reply_text(other)
        assert next(s for s in (await table.bot.manager.get(table.game_id)).seats
                    if s.user_id == sleeper.id).away  # fmt: skip
        # the sleeper presses it: their hand comes back with its moves
        back = await table.press(sleeper, "I'm back", table.lobby)
        assert "Welcome back" in fake.reply_text(back)
        info = await table.bot.manager.get(table.game_id)
        assert not any(s.away for s in info.seats)
        await table.settle()
        assert "I'm back" not in str(fake.messages[table.lobby].get("components"))
        assert "is back" in table_text(fake, table.lobby)
        sleeper_seat = next(s.seat for s in info.seats if s.user_id == sleeper.id)
        causes = await table.bot.manager._store.seat_causes(table.game_id)
        taken = causes[sleeper_seat].get("takeover", 0)
        for _ in range(3):
            if await to_act(table) == sleeper:
                break
            await play_one(table, waker)
        # the sleeper's turn: nobody plays it for them, and their clock runs again
        assert await to_act(table) == sleeper
        assert table.bot.manager.turn_due(table.game_id, sleeper_seat) == clock.now + 60
        causes = await table.bot.manager._store.seat_causes(table.game_id)
        assert causes[sleeper_seat] == {"timeout": 1, "takeover": taken}
        await play_one(table, sleeper)
    finally:
        await table.bot.close()


async def test_the_last_person_there_timing_out_pauses_the_game(
    fake: FakeDiscord, tmp_path: Any
) -> None:
    """One person and an AI: once the person's clock has run out (away_after=1), nobody is
    left to watch, so the AI does not play the rest of the game for them; the game waits, with
    no clock running, however long, until they press I'm back."""
    clock = Clock()
    table = Table(fake, await start_bot(fake, tmp_path / "tw.sqlite3", clock=clock, away_after=1))
    try:
        await table.open(ALICE, "high_card")
        await table.press(ALICE, "Add AI")
        await table.set_options(ALICE, "cards = 6")
        await table.click(ALICE, table.lobby, f"l:{table.game_id}:pace", "60")
        await table.press(ALICE, "Start")
        await table.settle()
        await table.later(clock, 61)  # her minute is out: auto-played, and she is away
        info = await table.bot.manager.get(table.game_id)
        assert info.status == "live" and info.seats[0].away
        version = info.version
        assert not await table.bot.manager.deadlines(table.game_id)  # no clock runs
        text = table_text(fake, table.lobby)
        assert "Alice missed a turn." in text and "the game waits" in text
        await table.later(clock, 3 * 86400)
        assert (await table.bot.manager.get(table.game_id)).version == version
        await table.press(ALICE, "I'm back", table.lobby)
        info = await table.bot.manager.get(table.game_id)
        assert not info.seats[0].away and bool(await table.bot.manager.deadlines(table.game_id))
    finally:
        await table.bot.close()
