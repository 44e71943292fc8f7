"""Positions for the picture tests: seeded random games and rigged deals, played by a seeded
choice of legal actions so that every position can be rebuilt exactly."""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping, Sequence
from typing import Any

from bot.render.base import renderer_for
from bot.render.images.base import Drawer
from games import registry
from tests.games.conformance import PLAYOUT_OPTIONS

NAMES = ["Ann", "Bartholomew", "Cid", "Dee", "Eve"]


def step(engine: Any, state: Any, rng: random.Random) -> Any:
    """One seeded legal move by a seat the game waits for."""
    seat = rng.choice(engine.to_act(state))
    action = rng.choice(engine.legal_actions(state, seat))
    return engine.apply(state, seat, action)[0]


def sampled_states(name: str, players: int, seed: int, count: int) -> Iterator[Any]:
    """``count`` states spread over one seeded random game (its start and end included)."""
    engine = registry.get(name)
    rng = random.Random(seed)
    state = engine.new_game(players, options=PLAYOUT_OPTIONS.get(name, {}), seed=seed)
    states = [state]
    while not engine.is_over(state) and len(states) < 20_000:
        state = step(engine, state, rng)
        states.append(state)
    stride = max(1, len(states) // (count - 1))
    picked = [*states[::stride][: count - 1], states[-1]]
    yield from picked


def rigged(
    name: str,
    players: int,
    deck: Any,
    moves: int,
    *,
    seed: int = 3,
    options: Mapping[str, Any] | None = None,
) -> Any:
    """A rigged deal (``new_game(..., deck=...)``) played ``moves`` seeded moves on."""
    engine = registry.get(name)
    opts = dict(PLAYOUT_OPTIONS.get(name, {}))
    opts.update(options or {})
    state = engine.new_game(players, options=opts, seed=seed, deck=deck)
    rng = random.Random(seed)
    for _ in range(moves):
        if engine.is_over(state):
            break
        state = step(engine, state, rng)
    return state


def drawer(game: str) -> Drawer | None:
    """The game's pictures as the shell finds them: its renderer's ``pictures``."""
    return renderer_for(game).pictures


def draw_table(
    game: str, view: Mapping[str, Any], names: Sequence[str] | None = None
) -> bytes | None:
    """The table picture of a public view, or None for a game without pictures."""
    found = drawer(game)
    return None if found is None else found.table_image(view, names)


def draw_hand(
    game: str, view: Mapping[str, Any], names: Sequence[str] | None = None
) -> bytes | None:
    """A seat's hand picture of its own view, or None for a game without pictures."""
    found = drawer(game)
    return None if found is None else found.hand_image(view, names)
