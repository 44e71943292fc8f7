"""Game over (issue 15): the final table ranks the players and offers **Rematch**, which opens a
lobby with the same seats, options and pace for the players of that game only; every live hand
names the score and who is to act."""

from __future__ import annotations

from typing import Any

from tests.bot.flows import Table
from tests.bot.harness import FakeDiscord, User, start_bot

ALICE, BOB, CAROL = User(1001, "Alice"), User(1002, "Bob"), User(1003, "Carol")


async def play_out(table: Table, people: dict[int, User]) -> None:
    """Every person plays their first offered card until the game is over."""
    manager = table.bot.manager
    while (info := await manager.get(table.game_id)).status == "live":
        _, state = await manager.state(table.game_id)
        [seat] = manager._games[table.game_id].engine.to_act(state)
        person = people[info.seats[seat].user_id]
        hand = await table.open_hand(person)
        footer = str(table.fake.messages[hand]["embeds"][0].get("footer"))
        assert "Score: " in footer and "▶ To act: you" in footer
        await table.act(person, table.controls(hand)[0][0])


async def test_final_standings_and_a_rematch_for_the_players(
    fake: FakeDiscord, tmp_path: Any
) -> None:
    table = Table(fake, await start_bot(fake, tmp_path / "tw.sqlite3"))
    try:
        await table.open(ALICE, "high_card")
        await table.press(BOB, "Join")
        await table.press(ALICE, "Add AI")
        await table.set_options(ALICE, "cards = 2")
        await table.click(ALICE, table.lobby, f"l:{table.game_id}:pace", "3600")
        await table.press(ALICE, "Start")
        await play_out(table, {ALICE.id: ALICE, BOB.id: BOB})
        await table.settle()
        old = await table.bot.manager.get(table.game_id)
        assert old.status == "finished"
        final = fake.messages[table.lobby]
        standings = next(f for f in final["embeds"][0]["fields"] if f["name"] == "Final standings")
        assert standings["value"].startswith("🥇 1. ")
        assert all(s.name in standings["value"] for s in old.seats)
        assert fake.labels(table.lobby) == ["Rematch"]

        stranger = await table.press(CAROL, "Rematch")
        assert "Only the players" in fake.reply_text(stranger)
        token = await table.press(BOB, "Rematch")
        new = await table.bot.manager.game_in_channel(old.channel_id)
        assert new is not None and new.status == "lobby" and new.id != old.id
        assert new.host_id == BOB.id and new.pace == 3600
        assert dict(new.options) == dict(old.options)
        # Bob hosts and sits first; the others follow in table order, the AI at its level
        assert new.seats[0].user_id == BOB.id
        assert sorted(str(s.user_id) for s in new.seats) == sorted(
            str(s.user_id) for s in old.seats
        )
        reply = fake.replies_to(token)[0]
        assert f"<@{ALICE.id}>" in reply.text and "Rematch of #" in reply.text
        again = await table.press(ALICE, "Rematch", table.lobby)
        assert "already has a game" in fake.reply_text(again)
    finally:
        await table.bot.close()
