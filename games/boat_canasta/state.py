"""The immutable game state and its JSON form.

Plain ints, strings, bools and tuples only, so ``apply`` stays fast for AI search and
``load(dump(s)) == s`` holds by construction. Hands and melds are kept sorted; the stock and the
Treasure pile are ordered with their top card LAST.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, fields
from typing import Any

from games.boat_canasta.melds import Meld

DRAW, PLAY, SCORED, OVER = "draw", "play", "scored", "over"
#: ``State.ask``: the "may I close?" exchange of the current turn (§3.5, D13)
NOT_ASKED, WAITING, YES, NO = 0, 1, 2, 3


@dataclass(frozen=True, slots=True)
class State:
    players: int
    # table options (spec §2), resolved at new_game
    target: int
    black_three_freezes: bool
    red_threes_negative: bool
    permission: bool  # partner_permission, effective only in 4p
    max_turns: int
    show_pile_count: bool
    rng: int
    round_no: int
    dealer: int
    scores: tuple[int, ...]  # per side, cumulative
    minimums: tuple[int, ...]  # per side, fixed at the start of the round (D18)
    hands: tuple[tuple[str, ...], ...]  # per seat, sorted
    stock: tuple[str, ...]  # top card last
    pile: tuple[str, ...]  # the Treasure pile, top card last
    frozen: bool  # the pile is blocked until taken or reshuffled (D5)
    melds: tuple[tuple[Meld, ...], ...]  # per side, sorted by key
    red3: tuple[tuple[str, ...], ...]  # per side
    turn: int  # the seat whose turn it is
    g: int  # the round's turn counter (§3)
    phase: str  # DRAW, PLAY, SCORED (waiting for the next deal) or OVER
    staged: tuple[Meld, ...]  # the current player's opening melds, not yet put down
    ask: int  # NOT_ASKED, WAITING, YES or NO
    last_round: tuple[tuple[int, ...], ...]  # per side: table, bonus, red3, hand, closing, total
    last_closer: int  # seat that closed the last round, -1 for none
    last_end: str  # how the last round ended: "", closed, black_threes, exhausted, turn_cap
    winners: tuple[int, ...]


FIELDS = tuple(f.name for f in fields(State))


def sides(players: int) -> int:
    """2 and 3 players play alone; 4 players form two partnerships (spec §2)."""
    return 2 if players == 4 else players


def side_of(players: int, seat: int) -> int:
    return seat % sides(players)


def side_seats(players: int, side: int) -> tuple[int, ...]:
    return (side, side + 2) if players == 4 else (side,)


def dump(state: State) -> str:
    """The fields in declaration order as one JSON array (json writes tuples as arrays, so no
    ``asdict``/``astuple`` deep copy is needed: issue 19 asks for dump/load <= 50 us)."""
    return _ENCODE([getattr(state, name) for name in FIELDS])


_ENCODE = json.JSONEncoder(separators=(",", ":")).encode
_DECODE = json.JSONDecoder().decode


def _melds(side: list[Any]) -> tuple[Meld, ...]:
    return tuple((key, tuple(cards)) for key, cards in side)


def load(text: str) -> State:
    values = _DECODE(text)
    if not isinstance(values, list) or len(values) != len(FIELDS):
        raise ValueError("Not a Boat Canasta state.")
    fast = dict(zip(FIELDS, values, strict=True))
    # the big fields have a known shape: convert them directly instead of recursing
    fast["hands"] = tuple(map(tuple, fast["hands"]))
    fast["stock"] = tuple(fast["stock"])
    fast["pile"] = tuple(fast["pile"])
    fast["melds"] = tuple(_melds(side) for side in fast["melds"])
    fast["red3"] = tuple(map(tuple, fast["red3"]))
    fast["staged"] = _melds(fast["staged"])
    fast["scores"] = tuple(fast["scores"])
    fast["minimums"] = tuple(fast["minimums"])
    fast["last_round"] = tuple(map(tuple, fast["last_round"]))
    fast["winners"] = tuple(fast["winners"])
    return State(**fast)
