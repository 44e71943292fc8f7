"""Rigged decks and hand-built positions for the Boat tests.

Positions are built from a real ``new_game`` state with ``_replace`` and then checked for card
conservation, so a test cannot quietly start from a state the engine could never hold.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

from games.boat import ENGINE
from games.boat.cards import CODES, IDS, SUITS
from games.boat.state import PLAY, State


def ids(cards: Sequence[str]) -> tuple[int, ...]:
    return tuple(sorted(IDS[c] for c in cards))


def deck_for(dealer: int, hands: Sequence[Sequence[str]], widow: Sequence[str] = ()) -> list[str]:
    """The ``deck`` argument that deals ``hands`` (by seat) and ``widow``; cards not named fill
    the hands and widow in deck order. Follows the engine's deal order: one card at a time
    clockwise from the dealer's left, then 5 to the widow."""
    named = [c for h in hands for c in h] + list(widow)
    assert len(named) == len(set(named)), "a card is named twice"
    spare = [c for c in CODES if c not in named]
    full = []
    for hand in hands:
        extra = 9 - len(hand)
        full.append(list(hand) + spare[:extra])
        spare = spare[extra:]
    widow_full = list(widow) + spare[: 5 - len(widow)]
    order: list[str] = []
    for i in range(36):
        seat = (dealer + 1 + i) % 4
        order.append(full[seat][i // 4])
    return order + widow_full


def new(
    dealer: int = 3,
    hands: Sequence[Sequence[str]] = ((), (), (), ()),
    widow: Sequence[str] = (),
    **options: Any,
) -> State:
    return ENGINE.new_game(
        4, options={"first_dealer": dealer, **options}, seed=0, deck=deck_for(dealer, hands, widow)
    )


def run(state: State, *moves: tuple[int, str]) -> tuple[State, list]:
    """Apply ``(seat, code)`` moves; returns the final state and all events."""
    events: list = []
    for seat, code in moves:
        state, evs = ENGINE.apply(state, seat, code)
        events += evs
    return state, events


def all_cards(state: State) -> Counter[int]:
    """Every card the state holds, wherever it lies."""
    where = [*state.hands, state.widow, state.discards, state.trick, *state.won]
    return Counter(c for place in where for c in place)


def assert_conserved(state: State) -> None:
    counts = all_cards(state)
    assert sorted(counts.elements()) == list(range(41)), "the 41 cards are not all in place"


def position(
    *,
    hands: Sequence[Sequence[str]],
    trump: str,
    declarer: int = 0,
    bid: int = 80,
    discards: Sequence[str] = (),
    won: tuple[Sequence[str], Sequence[str]] = ((), ()),
    trick: Sequence[str] = (),
    leader: int | None = None,
    dealer: int = 3,
    scores: tuple[int, int] = (0, 0),
    tricks_won: tuple[int, int] | None = None,
    **options: Any,
) -> State:
    """A trick-play position: hands by seat, the trick so far from ``leader``, won piles by team.
    Every card must be placed somewhere (checked)."""
    base = ENGINE.new_game(4, options={"first_dealer": dealer, **options}, seed=0)
    played = 9 - max(len(h) for h in hands)
    if leader is None:
        leader = declarer
    turn = (leader + len(trick)) % 4
    state = base._replace(
        phase=PLAY,
        turn=turn,
        hands=tuple(ids(h) for h in hands),
        widow=(),
        bids=((declarer, bid),),
        high_bid=bid,
        high_bidder=declarer,
        declarer=declarer,
        contract=bid,
        discards=ids(discards),
        trump=SUITS.index(trump),
        leader=leader,
        trick=tuple(IDS[c] for c in trick),
        tricks_played=played,
        won=(ids(won[0]), ids(won[1])),
        tricks_won=tricks_won if tricks_won is not None else (played // 2, played - played // 2),
        scores=scores,
    )
    assert_conserved(state)
    return state


def rest(*taken: Sequence[str]) -> list[str]:
    """Every card code not in ``taken``, in deck order."""
    used = {c for group in taken for c in group}
    return [c for c in CODES if c not in used]


def follow_position(hand: Sequence[str], led: str, trump: str, **options: Any) -> State:
    """N (seat 0) has led ``led``; E (seat 1) holds ``hand`` and is to play. Other cards fill
    the remaining hands, five discards and NS's won pile."""
    size = len(hand)
    spare = rest(hand, [led])
    north, spare = spare[: size - 1], spare[size - 1 :]
    south, spare = spare[:size], spare[size:]
    west, spare = spare[:size], spare[size:]
    return position(
        hands=[north, hand, south, west],
        trick=[led],
        leader=0,
        trump=trump,
        discards=spare[:5],
        won=(spare[5:], ()),
        **options,
    )


def last_trick(
    cards: Sequence[str],
    trump: str,
    *,
    leader: int = 0,
    discards: Sequence[str] | None = None,
    pile_ew: Sequence[str] = (),
    **kwargs: Any,
) -> State:
    """Trick 9 is about to be played: seat ``(leader + i) % 4`` holds ``cards[i]``. The
    ``discards`` (default: five spare cards) lie aside, ``pile_ew`` is what EW won so far and
    every other card is in NS's pile."""
    hands: list[list[str]] = [[], [], [], []]
    for i, card in enumerate(cards):
        hands[(leader + i) % 4] = [card]
    spare = rest(cards, pile_ew, discards or ())
    if discards is None:
        discards, spare = spare[:5], spare[5:]
    pile_ns = [c for c in spare if c not in discards]
    return position(
        hands=hands,
        trump=trump,
        leader=leader,
        discards=discards,
        won=(pile_ns, pile_ew),
        tricks_won=(8 - len(pile_ew) // 4, len(pile_ew) // 4),
        **kwargs,
    )


def play_trick(state: State, cards_from_leader: Sequence[str]) -> tuple[State, list]:
    leader = state.turn
    moves = [((leader + i) % 4, f"play:{c}") for i, c in enumerate(cards_from_leader)]
    return run(state, *moves)


def event(events: list, kind: str) -> dict[str, Any]:
    found = [e for e in events if e.kind == kind]
    assert len(found) == 1, f"expected one {kind!r} event, got {len(found)}"
    return dict(found[0].data)
