"""The search path (:mod:`games.game_of_rows.fast`) pinned to the public engine: over many
seeded random games, every seat's legal codes, the state after every move and the final places
agree. If the two rule sets ever drift apart, the AI would search a different game."""

from __future__ import annotations

import random
from typing import Any

import pytest

from games.game_of_rows import ENGINE, fast

OPTION_SETS: list[dict[str, Any]] = [
    {},
    {"mayhem": True},
    {"bluffing": True, "format": "straight_flush"},
    {"skipping": True, "play_obligation": "all_valid", "max_rows": 3},
    {"mayhem": True, "play_for_places": True, "joker_poker": "high"},
]


def snapshot(sim: fast.Sim) -> tuple[Any, ...]:
    return (
        sim.deck,
        sim.hands,
        [None if r is None else (sim.suits[i], r) for i, r in enumerate(sim.rows)],
        sim.completed,
        sim.phase,
        sim.turn,
        sim.must_place,
        sim.placed,
        sim.actions,
        sim.stayed,
        sim.facedown,
        sorted(sim.pending),
        sim.quiet,
        sim.removed,
        sim.finished,
        sim.places,
        sim.rng,
    )


def chosen(rng: random.Random, codes: list[str]) -> str:
    """Random play that bluffs and calls less than uniform play, so games run long enough to
    reach empty decks, stalemates and removals."""
    calm = [c for c in codes if not c.startswith(("down", "skip", "call"))]
    if calm and rng.random() < 0.8:
        return rng.choice(calm)
    return rng.choice(codes)


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("options", range(len(OPTION_SETS)))
def test_fast_path_matches_the_engine(players: int, options: int) -> None:
    rng = random.Random(players * 100 + options)
    for game in range(6):
        state = ENGINE.new_game(players, options=OPTION_SETS[options], seed=game)
        sim = fast.from_state(state)
        steps = 0
        while not ENGINE.is_over(state):
            for seat in range(players):
                public = [a.code for a in ENGINE.legal_actions(state, seat)]
                assert sim.legal_codes(seat) == public, (game, steps, seat)
            assert sim.to_act() == ENGINE.to_act(state)
            seat = rng.choice(ENGINE.to_act(state))
            code = chosen(rng, [a.code for a in ENGINE.legal_actions(state, seat)])
            assert fast.code(fast.parse(code)) == code
            state, _ = ENGINE.apply(state, seat, code)
            sim.apply_code(seat, code)
            expected = fast.from_state(state)
            expected.deck0 = sim.deck0
            assert snapshot(sim) == snapshot(expected), (game, steps, code)
            steps += 1
        assert sim.phase == fast.OVER
        assert sim.places == list(state.places)


def test_copies_are_independent() -> None:
    state = ENGINE.new_game(3, options={"mayhem": True}, seed=4)
    sim = fast.from_state(state)
    twin = sim.copy()
    rng = random.Random(1)
    while sim.phase != fast.OVER:
        seat = sim.to_act()[0]
        sim.play(seat, rng.choice(sim.legal(seat)))
    assert snapshot(twin) == snapshot(fast.from_state(state))
