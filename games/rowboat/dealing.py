"""Starting a hand: the Moon decision, the shuffle, the Tide and the deal (spec §2, §3.1, §3.2).

Why a module of its own, on field lists: a random two-player game deals about five hands in
80 steps, so the deal is a large share of a playout's cost. These functions fill in a state's
fields as a list (``list(s)``) and build the new state once at the end (:func:`build`), instead
of calling ``State._replace`` several times per hand.
"""

from __future__ import annotations

from games.cards import rigged_order
from games.core import Event
from games.rowboat.deck import ALL_CARDS, BIT, CODES
from games.rowboat.events import event
from games.rowboat.state import (
    BIDDING,
    EXCHANGE,
    I_BIDS,
    I_DEALER,
    I_GONE,
    I_HAND_NO,
    I_HANDS,
    I_LAST,
    I_LEADER,
    I_MARRIED,
    I_MOON,
    I_N,
    I_OPTS,
    I_PASSES,
    I_PENDING,
    I_PHASE,
    I_PLAYS,
    I_RIG,
    I_RNG,
    I_TIDE,
    I_TRICK,
    I_UNDEALT,
    I_USED,
    I_WON,
    MOON,
    SIDE,
    TRICK_PLAY,
    USED_MOON,
    State,
    build,
)

_UNIVERSE = tuple(range(52))
_ZEROS = {n: (0,) * n for n in (2, 3, 4)}
_UNSET = {n: (-1,) * n for n in (2, 3, 4)}
_NO_PASSES = {2: (), 3: (), 4: (-1,) * 4}

# SplitMix64 constants of games.cards (inlined below: the shuffle is the deal's inner loop)
_MASK = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15


def begin_hand(s: State, events: list[Event]) -> State:
    """Start a hand: the Moon decision if the dealer's side still has its Moon (§3.1), else
    the Tide and the deal at once."""
    return begin_hand_fields(list(s), events)


def begin_hand_fields(f: list, events: list[Event]) -> State:
    """:func:`begin_hand` on a state's field list (which it may change)."""
    if not f[I_USED][SIDE[f[I_N]][f[I_DEALER]]] & USED_MOON:
        f[I_PHASE] = MOON
        return build(f)
    return deal_fields(f, 0, events)


def new_hand_fields(s: State, dealer: int, hand_no: int) -> State:
    """Reset everything that lives for one hand only."""
    f = list(s)
    reset_hand(f, dealer, hand_no)
    return build(f)


def reset_hand(f: list, dealer: int, hand_no: int) -> None:
    """:func:`new_hand_fields` in place on a field list."""
    n = f[I_N]
    zeros = _ZEROS[n]
    f[I_HAND_NO] = hand_no
    f[I_DEALER] = dealer
    f[I_MOON] = 0
    f[I_TIDE] = ()
    f[I_HANDS] = zeros
    f[I_UNDEALT] = ALL_CARDS
    f[I_PASSES] = _NO_PASSES[n]
    f[I_BIDS] = _UNSET[n]
    f[I_TRICK] = 0
    f[I_LEADER] = (dealer + 1) % n
    f[I_PLAYS] = ()
    f[I_WON] = zeros
    f[I_PENDING] = 0
    f[I_MARRIED] = zeros
    f[I_GONE] = 0


def shuffle_prefix(order: list[int], start: int, stop: int, rng: int) -> int:
    """Fisher-Yates steps for positions ``start..stop-1`` of the 52-card ``order``; returns the
    new RNG state.

    Each step draws exactly what ``games.cards.rng_below(rng, 52 - i)`` would (one SplitMix64
    step, modulo the cards not yet placed), written out inline because the call overhead
    dominated the deal; the golden replays pin the draws.
    """
    golden = _GOLDEN
    mask = _MASK
    for i in range(start, stop):
        rng = (rng + golden) & mask
        z = ((rng ^ (rng >> 30)) * 0xBF58476D1CE4E5B9) & mask
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & mask
        j = i + (z ^ (z >> 31)) % (52 - i)
        order[i], order[j] = order[j], order[i]
    return rng


def tide_size(order: list[int], moon: int, limit: int) -> int:
    """Tide cards turned (§3.2): the Moon's k, else until all four suits show or ``limit``."""
    if moon:
        return moon
    seen = 0
    size = 0
    while True:
        seen |= 1 << (order[size] // 13)
        size += 1
        if seen == 15 or size == limit:
            return size


def deal(s: State, moon: int, events: list[Event]) -> State:
    """Shuffle the 52 suited cards (D1), turn the Tide (§3.2), deal N cards each."""
    return deal_fields(list(s), moon, events)


def deal_fields(f: list, moon: int, events: list[Event]) -> State:
    """:func:`deal` on a state's field list (which it changes).

    Order off the top of the deck: the Tide first, then hands one card at a time, starting
    left of the dealer and going clockwise (§2, D29). A rigged deck (``State.rig``) replaces the
    top of the first hand's deck only. Fisher-Yates runs from the top only as deep as the hand
    uses: the undealt rest is never seen, so its order needs no random draws.
    """
    n = f[I_N]
    limit = moon or (10 if n == 4 else 12)
    if f[I_RIG]:
        order, rng = rigged_order(_UNIVERSE, f[I_RIG], f[I_RNG])
        size = tide_size(order, moon, limit)
    else:
        order = list(_UNIVERSE)
        rng = shuffle_prefix(order, 0, limit, f[I_RNG])
        size = tide_size(order, moon, limit)
        if limit < size * (n + 1):
            rng = shuffle_prefix(order, limit, size * (n + 1), rng)
    tide = tuple(order[:size])
    dealer = f[I_DEALER]
    end = size * (n + 1)
    hands = [0] * n
    dealt: list[list[int]] = [[]] * n
    bits = BIT.__getitem__
    for j in range(1, n + 1):
        seat = (dealer + j) % n
        cards = order[size + j - 1 : end : n]
        hands[seat] = sum(map(bits, cards))  # distinct bits: the sum is the union
        dealt[seat] = cards
    events.append(
        event(
            "tide",
            None,
            {
                "hand": f[I_HAND_NO],
                "dealer": dealer,
                "tide": [CODES[c] for c in tide],
                "tricks": size,
                "moon": moon,
            },
        )
    )
    for seat in range(n):
        codes = [CODES[c] for c in sorted(dealt[seat])]
        events.append(event("deal", (seat,), {"seat": seat, "hand": codes}))
    f[I_RNG] = rng
    f[I_RIG] = ()
    f[I_PHASE] = EXCHANGE if n == 4 else (TRICK_PLAY if f[I_OPTS].novice else BIDDING)
    f[I_MOON] = moon
    f[I_TIDE] = tide
    f[I_HANDS] = tuple(hands)
    f[I_UNDEALT] = ALL_CARDS ^ sum(map(bits, tide)) ^ sum(hands)  # disjoint masks
    f[I_LEADER] = (dealer + 1) % n
    f[I_LAST] = ()
    return build(f)
