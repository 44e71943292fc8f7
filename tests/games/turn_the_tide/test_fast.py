"""The search path (``games/turn_the_tide/fast.py``) pinned to the public engine: over many seeded
random games both agree on the seats waited for, the legal cards at every step, the round scores
and the final result, including later rounds' reshuffled tide decks."""

from __future__ import annotations

import random

import pytest

from games.turn_the_tide import ENGINE, fast


def _codes(cards: list[int]) -> list[str]:
    return [f"play:{c}" for c in cards]


@pytest.mark.parametrize("players", [3, 4, 5])
def test_fast_path_follows_the_public_engine(players: int) -> None:
    steps = 0
    for game in range(40):
        rng = random.Random(game * 10 + players)
        state = ENGINE.new_game(players, seed=game)
        f = fast.from_state(state)
        while not ENGINE.is_over(state):
            waiting = ENGINE.to_act(state)
            assert fast.to_act(f) == waiting
            for seat in range(players):
                codes = [a.code for a in ENGINE.legal_actions(state, seat)]
                assert _codes(fast.legal(f, seat)) == codes
            seat = rng.choice(waiting)
            card = rng.choice(fast.legal(f, seat))
            state, _ = ENGINE.apply(state, seat, f"play:{card}")
            fast.step(f, seat, card)
            steps += 1
            assert f.scores == list(state.scores)
            assert f.up == list(state.up) and f.level == [state.level(s) for s in range(players)]
            if state.tide_now:
                assert (f.lo, f.hi) == state.tide_now
        assert f.over and fast.to_act(f) == [] and fast.legal(f, 0) == []
        assert f.scores == ENGINE.result(state).scores
        assert fast.winners(f) == ENGINE.result(state).winners
        assert f.last == list(state.last_points)
    assert steps > 40 * players * 3


def test_a_copy_is_independent() -> None:
    state = ENGINE.new_game(4, seed=9)
    f = fast.from_state(state)
    g = f.copy()
    for seat in fast.to_act(g):
        fast.step(g, seat, fast.legal(g, seat)[-1])
    assert g.hand_no == 1 and f.hand_no == 0
    assert fast.legal(f, 0) == list(state.hands[0])
    assert f.level == [0, 0, 0, 0] and f.chosen == [0, 0, 0, 0]


def test_a_playout_can_stop_at_the_round_end() -> None:
    rng = random.Random(3)
    f = fast.from_state(ENGINE.new_game(5, seed=2))
    ended = False
    while not ended:
        seat = fast.to_act(f)[0]
        ended = fast.step(f, seat, rng.choice(fast.legal(f, seat)), next_round=False)
    assert f.round_over and f.rnd == 0 and fast.to_act(f) == []
    assert sum(f.last) == sum(f.scores)


def test_dump_load_round_trip_and_text_unchanged() -> None:
    """The faster ``dump`` writes the text the ``asdict`` version wrote (saved games load)."""
    import json
    from dataclasses import asdict

    rng = random.Random(5)
    for players in (3, 4, 5):
        state = ENGINE.new_game(players, options={"show_history": True}, seed=players)
        while not ENGINE.is_over(state):
            text = ENGINE.dump(state)
            assert text == json.dumps(asdict(state), separators=(",", ":"))
            assert ENGINE.load(text) == state
            seat = rng.choice(ENGINE.to_act(state))
            state, _ = ENGINE.apply(state, seat, rng.choice(ENGINE.legal_actions(state, seat)))
        assert ENGINE.load(ENGINE.dump(state)) == state
