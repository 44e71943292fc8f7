"""Rule-by-rule scenarios (spec §2-§4 and the decisions of §6), on exact positions."""

from __future__ import annotations

from collections import Counter

import pytest

from games.boat_canasta import ENGINE
from games.boat_canasta.deck import DECK, JOKER
from games.boat_canasta.melds import MIXED, NATURAL
from games.boat_canasta.scoring import side_score
from games.boat_canasta.state import DRAW, PLAY, SCORED
from games.core import BadOptions, IllegalAction
from tests.games.boat_canasta.helpers import arrange, card_census, codes, kinds, play

KINGS7 = ["KC", "KC", "KD", "KD", "KH", "KH", "KS"]
CANASTA = {"K": KINGS7}


# --- deal and red 3s -----------------------------------------------------------------------


def test_rigged_deal_order_and_red_three_chain() -> None:
    """Dealt one at a time from the dealer's left; 3Rs replaced from the stock top, left first."""
    fillers = [c for c in DECK if c[0] in "456789"][:26]
    deck = ["3H", "3D", *fillers, "3H", "KC", "QC"]
    state = ENGINE.new_game(2, options={"first_dealer": 0}, seed=3, deck=deck)
    assert state.dealer == 0 and state.turn == 1 and state.g == 1
    assert state.red3 == (("3D",), ("3H", "3H"))  # seat 1's replacement was the other 3H
    assert "KC" in state.hands[1] and "QC" in state.hands[0]
    assert [len(h) for h in state.hands] == [14, 14]
    assert len(state.stock) == 80 - 3
    assert card_census(state) == Counter(DECK)


def test_a_drawn_red_three_is_laid_out_and_replaced() -> None:
    state = arrange(2, stock_top=["3H", "KC"], g=1)
    before = len(state.hands[0])
    state, events = play(state, (0, "draw"))
    assert state.red3[0][-1] == "3H" and "KC" in state.hands[0]
    assert len(state.hands[0]) == before + 1
    red = next(e for e in events if e.kind == "red_three")
    drew = next(e for e in events if e.kind == "drew")
    assert red.visible_to is None and red.data["card"] == "3H"
    assert drew.visible_to == (0,) and drew.data["card"] == "KC"
    assert all("KC" not in str(e.data) for e in events if e.visible_to is None)


# --- melds ---------------------------------------------------------------------------------


def test_wilds_stay_fewer_than_naturals() -> None:
    state = arrange(
        2,
        hands={0: ["KS", JOKER, "5C", "6C"]},
        melds={0: {"K": ["KC", "KD", "2C"]}},
        phase=PLAY,
    )
    options = codes(state, 0)
    assert "add:K:0:JK" not in options and "add:K:1:JK" in options
    with pytest.raises(IllegalAction, match="fewer wilds than naturals"):
        ENGINE.apply(state, 0, "add:K:0:JK")


def test_one_meld_per_rank_and_wild_meld_takes_only_wilds() -> None:
    state = arrange(
        2,
        hands={0: ["KS", "KH", "KH", "2D", "2H", JOKER, "5C"]},
        melds={0: {"K": ["KC", "KD", "KD"]}},
        phase=PLAY,
    )
    options = codes(state, 0)
    assert not any(c.startswith("meld:K:") for c in options)
    with pytest.raises(IllegalAction, match="already has a meld of K"):
        ENGINE.apply(state, 0, "meld:K:3")
    assert "meld:W:2:1" in options
    state, _ = play(state, (0, "meld:W:2:1"))
    assert [c for c in codes(state, 0) if c.startswith("add:W")] == []  # no wild left
    with pytest.raises(IllegalAction):
        ENGINE.apply(state, 0, "add:W:1")  # naturals never join the wild meld
    assert not any(c.startswith("meld:W") for c in codes(state, 0))


def test_a_wild_turns_a_natural_canasta_mixed() -> None:
    state = arrange(2, hands={0: ["2C", "5C", "6C"]}, melds={0: CANASTA}, phase=PLAY)
    assert ENGINE.view(state, None)["melds"][0][0]["canasta"] == NATURAL
    state, events = play(state, (0, "add:K:0:2"))
    assert events[-1].data["canasta"] == MIXED
    state, _ = play(state, (0, "discard:5C"), (1, "draw"))
    rows = side_score(list(state.melds[0]), 0, [], 0)
    assert rows[1] == 300 and rows[0] == 70 + 20


def test_a_canasta_is_recomputed_when_it_reaches_seven() -> None:
    state = arrange(
        2, hands={0: ["QS", "QS", "5C"]}, melds={0: {"Q": ["QC", "QC", "QD", "QD", "2C"]}}
    )
    state, _ = play(state, (0, "draw"))
    state, events = play(state, (0, "add:Q:2"))
    assert events[-1].data["canasta"] == MIXED


# --- the Treasure pile ---------------------------------------------------------------------


def test_discarding_a_wild_or_black_three_blocks_the_pile() -> None:
    state = arrange(2, hands={0: ["2C", "5C", "6C"], 1: ["9C", "9D", "7C"]}, phase=PLAY)
    state, events = play(state, (0, "discard:2C"))
    assert state.frozen and events[0].data["blocked"] is True
    state, _ = play(state, (1, "draw"), (1, "discard:7C"))
    view = ENGINE.view(state, None)
    assert view["pile_top"] == "7C" and view["pile_blocked"] is True  # still frozen (D5)


@pytest.mark.parametrize("freezes", [True, False])
def test_black_three_freezes_option(freezes: bool) -> None:
    state = arrange(
        2,
        hands={0: ["3C", "5C", "6C"], 1: ["7C", "8C", "8D"]},
        phase=PLAY,
        options={"black_three_freezes": freezes},
    )
    state, _ = play(state, (0, "discard:3C"))
    assert state.frozen is freezes
    assert ENGINE.view(state, None)["pile_blocked"] is True  # a 3B on top blocks either way
    assert "take:0" not in codes(state, 1)
    state, _ = play(state, (1, "draw"), (1, "discard:7C"))
    assert ENGINE.view(state, None)["pile_blocked"] is freezes


def test_taking_the_pile_ends_the_block() -> None:
    state = arrange(
        2,
        hands={0: ["9C", "9D", "5C"]},
        melds={0: {"K": ["KC", "KC", "KD"]}},
        pile=["2C", "AC", "9S"],
        frozen=True,
    )
    state, events = play(state, (0, "take:2"))
    assert not state.frozen and state.pile == ()
    assert sorted(state.hands[0]) == sorted(["5C", "2C", "AC"])
    assert state.phase == PLAY
    take = next(e for e in events if e.kind == "take")
    assert take.visible_to is None and take.data["taken"] == 2


def test_take_refused_when_a_staged_meld_has_that_rank() -> None:
    state = arrange(2, hands={0: ["KC", "KD", "KH", "5C"]}, pile=["KS"])
    state, _ = play(state, (0, "meld:K:3"))
    assert not any(c.startswith("take") for c in codes(state, 0))
    with pytest.raises(IllegalAction, match="staged a meld of K"):
        ENGINE.apply(state, 0, "take:0")


def test_stock_exhaustion_reshuffles_the_pile() -> None:
    state = arrange(2, stock_size=0, pile=["5C", "9C", "KD"], frozen=True)
    assert state.stock == ()
    state, events = play(state, (0, "draw"))
    assert "reshuffle" in kinds(events)
    assert state.pile == () and not state.frozen and len(state.stock) == 2
    assert card_census(state) == Counter(DECK)


def test_stock_and_pile_empty_end_the_round_without_closer() -> None:
    state = arrange(2, stock_size=0, melds={0: CANASTA})
    state, events = play(state, (0, "draw"))
    assert state.phase == SCORED and state.last_end == "exhausted" and state.last_closer == -1
    assert state.last_round[0][4] == 0  # no closing bonus
    assert "round_end" in kinds(events)


def test_reshuffle_waits_for_a_legal_take() -> None:
    """D17: with an empty stock the player may still take the pile first."""
    state = arrange(
        2, stock_size=0, hands={0: ["9C", "9D", "5C"]}, melds={0: CANASTA}, pile=["4C", "9S"]
    )
    assert "take:2" in codes(state, 0)


# --- closing -------------------------------------------------------------------------------


def test_melding_out_needs_a_canasta() -> None:
    plain = arrange(2, hands={0: ["5C", "5D", "5H"]}, melds={0: {"K": ["KC", "KD", "KH"]}})
    plain, _ = play(plain, (0, "draw"))  # draws a card, so 4 in hand
    assert "meld:5:3" in codes(plain, 0)
    no_draw = arrange(
        2, hands={0: ["5C", "5D", "5H"]}, melds={0: {"K": ["KC", "KD", "KH"]}}, phase=PLAY
    )
    assert "meld:5:3" not in codes(no_draw, 0)
    with_canasta = arrange(2, hands={0: ["5C", "5D", "5H"]}, melds={0: CANASTA}, phase=PLAY)
    state, _ = play(with_canasta, (0, "meld:5:3"))
    assert state.phase == SCORED and state.last_closer == 0 and state.last_round[0][4] == 200


def test_the_canasta_may_be_completed_by_the_closing_meld() -> None:
    six = ["QC", "QC", "QD", "QD", "QH", "QH"]
    state = arrange(2, hands={0: ["QS"]}, melds={0: {"Q": six}}, phase=PLAY)
    assert "add:Q:1" in codes(state, 0)
    state, _ = play(state, (0, "add:Q:1"))
    assert state.phase == SCORED and state.last_round[0][1] == 600


def test_taking_the_pile_can_close() -> None:
    state = arrange(2, hands={0: ["9C", "9D"]}, melds={0: CANASTA}, pile=["9S"])
    state, _ = play(state, (0, "take:2"))
    assert state.phase == SCORED and state.last_closer == 0
    no_canasta = arrange(
        2, hands={0: ["9C", "9D"]}, melds={0: {"K": ["KC", "KD", "KH"]}}, pile=["9S"]
    )
    assert "take:2" not in codes(no_canasta, 0)


def test_four_black_threes_close_for_1000() -> None:
    hand = ["3C", "3C", "3S", "3S"]
    state = arrange(2, hands={0: hand}, melds={0: CANASTA}, phase=PLAY)
    assert "close" in codes(state, 0)
    state, _ = play(state, (0, "close"))
    assert state.last_end == "black_threes"
    table, bonus, _, hand_penalty, closing, _ = state.last_round[0]
    assert (table, bonus, hand_penalty, closing) == (70, 600, 0, 1000)
    early = arrange(2, hands={0: hand}, melds={0: CANASTA}, phase=PLAY, g=6)
    assert "close" not in codes(early, 0)
    no_canasta = arrange(2, hands={0: hand}, melds={0: {"K": KINGS7[:3]}}, phase=PLAY)
    assert "close" not in codes(no_canasta, 0)


def test_partner_yes_allows_closing() -> None:
    state = arrange(4, hands={0: ["5C", "5D", "5H"]}, melds={0: CANASTA}, phase=PLAY)
    state, events = play(state, (0, "ask"))
    assert events[0].kind == "ask" and events[0].visible_to is None
    assert ENGINE.view(state, None)["phase"] == "answer"
    with pytest.raises(IllegalAction, match="Wait for your partner"):
        ENGINE.apply(state, 0, "meld:5:3")
    with pytest.raises(IllegalAction, match="Nobody asked you"):
        ENGINE.apply(state, 1, "answer:yes")
    state, _ = play(state, (2, "answer:yes"))
    assert "ask" not in codes(state, 0) and "meld:5:3" in codes(state, 0)
    state, _ = play(state, (0, "meld:5:3"))
    assert state.phase == SCORED


def test_no_asking_without_partner_permission_or_partner() -> None:
    off = arrange(
        4,
        hands={0: ["5C", "5D"]},
        melds={0: CANASTA},
        phase=PLAY,
        options={"partner_permission": False},
    )
    assert "ask" not in codes(off, 0)
    alone = arrange(3, hands={0: ["5C", "5D"]}, melds={0: CANASTA}, phase=PLAY)
    assert "ask" not in codes(alone, 0)


def test_one_card_must_be_discarded_when_closing_is_allowed() -> None:
    state = arrange(2, hands={0: ["9C"]}, melds={0: CANASTA}, phase=PLAY)
    assert codes(state, 0) == ["discard:9C"]


def test_a_kept_card_is_played_on_next_turn() -> None:
    state = arrange(2, hands={0: ["9C"]}, melds={0: {"K": KINGS7[:3]}}, phase=PLAY)
    assert codes(state, 0) == ["keep"]
    state, _ = play(state, (0, "keep"), (1, "draw"), (1, codes_first_discard(state, 1)))
    assert state.turn == 0 and state.phase == DRAW and "draw" in codes(state, 0)


def codes_first_discard(state, seat: int) -> str:  # type: ignore[no-untyped-def]
    return f"discard:{state.hands[seat][0]}"


# --- scoring, options, rounds --------------------------------------------------------------


def test_red_three_bonuses() -> None:
    four = ["3D", "3D", "3H", "3H"]
    assert side_score([("K", tuple(KINGS7))], 4, [], 0)[2] == 800
    assert side_score([("K", tuple(KINGS7))], 2, [], 0)[2] == 200
    assert side_score([("K", ("KC", "KD", "KH"))], 4, [], 0)[-1] == -30 - 800
    assert side_score([("K", ("KC", "KD", "KH"))], 4, [], 0, False)[-1] == -30 + 800
    assert len(four) == 4


def test_turn_cap_ends_the_round() -> None:
    state = arrange(2, hands={0: ["5C", "6C"]}, phase=PLAY, g=13, options={"max_round_turns": 13})
    state, events = play(state, (0, "discard:5C"))
    assert state.phase == SCORED and state.last_end == "turn_cap" and state.last_closer == -1
    assert kinds(events)[-1] == "round_end"


def test_show_pile_count_option() -> None:
    shown = arrange(2, pile=["5C", "6C"])
    hidden = arrange(2, pile=["5C", "6C"], options={"show_pile_count": False})
    assert ENGINE.view(shown, None)["pile_count"] == 2
    assert ENGINE.view(hidden, None)["pile_count"] is None
    assert ENGINE.view(hidden, None)["pile_top"] == "6C"


@pytest.mark.parametrize(
    "options",
    [{"target_score": 7}, {"target_score": 0}, {"max_round_turns": 0}, {"first_dealer": 5}],
)
def test_bad_options_are_refused(options: dict) -> None:
    with pytest.raises(BadOptions):
        ENGINE.new_game(2, options=options)


def test_first_dealer_option_and_target() -> None:
    with pytest.raises(BadOptions, match="first_dealer"):
        ENGINE.new_game(2, options={"first_dealer": 3})
    state = ENGINE.new_game(3, options={"first_dealer": 2, "target_score": 5000})
    assert state.dealer == 2 and state.turn == 0 and state.target == 5000


def test_teams() -> None:
    assert ENGINE.teams(4) == [(0, 2), (1, 3)]
    assert ENGINE.teams(3) == [(0,), (1,), (2,)]


# --- staging and secrecy -------------------------------------------------------------------


def test_staged_melds_are_private_until_opened() -> None:
    state = arrange(2, hands={0: ["KC", "KD", "KH", "AC", "AD", JOKER, "5C"]}, phase=PLAY)
    state, events = play(state, (0, "meld:K:3"))
    assert events[0].visible_to == (0,)
    public, mine, theirs = (ENGINE.view(state, s) for s in (None, 0, 1))
    assert public["staged_count"] == 3 and public["hand_counts"][0] == 7
    assert mine["staged"] == [{"id": "K", "cards": ["KC", "KD", "KH"]}]
    assert "KC" not in mine["hand"] and theirs["staged"] == []
    assert "discard:5C" not in codes(state, 0)  # open or cancel first
    state, _ = play(state, (0, "cancel"))
    assert state.staged == () and len(state.hands[0]) == 7


def test_illegal_actions_explain_themselves() -> None:
    state = arrange(2, hands={0: ["5C", "6C"]})
    with pytest.raises(IllegalAction, match="not your turn"):
        ENGINE.apply(state, 1, "draw")
    with pytest.raises(IllegalAction, match="Draw from the stock"):
        ENGINE.apply(state, 0, "discard:5C")
    state, _ = play(state, (0, "draw"))
    with pytest.raises(IllegalAction, match="You hold no 9C"):
        ENGINE.apply(state, 0, "discard:9C")
    with pytest.raises(IllegalAction):
        ENGINE.apply(state, 0, "meld:K:x")
    with pytest.raises(IllegalAction, match="only once a round is over"):
        ENGINE.apply(state, 0, "deal")


def test_big_hand_options_fit_discord_menus() -> None:
    """Grouped by verb and meld, every list fits a 25-option select menu."""
    hand = [c for c in DECK if c[0] in "456789TJQKA" or c[0] == "2"][:60] + [JOKER] * 4
    state = arrange(2, hands={0: hand}, melds={0: {"A": ["AC", "AD", "AH"]}}, phase=PLAY)
    groups = Counter(":".join(c.split(":")[:2]) for c in codes(state, 0))
    assert len(state.hands[0]) == 64
    assert max(n for key, n in groups.items() if not key.startswith("discard")) <= 25
    assert groups and sum(1 for k in groups if k.startswith("discard")) <= 54


def test_the_asked_partner_can_only_answer() -> None:
    state = arrange(
        4,
        hands={0: ["5C", "5D"], 2: ["6C", "6D", "6H", "2C"]},
        melds={0: {**CANASTA, "6": ["6S", "6S", "2D"]}},
        phase=PLAY,
    )
    state, _ = play(state, (0, "ask"))
    assert codes(state, 2) == ["answer:yes", "answer:no"]
    for code in ("add:6:1", "add:6:1:2", "discard:6C", "draw", "ask"):
        with pytest.raises(IllegalAction, match="answer"):
            ENGINE.apply(state, 2, code)


def test_a_red_three_replacement_draw_can_reshuffle_the_pile() -> None:
    state = arrange(2, stock_size=0, stock_top=["3H"], pile=["5C", "9C"], frozen=True)
    assert state.stock == ("3H",)
    state, events = play(state, (0, "draw"))
    assert kinds(events)[:3] == ["draw", "red_three", "reshuffle"]
    assert state.red3[0][-1] == "3H" and len(state.stock) == 1 and state.pile == ()
    assert not state.frozen


def test_exhaustion_during_a_red_three_replacement_ends_the_round() -> None:
    state = arrange(2, stock_size=0, stock_top=["3H"])
    state, _ = play(state, (0, "draw"))
    assert state.phase == SCORED and state.last_end == "exhausted"


def test_a_wild_meld_may_be_part_of_an_opening() -> None:
    state = arrange(2, hands={0: ["2C", "2D", JOKER, "5C", "6C"]}, scores=(5005, 0), phase=PLAY)
    assert state.minimums[0] == 120
    state, _ = play(state, (0, "meld:W:2:1"))
    assert "open" not in codes(state, 0)  # 90 < 120
    state2 = arrange(2, hands={0: ["2C", "2D", JOKER, JOKER, "5C"]}, scores=(5005, 0), phase=PLAY)
    state2, _ = play(state2, (0, "meld:W:1:2"), (0, "add:W:2"))
    assert "open" in codes(state2, 0)  # 2 + 2 + JK + JK = 140
    state2, _ = play(state2, (0, "open"))
    assert dict(state2.melds[0])["W"] == ("2C", "2D", JOKER, JOKER)


def test_a_blocked_pickup_may_bring_extra_cards() -> None:
    """D20: the natural pair is the minimum; more naturals or a wild may join."""
    state = arrange(
        2,
        hands={0: ["9C", "9D", "9H", JOKER, "5C"]},
        melds={0: {"K": ["KC", "KD", "KH"]}},
        pile=["2C", "9S"],
        frozen=True,
    )
    options = codes(state, 0)
    assert {"take:2", "take:3", "take:2:JK", "take:3:JK"} <= set(options)
    assert "take:1:JK" not in options
    state, _ = play(state, (0, "take:3:JK"))
    assert dict(state.melds[0])["9"] == ("9C", "9D", "9H", "9S", JOKER)


def test_the_public_view_shows_only_the_pile_top() -> None:
    state = arrange(2, pile=["AC", "AD", "7S"])
    public = ENGINE.view(state, None)
    leaves = str(public)
    assert public["pile_top"] == "7S" and "AC" not in leaves and "AD" not in leaves
    assert "hand" not in public
