"""Boat's 41 cards as small ints, and the tables the rules look them up in.

Why ints: AI search runs ``legal_actions``/``apply`` thousands of times a move (STYLE.md), so a
card is ``suit * 10 + rank`` (suits ``C D H S`` = 0..3, ranks ``5..A`` = 0..9) and the Boat card
is 40. Codes (CONTRACT §1: ``TH``, ``5S``, ``BOAT``) exist only at the edges: actions, views,
events.
"""

from __future__ import annotations

from collections.abc import Iterable

SUITS = "CDHS"
RANKS = "56789TJQKA"
BOAT = 40
BOAT_CODE = "BOAT"
HAND_SIZE = 9
WIDOW_SIZE = 5
TRICKS = 9
TOTAL_POINTS = 120

#: code of each card id, in id order (spec §1.1: 4 suits of 5..A, plus the Boat card)
CODES: tuple[str, ...] = (*(r + s for s in SUITS for r in RANKS), BOAT_CODE)
IDS: dict[str, int] = {code: i for i, code in enumerate(CODES)}
DECK: tuple[int, ...] = tuple(range(len(CODES)))


def _points(card: int) -> int:
    """Spec §1.3: Boat 20, Ace 10, Ten 10, Five 5, the rest 0 (total 120)."""
    if card == BOAT:
        return 20
    return {0: 5, 5: 10, 9: 10}.get(card % 10, 0)


POINTS: tuple[int, ...] = tuple(_points(c) for c in DECK)


def code(card: int) -> str:
    return CODES[card]


def codes(cards: Iterable[int]) -> list[str]:
    return [CODES[c] for c in cards]


def card_id(text: str) -> int | None:
    """The id of a card code, or ``None``; accepts lower case since players type codes."""
    return IDS.get(text.strip().upper())


def points(cards: Iterable[int]) -> int:
    return sum(POINTS[c] for c in cards)


def suit_of(card: int, trump: int) -> int:
    """Effective suit (spec §3.4): the printed suit, except the Boat belongs to trump (D3)."""
    return trump if card == BOAT else card // 10


def rank_of(card: int) -> int:
    """Rank within the effective suit; the Boat ranks above the Ace (D3)."""
    return 10 if card == BOAT else card % 10
