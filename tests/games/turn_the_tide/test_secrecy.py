"""D5 and §5: a locked choice is seen by its seat only, until everyone has chosen.

Two checks at every step of random games: the card's code appears in no view or event another
seat or a spectator receives (for codes 13..60, which no tide card shares), and, stronger,
non-interference: had the seat locked a different card, every other seat's view, the public view
and every event to others would be exactly the same (this covers the codes 1..12 too).
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.core import Action, Event
from games.turn_the_tide import ENGINE
from games.turn_the_tide.state import State
from tests.games.conformance import string_leaves


def swap_choice(state: State, seat: int, card: int) -> State:
    """The same table had ``seat`` locked ``card`` (from its hand) instead."""
    hands = list(state.hands)
    hands[seat] = tuple(sorted((*(c for c in hands[seat] if c != card), state.chosen[seat])))
    chosen = list(state.chosen)
    chosen[seat] = card
    return state.evolve(hands=tuple(hands), chosen=tuple(chosen))


def others_see(state: State, seat: int) -> list[dict[str, Any]]:
    return [ENGINE.view(state, v) for v in [None, *range(state.players)] if v != seat]


def before_reveal(events: list[Event], hidden_from: int) -> list[Any]:
    """The events anyone but ``hidden_from`` (a spectator included) receives, up to the reveal."""
    out = []
    for event in events:
        if event.kind == "reveal":
            break
        if event.visible_to is None or set(event.visible_to) - {hidden_from}:
            out.append(event.to_dict())
    return out


def check_views(state: State, pick: Any) -> None:
    if not any(state.chosen):
        return
    # every view of this state once (not once per seat that chose), and its strings once
    views = {v: ENGINE.view(state, v) for v in [None, *range(state.players)]}
    strings = {v: set(string_leaves(view)) for v, view in views.items()}
    for seat in range(state.players):
        card = state.chosen[seat]
        if not card:
            continue
        shown = [view for v, view in views.items() if v != seat]
        if card >= 13:
            seen = set().union(*(found for v, found in strings.items() if v != seat))
            assert str(card) not in seen, f"seat {seat}'s choice shows"
        if state.hands[seat]:
            alt = swap_choice(state, seat, pick(state.hands[seat]))
            assert others_see(alt, seat) == shown, f"another choice of seat {seat} changes views"


def check_step(state: State, seat: int, action: Action, events: list[Event], pick: Any) -> None:
    # the actor's own new choice: nobody else learns it from the events of this step
    card = int(action.arg)
    mine = before_reveal(events, seat)
    if card >= 13:
        assert str(card) not in set(string_leaves(mine)), "the chooser's card leaked in an event"
    rest = [c for c in state.hands[seat] if c != card]
    if rest:
        _, alt_events = ENGINE.apply(state, seat, f"play:{pick(rest)}")
        assert before_reveal(alt_events, seat) == mine, "another card changes others' events"
    # everyone else's earlier locked choice: the same
    for other in range(state.players):
        locked = state.chosen[other]
        if other == seat or not locked:
            continue
        theirs = before_reveal(events, other)
        if locked >= 13:
            assert str(locked) not in set(string_leaves(theirs)), f"seat {other}'s choice leaked"
        if state.hands[other]:
            alt = swap_choice(state, other, pick(state.hands[other]))
            _, alt_events = ENGINE.apply(alt, seat, action)
            assert before_reveal(alt_events, other) == theirs


@pytest.mark.slow
@settings(max_examples=20)
@given(
    players=st.integers(min_value=3, max_value=5),
    seed=st.integers(min_value=0, max_value=2**32),
    show_history=st.booleans(),
    walk=st.integers(min_value=0, max_value=2**32),
)
def test_no_seat_sees_another_seats_unrevealed_choice(
    players: int, seed: int, show_history: bool, walk: int
) -> None:
    """The game's path comes from a seeded ``random.Random`` (``walk``) rather than a
    hypothesis draw per step: a whole game takes thousands of picks, and each draw's own
    bookkeeping cost more than the checks (the same game replays from the same two seeds)."""
    state = ENGINE.new_game(players, options={"show_history": show_history}, seed=seed)
    rng = random.Random(walk)

    def pick(cards: tuple[int, ...] | list[int]) -> int:
        return rng.choice(sorted(cards))

    reveals = 0
    while not ENGINE.is_over(state):
        check_views(state, pick)
        seat = rng.choice(ENGINE.to_act(state))
        action = rng.choice(ENGINE.legal_actions(state, seat))
        new, events = ENGINE.apply(state, seat, action)
        check_step(state, seat, action, events, pick)
        reveals += sum(e.kind == "reveal" for e in events)
        state = new
    assert reveals >= players  # at least one hand a round was revealed


def test_the_reveal_shows_every_card_at_once_and_only_when_all_are_in() -> None:
    state = ENGINE.new_game(4, seed=8)
    cards = {s: state.hands[s][-1] for s in range(4)}
    for seat in (2, 0, 3):
        state, events = ENGINE.apply(state, seat, f"play:{cards[seat]}")
        assert "reveal" not in [e.kind for e in events]
    state, events = ENGINE.apply(state, 1, f"play:{cards[1]}")
    (reveal,) = [e for e in events if e.kind == "reveal"]
    assert reveal.visible_to is None
    assert reveal.data["choices"] == [str(cards[s]) for s in range(4)]
