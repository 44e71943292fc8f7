"""Properties over random play: every card in exactly one place in every state, 120 card
points accounted for in every hand (recomputed from the public events), and the shared
contract checks over many hands (the conformance suite's own playouts end in one hand)."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from games.boat import ENGINE
from games.boat.cards import IDS, POINTS
from tests.games.boat.helpers import assert_conserved
from tests.games.conformance import check_events, check_step, check_views, choose

OPTION_SETS = st.fixed_dictionaries(
    {
        "all_pass": st.sampled_from(["stick_last", "redeal"]),
        "boat_free_play": st.booleans(),
        "discard_points_allowed": st.booleans(),
        "show_running_points": st.booleans(),
        "show_last_trick": st.booleans(),
    }
)


def points_of(cards: list[str]) -> int:
    return sum(POINTS[IDS[c]] for c in cards)


@settings(max_examples=30)
@given(seed=st.integers(0, 2**32), chooser=st.randoms(use_true_random=False), options=OPTION_SETS)
def test_cards_and_points_are_conserved(
    seed: int, chooser: random.Random, options: dict[str, object]
) -> None:
    state = ENGINE.new_game(4, options={**options, "target_score": 10_000}, seed=seed)
    hands_scored = 0
    by_team = [0, 0]
    tricks = 0
    while hands_scored < 2:
        assert_conserved(state)
        (seat,) = ENGINE.to_act(state)
        action = chooser.choice(ENGINE.legal_actions(state, seat))
        scores_before = state.scores
        declarer, bid = state.declarer, state.contract
        state, events = ENGINE.apply(state, seat, action)
        for ev in events:
            if ev.kind == "trick":
                by_team[ev.data["winner"] % 2] += points_of(ev.data["cards"])
                tricks += 1
            elif ev.kind == "hand_scored":
                data = ev.data
                assert tricks == 9
                by_team[data["last_trick_team"]] += points_of(data["discards"])
                assert sum(by_team) == 120
                assert data["card_points"] == by_team
                team = declarer % 2
                made = by_team[team] >= bid
                assert data["made"] is made
                expected = list(by_team)
                if not made:
                    expected[team] = -bid
                assert data["score_change"] == expected
                assert list(state.scores) == [
                    s + c for s, c in zip(scores_before, expected, strict=True)
                ]
                hands_scored += 1
                by_team, tricks = [0, 0], 0
    assert_conserved(state)


@settings(max_examples=15)
@given(seed=st.integers(0, 2**32), chooser=st.randoms(use_true_random=False))
def test_dump_and_load_round_trip_mid_hand(seed: int, chooser: random.Random) -> None:
    state = ENGINE.new_game(4, seed=seed)
    for _ in range(chooser.randrange(0, 60)):
        (seat,) = ENGINE.to_act(state)
        state, _ = ENGINE.apply(state, seat, chooser.choice(ENGINE.legal_actions(state, seat)))
    text = ENGINE.dump(state)
    assert ENGINE.load(text) == state and ENGINE.dump(ENGINE.load(text)) == text


def test_the_contract_holds_over_many_hands() -> None:
    """The conformance suite's step checks (no mutation, illegal actions refused without
    change, round trips, secrecy of views and events) across five hands and every deal."""
    for seed, options in (
        (11, {}),
        (12, {"all_pass": "redeal", "boat_free_play": True}),
        (13, {"discard_points_allowed": False, "show_running_points": True}),
    ):
        rng = random.Random(seed)
        state = ENGINE.new_game(4, options={**options, "target_score": 10_000}, seed=seed)
        seen: set[str] = set()
        while state.hand_number <= 5:
            seat, action = choose(ENGINE, state, 4, rng)
            check_step(ENGINE, state, 4, seat, action, seen, rng)
            state, events = ENGINE.apply(state, seat, action)
            check_events(ENGINE, state, 4, events)
            check_views(ENGINE, state, 4)
