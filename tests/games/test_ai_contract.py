"""The AI seam, over every game that provides it: determinizations keep what the seat saw,
and every level answers a legal, repeatable move from the observation alone.

Per-game AI tests (``tests/games/<game>/test_ai.py``) add the heavier checks: hundreds of
positions per player count, hand-built positions where the right move is clear, long runs.
"""

from __future__ import annotations

import pickle

import pytest

from games import registry
from games.core import Determinizer
from tests.games.ai_support import check_determinization, hidden_swaps, random_positions

CASES = [
    (name, players)
    for name in registry.names()
    for players in range(registry.get(name).min_players, registry.get(name).max_players + 1)
]
SEARCHABLE = [case for case in CASES if isinstance(registry.get(case[0]), Determinizer)]
#: the cheap levels are checked on more positions than the search levels
POSITIONS = {"random": 30, "easy": 30, "normal": 30, "strong": 4}


@pytest.mark.parametrize(("name", "players"), SEARCHABLE)
def test_determinize_keeps_what_the_seat_saw(name: str, players: int) -> None:
    engine = registry.get(name)
    for index, (state, _seat, obs) in enumerate(random_positions(engine, players, 40, seed=3)):
        check_determinization(engine, state, obs, seed=index)


@pytest.mark.parametrize(("name", "players"), CASES)
def test_every_level_moves_legally_and_repeatably(name: str, players: int) -> None:
    engine = registry.get(name)
    for level, policy in registry.policies(name).items():
        count = POSITIONS.get(level, 4)
        for index, (_state, _seat, obs) in enumerate(random_positions(engine, players, count, 5)):
            code = policy(obs, index)
            assert code in obs.legal, f"{name} {level}: {code!r} is not legal"
            assert policy(obs, index) == code, f"{name} {level}: same inputs, another move"
            if isinstance(engine, Determinizer) and index % 3 == 0:
                for _other_state, same_obs in hidden_swaps(engine, obs, 2, seed=index):
                    assert policy(same_obs, index) == code, f"{name} {level} reads hidden cards"


@pytest.mark.parametrize(("name", "players"), CASES)
def test_observations_cross_to_a_worker_process(name: str, players: int) -> None:
    """Searching levels run in a process pool, so every observation a game can produce must
    pickle and come back equal (a read-only event payload once made every strong move fail)."""
    engine = registry.get(name)
    for _state, _seat, obs in random_positions(engine, players, 12, seed=9):
        back = pickle.loads(pickle.dumps(obs))
        assert back == obs
        assert [dict(e.data) for e in back.events] == [dict(e.data) for e in obs.events]


@pytest.mark.parametrize("name", registry.names())
def test_searching_levels_are_levels_of_the_game(name: str) -> None:
    """The levels a game says search (the bot runs them in its process pool) are levels it
    has; a search level named in ``BUDGETS`` but missing from ``LEVELS`` would be a typo."""
    searching = registry.searching(name)
    assert searching <= set(registry.policies(name))
    assert "random" not in searching


def test_a_level_that_searches_is_known_as_searching() -> None:
    # Game of Rows' normal level checks its best moves by playouts (tens of ms): the bot must
    # not run it in a thread beside the event loop
    assert {"normal", "strong"} <= registry.searching("game_of_rows")
    assert "normal" not in registry.searching("rowboat")
