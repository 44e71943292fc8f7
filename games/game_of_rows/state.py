"""The immutable game state and its JSON form.

Everything is small ints, strings and tuples so that ``apply`` can copy what it changes and
AI search stays cheap (engine guide). A board entry is ``(card, owner)``: ``owner`` is -1 for a
face-up card and the placing seat for a face-down one (§3.7), whose identity only the state
and the owner's view hold.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, fields
from typing import Any, NamedTuple

Entry = tuple[str, int]
Stack = tuple[Entry, ...]
#: (suit or "" in straight, nine stacks for positions 2..10)
Row = tuple[str, tuple[Stack, ...]]

TURN, CHALLENGE, OVER = 0, 1, 2


class Opts(NamedTuple):
    """The table options the rules read, with Mayhem already folded into skipping/bluffing."""

    flush: bool  # format == straight_flush
    skipping: bool
    bluffing: bool
    mayhem: bool
    max_rows: int
    all_valid: bool  # play_obligation == all_valid
    joker_high: bool  # joker_poker == high
    play_for_places: bool
    reveal_bluffs_at_end: bool
    challenge_seconds: int


class Reveal(NamedTuple):
    """The last called challenge: who bluffed, who called, and the cards turned up."""

    bluffer: int
    caller: int
    caught: bool
    #: (row number 1.., position 2..10, card, valid)
    cards: tuple[tuple[int, int, str, bool], ...]


@dataclass(frozen=True, slots=True)
class State:
    players: int
    opts: Opts
    rng: int
    deck: tuple[str, ...]  # index 0 is the top
    hands: tuple[tuple[str, ...], ...]
    rows: tuple[Row | None, ...]  # one per row slot (max_rows)
    gone: tuple[Entry, ...]  # cards of completed rows, out of the game (D4)
    completed: int
    phase: int
    turn: int
    must_place: bool
    placed: bool  # placed_number (§4.1)
    actions: int  # actions taken this turn (SKIP only as the first, D13)
    stayed: bool  # a card stayed on the board this turn (stalemate check, D20)
    facedown: tuple[tuple[int, int], ...]  # (slot, position index) of this turn's face-down cards
    pending: tuple[int, ...]  # seats still to answer the challenge
    quiet: int  # consecutive quiet turns with an empty deck (D20)
    removed: tuple[int, ...]  # in order of removal (D18)
    finished: tuple[int, ...]  # seats that emptied their hand, in order
    places: tuple[int, ...]  # final place per seat (1 = first), empty until the end
    reveal: Reveal | None


def dump_state(state: State) -> str:
    """Deterministic JSON (plain json, sorted keys)."""
    raw = {f.name: getattr(state, f.name) for f in fields(State)}
    return json.dumps(raw, sort_keys=True, separators=(",", ":"))


def _tuples(value: Any) -> Any:
    if isinstance(value, list):
        return tuple(_tuples(v) for v in value)
    return value


def load_state(text: str) -> State:
    """Inverse of :func:`dump_state`: lists become tuples again so ``load(dump(s)) == s``."""
    raw = json.loads(text)
    kwargs: dict[str, Any] = {}
    for f in fields(State):
        kwargs[f.name] = _tuples(raw[f.name])
    kwargs["opts"] = Opts(*raw["opts"])
    rev = raw["reveal"]
    kwargs["reveal"] = None if rev is None else Reveal(*_tuples(rev))
    return State(**kwargs)
