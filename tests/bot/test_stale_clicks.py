"""Stale clicks never play (issue 36, item 5): a click on a hand drawn before the table changed
in a way that touches the player's decision is not applied; the answer is the fresh hand under
one line that says what changed, and the player chooses again. A click on a hand that only
aged, with nothing new for that player, still plays. Through the real bot and the fake Discord.
"""

from __future__ import annotations

import copy
from typing import Any

import pytest

from games import registry
from tests.bot.flows import Table, new_table
from tests.bot.harness import FakeDiscord, User

ALICE, BOB = User(1001, "Alice"), User(1002, "Bob")


async def trick_of(table: Table) -> tuple[int | None, bool]:
    """The number of the trick being played (None outside trick play), and whether Alice
    (seat 0) is the one the game waits for."""
    info, state = await table.bot.manager.state(table.game_id)
    engine = registry.get(info.game)
    current = engine.view(state, 0).get("trick")
    number = current.get("number") if isinstance(current, dict) else None
    return number, engine.to_act(state) == [0]


async def play_alice_until(table: Table, trick: int) -> None:
    """Alice plays her turns from her own hand message (the last offered card) until it is
    her turn in trick ``trick``: the cards offered first stay in her hand for the stale click."""
    for _ in range(200):
        number, hers = await trick_of(table)
        if number == trick and hers:
            return
        info, state = await table.bot.manager.state(table.game_id)
        assert info.status == "live"
        engine = registry.get(info.game)
        codes = [a.code for a in engine.legal_actions(state, 0)]
        legal = [c for c in codes if c.startswith("play:")] or [
            c
            for c in codes
            if c not in ("lighthouse", "rowboat")  # the Moon's answer
        ]
        assert legal, "Alice is not to act, yet the AI did not move"
        await table.act(ALICE, legal[-1])
    raise AssertionError(f"trick {trick} never came to Alice")


@pytest.mark.slow
async def test_a_hand_from_trick_1_clicked_at_trick_3_is_not_played(
    fake: FakeDiscord, tmp_path: Any
) -> None:
    table = await new_table(fake, tmp_path)
    await table.start_game(
        "rowboat", [ALICE], ai=1, options="novice = true\ntarget_score = 30\nfirst_dealer = 1"
    )
    try:
        for start in range(1, 8):  # the first trick where her hand offers two cards or more
            await play_alice_until(table, start)
            hand = await table.open_hand(ALICE)
            if sum(c[0].startswith("play:") for c in table.controls(hand)) >= 2:
                break
        old = copy.deepcopy(fake.messages[hand])
        await play_alice_until(table, start + 2)
        info, state = await table.bot.manager.state(table.game_id)
        legal_now = {a.code for a in registry.get("rowboat").legal_actions(state, 0)}
        fake.messages[hand] = old  # Alice's phone still shows the hand of trick 1
        stale = [c for c in table.controls(hand) if c[0] in legal_now and c[0].startswith("play:")]
        assert stale, "no card of the old hand is playable now: pick another seed"
        code, cid, value = stale[0]
        token = await table.click(ALICE, hand, cid, value)
        after = await table.bot.manager.get(table.game_id)
        assert after.version == info.version  # nothing was played for her
        text = fake.reply_text(token)
        assert "The table has moved on:" in text and "Choose again." in text
        assert "played" in text  # the note says what happened: the cards played since
        assert [s for s in fake.replies_to(token) if s.audience == ALICE.id]
        assert "Your hand" in text  # the fresh hand, from which she chooses again
        # the fresh hand's controls play at once
        fresh = [c for c in table.controls(hand) if c[0] == code]
        assert fresh and f":v{info.version}:" in fresh[0][1]
        token = await table.click(ALICE, hand, fresh[0][1], fresh[0][2])
        assert "moved on" not in fake.reply_text(token)
        log = await table.bot.manager.actions(table.game_id)
        assert log[info.version] == (info.version + 1, 0, code)
    finally:
        await table.bot.close()
