"""Issue 37 item 5: the hand's **Played** (Tricks) button, clicked on a live table of each
game against the fake Discord and a real SQLite file.

After a few moves the answer is a private message to the clicker only, equal to what the
renderer draws from the events the listener saw that seat shown since the hand began (the
answer comes from a replay of the stored log, so this checks the replay against the live
events); after a restart from the same file the answer is the same. Someone without a seat is
told so; a game without a history (the test-only high card game) has no button.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from bot import controls
from bot.render.base import renderer_for
from games import registry
from tests.bot.flows import Table
from tests.bot.harness import FakeDiscord, Sent, User, start_bot

EVE = User(1999, "Eve")
#: the games with a Played answer: how many moves to make first (a few tricks or turns), and
#: the table's options (Turn the Tide shows its round's reveals only with show_history, D9)
GAMES = {
    "rowboat": (40, ""),
    "boat": (30, ""),
    "turn_the_tide": (10, "show_history = true"),
    "boat_canasta": (60, ""),
    "game_of_rows": (30, ""),
}

pytestmark = pytest.mark.slow


def private_answer(fake: FakeDiscord, token: Any) -> Sent:
    [answer] = [s for s in fake.replies_to(token) if s.readable]
    return answer


async def play_some(table: Table, moves: int, seed: int) -> None:
    """Random legal moves for the people seated, through the manager (as clicks would)."""
    engine = registry.get(table.game)
    rng = random.Random(seed)
    for _ in range(moves):
        info, state = await table.bot.manager.state(table.game_id)
        to_act = engine.to_act(state) if info.status == "live" else []
        if not to_act:
            break
        seat = rng.choice(to_act)
        code = rng.choice(engine.legal_actions(state, seat)).code
        await table.bot.manager.act(table.game_id, seat, code, None)
        await table.settle()


async def expected(table: Table, seat: int) -> dict[str, Any]:
    """The answer drawn from the events the live table showed ``seat`` this hand."""
    render = renderer_for(table.game)
    info, state = await table.bot.manager.state(table.game_id)
    shown: list[Any] = []
    for _version, event in table.events:
        if render.starts_hand(event):
            shown.clear()
        if event.visible(seat):
            shown.append(event)
    ctx = table.bot.tables.presenter.context(info, state)
    view = registry.get(table.game).view(state, seat)
    spec = render.played(ctx, view, seat, shown)
    assert spec is not None
    return controls.to_embed(spec).to_dict()  # type: ignore[return-value]


@pytest.mark.parametrize("game", list(GAMES))
async def test_played_is_this_hand_as_the_seat_saw_it(
    fake: FakeDiscord, tmp_path: Any, game: str
) -> None:
    path = tmp_path / "tw.sqlite3"
    table = Table(fake, await start_bot(fake, path))
    table.listen()
    engine = registry.get(game)
    people = [User(2001 + i, f"P{i}") for i in range(engine.min_players)]
    label, _emoji = renderer_for(game).played_button or ("", "")
    try:
        moves, options = GAMES[game]
        await table.start_game(game, people, options=options)
        await play_some(table, moves, seed=5)
        person = table.users[0]
        hand = await table.open_hand(person)
        assert label in fake.labels(hand)
        cid = f"h:{table.game_id}:played"
        token = await table.click(person, hand, cid)
        answer = private_answer(fake, token)
        assert answer.audience == person.id and answer.callback_type == 4  # a new private one
        embed = (answer.payload or {})["data"]["embeds"][0]
        assert " yet" not in embed.get("description", "")  # something happened this hand
        want = await expected(table, 0)
        assert embed.get("description", "") == want.get("description", "")
        assert embed.get("fields", []) == want.get("fields", [])
        assert "📜" in embed["title"]

        # another seat gets its own history, never seat 0's
        other = table.users[1]
        other_hand = await table.open_hand(other)
        mine = private_answer(fake, await table.click(other, other_hand, cid))
        assert mine.audience == other.id
        theirs = (mine.payload or {})["data"]["embeds"][0]
        assert theirs.get("fields", []) == (await expected(table, 1)).get("fields", [])

        # someone without a seat is told these controls are not theirs
        refused = private_answer(fake, await table.click(EVE, hand, cid))
        assert refused.audience == EVE.id and "no seat" in refused.text

        # the same answer after a restart from the same file (the log is replayed)
        await table.bot.close()
        table.bot = await start_bot(fake, path)
        again = private_answer(fake, await table.click(person, hand, cid))
        assert (again.payload or {})["data"]["embeds"][0] == embed

        # a slow replay: the click is deferred privately, then answered by a private follow-up
        table.bot.tables.actions.defer_after = 0.0
        token = await table.click(person, hand, cid)
        deferred, follow = [s for s in fake.replies_to(token) if s.readable]
        assert deferred.callback_type == 5 and deferred.audience == person.id
        assert follow.kind == "followup" and follow.audience == person.id
        assert (follow.payload or {})["embeds"][0] == embed
    finally:
        await table.bot.close()


async def test_a_game_without_a_history_has_no_played_button(
    fake: FakeDiscord, tmp_path: Any
) -> None:
    table = Table(fake, await start_bot(fake, tmp_path / "tw.sqlite3"))
    try:
        await table.start_game("high_card", [User(2001, "Ann"), User(2002, "Bo")])
        hand = await table.open_hand(table.users[0])
        assert not any("played" in (c.get("custom_id") or "") for c in fake.components(hand))
    finally:
        await table.bot.close()
