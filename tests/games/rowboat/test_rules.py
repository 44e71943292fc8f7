"""Rule-by-rule scenarios: Moon, Tide, deal, exchange, bids, Lighthouse, Rowboat, ties, scoring,
game end, options. Decision numbers (D…) refer to rowboat.md §6."""

from __future__ import annotations

import pytest

from games.core import BadOptions, IllegalAction
from games.rowboat.state import BIDDING, EXCHANGE, MOON, OVER, TRICK_PLAY
from tests.games.rowboat.helpers import (
    ENGINE,
    TIDE_E,
    at_trick,
    codes,
    finish_hand,
    game,
    kinds,
    plays,
)

OARS_WAVES_SHELLS = [r + s for s in "ows" for r in "A23456789DMSW"]


# ---------------------------------------------------------------- options


def test_option_defaults() -> None:
    opts = ENGINE.Options()
    assert opts.novice is False and opts.lighthouse_seconds == 30
    assert opts.knob_obligatory is False and opts.partner_tie_wins is False
    assert opts.show_last_trick is True
    assert ENGINE.new_game(2).opts.target == 200
    assert ENGINE.new_game(3).opts.target == 150
    assert ENGINE.new_game(4).opts.target == 200
    assert ENGINE.new_game(3, options={"target_score": 300}).opts.target == 300


@pytest.mark.parametrize(
    "options",
    [
        {"lighthouse_seconds": 9},
        {"lighthouse_seconds": 121},
        {"first_dealer": 2},
        {"no_such": 1},
    ],
)
def test_bad_options_are_refused(options: dict[str, object]) -> None:
    with pytest.raises(BadOptions):
        ENGINE.new_game(2, options=options)


def test_partner_tie_wins_is_ignored_below_four_players() -> None:
    assert ENGINE.new_game(2, options={"partner_tie_wins": True}).opts.partner_tie_wins == 0
    assert ENGINE.new_game(4, options={"partner_tie_wins": True}).opts.partner_tie_wins == 1


def test_rigged_deck_must_name_real_cards() -> None:
    with pytest.raises(BadOptions):
        ENGINE.new_game(2, deck=["Xq"])
    with pytest.raises(BadOptions):
        ENGINE.new_game(2, deck=["3m", "3m"])


# ---------------------------------------------------------------- Moon and Tide


def test_moon_decision_dealer_only_and_range() -> None:
    state = ENGINE.new_game(2, options={"first_dealer": 0}, seed=1)
    assert state.phase == MOON and ENGINE.to_act(state) == [0]
    assert codes(ENGINE.legal_actions(state, 0)) == {f"moon:{k}" for k in range(4, 13)} | {"nomoon"}
    assert ENGINE.legal_actions(state, 1) == []
    for seat, code in (
        (1, "moon:5"),
        (0, "moon:3"),
        (0, "moon:13"),
        (0, "bid:1"),
        (0, "lighthouse"),
    ):
        with pytest.raises(IllegalAction):
            ENGINE.apply(state, seat, code)
    assert ENGINE.view(state, 0)["hand"] == [] and ENGINE.view(state, None)["tide"] == []


def test_four_player_moon_range_and_partner() -> None:
    state = ENGINE.new_game(4, options={"first_dealer": 0}, seed=1)
    assert codes(ENGINE.legal_actions(state, 0)) == {f"moon:{k}" for k in range(4, 11)} | {"nomoon"}
    with pytest.raises(IllegalAction, match="4 to 10"):
        ENGINE.apply(state, 0, "moon:11")
    with pytest.raises(IllegalAction, match="dealer"):
        ENGINE.apply(state, 2, "moon:5")


def test_moon_tide_is_exactly_k_cards_whatever_the_suits() -> None:
    state = ENGINE.new_game(
        2, options={"first_dealer": 0}, seed=1, deck=["Ao", "2o", "3o", "4o", "5o", "6o"]
    )
    state, ev = ENGINE.apply(state, 0, "moon:5")
    assert ENGINE.view(state, None)["tide"] == ["Ao", "2o", "3o", "4o", "5o"]
    assert ENGINE.view(state, None)["moon"] == 5
    assert kinds(ev, "moon")[0].data == {"seat": 0, "side": 0, "tide": 5}
    assert [len(ENGINE.view(state, s)["hand"]) for s in (0, 1)] == [5, 5]


def test_moon_is_once_per_game_per_side() -> None:
    state = ENGINE.new_game(2, options={"first_dealer": 0, "novice": True}, seed=4)
    state, _ = ENGINE.apply(state, 0, "moon:4")
    state, _ = finish_hand(state)
    assert state.dealer == 1 and state.phase == MOON  # side 1 still has its Moon
    state, _ = ENGINE.apply(state, 1, "nomoon")
    state, _ = finish_hand(state)
    assert state.dealer == 0 and state.phase == TRICK_PLAY  # side 0's Moon is spent: skipped
    assert ENGINE.view(state, None)["sides"][0]["moon"] is False


def test_four_player_moon_belongs_to_the_team() -> None:
    state = ENGINE.new_game(4, options={"first_dealer": 0, "novice": True}, seed=4)
    state, _ = ENGINE.apply(state, 0, "moon:4")
    state, _ = finish_hand(state)
    assert state.dealer == 1 and state.phase == MOON
    state, _ = ENGINE.apply(state, 1, "nomoon")
    state, _ = finish_hand(state)
    assert state.dealer == 2 and state.phase == EXCHANGE  # the partner cannot Moon again


@pytest.mark.parametrize(("players", "cap"), [(2, 12), (3, 12), (4, 10)])
def test_tide_stops_at_the_cap(players: int, cap: int) -> None:
    state = ENGINE.new_game(
        players, options={"first_dealer": 0}, seed=2, deck=OARS_WAVES_SHELLS[::3]
    )
    state, _ = ENGINE.apply(state, 0, "nomoon")
    assert len(state.tide) == cap


def test_tide_stops_at_the_fourth_suit() -> None:
    state = ENGINE.new_game(
        2, options={"first_dealer": 0}, seed=2, deck=["Ao", "2o", "Aw", "As", "Am", "3m"]
    )
    state, ev = ENGINE.apply(state, 0, "nomoon")
    assert kinds(ev, "tide")[0].data["tide"] == ["Ao", "2o", "Aw", "As", "Am"]
    assert ENGINE.view(state, None)["tricks_in_hand"] == 5


@pytest.mark.parametrize("players", [2, 3, 4])
def test_deal_order_from_the_dealers_left(players: int) -> None:
    hands = [[OARS_WAVES_SHELLS[4 * i + s] for i in range(4)] for s in range(players)]
    tide = ["Wm", "Sm", "Mm", "Dm"]  # one suit only: a Moon of 4 makes the Tide
    dealer = players - 1
    state = game(tide, hands, dealer=dealer, moon="moon:4")
    for seat in range(players):
        assert ENGINE.view(state, seat)["hand"] == sorted(
            hands[seat], key=lambda c: ("owsm".index(c[1]), "A23456789DMSW".index(c[0]))
        )
    if players < 4:
        assert ENGINE.to_act(state) == [0]  # left of the dealer bids first


def test_dealer_rotation_three_players() -> None:
    state = ENGINE.new_game(3, options={"first_dealer": 1, "novice": True}, seed=9)
    seen = []
    for _ in range(4):
        seen.append(state.dealer)
        if state.phase == MOON:
            state, _ = ENGINE.apply(state, state.dealer, "nomoon")
        state, _ = finish_hand(state)
    assert seen == [1, 2, 0, 1]


def test_first_dealer_drawn_from_the_seed() -> None:
    dealers = {ENGINE.new_game(4, seed=s).dealer for s in range(30)}
    assert dealers == {0, 1, 2, 3}


# ---------------------------------------------------------------- exchange


def four_player_game(**options: object):
    tide = ["2o", "3o", "4w", "5w", "6s", "7m"]
    hands = [
        ["Ao", "4o", "8o", "Do", "2w", "6w"],
        ["5o", "9o", "Mo", "3w", "7w", "8w"],
        ["6o", "7o", "So", "9w", "Dw", "Mw"],
        ["Wo", "Sw", "Ww", "As", "2s", "3s"],
    ]
    return game(tide, hands, dealer=3, **options)


def test_exchange_is_simultaneous_final_and_secret() -> None:
    state = four_player_game()
    assert state.phase == EXCHANGE and ENGINE.to_act(state) == [0, 1, 2, 3]
    state, ev = ENGINE.apply(state, 0, "pass:Ao")
    assert ENGINE.to_act(state) == [1, 2, 3]
    assert codes(ENGINE.legal_actions(state, 0)) == {"lighthouse"}
    with pytest.raises(IllegalAction, match="final"):
        ENGINE.apply(state, 0, "pass:4o")
    assert [(e.kind, e.visible_to) for e in ev] == [("pass_locked", None), ("pass_chosen", (0,))]
    assert "Ao" not in str(kinds(ev, "pass_locked")[0].data)
    assert ENGINE.view(state, 0)["passing"] == "Ao" and "Ao" not in ENGINE.view(state, 0)["hand"]
    for seat in (None, 1, 2, 3):
        assert "Ao" not in str(ENGINE.view(state, seat))
    assert ENGINE.view(state, None)["exchange_locked"] == [True, False, False, False]
    # nothing moves until all four have chosen
    state, _ = plays(state, (2, "pass:6o"), (1, "pass:5o"))
    assert "6o" not in ENGINE.view(state, 0)["hand"]
    state, ev = ENGINE.apply(state, 3, "pass:Wo")
    assert state.phase == BIDDING
    received = {e.visible_to: e.data for e in kinds(ev, "received")}
    assert received == {
        (2,): {"seat": 2, "from": 0, "card": "Ao"},
        (3,): {"seat": 3, "from": 1, "card": "5o"},
        (0,): {"seat": 0, "from": 2, "card": "6o"},
        (1,): {"seat": 1, "from": 3, "card": "Wo"},
    }
    assert "6o" in ENGINE.view(state, 0)["hand"] and "Ao" in ENGINE.view(state, 2)["hand"]
    assert ENGINE.view(state, 0)["passing"] is None


def test_exchange_order_does_not_matter() -> None:
    moves = [(0, "pass:Ao"), (1, "pass:5o"), (2, "pass:6o"), (3, "pass:Wo")]
    a, _ = plays(four_player_game(), *moves)
    b, _ = plays(four_player_game(), *reversed(moves))
    assert ENGINE.dump(a) == ENGINE.dump(b)


def test_exchange_refuses_a_card_not_held() -> None:
    with pytest.raises(IllegalAction, match="do not hold"):
        ENGINE.apply(four_player_game(), 0, "pass:Wo")


def test_novice_four_players_skip_bidding() -> None:
    state = four_player_game(novice=True)
    moves = [(0, "pass:Ao"), (1, "pass:5o"), (2, "pass:6o"), (3, "pass:Wo")]
    state, _ = plays(state, *moves)
    assert state.phase == TRICK_PLAY and ENGINE.to_act(state) == [0]


# ---------------------------------------------------------------- bidding


def test_two_player_bids_are_one_to_n_in_order() -> None:
    state = game(
        ["6o", "Ws", "2m", "9w"], [["9o", "3o", "Wm", "4s"], ["6w", "Ds", "2o", "7m"]], dealer=1
    )
    assert codes(ENGINE.legal_actions(state, 0)) == {
        "bid:1",
        "bid:2",
        "bid:3",
        "bid:4",
        "lighthouse",
    }
    for seat, code in ((0, "bid:0"), (0, "bid:5"), (1, "bid:2"), (0, "play:9o")):
        with pytest.raises(IllegalAction):
            ENGINE.apply(state, seat, code)
    state, ev = ENGINE.apply(state, 0, "bid:3")
    assert kinds(ev, "bid")[0].data == {"seat": 0, "bid": 3} and ev[0].visible_to is None
    assert ENGINE.view(state, None)["bids"] == [3, None]


def test_novice_has_no_bidding() -> None:
    state = game(
        ["6o", "Ws", "2m", "9w"],
        [["9o", "3o", "Wm", "4s"], ["6w", "Ds", "2o", "7m"]],
        dealer=1,
        novice=True,
    )
    assert state.phase == TRICK_PLAY
    state, ev = finish_hand(state)
    sides = kinds(ev, "hand_scored")[0].data["sides"]
    assert all(s["points"] == 10 * s["tricks"] and s["bid"] is None for s in sides)


# ---------------------------------------------------------------- trick play


def test_play_out_of_turn_or_unknown_card_is_refused() -> None:
    state = at_trick(TIDE_E, [["2o", "3o"], ["4o", "5o"]], trick=4, leader=0)
    with pytest.raises(IllegalAction, match="not your turn"):
        ENGINE.apply(state, 1, "play:4o")
    with pytest.raises(IllegalAction, match="do not hold"):
        ENGINE.apply(state, 0, "play:4o")
    with pytest.raises(IllegalAction, match="not a Rowboat card"):
        ENGINE.apply(state, 0, "play:Zz")
    with pytest.raises(IllegalAction, match="no seat"):
        ENGINE.apply(state, 7, "play:2o")


def test_knob_obligatory_forces_the_knob_without_trump() -> None:
    hand = [["3s", "Wo", "2w"], ["4o", "5o", "6o"]]
    free = at_trick(TIDE_E, hand, trick=1, leader=0)
    assert codes(ENGINE.legal_actions(free, 0)) == {
        "play:3s",
        "play:Wo",
        "play:2w",
        "rowboat",
        "lighthouse",
    }
    forced = at_trick(TIDE_E, hand, trick=1, leader=0, knob_obligatory=True)
    assert codes(ENGINE.legal_actions(forced, 0)) == {"play:3s", "rowboat", "lighthouse"}


def test_rowboat_is_exempt_from_the_trump_obligation_and_once_per_game() -> None:
    state = at_trick(TIDE_E, [["2m", "3m", "4m"], ["4o", "5o", "6o"]], trick=1, leader=0)
    assert "rowboat" in codes(ENGINE.legal_actions(state, 0))
    state, _ = plays(state, (0, "rowboat"), (1, "play:4o"))
    assert state.hands[0].bit_count() == 3  # the Rowboat does not come from the hand
    assert "rowboat" not in codes(ENGINE.legal_actions(state, 0))
    with pytest.raises(IllegalAction, match="already used"):
        ENGINE.apply(state, 0, "rowboat")


def test_four_player_rowboat_is_the_teams() -> None:
    hands = [["2o", "3o"], ["4o", "5o"], ["6o", "7o"], ["8o", "9o"]]
    state = at_trick(TIDE_E, hands, trick=1, leader=0)
    state, _ = plays(state, (0, "rowboat"), (1, "play:4o"))
    assert "rowboat" not in codes(ENGINE.legal_actions(state, 2))
    assert "rowboat" in codes(ENGINE.legal_actions(state._replace(plays=(), leader=1), 1))


def test_leftover_after_a_rowboat_is_discarded_unseen() -> None:
    state = at_trick(TIDE_E, [["2o", "3o", "4o"], ["5o", "6o"]], trick=7, leader=0)
    state, _ = plays(state, (0, "rowboat"), (1, "play:5o"))
    state, ev = plays(state, (0, "play:2o"), (1, "play:6o"))
    assert state.hand_no == 2
    for event in ev:
        if event.kind in ("trick", "hand_scored"):
            assert "3o" not in str(event.data) and "4o" not in str(event.data)


@pytest.mark.parametrize(("option", "winner"), [(False, None), (True, 0)])
def test_partner_ties(option: bool, winner: int | None) -> None:
    hands2 = [["9s"], ["2s"], ["9m"], ["3s"]]
    state = at_trick(TIDE_E, hands2, trick=2, leader=0, partner_tie_wins=option)
    _, ev = plays(state, (0, "play:9s"), (1, "play:2s"), (2, "play:9m"), (3, "play:3s"))
    assert kinds(ev, "trick")[0].data["winner"] == winner


def test_three_way_tie_and_anyone_wins_the_pot() -> None:
    hands = [["9s", "Mm"], ["9m", "3o"], ["9o", "4o"]]
    state = at_trick(TIDE_E, hands, trick=2, leader=1)
    state, ev = plays(state, (1, "play:9m"), (2, "play:9o"), (0, "play:9s"))
    assert kinds(ev, "trick")[0].data["tied"] is True and ENGINE.to_act(state) == [1]
    # trick 3 (Shells, Knob Mermaid Maps): the pot goes to whoever wins next
    state, ev = plays(state, (1, "play:3o"), (2, "play:4o"), (0, "play:Mm"))
    assert kinds(ev, "trick")[0].data == {
        "trick": 3,
        "winner": 0,
        "tricks": 2,
        "tied": False,
        "plays": [
            {"seat": 1, "card": "3o"},
            {"seat": 2, "card": "4o"},
            {"seat": 0, "card": "Mm"},
        ],
    }


def test_show_last_trick() -> None:
    hands = [["2o", "3o"], ["4o", "5o"]]
    for option in (True, False):
        state = at_trick(TIDE_E, hands, trick=4, leader=0, show_last_trick=option)
        state, _ = plays(state, (0, "play:2o"), (1, "play:4o"))
        last = ENGINE.view(state, None)["last_trick"]
        if option:
            assert last == {
                "number": 4,
                "leader": 0,
                "winner": 1,
                "tied": False,
                "plays": [{"seat": 0, "card": "2o"}, {"seat": 1, "card": "4o"}],
            }
            state, _ = plays(state, (1, "play:5o"))
            assert ENGINE.view(state, None)["last_trick"] is None
        else:
            assert last is None


def test_view_of_the_current_trick() -> None:
    state = at_trick(TIDE_E, [["2o", "3o"], ["4o", "5o"]], trick=3, leader=0)
    state, _ = plays(state, (0, "rowboat"))
    view = ENGINE.view(state, 1)
    assert view["trick"]["plays"] == [{"seat": 0, "card": "rowboat"}]
    assert view["trick"]["trump"] == "s" and view["trick"]["knob"] == {"rank": "M", "suit": "m"}
    assert view["trick_number"] == 3 and view["hand"] == ["4o", "5o"]
    assert view["playable"] == ["4o", "5o"]
    assert "hand" not in ENGINE.view(state, None)


# ---------------------------------------------------------------- Lighthouse


def test_lighthouse_two_players_off_turn() -> None:
    state = game(
        ["6o", "Ws", "2m", "9w"], [["9o", "3o", "Wm", "4s"], ["6w", "Ds", "2o", "7m"]], dealer=1
    )
    assert ENGINE.to_act(state) == [0] and codes(ENGINE.legal_actions(state, 1)) == {"lighthouse"}
    after, ev = ENGINE.apply(state, 1, "lighthouse")
    assert ENGINE.to_act(after) == [0]  # no turn taken (D16)
    assert [(e.kind, e.visible_to) for e in ev] == [("lighthouse", None), ("lighthouse_view", (1,))]
    assert ev[1].data == {
        "seat": 1,
        "hands": [{"seat": 0, "cards": ["3o", "9o", "4s", "Wm"]}],
        "seconds": 30,
    }
    assert ENGINE.legal_actions(after, 1) == []
    with pytest.raises(IllegalAction, match="already used"):
        ENGINE.apply(after, 1, "lighthouse")
    assert "lighthouse" in codes(ENGINE.legal_actions(after, 0))
    assert ENGINE.view(after, None)["sides"][1]["lighthouse"] is False


def test_lighthouse_three_players_shows_both_opponents() -> None:
    hands = [["2o", "3o", "4o", "5o"], ["6o", "7o", "8o", "9o"], ["Do", "Mo", "So", "Wo"]]
    state = game(["6w", "Ws", "2m", "9w"], hands, dealer=2, lighthouse_seconds=20)
    _, ev = ENGINE.apply(state, 1, "lighthouse")
    view = kinds(ev, "lighthouse_view")[0]
    assert view.visible_to == (1,) and view.data["seconds"] == 40
    assert [h["seat"] for h in view.data["hands"]] == [0, 2]


def test_lighthouse_four_players_shows_the_team_three_hands() -> None:
    state = four_player_game(lighthouse_seconds=45)
    state, _ = ENGINE.apply(state, 1, "pass:9o")
    state, ev = ENGINE.apply(state, 3, "lighthouse")
    view = kinds(ev, "lighthouse_view")[0]
    assert view.visible_to == (1, 3) and view.data["seconds"] == 135
    shown = {h["seat"]: h["cards"] for h in view.data["hands"]}
    assert shown[0] == ENGINE.view(state, 0)["hand"] and shown[2] == ENGINE.view(state, 2)["hand"]
    assert shown[1] == ENGINE.view(state, 1)["hand"]  # each partner sees the other's hand
    assert "lighthouse" not in codes(ENGINE.legal_actions(state, 1))  # once per team
    assert "lighthouse" in codes(ENGINE.legal_actions(state, 0))


def test_lighthouse_not_before_the_deal() -> None:
    state = ENGINE.new_game(2, options={"first_dealer": 0}, seed=1)
    assert "lighthouse" not in codes(ENGINE.legal_actions(state, 1))
    with pytest.raises(IllegalAction, match="dealt"):
        ENGINE.apply(state, 1, "lighthouse")


# ---------------------------------------------------------------- scoring and game end


def last_trick_state(scores, bags, bids, cards, **options):
    """Trick 8 of Tide E, 2p: seat 0 plays cards[0], seat 1 cards[1]; seat 0 wins."""
    state = at_trick(TIDE_E, [[cards[0]], [cards[1]]], trick=8, leader=0, **options)
    return state._replace(scores=scores, bags=bags, bids=bids)


def test_capsizing_repeats_in_the_engine() -> None:
    state = last_trick_state((20, 0), (4, 0), (1, 1), ["Ao", "2s"], novice=False)
    state = state._replace(won=(11, 0))
    state, ev = plays(state, (0, "play:Ao"), (1, "play:2s"))
    assert state.scores[0] == -270 and state.bags[0] == 0
    assert kinds(ev, "hand_scored")[0].data["sides"][0] == {
        "bid": 1,
        "tricks": 12,
        "points": -290,
        "sandbags": -4,
        "score": -270,
        "total_sandbags": 0,
    }


def test_missed_bid_loses_ten_per_trick_bid() -> None:
    state = last_trick_state((0, 0), (0, 0), (1, 4), ["Ao", "2s"], novice=False)
    state = state._replace(won=(0, 3))
    state, _ = plays(state, (0, "play:Ao"), (1, "play:2s"))
    assert state.scores == (10, -40) and state.bags == (0, 0)


def test_game_ends_with_the_highest_score() -> None:
    state = last_trick_state((200, 190), (4, 0), (1, 1), ["Ao", "2s"], novice=False)
    state = state._replace(won=(0, 1))
    state, ev = plays(state, (0, "play:Ao"), (1, "play:2s"))
    assert state.phase == OVER and ENGINE.is_over(state) and ENGINE.to_act(state) == []
    assert ENGINE.result(state).winners == [0] and ENGINE.result(state).scores == [210, 200]
    assert kinds(ev, "game_over")[0].data == {"winners": [0], "scores": [210, 200]}
    for seat in (0, 1):
        assert ENGINE.legal_actions(state, seat) == []
    with pytest.raises(IllegalAction, match="over"):
        ENGINE.apply(state, 0, "bid:1")


def test_a_tie_on_score_and_sandbags_plays_on() -> None:
    state = last_trick_state((190, 190), (1, 0), (1, 1), ["Ao", "2s"], novice=False)
    state = state._replace(won=(0, 2))  # 200/1 vs 200/1
    state, _ = plays(state, (0, "play:Ao"), (1, "play:2s"))
    assert state.scores == (200, 200) and state.bags == (1, 1)
    assert not ENGINE.is_over(state) and state.hand_no == 2 and ENGINE.result(state).winners == []


def test_fewest_sandbags_break_a_score_tie() -> None:
    state = last_trick_state((190, 190), (0, 0), (1, 1), ["Ao", "2s"], novice=False)
    state = state._replace(won=(0, 2))  # 200/0 vs 200/1
    state, _ = plays(state, (0, "play:Ao"), (1, "play:2s"))
    assert ENGINE.result(state).winners == [0]


def test_four_player_team_scores_on_both_seats() -> None:
    hands = [["Ao"], ["2s"], ["3s"], ["4s"]]
    state = at_trick(TIDE_E, hands, trick=8, leader=0, novice=False)
    state = state._replace(bids=(0, 1, 2, 1), won=(1, 2, 1, 2), scores=(190, 0))
    state, _ = plays(state, (0, "play:Ao"), (1, "play:2s"), (2, "play:3s"), (3, "play:4s"))
    # team 0+2: bid 2, won 3 → +20, 1 bag → 210/1; team 1+3: bid 2, won 4 → +20, 2 bags
    assert state.scores == (210, 20) and state.bags == (1, 2)
    assert ENGINE.result(state).scores == [210, 20, 210, 20]
    assert ENGINE.result(state).winners == [0, 2]
    assert ENGINE.teams(4) == [(0, 2), (1, 3)]


# ---------------------------------------------------------------- whole games


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_game_plays_to_the_end_through_the_registry(players: int) -> None:
    from games import registry

    engine = registry.get("rowboat")
    state = engine.new_game(players, options={"novice": True}, seed=11)
    steps = 0
    while not engine.is_over(state):
        seat = engine.to_act(state)[0]
        state, _ = engine.apply(state, seat, engine.legal_actions(state, seat)[0])
        steps += 1
    assert engine.result(state).winners and max(state.scores) >= state.opts.target
    assert engine.load(engine.dump(state)) == state
