"""The search path (games.rowboat.fast) pinned to the public engine over seeded random games:
the same waiting seats and legal moves at every step, the same hands and marriages, the same
scores and winners at the end."""

from __future__ import annotations

import random
from typing import Any

import pytest

from games import registry
from games.rowboat import fast
from games.search import Rng

ENGINE = registry.get("rowboat")

CASES: list[tuple[int, dict[str, Any]]] = [
    (2, {"novice": True, "target_score": 100}),
    (3, {"novice": True, "target_score": 100}),
    (4, {"novice": True, "target_score": 100}),
    (2, {"target_score": 60}),
    (3, {"target_score": 60, "knob_obligatory": True}),
    (4, {"target_score": 60, "partner_tie_wins": True}),
    (4, {"novice": True, "target_score": 60, "knob_obligatory": True}),
]


def _lockstep(players: int, options: dict[str, Any], seed: int, max_steps: int = 600) -> int:
    state = ENGINE.new_game(players, options=options, seed=seed)
    f = fast.from_state(state)
    rng = random.Random(seed)
    for steps in range(max_steps):
        assert fast.to_act(f) == ENGINE.to_act(state)
        for seat in range(players):
            codes = [a.code for a in ENGINE.legal_actions(state, seat)]
            assert [fast.code(m) for m in fast.legal(f, seat)] == codes, (seed, steps, seat)
        assert f[fast.HANDS] == list(state.hands)
        assert f[fast.MARRIED] == list(state.married)
        assert f[fast.PHASE] == state.phase
        if ENGINE.is_over(state):
            assert fast.scores_by_seat(f) == ENGINE.result(state).scores
            assert list(f[fast.WINNERS]) == ENGINE.result(state).winners
            return steps
        seat = rng.choice(ENGINE.to_act(state))
        action = rng.choice(ENGINE.legal_actions(state, seat))
        assert fast.move(action.code) in fast.legal(f, seat)
        state, _ = ENGINE.apply(state, seat, action)
        fast.step(f, seat, fast.move(action.code))
        assert fast.scores_by_seat(f) == ENGINE.result(state).scores
    return max_steps


@pytest.mark.parametrize(("players", "options"), CASES)
def test_fast_path_matches_the_public_engine(players: int, options: dict[str, Any]) -> None:
    total = sum(_lockstep(players, options, seed) for seed in range(12))
    assert total > 12 * 40  # the games really were played


def test_rigged_first_deal_is_the_same() -> None:
    deck = ["3m", "7w", "Ms", "Ss", "8w", "5m", "3w", "8o", "Wo", "Am"]
    state = ENGINE.new_game(2, options={"first_dealer": 1}, seed=9, deck=deck)
    f = fast.from_state(state)
    state, _ = ENGINE.apply(state, 1, "moon:8")
    fast.step(f, 1, fast.move("moon:8"))
    assert f[fast.TIDE] == state.tide and f[fast.HANDS] == list(state.hands)


def test_move_codes_round_trip() -> None:
    codes = ["play:3m", "rowboat", "lighthouse", "pass:Wo", "bid:0", "bid:12", "moon:4", "nomoon"]
    for text in codes:
        assert fast.code(fast.move(text)) == text


def test_random_hand_conserves_tricks() -> None:
    """The random hand playout hands out every trick or loses it to a final tie, never more."""
    for seed in range(200):
        players = 2 + seed % 3
        state = ENGINE.new_game(players, options={"novice": True}, seed=seed)
        f = fast.from_state(state)
        while f[fast.PHASE] != 3:
            seat = fast.to_act(f)[0]
            fast.step(f, seat, next(m for m in fast.legal(f, seat) if m != fast.LIGHTHOUSE))
        won = fast.random_hand(f, Rng(seed))
        assert 0 < sum(won) <= len(f[fast.TIDE])
        assert all(h.bit_count() <= 1 for h in f[fast.HANDS])


def _bytes(seed: int):  # type: ignore[no-untyped-def]
    """The byte stream random_hand draws from (SplitMix64, eight bytes a step, low first)."""
    rng = Rng(seed)
    while True:
        z = rng.next64()
        for _ in range(8):
            yield z & 0xFF
            z >>= 8


def test_random_hand_is_the_rules_step_by_step() -> None:
    """random_hand's inlined rules pick from the same legal list as fast.legal (Lighthouse
    aside): replaying its draws through fast.step ends in the same tricks and hands."""
    for seed in range(150):
        players = 2 + seed % 3
        options = {"novice": True, "knob_obligatory": seed % 4 == 0, "partner_tie_wins": True}
        state = ENGINE.new_game(players, options=options, seed=seed)
        f = fast.from_state(state)
        while f[fast.PHASE] != 3:
            seat = fast.to_act(f)[0]
            fast.step(f, seat, next(m for m in fast.legal(f, seat) if m != fast.LIGHTHOUSE))
        g = fast.copy(f)
        won = fast.random_hand(f, Rng(seed))
        draws = _bytes(seed)
        tricks = len(g[fast.TIDE])
        while True:
            seat = fast.turn(g)
            options_ = [m for m in fast.legal(g, seat) if m != fast.LIGHTHOUSE]
            move = options_[(next(draws) * len(options_)) >> 8]
            last = g[fast.TRICK] == tricks - 1 and len(g[fast.PLAYS]) == players - 1
            if last:
                plays = [*g[fast.PLAYS], move]
                idx = fast.winner_index(g, plays)
                expected = list(g[fast.WON])
                if idx >= 0:
                    expected[(g[fast.LEADER] + idx) % players] += 1 + g[fast.PENDING]
                assert won == expected, seed
                break
            fast.step(g, seat, move)


def test_random_games_on_the_search_path_end_with_a_winner() -> None:
    for seed in range(60):
        players = 2 + seed % 3
        state = ENGINE.new_game(players, options={"novice": True, "target_score": 100}, seed=seed)
        f = fast.from_state(state)
        moves = fast.random_game(f, Rng(seed))
        assert f[fast.PHASE] == 4 and f[fast.WINNERS]
        assert max(f[fast.SCORES]) >= 100 and moves > 10
        assert all(h == 0 for h in f[fast.HANDS])
