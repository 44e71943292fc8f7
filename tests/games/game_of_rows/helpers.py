"""Compact scenario building for Game of Rows tests: boards written as in spec §8.

A row is nine tokens for positions 2..10: ``·`` empty, a card code (``7H``, ``JK``), a stack
bottom-to-top joined by ``/`` (``JC/QH`` = blocked by J♣, then opened by Q♥), and ``?<card>@<seat>``
for a face-down card. ``[B:JC]`` and ``[U:QD]`` are accepted as in the spec.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import replace
from typing import Any

from games.game_of_rows import ENGINE
from games.game_of_rows.cards import DECK
from games.game_of_rows.rules import begin
from games.game_of_rows.state import Row, State


def parse_row(text: str, suit: str = "") -> Row:
    tokens = text.split()
    assert len(tokens) == 9, f"a row has 9 positions: {text!r}"
    stacks = []
    for token in tokens:
        if token in ("·", "."):
            stacks.append(())
            continue
        layers = []
        for layer in token.strip("[]").replace("B:", "").replace("U:", "").split("/"):
            if layer.startswith("?"):
                card, _, owner = layer[1:].partition("@")
                layers.append((card, int(owner)))
            else:
                layers.append((layer, -1))
        stacks.append(tuple(layers))
    return (suit, tuple(stacks))


def board_cards(rows: tuple[Row | None, ...]) -> list[str]:
    return [c for r in rows if r is not None for s in r[1] for c, _ in s]


def scenario(
    players: int = 2,
    rows: list[Any] | None = None,
    hands: list[list[str]] | None = None,
    deck: list[str] | int | None = None,
    turn: int = 0,
    options: dict[str, Any] | None = None,
    completed: int = 0,
) -> State:
    """A state with this board, these hands and this deck (a list, top first, or a size: taken
    from the unused cards in a fixed order); every other card is out of the game (``gone``), so
    all 54 cards stay accounted for. ``rows`` items are row text, ``(text, suit)`` or None."""
    opts = dict(options or {})
    opts.setdefault("first_player", turn)
    base = ENGINE.new_game(players, options=opts, seed=1)
    slots: list[Row | None] = [None] * base.opts.max_rows
    for i, spec in enumerate(rows or []):
        if spec is None:
            continue
        text, suit = (spec, "") if isinstance(spec, str) else spec
        slots[i] = parse_row(text, suit)
    hands = [list(h) for h in (hands or [[] for _ in range(players)])]
    while len(hands) < players:
        hands.append([])
    used = Counter(board_cards(tuple(slots))) + Counter(c for h in hands for c in h)
    free = Counter(DECK) - used
    assert not (used - Counter(DECK)), f"cards named too often: {used - Counter(DECK)}"
    if isinstance(deck, list):
        assert not (Counter(deck) - free), "deck names a card already used"
        free -= Counter(deck)
        deck_cards = list(deck)
    else:
        pool = []
        for c in DECK:
            if free[c] > 0:
                pool.append(c)
                free[c] -= 1
        free = Counter()
        size = 0 if deck is None else deck
        deck_cards, rest = pool[:size], pool[size:]
        free.update(rest)
    gone = tuple((c, -1) for c in sorted(free.elements()))
    state = replace(
        base,
        rows=tuple(slots),
        hands=tuple(tuple(h) for h in hands),
        deck=tuple(deck_cards),
        gone=gone,
        turn=turn,
        completed=completed,
    )
    state, _ = begin(state)
    return state


def codes(state: State, seat: int | None = None) -> set[str]:
    return {a.code for a in ENGINE.legal_actions(state, state.turn if seat is None else seat)}


def play(state: State, *moves: str, seat: int | None = None) -> tuple[State, list[Any]]:
    """Apply moves for the seat to act (or ``seat``); returns the state and all events."""
    events: list[Any] = []
    for code in moves:
        who = (state.turn if state.phase == 0 else state.pending[0]) if seat is None else seat
        state, evs = ENGINE.apply(state, who, code)
        events.extend(evs)
    return state, events


def all_cards(state: State) -> Counter[str]:
    cards = Counter(state.deck)
    for h in state.hands:
        cards.update(h)
    cards.update(board_cards(state.rows))
    cards.update(c for c, _ in state.gone)
    return cards


def row_text(state: State, slot: int) -> str:
    row = state.rows[slot]
    if row is None:
        return "-"
    out = []
    for stack in row[1]:
        out.append("/".join(("?" + c + f"@{o}") if o >= 0 else c for c, o in stack) or "·")
    return " ".join(out)
