"""The bot runs a searching level under its CPU-time budget (``[tables] ai_seconds``).

Why the budget reaches the policy only here: a move chosen under a time budget depends on the
machine's speed, so the bot alone passes one (replays stay exact, since AI moves are recorded
as moves); without ``seconds`` the level plays its fixed iteration count, as every test does.
"""

from __future__ import annotations

import time

import pytest

from bot import ai
from games.core import Budget, Observation


def test_run_level_hands_the_anytime_level_a_cpu_budget(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    seen: list[float] = []

    def timed(obs: Observation, seed: int, budget: Budget) -> str:
        seen.append(budget(1))
        return "timed"

    monkeypatch.setattr(ai.registry, "anytime", lambda game: {"strong": timed})
    monkeypatch.setattr(
        ai.registry, "policies", lambda game: {"strong": lambda o, s: "fixed", "normal": None}
    )
    obs = Observation("boat", 0, {}, (), ("a", "b"))
    assert ai.run_level("boat", "strong", obs, 1, 30.0) == "timed"
    assert 0.0 <= seen[0] < 0.5  # a share of 30 s, just started
    assert ai.run_level("boat", "strong", obs, 1) == "fixed"  # no budget: fixed iterations


def test_cpu_budget_counts_this_process_cpu_time() -> None:
    reported: list[int] = []
    budget = ai.cpu_budget(0.05, reported.append)
    assert budget(3) < 1.0
    started = time.process_time()
    while time.process_time() - started < 0.06:  # burn CPU, not wall time
        pass
    assert budget(7) >= 1.0
    assert reported == [3, 7]
