"""Smaller words of issue 36: the lobby's server clock says it is off by default, an AI seat's
level is said once (not in every line), and a seat plate's facts are not cut on the pictures."""

from __future__ import annotations

from bot.model import Seat
from bot.render.images import draw
from bot.render.lobby import PACES, pace_words
from bot.table.presentation import ai_levels, seat_label


def test_the_servers_turn_timeout_says_it_is_off_by_default() -> None:
    assert "Off by default" in pace_words(None)
    value, label, description = PACES[0]
    assert value == "default" and "Off by default" in label
    assert len(label) <= 100 and len(description) <= 100  # a select option's limits


def test_an_ai_seats_level_is_said_once() -> None:
    seats = [
        Seat(0, 11, "Ann"),
        Seat(1, None, "AI 1", ai_level="normal"),
        Seat(2, None, "AI 2", ai_level="random"),
    ]
    assert [seat_label(s) for s in seats] == ["Ann", "AI 1", "AI 2"]
    assert ai_levels(seats) == "🤖 AI 1 · normal"
    assert ai_levels(seats[:1]) is None


def test_a_seat_plate_breaks_its_facts_instead_of_cutting_them() -> None:
    lines = draw.plate_lines("bid 2 · won 0 · dealer", 176)
    assert " · ".join(lines) == "bid 2 · won 0 · dealer" and len(lines) == 2
    assert all(draw.text_w(line, 22) <= 176 for line in lines)
    assert draw.plate_lines("won 3", 176) == ["won 3"] and draw.plate_lines("", 176) == []
