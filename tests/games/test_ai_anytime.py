"""Strong stops at a time budget (issue 43, item 3) without reading a clock itself.

The bot hands an anytime level a budget callable (``bot.ai.cpu_budget``); these tests hand it
scripted ones, so nothing here depends on the machine's speed: a budget that is spent at once
stops the search after its first round, one that never is changes nothing (the move is the
fixed-iteration level's, which is what the tests and the no-hidden-information check run).
"""

from __future__ import annotations

import pytest

from games import registry
from games.core import Observation
from games.search import Rng, pimc_choose
from tests.games.ai_support import random_positions

GAMES = [name for name in registry.names() if registry.anytime(name)]


def _searched(name: str) -> list[tuple[int, Observation]]:
    """A few decision points of the game's fewest players where strong has a choice."""
    engine = registry.get(name)
    found = [
        (seed, obs)
        for seed, (_state, _seat, obs) in enumerate(
            random_positions(engine, engine.min_players, 24, seed=11)
        )
        if len(obs.legal) > 1
    ]
    return found[:6]


def test_every_game_offers_an_anytime_strong() -> None:
    assert set(GAMES) == {"boat", "boat_canasta", "game_of_rows", "rowboat", "turn_the_tide"}
    for name in GAMES:
        assert set(registry.anytime(name)) == {"strong"}


@pytest.mark.parametrize("name", GAMES)
def test_a_spent_budget_stops_after_the_first_round(name: str) -> None:
    """The budget is asked with the playouts done so far; once it says "spent", no more
    rounds run, and the move is still one of the legal ones."""
    timed = registry.anytime(name)["strong"]
    searches = 0
    for seed, obs in _searched(name):
        asked: list[int] = []

        def spent(done: int, asked: list[int] = asked) -> float:
            asked.append(done)
            return 1.0

        code = timed(obs, seed, spent)
        assert code in obs.legal
        # every check after the first round stops the search: one question per search
        # stage at most (Game of Rows' halving asks once per stage)
        assert len(asked) <= 3, asked
        assert all(done > 0 for done in asked)
        searches += bool(asked)
    assert searches, "no position searched: the test tests nothing"


def test_pimc_stops_when_the_budget_is_spent_and_not_before() -> None:
    values = {"a": 1.0, "b": 2.0, "c": 0.5}
    calls: list[str] = []

    def value(_world: object, code: str, _rng: Rng) -> float:
        calls.append(code)
        return values[code]

    def sample(_rng: Rng) -> object:
        return None

    def half(done: int) -> float:
        return done / 30  # spent once 30 playouts (10 rounds of 3) are done

    assert pimc_choose(["a", "b", "c"], 300, 1, sample, value, half) == "b"
    assert len(calls) == 30
    calls.clear()
    assert pimc_choose(["a", "b", "c"], 300, 1, sample, value, lambda _done: 0.0) == "b"
    assert len(calls) == 300
    calls.clear()
    assert pimc_choose(["a", "b", "c"], 300, 1, sample, value) == "b"
    assert len(calls) == 300
