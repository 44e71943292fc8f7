"""Card pictures (issue 16): pure functions from a game's view to PNG bytes, no Discord.

Each game that draws has one module here named after it (``bot/render/images/<game>.py``)
whose object implements :class:`bot.render.images.base.Drawer` (``table_image`` from the
public view, ``hand_image`` from a seat's own view); the game's renderer exposes that object
as its ``pictures``, which is how the shell finds it. ``draw.py`` is the kit every game's
pictures share; this module keeps the cache of drawn pictures.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable

from bot.i18n import current_locale

__all__ = ["ImageCache"]

Key = tuple[Hashable, Hashable, int | None, str]


class ImageCache:
    """A small LRU of drawn pictures keyed by (game, version, seat, language); seat None is the
    table. The language is part of the key (issue 41): a German and a French hand of the same
    cards are two pictures, and an English table drawn before is still one.

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
        #: pictures being drawn now: a second ask for one waits for it rather than drawing it
        #: again (a move's answer and its hand refresh ask for the same hand at once)
        self._drawing: dict[Key, _Drawing] = {}
        self._lock = threading.Lock()
        self.hits = 0
        self.misses = 0

    def get(
        self,
        game: Hashable,
        version: Hashable,
        seat: int | None,
        draw: Callable[[], bytes | None],
        locale: str | None = None,
    ) -> bytes | None:
        """The cached picture for the key, drawing it with ``draw()`` on a miss; ``version`` is
        the game's version, or what the picture is drawn from when its drawer says so
        (:meth:`bot.render.images.base.Drawer.hand_key`); ``locale`` is the language it is
        drawn in (by default the current one: a worker thread runs in a copy of the caller's
        context)."""
        key = (game, version, seat, current_locale() if locale is None else locale)
        with self._lock:
            if key in self._items:
                self._items.move_to_end(key)
                self.hits += 1
                return self._items[key]
            drawing = self._drawing.get(key)
            mine = drawing is None
            if drawing is not None:
                self.hits += 1
                drawing.waiters += 1
            else:
                self.misses += 1
                drawing = self._drawing[key] = _Drawing()
        if not mine:
            drawing.done.wait()
            if drawing.error is not None:
                raise drawing.error
            return drawing.picture
        try:
            picture = draw()
        except BaseException as error:
            drawing.error = error
            raise
        else:
            drawing.picture = picture
            with self._lock:
                self._items[key] = picture
                self._items.move_to_end(key)
                while len(self._items) > self.maxsize:
                    self._items.popitem(last=False)
        finally:
            with self._lock:
                del self._drawing[key]
            drawing.done.set()
        return picture

    def forget(self, game: Hashable) -> None:
        """Drop every picture of a game (it ended or was reloaded)."""
        with self._lock:
            for key in [k for k in self._items if k[0] == game]:
                del self._items[key]

    def __len__(self) -> int:
        return len(self._items)


class _Drawing:
    """A picture one thread is drawing, which others asking for it wait on."""

    __slots__ = ("done", "error", "picture", "waiters")

    def __init__(self) -> None:
        self.done = threading.Event()
        self.picture: bytes | None = None
        self.error: BaseException | None = None
        #: how many asks wait on it (read by a test)
        self.waiters = 0
