"""Build exact Boat Canasta positions for rule scenarios.

``arrange`` starts from a real deal and moves the named cards where a scenario needs them; every
card not named goes to the stock (or tops up unnamed hands), so all 108 cards stay accounted for
and the position is one the engine's invariants accept.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from games.boat_canasta import ENGINE
from games.boat_canasta.deck import DECK, RED_THREES, sort_cards
from games.boat_canasta.melds import opening_minimum, sort_melds
from games.boat_canasta.state import DRAW, NOT_ASKED, State, sides
from games.core import Action, Event


def arrange(
    players: int = 4,
    *,
    hands: Mapping[int, Sequence[str]] | None = None,
    melds: Mapping[int, Mapping[str, Sequence[str]]] | None = None,
    pile: Sequence[str] = (),
    frozen: bool = False,
    red3: Mapping[int, Sequence[str]] | None = None,
    stock_top: Sequence[str] = (),
    stock_size: int | None = None,
    g: int = 13,
    turn: int = 0,
    phase: str = DRAW,
    scores: Sequence[int] | None = None,
    options: Mapping[str, Any] | None = None,
    filler: int = 5,
) -> State:
    """A position: named cards where asked, unnamed hands get ``filler`` plain cards.

    ``stock_top`` lists the next stock cards, first drawn first. ``stock_size`` caps the stock
    (the surplus tops up seat hands that were not named, so nothing is lost).
    """
    base = ENGINE.new_game(players, options=dict(options or {}), seed=1)
    hands = dict(hands or {})
    melds = dict(melds or {})
    red3 = dict(red3 or {})
    named = Counter()
    for cards in hands.values():
        named.update(cards)
    for side_melds in melds.values():
        for cards in side_melds.values():
            named.update(cards)
    for cards in red3.values():
        named.update(cards)
    named.update(pile)
    named.update(stock_top)
    rest = Counter(DECK) - named
    assert not named - Counter(DECK), f"more copies than exist: {named - Counter(DECK)}"
    # plain fillers first (no 3s or wilds, so they never change a scenario), then the others
    plain = [c for c in DECK if rest[c] and c[0] not in "23" and c != "JK"]
    pool: list[str] = []
    left = Counter(rest)
    for c in plain + list(DECK):
        if left[c]:
            left[c] -= 1
            pool.append(c)
    all_hands = []
    for seat in range(players):
        if seat in hands:
            all_hands.append(sort_cards(list(hands[seat])))
        else:
            take = [c for c in pool if c not in RED_THREES][:filler]
            for c in take:
                pool.remove(c)
            all_hands.append(sort_cards(take))
    extra_red = [c for c in pool if c in RED_THREES]
    stock = [c for c in pool if c not in RED_THREES]
    if stock_size is not None:
        surplus, stock = stock[stock_size:], stock[:stock_size]
        free = [s for s in range(players) if s not in hands] or [turn]
        extra = list(all_hands[free[0]]) + surplus
        all_hands[free[0]] = sort_cards(extra)
    # red 3s nobody named lie at the bottom of the stock
    n_sides = sides(players)
    red = [list(red3.get(side, ())) for side in range(n_sides)]
    if stock_size is None:
        stock = stock + extra_red
    else:  # a capped stock stays free of red 3s: they are already laid out
        red[0].extend(extra_red)
    # stock lists cards first-drawn first (plain ones); stored with the top card last
    stock = list(reversed(list(stock_top) + stock))
    if scores is None:
        scores = (0,) * n_sides
    return replace(
        base,
        hands=tuple(all_hands),
        stock=tuple(stock),
        pile=tuple(pile),
        frozen=frozen,
        melds=tuple(
            sort_melds((k, sort_cards(list(v))) for k, v in melds.get(side, {}).items())
            for side in range(n_sides)
        ),
        red3=tuple(sort_cards(r) for r in red),
        turn=turn,
        g=g,
        phase=phase,
        staged=(),
        ask=NOT_ASKED,
        scores=tuple(scores),
        minimums=tuple(opening_minimum(s) for s in scores),
        dealer=(turn - 1) % players,
    )


def codes(state: State, seat: int) -> list[str]:
    return [a.code for a in ENGINE.legal_actions(state, seat)]


def play(state: State, *moves: tuple[int, str]) -> tuple[State, list[Event]]:
    """Apply ``(seat, code)`` moves in order; returns the last state and all events."""
    events: list[Event] = []
    for seat, code in moves:
        state, evs = ENGINE.apply(state, seat, code)
        events.extend(evs)
    return state, events


def card_census(state: State) -> Counter:
    """Every card wherever it is: hands, staged melds, stock, pile, melds, red 3s."""
    census: Counter = Counter()
    for hand in state.hands:
        census.update(hand)
    for _, cards in state.staged:
        census.update(cards)
    census.update(state.stock)
    census.update(state.pile)
    for side_melds in state.melds:
        for _, cards in side_melds:
            census.update(cards)
    for cards in state.red3:
        census.update(cards)
    return census


def kinds(events: Sequence[Event]) -> list[str]:
    return [e.kind for e in events]


__all__ = ["Action", "arrange", "card_census", "codes", "kinds", "play"]
