"""Spec §7 test vectors and the §4.1 worked example, one test each."""

from __future__ import annotations

from collections import Counter

import pytest

from games.boat_canasta import ENGINE
from games.boat_canasta.deck import DECK, JOKER, RED_THREES, TWOS
from games.boat_canasta.melds import (
    BIG_WILD,
    MIXED,
    NATURAL,
    SMALL_WILD,
    canasta_kind,
    meld_problem,
    meld_value,
    opening_minimum,
)
from games.boat_canasta.scoring import game_winners, side_score
from games.boat_canasta.state import OVER, PLAY, SCORED
from tests.games.boat_canasta.helpers import arrange, codes, play

KINGS7 = ["KC", "KC", "KD", "KD", "KH", "KH", "KS"]


# --- 1. deck and opening minimums ----------------------------------------------------------


def test_deck_has_108_cards() -> None:
    count = Counter(DECK)
    assert len(DECK) == 108
    assert count[JOKER] == 4
    assert sum(count[c] for c in TWOS) == 8
    assert sum(count[c] for c in RED_THREES) == 4
    assert count["3C"] + count["3S"] == 4
    assert sum(v for c, v in count.items() if c[0] in "456789TJQKA" and c != JOKER) == 88


@pytest.mark.parametrize(("players", "stock"), [(2, 80), (3, 66), (4, 52)])
def test_deal_sizes(players: int, stock: int) -> None:
    for seed in range(5):
        state = ENGINE.new_game(players, seed=seed)
        assert [len(h) for h in state.hands] == [14] * players
        # red 3s were replaced from the stock, so stock + red 3s laid out = the undealt cards
        assert len(state.stock) + sum(len(r) for r in state.red3) == stock
        assert not any(c in RED_THREES for h in state.hands for c in h)


@pytest.mark.parametrize(
    ("score", "minimum"),
    [(-5, 15), (0, 50), (2500, 50), (2505, 90), (5000, 90), (5005, 120), (7505, 150)],
)
def test_opening_minimums(score: int, minimum: int) -> None:
    assert opening_minimum(score) == minimum


# --- 2. opening legality -------------------------------------------------------------------


def test_opening_120_is_legal_at_2600() -> None:
    hand = ["KC", "KD", "KH", "AC", "AD", JOKER, "5C", "6C"]
    state = arrange(4, hands={0: hand}, scores=(2600, 0), phase=PLAY)
    assert state.minimums[0] == 90
    state, _ = play(state, (0, "meld:K:3"), (0, "meld:A:2:JK"))
    assert "open" in codes(state, 0)
    state, events = play(state, (0, "open"))
    assert {k for k, _ in state.melds[0]} == {"K", "A"}
    assert any(e.kind == "open" and e.visible_to is None for e in events)


def test_opening_45_is_illegal_at_2600() -> None:
    hand = ["QC", "QD", "QH", "7C", "7D", "7H", "5C", "6C"]
    state = arrange(4, hands={0: hand}, scores=(2600, 0), phase=PLAY)
    state, _ = play(state, (0, "meld:Q:3"), (0, "meld:7:3"))
    assert "open" not in codes(state, 0)
    with pytest.raises(ValueError, match="need 90 points; these make 45"):
        ENGINE.apply(state, 0, "open")


# --- 3. meld validity and canasta types ----------------------------------------------------


@pytest.mark.parametrize(
    ("key", "cards", "ok"),
    [
        ("K", ["KC", "KD", "2C"], True),
        ("K", ["KC", "2C", JOKER], False),
        ("K", ["KC", "KD", "2C", JOKER], False),
        ("K", ["KC", "KD", "KH", "2C", JOKER], True),
        ("W", ["2C", "2D", JOKER], True),
        ("W", ["2C", JOKER], False),
    ],
)
def test_meld_validity(key: str, cards: list[str], ok: bool) -> None:
    assert (meld_problem(key, cards) is None) is ok


def test_canasta_types() -> None:
    assert canasta_kind("K", tuple(KINGS7)) == NATURAL
    assert canasta_kind("8", ("8C", "8C", "8D", "8D", "8H", "2C", "2D")) == MIXED
    big = (JOKER,) * 4 + ("2C", "2D", "2H")
    assert canasta_kind("W", big) == BIG_WILD
    assert meld_value(big) == 260
    assert canasta_kind("W", (JOKER,) * 2 + ("2C", "2C", "2D", "2D", "2H")) == SMALL_WILD
    assert canasta_kind("W", (*big, "2S")) == SMALL_WILD  # D8: 4 Jokers + 4 twos


def test_adding_a_two_to_a_big_wild_makes_it_small() -> None:
    big = [JOKER] * 4 + ["2C", "2D", "2H"]
    state = arrange(
        2, hands={0: ["2S", "5C", "6C"]}, melds={0: {"W": big, "K": KINGS7}}, phase=PLAY
    )
    assert ENGINE.view(state, None)["melds"][0][1]["canasta"] == BIG_WILD
    state, events = play(state, (0, "add:W:2"))
    assert events[-1].data["canasta"] == SMALL_WILD
    assert ENGINE.view(state, None)["melds"][0][1]["canasta"] == SMALL_WILD


# --- 4. pickup, unblocked, opening ---------------------------------------------------------


def test_pickup_opening_with_natural_and_wild() -> None:
    state = arrange(
        4, hands={0: ["KC", JOKER, "AC", "AD", "2C"]}, pile=["9C", "KD"], scores=(1000, 0)
    )
    assert "take:1:JK" in codes(state, 0)
    state, events = play(state, (0, "take:1:JK"))
    assert dict(state.melds[0])["K"] == ("KC", "KD", JOKER)
    assert meld_value(dict(state.melds[0])["K"]) == 70
    assert "9C" in state.hands[0] and state.pile == ()
    took = [e for e in events if e.kind == "took"]
    assert took[0].visible_to == (0,) and took[0].data["cards"] == ["9C"]


def test_pickup_opening_with_a_pair_needs_more_melds() -> None:
    state = arrange(
        4, hands={0: ["KC", "KH", "AC", "AD", "2C", "5C"]}, pile=["9C", "KD"], scores=(1000, 0)
    )
    assert "take:2" not in codes(state, 0)  # K-K-K = 30 < 50
    with pytest.raises(ValueError, match=r"needs 50 points.*this makes 30"):
        ENGINE.apply(state, 0, "take:2")
    state, _ = play(state, (0, "meld:A:2:2"))  # staged A-A-2 = 60
    assert "take:2" in codes(state, 0)
    state, _ = play(state, (0, "take:2"))
    assert dict(state.melds[0]) == {"K": ("KC", "KD", "KH"), "A": ("2C", "AC", "AD")}
    assert state.staged == ()


def test_only_the_top_card_counts_for_the_opening() -> None:
    # plenty of aces under the top card do not help reach the minimum
    state = arrange(
        2, hands={0: ["5C", "5D", "9C"]}, pile=["AC", "AD", "AH", "AS", "5H"], scores=(0, 0)
    )
    assert not any(c.startswith("take") for c in codes(state, 0))  # 5-5-5 = 15 < 50


# --- 5. pickup onto an existing meld, and blocked piles ------------------------------------


def test_unblocked_top_card_onto_an_existing_meld() -> None:
    state = arrange(
        4, hands={0: ["5C", "6C"]}, melds={0: {"9": ["9C", "9D", "9H"]}}, pile=["KC", "9S"]
    )
    assert "take:0" in codes(state, 0)
    state, _ = play(state, (0, "take:0"))
    assert dict(state.melds[0])["9"] == ("9C", "9D", "9H", "9S")
    assert sorted(state.hands[0]) == ["5C", "6C", "KC"]


def test_blocked_pile_needs_a_natural_pair() -> None:
    pile = ["2C", "KC", "9S"]
    opened = {0: {"K": ["KD", "KD", "KH"]}}
    single = arrange(4, hands={0: ["9C", "2D", "5C"]}, melds=opened, pile=pile, frozen=True)
    assert not any(c.startswith("take") for c in codes(single, 0))
    with pytest.raises(ValueError, match="blocked"):
        ENGINE.apply(single, 0, "take:1:2")
    pair = arrange(4, hands={0: ["9C", "9D", "5C"]}, melds=opened, pile=pile, frozen=True)
    assert "take:2" in codes(pair, 0)
    after, _ = play(pair, (0, "take:2"))
    assert not after.frozen and after.pile == ()
    meld_but_one = arrange(
        4,
        hands={0: ["9C", "5C"]},
        melds={0: {"9": ["9D", "9D", "9H"]}},
        pile=pile,
        frozen=True,
    )
    assert not any(c.startswith("take") for c in codes(meld_but_one, 0))


def test_a_joker_on_top_cannot_be_taken() -> None:
    state = arrange(
        4, hands={0: ["9C", "9D", JOKER]}, melds={0: {"9": ["9H", "9H", "9S"]}}, pile=["9S", JOKER]
    )
    assert codes(state, 0) == ["draw"]


# --- 6. restricted period ------------------------------------------------------------------


def test_restricted_until_turn_3n() -> None:
    hand = ["KC", "KD", "KH", "9C", "9D"]
    pile = ["5C", "KS"]
    restricted = arrange(4, hands={0: hand}, pile=pile, g=12, scores=(-5, 0))
    assert codes(restricted, 0) == ["draw"]
    drawn, _ = play(restricted, (0, "draw"))
    assert all(c.startswith("discard:") for c in codes(drawn, 0))
    free = arrange(4, hands={0: hand}, pile=pile, g=13, scores=(-5, 0))  # minimum 15
    assert {"take:2", "take:3", "meld:K:3"} <= set(codes(free, 0))


# --- 7. keeping the last card --------------------------------------------------------------


def test_keep_last_card_without_canasta() -> None:
    state = arrange(
        4, hands={0: ["5C", "5D", "5H", "9C"]}, melds={0: {"K": ["KC", "KD", "KH"]}}, phase=PLAY
    )
    state, _ = play(state, (0, "meld:5:3"))
    assert [c for c in codes(state, 0) if c in ("keep", "discard:9C")] == ["keep"]
    with pytest.raises(ValueError, match="keep it"):
        ENGINE.apply(state, 0, "discard:9C")
    state, _ = play(state, (0, "keep"))
    assert state.hands[0] == ("9C",) and state.turn == 1


def test_after_a_no_nothing_may_empty_the_hand() -> None:
    state = arrange(4, hands={0: ["5C", "5D", "5H", "9C"]}, melds={0: {"K": KINGS7}}, phase=PLAY)
    state, _ = play(state, (0, "ask"))
    assert ENGINE.to_act(state) == [2]
    assert ENGINE.legal_actions(state, 0) == []
    assert codes(state, 2) == ["answer:yes", "answer:no"]
    state, _ = play(state, (2, "answer:no"))
    assert "ask" not in codes(state, 0)
    state, _ = play(state, (0, "meld:5:3"))
    assert "discard:9C" not in codes(state, 0) and "keep" in codes(state, 0)
    # and a meld that would empty the hand is refused too
    three = arrange(4, hands={0: ["5C", "5D", "5H"]}, melds={0: {"K": KINGS7}}, phase=PLAY)
    three, _ = play(three, (0, "ask"), (2, "answer:no"))
    assert "meld:5:3" not in codes(three, 0)
    with pytest.raises(ValueError, match="empty your hand"):
        ENGINE.apply(three, 0, "meld:5:3")


# --- 8. close by discard -------------------------------------------------------------------


def test_close_by_discard_scores_200() -> None:
    mixed = ["8C", "8C", "8D", "8D", "8H", "2C", "2D"]
    state = arrange(4, hands={0: ["5C", "5D", "5H", "9C"]}, melds={0: {"8": mixed}}, phase=PLAY)
    state, _ = play(state, (0, "meld:5:3"))
    assert "discard:9C" in codes(state, 0) and "keep" not in codes(state, 0)
    state, events = play(state, (0, "discard:9C"))
    assert state.phase == SCORED and state.last_closer == 0
    assert state.last_round[0][4] == 200
    assert events[-1].kind == "round_end"


# --- 9. the §4.1 worked example ------------------------------------------------------------

A_MELDS = {
    "K": KINGS7,
    "8": ["8C", "8C", "8D", "8D", "8H", "2C", "2D"],
    "5": ["5C", "5D", "5H", JOKER],
}
B_MELDS = {"Q": ["QC", "QD", "QH"], "7": ["7C", "7D", "2H"]}


def test_worked_example_scoring_function() -> None:
    a = side_score(list(A_MELDS.items()), 1, ["AC", "4C", "3C"], 200)
    b = side_score(list(B_MELDS.items()), 2, [JOKER, "9C", "9D", "3S", "6C"], 0)
    assert a == (70 + 90 + 65, 900, 100, 125, 200, 1300)
    assert b == (-60, 0, -200, 175, 0, -435)


def test_worked_example_through_the_engine() -> None:
    state = arrange(
        4,
        hands={0: ["9H"], 1: [JOKER, "9C", "9D"], 2: ["AC", "4C", "3C"], 3: ["3S", "6C"]},
        melds={0: A_MELDS, 1: B_MELDS},
        red3={0: ["3H"], 1: ["3D", "3D"]},
        scores=(2400, 1000),
        phase=PLAY,
    )
    state, _ = play(state, (0, "discard:9H"))
    assert state.phase == SCORED
    assert state.last_round[0][-1] == 1300 and state.last_round[1][-1] == -435
    assert state.scores == (3700, 565)
    assert state.dealer == 3 and ENGINE.to_act(state) == [0]  # the deal passes left
    state, _ = play(state, (0, "deal"))
    assert state.minimums == (90, 50)
    assert state.dealer == 0 and state.turn == 1 and state.g == 1


# --- 10. game end --------------------------------------------------------------------------


def test_game_end_rule() -> None:
    assert game_winners([10150, 10020], 10000) == [0]
    assert game_winners([10050, 10050], 10000) == []
    assert game_winners([9995, 2000], 10000) == []


@pytest.mark.parametrize(("final", "over"), [((10150, 10020), True), ((10050, 10050), False)])
def test_game_end_through_the_engine(final: tuple[int, int], over: bool) -> None:
    """A closes for +865 (K canasta 670, closing 200, 5 in hand), B scores -10."""
    state = arrange(
        4,
        hands={0: ["9H"], 1: ["5C"], 2: ["5D"], 3: ["5H"]},
        melds={0: {"K": KINGS7}},
        scores=(final[0] - 865, final[1] + 10),
        phase=PLAY,
    )
    state, _ = play(state, (0, "discard:9H"))
    assert state.scores == final
    assert ENGINE.is_over(state) is over
    if over:
        assert state.phase == OVER and ENGINE.result(state).winners == [0, 2]
        assert ENGINE.result(state).scores == [10150, 10020, 10150, 10020]
        assert ENGINE.to_act(state) == []
    else:  # D14: a tie at the top plays another round
        assert state.phase == SCORED and ENGINE.result(state).winners == []
        state, _ = play(state, (0, "deal"))
        assert state.round_no == 2 and state.phase == "draw"


def test_pickup_opening_with_two_naturals_and_two_wilds() -> None:
    """§3.1/§3.2, D20 (issue 15): 4-4-2-2 onto a 4 makes 4-4-4-2-2, three naturals and two
    wilds = 55 >= 50, a legal opening that one wild per action could not reach."""
    state = arrange(
        2, hands={0: ["4C", "4D", "2C", "2D", "9S", "KC"]}, pile=["7S", "4H"], scores=(0, 0)
    )
    options = codes(state, 0)
    assert "take:2:2:2" in options
    assert "take:2:2" not in options  # 4-4-4-2 = 35 < 50
    assert "take:1:2:2" not in options  # two naturals and two wilds is no meld
    state, events = play(state, (0, "take:2:2:2"))
    assert dict(state.melds[0])["4"] == ("2C", "2D", "4C", "4D", "4H")
    assert sorted(state.hands[0]) == ["7S", "9S", "KC"]
    assert [e.data["cards"] for e in events if e.kind == "take"] == [["4C", "4D", "2C", "2D"]]


def test_an_opened_side_takes_with_one_wild_and_adds_the_rest() -> None:
    """Once a side has opened, further wilds go on with add (one per action)."""
    state = arrange(
        2,
        hands={0: ["4C", "4D", "2C", "2D", "9S"]},
        melds={0: {"K": ["KC", "KD", "KH"]}},
        pile=["4H"],
    )
    assert "take:2:2:2" not in codes(state, 0)
    with pytest.raises(ValueError, match="one wild"):
        ENGINE.apply(state, 0, "take:2:2:2")
    state, _ = play(state, (0, "take:2:2"), (0, "add:4:0:2"))
    assert dict(state.melds[0])["4"] == ("2C", "2D", "4C", "4D", "4H")
