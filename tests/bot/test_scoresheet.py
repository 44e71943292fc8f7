"""The score sheet of a finished game (issue 15): every side's total after each hand, rebuilt
from the action log, ending on the final score, and narrow enough for a phone."""

from __future__ import annotations

import itertools
import random

import pytest

from bot.render import EmbedSpec, FieldSpec
from bot.render.base import renderer_for
from bot.table.scoresheet import MAX_ROWS, sheet_lines, sides_of, totals, with_score_sheet
from games import registry


def random_game(
    name: str, players: int, seed: int
) -> tuple[dict, list[tuple[int, int, str]], object]:
    """A seeded random game to its end under the package's playout options."""
    engine = registry.get(name)
    options = dict(registry.package(name).profile.options)
    state = engine.new_game(players, options, seed)
    rng = random.Random(seed)
    actions: list[tuple[int, int, str]] = []
    while not engine.is_over(state) and len(actions) < 20_000:
        seat = min(engine.to_act(state))
        code = rng.choice(engine.legal_actions(state, seat)).code
        state, _ = engine.apply(state, seat, code)
        actions.append((len(actions) + 1, seat, code))
    assert engine.is_over(state)
    return options, actions, state


@pytest.mark.parametrize("name", ["rowboat", "boat", "turn_the_tide", "boat_canasta"])
def test_the_sheet_ends_on_the_final_score_and_each_row_is_a_change(name: str) -> None:
    engine = registry.get(name)
    players = engine.min_players
    options, actions, final = random_game(name, players, seed=5)
    rows = totals(engine, renderer_for(name), players, options, 5, actions)
    scores = engine.result(final).scores
    teams = sides_of(engine, players)
    assert rows and rows[-1] == tuple(max(scores[s] for s in team) for team in teams)
    assert all(a != b for a, b in itertools.pairwise(rows))
    assert all(len(row) == len(teams) for row in rows)


def test_rows_follow_the_hands_not_every_move() -> None:
    """Rowboat scores once per hand: one row per scored hand, however many tricks."""
    engine = registry.get("rowboat")
    options, actions, _ = random_game("rowboat", 2, seed=9)
    rows = totals(engine, renderer_for("rowboat"), 2, options, 9, actions)
    state = engine.new_game(2, options, 9)
    scored = 0
    for _seq, seat, code in actions:
        state, events = engine.apply(state, seat, code)
        scored += sum(e.kind == "hand_scored" for e in events)
    assert 2 <= len(rows) <= scored


def test_the_sheet_is_aligned_and_fits_a_phone_with_five_sides() -> None:
    names = ["Annabelle", "Benedict", "Cyrus", "Dianne", "Edmund"]
    teams = [(s,) for s in range(5)]
    rows = [(12, -3, 40, 0, 7), (120, -30, 400, 0, 75)]
    lines = sheet_lines(names, teams, rows)
    assert lines[0].split() == ["#", "Annabe", "Benedi", "Cyrus", "Dianne", "Edmund"]
    assert lines[2].split() == ["2", "120", "-30", "400", "0", "75"]
    assert len({len(line) for line in lines}) == 1 and len(lines[0]) <= 40


def test_a_single_hand_adds_nothing_and_a_long_game_keeps_the_latest_rows() -> None:
    spec = EmbedSpec(title="t", description="d", fields=(FieldSpec("Final standings", "x", False),))
    assert with_score_sheet(spec, ["A", "B"], [(0,), (1,)], [(5, 3)]) == spec
    rows = [(i, -i) for i in range(1, 40)]
    sheet = with_score_sheet(spec, ["A", "B"], [(0,), (1,)], rows).fields[-1]
    assert sheet.name.startswith("Score sheet") and len(sheet.value) <= 1024
    body = sheet.value.strip("`\n").splitlines()
    assert body[1] == "…" and len(body) == MAX_ROWS + 2 and body[-1].split() == ["39", "39", "-39"]
    names = [f.name for f in with_score_sheet(spec, ["A", "B"], [(0,), (1,)], rows).fields]
    assert names[0] == "Final standings"
