"""AI levels as the bot offers them: their names, which policy plays a level, and move seeds.

Why this shape: a policy is ``(observation, seed) -> action code`` (``games.core.Policy``) and
is found by game name and level through ``games.registry.policies``, so it can run in another
process that receives nothing but plain data (:func:`run_level` is that process's entry). The
seed is derived from the game's seed, the version and the seat, so an AI game replays
identically and a test can predict every move. The bot's side of running them (when, where,
how fast) is the session manager's AI driver, ``bot.sessions.ai``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from games import registry
from games.cards import rng_next, seed_rng
from games.core import Observation, Policy
from games.search import random_policy

#: the levels a host may seat, weakest first (a game may implement only some of them; a
#: missing one is played by the configured default level, and failing that by ``random``)
LEVELS: tuple[str, ...] = ("random", "easy", "normal", "strong")
#: the level that plays for a person whose turn timer ran out
TAKEOVER_LEVEL = "normal"

__all__ = [
    "LEVELS",
    "TAKEOVER_LEVEL",
    "Levels",
    "level_policies",
    "move_seed",
    "random_policy",
    "resolve_level",
    "run_level",
]

#: the policies of a game by level name (``games.registry.policies`` or a test's own)
Levels = Callable[[str], Mapping[str, Policy]]


def level_policies(game: str) -> Mapping[str, Policy]:
    """The game's levels from the registry; a game the registry does not know (a test's toy
    engine) gets the ``random`` level, which needs nothing but the observation."""
    try:
        return registry.policies(game)
    except KeyError:
        return {"random": random_policy}


def resolve_level(available: Mapping[str, Policy], wanted: str | None, default: str) -> str:
    """The level that plays a seat asking for ``wanted``: itself when the game has it, else
    the configured default, else ``random`` (an old or unknown level never stalls a game)."""
    for level in (wanted, default):
        if level is not None and level in available:
            return level
    return "random"


def run_level(game: str, level: str, observation: Observation, seed: int) -> str:
    """Entry point of a worker process: look the policy up by name and run it."""
    return registry.policies(game)[level](observation, seed)


def move_seed(game_seed: int, version: int, seat: int) -> int:
    """The seed of an AI move: one value per (game, version, seat), stable across restarts."""
    state = seed_rng(game_seed, "ai")
    for value in (version, seat):
        state, mixed = rng_next((state ^ (value & ((1 << 64) - 1))) & ((1 << 64) - 1))
        state = mixed
    # One more mix, as the old engine-state policies did before drawing: the ``random`` level
    # (``games.search.random_policy``) then picks exactly the moves it picked before AI seats
    # were given observations, so existing games and tests replay unchanged.
    return seed_rng(state)
