"""The shell's scoreboard: ranked final standings for any game from its result and teams."""

from __future__ import annotations

from bot.render import EmbedSpec
from bot.table.scoreboard import ranked, score_line, with_final_standings
from games import Result

NAMES = ("Ann", "Ben", "Cy", "Di")


def test_highest_first_with_shared_places() -> None:
    result = Result([5, 9, 5, 1], [1])
    assert ranked(NAMES, result, [(0,), (1,), (2,), (3,)]) == [
        "🥇 1. Ben · 9",
        "🥈 2. Ann · 5",
        "🥈 2. Cy · 5",
        "▫️ 4. Di · 1",
    ]


def test_teams_rank_together() -> None:
    result = Result([300, -40, 300, -40], [0, 2])
    assert ranked(NAMES, result, [(0, 2), (1, 3)]) == [
        "🥇 1. Ann & Cy · 300",
        "🥈 2. Ben & Di · -40",
    ]


def test_a_game_where_the_lowest_score_wins_ranks_upwards() -> None:
    result = Result([12, 3, 30], [1])
    assert ranked(NAMES[:3], result, [(0,), (1,), (2,)])[0] == "🥇 1. Ben · 3"
    assert ranked(NAMES[:3], result, [(0,), (1,), (2,)])[-1] == "🥉 3. Cy · 30"


def test_final_field_and_score_line() -> None:
    spec = with_final_standings(EmbedSpec("t"), NAMES[:2], Result([1, 2], [1]), [(0,), (1,)])
    assert spec.fields[-1].name == "Final standings" and "Ben" in spec.fields[-1].value
    line = score_line(NAMES[:2], Result([1, 2], []), [(0,), (1,)], [1], 0)
    assert line == "Score: Ann: 1 · Ben: 2\n▶ To act: Ben"
    assert score_line(NAMES[:2], Result([1, 2], []), [(0,), (1,)], [0], 0).endswith("you")
