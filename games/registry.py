"""Finds the games: every package that exposes a ``GAME`` record is a game.

Why discovery and no list: a new game must need nothing outside its own package. A package
under ``games/`` that defines ``GAME`` (a :class:`games.core.GamePackage`) appears in
:func:`names` as soon as it exists; tests add test-only games with :func:`discover` on another
package (``tests/fixtures``). Menus follow each package's ``position`` (the product's order of
CONTRACT §1 for the five games), then the name.
"""

from __future__ import annotations

import importlib
import importlib.util
import pkgutil
from collections.abc import Mapping
from typing import cast

from games.core import AnytimePolicy, Engine, GamePackage, Hinter, Policy

#: packages searched for games; tests may add their own with discover()
_ROOTS: list[str] = ["games"]
_packages: dict[str, GamePackage] | None = None
#: game name -> the module path of its package (where its optional ``ai`` module lives)
_where: dict[str, str] = {}


def _scan() -> dict[str, GamePackage]:
    global _packages
    if _packages is None:
        found: dict[str, GamePackage] = {}
        for root in _ROOTS:
            base = importlib.import_module(root)
            for info in pkgutil.iter_modules(base.__path__):
                if not info.ispkg:
                    continue
                module = importlib.import_module(f"{root}.{info.name}")
                game = getattr(module, "GAME", None)
                if isinstance(game, GamePackage):
                    found[game.engine.name] = game
                    _where[game.engine.name] = module.__name__
        order = sorted(found.values(), key=lambda g: (g.position, g.engine.name))
        _packages = {g.engine.name: g for g in order}
    return _packages


def discover(root: str) -> None:
    """Also take the games found in the packages under ``root`` (e.g. ``tests.fixtures``)."""
    global _packages
    if root not in _ROOTS:
        _ROOTS.append(root)
        _packages = None


def names() -> list[str]:
    """The games found, in menu order."""
    return list(_scan())


def package(name: str) -> GamePackage:
    """Everything game ``name`` contributes; ``KeyError`` with the known names otherwise."""
    found = _scan().get(name)
    if found is None:
        raise KeyError(f"Unknown game {name!r}; known games: {', '.join(names())}.")
    return found


def get(name: str) -> Engine:
    """The engine called ``name``; ``KeyError`` with the known names otherwise."""
    return package(name).engine


def engines() -> list[Engine]:
    """Every engine, in menu order."""
    return [game.engine for game in _scan().values()]


def searching(name: str) -> frozenset[str]:
    """The AI levels of game ``name`` that search: those its ``ai`` module gives a budget in
    ``BUDGETS`` (search iterations per move).

    Why the bot asks: a searching level costs tens of milliseconds or more per move, so the
    bot runs it in its process pool rather than a thread that would hold the event loop's
    interpreter lock; which levels search is the game's own business (Game of Rows' normal
    level checks its best moves by playouts, Rowboat's does not).
    """
    get(name)
    root = _where.get(name)
    if root is None or importlib.util.find_spec(f"{root}.ai") is None:
        return frozenset()
    return frozenset(getattr(importlib.import_module(f"{root}.ai"), "BUDGETS", {}))


def policies(name: str) -> Mapping[str, Policy]:
    """The AI levels of game ``name``: ``random`` always, plus what the package's ``ai``
    module declares in its ``LEVELS`` mapping (e.g. ``easy``, ``normal``, ``strong``).

    Why a lookup by name: a policy runs in a worker process that receives only the game's name
    and an observation, so it must find its code without the bot handing over live objects.
    """
    from games.search import random_policy

    get(name)  # unknown names fail as get() does
    root = _where.get(name)  # None for a game registered by hand (tests): random only
    found: dict[str, Policy] = {"random": random_policy}
    if root is not None and importlib.util.find_spec(f"{root}.ai") is not None:
        found.update(importlib.import_module(f"{root}.ai").LEVELS)
    return found


def anytime(name: str) -> Mapping[str, AnytimePolicy]:
    """The AI levels of game ``name`` that can stop at a time budget (its ``ai`` module's
    ``ANYTIME``): the bot runs these under ``[tables] ai_seconds``, so a search answers within
    a second on a slow machine too; tests and the bench's strength runs use :func:`policies`,
    whose fixed iteration counts make every move repeatable."""
    get(name)
    root = _where.get(name)
    if root is None or importlib.util.find_spec(f"{root}.ai") is None:
        return {}
    return dict(getattr(importlib.import_module(f"{root}.ai"), "ANYTIME", {}))


def hinter(name: str) -> Hinter | None:
    """Game ``name``'s hint (its ``ai`` module's ``hint``: the normal level's move with a
    reason), or None for a game without one (it then offers no 💡 Hint button).

    Why found like ``LEVELS``: the hint runs in a worker process that receives only the game's
    name and the observation."""
    get(name)
    root = _where.get(name)
    if root is None or importlib.util.find_spec(f"{root}.ai") is None:
        return None
    found = getattr(importlib.import_module(f"{root}.ai"), "hint", None)
    return cast(Hinter, found) if callable(found) else None
