"""Wording defects seen in whole games (issue 15's list), each pinned: counts agree with their
nouns, round summaries name the sides, no spec references in player text, a snapshot never
"fades in about 0 s", and ``/hand`` in a lobby points at Join."""

from __future__ import annotations

from bot.render import TableContext
from bot.render.base import renderer_for
from bot.render.boat_canasta import n_cards, side_seats_of
from games import Event
from tests.bot.flows import Table
from tests.bot.harness import User, start_bot

ALICE, BOB = User(1001, "Alice"), User(1002, "Bob")


def ctx(names: tuple[str, ...]) -> TableContext:
    return TableContext(
        game_id=1,
        title="Boat Canasta",
        names=names,
        user_ids=tuple(range(len(names))),
        status="live",
        options={},
        log=(),
        timers={},
    )


def test_counts_agree_with_their_nouns() -> None:
    assert n_cards(1) == "1 card" and n_cards(0) == "0 cards" and n_cards(7) == "7 cards"


def test_round_summaries_name_the_sides() -> None:
    render = renderer_for("boat_canasta")
    assert side_seats_of(4, 2) == [[0, 2], [1, 3]] and side_seats_of(3, 3) == [[0], [1], [2]]
    event = Event(
        "round_end", None, {"round": 1, "closer": 0, "how": "out", "rows": [[1, -440], [1, 665]]}
    )
    line = render.event_line(ctx(("Ann", "Ben", "Cy", "Di")), event, None)
    assert line is not None and "Ann & Cy -440" in line and "Ben & Di +665" in line


def test_a_pile_taken_with_nothing_says_so_without_none() -> None:
    render = renderer_for("boat_canasta")
    event = Event("took", (0,), {"cards": []})
    line = render.event_line(ctx(("Ann", "Ben")), event, 0)
    assert line is not None and "none" not in line and "0 cards" not in line


async def test_hand_in_a_lobby_points_at_join(fake, tmp_path) -> None:
    bot = await start_bot(fake, tmp_path / "w.sqlite3")
    table = Table(fake, bot)
    try:
        await table.open(ALICE)
        token = await table.run(fake.command(bot, BOB, "hand"))
        text = fake.reply_text(token)
        assert "Join" in text and "/play" not in text
    finally:
        await bot.close()


def test_the_turn_count_never_passes_its_cap() -> None:
    from bot.render.boat_canasta import _round_line

    line = _round_line(
        {"turn_number": 61, "max_round_turns": 60, "round": 2, "dealer": 0}, ctx(("Ann", "Ben"))
    )
    assert "turn 60 of at most 60" in line


async def test_a_withheld_card_is_explained_on_the_hand(fake, tmp_path) -> None:
    """Issue 15: offered fewer cards than they hold, the player reads why on the hand."""
    alice, bob = User(1001, "Alice"), User(1002, "Bob")
    table = Table(fake, await start_bot(fake, tmp_path / "tw.sqlite3"))
    people = {alice.id: alice, bob.id: bob}
    try:
        await table.start_game("rowboat", [alice, bob], 0, "novice = true")
        manager = table.bot.manager
        for _ in range(200):
            info, state = await manager.state(table.game_id)
            engine = manager._games[table.game_id].engine
            seat = engine.to_act(state)[0]
            person = people[info.seats[seat].user_id]
            hand = await table.open_hand(person)
            reasons = engine.explain(state, seat)
            text = fake.messages[hand]["embeds"][0]["description"]
            if any("trump this trick" in r for r in reasons):
                assert all(f"ℹ️ {r}" in text for r in reasons)
                return
            assert "ℹ️" not in text or reasons
            await table.act(person, table.controls(hand)[0][0])
        raise AssertionError("no withheld card in 200 moves")
    finally:
        await table.bot.close()
