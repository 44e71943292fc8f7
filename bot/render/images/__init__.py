"""Card pictures (issue 16): pure functions from a game's view to PNG bytes, no Discord.

Each game has one module here named after it (``bot/render/images/<game>.py``) with
``table_image(view, names=None)`` drawn from the public view ``engine.view(state, None)`` and
``hand_image(view, names=None)`` drawn from a seat's own view. The functions below find that
module by the game's name, so a sixth game adds one module and nothing else.

Why the table picture takes only the public view: the secrecy of the picture is then the
secrecy of the view, which the conformance suite already checks; nothing hidden can reach it.
"""

from __future__ import annotations

import importlib
import importlib.util
import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable, Mapping, Sequence
from types import ModuleType
from typing import Any

__all__ = ["ImageCache", "draw_hand", "draw_table", "drawer"]

_modules: dict[str, ModuleType | None] = {}


def drawer(game: str) -> ModuleType | None:
    """The picture module of ``game``, or None when the game has none (it shows text only)."""
    if game in _modules:
        return _modules[game]
    module: ModuleType | None = None
    if game.isidentifier() and game not in ("draw",):
        name = f"{__name__}.{game}"
        if importlib.util.find_spec(name) is not None:
            module = importlib.import_module(name)
    _modules[game] = module
    return module


def draw_table(
    game: str, view: Mapping[str, Any], names: Sequence[str] | None = None
) -> bytes | None:
    """The table picture (PNG) of a public view, or None for a game with no drawer."""
    module = drawer(game)
    if module is None:
        return None
    result: bytes = module.table_image(view, names)
    return result


def draw_hand(
    game: str, view: Mapping[str, Any], names: Sequence[str] | None = None
) -> bytes | None:
    """The private hand picture (PNG) of a seat's own view, or None for a game with no drawer."""
    module = drawer(game)
    if module is None:
        return None
    result: bytes = module.hand_image(view, names)
    return result


Key = tuple[Hashable, int, int | None]


class ImageCache:
    """A small LRU of drawn pictures keyed by (game, version, seat); seat None is the table.

    ``game`` names one live game (its id in the store), not the kind of game: two tables of one
    game at the same version are different pictures.

    Why: a game's version changes with every action, and the same picture is asked for again
    when a player re-opens a hand or the table message is refreshed; drawing it once per version
    saves the 5-20 ms a drawing costs. Thread-safe, because the caller may draw off the event
    loop in a worker thread.
    """

    def __init__(self, maxsize: int = 256) -> None:
        self.maxsize = maxsize
        self._items: OrderedDict[Key, bytes | None] = OrderedDict()
        self._lock = threading.Lock()
        self.hits = 0
        self.misses = 0

    def get(
        self, game: Hashable, version: int, seat: int | None, draw: Callable[[], bytes | None]
    ) -> bytes | None:
        """The cached picture for the key, drawing it with ``draw()`` on a miss."""
        key = (game, version, seat)
        with self._lock:
            if key in self._items:
                self._items.move_to_end(key)
                self.hits += 1
                return self._items[key]
            self.misses += 1
        picture = draw()
        with self._lock:
            self._items[key] = picture
            self._items.move_to_end(key)
            while len(self._items) > self.maxsize:
                self._items.popitem(last=False)
        return picture

    def forget(self, game: Hashable) -> None:
        """Drop every picture of a game (it ended or was reloaded)."""
        with self._lock:
            for key in [k for k in self._items if k[0] == game]:
                del self._items[key]

    def __len__(self) -> int:
        return len(self._items)
