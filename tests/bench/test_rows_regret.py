"""``bench/rows_regret.py`` judges moves on the true hands by swapping the Game of Rows deal, so
it can silently judge the wrong thing: a judge that dealt at random would score every level as
if nothing were hidden, and one that left its deal in place would make the levels it scores
cheat. These check both on a small run, and that the score's arithmetic charges the right move."""

from __future__ import annotations

from collections import Counter
from types import ModuleType
from typing import Any

import pytest

from games.game_of_rows import ai, determinize, fast
from games.search import Rng
from tests.bench.loader import load


@pytest.fixture(scope="module")
def regret() -> ModuleType:
    return load("rows_regret")


@pytest.fixture(scope="module")
def positions(regret: ModuleType) -> list[Any]:
    return list(regret.make(3, worlds=4))


def test_the_judge_plays_the_true_hands_and_puts_the_deal_back(
    regret: ModuleType, positions: list[Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    real_deal = determinize._deal
    hands: list[list[list[str]]] = []
    decks: list[list[str]] = []
    played = ai.guided_rollout

    def watch(sim: fast.Sim, rng: Rng, limit: int = 400) -> None:
        hands.append([sorted(h) for h in sim.hands])
        decks.append(sorted(sim.deck))
        played(sim, rng, limit)

    monkeypatch.setattr(ai, "guided_rollout", watch)
    p = positions[0]
    move = p.candidates[0]
    regret.judge(p.obs, p.state, [move], 3)
    assert determinize._deal is real_deal
    # the other hand as it really is (the move played first may change only seat 0's)
    assert {tuple(h[1]) for h in hands} == {tuple(sorted(p.state.hands[1]))}
    assert all(not Counter(d) - Counter(p.state.deck) for d in decks)
    fair = determinize.sample(ai.knowledge(p.obs), Rng(1))  # an ordinary deal again
    assert sorted(fair.hands[1]) != sorted(p.state.hands[1]) or len(p.state.deck) < 3


def test_score_charges_each_move_its_shortfall(regret: ModuleType, positions: list[Any]) -> None:
    assert all(0.0 <= v <= 1.0 for p in positions for v in p.values)
    by_obs = {id(p.obs): p for p in positions}

    def best(obs: Any, seed: int) -> str:
        p = by_obs[id(obs)]
        return fast.code(p.candidates[p.values.index(max(p.values))])

    def worst(obs: Any, seed: int) -> str:
        p = by_obs[id(obs)]
        return fast.code(p.candidates[p.values.index(min(p.values))])

    top = regret.score(positions, best, 4)
    assert top["regret"] == 0.0 and top["best"] == 1.0
    spread = sum(max(p.values) - min(p.values) for p in positions) / len(positions)
    assert regret.score(positions, worst, 4)["regret"] == pytest.approx(spread)
