"""Each game's practice deal (``GamePackage.practice_seed``) shows its special rules in the
first hand, played by easy AIs in every seat: the claim ``/learn`` makes to a learner."""

from __future__ import annotations

import pytest

from games import registry
from tests.games.practice_checks import CHECKS
from tests.games.practice_play import first_hand

#: the product's five games (test-only games registered by other tests have no practice deal)
GAMES = ("rowboat", "turn_the_tide", "boat_canasta", "boat", "game_of_rows")


def test_every_game_has_a_practice_deal_and_a_check() -> None:
    assert set(GAMES) <= set(registry.names())
    for name in GAMES:
        package = registry.package(name)
        assert package.practice_seed is not None, name
        engine = package.engine
        assert engine.min_players <= package.practice_players <= engine.max_players, name
        assert name in CHECKS, name


@pytest.mark.slow
@pytest.mark.parametrize("game", sorted(CHECKS))
def test_the_first_practice_hand_brings_up_every_special_rule(game: str) -> None:
    hand = first_hand(game)
    assert CHECKS[game](hand) == []


def test_the_checks_can_fail() -> None:
    """The Rowboat check is not trivially true: seed 1's first dealer is an AI (no Moon for
    the learner) and no Knob is played in its trick."""
    assert CHECKS["rowboat"](first_hand("rowboat", 1))
