"""The one place the games are listed.

Each game lives in ``games/<name>/`` and exposes its engine as ``ENGINE``. A game appears in
:func:`names` as soon as its package exists, so a new engine needs no edit elsewhere; the order
below is the product's order (CONTRACT §1).
"""

from __future__ import annotations

import importlib
import importlib.util

from games.core import Engine

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
