"""Card numbering and the per-hand trick tables (spec §1, §3.2).

Cards are ints ``suit * 13 + rank`` (rank 0 = Anchor .. 12 = Whale; suits 0 oars, 1 waves,
2 shells, 3 maps), so a hand is a 52-bit mask and the sister suit is ``suit ^ 1`` and the colour
``suit >> 1`` (spec §1.1). Codes exist only at the edges (actions, views, events).

Everything a trick needs (trump mask, Knob, off-coloured knobs, which cards are future Knobs, the
strength of every card) depends on the Tide alone, so it is computed once per Tide and cached:
AI search replays the same hand thousands of times.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from games.text import Msg, messages

msg, msg_n = messages("rowboat")

RANKS = "A23456789DMSW"
SUITS = "owsm"
#: the suits' and ranks' names as marked words (each reads in the player's language); the
#: numbered ranks are their digits in every language
SUIT_NAMES: tuple[Msg, ...] = (msg("Oars"), msg("Waves"), msg("Shells"), msg("Maps"))
RANK_NAMES: tuple[str, ...] = (
    msg("Anchor"),
    "2",
    "3",
    "4",
    "5",
    "6",
    "7",
    "8",
    "9",
    msg("Dolphin"),
    msg("Mermaid"),
    msg("Seeker"),
    msg("Whale"),
)

#: the Rowboat as a "card" inside a trick's play list (it never sits in a hand)
ROWBOAT = 52

CODES: tuple[str, ...] = tuple(RANKS[c % 13] + SUITS[c // 13] for c in range(52))
CARD_OF: dict[str, int] = {code: c for c, code in enumerate(CODES)}
BIT: tuple[int, ...] = tuple(1 << c for c in range(52))
ALL_CARDS = (1 << 52) - 1
SUIT_MASK: tuple[int, ...] = tuple(0x1FFF << (13 * s) for s in range(4))


def card_name(card: int) -> Msg:
    """'5 Shells', for messages a player reads."""
    return msg("{rank} {suit}", rank=RANK_NAMES[card % 13], suit=SUIT_NAMES[card // 13])


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
    #: §3.5.2 strength of each of the 52 cards as one int, and at 52 the Rowboat's 600 (it
    #: beats every card; of two Rowboats the earlier wins, see rules._winner)
    strength: tuple[int, ...]


# category bases: strengths compare as ints (category * 100 + rank)
_ROWBOAT, _KNOB, _TRUMP, _OFF, _PLAIN = 600, 500, 400, 300, 100


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
    out.append(_ROWBOAT)
    return tuple(out)


_STRENGTHS = tuple(_strengths(r) for r in range(52))


def _ruling_parts(ruling: int) -> tuple[int, int, int, int, int, int, tuple[int, ...]]:
    """What a Tide card rules whatever else lies in the Tide: (suit, rank, trump mask, Knob,
    Knob bit, off-coloured knobs, strengths)."""
    suit, rank = divmod(ruling, 13)
    knob = (suit ^ 1) * 13 + rank
    other = 2 - (suit & 2)  # first suit of the other colour
    off = BIT[other * 13 + rank] | BIT[(other + 1) * 13 + rank]
    return suit, rank, SUIT_MASK[suit], knob, BIT[knob], off, _STRENGTHS[ruling]


_PARTS = tuple(_ruling_parts(r) for r in range(52))
_new_trick = tuple.__new__


def _trick_rows(tide: tuple[int, ...]) -> tuple[Trick, ...]:
    in_tide = 0
    for c in tide:
        in_tide |= BIT[c]
    rows: list[Trick] = []
    future = 0
    for ruling in reversed(tide):
        suit, rank, trump_mask, knob, bit, off, strength = _PARTS[ruling]
        knob_bit = 0 if in_tide & bit else bit  # a Knob lying in the Tide is not in play (D30)
        row = (ruling, suit, rank, trump_mask, knob, knob_bit, off, future, strength)
        rows.append(_new_trick(Trick, row))
        future |= knob_bit
    rows.reverse()
    return tuple(rows)


def _legal_rows(tide: tuple[int, ...]) -> tuple[tuple[int, int, int, bool], ...]:
    in_tide = 0
    for c in tide:
        in_tide |= BIT[c]
    last = len(tide) - 1
    rows: list[tuple[int, int, int, bool]] = []
    future = 0
    for t in range(last, -1, -1):
        parts = _PARTS[tide[t]]
        bit = parts[4]
        knob_bit = 0 if in_tide & bit else bit  # a Knob lying in the Tide is not in play (D30)
        rows.append((knob_bit, parts[2], future, t < last))
        future |= knob_bit
    rows.reverse()
    return tuple(rows)


def _remember(cache: dict, tide: tuple[int, ...], value: Any) -> None:
    """Keep a per-Tide table, bounded so that a long-running bot does not grow without end."""
    if len(cache) > 4096:
        cache.clear()
    cache[tide] = value


_legal_cache: dict[tuple[int, ...], tuple[tuple[int, int, int, bool], ...]] = {}
_legal_last: tuple[tuple[int, ...], tuple[tuple[int, int, int, bool], ...]] = ((), ())


def legal_rows(tide: tuple[int, ...]) -> tuple[tuple[int, int, int, bool], ...]:
    """Per trick, what §3.5.1 reads on every legality question, as a plain tuple: (Knob bit or
    0, trump mask, Knobs of later tricks in play, Rowboat allowed = not the last trick).

    The hottest question of AI search, so no attribute lookups, and the last Tide is checked
    by identity before hashing (every state of a hand shares one ``tide`` tuple object).
    """
    global _legal_last
    last = _legal_last
    if last[0] is tide:
        return last[1]
    rows = _legal_cache.get(tide)
    if rows is None:
        rows = _legal_rows(tide)
        _remember(_legal_cache, tide, rows)
    _legal_last = (tide, rows)
    return rows


_tricks_cache: dict[tuple[int, ...], tuple[Trick, ...]] = {}
_tricks_last: tuple[tuple[int, ...], tuple[Trick, ...]] = ((), ())


def strengths(ruling: int) -> tuple[int, ...]:
    """§3.5.2 strengths of the 52 cards, and at 52 the Rowboat's, under one ruling card."""
    return _STRENGTHS[ruling]


def tricks_for(tide: tuple[int, ...]) -> tuple[Trick, ...]:
    """The trick table of a Tide: one :class:`Trick` per Tide card (cached like
    :func:`legal_rows`)."""
    global _tricks_last
    last = _tricks_last
    if last[0] is tide:
        return last[1]
    rows = _tricks_cache.get(tide)
    if rows is None:
        rows = _trick_rows(tide)
        _remember(_tricks_cache, tide, rows)
    _tricks_last = (tide, rows)
    return rows
