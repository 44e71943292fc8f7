"""Rule-by-rule scenarios beyond the spec's vectors: all-pass options, the widow and the
discard, trump naming, the Boat card, table options, dealer rotation, views and secrecy."""

from __future__ import annotations

from math import comb

import pytest

from games import BadOptions, IllegalAction
from games.boat import ENGINE
from games.boat.cards import CODES, IDS, POINTS
from games.boat.state import State
from tests.games.boat.helpers import (
    assert_conserved,
    event,
    follow_position,
    last_trick,
    new,
    play_trick,
    position,
    rest,
    run,
)
from tests.games.conformance import string_leaves

N, E, S, W = 0, 1, 2, 3
WIDOW = ["BOAT", "AH", "TH", "5C", "9S"]
SOUTH = ["AS", "KS", "QS", "JS", "TS", "8S", "7S", "6S", "5S"]


def cards_in(value: object) -> set[str]:
    return {s for s in string_leaves(value) if s in ENGINE.card_copies}


def to_discard(dealer: int = W, **options: object) -> State:
    """S wins the bidding at 70 and holds 9 spades plus the widow."""
    state = new(dealer=dealer, hands=[[], [], SOUTH, []], widow=WIDOW, **options)
    state, _ = run(state, (N, "bid:65"), (E, "pass"), (S, "bid:70"), (W, "pass"), (N, "pass"))
    return state


# ------------------------------------------------------------------ all pass (D1)


def test_all_pass_redeal_reshuffles_with_the_same_dealer() -> None:
    state = new(dealer=W, all_pass="redeal")
    before = state.hands
    state, events = run(state, (N, "pass"), (E, "pass"), (S, "pass"))
    assert (state.phase, state.dealer, state.hand_number, state.declarer) == ("bidding", W, 2, -1)
    assert state.hands != before and state.bids == () and ENGINE.to_act(state) == [N]
    kinds = [e.kind for e in events]
    assert kinds == ["pass", "pass", "pass", "redeal", "new_hand", "deal", "deal", "deal", "deal"]
    for e in events[-4:]:
        (seat,) = e.visible_to
        assert e.data["hand"] == [CODES[c] for c in state.hands[seat]]
    assert_conserved(state)


def test_stick_last_makes_the_dealer_declare_without_acting() -> None:
    state, events = run(new(dealer=E), (S, "pass"), (W, "pass"), (N, "pass"))
    assert (state.declarer, state.contract, state.stuck) == (E, 65, True)
    assert event(events, "declarer") == {"seat": E, "bid": 65, "stuck": True}
    assert ENGINE.view(state, None)["stuck"] is True


def test_a_bid_then_three_passes_ends_the_bidding() -> None:
    state, _ = run(new(dealer=W), (N, "bid:65"), (E, "pass"), (S, "pass"), (W, "pass"))
    assert (state.declarer, state.contract, state.stuck) == (N, 65, False)


def test_bidding_goes_round_and_round_skipping_passed_players() -> None:
    state, _ = run(
        new(dealer=W),
        (N, "bid:65"),
        (E, "bid:70"),
        (S, "pass"),
        (W, "bid:75"),
        (N, "bid:80"),
        (E, "bid:85"),
    )
    assert ENGINE.to_act(state) == [W]
    state, _ = run(state, (W, "pass"), (N, "bid:120"))
    assert [a.code for a in ENGINE.legal_actions(state, E)] == ["pass"]
    state, _ = run(state, (E, "pass"))
    assert (state.declarer, state.contract) == (N, 120)


def test_bidding_actions_and_messages() -> None:
    state = new(dealer=W)
    assert [a.code for a in ENGINE.legal_actions(state, N)] == ["pass"] + [
        f"bid:{b}" for b in range(65, 121, 5)
    ]
    assert all(ENGINE.legal_actions(state, s) == [] for s in (E, S, W))
    with pytest.raises(IllegalAction, match="not your turn"):
        ENGINE.apply(state, E, "bid:65")
    for bad in ("bid:60", "bid:abc", "bid:-65", "play:5S", "trump:H", "discard:5S"):
        with pytest.raises(IllegalAction):
            ENGINE.apply(state, N, bad)


# ------------------------------------------------------------------ the widow and the discard


def test_the_declarer_alone_takes_the_widow() -> None:
    state = new(dealer=W, hands=[[], [], SOUTH, []], widow=WIDOW)
    for seat in (None, N, E, S, W):
        assert not cards_in(ENGINE.view(state, seat)) & set(WIDOW), "the widow is face down"
    assert ENGINE.view(state, None)["widow_count"] == 5
    state, events = run(state, (N, "bid:65"), (E, "pass"), (S, "bid:70"), (W, "pass"))
    state, events = run(state, (N, "pass"))
    widow = event(events, "widow")
    assert sorted(widow["cards"]) == sorted(WIDOW)
    assert [e.visible_to for e in events if e.kind == "widow"] == [(S,)]
    assert sorted(ENGINE.view(state, S)["hand"]) == sorted(SOUTH + WIDOW)
    for seat in (None, N, E, W):
        assert not cards_in(ENGINE.view(state, seat)) & (set(WIDOW) | set(SOUTH))
    assert ENGINE.view(state, None)["hand_counts"] == [9, 9, 14, 9]
    assert_conserved(state)


def test_every_five_of_fourteen_may_be_discarded() -> None:
    state = to_discard()
    actions = ENGINE.legal_actions(state, S)
    assert len(actions) == len({a.code for a in actions}) == comb(14, 5) == 2002
    assert all(ENGINE.parse_action(a.code) == a for a in actions[:50])
    assert ENGINE.legal_actions(state, N) == []


def test_discard_in_any_order_and_keep_it_secret() -> None:
    state = to_discard()
    discard = ["5C", "BOAT", "6S", "AH", "9S"]  # points and the Boat are allowed (D4)
    state, events = run(state, (S, "discard:" + ",".join(discard)))
    assert state.phase == "trump" and ENGINE.to_act(state) == [S]
    assert sorted(event(events, "discard")["cards"]) == sorted(discard)
    assert [e.visible_to for e in events if e.kind == "discard"] == [(S,)]
    assert event(events, "discarded") == {"seat": S, "count": 5}
    assert cards_in(event(events, "discarded")) == set()
    assert sorted(ENGINE.view(state, S)["discards"]) == sorted(discard)
    assert len(ENGINE.view(state, S)["hand"]) == 9
    for seat in (None, N, E, W):
        view = ENGINE.view(state, seat)
        assert "discards" not in view and not cards_in(view) & set(discard)
        assert view["discard_count"] == 5
    assert_conserved(state)


def test_lower_case_codes_are_accepted_for_discards() -> None:
    state, _ = run(to_discard(), (S, "discard:5c,boat,6s,ah,9s"))
    assert state.phase == "trump"


@pytest.mark.parametrize(
    ("code", "why"),
    [
        ("discard:5C,6S,7S,8S", "exactly 5"),
        ("discard:5C,6S,7S,8S,9S,AH", "exactly 5"),
        ("discard:5C,5C,7S,8S,9S", "named twice"),
        ("discard:5C,6S,7S,8S,2S", "not a Boat card"),
        ("discard:5C,6S,7S,8S,AD", "do not hold"),
        ("play:5C", "discard"),
    ],
)
def test_bad_discards_are_refused(code: str, why: str) -> None:
    state = to_discard()
    with pytest.raises(IllegalAction, match=why):
        ENGINE.apply(state, S, code)


def test_no_point_discards_with_five_zero_cards() -> None:
    """D4 option: with ``discard_points_allowed = false`` only zero-point cards go."""
    state = to_discard(discard_points_allowed=False)
    hand = state.hands[S]
    zeros = [c for c in hand if POINTS[c] == 0]
    assert len(zeros) == 7  # KS QS JS 9S 8S 7S 6S
    actions = ENGINE.legal_actions(state, S)
    assert len(actions) == comb(7, 5)
    with pytest.raises(IllegalAction, match="Point cards"):
        ENGINE.apply(state, S, "discard:AH,KS,QS,JS,8S")
    state, _ = run(state, (S, "discard:KS,QS,JS,8S,7S"))
    assert state.phase == "trump"


def test_no_point_discards_with_few_zero_cards_takes_them_all() -> None:
    """D4: fewer than 5 zero-point cards -> all of them, topped up with point cards."""
    points_heavy = ["AS", "TS", "5S", "AD", "TD", "5D", "AC", "KC", "QC"]
    widow = ["BOAT", "AH", "TH", "5H", "TC"]
    state = new(
        dealer=W, hands=[[], [], points_heavy, []], widow=widow, discard_points_allowed=False
    )
    state, _ = run(state, (N, "pass"), (E, "pass"), (S, "bid:65"), (W, "pass"))
    actions = ENGINE.legal_actions(state, S)
    assert len(actions) == comb(12, 3)  # KC, QC forced; 3 of the 12 point cards
    assert all({"KC", "QC"} <= set(a.arg.split(",")) for a in actions)
    rule = ENGINE.view(state, S)["discard_rule"]
    assert rule["must_discard"] == ["QC", "KC"] and rule["choose"] == 3
    assert len(rule["choose_from"]) == 12
    with pytest.raises(IllegalAction, match="fewer than 5"):
        ENGINE.apply(state, S, "discard:KC,AS,TS,5S,AD")
    state, _ = run(state, (S, "discard:KC,QC,5S,5D,5H"))
    assert state.phase == "trump"


def test_discard_view_rule_with_points_allowed() -> None:
    rule = ENGINE.view(to_discard(), S)["discard_rule"]
    assert rule["count"] == 5 and rule["must_discard"] == [] and rule["choose"] == 5
    assert sorted(rule["choose_from"]) == sorted(SOUTH + WIDOW)
    assert "discard_rule" not in ENGINE.view(to_discard(), N)


# ------------------------------------------------------------------ trump (§3.3, D5)


def test_naming_trump_then_the_declarer_leads() -> None:
    state, _ = run(to_discard(), (S, "discard:5C,6S,7S,8S,9S"))
    assert [a.code for a in ENGINE.legal_actions(state, S)] == [f"trump:{s}" for s in "CDHS"]
    for bad in ("trump:NT", "trump:X", "trump:CD"):
        with pytest.raises(IllegalAction, match="no no-trump"):
            ENGINE.apply(state, S, bad)
    state, events = run(state, (S, "trump:S"))
    assert event(events, "trump") == {"seat": S, "suit": "S"}
    assert ENGINE.view(state, None)["trump"] == "S"
    assert state.phase == "play" and ENGINE.to_act(state) == [S]
    assert len(ENGINE.legal_actions(state, S)) == 9  # the leader may lead anything


# ------------------------------------------------------------------ trick play


def test_following_messages_say_what_is_required() -> None:
    state = follow_position(["9S", "5H", "BOAT"], "KS", "H")
    with pytest.raises(IllegalAction, match="follow suit"):
        ENGINE.apply(state, E, "play:5H")
    state = follow_position(["KD", "5H", "BOAT"], "KS", "H")
    with pytest.raises(IllegalAction, match="must play a trump"):
        ENGINE.apply(state, E, "play:KD")
    state = follow_position(["BOAT", "AC"], "7H", "H")
    with pytest.raises(IllegalAction, match="Boat counts"):
        ENGINE.apply(state, E, "play:AC")
    with pytest.raises(IllegalAction, match="do not hold"):
        ENGINE.apply(state, E, "play:AD")
    with pytest.raises(IllegalAction, match="not your turn"):
        ENGINE.apply(state, S, "play:" + CODES[state.hands[S][0]])


def test_void_in_led_suit_and_trump_plays_anything() -> None:
    state = follow_position(["KD", "6C", "8C"], "KS", "H")
    assert {a.arg for a in ENGINE.legal_actions(state, E)} == {"KD", "6C", "8C"}


def test_boat_free_play_lets_the_boat_go_any_time() -> None:
    """D3 option: the Boat may be played even when the player can follow suit."""
    state = follow_position(["9S", "5H", "BOAT"], "KS", "H", boat_free_play=True)
    assert {a.arg for a in ENGINE.legal_actions(state, E)} == {"9S", "BOAT"}
    state = follow_position(["KD", "5H", "BOAT"], "KS", "H", boat_free_play=True)
    assert {a.arg for a in ENGINE.legal_actions(state, E)} == {"5H", "BOAT"}
    state = follow_position(["9S", "5H", "BOAT"], "KS", "H")
    assert {a.arg for a in ENGINE.legal_actions(state, E)} == {"9S"}


def test_a_boat_played_off_suit_under_free_play_still_wins() -> None:
    state = follow_position(["9S", "5S", "BOAT"], "KS", "H", boat_free_play=True)
    state, _ = run(state, (E, "play:BOAT"))
    for seat in (S, W):
        state, events = run(state, (seat, ENGINE.legal_actions(state, seat)[0].code))
    assert event(events, "trick")["winner"] == E


# ------------------------------------------------------------------ views of the table


def test_last_trick_shown_until_the_next_lead() -> None:
    hands = [["AD", "6C"], ["KD", "7C"], ["QD", "8C"], ["JD", "9C"]]
    spare = rest(*hands)
    state = position(
        hands=hands, trump="H", discards=spare[:5], won=(spare[5:], ()), tricks_won=(7, 0)
    )
    state, _ = play_trick(state, ["AD", "KD", "QD", "JD"])
    shown = ENGINE.view(state, None)["last_trick"]
    assert shown["winner"] == N
    assert [c["card"] for c in shown["cards"]] == ["AD", "KD", "QD", "JD"]
    assert ENGINE.view(state, None)["tricks_won"] == [8, 0]
    state, _ = run(state, (N, "play:6C"))
    assert ENGINE.view(state, None)["last_trick"] is None
    assert ENGINE.view(state, None)["trick"] == [{"seat": N, "card": "6C"}]


def test_last_trick_hidden_when_the_option_is_off() -> None:
    hands = [["AD", "6C"], ["KD", "7C"], ["QD", "8C"], ["JD", "9C"]]
    spare = rest(*hands)
    state = position(
        hands=hands, trump="H", discards=spare[:5], won=(spare[5:], ()), show_last_trick=False
    )
    state, _ = play_trick(state, ["AD", "KD", "QD", "JD"])
    assert ENGINE.view(state, None)["last_trick"] is None


def test_running_points_hidden_unless_the_option_is_on() -> None:
    """D8: tricks lie face down; trick counts stay public."""
    hands = [["AD", "6C"], ["TD", "7C"], ["5D", "8C"], ["JD", "9C"]]
    spare = rest(*hands)
    for shown in (False, True):
        state = position(
            hands=hands,
            trump="H",
            discards=spare[:5],
            won=((), spare[5:]),
            tricks_won=(0, 7),
            show_running_points=shown,
        )
        state, _ = play_trick(state, ["AD", "TD", "5D", "JD"])
        view = ENGINE.view(state, None)
        assert view["tricks_won"] == [1, 7]
        expected = [25, sum(POINTS[IDS[c]] for c in spare[5:])]
        assert view["card_points"] == (expected if shown else None)


def test_the_final_hand_reveals_the_discards_to_everyone() -> None:
    discards = ["TC", "5D", "6C", "7C", "8C"]
    state = last_trick(["6D", "KD", "7D", "8D"], "H", discards=discards, scores=(490, 0))
    state, _ = play_trick(state, ["6D", "KD", "7D", "8D"])
    assert ENGINE.is_over(state)
    view = ENGINE.view(state, None)
    assert sorted(view["reveal"]["discards"]) == sorted(discards)
    assert view["reveal"]["discard_points"] == 15
    assert view["winners"] == [0, 2] and view["winner_team"] == 0


def test_after_the_next_deal_only_numbers_remain() -> None:
    discards = ["TC", "5D", "6C", "7C", "8C"]
    state = last_trick(["6D", "KD", "7D", "8D"], "H", discards=discards)
    state, events = play_trick(state, ["6D", "KD", "7D", "8D"])
    assert state.phase == "bidding"
    view = ENGINE.view(state, None)
    assert view["reveal"] is None and view["last_trick"] is None
    assert view["last_hand"]["discard_points"] == 15
    assert sum(view["last_hand"]["card_points"]) == 120
    kinds = [e.kind for e in events]
    assert kinds[:4] == ["play"] * 4
    assert kinds[4:] == ["trick", "hand_scored", "new_hand", "deal", "deal", "deal", "deal"]


# ------------------------------------------------------------------ dealer rotation (D9)


def first_legal_hand(state: State) -> tuple[State, list]:
    """Play one whole hand, every seat taking its first legal action."""
    events: list = []
    number = state.hand_number
    while state.hand_number == number and not ENGINE.is_over(state):
        (seat,) = ENGINE.to_act(state)
        state, evs = ENGINE.apply(state, seat, ENGINE.legal_actions(state, seat)[0])
        events += evs
        assert_conserved(state)
    return state, events


def test_the_deal_passes_to_the_left() -> None:
    state = ENGINE.new_game(4, options={"first_dealer": 1, "target_score": 10_000}, seed=3)
    dealers = [state.dealer]
    for _ in range(5):
        state, events = first_legal_hand(state)
        dealers.append(state.dealer)
        assert ENGINE.to_act(state) == [(state.dealer + 1) % 4]  # bidding opens at its left
        assert sum(event(events, "hand_scored")["card_points"]) == 120
    assert dealers == [1, 2, 3, 0, 1, 2]


def test_the_first_dealer_is_drawn_from_the_seed() -> None:
    dealers = {ENGINE.new_game(4, seed=s).dealer for s in range(40)}
    assert dealers == {0, 1, 2, 3}
    assert ENGINE.new_game(4, seed=9).dealer == ENGINE.new_game(4, seed=9).dealer


# ------------------------------------------------------------------ options and setup


@pytest.mark.parametrize(
    "options",
    [
        {"target_score": 0},
        {"all_pass": "misdeal"},
        {"first_dealer": 4},
        {"boat_free_play": "sometimes"},
    ],
)
def test_bad_options_are_refused(options: dict) -> None:
    with pytest.raises(BadOptions):
        ENGINE.new_game(4, options=options)


def test_defaults_follow_the_spec() -> None:
    opts = ENGINE.Options()
    assert opts.model_dump() == {
        "target_score": 500,
        "all_pass": "stick_last",
        "boat_free_play": False,
        "discard_points_allowed": True,
        "show_running_points": False,
        "show_last_trick": True,
        "first_dealer": None,
    }


@pytest.mark.parametrize("deck", [["2S"], ["AS", "AS"], "AS,KS", [1, 2]])
def test_bad_rigged_decks_are_refused(deck: object) -> None:
    with pytest.raises(BadOptions):
        ENGINE.new_game(4, deck=deck)


def test_rigged_deal_order() -> None:
    """Engine docstring: one card at a time clockwise from the dealer's left, then the widow."""
    deck = list(CODES)
    state = ENGINE.new_game(4, options={"first_dealer": 2}, deck=deck)
    assert ENGINE.view(state, 3)["hand"] == [CODES[i] for i in sorted(range(0, 36, 4))]
    assert ENGINE.view(state, 0)["hand"] == [CODES[i] for i in sorted(range(1, 36, 4))]
    assert [CODES[c] for c in state.widow] == deck[36:]


def test_teams_and_result_share_scores() -> None:
    assert ENGINE.teams(4) == [(0, 2), (1, 3)]
    state = ENGINE.new_game(4)._replace(scores=(35, -40))
    assert ENGINE.result(state).scores == [35, -40, 35, -40]
    assert ENGINE.result(state).winners == []


def test_the_bidding_view_has_what_the_table_shows() -> None:
    state, _ = run(new(dealer=W), (N, "bid:65"), (E, "pass"), (S, "bid:75"))
    view = ENGINE.view(state, W)
    assert view["phase"] == "bidding" and view["turn"] == W and view["to_act"] == [W]
    assert view["bids"] == [
        {"seat": N, "bid": 65},
        {"seat": E, "pass": True},
        {"seat": S, "bid": 75},
    ]
    assert (view["high_bid"], view["high_bidder"], view["passed"]) == (75, S, [E])
    assert view["open_bids"] == list(range(80, 121, 5))
    assert view["dealer"] == W and view["scores"] == [0, 0] and view["teams"] == [[0, 2], [1, 3]]
    assert view["hand"] == [CODES[c] for c in state.hands[W]] and view["team"] == 1
    assert "hand" not in ENGINE.view(state, None)
