"""Invariants over every reachable state, explored by hypothesis-driven random play.

After every action: all 108 cards are somewhere exactly once (hands, staged melds, stock, pile,
melds, red 3s); natural melds hold fewer wilds than naturals and only their rank; wild melds hold
no natural; red 3s never sit in a hand or the pile (D19); views keep hands secret.
"""

from __future__ import annotations

from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from games.boat_canasta import ENGINE
from games.boat_canasta.deck import DECK, RANK_OF, RED_THREES, WILDS
from games.boat_canasta.melds import THREES_KEY, WILD_KEY, counts
from games.boat_canasta.state import SCORED, State
from tests.games.boat_canasta.helpers import card_census
from tests.games.conformance import check_views, random_playout

FULL = Counter(DECK)


def check_invariants(state: State) -> None:
    assert card_census(state) == FULL
    for side_melds in (*state.melds, state.staged):
        for key, cards in side_melds:
            nat, two, jok = counts(cards)
            if key == WILD_KEY:
                assert nat == 0 and len(cards) >= 3
            elif key == THREES_KEY:
                assert state.phase != "draw" and sorted(RANK_OF[c] for c in cards) == ["3"] * 4
            else:
                assert len(cards) >= 3 and two + jok < nat
                assert all(c in WILDS or RANK_OF[c] == key for c in cards)
    assert not any(c in RED_THREES for h in state.hands for c in h)
    assert not any(c in RED_THREES for c in state.pile)
    if state.phase == SCORED:
        assert all(isinstance(v, int) for row in state.last_round for v in row)


@settings(max_examples=40)
@given(
    players=st.integers(2, 4),
    seed=st.integers(0, 2**32),
    choices=st.lists(st.integers(0, 10_000), min_size=50, max_size=400),
    freezes=st.booleans(),
    negative=st.booleans(),
    permission=st.booleans(),
)
def test_cards_and_melds_stay_valid(
    players: int, seed: int, choices: list[int], freezes: bool, negative: bool, permission: bool
) -> None:
    options = {
        "black_three_freezes": freezes,
        "red_threes_negative_without_canasta": negative,
        "partner_permission": permission,
        "max_round_turns": 60,
        "target_score": 1000,
    }
    state = ENGINE.new_game(players, options=options, seed=seed)
    check_invariants(state)
    for pick in choices:
        if ENGINE.is_over(state):
            break
        waiting = ENGINE.to_act(state)
        seat = waiting[pick % len(waiting)]
        actions = ENGINE.legal_actions(state, seat)
        assert actions, "a seat that is waited for has a legal action"
        state, _ = ENGINE.apply(state, seat, actions[pick % len(actions)])
        check_invariants(state)
    check_views(ENGINE, state, players)


def test_conformance_with_every_option_flipped() -> None:
    """The shared step checks (secrecy, no mutation, round trips) under non-default options."""
    options = {
        "black_three_freezes": False,
        "red_threes_negative_without_canasta": False,
        "partner_permission": False,
        "show_pile_count": False,
        "max_round_turns": 80,
        "target_score": 1500,
    }
    for players in (2, 3, 4):
        final, log = random_playout(ENGINE, players, 11, options=options, checks=True)
        assert ENGINE.is_over(final) and log


def test_default_games_finish() -> None:
    """With every default (target 10,000) random play still ends a whole game."""
    for players in (2, 4):
        final, _ = random_playout(ENGINE, players, 5, options={})
        assert ENGINE.result(final).winners
