"""Spec §1 and test vectors 1-2: preserver icons and allowances."""

from __future__ import annotations

import pytest

from games.turn_the_tide import ENGINE
from games.turn_the_tide.cards import CARD_COPIES, TIDE, WEATHER, allowance, halves, mark


@pytest.mark.parametrize(
    ("value", "expected"),
    [(12, 0), (13, 1), (24, 1), (25, 2), (36, 2), (37, 1), (48, 1), (49, 0), (1, 0), (60, 0)],
)
def test_icons_in_halves(value: int, expected: int) -> None:
    assert halves(value) == expected


def test_icons_total_24_preservers() -> None:
    assert sum(halves(v) for v in WEATHER) == 48  # 48 halves = 24 tokens
    assert allowance(WEATHER) == 24


@pytest.mark.parametrize(
    ("hand_set", "tokens"),
    [
        ({3, 13, 18, 25, 27, 33, 38, 44, 47, 51, 56, 60}, 5),
        ({1, 5, 12, 14, 20, 26, 30, 40, 49, 52, 55, 60}, 3),
        ({2, 9, 15, 22, 28, 31, 35, 36, 41, 45, 50, 58}, 6),
    ],
)
def test_allowance_rounds_halves_down(hand_set: set[int], tokens: int) -> None:
    assert allowance(hand_set) == tokens


def test_decks() -> None:
    assert sorted(WEATHER) == list(range(1, 61))
    assert sorted(TIDE) == sorted(list(range(1, 13)) * 2)


def test_card_copies_count_weather_and_tide_sharing_a_code() -> None:
    assert ENGINE.card_copies is CARD_COPIES
    assert CARD_COPIES["5"] == 3 and CARD_COPIES["12"] == 3
    assert CARD_COPIES["13"] == 1 and CARD_COPIES["60"] == 1
    assert sorted(CARD_COPIES, key=int) == [str(v) for v in range(1, 61)]
    assert sum(CARD_COPIES.values()) == 60 + 24


def test_marks_are_words() -> None:
    assert [mark(v) for v in (1, 13, 25, 37, 49)] == ["none", "half", "whole", "half", "none"]
