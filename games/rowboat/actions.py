"""Rowboat's action objects, built once, and the tables that turn them into numbers and back.

Why prebuilt: AI search and random playouts call ``legal_actions`` and ``apply`` for every
step, so neither may format or parse a code string there. Every action the game can ever offer
exists once as an :class:`Action`; ``legal_actions`` hands out these objects and ``apply`` reads
them back through :data:`KEYS` (one dict lookup, by the Action or by its code).
"""

from __future__ import annotations

from typing import Any

from games.core import Action
from games.rowboat.deck import CODES

# verb ids
V_MOON, V_NOMOON, V_PASS, V_BID, V_PLAY, V_ROWBOAT, V_LIGHTHOUSE = range(7)

VERB_IDS = {
    "moon": V_MOON,
    "nomoon": V_NOMOON,
    "pass": V_PASS,
    "bid": V_BID,
    "play": V_PLAY,
    "rowboat": V_ROWBOAT,
    "lighthouse": V_LIGHTHOUSE,
}
CARD_VERBS = (V_PASS, V_PLAY)

MOON_ACTS = {k: Action("moon", str(k)) for k in range(4, 13)}
NOMOON = Action("nomoon")
PASS_ACTS = tuple(Action("pass", code) for code in CODES)
BID_ACTS = tuple(Action("bid", str(b)) for b in range(13))
PLAY_ACTS = tuple(Action("play", code) for code in CODES)
ROWBOAT_ACT = Action("rowboat")
LIGHTHOUSE_ACT = Action("lighthouse")

#: the dealer's Moon choices per player count: moon:4..moon:cap, then nomoon (§3.1, D3)
MOON_CHOICES = {
    n: (*(MOON_ACTS[k] for k in range(4, (10 if n == 4 else 12) + 1)), NOMOON) for n in (2, 3, 4)
}


def _build_keys() -> dict[Any, tuple[int, int]]:
    """(verb id, number) of every action, keyed by the Action and by its code."""
    keys: dict[Any, tuple[int, int]] = {}
    for k, act in MOON_ACTS.items():
        keys[act] = (V_MOON, k)
    keys[NOMOON] = (V_NOMOON, 0)
    for c in range(52):
        keys[PASS_ACTS[c]] = (V_PASS, c)
        keys[PLAY_ACTS[c]] = (V_PLAY, c)
    for b in range(13):
        keys[BID_ACTS[b]] = (V_BID, b)
    keys[ROWBOAT_ACT] = (V_ROWBOAT, 0)
    keys[LIGHTHOUSE_ACT] = (V_LIGHTHOUSE, 0)
    for act in list(keys):
        keys[act.code] = keys[act]
    return keys


KEYS = _build_keys()


class _SuitTable(dict):
    """13-bit suit pattern -> the Actions of those cards in ascending rank, filled on first use.

    A hand mask is turned into actions four suits at a time instead of bit by bit; at most
    8192 patterns per suit and verb exist, so the table stays small for a long-running bot.
    """

    def __init__(self, acts: tuple[Action, ...]) -> None:
        super().__init__()
        self.acts = acts
        self[0] = ()

    def __missing__(self, bits: int) -> tuple[Action, ...]:
        low = bits & -bits
        row = (self.acts[low.bit_length() - 1], *self[bits ^ low])
        self[bits] = row
        return row


def _suit_tables(acts: tuple[Action, ...]) -> tuple[_SuitTable, ...]:
    return tuple(_SuitTable(acts[13 * s : 13 * s + 13]) for s in range(4))


_PLAY_O, _PLAY_W, _PLAY_S, _PLAY_M = _suit_tables(PLAY_ACTS)
_PASS_TABLES = _suit_tables(PASS_ACTS)


def play_actions(mask: int) -> list[Action]:
    """``play:<card>`` for every card of ``mask``, in ascending card order."""
    return [
        *_PLAY_O[mask & 0x1FFF],
        *_PLAY_W[(mask >> 13) & 0x1FFF],
        *_PLAY_S[(mask >> 26) & 0x1FFF],
        *_PLAY_M[mask >> 39],
    ]


def pass_actions(mask: int) -> list[Action]:
    """``pass:<card>`` for every card of ``mask``, in ascending card order."""
    o, w, s, m = _PASS_TABLES
    return [*o[mask & 0x1FFF], *w[(mask >> 13) & 0x1FFF], *s[(mask >> 26) & 0x1FFF], *m[mask >> 39]]
