"""The picture contract: what a game's ``bot/render/images/<game>.py`` gives its renderer.

Why an interface: the shell asks a game's renderer for its pictures
(:attr:`bot.render.base.Renderer.pictures`) and calls every game's the same way, so a drawer
that lacks a part fails when it is built, not when a table first asks for a picture; and no
module is looked up by name. A game without pictures has none (``pictures = None``): its
messages carry the text alone, which is always complete.

A drawer draws with the kit every game shares (:mod:`bot.render.images.draw`) on a canvas in
its own :class:`~bot.render.images.draw.Palette` (the kit's colours, then the game's), and keeps
its suits, special cards and colours in its own module.

Why the table picture takes only the public view: the secrecy of the picture is then the
secrecy of the view, which the conformance suite already checks; nothing hidden can reach it.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from typing import Any


class Drawer(ABC):
    """One game's pictures: pure functions from its views to PNG bytes (no Discord, no I/O).

    ``names`` are the seats' names in seat order (None: "Seat 1", "Seat 2"...). The shell
    draws in a worker thread and caches each picture per game version, so an implementation
    keeps no state between calls."""

    @abstractmethod
    def table_image(self, view: Mapping[str, Any], names: Sequence[str] | None = None) -> bytes:
        """The table picture, drawn from the public view ``engine.view(state, None)`` only."""

    @abstractmethod
    def hand_image(self, view: Mapping[str, Any], names: Sequence[str] | None = None) -> bytes:
        """A seat's hand picture, drawn from that seat's own view ``engine.view(state, seat)``."""
