"""The 108-card Boat Canasta deck, card values and card classes (spec §1).

Card codes are CONTRACT.md's: rank ``2-9 T J Q K A`` + suit ``C D H S`` and ``JK``; two full
decks, so every suited code exists twice and ``JK`` four times.
"""

from __future__ import annotations

SUITS = "CDHS"
RANKS = "23456789TJQKA"
#: ranks a natural meld can have (§3.1): 2s are wild and 3s are never melded
NATURAL_RANKS = "456789TJQKA"
JOKER = "JK"
#: the wild tokens used in action codes: "2" = one of the player's 2s, "JK" = a Joker
WILD_TOKENS = ("2", "JK")

CODES: tuple[str, ...] = (*tuple(r + s for r in RANKS for s in SUITS), JOKER)
DECK: tuple[str, ...] = tuple(c for c in CODES[:-1] for _ in range(2)) + (JOKER,) * 4
CARD_COPIES: dict[str, int] = {c: (4 if c == JOKER else 2) for c in CODES}

RED_THREES = frozenset({"3D", "3H"})
BLACK_THREES = frozenset({"3C", "3S"})
TWOS = frozenset({"2C", "2D", "2H", "2S"})
WILDS = TWOS | {JOKER}
#: cards that block (freeze) the Treasure pile when discarded (§3.4, D5)
BLOCKERS = WILDS | BLACK_THREES

#: the rank letter of each code; a Joker is "X" so it is never taken for a Jack
RANK_OF: dict[str, str] = {c: ("X" if c == JOKER else c[0]) for c in CODES}
SORT_KEY: dict[str, int] = {c: i for i, c in enumerate(CODES)}


def _value(code: str) -> int:
    rank = RANK_OF[code]
    if rank == "X":
        return 50
    if rank in "2A":
        return 20
    if rank in "89TJQK":
        return 10
    if rank in "4567":
        return 5
    return 0  # 3s: a melded 3B counts 0 (D11); 3Rs are scored as bonuses


#: a card's value on the table (§1.2)
VALUE: dict[str, int] = {c: _value(c) for c in CODES}
#: a card's penalty when left in a hand (§4): a 3B costs 100
PENALTY: dict[str, int] = {c: (100 if c in BLACK_THREES else VALUE[c]) for c in CODES}


def sort_cards(cards: list[str] | tuple[str, ...]) -> tuple[str, ...]:
    """Hands and melds are kept sorted so equal states compare equal and dumps are stable."""
    return tuple(sorted(cards, key=SORT_KEY.__getitem__))


def is_wild_token(token: str) -> bool:
    return token in WILD_TOKENS


def matches_wild(code: str, token: str) -> bool:
    """Whether ``code`` is a card of the wild kind ``token`` ("2" or "JK")."""
    return code == JOKER if token == JOKER else code in TWOS
