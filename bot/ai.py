"""AI levels as the bot offers them: their names, which policy plays a level, and move seeds.

Why this shape: a policy is ``(observation, seed) -> action code`` (``games.core.Policy``) and
is found by game name and level through ``games.registry.policies``, so it can run in another
process that receives nothing but plain data (:func:`run_level` is that process's entry).

Why the move seed is an HMAC under a secret of its own: a seed derived from the game's seed
could be inverted step by step to the deal's seed, from which ``new_game`` rebuilds every hand
(issue 43). Each game therefore carries an AI secret drawn at random when it is created and
stored with it; the seed of a move is HMAC-SHA256 of (version, seat) under that secret. The deal
does not determine the secret and no observation carries it, so no policy can learn another
hand from its seed, by construction. Replays stay exact because AI moves are recorded as moves;
the seed only matters at the moment a move is chosen, and with the secret stored a test can
still predict every move. The bot's side of running them (when, where,
how fast) is the session manager's AI driver, ``bot.sessions.ai``.
"""

from __future__ import annotations

import hashlib
import hmac
import time
from collections.abc import Callable, Mapping

from games import registry
from games.core import Budget, Observation, Policy
from games.search import random_policy

#: the levels a host may seat, weakest first (a game may implement only some of them; a
#: missing one is played by the configured default level, and failing that by ``random``)
LEVELS: tuple[str, ...] = ("random", "easy", "normal", "strong")
#: the level that plays for a person whose turn timer ran out
TAKEOVER_LEVEL = "normal"

__all__ = [
    "LEVELS",
    "SECRET_BYTES",
    "TAKEOVER_LEVEL",
    "Levels",
    "cpu_budget",
    "level_policies",
    "move_seed",
    "random_policy",
    "resolve_level",
    "run_hint",
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


def run_level(
    game: str, level: str, observation: Observation, seed: int, seconds: float | None = None
) -> str:
    """Entry point of a worker process: look the policy up by name and run it; a level that
    can stop at a time budget (``registry.anytime``) stops after ``seconds`` of this
    process's CPU time, with its best move so far."""
    if seconds is not None:
        timed = registry.anytime(game).get(level)
        if timed is not None:
            return timed(observation, seed, cpu_budget(seconds))
    return registry.policies(game)[level](observation, seed)


def run_hint(game: str, observation: Observation, seed: int) -> tuple[str, str]:
    """Entry point of a worker process for a hint: the game's ``hint`` (the normal level's
    move and its reason, ``games.registry.hinter``) on the asking seat's observation."""
    hinter = registry.hinter(game)
    if hinter is None:
        raise LookupError(f"{game} has no hints")
    return hinter(observation, seed)


def cpu_budget(seconds: float, report: Callable[[int], None] | None = None) -> Budget:
    """A search's time budget of ``seconds`` of this process's CPU time from now.

    Why CPU time, not wall time: a worker that shares its core with other processes should
    still search as far as its own share allows, and the target (p95 under a second on one
    core) is stated in CPU time. ``report`` is told the playouts done at each check (the
    bench counts the iterations reached)."""
    deadline = time.process_time() + seconds

    def budget(done: int) -> float:
        if report is not None:
            report(done)
        left = deadline - time.process_time()
        return 1.0 - left / seconds

    return budget


#: bytes of a game's AI secret (stored as hex)
SECRET_BYTES = 32


def move_seed(secret: str, version: int, seat: int) -> int:
    """The seed of an AI move: one 64-bit value per (game, version, seat), stable across
    restarts, and a function of the game's AI ``secret`` (hex), never of its deal."""
    if not secret:  # an empty key would make every seed public
        raise ValueError("a game's AI secret is missing")
    message = f"{version}:{seat}".encode()
    digest = hmac.new(bytes.fromhex(secret), message, hashlib.sha256).digest()
    return int.from_bytes(digest[:8], "big")
