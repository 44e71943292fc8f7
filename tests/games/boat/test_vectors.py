"""Every worked example (§4) and test vector (§7) of ``shared/rules/boat.md``.

Seats: N=0, E=1, S=2, W=3 (teams NS = 0+2, EW = 1+3). Where the spec names a dealer W, the
game is rigged with ``first_dealer=3`` so bidding opens with N.
"""

from __future__ import annotations

import pytest

from games import IllegalAction
from games.boat import ENGINE
from games.boat.cards import CODES, POINTS, SUITS, TOTAL_POINTS
from games.boat.rules import game_winner, hand_change, playable, trick_winner
from tests.games.boat.helpers import (
    event,
    follow_position,
    ids,
    last_trick,
    new,
    play_trick,
    position,
    rest,
    run,
)

N, E, S, W = 0, 1, 2, 3
HEARTS = SUITS.index("H")


def codes_of(actions: list) -> set[str]:
    return {a.arg for a in actions}


# ------------------------------------------------------------------ vector 1: deck and points


def test_deck_has_41_cards_worth_120() -> None:
    assert len(CODES) == len(set(CODES)) == 41
    assert sum(POINTS) == TOTAL_POINTS == 120
    assert ENGINE.card_copies == {c: 1 for c in CODES}


def test_deal_is_four_nines_and_a_widow_of_five() -> None:
    state = ENGINE.new_game(4, seed=5)
    assert [len(h) for h in state.hands] == [9, 9, 9, 9]
    assert len(state.widow) == 5
    assert sorted(c for h in (*state.hands, state.widow) for c in h) == list(range(41))


# ------------------------------------------------------------------ vector 2: end of bidding


def test_bidding_ends_at_the_third_pass() -> None:
    state, events = run(
        new(dealer=W),
        (N, "bid:65"),
        (E, "bid:70"),
        (S, "pass"),
        (W, "pass"),
        (N, "bid:80"),
        (E, "pass"),
    )
    assert (state.phase, state.declarer, state.contract, state.stuck) == ("discard", N, 80, False)
    assert ENGINE.to_act(state) == [N]
    assert {
        "kind": "declarer",
        "visible_to": None,
        "data": {"seat": N, "bid": 80, "stuck": False},
    } in [e.to_dict() for e in events]


def test_three_passes_stick_the_fourth_player_at_65() -> None:
    state, _ = run(new(dealer=W), (N, "pass"), (E, "pass"), (S, "pass"))
    assert (state.phase, state.declarer, state.contract, state.stuck) == ("discard", W, 65, True)
    assert len(state.hands[W]) == 14


def test_partners_may_outbid_each_other() -> None:
    state, _ = run(new(dealer=W), (N, "bid:65"), (E, "pass"), (S, "bid:70"), (W, "pass"))
    assert ENGINE.to_act(state) == [N]
    assert codes_of(ENGINE.legal_actions(state, N)) == {""} | {str(b) for b in range(75, 121, 5)}
    state, _ = run(state, (N, "bid:75"))
    assert state.high_bidder == N


# ------------------------------------------------------------------ vector 3: bid validation


def test_bid_validation() -> None:
    state, _ = run(new(dealer=W), (N, "bid:70"))
    for bad, why in (("72", "multiples of 5"), ("70", "beat the current 70"), ("125", "65 to 120")):
        with pytest.raises(IllegalAction, match=why):
            ENGINE.apply(state, E, f"bid:{bad}")
    after, _ = ENGINE.apply(state, E, "bid:75")
    assert after.high_bid == 75


def test_a_player_who_passed_cannot_bid() -> None:
    state, _ = run(new(dealer=W), (N, "pass"), (E, "bid:65"), (S, "bid:70"), (W, "bid:75"))
    assert ENGINE.to_act(state) == [E]  # N is skipped
    assert ENGINE.legal_actions(state, N) == []
    for amount in (80, 120):
        with pytest.raises(IllegalAction, match="You passed"):
            ENGINE.apply(state, N, f"bid:{amount}")


# ------------------------------------------------------------------ vector 4: following


@pytest.mark.parametrize(
    ("hand", "led", "legal"),
    [
        (["9S", "5H", "BOAT"], "KS", {"9S"}),  # follow suit before trumping
        (["KD", "5H", "BOAT"], "KS", {"5H", "BOAT"}),  # must trump when void
        (["KD", "BOAT"], "KS", {"BOAT"}),  # the Boat is a trump
        (["BOAT", "AC"], "7H", {"BOAT"}),  # the Boat follows trump
        (["7D", "5H", "BOAT"], "KS", {"5H", "BOAT"}),  # §4: holds ♦, ♥ and the Boat, no ♠
        (["7S", "BOAT"], "KS", {"7S"}),  # §4: the Boat is not a spade (D3)
        (["BOAT", "6C", "9C"], "AH", {"BOAT"}),  # §4: trump led, Boat and clubs only
    ],
)
def test_following_rules(hand: list[str], led: str, legal: set[str]) -> None:
    assert {CODES[c] for c in playable(ids(hand), (ids([led])[0],), HEARTS, False)} == legal
    # the same through the engine: E follows N's lead in a trick-play position
    state = follow_position(hand, led, "H")
    assert ENGINE.to_act(state) == [E]
    assert codes_of(ENGINE.legal_actions(state, E)) == legal
    for card in set(hand) - legal:
        with pytest.raises(IllegalAction):
            ENGINE.apply(state, E, f"play:{card}")


# ------------------------------------------------------------------ vector 5 and §4: winners


@pytest.mark.parametrize(
    ("trick", "winner"),
    [
        (["TC", "AC", "5H", "KC"], S),  # S's 5♥ is the only trump
        (["7H", "AH", "BOAT", "5H"], S),  # the Boat beats the Ace of trump
        (["TC", "AC", "9D", "KC"], E),  # no trump: A♣ is the highest club
    ],
)
def test_trick_winner(trick: list[str], winner: int) -> None:
    led_by_n = tuple(ids([c])[0] for c in trick)
    assert trick_winner(led_by_n, HEARTS) == winner
    _, events = play_trick(last_trick(trick, "H"), trick)
    assert event(events, "trick")["winner"] == winner


def test_a_led_boat_leads_trump_and_wins() -> None:
    """§4: N leads the Boat; E holds ♥ and must play one; S holds none and plays anything."""
    hands = [["BOAT", "6C"], ["7H", "7C"], ["8C", "9D"], ["5H", "8D"]]
    spare = rest(*hands)
    state = position(hands=hands, trump="H", discards=spare[:5], won=(spare[5:], ()))
    state, _ = run(state, (N, "play:BOAT"))
    assert codes_of(ENGINE.legal_actions(state, E)) == {"7H"}
    state, _ = run(state, (E, "play:7H"))
    assert codes_of(ENGINE.legal_actions(state, S)) == {"8C", "9D"}
    state, _ = run(state, (S, "play:9D"))
    assert codes_of(ENGINE.legal_actions(state, W)) == {"5H"}
    state, events = run(state, (W, "play:5H"))
    assert event(events, "trick")["winner"] == N
    assert ENGINE.to_act(state) == [N]  # the winner leads the next trick


# ------------------------------------------------------------------ vectors 6 and 7: scoring

DISCARDS = ["TC", "5D", "6C", "7C", "8C"]  # 15 points


def test_discards_go_to_the_last_tricks_team_and_a_made_bid_scores() -> None:
    """Vectors 6 and 7a: bid 80; NS take 90 in tricks; EW 15 in tricks plus trick 9 with the
    15 discarded points -> NS +90, EW +30."""
    state = last_trick(
        ["6D", "KD", "7D", "8D"], "H", discards=DISCARDS, pile_ew=["AS", "5S", "9S", "JS"]
    )
    state, events = play_trick(state, ["6D", "KD", "7D", "8D"])
    scored = event(events, "hand_scored")
    assert scored["last_trick_team"] == 1
    assert scored["discard_points"] == 15
    assert sorted(scored["discards"]) == sorted(DISCARDS)
    assert scored["card_points"] == [90, 30]
    assert scored["score_change"] == [90, 30] and scored["made"] is True
    assert state.scores == (90, 30)


def test_discards_go_to_ns_when_ns_win_the_last_trick() -> None:
    state = last_trick(
        ["6D", "KD", "AD", "8D"], "H", discards=DISCARDS, pile_ew=["AS", "5S", "9S", "JS"]
    )
    _, events = play_trick(state, ["6D", "KD", "AD", "8D"])
    scored = event(events, "hand_scored")
    assert scored["last_trick_team"] == 0
    assert scored["card_points"] == [105, 15]


def test_a_failed_bid_loses_the_bid_and_defenders_still_score() -> None:
    """Vector 7b: bid 80, NS take 75 -> NS -80, EW +45."""
    state = last_trick(
        ["6D", "KD", "7D", "8D"], "H", discards=DISCARDS, pile_ew=["AS", "TS", "5S", "5H"]
    )
    state, events = play_trick(state, ["6D", "KD", "7D", "8D"])
    scored = event(events, "hand_scored")
    assert scored["card_points"] == [75, 45]
    assert scored["score_change"] == [-80, 45] and scored["made"] is False
    assert state.scores == (-80, 45)


def test_a_bid_met_exactly_is_made() -> None:
    assert hand_change((80, 40), 0, 80) == ((80, 40), True)
    assert hand_change((40, 80), 1, 85) == ((40, -85), False)


# ------------------------------------------------------------------ vector 8 and §4: game end


def test_both_over_the_target_the_higher_wins() -> None:
    state = last_trick(
        ["6D", "KD", "7D", "8D"],
        "H",
        discards=DISCARDS,
        pile_ew=["AS", "5S", "9S", "JS"],
        scores=(495, 475),
    )
    state, events = play_trick(state, ["6D", "KD", "7D", "8D"])
    assert state.scores == (585, 505)
    assert ENGINE.is_over(state) and ENGINE.to_act(state) == []
    assert ENGINE.result(state).winners == [0, 2]
    assert ENGINE.result(state).scores == [585, 505, 585, 505]
    assert event(events, "game_over")["winners"] == [0, 2]
    assert game_winner((585, 505), 500) == 0


def test_defenders_reaching_the_target_win() -> None:
    """§4: EW reach 505, NS 480: EW win although they defended (D7)."""
    state = last_trick(
        ["6D", "KD", "7D", "8D"],
        "H",
        discards=DISCARDS,
        pile_ew=["AS", "TS", "5S", "5H"],
        scores=(560, 460),
        bid=80,
    )
    state, _ = play_trick(state, ["6D", "KD", "7D", "8D"])
    assert state.scores == (480, 505)
    assert ENGINE.result(state).winners == [1, 3]


def test_equal_scores_over_the_target_play_another_hand() -> None:
    """Vector 8b: NS 500 and EW 500 in the same hand -> another hand (D7)."""
    state = last_trick(
        ["6D", "KD", "7D", "8D"],
        "H",
        discards=DISCARDS,
        pile_ew=["AS", "5S", "9S", "JS"],
        scores=(410, 470),
        dealer=2,
    )
    state, events = play_trick(state, ["6D", "KD", "7D", "8D"])
    assert state.scores == (500, 500)
    assert not ENGINE.is_over(state) and ENGINE.result(state).winners == []
    assert (state.phase, state.dealer, state.hand_number) == ("bidding", 3, 2)
    assert ENGINE.to_act(state) == [0]
    assert game_winner((500, 500), 500) == -1
    assert not [e for e in events if e.kind == "game_over"]


def test_nobody_at_the_target_plays_on() -> None:
    assert game_winner((499, -20), 500) == -1
    assert game_winner((500, 499), 500) == 0
    assert game_winner((120, 130), 100) == 1
