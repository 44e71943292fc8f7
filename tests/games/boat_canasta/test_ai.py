"""Boat Canasta AI seats: no cheating, clear positions played right, long runs legal.

Positions are built from rigged decks (``new_game(..., deck=...)``) and scripted moves, so the
observation carries the real events (the pile's history, who took what); the few that need a
canasta or a score on the table start from ``helpers.arrange``. Strong runs at small budgets
here (``ai.search(..., iterations)``): its full budget is measured in ``bench/ai.py``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

import pytest

from games.boat_canasta import ENGINE, ai
from games.boat_canasta.state import PLAY, State
from games.core import Observation, observe
from games.search import SeatHistory
from tests.games.ai_support import random_positions
from tests.games.boat_canasta.helpers import arrange

JK = "JK"


def strong_small(obs: Observation, seed: int) -> str:
    return ai.search(obs, seed, 60)


LEVELS: dict[str, Callable[[Observation, int], str]] = {
    "easy": ai.easy,
    "normal": ai.normal,
    "strong": lambda obs, seed: ai.search(obs, seed, 8),
}
#: the levels that must find the right move in the hand-built positions
RIGHT: dict[str, Callable[[Observation, int], str]] = {"normal": ai.normal, "strong": strong_small}


# --- no cheating -----------------------------------------------------------------------------


# --- positions from rigged decks -------------------------------------------------------------

#: plain cards drawn and thrown back during the restricted period (first drawn first)
STOCK = ["4C", "5D", "6H", "7S", "8C", "9D", "TH", "JS", "QC", "KD", "AH", "4D", "5H", "6S"]


class Game:
    """A rigged game driven move by move, with each seat's event history."""

    def __init__(
        self,
        hands: Mapping[int, Sequence[str]],
        stock: Sequence[str],
        options: Mapping[str, Any] | None = None,
    ) -> None:
        players = len(hands)
        deck = [hands[seat][i] for i in range(14) for seat in range(players)]
        opts = {"first_dealer": players - 1, "target_score": 5000, **(options or {})}
        self.state = ENGINE.new_game(players, options=opts, seed=3, deck=[*deck, *stock])
        self.history = SeatHistory(players)
        self.players = players

    def play(self, *moves: tuple[int, str]) -> None:
        for seat, code in moves:
            self.state, events = ENGINE.apply(self.state, seat, code)
            self.history.record(events)

    def restricted(self, last: str | None = None) -> None:
        """The first 3n turns: each player draws and throws the drawn card back; the last
        player throws ``last`` (from its hand) instead, so it tops the pile."""
        for turn in range(3 * self.players):
            card = last if last is not None and turn == 3 * self.players - 1 else None
            self.draw_throw(card)

    def draw_throw(self, card: str | None = None) -> None:
        """The current player draws, then discards ``card`` (default: the card drawn)."""
        seat = self.state.turn
        self.play((seat, "draw"))
        drawn = [e for e in self.history.shown[seat] if e.kind == "drew"][-1].data["card"]
        self.play((seat, f"discard:{card or drawn}"))

    def obs(self, seat: int | None = None) -> Observation:
        seat = self.state.turn if seat is None else seat
        return self.history.observe(ENGINE, self.state, seat)


FILLER = ["4S", "5S", "6C", "7D", "8H", "9S", "TC", "JD", "QH", "KS", "AC", "4H", "5C", "6D"]


def hand(*cards: str, filler: Sequence[str] = FILLER) -> list[str]:
    """14 cards: ``cards``, then plain fillers of ranks not named yet, then more fillers."""
    out = list(cards)
    for c in filler:
        if len(out) < 14 and c[0] not in {x[0] for x in out}:
            out.append(c)
    for c in filler:
        if len(out) < 14 and c not in out:
            out.append(c)
    assert len(out) == 14, out
    return out


def run_turn(game: Game, policy: Callable[[Observation, int], str]) -> list[str]:
    """Let ``policy`` play the current seat's turn to its end; returns its codes."""
    seat = game.state.turn
    codes: list[str] = []
    for step in range(40):
        code = policy(game.obs(seat), step)
        codes.append(code)
        game.play((seat, code))
        if code.startswith(("discard", "keep", "close")) or game.state.turn != seat:
            break
    return codes


@pytest.mark.parametrize("level", RIGHT)
def test_takes_a_free_large_pile(level: str) -> None:
    """A pile of six with a K on top, K-K-Joker in hand: take it rather than draw."""
    game = Game({0: hand("KC", "KH", JK), 1: hand("QD", "QS", "KD")}, STOCK)
    game.restricted(last="KD")
    assert game.state.pile[-1] == "KD" and not game.state.frozen
    assert RIGHT[level](game.obs(0), 1).startswith("take")


@pytest.mark.parametrize("level", RIGHT)
def test_takes_with_a_pair_of_aces(level: str) -> None:
    """A-A in hand and an A on an open pile of six: A-A-A is 60, an opening pickup."""
    game = Game({0: hand("AD", "AS"), 1: hand("QD", "QS", "AH")}, STOCK)
    game.restricted(last="AH")
    assert RIGHT[level](game.obs(0), 2) == "take:2"


@pytest.mark.parametrize("level", RIGHT)
def test_melds_to_open_when_the_minimum_is_reached(level: str) -> None:
    """A-A-A and K-K-K make 90 >= 50: the turn puts them down before the discard."""
    game = Game({0: hand("AD", "AS", "AC", "KC", "KH", "KS"), 1: hand("QD", "QS")}, STOCK)
    game.restricted()
    codes = run_turn(game, RIGHT[level])
    assert "open" in codes and codes[-1].startswith("discard")
    assert {key for key, _ in game.state.melds[0]} == {"A", "K"}


@pytest.mark.parametrize("level", RIGHT)
@pytest.mark.parametrize("players", [2, 3])
def test_never_feeds_the_rank_the_next_player_took(level: str, players: int) -> None:
    """The next player took the pile for 9s; this seat holds a lone 9 among other singles."""
    hands = {0: hand("9H", "9D"), 1: hand("9C", "9S", JK)}
    if players == 3:
        hands[2] = hand(filler=[c if c != "9D" else "TS" for c in STOCK])
    game = Game(hands, STOCK)
    game.restricted()
    game.play((0, "draw"), (0, "discard:9D"))
    game.play((1, "take:2:JK"), (1, "discard:TC"))
    if players == 3:
        game.draw_throw()
    assert game.state.turn == 0 and dict(game.state.melds[1])["9"]
    codes = run_turn(game, RIGHT[level])
    assert codes[-1].startswith("discard") and codes[-1] != "discard:9H"


@pytest.mark.parametrize("level", RIGHT)
def test_throws_a_black_three_first(level: str) -> None:
    """A black 3 costs 100 in hand and blocks the next player: it is the discard."""
    game = Game({0: hand("3C", "QH", "QS"), 1: hand("QD", "5H")}, STOCK)
    game.restricted()
    codes = run_turn(game, RIGHT[level])
    assert codes[-1] == "discard:3C"


@pytest.mark.parametrize("level", RIGHT)
def test_keeps_wilds_and_pairs(level: str) -> None:
    """Singles are thrown before a wild or one of a pair."""
    game = Game({0: hand("2C", JK, "QH", "QS", "8D", "8S"), 1: hand("QD", "5H")}, STOCK)
    game.restricted()
    codes = run_turn(game, RIGHT[level])
    thrown = codes[-1].split(":")[1]
    assert thrown not in {"2C", JK, "QH", "QS", "8D", "8S"}


# --- positions that need a table: arranged ---------------------------------------------------


def arranged_obs(state: State, seat: int) -> Observation:
    return observe(ENGINE, state, seat, ())


@pytest.mark.parametrize("level", RIGHT)
def test_answers_no_when_far_behind(level: str) -> None:
    """4p: the opponents lead by 1,700 and have two canastas; closing now only locks the
    deficit in, so the partner answers no."""
    state = arrange(
        4,
        hands={0: ["4C", "5C", "6C"], 2: ["9C", "9D", "TC", "JC", "QC", "KC", "AC"]},
        melds={0: {"K": ["KD", "KH", "KS", "KD", "KH", "KS", "2C"]}, 1: _two_canastas()},
        scores=(100, 1800),
        phase=PLAY,
        options={"target_score": 5000},
    )
    state, _ = ENGINE.apply(state, 0, "ask")
    assert RIGHT[level](arranged_obs(state, 2), 0) == "answer:no"


def _two_canastas() -> dict[str, list[str]]:
    return {
        "A": ["AD", "AH", "AS", "AD", "AH", "AS", "AC"],
        "Q": ["QD", "QH", "QS", "QD", "QH", "QS", "JK"],
    }


@pytest.mark.parametrize("level", RIGHT)
def test_answers_yes_when_ahead(level: str) -> None:
    state = arrange(
        4,
        hands={0: ["4C", "5C", "6C"], 2: ["9C"]},
        melds={0: _two_canastas()},
        scores=(1500, 100),
        phase=PLAY,
        options={"target_score": 5000},
    )
    state, _ = ENGINE.apply(state, 0, "ask")
    assert RIGHT[level](arranged_obs(state, 2), 0) == "answer:yes"


@pytest.mark.parametrize("level", RIGHT)
def test_goes_out_when_the_hand_melds_away(level: str) -> None:
    """A canasta on the table and K-K in hand onto the Ks: melding them closes the round."""
    state = arrange(
        2,
        hands={0: ["KC", "KD"]},
        melds={0: {"A": ["AD", "AH", "AS", "AD", "AH", "AS", "AC"], "K": ["KH", "KS", "KH"]}},
        phase=PLAY,
    )
    assert RIGHT[level](arranged_obs(state, 0), 0) == "add:K:2"


@pytest.mark.parametrize("level", RIGHT)
def test_closes_with_the_four_black_threes(level: str) -> None:
    state = arrange(
        2,
        hands={0: ["3C", "3C", "3S", "3S"]},
        melds={0: {"A": ["AD", "AH", "AS", "AD", "AH", "AS", "AC"]}},
        phase=PLAY,
    )
    assert RIGHT[level](arranged_obs(state, 0), 0) == "close"


def test_strong_weighs_holding_a_meld_back_only_when_not_going_out() -> None:
    """Once the side is open, strong's melding step is a choice between normal's meld and its
    best discard (keeping the cards in hand); with the hand about to meld away it is not."""
    held = ["KC", "KD", "KH", "5D", "9H", "JS", "QC", "7C"]
    opened = {0: {"A": ["AD", "AH", "AS"]}}
    obs = arranged_obs(arrange(2, hands={0: held}, melds=opened, phase=PLAY), 0)
    heuristic = ai.normal(obs, 0)
    assert heuristic == "meld:K:3"
    options = ai.candidates(obs, heuristic)
    assert options[0] == heuristic
    assert len(options) == 2 and options[1].startswith("discard:")
    assert options[1] in obs.legal
    canasta = {0: {"A": ["AD", "AH", "AS", "AD", "AH", "AS", "AC"]}}
    obs = arranged_obs(arrange(2, hands={0: ["KC", "KD", "KH"]}, melds=canasta, phase=PLAY), 0)
    assert ai.candidates(obs, ai.normal(obs, 0)) == ["meld:K:3"]


def test_normal_blocks_the_pile_when_an_opponent_is_about_to_go_out() -> None:
    """The next player has a canasta and two cards, the pile holds eight: normal throws the
    2 (strong may judge the pile harmless to a two-card hand, so it is not held to it)."""
    state = arrange(
        2,
        hands={0: ["2C", "5D", "9H", "JS", "QC"], 1: ["7C", "8D"]},
        melds={1: {"A": ["AD", "AH", "AS", "AD", "AH", "AS", "AC"], "9": ["9C", "9D", "9S"]}},
        pile=["4C", "4D", "6C", "6D", "KC", "KD", "TC", "TD"],
        phase=PLAY,
    )
    assert ai.normal(arranged_obs(state, 0), 0) == "discard:2C"


# --- long runs -------------------------------------------------------------------------------


def test_mixed_tables_move_legally_and_games_end() -> None:
    """A seeded whole game of each line-up, every level seated (strong at a tiny budget): every
    move legal, every game ends. Thousands of moves are ``bench/ai.py soak``'s."""
    tiny: Callable[[Observation, int], str] = lambda obs, seed: ai.search(obs, seed, 4)  # noqa: E731
    lineups: list[list[Callable[[Observation, int], str]]] = [
        [ai.normal, ai.easy],
        [ai.easy, ai.easy, ai.normal],
        [ai.normal, ai.easy, ai.normal, ai.easy],
        [tiny, ai.normal],
        [ai.normal, ai.normal, ai.easy, tiny],
    ]
    for index, lineup in enumerate(lineups):
        players = len(lineup)
        state = ENGINE.new_game(players, options={"target_score": 2500}, seed=index)
        history = SeatHistory(players)
        for step in range(6000):
            if ENGINE.is_over(state):
                break
            seat = ENGINE.to_act(state)[0]
            obs = history.observe(ENGINE, state, seat)
            code = lineup[seat](obs, step)
            assert code in obs.legal
            state, events = ENGINE.apply(state, seat, code)
            history.record(events)
        assert ENGINE.is_over(state), f"game {index} did not end"


def test_playout_ends_the_round_and_repeats() -> None:
    """``playout`` (bench/search.py's unit) plays the round to its end on the search path,
    the same way for the same seed."""
    for _state, _seat, obs in random_positions(ENGINE, 3, 20, seed=9):
        totals = ai.playout(obs, 5)
        assert isinstance(totals, list) and len(totals) == 3
        assert ai.playout(obs, 5) == totals
