"""The cheap search path (``fast.py``) agrees with the public engine: at every step of many
seeded random games, the same legal codes in the same order, and the same state (cards, RNG,
scores) after each move, so a search over the fast path plays the real game (issue 19)."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest

from games.boat_canasta import ENGINE, fast
from games.boat_canasta.state import OVER, SCORED

#: biased toward building moves, so random games meld, open, take the pile and close
PREFER = ("take", "open", "meld", "add", "close", "ask", "answer")


def pick(codes: list[str], rng: random.Random) -> str:
    building = [c for c in codes if c.startswith(PREFER)]
    if building and rng.random() < 0.7:
        return rng.choice(building)
    return rng.choice(codes)


def run_pinned(players: int, seed: int, options: dict[str, Any], steps: int) -> int:
    """Play ``steps`` random moves, checking the fast path at each; returns rounds ended."""
    rng = random.Random(seed)
    state = ENGINE.new_game(players, options=options, seed=seed)
    ended = 0
    for _ in range(steps):
        if ENGINE.is_over(state):
            break
        f = fast.from_state(state)
        for seat in range(players):
            public = [a.code for a in ENGINE.legal_actions(state, seat)]
            assert fast.legal(f, seat) == public, (seed, seat, state)
        seat = ENGINE.to_act(state)[0]
        code = pick(fast.legal(f, seat), rng)
        state, _ = ENGINE.apply(state, seat, code)
        if code == "deal":
            continue
        fast.step(f, seat, code)
        if state.phase in (SCORED, OVER):
            ended += 1
            assert f.phase == fast.PHASES[state.phase]
            assert f.scores == list(state.scores)
            assert f.round_totals == [row[-1] for row in state.last_round]
            assert f.closer == state.last_closer and f.winners == list(state.winners)
        else:
            assert f.snapshot() == fast.from_state(state).snapshot(), (seed, code)
    return ended


@pytest.mark.parametrize("players", [2, 3, 4])
def test_fast_path_matches_the_engine(players: int) -> None:
    ended = 0
    for seed in range(4):
        ended += run_pinned(players, seed, {"target_score": 2000}, 700)
    assert ended >= 2  # rounds were scored through the fast path too


def test_fast_path_matches_with_other_options() -> None:
    options = {"target_score": 1000, "black_three_freezes": False, "max_round_turns": 30}
    assert run_pinned(4, 9, {**options, "partner_permission": False}, 400) >= 2
    assert run_pinned(2, 8, {**options, "red_threes_negative_without_canasta": False}, 400) >= 2


def test_copy_is_independent() -> None:
    state = ENGINE.new_game(3, seed=5)
    f = fast.from_state(state)
    before = f.snapshot()
    g = f.copy()
    fast.step(g, state.turn, "draw")
    fast.step(g, state.turn, g and fast.legal(g, state.turn)[-1])
    assert f.snapshot() == before and g.snapshot() != before


def _holding(f: fast.Fast, seat: int, codes: list[str]) -> None:
    """Give ``seat`` exactly ``codes`` (counts per card and per kind kept consistent)."""
    f.hc[seat] = [0] * fast.N_CARDS
    f.hk[seat] = [0] * 14
    f.hn[seat] = 0
    for code in codes:
        fast._to_hand(f, seat, fast.INDEX[code])


def _picks(f: fast.Fast, seat: int, draws: int) -> list[str]:
    """The playout's discard for each of the first ``draws`` random numbers (0, 1, ...)."""

    def fixed(value: int) -> Callable[[int], int]:
        return lambda n: value % n

    return [fast.CODES[fast._discard_pick(f, seat, fixed(i))] for i in range(draws)]


def test_playout_discard_picks_lone_naturals_in_card_order() -> None:
    """The playout's discard: a black 3 first; else a natural held once whose rank the next
    side has not melded (unless the pile is frozen), each equally likely in card order; else
    any card. Pinned because the search's playouts, and so strong's records, rest on it."""
    f = fast.from_state(ENGINE.new_game(2, seed=1))
    _holding(f, 0, ["KS", "5D", "5H", "9C", "2C", "JK", "QH"])
    f.melds[1] = {"Q": [3, 0, 0, 30]}
    f.frozen = False
    assert _picks(f, 0, 3) == ["9C", "KS", "9C"]  # the 5s are a pair, the Q would feed them
    f.frozen = True
    assert _picks(f, 0, 3) == ["9C", "QH", "KS"]
    _holding(f, 0, ["3S", "9C"])
    assert _picks(f, 0, 1) == ["3S"]
    _holding(f, 0, ["5D", "5H", "2C"])
    assert _picks(f, 0, 3) == ["2C", "5D", "5H"]
