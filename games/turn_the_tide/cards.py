"""The two decks of Turn the Tide and what their cards are worth (spec §1, decision D1).

Cards are small ints inside the engine (hot paths) and card-code strings at the edges: weather
``"1"``..``"60"``, tide level ``"1"``..``"12"`` (CONTRACT §1). Codes 1..12 are shared by one weather
card and two tide cards, which is why :data:`CARD_COPIES` counts three copies for them: the generic
secrecy checks count every physical card that can be written with a code.
"""

from __future__ import annotations

from collections.abc import Iterable

#: the 60 weather cards, each value once (§1.1)
WEATHER: tuple[int, ...] = tuple(range(1, 61))
#: the 24 tide-level cards, values 1..12 twice each (§1.2)
TIDE: tuple[int, ...] = tuple(v for v in range(1, 13) for _ in range(2))
HAND_SIZE = 12
HANDS_PER_ROUND = 12

#: every code that can appear in a hand or on the table, with its number of physical cards
CARD_COPIES: dict[str, int] = {str(v): (3 if v <= 12 else 1) for v in WEATHER}

_MARK_WORDS = ("none", "half", "whole")


def halves(value: int) -> int:
    """The preserver icon of a weather card in halves: 0, 1 (½) or 2 (whole) (§1.1 table, D1)."""
    if 25 <= value <= 36:
        return 2
    if 13 <= value <= 48:
        return 1
    return 0


def allowance(hand_set: Iterable[int]) -> int:
    """Preserver tokens a hand set gives: the icons summed, a leftover half dropped (§2)."""
    return sum(halves(v) for v in hand_set) // 2


def mark(value: int) -> str:
    """The icon as a word for the Discord select (``none``/``half``/``whole``): a word rather
    than ``"1"`` or ``"½"`` so no view string can be mistaken for a card code."""
    return _MARK_WORDS[halves(value)]
