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
from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from bot.i18n import texts

_, _n = texts()

#: who the game waits for and to do what ("Ann to draw or take the pile"), from a view and the
#: seats' names (None: "Seat 1"...); "" when nobody is to act
Acting = Callable[[Mapping[str, Any], "Sequence[str] | None"], str]


def seat_name(names: Sequence[str] | None, seat: int) -> str:
    """The caller's name for a seat, or "Seat N" (1-based: players count from one)."""
    if names is not None and 0 <= seat < len(names) and names[seat]:
        return names[seat]
    return _("Seat {n}", n=seat + 1)


def nobody(view: Mapping[str, Any], names: Sequence[str] | None) -> str:
    """The default :data:`Acting`: a picture that names nobody."""
    return ""


@dataclass(frozen=True)
class Words:
    """The words a game's text and its pictures share, so that they cannot disagree.

    Why handed to the drawer by the renderer: the glossary (``terms``: one word per concept) and
    who is to act (``acting``) are the renderer's, which imports the drawer; the drawer cannot
    import them back without a cycle, so the renderer builds its drawer with them."""

    terms: Mapping[str, str] = field(default_factory=dict)
    acting: Acting = nobody


class Drawer(ABC):
    """One game's pictures: pure functions from its views to PNG bytes (no Discord, no I/O).

    ``names`` are the seats' names in seat order (None: "Seat 1", "Seat 2"...). The shell
    draws in a worker thread and caches each picture per game version, so an implementation
    keeps no state between calls."""

    def __init__(self, words: Words | None = None) -> None:
        self.words = words or Words()

    @abstractmethod
    def table_header(self, view: Mapping[str, Any], names: Sequence[str] | None = None) -> str:
        """The words beside the table picture's title: where the game stands, then who is to
        act in the renderer's words (:attr:`Words.acting`, which its table text says too)."""

    @abstractmethod
    def table_image(self, view: Mapping[str, Any], names: Sequence[str] | None = None) -> bytes:
        """The table picture, drawn from the public view ``engine.view(state, None)`` only."""

    @abstractmethod
    def hand_image(self, view: Mapping[str, Any], names: Sequence[str] | None = None) -> bytes:
        """A seat's hand picture, drawn from that seat's own view ``engine.view(state, seat)``."""

    def hand_key(
        self, view: Mapping[str, Any], names: Sequence[str] | None = None
    ) -> Hashable | None:
        """What a hand picture is drawn from, when that is less than the whole view: two views
        with the same key must draw the same picture. The shell then keeps one picture per key
        instead of one per game version, so a move of another seat that changes nothing in
        this hand's picture draws nothing (issue 36: pictures cheap enough to be the default).
        None (the default): every version of the game is drawn anew."""
        return None
