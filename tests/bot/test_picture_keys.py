"""Issue 36, pictures cheap: a hand picture is drawn once per what it shows, not once per game
version, where its drawer names what it is drawn from (``Drawer.hand_key``).

The key must be sound: two views of a seat with the same key draw the same picture (else a
player would see an old picture). Checked over seeded random games of every game whose drawer
keys its hands, seat by seat, between each state and the next; and the key must pay: in those
games most moves of another seat leave a hand's key as it was.
"""

from __future__ import annotations

import asyncio
import random

import pytest

from bot.render.base import renderer_for
from bot.render.images.base import Drawer
from bot.table.pictures import Pictures
from games import registry
from tests.bot import phone

pytestmark = pytest.mark.slow


def _keys_hands(game: str) -> bool:
    drawer = renderer_for(game).pictures
    return drawer is not None and type(drawer).hand_key is not Drawer.hand_key


KEYED = [g for g in phone.GAMES if _keys_hands(g)]


@pytest.mark.parametrize("game", KEYED)
def test_a_hand_key_is_sound_and_pays(game: str) -> None:
    engine = registry.get(game)
    drawer = renderer_for(game).pictures
    assert drawer is not None
    players = phone.GAMES[game]
    names = list(phone.NAMES[:players])
    rng = random.Random(5)
    state = engine.new_game(players, dict(registry.package(game).profile.options), seed=5)
    views = [engine.view(state, s) for s in range(players)]
    keys = [drawer.hand_key(view, names) for view in views]
    pictures = [drawer.hand_image(view, names) for view in views]
    kept = changed = 0
    for _ in range(80):
        if engine.is_over(state):
            break
        mover = rng.choice(engine.to_act(state))
        state, _ = engine.apply(state, mover, rng.choice(engine.legal_actions(state, mover)))
        for seat in range(players):
            view = engine.view(state, seat)
            key = drawer.hand_key(view, names)
            picture = drawer.hand_image(view, names)
            if key == keys[seat]:  # the cache would show the old picture: it must be this one
                assert picture == pictures[seat], (game, seat)
            if seat != mover:
                kept += key == keys[seat]
                changed += key != keys[seat]
            keys[seat], pictures[seat] = key, picture
    assert kept > changed, (game, kept, changed)


def test_another_seats_move_draws_no_new_hand_picture() -> None:
    """Turn the Tide: Bob chooses a card; Alice's hand, asked for at the new version, comes
    from the cache (one drawing for both versions)."""
    engine = registry.get("turn_the_tide")
    state = engine.new_game(3, {}, seed=1)
    pictures = Pictures(enabled=True)
    first = asyncio.run(pictures.hand(phone.info_of("turn_the_tide", 3, 0), state, 0))
    bob = engine.legal_actions(state, 1)[0]
    state, _ = engine.apply(state, 1, bob)
    again = asyncio.run(pictures.hand(phone.info_of("turn_the_tide", 3, 1), state, 0))
    assert first is not None and again is not None
    assert pictures.cache_stats() == (1, 1)
