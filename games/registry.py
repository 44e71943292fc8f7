"""The one place the games are listed.

Each game lives in ``games/<name>/`` and exposes its engine as ``ENGINE``. A game appears in
:func:`names` as soon as its package exists, so a new engine needs no edit elsewhere; the order
below is the product's order (CONTRACT §1).
"""

from __future__ import annotations

import importlib
import importlib.util
from collections.abc import Mapping

from games.core import Engine, Policy

ORDER: tuple[str, ...] = ("rowboat", "turn_the_tide", "boat_canasta", "boat", "game_of_rows")

_loaded: dict[str, Engine] = {}


def _available(name: str) -> bool:
    return importlib.util.find_spec(f"games.{name}") is not None


def names() -> list[str]:
    """The games built so far, in the product's order."""
    return [name for name in ORDER if _available(name)]


def get(name: str) -> Engine:
    """The engine called ``name``; ``KeyError`` with the known names otherwise."""
    engine = _loaded.get(name)
    if engine is not None:
        return engine
    if name not in ORDER or not _available(name):
        raise KeyError(f"Unknown game {name!r}; known games: {', '.join(names())}.")
    engine = importlib.import_module(f"games.{name}").ENGINE
    _loaded[name] = engine
    return engine


def engines() -> list[Engine]:
    """Every built engine, in the product's order."""
    return [get(name) for name in names()]


def policies(name: str) -> Mapping[str, Policy]:
    """The AI levels of game ``name``: ``random`` always, plus what ``games/<name>/ai.py``
    declares in its ``LEVELS`` mapping (e.g. ``easy``, ``normal``, ``strong``).

    Why a lookup by name: a policy runs in a worker process that receives only the game's name
    and an observation, so it must find its code without the bot handing over live objects.
    """
    from games.search import random_policy

    get(name)  # unknown names fail as get() does
    found: dict[str, Policy] = {"random": random_policy}
    if importlib.util.find_spec(f"games.{name}.ai") is not None:
        found.update(importlib.import_module(f"games.{name}.ai").LEVELS)
    return found
