"""**Step away** on a live hand: a person hands their seat to the AI until they press I'm back,
here at a table without a turn clock (where nothing else would free the others). It asks first
("Hand your seat to the AI until you're back?"), and only Yes hands the seat over. The AI plays
their waiting turn at once, the hand then offers only I'm back, the table offers I'm back too;
a double click steps away once; nobody without a seat can use it; it holds across a restart."""

from __future__ import annotations

from typing import Any

import pytest

from bot.sessions import NotAllowed
from games import registry
from tests.bot.flows import Table
from tests.bot.harness import FakeDiscord, User, start_bot

ALICE, BOB, EVE = User(1001, "Alice"), User(1002, "Bob"), User(1009, "Eve")
PEOPLE = {ALICE.id: ALICE, BOB.id: BOB}


async def mover(table: Table) -> User:
    info, state = await table.bot.manager.state(table.game_id)
    [seat] = registry.get(info.game).to_act(state)
    return PEOPLE[info.seats[seat].user_id]


async def test_step_away_and_back(fake: FakeDiscord, tmp_path: Any) -> None:
    path = tmp_path / "tw.sqlite3"
    table = Table(fake, await start_bot(fake, path))
    table.listen()
    try:
        await table.start_game("high_card", [ALICE, BOB], options="cards = 6")
        person = await mover(table)
        hand = await table.open_hand(person)
        assert "Step away" in fake.labels(hand)
        before = (await table.bot.manager.get(table.game_id)).version

        # Step away asks first (issue 36): nothing happens until Yes; Cancel is the hand again
        token = await table.click(person, hand, f"h:{table.game_id}:away")
        assert "Hand your seat to the AI until you're back?" in fake.reply_text(token)
        assert fake.labels(hand) == ["Yes, step away", "Cancel"]
        info = await table.bot.manager.get(table.game_id)
        assert info.version == before and not any(s.away for s in info.seats)
        await table.click(person, hand, f"h:{table.game_id}:keep")
        assert "Step away" in fake.labels(hand) and "Refresh" in fake.labels(hand)
        assert not any(s.away for s in (await table.bot.manager.get(table.game_id)).seats)

        # a double click on Yes: both clicks reach the bot before either is answered
        await table.click(person, hand, f"h:{table.game_id}:away")
        away = f"h:{table.game_id}:awayyes"
        first = fake.click(table.bot, person, hand, away)
        second = fake.click(table.bot, person, hand, away)
        await table.settle()
        assert "away already" in fake.reply_text(second)
        assert first.callback_type == 7  # the first is answered with the hand, updated
        info = await table.bot.manager.get(table.game_id)
        seat = info.seat_of(person.id)
        assert seat is not None and info.seats[seat].away
        # the AI played the turn that was waiting, as a takeover, and no clock runs for them
        assert info.version > before
        assert not await table.bot.manager.deadlines(table.game_id)
        assert "You are away" in str(fake.messages[hand]["embeds"])
        assert fake.labels(hand) == ["I'm back", "Refresh"]  # nothing else to press
        assert "I'm back" in fake.labels(table.lobby)
        assert f"💤 {person.name} stepped away" in str(fake.messages[table.lobby]["embeds"])
        # someone without a seat cannot step anyone away
        with pytest.raises(NotAllowed):
            await table.bot.manager.step_away(table.game_id, EVE.id)

        # it holds across a restart
        await table.bot.close()
        table.bot = await start_bot(fake, path)
        info = await table.bot.manager.get(table.game_id)
        assert info.status != "live" or info.seats[seat].away

        if info.status == "live":
            await table.press(person, "I'm back", hand)
            info = await table.bot.manager.get(table.game_id)
            assert not info.seats[seat].away
            assert "Step away" in fake.labels(hand)
    finally:
        await table.bot.close()


async def test_when_everyone_steps_away_the_game_waits(fake: FakeDiscord, tmp_path: Any) -> None:
    """With every person away there is nobody to hold up: the AI does not play the people's
    seats (a whole game nobody watches, whose result would count), it waits for I'm back. An AI
    seat still plays its own turns; pings stop; it holds across a restart."""
    path = tmp_path / "tw.sqlite3"
    table = Table(fake, await start_bot(fake, path))
    try:
        await table.start_game("high_card", [ALICE, BOB], ai=1, options="cards = 6")
        hands = {p.id: await table.open_hand(p) for p in (ALICE, BOB)}
        await step_away(table, ALICE, hands[ALICE.id])
        info = await table.bot.manager.get(table.game_id)
        assert info.status == "live"  # Bob is still there: the game goes on to him
        assert PEOPLE[info.seats[(await mover_seat(table))].user_id] == BOB
        sent = len(fake.sent)
        await step_away(table, BOB, hands[BOB.id])
        info = await table.bot.manager.get(table.game_id)
        version = info.version
        assert info.status == "live" and all(s.away for s in info.seats if s.user_id)
        assert "everyone has stepped away" in fake.messages[table.lobby]["content"].lower()
        assert "Everyone has stepped away" in str(fake.messages[table.lobby]["embeds"])
        pings = [
            s
            for s in fake.sent[sent:]
            if (s.payload or {}).get("allowed_mentions", {}).get("users")
        ]
        assert not pings  # nobody is pinged to play a paused game
        for person in (ALICE, BOB):
            assert "the game waits" in str(fake.messages[hands[person.id]]["embeds"])
        token = await table.run(fake.command(table.bot, ALICE, "games"))
        assert "waiting: everyone stepped away" in fake.reply_text(token)

        await table.bot.close()  # still waiting after a restart
        table.bot = await start_bot(fake, path)
        await table.settle()
        assert (await table.bot.manager.get(table.game_id)).version == version

        await table.press(ALICE, "I'm back", hands[ALICE.id])  # Bob's AI plays on at once
        info = await table.bot.manager.get(table.game_id)
        assert info.version > version or info.status == "finished"
        assert not info.seats[info.seat_of(ALICE.id) or 0].away
    finally:
        await table.bot.close()


async def step_away(table: Table, person: User, hand: int) -> None:
    """**Step away**, then **Yes, step away** to its question."""
    await table.click(person, hand, f"h:{table.game_id}:away")
    await table.click(person, hand, f"h:{table.game_id}:awayyes")


async def mover_seat(table: Table) -> int:
    info, state = await table.bot.manager.state(table.game_id)
    [seat] = registry.get(info.game).to_act(state)
    return seat
