"""Rigged Turn the Tide tables for the scenario tests (decks from the top, CONTRACT §1)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from games.core import Event
from games.turn_the_tide import ENGINE
from games.turn_the_tide.state import State


def fill_sets(wanted: Sequence[Sequence[int]]) -> list[list[int]]:
    """Complete each seat's required weather cards to 12 with the lowest unused cards."""
    used = {c for cards in wanted for c in cards}
    spare = iter(c for c in range(1, 61) if c not in used)
    return [list(cards) + [next(spare) for _ in range(12 - len(cards))] for cards in wanted]


def weather_deck(sets: Sequence[Sequence[int]]) -> list[str]:
    """The deck order that deals ``sets[i]`` to seat i (one card at a time clockwise from 0)."""
    return [str(sets[seat][k]) for k in range(12) for seat in range(len(sets))]


def rigged(
    wanted: Sequence[Sequence[int]],
    tide: Sequence[int] = (),
    options: dict[str, Any] | None = None,
    **changes: Any,
) -> State:
    """A new game whose seats hold ``wanted`` (filled up to 12) and whose round-0 tide deck
    starts with ``tide``; ``changes`` then rig the state itself (preservers, stacks...)."""
    sets = fill_sets(wanted)
    deck = {"weather": weather_deck(sets), "tide": [str(t) for t in tide]}
    state = ENGINE.new_game(len(sets), options=options, seed=5, deck=deck)
    return state.evolve(**changes) if changes else state


def play_hand(state: State, cards: dict[int, int]) -> tuple[State, list[Event]]:
    """Every listed seat plays its card (seat order); returns the state and all events."""
    events: list[Event] = []
    for seat, card in cards.items():
        state, new = ENGINE.apply(state, seat, f"play:{card}")
        events.extend(new)
    return state, events


def kinds(events: list[Event], kind: str) -> list[dict[str, Any]]:
    return [dict(e.data) for e in events if e.kind == kind]


def levels(state: State) -> list[int]:
    return [state.level(s) for s in range(state.players)]
