"""Rule-by-rule scenarios: setup, options, the turn, the rule adjustments, the end."""

from __future__ import annotations

import pytest

from games.core import BadOptions, IllegalAction
from games.game_of_rows import ENGINE
from games.game_of_rows.cards import DECK
from games.game_of_rows.poker import hand_key
from games.game_of_rows.rules import ranking
from games.game_of_rows.state import CHALLENGE, OVER, TURN
from tests.games.conformance import string_leaves
from tests.games.game_of_rows.helpers import all_cards, codes, play, row_text, scenario

BLUFF = {"bluffing": True}
EMPTY = "· " * 9


# setup ---------------------------------------------------------------------------------------
@pytest.mark.parametrize(("players", "deck"), [(2, 44), (3, 39), (4, 34)])
def test_deal_sizes(players: int, deck: int) -> None:
    s = ENGINE.new_game(players, seed=3)
    assert [len(h) for h in s.hands] == [5] * players and len(s.deck) == deck
    assert (
        all_cards(s) == all_cards(ENGINE.new_game(2, seed=4)) and sum(all_cards(s).values()) == 54
    )


def test_rigged_deal_order_starts_with_the_first_player() -> None:
    rigged = list(DECK[:12])
    s = ENGINE.new_game(2, options={"first_player": 1}, seed=0, deck=rigged)
    assert s.hands[1] == tuple(rigged[0:10:2]) and s.hands[0] == tuple(rigged[1:10:2])
    assert s.deck[:2] == tuple(rigged[10:12]) and s.turn == 1


def test_options_are_checked() -> None:
    with pytest.raises(BadOptions, match="Unknown option"):
        ENGINE.new_game(2, options={"rows": 3})
    with pytest.raises(BadOptions, match="first_player"):
        ENGINE.new_game(2, options={"first_player": 2})
    with pytest.raises(BadOptions):
        ENGINE.new_game(2, options={"max_rows": 5})
    with pytest.raises(BadOptions):
        ENGINE.new_game(5)
    with pytest.raises(BadOptions, match="not in the deck"):
        ENGINE.new_game(2, deck=["1X"])


def test_mayhem_switches_on_skipping_and_bluffing() -> None:
    s = scenario(hands=[["2C", "5D"], ["3S"]], deck=5, options={"mayhem": True})
    legal = codes(s)
    assert "skip" in legal and "down:5D@new.10" in legal
    plain = scenario(hands=[["2C", "5D"], ["3S"]], deck=5)
    assert not {"skip", "down:5D@new.10"} & codes(plain)


# the turn ------------------------------------------------------------------------------------
def test_only_the_active_player_acts() -> None:
    s = scenario(hands=[["2C"], ["2D"]], deck=5)
    assert ENGINE.to_act(s) == [0] and ENGINE.legal_actions(s, 1) == []
    with pytest.raises(IllegalAction, match="turn"):
        ENGINE.apply(s, 1, "place:2D@new.2")
    with pytest.raises(IllegalAction, match="do not hold"):
        ENGINE.apply(s, 0, "place:2D@new.2")
    with pytest.raises(IllegalAction, match="malformed"):
        ENGINE.apply(s, 0, "place:2C@nowhere")


def test_at_least_one_then_free_to_stop() -> None:
    s = scenario(hands=[["2C", "TD", "3S"], ["4S"]], deck=5)
    assert "end" not in codes(s)
    s, _ = play(s, "place:2C@new.2")
    assert "end" in codes(s)  # the 10 could still go, but one placement is enough (D5)


def test_all_valid_must_play_everything_playable() -> None:
    s = scenario(
        hands=[["2C", "TD", "3S"], ["4S"]], deck=5, options={"play_obligation": "all_valid"}
    )
    s, _ = play(s, "place:2C@new.2")
    assert "end" not in codes(s)
    s, _ = play(s, "place:TD@1.10", "place:3S@1.3")
    assert "end" in codes(s)


def test_unblocking_may_create_an_obligation_d6() -> None:
    s = scenario(rows=["2C 3C 4C 5C 6C JS 8C 9C TC"], hands=[["JH", "7D", "5S"], ["4S"]], deck=5)
    assert not s.must_place and "end" in codes(s)
    s, _ = play(s, "unblock:JH@1.7")
    assert "end" not in codes(s)


def test_cards_drawn_at_the_end_are_not_played_this_turn() -> None:
    s = scenario(hands=[["2C"], ["4S"]], deck=["TC", "3C", "5C", "6C", "7C"])
    s, _ = play(s, "place:2C@new.2", "end")
    assert s.turn == 1 and "TC" in s.hands[0]


def test_jokers_never_go_on_jokers_or_number_cards() -> None:
    s = scenario(rows=["2C JK · · · · · 9C TC"], hands=[["JK", "3D"], ["4S"]], deck=5)
    assert {c for c in codes(s) if c.startswith("place:JK")} == {
        "place:JK@1.4",
        "place:JK@1.8",
        "place:JK@new.2",
        "place:JK@new.10",
    }
    assert "place:3D@1.3" in codes(s)


def test_a_completed_row_frees_its_slot_and_suit() -> None:
    sf = {"format": "straight_flush", "max_rows": 1}
    s = scenario()
    s = scenario(
        rows=[("2H 3H 4H 5H · 7H 8H 9H TH", "H")], hands=[["6H", "JK"], ["4S"]], options=sf
    )
    assert "place:JK@new.2H" not in codes(s)
    s, events = play(s, "place:6H@1.6")
    assert s.rows == (None,) and s.completed == 1
    assert "place:JK@new.2H" in codes(s)
    done = next(e for e in events if e.kind == "row_completed")
    assert done.data["cards"][4] == "6H"


def test_blockers_never_start_a_row_even_in_mayhem() -> None:
    s = scenario(hands=[["KC", "5D"], ["4S"]], deck=5, options={"mayhem": True})
    assert not any(c.startswith("block") for c in codes(s))


# skipping --------------------------------------------------------------------------------------
def test_skip_only_as_the_first_action() -> None:
    s = scenario(hands=[["2C", "TD"], ["4S"]], deck=5, options={"skipping": True})
    assert "skip" in codes(s)
    s2, _ = play(s, "place:2C@new.2")
    assert "skip" not in codes(s2)
    with pytest.raises(IllegalAction, match="first action"):
        ENGINE.apply(s2, 0, "skip")
    with pytest.raises(IllegalAction, match="not allowed at this table"):
        ENGINE.apply(scenario(hands=[["2C"], []], deck=5), 0, "skip")


# bluffing --------------------------------------------------------------------------------------
def test_face_down_targets_are_joker_targets_and_lock_the_turn() -> None:
    s = scenario(
        rows=["2C · · · · · · · TC"], hands=[["KS", "5D", "QH"], ["4S"]], deck=9, options=BLUFF
    )
    downs = {c.split("@")[1] for c in codes(s) if c.startswith("down:KS")}
    assert downs == {"1.3", "1.9", "new.2", "new.10"}
    s, _ = play(s, "down:KS@1.3")
    assert codes(s) == {
        "down:5D@1.4",
        "down:5D@1.9",
        "down:5D@new.2",
        "down:5D@new.10",
        "down:QH@1.4",
        "down:QH@1.9",
        "down:QH@new.2",
        "down:QH@new.10",
        "end",
    }


def test_at_most_five_face_down_cards() -> None:
    hand = ["3D", "4D", "5D", "6D", "7D", "8D"]
    s = scenario(rows=["2C · · · · · · · TC"], hands=[hand, ["4S"]], deck=9, options=BLUFF)
    s, _ = play(s, "down:3D@1.3", "down:4D@1.4", "down:5D@1.5", "down:6D@1.6", "down:7D@1.7")
    assert codes(s) == {"end"}
    with pytest.raises(IllegalAction, match="At most 5"):
        ENGINE.apply(s, 0, "down:8D@1.8")


def test_all_valid_allows_face_down_only_without_a_face_up_play() -> None:
    opts = {"bluffing": True, "play_obligation": "all_valid"}
    s = scenario(hands=[["2C", "5D"], ["4S"]], deck=9, options=opts)
    assert not any(c.startswith("down") for c in codes(s))
    s, _ = play(s, "place:2C@new.2")
    assert "down:5D@1.10" in codes(s)


def test_challenge_window_waits_for_every_other_player() -> None:
    s = scenario(3, hands=[["2C", "5D"], ["4S"], ["4H"]], deck=9, options=BLUFF)
    s, _ = play(s, "place:2C@new.2", "down:5D@1.10", "end")
    assert s.phase == CHALLENGE and ENGINE.to_act(s) == [1, 2]
    assert ENGINE.legal_actions(s, 0) == [] and codes(s, 1) == {"call", "pass"}
    view = ENGINE.view(s, None)
    assert view["challenge"]["waiting"] == [1, 2] and view["challenge"]["seconds"] == 30
    s, _ = play(s, "pass", seat=2)
    assert ENGINE.to_act(s) == [1]
    with pytest.raises(IllegalAction):
        ENGINE.apply(s, 2, "call")
    s, events = play(s, "pass", seat=1)
    assert s.phase == TURN and s.turn == 1
    assert [e.kind for e in events][:2] == ["pass", "challenge_closed"]


def test_first_call_closes_the_window() -> None:
    s = scenario(3, hands=[["2C", "5D"], ["4S"], ["4H"]], deck=9, options=BLUFF)
    s, _ = play(s, "place:2C@new.2", "down:5D@1.10", "end", "call")
    assert s.phase == TURN and s.reveal is not None and s.reveal.caller == 1
    assert ENGINE.legal_actions(s, 2) == []


def test_face_down_identity_stays_secret_until_revealed() -> None:
    s = scenario(hands=[["2C", "KD"], ["4S"]], deck=9, options=BLUFF)
    s, events = play(s, "place:2C@new.2", "down:KD@1.10", "end")
    public = [e.data for e in events if e.visible_to is None]
    assert "KD" not in set(string_leaves(public))
    assert "KD" not in set(string_leaves(ENGINE.view(s, None)))
    assert "KD" not in set(string_leaves(ENGINE.view(s, 1)))
    mine = ENGINE.view(s, 0)["rows"][0]["positions"][8]
    assert mine["your_card"] == "KD" and mine["face_down"] == {"owner": 0, "claim": 10}
    s, _ = play(s, "pass", seat=1)
    assert "KD" not in set(string_leaves(ENGINE.view(s, 1)))


def test_whether_the_player_to_act_can_place_is_theirs_alone() -> None:
    """§7 does not list it as public: it comes from the hand. Before the player acts, neither
    the public view, another seat's view nor the turn event says whether their hand holds a
    card to place; their own view does (the hand shows them which cards fit)."""
    stuck = scenario(hands=[["KD"], ["4S"]], rows=[("2C 3C · · · · · · ·", "C")], deck=9)
    can = scenario(hands=[["TC"], ["4S"]], rows=[("2C 3C · · · · · · ·", "C")], deck=9)
    for s in (stuck, can):
        assert ENGINE.view(s, 0)["must_place"] is s.must_place
        assert ENGINE.view(s, None)["must_place"] is None
        assert ENGINE.view(s, 1)["must_place"] is None
    assert not stuck.must_place and can.must_place
    # the turn event that starts seat 1's turn: "whose turn", nothing of the hand
    _, events = play(can, "place:TC@1.10", "end")
    turns = [e for e in events if e.kind == "turn"]
    assert turns and all(e.data == {"seat": 1} and e.visible_to is None for e in turns)


def test_caught_bluffer_is_removed_on_an_empty_deck() -> None:
    s = scenario(3, hands=[["2C", "KD"], ["4S"], ["4H"]], deck=0, options=BLUFF)
    s, _ = play(s, "place:2C@new.2", "down:KD@1.10", "end", "call")
    assert s.removed == (0,) and s.hands[0] == () and s.deck == ("KD",)
    assert row_text(s, 0) == "2C · · · · · · · ·" and s.turn == 1


def test_bluff_penalty_on_a_short_deck_keeps_the_player_in() -> None:
    s = scenario(hands=[["2C", "KD", "QD"], ["4S"]], deck=1, options=BLUFF)
    s, _ = play(s, "place:2C@new.2", "down:KD@1.10", "down:QD@1.3", "end", "call")
    # replenish takes the only card, the penalty of 2 meets an empty deck: removed
    assert s.removed == (0,)
    # five cards left after the plays: nothing to replenish, so the one card is the penalty
    hand = ["2C", "KD", "QD", "3S", "4S", "5S", "6S", "7S"]
    s = scenario(hands=[hand, ["4H"]], deck=1, options=BLUFF)
    s, _ = play(s, "place:2C@new.2", "down:KD@1.10", "down:QD@1.3", "end", "call")
    assert s.removed == () and len(s.hands[0]) == 8 and s.deck == ()


def test_completion_by_face_down_waits_for_the_challenge() -> None:
    row = "2C 3C 4C 5C · 7C 8C 9C TC"
    s = scenario(rows=[row], hands=[["6D", "KD"], ["4S"]], deck=9, options=BLUFF)
    s, _ = play(s, "place:6D@1.6")
    assert s.rows[0] is None
    s = scenario(rows=[row], hands=[["KD", "3H"], ["4S"]], deck=9, options=BLUFF)
    s, _ = play(s, "down:KD@1.6", "end")
    assert s.rows[0] is not None and s.completed == 0  # still there during the window
    passed, _ = play(s, "pass", seat=1)
    assert passed.rows[0] is None and passed.completed == 1
    called, _ = play(s, "call", seat=1)
    assert row_text(called, 0) == row and called.completed == 0


def test_uncalled_face_down_card_cannot_be_overlaid_or_blocked() -> None:
    s = scenario(
        rows=["2C · · · · · · · TC"],
        hands=[["JK", "KD"], ["3H", "QS", "JK"]],
        deck=9,
        options=BLUFF,
    )
    s, _ = play(s, "down:KD@1.3", "end", "pass")
    legal = codes(s)
    assert "place:3H@1.3" not in legal and "place:JK@1.4" in legal
    assert not any(c.endswith("@1.3") for c in legal)


def test_reveal_bluffs_at_end() -> None:
    row = "2C 3C 4C 5C · 7C 8C 9C TC"
    opts = {"bluffing": True, "reveal_bluffs_at_end": True}
    s = scenario(rows=[row], hands=[["KD"], ["4S", "5S"]], deck=0, options=opts, completed=3)
    s, _ = play(s, "down:KD@1.6", "end")
    assert "bluffs" not in ENGINE.view(s, None)
    s, _ = play(s, "pass", seat=1)
    assert s.phase == OVER and s.completed == 4
    view = ENGINE.view(s, None)
    assert view["bluffs"] == [{"row": None, "owner": 0, "card": "KD"}]
    assert ENGINE.result(s).winners == [0]  # out of cards by an uncalled bluff (D16)


# the end ------------------------------------------------------------------------------------------
def test_four_completed_rows_end_the_game() -> None:
    row = "2C 3C 4C 5C · 7C 8C 9C TC"
    s = scenario(
        3, rows=[row], hands=[["6D", "2S", "JK"], ["4S", "5S"], ["4H"]], deck=0, completed=3
    )
    s, _ = play(s, "place:6D@1.6")
    assert codes(s) == {"end"}
    s, events = play(s, "end")
    over = next(e for e in events if e.kind == "game_over")
    assert over.data["reason"] == "four rows completed"
    # equal counts: the Joker pairs the 2 (wild), above 5-high
    assert s.places == (2, 3, 1)
    assert ENGINE.result(s).winners == [2] and ENGINE.result(s).scores == [1, 0, 2]
    assert ENGINE.to_act(s) == [] and ENGINE.legal_actions(s, 0) == []


def test_an_empty_hand_wins_and_ends_the_game() -> None:
    s = scenario(3, hands=[["2C"], ["4S", "5S"], ["4H"]], deck=0)
    s, events = play(s, "place:2C@new.2", "end")
    assert s.phase == OVER and s.places == (1, 3, 2)
    assert any(e.kind == "out_of_cards" for e in events)


def test_play_for_places_continues_until_one_is_left() -> None:
    opts = {"play_for_places": True}
    s = scenario(3, hands=[["2C"], ["TC", "9D"], ["4H", "5H", "6H"]], deck=0, options=opts)
    s, _ = play(s, "place:2C@new.2", "end")
    assert s.phase == TURN and s.finished == (0,) and s.turn == 1
    s, _ = play(s, "place:TC@1.10", "end")
    assert s.turn == 2  # seat 0 is skipped from now on
    s, _ = play(s, "end")
    assert s.turn == 1 and s.phase == TURN
    s = scenario(3, hands=[["2C"], ["TC"], ["4H", "5H", "6H"]], deck=0, options=opts)
    s, _ = play(s, "place:2C@new.2", "end", "place:TC@1.10", "end")
    assert s.phase == OVER and s.places == (1, 2, 3)


def test_last_one_standing_wins() -> None:
    s = scenario(hands=[["2C", "KD"], ["4S"]], deck=0, options=BLUFF)
    s, _ = play(s, "place:2C@new.2", "down:KD@1.10", "end", "call")
    assert s.phase == OVER and s.removed == (0,) and ENGINE.result(s).winners == [1]


def test_removed_players_rank_last_later_removed_above() -> None:
    hands = [("AS",), (), ("KS", "KH"), ("2C",)]
    assert ranking(4, list(hands), (), (1, 2), False) == [1, 4, 3, 2]


def test_equal_hands_share_a_place() -> None:
    hands = [("KS", "KH", "2C"), ("KD", "KC", "2D"), ("AS", "AD", "AH", "AC")]
    assert ranking(3, hands, (), (), False) == [1, 1, 3]


# poker --------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("better", "worse"),
    [
        (["JK", "AS", "AH", "AD", "AC"], ["AS", "KS", "QS", "JS", "TS"]),  # five of a kind
        (["AS", "2D", "3C", "4H", "5S", "KD"], ["AS", "AD", "AH", "KC", "QD", "2C"]),  # wheel
        (["6S", "2D", "3C", "4H", "5S"], ["AS", "2D", "3C", "4H", "5D"]),  # 6-high > wheel
        (["KS", "KH", "7D", "7C"], ["KD", "KC", "AS", "QS"]),  # two pair > pair (k=4)
        (["9S", "9H", "9D", "2C"], ["AS", "AH", "KD", "KC"]),  # trips > two pair
        (["AS", "KD"], ["QS", "JD"]),  # high card, k=2
        (["JK", "3C"], ["AS", "KD"]),  # wild Joker pairs the 3
    ],
)
def test_poker_order(better: list[str], worse: list[str]) -> None:
    assert hand_key(better) > hand_key(worse)


def test_joker_high_never_pairs_or_makes_straights() -> None:
    assert hand_key(["JK", "3C"], joker_high=True) < hand_key(["2S", "2D"], joker_high=True)
    assert hand_key(["JK", "3C"], joker_high=True) > hand_key(["AS", "KD"], joker_high=True)
    straight = ["2C", "3D", "4H", "5S", "JK"]
    assert hand_key(straight, joker_high=True)[0] == 0
    assert hand_key(straight)[0] == 4
    assert hand_key(["JK", "JK", "9C"], joker_high=True)[0] == 0
    ranked = ranking(2, [("JK", "3C"), ("AS", "KD")], (), (), True)
    assert ranked == [1, 2]
