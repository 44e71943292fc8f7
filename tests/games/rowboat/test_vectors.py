"""Every worked example and test vector of rowboat.md §4.2, §4.4 and §7."""

from __future__ import annotations

import pytest

from games.core import IllegalAction
from games.rowboat.deck import CARD_OF, SUITS, tricks_for
from games.rowboat.rules import game_winner, hand_score
from games.rowboat.state import BIDDING, EXCHANGE, TRICK_PLAY
from tests.games.rowboat.helpers import (
    ENGINE,
    TIDE_E,
    at_trick,
    codes,
    game,
    kinds,
    plays,
)


def test_tide_e_table() -> None:
    """§7 table: trump, Knob (and whether it is in play) for each trick of Tide E."""
    table = tricks_for(tuple(CARD_OF[c] for c in TIDE_E))
    expected = [
        ("m", "3s", True),
        ("w", "7o", True),
        ("s", "Mm", True),
        ("s", "Sm", True),
        ("w", "8o", False),
        ("m", "5s", True),
        ("w", "3o", True),
        ("o", "8w", False),
    ]
    for tr, (trump, knob, in_play) in zip(table, expected, strict=True):
        assert SUITS[tr.trump] == trump
        assert tr.knob == CARD_OF[knob]
        assert bool(tr.knob_bit) == in_play
    # off-coloured knobs of trick 1: 3 Oars and 3 Waves
    assert table[0].off_mask == (1 << CARD_OF["3o"]) | (1 << CARD_OF["3w"])


@pytest.mark.parametrize(
    ("a", "b", "winner"),
    [("2m", "3s", 1), ("Wo", "Am", 1), ("3o", "Ws", 0)],
    ids=["knob-beats-trump", "trump-beats-plain", "off-knob-beats-plain"],
)
def test_1_category_order(a: str, b: str, winner: int) -> None:
    state = at_trick(TIDE_E, [[a], [b]], trick=1, leader=0)
    _, events = plays(state, (0, f"play:{a}"), (1, f"play:{b}"))
    assert kinds(events, "trick")[0].data["winner"] == winner


def test_2_ties_and_the_carry_over_pot() -> None:
    """Trick 2 tie → pot 1, the tied trick's leader leads again; the Knob wins the pot; later
    ties (6, 7) are collected by B's win in trick 8 (+3)."""
    a = ["9s", "2s", "5s", "7s", "6o", "4o", "Ds"]
    b = ["9m", "Mm", "Ws", "8m", "6s", "4s", "Ao"]
    state = at_trick(TIDE_E, [a, b], trick=2, leader=0)
    state, ev = plays(state, (0, "play:9s"), (1, "play:9m"))
    assert kinds(ev, "trick")[0].data["tied"] is True
    assert state.pending == 1 and ENGINE.to_act(state) == [0]
    state, ev = plays(state, (0, "play:2s"), (1, "play:Mm"))
    assert kinds(ev, "trick")[0].data == {
        "trick": 3,
        "winner": 1,
        "tricks": 2,
        "tied": False,
        "plays": [{"seat": 0, "card": "2s"}, {"seat": 1, "card": "Mm"}],
    }
    assert state.won == (0, 2) and state.pending == 0 and ENGINE.to_act(state) == [1]
    state, _ = plays(state, (1, "play:Ws"), (0, "play:5s"))  # trick 4: B wins, leads
    state, _ = plays(state, (1, "play:8m"), (0, "play:7s"))  # trick 5: off-knob beats plain
    assert state.won == (0, 4)
    state, _ = plays(state, (1, "play:6s"), (0, "play:6o"))  # trick 6: plain 6 = plain 6
    state, _ = plays(state, (1, "play:4s"), (0, "play:4o"))  # trick 7: tie again
    assert state.pending == 2
    state, ev = plays(state, (1, "play:Ao"), (0, "play:Ds"))
    trick8 = kinds(ev, "trick")[0].data
    assert trick8["winner"] == 1 and trick8["tricks"] == 3
    assert kinds(ev, "hand_scored")[0].data["sides"][1]["tricks"] == 7


def test_2_trick_5_off_knobs_tie() -> None:
    state = at_trick(TIDE_E, [["8s", "2o"], ["8m", "3o"]], trick=5, leader=1)
    _, ev = plays(state, (1, "play:8m"), (0, "play:8s"))
    assert kinds(ev, "trick")[0].data["tied"] is True


def test_2_a_last_trick_tie_loses_the_pot() -> None:
    state = at_trick(TIDE_E, [["8s"], ["8m"]], trick=8, leader=1)._replace(pending=2)
    state, ev = plays(state, (1, "play:8m"), (0, "play:8s"))
    trick = kinds(ev, "trick")[0].data
    assert trick["tied"] is True and trick["lost"] == 3
    sides = kinds(ev, "hand_scored")[0].data["sides"]
    assert [s["tricks"] for s in sides] == [0, 0]


@pytest.mark.parametrize("knob_obligatory", [False, True])
def test_3_obligation_with_the_knob(knob_obligatory: bool) -> None:
    state = at_trick(
        TIDE_E,
        [["4s", "Mm", "Wo"], ["2o", "3o", "4o"]],
        trick=3,
        leader=0,
        knob_obligatory=knob_obligatory,
    )
    assert codes(ENGINE.legal_actions(state, 0)) == {
        "play:4s",
        "play:Mm",
        "rowboat",
        "lighthouse",
    }
    with pytest.raises(IllegalAction, match="trump"):
        ENGINE.apply(state, 0, "play:Wo")


def test_4_saving_and_marriage() -> None:
    a = ["5s", "Wo", "2m", "9w", "Ao", "6m"]
    b = ["2w", "3w", "4w", "6w"]
    state = at_trick(TIDE_E, [a, b], trick=3, leader=0)
    assert codes(ENGINE.legal_actions(state, 0)) == {f"play:{c}" for c in a} | {
        "rowboat",
        "lighthouse",
    }
    state, ev = plays(state, (0, "play:Wo"))
    married = kinds(ev, "married")
    assert len(married) == 1 and married[0].visible_to == (0,)
    assert married[0].data == {"seat": 0, "card": "5s", "trick": 6}
    assert ENGINE.view(state, 0)["married"] == [{"card": "5s", "trick": 6}]
    assert ENGINE.view(state, 1)["married"] == []
    assert "married" not in str(ENGINE.view(state, None))
    state, _ = plays(state, (1, "play:2w"))  # A wins trick 3 and leads trick 4
    # trick 4 (Shells): 5s is married, PTS is empty, so any other card
    assert codes(ENGINE.legal_actions(state, 0)) == {
        "play:2m",
        "play:9w",
        "play:Ao",
        "play:6m",
        "rowboat",
        "lighthouse",
    }
    with pytest.raises(IllegalAction, match="married"):
        ENGINE.apply(state, 0, "play:5s")
    state, _ = plays(state, (0, "play:Ao"), (1, "play:3w"))  # B wins trick 4 (plain 3 > A)
    # trick 5 (Waves): 9w is not a future Knob, so it must be played (or the Rowboat)
    state, _ = plays(state, (1, "play:4w"))
    assert codes(ENGINE.legal_actions(state, 0)) == {"play:9w", "rowboat", "lighthouse"}
    state, _ = plays(state, (0, "play:9w"))  # A wins trick 5
    # trick 6: the married card is the only legal play, not even the Rowboat
    assert codes(ENGINE.legal_actions(state, 0)) == {"play:5s", "lighthouse"}
    with pytest.raises(IllegalAction, match="married"):
        ENGINE.apply(state, 0, "rowboat")
    state, ev = plays(state, (0, "play:5s"), (1, "play:6w"))
    assert kinds(ev, "trick")[0].data["winner"] == 0


def test_4_a_rowboat_or_the_knob_does_not_marry() -> None:
    a = ["5s", "Wo", "2m", "Mm"]
    for move in ("rowboat", "play:Mm", "play:5s"):
        state = at_trick(TIDE_E, [a, ["2w", "3w", "4w", "6w"]], trick=3, leader=0)
        state, ev = plays(state, (0, move))
        assert not kinds(ev, "married") and state.married == (0, 0)


def test_5_an_off_knob_cannot_be_saved() -> None:
    state = at_trick(TIDE_E, [["7m", "3s", "Wo", "2w"], ["4o"]], trick=1, leader=0)
    assert codes(ENGINE.legal_actions(state, 0)) == {
        "play:7m",
        "play:3s",
        "rowboat",
        "lighthouse",
    }


def test_6_rowboat_beats_the_knob_and_is_illegal_on_the_last_trick() -> None:
    state = at_trick(TIDE_E, [["2o", "3o"], ["Sm", "4o"]], trick=4, leader=0)
    state, ev = plays(state, (0, "rowboat"), (1, "play:Sm"))
    assert kinds(ev, "trick")[0].data["winner"] == 0
    assert kinds(ev, "rowboat")[0].visible_to is None  # a public event
    last = at_trick(TIDE_E, [["2o"], ["4o"]], trick=8, leader=0)
    assert "rowboat" not in codes(ENGINE.legal_actions(last, 0))
    with pytest.raises(IllegalAction, match="last trick"):
        ENGINE.apply(last, 0, "rowboat")


def test_6_three_players_first_rowboat_wins() -> None:
    state = at_trick(TIDE_E, [["2o", "3o"], ["4o", "5o"], ["6o", "7o"]], trick=4, leader=0)
    state, ev = plays(state, (0, "rowboat"), (1, "rowboat"), (2, "play:6o"))
    assert kinds(ev, "trick")[0].data["winner"] == 0
    assert ENGINE.view(state, None)["sides"][1]["rowboat"] is False
    assert "rowboat" not in codes(ENGINE.legal_actions(state, 1))


MINI_TIDE = ["6o", "Ws", "2m", "9w"]
P2_HAND = ["6w", "Ds", "2o", "7m"]


def test_7_complete_two_player_mini_hand() -> None:
    state = game(MINI_TIDE, [["9o", "3o", "Wm", "4s"], P2_HAND], dealer=1)
    assert len(state.tide) == 4 and state.phase == BIDDING
    view = ENGINE.view(state, None)
    knobs = [t["knob"] for t in view["tide_tricks"]]
    assert knobs == [
        {"rank": "6", "suit": "w"},
        {"rank": "W", "suit": "m"},
        {"rank": "2", "suit": "s"},
        {"rank": "9", "suit": "o"},
    ]
    assert ENGINE.to_act(state) == [0]  # the non-dealer bids first
    state, _ = plays(state, (0, "bid:2"), (1, "bid:2"))
    assert state.phase == TRICK_PLAY and ENGINE.to_act(state) == [0]
    # T1: two Oars, no saving; P2 may play 2 Oars or the Knob
    assert codes(ENGINE.legal_actions(state, 0)) == {"play:9o", "play:3o", "rowboat", "lighthouse"}
    state, _ = plays(state, (0, "play:3o"))
    assert codes(ENGINE.legal_actions(state, 1)) == {"play:2o", "play:6w", "rowboat", "lighthouse"}
    state, ev = plays(state, (1, "play:6w"))
    assert kinds(ev, "trick")[0].data["winner"] == 1
    # T2: P2 must play Dolphin Shells; P1 plays the Knob
    assert codes(ENGINE.legal_actions(state, 1)) == {"play:Ds", "rowboat", "lighthouse"}
    state, ev = plays(state, (1, "play:Ds"), (0, "play:Wm"))
    assert kinds(ev, "trick")[0].data["winner"] == 0
    # T3: P1 has no Maps; P2 must play 7 Maps
    state, _ = plays(state, (0, "play:4s"))
    assert codes(ENGINE.legal_actions(state, 1)) == {"play:7m", "rowboat", "lighthouse"}
    state, ev = plays(state, (1, "play:7m"))
    assert kinds(ev, "trick")[0].data["winner"] == 1
    # T4: 2 Oars (plain) against the Knob 9 Oars; no Rowboat on the last trick
    assert codes(ENGINE.legal_actions(state, 1)) == {"play:2o", "lighthouse"}
    state, ev = plays(state, (1, "play:2o"), (0, "play:9o"))
    assert kinds(ev, "trick")[0].data["winner"] == 0
    sides = kinds(ev, "hand_scored")[0].data["sides"]
    assert [(s["tricks"], s["points"], s["sandbags"]) for s in sides] == [(2, 20, 0), (2, 20, 0)]
    assert state.scores == (20, 20) and state.bags == (0, 0)
    assert state.dealer == 0 and state.hand_no == 2  # 2p: the deal alternates


def test_7_variant_the_married_nine_of_oars() -> None:
    state = game(MINI_TIDE, [["9o", "5m", "Wm", "4s"], P2_HAND], dealer=1, novice=True)
    assert codes(ENGINE.legal_actions(state, 0)) == {
        "play:9o",
        "play:5m",
        "play:Wm",
        "play:4s",
        "rowboat",
        "lighthouse",
    }
    state, ev = plays(state, (0, "play:5m"))
    assert kinds(ev, "married")[0].data == {"seat": 0, "card": "9o", "trick": 4}
    state, _ = plays(state, (1, "play:6w"), (1, "play:Ds"))
    assert codes(ENGINE.legal_actions(state, 0)) == {"play:4s", "play:Wm", "rowboat", "lighthouse"}
    state, _ = plays(state, (0, "play:Wm"))
    assert codes(ENGINE.legal_actions(state, 0)) == {"play:4s", "rowboat", "lighthouse"}
    state, _ = plays(state, (0, "play:4s"), (1, "play:7m"))
    assert codes(ENGINE.legal_actions(state, 1)) == {"play:2o", "lighthouse"}
    state, _ = plays(state, (1, "play:2o"))
    assert codes(ENGINE.legal_actions(state, 0)) == {"play:9o", "lighthouse"}


def test_8_four_player_bidding() -> None:
    tide = ["2o", "3o", "4w", "5w", "6s", "7m"]
    hands = [
        ["Ao", "4o", "8o", "Do", "2w", "6w"],
        ["5o", "9o", "Mo", "3w", "7w", "8w"],
        ["6o", "7o", "So", "9w", "Dw", "Mw"],
        ["Wo", "Sw", "Ww", "As", "2s", "3s"],
    ]
    state = game(tide, hands, dealer=3)  # N, E, S, W = seats 0..3; West deals
    assert state.phase == EXCHANGE and len(state.tide) == 6
    state, _ = plays(state, (0, "pass:Ao"), (1, "pass:5o"), (2, "pass:6o"), (3, "pass:Wo"))
    assert state.phase == BIDDING and ENGINE.to_act(state) == [0]
    state, _ = plays(state, (0, "bid:0"), (1, "bid:2"))
    assert codes(ENGINE.legal_actions(state, 2)) == {f"bid:{b}" for b in range(1, 7)} | {
        "lighthouse"
    }
    with pytest.raises(IllegalAction, match="1 to 6"):
        ENGINE.apply(state, 2, "bid:0")
    state, _ = plays(state, (2, "bid:2"))
    assert codes(ENGINE.legal_actions(state, 3)) == {f"bid:{b}" for b in range(0, 5)} | {
        "lighthouse"
    }
    with pytest.raises(IllegalAction):
        ENGINE.apply(state, 3, "bid:5")


# §4.2 and §7.9: (novice, bid, won, score, bags) -> (score, bags)
SCORING = [
    ((3, 5, 0, 0), (30, 2)),
    ((6, 9, 90, 3), (50, 1)),
    ((2, 3, 180, 4), (100, 0)),
    ((1, 12, 20, 4), (-270, 0)),
    ((4, 3, 0, 0), (-40, 0)),
    ((2, 3, 0, 0), (20, 1)),  # 4p: team bid 0 + 2, team tricks 1 + 2
]


@pytest.mark.parametrize(("args", "expected"), SCORING)
def test_4_2_worked_scoring_examples(
    args: tuple[int, int, int, int], expected: tuple[int, int]
) -> None:
    assert hand_score(False, *args) == expected


def test_4_3_novice_scoring() -> None:
    assert hand_score(True, -1, 7, 40, 3) == (110, 3)


@pytest.mark.parametrize(
    ("scores", "bags", "target", "winner"),
    [
        ((210, 200), (4, 0), 200, 0),
        ((200, 200), (1, 0), 200, 1),
        ((200, 200), (1, 1), 200, -1),
        ((160, 160, 100), (1, 2, 0), 150, 0),
        ((190, 120), (0, 0), 200, -1),
    ],
)
def test_4_4_game_end(
    scores: tuple[int, ...], bags: tuple[int, ...], target: int, winner: int
) -> None:
    assert game_winner(scores, bags, target) == winner
