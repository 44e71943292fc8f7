"""Every test vector of spec §8, in order, on boards built with :func:`helpers.scenario`."""

from __future__ import annotations

from dataclasses import replace

import pytest

from games.core import IllegalAction
from games.game_of_rows import ENGINE
from games.game_of_rows.poker import hand_key
from games.game_of_rows.rules import ranking
from games.game_of_rows.state import CHALLENGE, OVER
from tests.games.game_of_rows.helpers import all_cards, codes, play, row_text, scenario

SF = {"format": "straight_flush"}


def placements(state, seat=None):
    return {c for c in codes(state, seat) if c.startswith("place:")}


# 1 ------------------------------------------------------------------------------------------
def test_v1_opening_a_row() -> None:
    s = scenario(hands=[["2C", "7D", "KS", "9H", "JK"], ["3S"]], deck=10)
    assert placements(s) == {"place:2C@new.2", "place:JK@new.2", "place:JK@new.10"}
    assert not any(c.startswith(("block", "unblock")) for c in codes(s))
    s, _ = play(s, "place:2C@new.2")
    assert row_text(s, 0) == "2C · · · · · · · ·"
    assert placements(s) == {"place:JK@1.10", "place:JK@new.2", "place:JK@new.10"}
    s, _ = play(s, "end")
    assert len(s.hands[0]) == 5 and s.turn == 1


def test_v1_row_cap() -> None:
    rows = ["2D " + "· " * 8, "2H " + "· " * 8, "2S " + "· " * 8, "JK " + "· " * 8]
    s = scenario(rows=rows, hands=[["2C", "JK"], ["3S"]], deck=5)
    # no new row (4 active): the 2C only overlays the Joker; the Joker fills a missing 10
    assert placements(s) == {"place:2C@4.2"} | {f"place:JK@{r}.10" for r in range(1, 5)}


# 2 ------------------------------------------------------------------------------------------
R1 = "2C 3D 4S · · · · 9H TD"


def test_v2_extending_from_both_ends() -> None:
    s = scenario(rows=[R1], hands=[["5H", "6C", "8S", "JC", "QD"], ["3S"]], deck=10)
    assert placements(s) == {"place:5H@1.5", "place:8S@1.8"}
    assert not any(c.startswith(("block", "unblock")) for c in codes(s))
    with pytest.raises(IllegalAction, match="before blocking"):
        ENGINE.apply(s, 0, "block:JC@1.5")
    s, _ = play(s, "place:5H@1.5", "place:6C@1.6", "place:8S@1.8")
    assert ENGINE.view(s, None)["rows"][0]["frontiers"] == [7]
    s, _ = play(s, "block:JC@1.7")
    assert row_text(s, 0) == "2C 3D 4S 5H 6C JC 8S 9H TD"
    assert s.hands[0] == ("QD",)
    s, events = play(s, "end")
    assert len(s.hands[0]) == 5
    draws = [e.data for e in events if e.kind == "draw"]
    assert draws == [{"seat": 0, "count": 4, "reason": "replenish"}]


# 3 ------------------------------------------------------------------------------------------
def test_v3_unblock_then_forced_fill() -> None:
    row = "2C 3D 4S 5H 6C JC 8S 9H TD"
    s = scenario(rows=[row], hands=[["3S"], ["QH", "7H", "9C"]], deck=10, turn=1)
    assert not s.must_place
    assert "unblock:QH@1.7" in codes(s)
    s, _ = play(s, "unblock:QH@1.7")
    assert "end" not in codes(s)
    with pytest.raises(IllegalAction, match="must place"):
        ENGINE.apply(s, 1, "end")
    s, events = play(s, "place:7H@1.7")
    assert s.rows[0] is None and s.completed == 1
    assert any(e.kind == "row_completed" for e in events)
    assert sum(all_cards(s).values()) == 54


# 4 ------------------------------------------------------------------------------------------
VALUE_ROWS = [
    "2C 3C JC/QD · · · · 9C TC",  # 4 open (Q♦), 8 an empty frontier
    "2D 3D KS · · · · 9D TD",  # 4 blocked by K♠
    "2H 3H AC · · · · 9H TH",  # 4 blocked by A♣
]


def test_v4_blockers_on_an_unblocker() -> None:
    s = scenario(rows=VALUE_ROWS, hands=[["JS", "QC", "AS"], ["3S"]], deck=5)
    legal = codes(s)
    assert "block:JS@1.4" not in legal
    assert {"block:QC@1.4", "block:AS@1.4"} <= legal
    # a blocker never covers a blocker, a number card or a corner
    assert {c for c in legal if c.startswith("block:AS")} == {
        "block:AS@1.4",
        "block:AS@1.8",
        "block:AS@2.8",
        "block:AS@3.8",
    }


def test_v4_unblockers_on_blockers() -> None:
    s = scenario(rows=VALUE_ROWS, hands=[["JD", "QH", "KH", "AD"], ["3S"]], deck=5)
    legal = codes(s)
    assert "unblock:JD@2.4" not in legal and "unblock:QH@2.4" not in legal
    assert {"unblock:KH@2.4", "unblock:AD@2.4"} <= legal
    assert {c for c in legal if c.endswith("@3.4")} == {"unblock:AD@3.4"}
    # an unblocker never goes on an unblocker (row 1, position 4 is open)
    assert not any(c.endswith("@1.4") for c in legal)


# 5 ------------------------------------------------------------------------------------------
def test_v5_overlaying_a_joker() -> None:
    rows = [None, "2S 3S JK · · · · · TS"]
    s = scenario(rows=rows, hands=[["4C", "4S"], ["3D"]], deck=5)
    assert {"place:4C@2.4", "place:4S@2.4"} <= placements(s)
    s2, _ = play(s, "place:4C@2.4")
    assert s2.placed and row_text(s2, 1).startswith("2S 3S JK/4C")
    sf = scenario(rows=[None, ("2S 3S JK · · · · · TS", "S")], hands=[["4C", "4S"], []], options=SF)
    assert "place:4C@2.4" not in placements(sf) and "place:4S@2.4" in placements(sf)


def test_v5_suits_in_straight_flush() -> None:
    s = scenario(rows=[("2H " + "· " * 8, "H")], hands=[["TC", "TH", "JK"], []], options=SF)
    legal = placements(s)
    assert "place:TC@1.10" not in legal and "place:TC@new.10C" in legal
    assert "place:TH@1.10" in legal and "place:TH@new.10H" not in legal
    # a Joker starting a row declares corner and suit (not hearts: that row is active)
    assert {"place:JK@new.10D", "place:JK@new.2S"} <= legal
    assert "place:JK@new.10H" not in legal and "place:JK@new.10" not in legal
    s, _ = play(s, "place:JK@new.10D")
    assert s.rows[1][0] == "D"
    assert ENGINE.view(s, None)["rows"][1]["suit"] == "D"


# 6 ------------------------------------------------------------------------------------------
ONE_CORNER = "· · · · · · · · TD"


def test_v6_basic_cannot_block_a_one_corner_row() -> None:
    s = scenario(rows=[None, None, ONE_CORNER], hands=[["KC"], ["3S"]], deck=5)
    assert not any(c.startswith("block") for c in codes(s))


def test_v6_mayhem_blocks_a_corner() -> None:
    # one row slot, so the 2s in hand cannot start another row
    opts = {"mayhem": True, "max_rows": 1}
    s = scenario(rows=[ONE_CORNER], hands=[["KC", "5D"], ["KH", "2H", "QD"]], deck=10, options=opts)
    s, _ = play(s, "block:KC@1.2")
    assert row_text(s, 0) == "KC · · · · · · · TD"
    s, _ = play(s, "end")
    legal = codes(s)
    assert "place:2H@1.2" not in legal and "unblock:QD@1.2" not in legal
    s, _ = play(s, "unblock:KH@1.2")
    assert {"place:2H@1.2", "place:JK@1.2"} & codes(s) == {"place:2H@1.2"}
    s, _ = play(s, "place:2H@1.2")
    assert row_text(s, 0) == "KC/KH/2H · · · · · · · TD"
    assert ENGINE.view(s, None)["rows"][0]["anchored"]


# 7 ------------------------------------------------------------------------------------------
PEN_ROW = "2D 3D [B:KC] · · · 8C 9C TC"
PEN_HAND = ["KH", "5C", "6D", "9S", "AC"]


def test_v7_block_only_costs_a_penalty() -> None:
    s = scenario(rows=[PEN_ROW], hands=[PEN_HAND, ["3S"]], deck=10)
    assert not s.must_place
    s, events = play(s, "block:AC@1.7", "end")
    assert len(s.hands[0]) == 6
    reasons = [(e.data["reason"], e.data["count"]) for e in events if e.kind == "draw"]
    assert reasons == [("replenish", 1), ("no-move penalty", 1)]


def test_v7_unblock_only_costs_a_penalty() -> None:
    s = scenario(rows=[PEN_ROW], hands=[PEN_HAND, ["3S"]], deck=10)
    s, _ = play(s, "unblock:KH@1.4")
    assert "end" in codes(s)
    s, _ = play(s, "end")
    assert len(s.hands[0]) == 6


@pytest.mark.parametrize(("deck", "after"), [(10, 7), (1, 6)])
def test_v7_skip(deck: int, after: int) -> None:
    s = scenario(rows=[PEN_ROW], hands=[PEN_HAND, ["3S"]], deck=deck, options={"skipping": True})
    s, events = play(s, "skip")
    assert len(s.hands[0]) == after and s.turn == 1
    assert [e.data["reason"] for e in events if e.kind == "draw"] == ["skip penalty"]


# 8 ------------------------------------------------------------------------------------------
BLUFF_ROW = "2S 3H · · · · · · TC"
BLUFF = {"bluffing": True}


def _bluffed(fd: tuple[str, str], deck: int = 20, players: int = 2):
    hand = ["3C", fd[0], "QH", fd[1], "2D"]
    others = [["5S", "6S", "7S", "8S"]] + [["4S"]] * (players - 2)
    s = scenario(players, rows=[BLUFF_ROW], hands=[hand, *others], deck=deck, options=BLUFF)
    s, _ = play(s, "place:2D@new.2", f"down:{fd[0]}@1.4", f"down:{fd[1]}@1.9")
    assert sorted(s.hands[0]) == ["3C", "QH"]
    s, events = play(s, "end")
    assert s.phase == CHALLENGE and ENGINE.to_act(s) == list(range(1, players))
    return s, events


def test_v8_bluff_caught() -> None:
    s, _ = _bluffed(("JS", "8D"))
    s, events = play(s, "call", seat=1)
    assert len(s.hands[0]) == 9
    assert row_text(s, 0) == BLUFF_ROW and row_text(s, 1) == "2D · · · · · · · ·"
    reveal = next(e for e in events if e.kind == "reveal")
    assert reveal.data["outcome"] == "caught" and reveal.visible_to is None
    assert [c["label"] for c in reveal.data["cards"]] == ["J♠", "8♦"]
    assert [(e.data["reason"], e.data["count"]) for e in events if e.kind == "draw"] == [
        ("replenish", 3),
        ("bluff penalty", 2),
    ]
    assert len(s.hands[1]) == 4 and s.turn == 1


def test_v8_wrong_call() -> None:
    s, _ = _bluffed(("4D", "JK"))
    s, events = play(s, "call", seat=1)
    assert row_text(s, 0) == "2S 3H 4D · · · · JK TC"
    assert len(s.hands[1]) == 6 and len(s.hands[0]) == 5
    assert [(e.data["seat"], e.data["reason"]) for e in events if e.kind == "draw"] == [
        (1, "bluff penalty"),
        (0, "replenish"),
    ]
    # the revealed Joker is an ordinary Joker: a 9 may go on it later
    later = replace(s, hands=(s.hands[0], ("9S",)))
    assert "place:9S@1.9" in codes(later, 1)


def test_v8_not_called() -> None:
    s, _ = _bluffed(("JS", "8D"))
    s, events = play(s, "pass", seat=1)
    assert row_text(s, 0) == "2S 3H ?JS@0 · · · · ?8D@0 TC"
    assert len(s.hands[0]) == 5 and len(s.hands[1]) == 4
    assert ENGINE.view(s, None)["rows"][0]["frontiers"] == [5, 8]
    assert not any(e.kind == "reveal" for e in events)


def test_v8_removal_of_a_wrong_caller() -> None:
    s, _ = _bluffed(("4D", "JK"), deck=0, players=3)
    s, events = play(s, "call", seat=2)
    assert s.removed == (2,) and s.hands[2] == ()
    # the caller's card went to the deck and the bluffer's replenish drew it
    assert len(s.hands[0]) == 3 and len(s.deck) == 0
    assert any(e.kind == "removed" and e.data["seat"] == 2 for e in events)
    assert s.phase != OVER and s.turn == 1


def test_v8_removal_in_two_players_ends_the_game() -> None:
    s, _ = _bluffed(("4D", "JK"), deck=0)
    s, _ = play(s, "call", seat=1)
    assert s.removed == (1,) and s.phase == OVER
    assert len(s.hands[0]) == 5  # replenished from the caller's 4 cards
    assert ENGINE.result(s).winners == [0]


# 9 ------------------------------------------------------------------------------------------
def test_v9_ranking_by_cards_then_poker() -> None:
    hands = [("KS", "KH", "5D"), ("AS", "QH", "JD"), ("7C", "8C", "9D", "TH")]
    assert ranking(3, hands, (), (), False) == [1, 2, 3]
    assert hand_key(["JK", "9C", "9D"]) > hand_key(["KS", "KH", "QD"])
    x = hand_key(["2C", "3D", "4H", "5S", "JK", "KC"])
    y = hand_key(["KS", "KH", "KD", "7C", "7D", "2H"])
    assert x == (4, (6,)) and y[0] == 6 and y > x


# 10 -----------------------------------------------------------------------------------------
def test_v10_stalemate() -> None:
    row = "2C 3C 4C AC · AS 8C 9C TC"
    s = scenario(rows=[row], hands=[["5D", "6H", "KD"], ["7D", "QH"]], deck=0)
    assert placements(s) == set() and not any(c.startswith(("block", "unblock")) for c in codes(s))
    s, _ = play(s, "end")
    assert s.phase != OVER
    s, events = play(s, "end")
    over = next(e for e in events if e.kind == "game_over")
    assert over.data["reason"] == "stalemate" and s.places == (2, 1)
