"""Compact scenario helpers for the Rowboat tests: rigged decks and crafted trick states."""

from __future__ import annotations

from typing import Any

from games import registry
from games.core import Event
from games.rowboat.deck import CARD_OF
from games.rowboat.state import TRICK_PLAY, State

ENGINE = registry.get("rowboat")

#: the rulebook's example Tide (spec §7 "Tide E"), N = 8
TIDE_E = ["3m", "7w", "Ms", "Ss", "8w", "5m", "3w", "8o"]


def rig(tide: list[str], hands: list[list[str]], dealer: int) -> list[str]:
    """The deck order that deals ``tide`` and then ``hands`` (seat order), one card at a time
    clockwise from the dealer's left (the engine's documented deal order)."""
    n = len(hands)
    deck = list(tide)
    for i in range(len(hands[0])):
        for j in range(1, n + 1):
            deck.append(hands[(dealer + j) % n][i])
    return deck


def game(
    tide: list[str],
    hands: list[list[str]],
    dealer: int,
    moon: str = "nomoon",
    **options: Any,
) -> State:
    """A game with a rigged first deal, past the Moon decision (``moon`` is the dealer's
    choice; the deal follows it)."""
    n = len(hands)
    state = ENGINE.new_game(
        n, options={"first_dealer": dealer, **options}, seed=5, deck=rig(tide, hands, dealer)
    )
    state, _ = ENGINE.apply(state, dealer, moon)
    return state


def mask(codes: list[str]) -> int:
    out = 0
    for code in codes:
        out |= 1 << CARD_OF[code]
    return out


def at_trick(
    tide: list[str],
    hands: list[list[str]],
    trick: int,
    leader: int,
    **options: Any,
) -> State:
    """A crafted state: trick ``trick`` (1-based) of a hand with this Tide, about to be led by
    ``leader``, each seat holding exactly ``hands``. Used for rule-by-rule legality checks."""
    n = len(hands)
    options = {"novice": True, **options}
    state = ENGINE.new_game(n, options={"first_dealer": 0, **options}, seed=3, deck=tide)
    if state.phase != TRICK_PLAY:
        state, _ = ENGINE.apply(state, 0, "nomoon")
    if n == 4:
        state = state._replace(passes=(-1,) * 4)
    return state._replace(
        phase=TRICK_PLAY,
        hands=tuple(mask(h) for h in hands),
        trick=trick - 1,
        leader=leader,
        plays=(),
    )


def codes(actions: list[Any]) -> set[str]:
    return {a.code for a in actions}


def plays(state: State, *moves: tuple[int, str]) -> tuple[State, list[Event]]:
    """Apply (seat, code) moves in order; returns the final state and all events."""
    events: list[Event] = []
    for seat, code in moves:
        state, new = ENGINE.apply(state, seat, code)
        events.extend(new)
    return state, events


def kinds(events: list[Event], kind: str) -> list[Event]:
    return [e for e in events if e.kind == kind]


def finish_hand(state: State) -> tuple[State, list[Event]]:
    """Play the current hand to its end with each seat's first legal action (no Lighthouse,
    no Rowboat), choosing ``nomoon`` at a Moon decision only if the hand has not started."""
    hand = state.hand_no
    events: list[Event] = []
    while state.hand_no == hand and not ENGINE.is_over(state):
        seat = ENGINE.to_act(state)[0]
        actions = [a for a in ENGINE.legal_actions(state, seat) if a.verb not in ("lighthouse",)]
        choice = next((a for a in actions if a.verb not in ("rowboat", "moon")), actions[0])
        state, new = ENGINE.apply(state, seat, choice)
        events.extend(new)
    return state, events
