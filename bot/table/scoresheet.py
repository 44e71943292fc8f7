"""The compact score sheet of a finished game: every side's total after each hand or round.

Why rebuilt from the action log: a game is a function of (options, seed, actions), and the
engines' views keep only the last hand's scoring, so the sheet is the game run once more with the
score read after every step that ends a hand. Where a hand ends is what the renderer already
declares for its log (``clears_log``: the next hand's deal, a round's end) plus the game's end;
a row is written only when a score changed there, so a redeal or a single-round game adds
nothing. Nothing here names a game, and only totals (public on every table) are shown.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from bot.render import MAX_FIELD_VALUE, EmbedSpec, FieldSpec
from bot.render.base import Renderer
from bot.table.scoreboard import grouped
from games.core import Engine

#: columns are cut to this many characters so that five sides fit a phone (~40 characters)
COLUMN = 6
#: rows kept in the field (the latest ones) so that it stays under Discord's 1,024 characters
MAX_ROWS = 18


def sides_of(engine: Engine, players: int) -> list[tuple[int, ...]]:
    """The scoring sides of a table (the same as its final standings)."""
    return grouped(engine.teams(players), players)


def totals(
    engine: Engine,
    render: Renderer,
    players: int,
    options: dict[str, object],
    seed: int,
    actions: Sequence[tuple[int, int, str]],
) -> list[tuple[int, ...]]:
    """Each side's total after every hand that changed a score, in order (CPU-bound: the
    caller runs it off the event loop)."""
    teams = sides_of(engine, players)
    state = engine.new_game(players, dict(options), seed)

    def now() -> tuple[int, ...]:
        scores = engine.result(state).scores
        return tuple(max(int(scores[s]) for s in team) for team in teams)

    rows: list[tuple[int, ...]] = []
    last = now()
    for _seq, seat, code in actions:
        state, events = engine.apply(state, seat, code)
        if any(render.clears_log(e) for e in events) or engine.is_over(state):
            current = now()
            if current != last:
                rows.append(current)
                last = current
    return rows


def sheet_lines(
    names: Sequence[str], teams: Sequence[tuple[int, ...]], rows: Sequence[tuple[int, ...]]
) -> list[str]:
    """The sheet as aligned monospace lines: a header of short side names, one row per hand."""
    labels = [
        "&".join(names[s][:COLUMN] if 0 <= s < len(names) else "?" for s in team)[:COLUMN]
        for team in teams
    ]
    widths = [
        max(len(label), *(len(str(row[i])) for row in rows)) for i, label in enumerate(labels)
    ]
    number = len(str(len(rows)))
    lines = [
        " ".join(
            ["#".rjust(number), *(lab.rjust(w) for lab, w in zip(labels, widths, strict=True))]
        )
    ]
    for index, row in enumerate(rows, start=1):
        cells = (str(v).rjust(w) for v, w in zip(row, widths, strict=True))
        lines.append(" ".join([str(index).rjust(number), *cells]))
    return lines


def with_score_sheet(
    spec: EmbedSpec,
    names: Sequence[str],
    teams: Sequence[tuple[int, ...]],
    rows: Sequence[tuple[int, ...]],
) -> EmbedSpec:
    """The finished table with its score sheet as a field (only when there were two hands or
    more: one row would repeat the final standings)."""
    if len(rows) < 2:
        return spec
    lines = sheet_lines(names, teams, rows)
    header, body = lines[0], lines[1:]
    if len(body) > MAX_ROWS:
        body = ["…", *body[-MAX_ROWS:]]
    value = "```\n" + "\n".join([header, *body]) + "\n```"
    if len(value) > MAX_FIELD_VALUE:
        return spec
    field = FieldSpec("Score sheet (totals)", value, False)
    return replace(spec, fields=(*spec.fields[:24], field))
