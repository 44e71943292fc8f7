"""Policies for AI seats: ``(engine, state, seat, seed) -> Action``.

Why this shape: the session manager runs a policy in an executor with nothing but the engine,
a read-only state and a seed, so a policy can be swapped (or run in another process) without
the manager knowing any game. The seed is derived by the manager from the game's seed, the
version and the seat, so an AI game replays identically and a test can predict every move.

The chance here uses the SplitMix64 helpers of ``games.cards`` rather than :mod:`random`, for
the same reason as the engines: the choice must not depend on the Python version.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from games.cards import rng_below, rng_next, seed_rng
from games.core import Action, Engine

Policy = Callable[[Any, Any, int, int], Action]


class NoLegalAction(RuntimeError):
    """The engine says the seat is to act but offers no legal action (an engine bug)."""


def random_policy(engine: Engine, state: Any, seat: int, seed: int) -> Action:
    """A uniformly random legal action, chosen by ``seed``."""
    legal = engine.legal_actions(state, seat)
    if not legal:
        raise NoLegalAction(f"{engine.name}: seat {seat} is to act but has no legal action")
    _, index = rng_below(seed_rng(seed), len(legal))
    return legal[index]


#: AI levels a host may choose; the first is the default
POLICIES: dict[str, Policy] = {"random": random_policy}


def policy_for(level: str | None) -> Policy:
    """The policy of an AI level; unknown levels fall back to the default rather than stall."""
    return POLICIES.get(level or "", random_policy)


def move_seed(game_seed: int, version: int, seat: int) -> int:
    """The seed of an AI move: one value per (game, version, seat), stable across restarts."""
    state = seed_rng(game_seed, "ai")
    for value in (version, seat):
        state, mixed = rng_next((state ^ (value & ((1 << 64) - 1))) & ((1 << 64) - 1))
        state = mixed
    return state
