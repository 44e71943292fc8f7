"""Round scoring and the end of the game (spec §4, D6, D9, D11, D14)."""

from __future__ import annotations

from collections.abc import Sequence

from games.boat_canasta.deck import PENALTY
from games.boat_canasta.melds import BONUS, Meld, canasta_kind, meld_value

CLOSE_BONUS = 200
BLACK_THREES_BONUS = 1000


def red_three_bonus(count: int) -> int:
    """100 per red 3, or 800 for all four (§1.2)."""
    return 800 if count == 4 else 100 * count


def side_score(
    melds: Sequence[Meld],
    red_threes: int,
    hand_cards: Sequence[str],
    closing: int,
    red_threes_negative: bool = True,
) -> tuple[int, int, int, int, int, int]:
    """One side's round: (table, canasta bonus, red 3s, hand penalty, closing, total).

    With a canasta everything on the table counts for the side (D9: bonus plus face values);
    without one the table cards count against it, and so do its red 3s unless the option
    ``red_threes_negative_without_canasta`` is off (D6).
    """
    table = sum(meld_value(cards) for _, cards in melds)
    kinds = [canasta_kind(key, cards) for key, cards in melds]
    bonus = sum(BONUS[k] for k in kinds if k)
    red = red_three_bonus(red_threes)
    hand = sum(PENALTY[c] for c in hand_cards)
    if any(kinds):
        total = table + bonus + red + closing - hand
        return table, bonus, red, hand, closing, total
    red_signed = -red if red_threes_negative else red
    return -table, 0, red_signed, hand, 0, -table + red_signed - hand


def game_winners(scores: Sequence[int], target: int) -> list[int]:
    """Winning sides once a side reached ``target``; [] while play goes on.

    Equal highest totals play another round (D14), so a finished game has one winning side.
    """
    if max(scores) < target:
        return []
    best = max(scores)
    leaders = [side for side, score in enumerate(scores) if score == best]
    return leaders if len(leaders) == 1 else []
