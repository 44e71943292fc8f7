"""Issue 36, pictures cheap: one move draws the pictures that changed and no others.

Counted with the real bot against the fake Discord, every hand open and every open hand redrawn
at once (the tests' setting): a move of Rowboat or Boat draws the table, the mover's hand and
the hand of the seat whose turn it now is; the other players' hands, which show nothing new
(the same cards, none of them playable, the same trick's trump and Knob), come from the picture
cache, and their messages are edited with the same picture as before."""

from __future__ import annotations

from typing import Any

import pytest

from games import registry
from tests.bot.flows import Table
from tests.bot.harness import User, start_bot

pytestmark = pytest.mark.slow  # two whole bots, about half a second each

PEOPLE = [User(1001, "Alice"), User(1002, "Bob"), User(1003, "Carol"), User(1004, "Dan")]


def hand_pictures(fake: Any, user: User) -> list[bytes]:
    """Every hand picture sent to ``user`` so far, in order."""
    return [
        s.notes["files"]["hand.png"]
        for s in fake.sent
        if s.audience == user.id and "hand.png" in s.notes.get("files", {})
    ]


def in_trick(view: Any) -> int:
    """How many cards lie on the trick being played (Rowboat's and Boat's public views)."""
    trick = view.get("trick")
    plays = trick.get("plays") if isinstance(trick, dict) else trick
    return len(plays or [])


@pytest.mark.parametrize(
    ("game", "players", "options"),
    [("rowboat", 3, "novice = true\nfirst_dealer = 1"), ("boat", 4, "")],
)
async def test_a_card_on_the_trick_draws_the_table_and_two_hands(
    fake, tmp_path, game, players, options
):
    table = Table(fake, await start_bot(fake, tmp_path / "p.sqlite3", pictures=True))
    people = PEOPLE[:players]
    await table.start_game(game, people, options=options)
    for person in people:
        await table.open_hand(person)
    pictures = table.bot.tables.pictures
    engine = registry.get(game)
    checked = 0
    for _ in range(12):  # the first moves of the game, one at a time
        _, state = await table.bot.manager.state(table.game_id)
        (mover,) = engine.to_act(state)
        hits_before, drawn_before = pictures.cache_stats()
        sent_before = {u.id: len(hand_pictures(fake, u)) for u in people}
        await table.act(table.users[mover], engine.legal_actions(state, mover)[0].code)
        _, state = await table.bot.manager.state(table.game_id)
        if not in_trick(engine.view(state, None)):
            continue  # a bid, or the card that ends a trick: every hand may change
        (following,) = engine.to_act(state)
        hits, drawn = pictures.cache_stats()
        # the table, the mover's answer and the next player's hand: nothing else is drawn
        assert drawn - drawn_before == 3
        others = [s for s in range(players) if s not in (mover, following)]
        assert hits - hits_before >= len(others)
        for seat in others:  # shown again, with the very picture it showed before
            shown = hand_pictures(fake, table.users[seat])
            assert len(shown) == sent_before[table.users[seat].id] + 1
            assert shown[-1] == shown[-2]
        checked += 1
    assert checked >= 3
