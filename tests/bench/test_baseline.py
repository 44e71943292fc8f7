"""``bench/baseline.py``, the rule-based first opponent of ``bench/ai.py``: in every game it
plays only legal moves from its seat's observation, through every phase of a few hundred
decisions, and Turn the Tide's rule of thumb does what it says."""

from __future__ import annotations

import pytest

from games import registry
from games.core import Observation
from games.search import SeatHistory
from tests.bench.loader import load

TABLES = [("rowboat", 2), ("rowboat", 4), ("boat", 4), ("turn_the_tide", 3),
          ("boat_canasta", 2), ("boat_canasta", 4), ("game_of_rows", 3)]  # fmt: skip


@pytest.mark.slow
@pytest.mark.parametrize(("game", "players"), TABLES)
def test_the_baseline_plays_legal_moves_from_observations(game: str, players: int) -> None:
    policy = load("baseline").policy(game)
    engine = registry.get(game)
    state, history = SeatHistory.begun(engine, players, None, 7)
    phases = set()
    for _ in range(400):
        if engine.is_over(state):
            break
        seat = engine.to_act(state)[0]
        obs = history.observe(engine, state, seat)
        code = policy(obs, 1)
        assert code in obs.legal
        phases.add(obs.view["phase"])
        state, events = engine.apply(state, seat, code)
        history.record(events)
    assert engine.is_over(state) or len(phases) >= 2  # the game ended, or got past a phase


def test_turn_the_tide_plays_high_only_to_lower_its_level() -> None:
    policy = load("baseline").policy("turn_the_tide")
    seats = [{"level": 9}, {"level": 2}, {"level": 5}]

    def obs(seat: int) -> Observation:
        view = {"tide": ["4", "11"], "seats": seats}
        return Observation("turn_the_tide", seat, view, (), ("play:3", "play:30", "play:58"))

    assert policy(obs(0), 1) == "play:58"  # the low tide (4) takes 9 down
    assert policy(obs(1), 1) == "play:3"  # it would take 2 up
