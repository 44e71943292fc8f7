"""Meld validity, canasta kinds and the opening minimum (spec §3.1, D7, D8, D18).

A meld is ``(key, cards)``: ``key`` is its natural rank (``"4"`` … ``"A"``), ``"W"`` for the
side's wild meld, or ``"3"`` for the four black 3s of a D11 close. The key is also the meld's id
in action codes, which works because a side has at most one meld per rank and one wild meld (D7).
"""

from __future__ import annotations

from collections.abc import Iterable

from games.boat_canasta.deck import JOKER, RANK_OF, TWOS, VALUE, WILDS
from games.text import messages

msg, msg_n = messages("boat_canasta")

WILD_KEY = "W"
THREES_KEY = "3"
#: display and storage order of meld keys
KEY_ORDER = "456789TJQKAW3"
KEY_INDEX = {k: i for i, k in enumerate(KEY_ORDER)}

NATURAL, MIXED, SMALL_WILD, BIG_WILD = "natural", "mixed", "small_wild", "big_wild"
#: canasta bonuses (§1.3)
BONUS = {MIXED: 300, NATURAL: 600, SMALL_WILD: 1000, BIG_WILD: 2000}

Meld = tuple[str, tuple[str, ...]]


def counts(cards: Iterable[str]) -> tuple[int, int, int]:
    """(naturals, twos, jokers) in ``cards``."""
    nat = two = jok = 0
    for c in cards:
        if c == JOKER:
            jok += 1
        elif c in TWOS:
            two += 1
        else:
            nat += 1
    return nat, two, jok


def meld_problem(key: str, cards: Iterable[str]) -> str | None:
    """Why ``cards`` are not a legal meld of ``key`` (§3.1), or ``None`` when they are."""
    cards = tuple(cards)
    if len(cards) < 3:
        return msg("A meld needs at least 3 cards.")
    if key == WILD_KEY:
        if any(c not in WILDS for c in cards):
            return msg("A wild meld holds only Jokers and 2s.")
        return None
    if any(c not in WILDS and RANK_OF[c] != key for c in cards):
        return msg("A meld of {key} holds only {key}s and wilds.", key=key)
    nat, two, jok = counts(cards)
    if two + jok >= nat:
        return msg(
            "A meld needs fewer wilds than naturals: {naturals} natural and {wilds} wild "
            "is not allowed.",
            naturals=nat,
            wilds=two + jok,
        )
    return None


def canasta_kind(key: str, cards: tuple[str, ...]) -> str | None:
    """The canasta type of a meld, recomputed from its cards (§3.1, D8); ``None`` if < 7."""
    if len(cards) < 7 or key == THREES_KEY:
        return None
    _, two, jok = counts(cards)
    if key == WILD_KEY:
        return BIG_WILD if jok > two else SMALL_WILD
    return NATURAL if two + jok == 0 else MIXED


def has_canasta(melds: Iterable[Meld]) -> bool:
    return any(canasta_kind(key, cards) for key, cards in melds)


def meld_value(cards: Iterable[str]) -> int:
    """Face value of cards on the table; melded 3Bs count 0 (D11)."""
    return sum(VALUE[c] for c in cards)


def opening_minimum(score: int) -> int:
    """The first-meld minimum from the side's score at the start of the round (§3.1, D18)."""
    if score < 0:
        return 15
    if score <= 2500:
        return 50
    if score <= 5000:
        return 90
    if score <= 7500:
        return 120
    return 150


def sort_melds(melds: Iterable[Meld]) -> tuple[Meld, ...]:
    return tuple(sorted(melds, key=lambda m: KEY_INDEX[m[0]]))
