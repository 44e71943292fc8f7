"""The 54-card deck of Game of Rows and what each card does (spec §1).

Kept as plain dicts and frozensets of card codes so the hot paths (legal targets, apply) are
lookups, not parsing.
"""

from __future__ import annotations

from games.text import messages

msg, msg_n = messages("game_of_rows")

RANKS = "23456789TJQKA"
SUITS = "CDHS"
JOKER = "JK"

#: the deck in a fixed order (the shuffle starts from this)
DECK: tuple[str, ...] = (*tuple(r + s for s in SUITS for r in RANKS), JOKER, JOKER)

#: position / blocker value of each card: 2..10 for number cards, J=11 .. A=14; the Joker is 0
VALUE: dict[str, int] = {r + s: RANKS.index(r) + 2 for r in RANKS for s in SUITS}
VALUE[JOKER] = 0

#: number cards 2..10 build rows (§1.1)
NUMBERS = frozenset(c for c in DECK if c != JOKER and VALUE[c] <= 10)
#: black faces and aces block, red ones unblock (§1.1)
BLOCKERS = frozenset(c for c in DECK if c != JOKER and VALUE[c] >= 11 and c[1] in "CS")
UNBLOCKERS = frozenset(c for c in DECK if c != JOKER and VALUE[c] >= 11 and c[1] in "DH")

CARD_COPIES: dict[str, int] = {c: (2 if c == JOKER else 1) for c in DECK}

_SYMBOL = {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}


def label(card: str) -> str:
    """Human text for a card (``"10♦"``, ``"Joker"``), for table logs beside the code."""
    if card == JOKER:
        return msg("Joker")
    rank = "10" if card[0] == "T" else card[0]
    return rank + _SYMBOL[card[1]]


def position_label(value: int) -> str:
    """Positions are named by the number that belongs there (§3.1)."""
    return str(value)
