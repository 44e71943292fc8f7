"""Spec worked examples, test vectors 3-10 and rule-by-rule scenarios, on rigged tables."""

from __future__ import annotations

from games.turn_the_tide import ENGINE
from games.turn_the_tide.cards import allowance
from games.turn_the_tide.rules import round_points
from tests.games.turn_the_tide.helpers import fill_sets, kinds, levels, play_hand, rigged

A, B, C, D, E = range(5)


def test_deal_gives_each_seat_its_rigged_set_and_allowance() -> None:
    wanted = [
        [3, 13, 18, 25, 27, 33, 38, 44, 47, 51, 56, 60],
        [1, 5, 12, 14, 20, 26, 30, 40, 49, 52, 55, 59],
        [2, 9, 15, 22, 28, 31, 35, 36, 41, 45, 50, 58],
    ]
    state = rigged(wanted)
    assert [list(h) for h in state.hands] == [sorted(w) for w in wanted]
    assert list(state.up) == [5, 3, 6]
    assert list(state.allowances) == [5, 3, 6]
    for seat in range(3):
        assert ENGINE.view(state, seat)["hand"] == [str(c) for c in sorted(wanted[seat])]


def test_undealt_cards_are_removed_for_the_game() -> None:
    for players, removed in ((3, 24), (4, 12), (5, 0)):
        state = ENGINE.new_game(players, seed=3)
        dealt = {c for s in state.sets for c in s}
        assert len(dealt) == 12 * players and 60 - len(dealt) == removed
        assert sum(state.allowances) <= 24


def test_first_hand_flips_two_tide_cards_lo_hi() -> None:
    state = rigged([[], [], []], tide=[10, 3, 8, 5])
    assert state.tide_now == (3, 10)
    assert ENGINE.view(state, None)["tide"] == ["3", "10"]
    assert len(state.tide_deck) == 22


def test_vector_3_highest_takes_lo_second_takes_hi_and_d_loses() -> None:
    state = rigged(
        [[52], [17], [33], [8]],
        stacks=((11,), (6,), (), (10,)),
        tide_now=(4, 9),
        up=(2, 2, 2, 2),
    )
    state, events = play_hand(state, {A: 52, B: 17, C: 33, D: 8})
    assert levels(state) == [4, 6, 9, 10]
    assert list(state.up) == [2, 2, 2, 1]
    (reveal,) = kinds(events, "reveal")
    assert reveal["choices"] == ["52", "17", "33", "8"]
    assert reveal["tide"] == ["4", "9"]
    assert (reveal["lo_to"], reveal["hi_to"]) == (A, C)
    (flood,) = kinds(events, "flood")
    assert flood["lost"] == [D] and flood["top_level"] == 10


def test_vector_4_equal_tide_and_three_way_tie_all_lose() -> None:
    state = rigged([[40], [30], [20]], stacks=((), (), (7,)), tide_now=(7, 7), up=(1, 1, 1))
    state, events = play_hand(state, {A: 40, B: 30, C: 20})
    assert levels(state) == [7, 7, 7]
    assert list(state.up) == [0, 0, 0] and list(state.down) == [1, 1, 1]
    assert kinds(events, "flood")[0]["lost"] == [A, B, C]
    assert not any(state.eliminated)


def test_vector_5_elimination_without_ending_then_round_ends_at_two() -> None:
    state = rigged(
        [[40, 39], [20], [30, 19], [10, 29]],
        tide=[1, 2, 3, 4],
        stacks=((), (12,), (), (3,)),
        up=(3, 0, 3, 3),
    )
    # hand 1 (tide 1, 2): A takes 1, C takes 2; B's 12 is the unique top and B has none left
    state, events = play_hand(state, {A: 40, B: 20, C: 30, D: 10})
    assert levels(state) == [1, 12, 2, 3]
    assert list(state.eliminated) == [False, True, False, False]
    assert kinds(events, "flood")[0]["eliminated"] == [B]
    assert kinds(events, "round_end") == []
    assert ENGINE.to_act(state) == [A, C, D] and state.round == 0 and state.hand_no == 1
    assert ENGINE.legal_actions(state, B) == []
    # hand 2 (tide 3, 4): A takes 3, D takes 4; C (rigged to level 11, no preserver) is top
    state = state.evolve(stacks=((1,), (12,), (11,), (3,)), up=(3, 0, 0, 3))
    state, events = play_hand(state, {A: 39, C: 19, D: 29})
    assert kinds(events, "flood")[0]["eliminated"] == [C]
    (end,) = kinds(events, "round_end")
    assert end["round"] == 1 and end["reason"] == "two_left"
    assert end["eliminated"] == [B, C]
    assert end["points"] == [3 + 1, -1, -1, 3]
    assert state.round == 1


def test_vector_6_double_elimination_leaves_one_who_alone_gets_the_bonus() -> None:
    state = rigged([[40], [30], [20]], stacks=((), (5,), (9,)), tide_now=(1, 9), up=(2, 0, 0))
    # A takes 1, B takes 9: B and C tie at the top with no preserver left
    state, events = play_hand(state, {A: 40, B: 30, C: 20})
    (flood,) = kinds(events, "flood")
    assert flood["eliminated"] == [B, C]
    (end,) = kinds(events, "round_end")
    assert end["reason"] == "two_left"
    assert end["points"] == [2 + 1, -1, -1]
    assert end["bonus"] == [A]
    assert list(state.scores) == [3, -1, -1]


def test_vector_7_no_tide_card_is_the_lowest_level() -> None:
    base = rigged([[], [], [], [], []], stacks=((), (), (3,), (5,), (2,)), up=(0, 0, 1, 1, 1))
    points, bonus = round_points(base)
    assert bonus == [A, B]
    assert points == [1, 1, 1, 1, 1]
    only_e = base.evolve(stacks=((4,), (6,), (3,), (5,), ()))
    points, bonus = round_points(only_e)
    assert bonus == [E] and points == [0, 0, 1, 1, 2]


def test_eliminated_seats_never_get_the_bonus() -> None:
    state = rigged(
        [[], [], [], []],
        stacks=((5,), (), (7,), (6,)),
        up=(1, 0, 0, 2),
        eliminated=(False, True, False, False),
    )
    points, bonus = round_points(state)
    assert bonus == [A]
    assert points == [2, -1, 0, 2]


def test_rulebook_scoring_example_four_players() -> None:
    sarah, brian, aidan, julia = A, B, C, D
    state = rigged([[], [], [], []], stacks=((8,), (10,), (5,), (2,)), up=(3, 0, 2, 1))
    points, bonus = round_points(state)
    assert bonus == [julia]
    assert [points[sarah], points[brian], points[aidan], points[julia]] == [3, 0, 2, 2]


FULL_ROUND = [  # (tide lo, hi), A, B, C, levels after, preservers after
    ((3, 10), 45, 12, 30, [3, 0, 10], [2, 1, 2]),
    ((5, 8), 2, 50, 20, [3, 5, 8], [2, 1, 1]),
    ((1, 12), 40, 33, 5, [1, 12, 8], [2, 0, 1]),
    ((9, 11), 41, 60, 7, [11, 9, 8], [1, 0, 1]),
    ((2, 6), 10, 11, 59, [11, 6, 2], [0, 0, 1]),
    ((4, 12), 57, 16, 18, [4, 6, 12], [0, 0, 0]),
    ((7, 9), 3, 38, 29, [4, 7, 9], [0, 0, 0]),
]


def test_vector_9_full_three_player_round() -> None:
    wanted = [
        [row[1] for row in FULL_ROUND],
        [row[2] for row in FULL_ROUND],
        [row[3] for row in FULL_ROUND],
    ]
    tide = [t for row in FULL_ROUND for t in row[0]]
    state = rigged(wanted, tide=tide, up=(2, 1, 3))
    for number, (pair, a, b, c, after, preservers) in enumerate(FULL_ROUND, start=1):
        assert state.tide_now == pair, number
        state, events = play_hand(state, {A: a, B: b, C: c})
        flood = kinds(events, "flood")[0]
        assert flood["levels"] == after, number
        assert flood["preservers_up"] == preservers, number
    assert flood["eliminated"] == [C]
    (end,) = kinds(events, "round_end")
    assert end["round"] == 1 and end["reason"] == "two_left"
    assert end["points"] == [1, 0, -1]
    assert end["bonus"] == [A]
    assert ENGINE.result(state).scores == [1, 0, -1]
    assert ENGINE.result(state).winners == []
    # the next round began at once: sets moved left with full hands and their own allowances
    assert state.round == 1 and state.hand_no == 0
    sets = fill_sets(wanted)
    assert [sorted(h) for h in state.hands] == [sorted(sets[2]), sorted(sets[0]), sorted(sets[1])]
    assert list(state.up) == [allowance(sets[2]), allowance(sets[0]), allowance(sets[1])]
    assert not any(state.eliminated) and levels(state) == [0, 0, 0]
    assert len(state.tide_deck) == 22


def _lowest_card_game(players: int, seed: int, stop_round: int | None = None):
    """Everyone always plays their lowest card (the bot's timeout default, D5)."""
    state = ENGINE.new_game(players, seed=seed)
    log = []
    while not ENGINE.is_over(state):
        if stop_round is not None and state.round == stop_round:
            break
        seat = ENGINE.to_act(state)[0]
        state, events = ENGINE.apply(state, seat, ENGINE.legal_actions(state, seat)[0])
        log.extend(events)
    return state, log


def test_vector_8_rotation_four_players_round_index_2() -> None:
    state, _ = _lowest_card_game(4, seed=11, stop_round=2)
    assert state.round == 2 and state.hand_no == 0
    sets = state.sets
    assert state.hands == (sets[2], sets[3], sets[0], sets[1])
    assert state.up == tuple(state.allowances[i] for i in (2, 3, 0, 1))


def test_sets_pass_left_every_round_and_each_seat_plays_each_set() -> None:
    for players in (3, 4, 5):
        state = ENGINE.new_game(players, seed=2)
        played: dict[int, set] = {s: set() for s in range(players)}
        rounds_seen = []
        while not ENGINE.is_over(state):
            if state.hand_no == 0 and state.round not in rounds_seen:
                rounds_seen.append(state.round)
                for seat in range(players):
                    played[seat].add(state.hands[seat])
                    assert state.hands[seat] == state.sets[(seat - state.round) % players]
            seat = ENGINE.to_act(state)[0]
            state, _ = ENGINE.apply(state, seat, ENGINE.legal_actions(state, seat)[-1])
        assert rounds_seen == list(range(players))
        assert all(len(p) == players for p in played.values())


def test_round_ends_after_twelve_hands_and_tide_deck_is_used_up() -> None:
    state = ENGINE.new_game(3, seed=4)
    state = state.evolve(up=(24, 24, 24))  # nobody can be eliminated
    events = []
    for _ in range(12):
        assert state.round == 0
        hand = {s: state.hands[s][0] for s in range(3)}
        state, events = play_hand(state, hand)
    (end,) = kinds(events, "round_end")
    assert end["reason"] == "twelve_hands"
    assert state.round == 1
    assert kinds(events, "round_start")[0]["round"] == 2
    assert len(kinds(events, "deal")) == 3


def test_last_chance_then_elimination() -> None:
    state = rigged(
        [[40, 39], [30, 29], [20, 19]], tide=[1, 2, 3, 4], up=(2, 2, 1), stacks=((), (), (12,))
    )
    # C is the unique top: loses its last preserver but stays in (D2)
    state, events = play_hand(state, {A: 40, B: 30, C: 20})
    assert state.up[C] == 0 and not state.eliminated[C]
    assert kinds(events, "flood")[0]["eliminated"] == []
    # C is top again and has none: eliminated; with 3 players that ends the round
    state, events = play_hand(state, {A: 39, B: 29, C: 19})
    assert kinds(events, "flood")[0]["eliminated"] == [C]
    assert kinds(events, "round_end")[0]["points"][C] == -1


def test_game_ends_after_one_round_per_player_with_winners() -> None:
    for players in (3, 4, 5):
        state, log = _lowest_card_game(players, seed=players)
        ends = [e for e in log if e.kind == "round_end"]
        assert [e.data["round"] for e in ends] == list(range(1, players + 1))
        totals = [sum(e.data["points"][s] for e in ends) for s in range(players)]
        result = ENGINE.result(state)
        assert result.scores == totals
        best = max(totals)
        assert result.winners == [s for s in range(players) if totals[s] == best]
        (over,) = [e.data for e in log if e.kind == "game_over"]
        assert over == {"scores": totals, "winners": result.winners}
        assert ENGINE.to_act(state) == [] and ENGINE.view(state, None)["phase"] == "over"


def test_vector_10_tied_highest_totals_share_the_win() -> None:
    state = rigged([[], [], []]).evolve(scores=(7, 9, 9), round=3)
    assert ENGINE.is_over(state)
    assert ENGINE.result(state).winners == [1, 2]
    assert ENGINE.view(state, None)["winners"] == [1, 2]


def test_final_round_end_reports_the_shared_win() -> None:
    # last round, last hand to play: totals before are 5, 8, 7
    state = rigged([[40], [30], [20]], stacks=((), (9,), (3,)), tide_now=(1, 2), up=(2, 0, 2))
    state = state.evolve(round=2, hand_no=11, scores=(5, 8, 7))
    state, events = play_hand(state, {A: 40, B: 30, C: 20})
    # A takes 1, B takes 2 (level 2), C stays 3 -> C top, loses one
    (end,) = kinds(events, "round_end")
    assert end["points"] == [2 + 1, 0, 1]
    (over,) = kinds(events, "game_over")
    assert over == {"scores": [8, 8, 8], "winners": [0, 1, 2]}
    assert ENGINE.is_over(state)
