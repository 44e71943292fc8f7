"""The 💡 Hint button (issue 37) through real discord.py against the fake Discord, on a real
SQLite file: a host turns hints on in the lobby; the hand offers 💡 Hint to the seat with a
move; a click is answered at once and privately, then edited into the normal AI's move as the
hand words it, with a reason; a double click computes one hint; someone without a seat is told
the controls are not theirs; the game is marked unrated before the hint is shown, and the mark
holds across a restart. With hints off (the default) there is no button, and a stale click
says hints are off."""

from __future__ import annotations

from typing import Any

import pytest

from bot.model import HINTS_OFF
from bot.sessions.ai import AiDriver
from games import registry
from tests.bot.flows import Table
from tests.bot.harness import FakeDiscord, User, start_bot

ALICE, BOB, EVE = User(1001, "Alice"), User(1002, "Bob"), User(1009, "Eve")
PEOPLE = {ALICE.id: ALICE, BOB.id: BOB}


async def open_table(fake: FakeDiscord, path: Any, *, hints: bool) -> Table:
    """Alice and Bob at a Rowboat table, hints as asked (pressed in the lobby)."""
    table = Table(fake, await start_bot(fake, path))
    await table.open(ALICE, "rowboat")
    await table.press(BOB, "Join")
    assert "Hints: off" in fake.labels(table.lobby)
    if hints:
        await table.press(ALICE, "Hints: off")
        assert "Hints: on" in fake.labels(table.lobby)
        assert "Hints on" in str(fake.messages[table.lobby]["embeds"])
    table.users = {0: ALICE, 1: BOB}
    await table.press(ALICE, "Start")
    await table.seat_map()
    return table


async def mover(table: Table) -> User:
    info, state = await table.bot.manager.state(table.game_id)
    seat = registry.get(info.game).to_act(state)[0]
    return PEOPLE[info.seats[seat].user_id]


@pytest.mark.slow
async def test_hint_answers_the_owner_and_marks_the_game(
    fake: FakeDiscord, tmp_path: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    computed: list[tuple[int, int]] = []
    real = AiDriver._hint

    async def counting(self: AiDriver, g: Any, seat: int, version: int, state: Any) -> Any:
        computed.append((seat, version))
        return await real(self, g, seat, version, state)

    monkeypatch.setattr(AiDriver, "_hint", counting)
    path = tmp_path / "tw.sqlite3"
    table = await open_table(fake, path, hints=True)
    try:
        person = await mover(table)
        hand = await table.open_hand(person)
        labels = fake.labels(hand)
        assert "Hint" in labels
        assert labels.index("Refresh") < labels.index("Hint") < labels.index("Step away")
        cid = f"h:{table.game_id}:hint"

        # a double click: both reach the bot before either is answered; one hint is computed
        first = fake.click(table.bot, person, hand, cid)
        second = fake.click(table.bot, person, hand, cid)
        await table.settle()
        assert len(computed) == 1
        for token in (first, second):
            replies = fake.replies_to(token)
            assert replies[0].kind == "callback" and replies[0].audience == person.id
            assert "Thinking" in replies[0].text  # answered at once
            said = fake.reply_text(token)
            assert "💡 **Hint:**" in said and "*Why:*" in said, said
            assert all(s.audience == person.id for s in replies)  # only the owner sees it

        info = await table.bot.manager.get(table.game_id)
        assert info.hinted
        # the move is worded as the hand's own control for it, never as a bare code
        said = fake.reply_text(first).split("💡 **Hint:** ", 1)[1].split("\\n", 1)[0]
        shown = fake.labels(hand) + [o for c in table.controls(hand) for o in [c[0]]]
        assert any(said.endswith(label) for label in shown if label), (said, shown)

        # someone without a seat: not theirs, nothing marked, nothing computed
        token = await table.click(EVE, hand, cid)
        assert "not yours" in fake.reply_text(token)
        assert len(computed) == 1

        # the mark was committed: it holds across a restart
        await table.bot.close()
        table.bot = await start_bot(fake, path)
        assert (await table.bot.manager.get(table.game_id)).hinted
    finally:
        await table.bot.close()


async def test_no_hint_button_when_hints_are_off(fake: FakeDiscord, tmp_path: Any) -> None:
    table = await open_table(fake, tmp_path / "tw.sqlite3", hints=False)
    try:
        person = await mover(table)
        hand = await table.open_hand(person)
        assert "Hint" not in fake.labels(hand)
        with pytest.raises(Exception, match="Hints are off"):
            await table.bot.manager.hint(table.game_id, person.id)
        assert not (await table.bot.manager.get(table.game_id)).hinted
    finally:
        await table.bot.close()


async def test_a_stale_hint_click_says_hints_are_off(fake: FakeDiscord, tmp_path: Any) -> None:
    table = await open_table(fake, tmp_path / "tw.sqlite3", hints=True)
    try:
        person = await mover(table)
        hand = await table.open_hand(person)
        assert "Hint" in fake.labels(table.hands[person.id])
        table.bot.manager._games[table.game_id].hints = False  # the table no longer allows them
        token = await table.click(person, hand, f"h:{table.game_id}:hint")
        assert HINTS_OFF in fake.reply_text(token)
        assert not (await table.bot.manager.get(table.game_id)).hinted
    finally:
        await table.bot.close()
