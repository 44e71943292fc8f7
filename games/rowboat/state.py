"""The Rowboat game state: one immutable tuple of ints and tuples, dumped as plain JSON.

Why a NamedTuple of ints: AI search and the session manager create and reload states by the
thousand (STYLE.md), so the hot state holds no objects per card: hands are 52-bit masks, the
current trick is a tuple of card ints (``ROWBOAT`` = 52 for the specialty card), and everything
derived from the Tide lives in the cached tables of :mod:`games.rowboat.deck`.
"""

from __future__ import annotations

import json
from typing import Final, NamedTuple

MOON, EXCHANGE, BIDDING, TRICK_PLAY, OVER = range(5)
PHASE_NAMES = ("moon", "exchange", "bidding", "trick_play", "over")

# bits of a side's used specialty cards
USED_ROWBOAT, USED_LIGHTHOUSE, USED_MOON = 1, 2, 4


#: side of each seat: individuals in 2p/3p, partners opposite in 4p (§1.4)
SIDE: dict[int, tuple[int, ...]] = {2: (0, 1), 3: (0, 1, 2), 4: (0, 1, 0, 1)}
NSIDES: dict[int, int] = {2: 2, 3: 3, 4: 2}
SEATS_OF: dict[int, tuple[tuple[int, ...], ...]] = {
    2: ((0,), (1,)),
    3: ((0,), (1,), (2,)),
    4: ((0, 2), (1, 3)),
}


def cap(n: int) -> int:
    """Largest Tide: 12, or 10 with four players (card budget, §1.4 and D3)."""
    return 10 if n == 4 else 12


class Opts(NamedTuple):
    """The table options as plain ints (spec §2 table options)."""

    novice: int
    target: int
    lighthouse_seconds: int
    knob_obligatory: int
    partner_tie_wins: int
    show_last_trick: int


KNOB_OBLIGATORY = Opts._fields.index("knob_obligatory")


class State(NamedTuple):
    """Everything about a game. Cards conserved: hands + tide + gone + passes + undealt = 52."""

    n: int  # players
    opts: Opts
    rng: int  # SplitMix64 state (games.cards)
    rig: tuple[int, ...]  # rigged top of the deck, used by the next deal only (the first)
    phase: int
    hand_no: int  # 1-based
    dealer: int
    used: tuple[int, ...]  # per side: USED_* bits
    scores: tuple[int, ...]  # per side
    bags: tuple[int, ...]  # per side
    moon: int  # k of this hand's Moon, 0 when none
    tide: tuple[int, ...]
    hands: tuple[int, ...]  # per seat: mask
    undealt: int  # mask of the cards not used this hand
    passes: tuple[int, ...]  # 4p exchange: per seat the locked card, -1 while choosing
    bids: tuple[int, ...]  # per seat, -1 = not yet (or novice)
    trick: int  # 0-based index of the current trick
    leader: int
    plays: tuple[int, ...]  # cards of the current trick in order of play, from the leader
    won: tuple[int, ...]  # per seat: tricks won this hand (pot included)
    pending: int  # tricks in the carry-over pot
    married: tuple[int, ...]  # per seat: mask of married cards (spec §3.5.1, D8)
    gone: int  # mask of cards played this hand (completed tricks and the current one)
    last: tuple[int, ...]  # last completed trick: (index, leader, winner or -1, *plays) or ()
    last_hand: tuple[tuple[int, ...], ...]  # previous hand per side: (bid, won, d_score, d_bags)
    winners: tuple[int, ...]  # seats, once over


# field positions, for the hot path that edits a state as a list (``list(s)`` ... ``build``);
# Final literals, so a type checker knows the type of ``s[I_TIDE]``
I_N: Final = 0
I_OPTS: Final = 1
I_RNG: Final = 2
I_RIG: Final = 3
I_PHASE: Final = 4
I_HAND_NO: Final = 5
I_DEALER: Final = 6
I_USED: Final = 7
I_SCORES: Final = 8
I_BAGS: Final = 9
I_MOON: Final = 10
I_TIDE: Final = 11
I_HANDS: Final = 12
I_UNDEALT: Final = 13
I_PASSES: Final = 14
I_BIDS: Final = 15
I_TRICK: Final = 16
I_LEADER: Final = 17
I_PLAYS: Final = 18
I_WON: Final = 19
I_PENDING: Final = 20
I_MARRIED: Final = 21
I_GONE: Final = 22
I_LAST: Final = 23
I_LAST_HAND: Final = 24
I_WINNERS: Final = 25
assert len(State._fields) == 26 and State._fields[I_WINNERS] == "winners"

_tuple_new = tuple.__new__


def build(fields: list) -> State:
    """The State of a complete field list, skipping ``State.__new__``'s keyword handling:
    ``list(s)``, a few assignments, then this, is the cheapest way to derive a state."""
    return _tuple_new(State, fields)


_TUPLE_FIELDS = (
    "rig",
    "used",
    "scores",
    "bags",
    "tide",
    "hands",
    "passes",
    "bids",
    "plays",
    "won",
    "married",
    "last",
    "winners",
)
_INDEX = {name: i for i, name in enumerate(State._fields)}
_TUPLE_IDX = tuple(_INDEX[name] for name in _TUPLE_FIELDS)
_OPTS_IDX = _INDEX["opts"]
_LAST_HAND_IDX = _INDEX["last_hand"]
_TAG = "rowboat/1"


def dump(state: State) -> str:
    """Deterministic JSON: a tagged list of the fields in order (tuples become lists)."""
    return json.dumps([_TAG, *state], separators=(",", ":"))


def load(text: str) -> State:
    """Inverse of :func:`dump`; raises ``ValueError`` on text that is not a Rowboat state."""
    raw = json.loads(text)
    if not isinstance(raw, list) or not raw or raw[0] != _TAG or len(raw) != len(State._fields) + 1:
        raise ValueError("not a Rowboat state")
    fields = raw[1:]
    for i in _TUPLE_IDX:
        fields[i] = tuple(fields[i])
    fields[_OPTS_IDX] = Opts(*fields[_OPTS_IDX])
    fields[_LAST_HAND_IDX] = tuple(tuple(x) for x in fields[_LAST_HAND_IDX])
    return State(*fields)
