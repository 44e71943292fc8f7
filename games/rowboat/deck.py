"""Card numbering and the per-hand trick tables (spec §1, §3.2).

Cards are ints ``suit * 13 + rank`` (rank 0 = Anchor .. 12 = Whale; suits 0 oars, 1 waves,
2 shells, 3 maps), so a hand is a 52-bit mask and the sister suit is ``suit ^ 1`` and the colour
``suit >> 1`` (spec §1.1). Codes exist only at the edges (actions, views, events).

Everything a trick needs (trump mask, Knob, off-coloured knobs, which cards are future Knobs, the
strength of every card) depends on the Tide alone, so it is computed once per Tide and cached:
AI search replays the same hand thousands of times.
"""

from __future__ import annotations

from typing import NamedTuple

RANKS = "A23456789DMSW"
SUITS = "owsm"
SUIT_NAMES = ("Oars", "Waves", "Shells", "Maps")
RANK_NAMES = (
    "Anchor",
    "2",
    "3",
    "4",
    "5",
    "6",
    "7",
    "8",
    "9",
    "Dolphin",
    "Mermaid",
    "Seeker",
    "Whale",
)

#: the Rowboat as a "card" inside a trick's play list (it never sits in a hand)
ROWBOAT = 52

CODES: tuple[str, ...] = tuple(RANKS[c % 13] + SUITS[c // 13] for c in range(52))
CARD_OF: dict[str, int] = {code: c for c, code in enumerate(CODES)}
BIT: tuple[int, ...] = tuple(1 << c for c in range(52))
ALL_CARDS = (1 << 52) - 1
SUIT_MASK: tuple[int, ...] = tuple(0x1FFF << (13 * s) for s in range(4))


def card_name(card: int) -> str:
    """'5 Shells', for messages a player reads."""
    return f"{RANK_NAMES[card % 13]} {SUIT_NAMES[card // 13]}"


def cards_of(mask: int) -> list[int]:
    """The cards of a mask in ascending order (suit, then rank): the sorted hand."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def codes_of(mask: int) -> list[str]:
    return [CODES[c] for c in cards_of(mask)]


class Trick(NamedTuple):
    """What one Tide card rules (spec §3.2 per-trick definitions)."""

    ruling: int  # the Tide card R_t
    trump: int  # suit T_t
    rank: int  # r_t
    trump_mask: int
    knob: int  # K_t as a card (it may lie in the Tide: then it is not in play, D30)
    knob_bit: int  # 0 when K_t lies in the Tide
    off_mask: int  # the two off-coloured knobs
    future_knobs: int  # Knobs of later tricks that are in play (for saving, §3.5.1 step 2b)
    strength: tuple[int, ...]  # §3.5.2 strength of each of the 52 cards, as one int


# category bases: strengths compare as ints (category * 100 + rank); the Rowboat is 600 - order
_KNOB, _TRUMP, _OFF, _PLAIN = 500, 400, 300, 100


def _strengths(ruling: int) -> tuple[int, ...]:
    """§3.5.2 strength of each card under one ruling card: it depends on nothing else."""
    suit, rank = divmod(ruling, 13)
    knob = (suit ^ 1) * 13 + rank
    out = []
    for c in range(52):
        s, r = divmod(c, 13)
        if c == knob:
            out.append(_KNOB)
        elif s == suit:
            out.append(_TRUMP + r)
        elif r == rank:
            out.append(_OFF)  # rank r_t outside trump and Knob: an off-coloured knob
        else:
            out.append(_PLAIN + r)
    return tuple(out)


_STRENGTHS = tuple(_strengths(r) for r in range(52))
_cache: dict[tuple[int, ...], tuple[Trick, ...]] = {}


_last: tuple[tuple[int, ...], tuple[Trick, ...]] = ((), ())


def tricks_for(tide: tuple[int, ...]) -> tuple[Trick, ...]:
    """The trick table of a Tide (cached; bounded so a long-running bot does not grow).

    Every state of a hand shares one ``tide`` tuple object, so the last table is checked by
    identity first: that skips hashing the Tide on almost every call.
    """
    global _last
    last = _last
    if last[0] is tide:
        return last[1]
    table = _cache.get(tide)
    if table is not None:
        _last = (tide, table)
        return table
    in_tide = 0
    for c in tide:
        in_tide |= BIT[c]
    size = len(tide)
    knob_bits = [0] * size
    for t, ruling in enumerate(tide):
        knob = ((ruling // 13) ^ 1) * 13 + ruling % 13
        knob_bits[t] = 0 if in_tide & BIT[knob] else BIT[knob]
    rows = [None] * size
    future = 0
    for t in range(size - 1, -1, -1):
        ruling = tide[t]
        suit, rank = divmod(ruling, 13)
        other = 2 - (suit & 2)  # first suit of the other colour
        rows[t] = Trick(
            ruling,
            suit,
            rank,
            SUIT_MASK[suit],
            (suit ^ 1) * 13 + rank,
            knob_bits[t],
            BIT[other * 13 + rank] | BIT[(other + 1) * 13 + rank],
            future,
            _STRENGTHS[ruling],
        )
        future |= knob_bits[t]
    table = tuple(rows)
    if len(_cache) > 4096:
        _cache.clear()
    _cache[tide] = table
    _last = (tide, table)
    return table
