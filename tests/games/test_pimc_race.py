"""``pimc_race``: the full PIMC search's choice at fewer playouts (issue 43, Boat's strong).

The values here are scripted per world, so what the race drops, and when, is exact.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from games.search import RACE_FIRST, RACE_SURE, Rng, pimc_choose, pimc_race

Value = Callable[[Any, str, Rng], float]


def _counting(values: dict[str, float], calls: list[str]) -> Value:
    """Each candidate's value plus the world's luck (shared by every candidate)."""

    def value(world: Any, code: str, _rng: Rng) -> float:
        calls.append(code)
        return float(values[code] + world)

    return value


def _luck(rng: Rng) -> float:
    return rng.random() * 100.0


def test_candidates_behind_in_every_world_leave_once_the_race_is_sure() -> None:
    calls: list[str] = []
    value = _counting({"a": 1.0, "b": 2.0, "c": 0.5}, calls)
    assert pimc_race(["a", "b", "c"], 300, 1, _luck, value) == "b"
    assert len(calls) == 3 * RACE_SURE  # then b alone: the search ends


def test_of_candidates_equal_in_every_world_the_earlier_stays() -> None:
    """Touching cards of one suit score the same in every world: one of them is enough, and
    sooner than a test of how far behind a candidate is can tell."""
    calls: list[str] = []
    value = _counting({"a": 0.0, "b": 1.0, "c": 1.0}, calls)
    assert pimc_race(["a", "b", "c"], 300, 1, _luck, value) == "b"
    assert calls.count("c") == RACE_FIRST < calls.count("a") == RACE_SURE


def _world(rng: Rng) -> int:
    return rng.next64()


def _close(world: Any, code: str, _rng: Rng) -> float:
    """a and b a hair apart beside each one's own noise; c far behind."""
    noise = Rng(world ^ ord(code)).random()
    return {"a": 0.0, "b": 0.01, "c": -5.0}[code] + noise


def test_close_candidates_play_every_round_of_the_full_search() -> None:
    """Candidates whose difference is small beside the noise stay in the race to the end,
    on the full search's worlds, so the race chooses what the full search chooses."""
    for seed in range(3):
        raced: list[str] = []
        full: list[str] = []

        def race_value(world: Any, code: str, rng: Rng, into: list[str] = raced) -> float:
            into.append(code)
            return _close(world, code, rng)

        def full_value(world: Any, code: str, rng: Rng, into: list[str] = full) -> float:
            into.append(code)
            return _close(world, code, rng)

        chosen = pimc_race(["a", "b", "c"], 300, seed, _world, race_value)
        assert chosen == pimc_choose(["a", "b", "c"], 300, seed, _world, full_value)
        assert raced.count("c") == RACE_SURE
        assert raced.count("a") == raced.count("b") == 100 and len(full) == 300


def test_a_spent_budget_still_stops_the_race() -> None:
    calls: list[str] = []
    value = _counting({"a": 1.0, "b": 1.5}, calls)
    assert pimc_race(["a", "b"], 300, 1, _luck, value, lambda done: done / 6) == "b"
    assert len(calls) == 6
