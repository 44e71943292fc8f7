"""The contract surface: options, rigging, refusals with reasons, views, dump/load."""

from __future__ import annotations

import json

import pytest

from games.core import Action, BadOptions, IllegalAction
from games.turn_the_tide import ENGINE
from tests.games.turn_the_tide.helpers import play_hand, rigged

A, B, C = range(3)


def test_shape_and_options() -> None:
    assert (ENGINE.name, ENGINE.min_players, ENGINE.max_players) == ("turn_the_tide", 3, 5)
    assert ENGINE.Options().show_history is False
    with pytest.raises(BadOptions, match="Unknown option 'first_player'"):
        ENGINE.new_game(3, options={"first_player": 0})
    for players in (2, 6):
        with pytest.raises(BadOptions):
            ENGINE.new_game(players)


@pytest.mark.parametrize(
    "deck",
    [
        ["1", "2"],
        {"weather": ["61"]},
        {"tide": ["13"]},
        {"tide": ["5", "5", "5"]},
        {"weather": ["7", "7"]},
        {"weather": ["x"]},
        {"clouds": []},
    ],
)
def test_bad_rigged_decks_are_refused_readably(deck: object) -> None:
    with pytest.raises(BadOptions) as info:
        ENGINE.new_game(3, deck=deck)
    assert str(info.value)


def test_same_inputs_same_game() -> None:
    deck = {"weather": ["60", "59"], "tide": ["12"]}
    a = ENGINE.dump(ENGINE.new_game(4, seed=9, deck=deck))
    assert a == ENGINE.dump(ENGINE.new_game(4, seed=9, deck=deck))
    state = ENGINE.load(a)
    assert 60 in state.hands[0] and 59 in state.hands[1]
    assert 12 in state.tide_now


def test_everyone_acts_at_once_and_a_choice_is_final() -> None:
    state = rigged([[40, 41], [30, 31], [20, 21]], tide=[1, 2])
    assert ENGINE.to_act(state) == [A, B, C]
    state, events = ENGINE.apply(state, B, Action("play", "30"))
    assert ENGINE.to_act(state) == [A, C]
    assert ENGINE.legal_actions(state, B) == []
    assert [e.kind for e in events] == ["chosen", "your_choice"]
    assert events[0].visible_to is None and events[0].data == {"seat": B, "waiting": [A, C]}
    assert events[1].visible_to == (B,) and events[1].data["card"] == "30"
    with pytest.raises(IllegalAction, match="already chosen"):
        ENGINE.apply(state, B, "play:31")
    view = ENGINE.view(state, B)
    assert view["chosen_card"] == "30" and "30" not in view["hand"]
    assert [s["chosen"] for s in view["seats"]] == [False, True, False]


@pytest.mark.parametrize(
    ("code", "reason"),
    [
        ("play:59", "not in your hand"),
        ("play:abc", "not a weather card"),
        ("play:040", "not a weather card"),
        ("play:-4", "not a weather card"),
        ("pass", "not a Turn the Tide action"),
        ("play", "malformed"),
    ],
)
def test_refusals_say_why_and_change_nothing(code: str, reason: str) -> None:
    state = rigged([[40], [30], [20]])
    before = ENGINE.dump(state)
    with pytest.raises(IllegalAction, match=reason):
        ENGINE.apply(state, A, code)
    assert ENGINE.dump(state) == before


def test_refusals_for_seats() -> None:
    state = rigged([[40], [30], [20]], eliminated=(False, True, False))
    with pytest.raises(IllegalAction, match="eliminated"):
        ENGINE.apply(state, B, "play:30")
    with pytest.raises(IllegalAction, match="no seat 3"):
        ENGINE.apply(state, 3, "play:30")
    over = state.evolve(round=3)
    with pytest.raises(IllegalAction, match="game is over"):
        ENGINE.apply(over, A, "play:40")
    assert ENGINE.legal_actions(over, A) == [] and ENGINE.to_act(over) == []


def test_legal_actions_are_the_hand() -> None:
    state = rigged([[40, 3, 25], [], []])
    codes = [a.code for a in ENGINE.legal_actions(state, A)]
    assert codes == [f"play:{c}" for c in state.hands[A]]
    assert all(ENGINE.parse_action(c).code == c for c in codes)
    assert len(codes) == 12  # fits one Discord select (25 options)


def test_views_carry_what_the_table_needs() -> None:
    state = rigged([[40, 25], [30], [20]], tide=[3, 10], up=(2, 1, 3))
    public = ENGINE.view(state, None)
    json.dumps(public)
    assert "hand" not in public
    assert public["phase"] == "choose" and public["round"] == 1 and public["rounds"] == 3
    assert public["hand_number"] == 1 and public["hands_per_round"] == 12
    assert public["tide"] == ["3", "10"] and public["tide_deck"] == 22
    assert public["to_act"] == [A, B, C] and public["reveals"] == []
    seat = public["seats"][A]
    assert seat == {
        "seat": A,
        "level": 0,
        "preservers_up": 2,
        "preservers_down": 0,
        "eliminated": False,
        "chosen": False,
        "waiting": True,
        "cards_in_hand": 12,
        "score": 0,
    }
    mine = ENGINE.view(state, A)
    assert mine["seat"] == A and mine["hand"] == [str(c) for c in state.hands[A]]
    assert mine["marks"]["40"] == "half" and mine["marks"]["25"] == "whole"
    assert mine["marks"]["1"] == "none"
    assert mine["chosen_card"] is None
    # after a hand: the reveal stays, preservers face down show, the new tide pair is up
    state, _ = play_hand(state, {A: 40, B: 30, C: 20})
    public = ENGINE.view(state, None)
    assert public["hand_number"] == 2
    assert public["reveals"] == [
        {"hand": 1, "tide": ["3", "10"], "choices": ["40", "30", "20"], "lo_to": A, "hi_to": B}
    ]
    assert [s["level"] for s in public["seats"]] == [3, 10, 0]
    assert [s["preservers_down"] for s in public["seats"]] == [0, 1, 0]
    assert public["seats"][A]["cards_in_hand"] == 11


def test_default_view_shows_only_the_latest_reveal_and_no_stack() -> None:
    state = rigged([[40, 41], [30, 31], [20, 21]], tide=[1, 2, 3, 4, 5, 6], up=(5, 5, 5))
    state, _ = play_hand(state, {A: 40, B: 30, C: 20})
    state, _ = play_hand(state, {A: 41, B: 31, C: 21})
    public = ENGINE.view(state, None)
    assert [r["hand"] for r in public["reveals"]] == [2]
    assert "stack" not in public["seats"][A]


def test_show_history_shows_the_whole_round_and_stacks() -> None:
    state = rigged(
        [[40, 41], [30, 31], [20, 21]],
        tide=[1, 2, 3, 4, 5, 6],
        options={"show_history": True},
        up=(5, 5, 5),
    )
    state, _ = play_hand(state, {A: 40, B: 30, C: 20})
    state, _ = play_hand(state, {A: 41, B: 31, C: 21})
    public = ENGINE.view(state, None)
    assert [r["hand"] for r in public["reveals"]] == [1, 2]
    assert [s["stack"] for s in public["seats"]] == [[1, 3], [2, 4], []]
    assert public["options"] == {"show_history": True}


def test_new_round_view_shows_no_earlier_reveal_but_the_round_points() -> None:
    state = rigged([[40], [30], [20]], stacks=((), (5,), (9,)), tide_now=(1, 9), up=(2, 0, 0))
    state, _ = play_hand(state, {A: 40, B: 30, C: 20})
    public = ENGINE.view(state, None)
    assert public["round"] == 2 and public["hand_number"] == 1
    assert public["reveals"] == []
    assert public["last_round_points"] == [3, -1, -1] and public["scores"] == [3, -1, -1]


def test_dump_load_round_trip_mid_hand() -> None:
    state = rigged([[40], [30], [20]], tide=[1, 2], options={"show_history": True})
    state, _ = ENGINE.apply(state, A, "play:40")
    text = ENGINE.dump(state)
    assert ENGINE.load(text) == state and ENGINE.dump(ENGINE.load(text)) == text
    with pytest.raises(ValueError):
        ENGINE.load('{"players": 3}')
