"""The shared contract checks on Turn the Tide alone, with the history option on and off.

The conformance suite runs them over every registered game with default options; here they also
cover ``show_history`` and stay runnable while another game's package is half built.
"""

from __future__ import annotations

import pytest

from games.turn_the_tide import ENGINE
from tests.games.conformance import random_playout


@pytest.mark.parametrize(
    "players", [3, pytest.param(4, marks=pytest.mark.slow), pytest.param(5, marks=pytest.mark.slow)]
)
@pytest.mark.parametrize("show_history", [False, True])
def test_checked_random_games(players: int, show_history: bool) -> None:
    options = {"show_history": show_history}
    for seed in (1, 2):
        state, log = random_playout(ENGINE, players, seed, options=options, checks=True)
        assert ENGINE.is_over(state)
        # one round per player, each of 1..12 hands in which 3 or more seats choose
        assert players * 3 <= len(log) <= players * 12 * players


def test_replay_from_codes_is_exact() -> None:
    final, log = random_playout(ENGINE, 5, 33)
    state = ENGINE.new_game(5, seed=33)
    for seat, code in log:
        state, _ = ENGINE.apply(state, seat, code)
    assert ENGINE.dump(state) == ENGINE.dump(final)
