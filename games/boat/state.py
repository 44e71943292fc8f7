"""The Boat game state: one immutable tuple of small ints and tuples.

A ``NamedTuple`` because ``apply`` builds a new state per move with ``_replace`` (cheap) and
equality, hashing and ``dump``/``load`` come for free and exactly (``load(dump(s)) == s``).
Every physical card is in exactly one place at any moment: a hand, the widow, the discards,
the current trick or a team's won pile (the conservation property the tests check).
"""

from __future__ import annotations

import json
from typing import NamedTuple

#: phases of spec §3 (DEAL and HAND_SCORING happen inside a step; OVER ends the game)
BIDDING = "bidding"
DISCARD = "discard"
TRUMP = "trump"
PLAY = "play"
OVER = "over"


class Rules(NamedTuple):
    """The table options the hot path needs, as plain values (spec §2)."""

    target_score: int
    redeal_on_all_pass: bool
    boat_free_play: bool
    discard_points_allowed: bool
    show_running_points: bool
    show_last_trick: bool


class HandSummary(NamedTuple):
    """The scoring of a finished hand (spec §3.5), kept for the table after the next deal."""

    declarer: int
    bid: int
    made: bool
    card_points: tuple[int, int]
    change: tuple[int, int]
    discard_points: int
    last_trick_team: int


class State(NamedTuple):
    rules: Rules
    rng: int
    hand_number: int
    dealer: int
    phase: str
    #: the seat whose turn it is; -1 when nobody (game over)
    turn: int
    hands: tuple[tuple[int, ...], ...]
    #: the 5 face-down bonus cards; emptied when the declarer takes them
    widow: tuple[int, ...]
    #: this hand's bidding, in order: (seat, amount), amount 0 for a pass
    bids: tuple[tuple[int, int], ...]
    passed: tuple[int, ...]
    high_bid: int
    high_bidder: int
    declarer: int
    #: the bid the declarer must make (the stuck fourth player's is 65, D1)
    contract: int
    #: whether the declarer was stuck with 65 after three passes (D1)
    stuck: bool
    discards: tuple[int, ...]
    trump: int
    leader: int
    #: cards of the trick in progress, in play order from ``leader``
    trick: tuple[int, ...]
    tricks_played: int
    #: card piles won by team 0 (seats 0+2) and team 1 (seats 1+3) this hand
    won: tuple[tuple[int, ...], tuple[int, ...]]
    tricks_won: tuple[int, int]
    last_trick: tuple[int, ...]
    last_leader: int
    last_winner: int
    scores: tuple[int, int]
    last_hand: HandSummary | None
    #: winning team once the game is over, else -1
    winner: int
    #: the widow's cards as the declarer took them (the declarer's knowledge: its view marks
    #: them in the hand); () until the widow is taken and again after the next deal
    taken: tuple[int, ...] = ()


#: fields stored as flat tuples of ints, and as tuples of such tuples (``load`` rebuilds them
#: field by field: a generic recursive walk cost more than the 50 us an AI search can spend)
_FLAT = tuple(
    State._fields.index(f)
    for f in (
        "widow",
        "passed",
        "discards",
        "trick",
        "tricks_won",
        "last_trick",
        "scores",
        "taken",
    )
)
_NESTED = tuple(State._fields.index(f) for f in ("hands", "bids", "won"))
_RULES = State._fields.index("rules")
_SUMMARY = State._fields.index("last_hand")


def dump(state: State) -> str:
    """Deterministic JSON (field order is fixed by the NamedTuple)."""
    return json.dumps(state, separators=(",", ":"))


def load(text: str) -> State:
    raw = json.loads(text)
    if isinstance(raw, list) and len(raw) == len(State._fields) - 1:
        raw.append([])  # stored before ``taken`` existed: nothing is marked in that hand
    if not isinstance(raw, list) or len(raw) != len(State._fields):
        raise ValueError("not a Boat state")
    for i in _FLAT:
        raw[i] = tuple(raw[i])
    for i in _NESTED:
        raw[i] = tuple(map(tuple, raw[i]))
    raw[_RULES] = Rules(*raw[_RULES])
    summary = raw[_SUMMARY]
    if summary is not None:
        declarer, bid, made, card_points, change, discard_points, last_team = summary
        raw[_SUMMARY] = HandSummary(
            declarer, bid, made, tuple(card_points), tuple(change), discard_points, last_team
        )
    return State(*raw)
