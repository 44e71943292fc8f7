"""The cheap search path (games/boat/fast.py) pinned to the public engine: over many seeded
random games, the same legal codes at every step, the same state after every move, and the same
score change when the hand is scored."""

from __future__ import annotations

import random
from typing import Any

import pytest

from games.boat import ENGINE, fast
from games.boat.state import State
from games.search import Rng

OPTION_SETS: list[dict[str, Any]] = [
    {"target_score": 150},
    {"target_score": 150, "all_pass": "redeal", "boat_free_play": True},
    {"target_score": 150, "discard_points_allowed": False},
]


def snapshot(fs: fast.Fast) -> tuple[Any, ...]:
    return (
        fs.phase,
        fs.turn,
        fs.hands,
        fs.widow if fs.phase == fast.P_BID else [],
        fs.passed,
        fs.high_bid,
        fs.declarer,
        fs.contract,
        sorted(fs.discards),
        fs.trump,
        fs.leader,
        fs.trick,
        fs.tricks_played,
        fs.points,
        fs.played,
    )


def pick(state: State, rng: random.Random) -> str:
    """A random legal code, bidding biased towards passing so hands are declared at varied bids."""
    legal = [a.code for a in ENGINE.legal_actions(state, state.turn)]
    if legal[0] == "pass" and rng.random() < 0.6:
        return "pass"
    return rng.choice(legal)


@pytest.mark.parametrize("options", OPTION_SETS)
def test_fast_path_matches_the_engine_move_by_move(options: dict[str, Any]) -> None:
    rng = random.Random(17)
    hands_scored = 0
    for game in range(12):
        state = ENGINE.new_game(4, options=options, seed=game)
        running = fast.from_state(state)
        while not ENGINE.is_over(state):
            seat = state.turn
            fs = fast.from_state(state)
            engine_codes = [a.code for a in ENGINE.legal_actions(state, seat)]
            assert [fast.move_code(m) for m in fast.legal(fs)] == engine_codes
            assert snapshot(running) == snapshot(fs)
            code = pick(state, rng)
            move = fast.parse_code(code)
            assert fast.move_code(move) == code
            before_hand = state.hand_number
            state, _events = ENGINE.apply(state, seat, code)
            fast.step(running, move)
            if ENGINE.is_over(state) or state.hand_number != before_hand:
                assert running.phase == fast.P_DONE
                if running.declarer < 0:  # four passes, redealt (D1)
                    assert running.change == (0, 0) and options.get("all_pass") == "redeal"
                else:
                    assert state.last_hand is not None
                    assert running.change == state.last_hand.change
                    assert running.scores == state.scores
                    hands_scored += 1
                running = fast.from_state(state)
    assert hands_scored >= 12


def test_random_discard_is_always_legal() -> None:
    rng = Rng(5)
    for game in range(40):
        for options in OPTION_SETS:
            state = ENGINE.new_game(4, options=options, seed=game)
            fs = fast.from_state(state)
            while fs.phase == fast.P_BID:
                fast.step(fs, fast.PASS)
            if fs.phase != fast.P_DISCARD:
                continue
            legal = set(fast.legal(fs))
            for _ in range(5):
                assert fast.random_discard(fs, rng) in legal


def test_random_playouts_end_with_all_points_shared() -> None:
    rng = Rng(9)
    for game in range(200):
        state = ENGINE.new_game(4, options={"target_score": 150}, seed=game)
        fs = fast.from_state(state)
        before = fs.copy()
        change = fast.random_playout(fs, rng)
        assert fs.phase == fast.P_DONE
        assert sum(fs.points) == 120
        team = fs.declarer % 2
        assert change[1 - team] == fs.points[1 - team]
        assert change[team] in (fs.points[team], -fs.contract)
        assert snapshot(before) == snapshot(fast.from_state(state)), "copy shared lists"
