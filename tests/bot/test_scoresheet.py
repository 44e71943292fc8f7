"""The score sheet of a finished game (issue 15): every side's total after each hand, rebuilt
from the action log, ending on the final score, and narrow enough for a phone."""

from __future__ import annotations

import itertools
import random

import pytest

from bot.render import EmbedSpec, FieldSpec
from bot.render.base import renderer_for
from bot.table.scoresheet import (
    MAX_ROWS,
    PHONE,
    sheet_lines,
    sheet_rows,
    sides_of,
    with_score_sheet,
)
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
    rows = [r.totals for r in sheet_rows(engine, renderer_for(name), players, options, 5, actions)]
    scores = engine.result(final).scores
    teams = sides_of(engine, players)
    assert rows and rows[-1] == tuple(max(scores[s] for s in team) for team in teams)
    assert all(a != b for a, b in itertools.pairwise(rows))
    assert all(len(row) == len(teams) for row in rows)


def test_rows_follow_the_hands_not_every_move() -> None:
    """Rowboat scores once per hand: one row per scored hand, however many tricks."""
    engine = registry.get("rowboat")
    options, actions, _ = random_game("rowboat", 2, seed=9)
    rows = [r.totals for r in sheet_rows(engine, renderer_for("rowboat"), 2, options, 9, actions)]
    state = engine.new_game(2, options, 9)
    scored = 0
    for _seq, seat, code in actions:
        state, events = engine.apply(state, seat, code)
        scored += sum(e.kind == "hand_scored" for e in events)
    assert 2 <= len(rows) <= scored


def test_the_sheet_names_sides_in_full_and_fits_a_phone_with_five_sides() -> None:
    """Long names are not cut (issue 36: "Annabe"): the sides are letters in the aligned block,
    which a phone cannot wrap, and their full names stand in a legend above it."""
    names = ["Annabelle", "Benedict", "Cyrus", "Dianne", "Edmund"]
    teams = [(s,) for s in range(5)]
    rows = [(12, -3, 40, 0, 7), (120, -30, 400, 0, 75)]
    spec = with_score_sheet(EmbedSpec("t"), names, teams, rows)
    legend, block = spec.fields[-1].value.split("\n", 1)
    assert all(f"**{a}** {name}" in legend for a, name in zip("ABCDE", names, strict=True))
    lines = block.strip("`\n").splitlines()
    assert all(len(line) <= PHONE for line in lines)
    assert lines[1].split() == ["1", "A", "+12", "12"]
    assert lines[6].split() == ["2", "A", "+108", "120"]
    assert lines[7].split() == ["B", "-27", "-30"]


def test_short_names_need_no_legend() -> None:
    lines = sheet_lines(["Ann", "Bo"], [(5, 3), (9, 1)])
    assert [line.split() for line in lines[1:]] == [
        ["1", "Ann", "+5", "5"],
        ["Bo", "+3", "3"],
        ["2", "Ann", "+4", "9"],
        ["Bo", "-2", "1"],
    ]


@pytest.mark.parametrize(
    ("name", "players", "words"),
    [("rowboat", 4, "bid"), ("turn_the_tide", 3, "lowest tide"), ("boat", 4, "in cards")],
)
def test_each_hand_says_how_each_side_scored(name: str, players: int, words: str) -> None:
    """Per hand: the renderer's words for each side (bid, made or set, bags; Turn the Tide's
    lowest tide and washed away), the change and the running total, which add up."""
    engine = registry.get(name)
    extra = {"rowboat": {"novice": False}, "boat": {"target_score": 2000}}.get(name, {})
    options = {**registry.package(name).profile.options, **extra}
    state = engine.new_game(players, options, 7)
    rng = random.Random(7)
    actions: list[tuple[int, int, str]] = []
    render = renderer_for(name)
    hands = 0
    while not engine.is_over(state) and hands < 4:  # four hands (random bids rarely end one)
        seat = min(engine.to_act(state))
        code = rng.choice(engine.legal_actions(state, seat)).code
        state, events = engine.apply(state, seat, code)
        hands += sum(render.sheet_cells(e, 1) is not None for e in events)
        actions.append((len(actions) + 1, seat, code))
    rows = sheet_rows(engine, render, players, options, 7, actions)
    assert len(rows) >= 2 and any(words in cell for row in rows for cell in row.cells)
    if name == "rowboat":
        assert all(("made" in c or "set" in c) for row in rows for c in row.cells)
    teams = sides_of(engine, players)
    names = ["Annabelle", "Benedict", "Cyrus", "Dianne"][:players]
    value = with_score_sheet(EmbedSpec("t"), names, teams, rows).fields[-1].value
    block = value.split("```")[1]
    assert words in block and all(len(line) <= PHONE for line in block.splitlines())
    changes: dict[str, int] = {}
    for line in block.strip().splitlines()[1:]:
        parts = line.split()
        if len(parts) >= 3 and parts[-2].lstrip("+-").isdigit():
            label = parts[1] if parts[0].isdigit() else parts[0]
            changes[label] = changes.get(label, 0) + int(parts[-2])
            assert changes[label] == int(parts[-1]), line  # the running total adds up


def test_a_single_hand_adds_nothing_and_a_long_game_keeps_the_latest_rows() -> None:
    spec = EmbedSpec(title="t", description="d", fields=(FieldSpec("Final standings", "x", False),))
    assert with_score_sheet(spec, ["A", "B"], [(0,), (1,)], [(5, 3)]) == spec
    rows = [(i * 10, -i) for i in range(1, 40)]
    fields = with_score_sheet(spec, ["A", "B"], [(0,), (1,)], rows).fields
    sheet = fields[-1]
    assert sheet.name == f"Score sheet (last {MAX_ROWS} hands)" and len(sheet.value) <= 1024
    body = sheet.value.strip("`\n").splitlines()
    first = 40 - MAX_ROWS
    # the first hand shown counts its change from the hand before it, not from zero
    assert body[1].split() == [str(first), "A", "+10", str(first * 10)]
    assert body[-1].split() == ["B", "-1", "-39"]
    assert fields[0].name == "Final standings"
