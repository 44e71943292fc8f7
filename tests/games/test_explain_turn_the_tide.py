"""Turn the Tide's ``explain`` hook (issue 15). A seat still to choose may play any card in its
hand, so it reads nothing; the engine withholds cards only from a seat whose choice is locked
(D5) or that was eliminated this round (D2), and those read the refusal's reason. The lines
never tell another seat's choice or hand (checked by changing them)."""

from __future__ import annotations

import random

from games import registry
from games.core import Explainer
from games.turn_the_tide import ENGINE
from tests.games.turn_the_tide.helpers import play_hand, rigged

A, B, C, D = range(4)
CHOSEN = "You have chosen for this hand, and a choice is final: waiting for the others."


def test_the_engine_offers_the_hook() -> None:
    assert isinstance(registry.get("turn_the_tide"), Explainer)


def test_a_seat_to_choose_reads_nothing_and_a_locked_seat_reads_why() -> None:
    state = rigged([[40, 41], [30, 31], [20, 21]], tide=[1, 2])
    assert all(ENGINE.explain(state, s) == () for s in (A, B, C))  # every card is offered
    state, _ = ENGINE.apply(state, B, "play:30")
    assert ENGINE.legal_actions(state, B) == []
    assert ENGINE.explain(state, B) == (CHOSEN,)
    assert ENGINE.explain(state, A) == () and ENGINE.explain(state, C) == ()
    state, _ = ENGINE.apply(state, A, "play:40")
    state, _ = ENGINE.apply(state, C, "play:20")  # the hand resolves: everyone chooses again
    assert all(ENGINE.explain(state, s) == () for s in (A, B, C))


def test_an_eliminated_seat_reads_why_and_when_it_plays_again() -> None:
    """Vector 5: B is washed away in the first hand; three stay, so the round goes on."""
    state = rigged(
        [[40, 39], [20], [30, 19], [10, 29]],
        tide=[1, 2, 3, 4],
        stacks=((), (12,), (), (3,)),
        up=(3, 0, 3, 3),
    )
    state, _ = play_hand(state, {A: 40, B: 20, C: 30, D: 10})
    assert list(state.eliminated) == [False, True, False, False]
    assert ENGINE.explain(state, B) == (
        "You were eliminated this round (you had to lose a preserver and had none left): you"
        " play again next round.",
    )
    assert all(ENGINE.explain(state, s) == () for s in (A, C, D))
    last = state.evolve(round=3)  # the same in the game's last round: no "next round"
    assert ENGINE.explain(last, B)[0].endswith("this is the game's last round.")


def test_nothing_after_the_game_or_for_a_seat_that_is_not_there() -> None:
    state = rigged([[40], [30], [20]])
    assert ENGINE.explain(state, 7) == ()
    over = state.evolve(round=3)
    assert ENGINE.is_over(over)
    assert all(ENGINE.explain(over, s) == () for s in (A, B, C))


def test_the_lines_ignore_the_others_choices_and_hands() -> None:
    """A's line is the same whatever B locked and whatever C holds (A's view is the same)."""
    state = rigged([[40, 41], [30, 31, 32], [20, 21]], tide=[1, 2])
    state, _ = ENGINE.apply(state, A, "play:40")
    state, _ = ENGINE.apply(state, B, "play:30")
    other, _ = ENGINE.apply(rigged([[40, 41], [30, 31, 32], [20, 21]], tide=[1, 2]), A, "play:40")
    other, _ = ENGINE.apply(other, B, "play:32")
    hands = list(other.hands)
    hands[C] = tuple(sorted((*hands[C][1:], 59)))  # C holds 59 instead of 20
    other = other.evolve(hands=tuple(hands))
    assert ENGINE.view(state, A) == ENGINE.view(other, A)
    assert ENGINE.explain(state, A) == ENGINE.explain(other, A) == (CHOSEN,)
    assert ENGINE.explain(state, C) == ENGINE.explain(other, C) == ()


def test_seeded_random_games_explain_exactly_the_withheld_seats() -> None:
    """Every seat in every position of seeded random games: a line exactly when the seat holds
    is offered no card, and never a weather card's number."""
    rng = random.Random(11)
    locked = out = 0
    for players in (3, 4, 5):
        state = ENGINE.new_game(players, seed=rng.randrange(1000))
        while not ENGINE.is_over(state):
            for seat in range(players):
                reasons = ENGINE.explain(state, seat)
                offered = ENGINE.legal_actions(state, seat)
                assert bool(reasons) == (not offered)
                assert not any(ch.isdigit() for r in reasons for ch in r)
                locked += bool(reasons) and bool(state.chosen[seat])
                out += bool(reasons) and state.eliminated[seat]
            seat = rng.choice(ENGINE.to_act(state))
            state, _ = ENGINE.apply(state, seat, rng.choice(ENGINE.legal_actions(state, seat)))
    assert locked > 50 and out > 0
