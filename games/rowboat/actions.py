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


def _suit_rows(acts: tuple[Action, ...]) -> list[tuple[Action, ...] | None]:
    """The 13-bit table of one suit, filled on first use (``None`` = not built yet)."""
    rows: list[tuple[Action, ...] | None] = [None] * 8192
    rows[0] = ()
    return rows


def _fill(tables: tuple[list, ...], acts: tuple[Action, ...], mask: int) -> None:
    """Build the rows a mask needs: each row is its lowest card's action, then the row of the
    remaining cards, so rows share the work and stay in ascending order."""
    for suit in range(4):
        rows = tables[suit]
        pending = []
        bits = (mask >> (13 * suit)) & 0x1FFF
        while rows[bits] is None:
            pending.append(bits)
            bits &= bits - 1
        for bits in reversed(pending):
            low = bits & -bits
            rows[bits] = (acts[13 * suit + low.bit_length() - 1], *rows[bits ^ low])


#: per suit, 13-bit pattern -> the Actions of those cards in ascending rank. A hand mask is
#: turned into actions four suits at a time instead of bit by bit; at most 8192 rows per suit
#: exist, built only when met, so a long-running bot holds only the patterns it has seen.
_PLAY_TABLES = tuple(_suit_rows(PLAY_ACTS[13 * s : 13 * s + 13]) for s in range(4))
_PASS_TABLES = tuple(_suit_rows(PASS_ACTS[13 * s : 13 * s + 13]) for s in range(4))
_PO, _PW, _PS, _PM = _PLAY_TABLES


#: what trick play offers after the cards, by [Rowboat allowed][Lighthouse unused]
PLAY_TAILS = (((), (LIGHTHOUSE_ACT,)), ((ROWBOAT_ACT,), (ROWBOAT_ACT, LIGHTHOUSE_ACT)))


def play_actions(mask: int, tail: tuple[Action, ...] = ()) -> list[Action]:
    """``play:<card>`` for every card of ``mask``, in ascending card order, then ``tail``."""
    try:
        return [
            *_PO[mask & 0x1FFF],
            *_PW[(mask >> 13) & 0x1FFF],
            *_PS[(mask >> 26) & 0x1FFF],
            *_PM[mask >> 39],  # type: ignore[misc]  # None rows raise TypeError: see below
            *tail,
        ]
    except TypeError:  # a row not built yet (unpacking None)
        _fill(_PLAY_TABLES, PLAY_ACTS, mask)
        return play_actions(mask, tail)


def pass_actions(mask: int) -> list[Action]:
    """``pass:<card>`` for every card of ``mask``, in ascending card order."""
    _fill(_PASS_TABLES, PASS_ACTS, mask)
    o, w, s, m = _PASS_TABLES  # every row this mask needs was filled just above
    return [*o[mask & 0x1FFF], *w[(mask >> 13) & 0x1FFF], *s[(mask >> 26) & 0x1FFF], *m[mask >> 39]]  # type: ignore[misc]
