"""A fast way to build :class:`games.core.Event` objects for Rowboat's hot path.

Why: ``Event`` is a frozen slotted dataclass, and a frozen dataclass's ``__init__`` stores each
field through ``object.__setattr__``, which costs about three times what storing the three
slots directly does. Every step of a game builds at least one event (a ``play`` per card), so
:func:`event` fills the slots directly. The result is an ordinary ``Event``, equal and
identical in type to one built by its constructor.

The commonest event, ``play`` (one per card), is moreover built once per seat and card and
handed out again: an Event is frozen and its ``data`` is a read-only ``Mapping`` by contract,
so a shared object is indistinguishable from a fresh one to every reader. Its ``data`` is a
``MappingProxyType`` so that no reader can change it for every later game by mistake.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Any

from games.core import Event
from games.rowboat.deck import CODES

_new = object.__new__
# the slot descriptors, read from the class dictionary (where ``slots=True`` put them)
_kind = Event.__dict__["kind"].__set__
_visible_to = Event.__dict__["visible_to"].__set__
_data = Event.__dict__["data"].__set__


def event(kind: str, visible_to: tuple[int, ...] | None, data: Mapping[str, Any]) -> Event:
    """``Event(kind, visible_to, data)``, built without the frozen ``__init__``."""
    ev = _new(Event)
    _kind(ev, kind)
    _visible_to(ev, visible_to)
    _data(ev, data)
    return ev


#: ``play`` events by seat and card (spec §3.5: who played what, public)
PLAY_EVENTS: tuple[tuple[Event, ...], ...] = tuple(
    tuple(
        event("play", None, MappingProxyType({"seat": seat, "card": CODES[c]})) for c in range(52)
    )
    for seat in range(4)
)
