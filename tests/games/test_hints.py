"""The 💡 Hint of every game (issue 37): the normal level's move with a reason in plain words.

A hint is legal, is the very move the normal level makes, has a non-empty reason, and never
uses what the player cannot see: from a state whose hidden cards were dealt again (the engine's
``determinize``, which looks the same to the seat) it gives the same move and the same reason.
"""

from __future__ import annotations

import pytest

from games import registry
from tests.games.ai_support import hidden_swaps, random_positions

#: the product's games (a test-only game under tests/fixtures has no AI module)
GAMES = [n for n in registry.names() if type(registry.get(n)).__module__.startswith("games.")]
#: decision points per game (random play reaches bids, trick play, melds, challenges...)
POSITIONS = 12


@pytest.mark.slow
@pytest.mark.parametrize("name", GAMES)
def test_hint_is_normal_legal_reasoned_and_blind(name: str) -> None:
    engine = registry.get(name)
    hint = registry.hinter(name)
    assert hint is not None, f"{name} has no hint in its ai module"
    normal = registry.policies(name)["normal"]
    players = min(4, engine.max_players)
    compared = 0
    for k, (_, seat, obs) in enumerate(random_positions(engine, players, POSITIONS, 37)):
        seed = 1000 + k
        code, reason = hint(obs, seed)
        assert code in obs.legal, f"{name}: hint {code!r} is not legal for seat {seat}"
        assert reason.strip(), f"{name}: hint {code!r} has no reason"
        assert code == normal(obs, seed), f"{name}: the hint is not the normal level's move"
        for _, again in hidden_swaps(engine, obs, 1, seed):
            assert hint(again, seed) == (code, reason), f"{name}: the hint saw hidden cards"
            compared += 1
    assert compared == POSITIONS  # every position was compared: none skipped


def test_a_game_without_an_ai_module_has_no_hint() -> None:
    registry.discover("tests.fixtures")
    assert registry.hinter("high_card") is None
