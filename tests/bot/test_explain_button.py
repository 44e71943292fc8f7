"""Issue 37 item 2: the hand's **❓ Explain** button answers *this* decision in a new ephemeral
message only the clicking player sees, in the game's words; the hand stays as it was. Someone
without a seat who forges the click is told the controls are not theirs; a game without the
``Decisions`` hook shows no button."""

from __future__ import annotations

from typing import Any

import pytest

from bot.controls.ids import EXPLAIN
from games import registry
from tests.bot.flows import Table
from tests.bot.harness import EPHEMERAL, FakeDiscord, User, start_bot

ALICE, BOB, EVE = User(1001, "Alice"), User(1002, "Bob"), User(1009, "Eve")

pytestmark = pytest.mark.slow


async def test_explain_answers_the_owner_privately(fake: FakeDiscord, tmp_path: Any) -> None:
    table = Table(fake, await start_bot(fake, tmp_path / "tw.sqlite3"))
    await table.start_game("boat", [ALICE, BOB], ai=2)
    info, state = await table.bot.manager.state(table.game_id)
    movers = registry.get(info.game).to_act(state)
    for user in (ALICE, BOB):
        hand = await table.open_hand(user)
        assert "Explain" in fake.labels(hand), fake.labels(hand)
        labels = fake.labels(hand)
        assert labels.index("Refresh") + 1 == labels.index("Explain")  # the seam's order
        before = fake.messages[hand]
        token = await table.click(user, hand, f"h:{table.game_id}:{EXPLAIN}")
        [answer] = fake.replies_to(token)
        assert answer.kind == "callback" and answer.callback_type == 4  # a new message
        assert answer.audience == user.id and not answer.public
        assert answer.payload is not None
        data = answer.payload["data"]
        assert data["flags"] & EPHEMERAL
        text = data["content"]
        assert text.startswith("❓ **Boat:") and len(text) <= 2000
        assert "Bids go up in fives" in text  # the bidding explained to both
        if info.seat_of(user.id) in movers:
            assert "your decision" in text
        else:
            assert "while you wait" in text and "Waiting for" in text
        assert fake.messages[hand] == before  # the hand itself is untouched

    # someone without a seat (a forged click) is told the controls are not theirs
    hand = table.hands[ALICE.id]
    token = await table.click(EVE, hand, f"h:{table.game_id}:{EXPLAIN}")
    said = fake.reply_text(token)
    assert "not yours" in said and "Bids go up" not in said
    assert all(not s.public for s in fake.replies_to(token))


async def test_no_button_for_a_game_that_explains_nothing(fake: FakeDiscord, tmp_path: Any) -> None:
    table = Table(fake, await start_bot(fake, tmp_path / "tw.sqlite3"))
    await table.start_game("high_card", [ALICE, BOB], options="cards = 6")
    hand = await table.open_hand(ALICE)
    assert "Explain" not in fake.labels(hand)
    assert "Refresh" in fake.labels(hand)
