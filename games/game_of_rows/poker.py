"""The poker tie-break of §5 / D21: fewest cards first, then the best poker hand of that size.

The 5-card ranking of real cards comes from ``treys`` (a maintained, pure-Python evaluator
with no I/O: the lookup tables are built in memory). What it cannot know is handled here:
hands shorter than five cards (only the categories k cards can form), five of a kind, and
Jokers, either wild (the best substitution, D21) or ``high`` (a lone card above the Ace that
never pairs, nor fits a straight or flush).

A hand's key is ``(category, tiebreak ranks)``; higher compares better and equal keys share a
place. Categories: 9 five of a kind, 8 straight flush, 7 four of a kind, 6 full house, 5 flush,
4 straight, 3 three of a kind, 2 two pair, 1 one pair, 0 high card.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from functools import lru_cache
from itertools import combinations, combinations_with_replacement

from treys import Card, Evaluator

from games.game_of_rows.cards import JOKER, RANKS, SUITS
from games.text import messages

msg, msg_n = messages("game_of_rows")

Key = tuple[int, tuple[int, ...]]

_EVALUATOR = Evaluator()
_JOKER_HIGH = 15
_ALL = tuple(r + s for r in RANKS for s in SUITS)
_TREYS = {c: Card.new(c[0] + c[1].lower()) for c in _ALL}


def _rank(card: str) -> int:
    return RANKS.index(card[0]) + 2


def _groups(ranks: Iterable[int]) -> tuple[int, ...]:
    """Ranks ordered by group size, then rank: the usual tiebreak order."""
    counts = Counter(ranks)
    return tuple(sorted(counts, key=lambda r: (counts[r], r), reverse=True))


def _multiples_key(ranks: Sequence[int], singles: Sequence[int] = ()) -> Key:
    """Key from rank multiplicities only (no straights or flushes): short hands, and the
    real part of a hand whose high Jokers (``singles``) are lone kickers."""
    counts = sorted(Counter(ranks).values(), reverse=True) + [1] * len(singles)
    counts.sort(reverse=True)
    if counts[0] >= 4:
        cat = 7
    elif counts[0] == 3:
        cat = 6 if len(counts) > 1 and counts[1] >= 2 else 3
    elif counts[0] == 2:
        cat = 2 if len(counts) > 1 and counts[1] == 2 else 1
    else:
        cat = 0
    order = list(_groups(ranks))
    grouped = [r for r in order if Counter(ranks)[r] > 1]
    kickers = sorted([r for r in order if Counter(ranks)[r] == 1] + list(singles), reverse=True)
    return (cat, tuple(grouped + kickers))


def _five_key(cards: Sequence[str]) -> Key:
    """Key of five distinct real cards: the category from treys, the tiebreak from the ranks."""
    score = _EVALUATOR.evaluate([], [_TREYS[c] for c in cards])
    cat = 9 - max(1, _EVALUATOR.get_rank_class(score))
    ranks = [_rank(c) for c in cards]
    if cat in (4, 8):  # straights compare by their top card; the wheel is 5-high
        top = 5 if sorted(ranks) == [2, 3, 4, 5, 14] else max(ranks)
        return (cat, (top,))
    return (cat, _groups(ranks))


def _score(cards: Sequence[str]) -> int:
    """treys score (lower is better) of five distinct real cards."""
    return _EVALUATOR.evaluate([], [_TREYS[c] for c in cards])


def _joker_candidates(real: Sequence[str]) -> list[str]:
    """Cards a wild Joker may stand for next to ``real`` that can matter: every card in the
    suit of a one-suited set, and otherwise two unused suits per rank (two Jokers may share a
    rank). Duplicates of a real card never help below five of a kind, handled apart."""
    present = set(real)
    suits = {c[1] for c in real}
    out: list[str] = []
    for r in RANKS:
        spare = [s for s in SUITS if r + s not in present]
        picks = spare[:2]
        if len(suits) == 1:
            (only,) = suits
            if r + only not in present and only not in picks:
                picks.append(only)
        out.extend(r + s for s in picks)
    return out


def _best_wild_five(real: tuple[str, ...], jokers: int) -> Key:
    """Best key of ``real`` (5 - jokers distinct cards) plus wild Jokers."""
    if jokers == 0:
        return _five_key(real)
    counts = Counter(_rank(c) for c in real)
    if counts and max(counts.values()) + jokers >= 5:
        return (9, (max(r for r, n in counts.items() if n + jokers >= 5),))
    best: tuple[str, ...] | None = None
    best_score = 10**9
    for extra in combinations(_joker_candidates(real), jokers):
        hand = real + extra
        if len(set(hand)) < 5:
            continue
        score = _score(hand)
        if score < best_score:
            best_score, best = score, hand
    assert best is not None
    return _five_key(best)


@lru_cache(maxsize=4096)
def _hand_key(hand: tuple[str, ...], joker_high: bool) -> Key:
    jokers = hand.count(JOKER)
    real = tuple(c for c in hand if c != JOKER)
    k = len(hand)
    if k == 0:
        return (0, ())
    if k < 5:
        if joker_high:
            return _multiples_key([_rank(c) for c in real], [_JOKER_HIGH] * jokers)
        best: Key | None = None
        base = [_rank(c) for c in real]
        for subs in combinations_with_replacement_ranks(jokers):
            key = _multiples_key(base + list(subs))
            if best is None or key > best:
                best = key
        assert best is not None
        return best
    if joker_high:
        best_h: Key | None = None
        for five in combinations(hand, 5):
            part = [_rank(c) for c in five if c != JOKER]
            n_j = 5 - len(part)
            key = _five_key(five) if n_j == 0 else _multiples_key(part, [_JOKER_HIGH] * n_j)
            if best_h is None or key > best_h:
                best_h = key
        assert best_h is not None
        return best_h
    used = min(jokers, 5)
    best_w: Key | None = None
    for chosen in combinations(sorted(real), 5 - used):
        key = _best_wild_five(chosen, used)
        if best_w is None or key > best_w:
            best_w = key
    assert best_w is not None
    return best_w


def combinations_with_replacement_ranks(jokers: int) -> Iterable[tuple[int, ...]]:
    """Every multiset of ranks the wild Jokers of a short hand may take (suits do not matter
    below five cards)."""
    return combinations_with_replacement(range(2, 15), jokers)


def hand_key(hand: Iterable[str], joker_high: bool = False) -> Key:
    """The §5 poker key of a hand of any size (compare only hands of the same size)."""
    return _hand_key(tuple(sorted(hand)), joker_high)


#: the categories' names, as messages: the final standings show them in the table's language
CATEGORY_NAMES = (
    msg("high card"),
    msg("one pair"),
    msg("two pair"),
    msg("three of a kind"),
    msg("straight"),
    msg("flush"),
    msg("full house"),
    msg("four of a kind"),
    msg("straight flush"),
    msg("five of a kind"),
)


def describe(key: Key) -> str:
    return CATEGORY_NAMES[key[0]]
