"""Every game's pictures render for many random positions within the size budget, the public
picture depends on the public view only, and the registry and cache behave."""

from __future__ import annotations

import io
import random
from typing import Any

import pytest
from PIL import Image

from bot.render.images import ImageCache, draw
from bot.render.images.base import Drawer
from games import registry
from tests.bot.images.support import NAMES, draw_hand, draw_table, drawer, sampled_states

MAX_BYTES = 150 * 1024
#: the games that draw pictures (a test-only game may be text only)
GAMES = [name for name in registry.names() if drawer(name) is not None]
COUNTS = [
    (name, n)
    for name in GAMES
    for n in range(registry.get(name).min_players, registry.get(name).max_players + 1)
]


def check_png(data: bytes | None) -> Image.Image:
    assert data is not None
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    assert len(data) <= MAX_BYTES, f"{len(data)} bytes is over the 150 KB budget"
    image = Image.open(io.BytesIO(data))
    image.load()
    assert image.width == draw.WIDTH
    assert 60 < image.height <= draw.MAX_HEIGHT, f"{image.height} px high: not about 2:1"
    return image


def test_every_shipped_game_has_a_drawer() -> None:
    """The games under ``games/`` all draw; a test-only game (tests/fixtures) may be text only."""
    shipped = [n for n in GAMES if type(registry.get(n)).__module__.startswith("games.")]
    assert shipped
    for name in shipped:
        assert isinstance(drawer(name), Drawer), name


def test_a_game_without_a_drawer_gets_none() -> None:
    assert draw_table("no_such_game", {}) is None
    assert draw_hand("no_such_game", {}) is None
    assert draw_table("draw", {}) is None  # the shared kit is not a game


@pytest.mark.parametrize(("name", "players"), COUNTS)
def test_pictures_render_for_random_positions(name: str, players: int) -> None:
    engine = registry.get(name)
    for seed in (11, 12):
        for state in sampled_states(name, players, seed, 8):
            check_png(draw_table(name, engine.view(state, None), NAMES[:players]))
            for seat in range(players):
                check_png(draw_hand(name, engine.view(state, seat)))


def test_names_are_optional_and_long_names_fit() -> None:
    engine = registry.get("rowboat")
    state = next(iter(sampled_states("rowboat", 4, 5, 3)))
    long = ["A very long display name that goes on and on"] * 4
    check_png(draw_table("rowboat", engine.view(state, None), long))
    assert draw_table("rowboat", engine.view(state, None)) != draw_table(
        "rowboat", engine.view(state, None), long
    )


def _deck(name: str) -> Any:
    """Every card of the game once per copy, in code order (a rig the test can permute)."""
    engine = registry.get(name)
    if name == "turn_the_tide":
        return {"weather": [str(v) for v in range(1, 61)]}
    return [code for code in sorted(engine.card_copies) for _ in range(engine.card_copies[code])]


def _swapped(deck: Any, i: int) -> Any:
    if isinstance(deck, dict):
        cards = list(deck["weather"])
        cards[i], cards[i + 1] = cards[i + 1], cards[i]
        return {"weather": cards}
    cards = list(deck)
    cards[i], cards[i + 1] = cards[i + 1], cards[i]
    return cards


@pytest.mark.parametrize("name", GAMES)
def test_public_picture_is_drawn_from_the_public_view_only(name: str) -> None:
    """Two deals that differ only in which hand holds two cards: wherever the public views
    agree, the public pictures are the same bytes, although the hands (and their pictures)
    differ."""
    engine = registry.get(name)
    players = engine.min_players
    deck = _deck(name)
    compared = 0
    for i in range(0, 40):
        a = engine.new_game(players, seed=5, deck=deck)
        b = engine.new_game(players, seed=5, deck=_swapped(deck, i))
        rng = random.Random(i)
        for _ in range(6):
            public = engine.view(a, None)
            if public != engine.view(b, None):
                break
            hands_a = [engine.view(a, s).get("hand") for s in range(players)]
            hands_b = [engine.view(b, s).get("hand") for s in range(players)]
            if hands_a != hands_b:
                assert draw_table(name, public) == draw_table(name, engine.view(b, None))
                differ = next(s for s in range(players) if hands_a[s] != hands_b[s])
                assert draw_hand(name, engine.view(a, differ)) != draw_hand(
                    name, engine.view(b, differ)
                )
                compared += 1
            if engine.is_over(a):
                break
            seat = rng.choice(engine.to_act(a))
            action = rng.choice(engine.legal_actions(a, seat))
            if action not in engine.legal_actions(b, seat):
                break
            a = engine.apply(a, seat, action)[0]
            b = engine.apply(b, seat, action)[0]
        if compared >= 3:
            break
    assert compared >= 3, f"{name}: found no pair of deals with equal public views"


@pytest.mark.parametrize(("name", "players"), COUNTS)
def test_table_picture_ignores_a_seats_private_keys(name: str, players: int) -> None:
    """Handed a seat's own view by mistake, the table picture still shows only public facts:
    it is the same bytes as the picture of the public view (the hand, a Game of Rows owner's
    face-down cards, Rowboat's playable list and married Knobs are never drawn on it)."""
    engine = registry.get(name)
    checked = 0
    for state in sampled_states(name, players, 21, 10):
        public = draw_table(name, engine.view(state, None))
        for seat in range(players):
            assert draw_table(name, engine.view(state, seat)) == public
            checked += 1
    assert checked


def test_cache_draws_once_per_key_and_evicts_the_oldest() -> None:
    cache = ImageCache(maxsize=2)
    calls: list[int] = []

    def drawing(n: int) -> bytes:
        calls.append(n)
        return bytes([n])

    assert cache.get(7, 1, None, lambda: drawing(1)) == b"\x01"
    assert cache.get(7, 1, None, lambda: drawing(99)) == b"\x01"
    assert cache.get(7, 1, 0, lambda: drawing(2)) == b"\x02"
    assert calls == [1, 2]
    cache.get(7, 1, None, lambda: drawing(98))  # a hit refreshes the table picture
    cache.get(7, 2, None, lambda: drawing(3))  # evicts (7, 1, 0), the least recent
    assert len(cache) == 2
    assert cache.get(7, 1, 0, lambda: drawing(4)) == b"\x04"
    assert calls == [1, 2, 3, 4]
    assert (cache.hits, cache.misses) == (2, 4)
    cache.forget(7)
    assert len(cache) == 0
