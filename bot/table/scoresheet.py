"""The score sheet of a finished game: per hand or round, how each side scored (its bid or
contract, made or set, bags or penalties: the renderer's words), the change and the running total.

Why rebuilt from the action log: a game is a function of (options, seed, actions), and the
engines' views keep only the last hand's scoring, so the sheet is the game run once more with the
score read after every step that ends a hand. Where a hand ends is what the renderer already
declares for its log (``clears_log``: the next hand's deal, a round's end) plus the game's end;
a row is written only when a score changed there, so a redeal or a single-round game adds
nothing. How a side scored comes from the renderer (:meth:`Renderer.sheet_cells`, from the public
event that scored the hand), so nothing here names a game, and only public facts are shown.

Why a legend: the sheet is a code block (aligned columns), which a phone scrolls sideways past
about 40 columns instead of wrapping; full team names do not fit in it, so the sides are letters
there and their full names are written above it, where the text wraps.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from bot.i18n import texts
from bot.render import MAX_EMBED_TOTAL, MAX_FIELD_VALUE, EmbedSpec, FieldSpec, embed_size
from bot.render.base import Renderer
from bot.table.scoreboard import grouped
from games.core import Engine

_, _n = texts()

#: columns of a code block a phone shows without scrolling sideways
PHONE = 40
#: hands kept in the field (the latest ones), so that it stays under Discord's 1,024 characters
MAX_ROWS = 18
#: a side's name longer than this is written as a letter with a legend
SHORT_NAME = 8
LETTERS = "ABCDEFGH"


@dataclass(frozen=True, slots=True)
class SheetRow:
    """One scored hand: every side's running total after it, and the renderer's words for how
    each side scored (empty when the game has none)."""

    totals: tuple[int, ...]
    cells: tuple[str, ...] = ()


def sides_of(engine: Engine, players: int) -> list[tuple[int, ...]]:
    """The scoring sides of a table (the same as its final standings)."""
    return grouped(engine.teams(players), players)


def sheet_rows(
    engine: Engine,
    render: Renderer,
    players: int,
    options: dict[str, object],
    seed: int,
    actions: Sequence[tuple[int, int, str]],
) -> list[SheetRow]:
    """Every hand that changed a score, in order, with each side's total after it and the
    renderer's words for how it scored (CPU-bound: the caller runs it off the event loop)."""
    teams = sides_of(engine, players)
    state = engine.new_game(players, dict(options), seed)

    def now() -> tuple[int, ...]:
        scores = engine.result(state).scores
        return tuple(max(int(scores[s]) for s in team) for team in teams)

    rows: list[SheetRow] = []
    last = now()
    cells: tuple[str, ...] = ()
    for _seq, seat, code in actions:
        state, events = engine.apply(state, seat, code)
        for event in events:
            if event.visible_to is None:
                said = render.sheet_cells(event, len(teams))
                if said is not None:
                    cells = tuple(said)
        if any(render.clears_log(e) for e in events) or engine.is_over(state):
            current = now()
            if current != last:
                rows.append(SheetRow(current, cells if len(cells) == len(teams) else ()))
                last = current
            cells = ()
    return rows


def side_names(names: Sequence[str], teams: Sequence[tuple[int, ...]]) -> list[str]:
    """Every side's full name: its seats' names joined by ``&``."""
    return [" & ".join(names[s] if 0 <= s < len(names) else "?" for s in team) for team in teams]


def labels_of(full: Sequence[str]) -> tuple[list[str], str]:
    """The sides' labels in the sheet and the legend above it: the names themselves when all
    are short, else letters and a legend with the full names."""
    if all(len(name) <= SHORT_NAME for name in full) and len(full) <= len(LETTERS):
        return list(full), ""
    letters = [LETTERS[i] if i < len(LETTERS) else str(i + 1) for i in range(len(full))]
    legend = " · ".join(f"**{letter}** {name}" for letter, name in zip(letters, full, strict=True))
    return letters, legend


def _wrap(text: str, width: int) -> list[str]:
    """``text`` in lines of at most ``width`` characters, broken between words."""
    lines: list[str] = []
    line = ""
    for word in text.split():
        if line and len(line) + 1 + len(word) > width:
            lines.append(line)
            line = word
        else:
            line = f"{line} {word}" if line else word
    lines.append(line[:width])
    return lines


def _row(row: SheetRow | tuple[int, ...]) -> SheetRow:
    return row if isinstance(row, SheetRow) else SheetRow(tuple(row))


def sheet_lines(
    labels: Sequence[str],
    rows: Sequence[SheetRow | tuple[int, ...]],
    first: int = 1,
    before: tuple[int, ...] | None = None,
) -> list[str]:
    """The sheet as aligned monospace lines of at most :data:`PHONE` columns: a header, then per
    hand one line a side (``#  side  how  ±  total``); a long "how" wraps under itself.
    ``first`` is the number of the first hand shown and ``before`` the totals before it (the
    change of the first hand shown is counted from them; zeros at the start of the game)."""
    full = [_row(row) for row in rows]
    number = len(str(first + len(full) - 1))
    label = max(len(text) for text in labels)
    previous: tuple[int, ...] = before or (0,) * len(labels)
    cells: list[list[tuple[str, int, int]]] = []
    for row in full:
        cells.append(
            [
                (row.cells[i] if i < len(row.cells) else "", row.totals[i] - previous[i], total)
                for i, total in enumerate(row.totals)
            ]
        )
        previous = row.totals
    delta = max(len(f"{d:+d}") for hand in cells for _text, d, _total in hand)
    heading = _("total")  # the sheet's last column
    total = max(len(heading), *(len(str(t)) for hand in cells for _text, _d, t in hand))
    how = max(0, PHONE - number - label - delta - total - 4)
    used = max((len(text) for hand in cells for text, _d, _t in hand), default=0)
    how = min(how, used)
    lines = [
        " ".join(
            part
            for part in (
                "#".rjust(number),
                "".ljust(label),
                "".ljust(how),
                "±".rjust(delta),
                heading.rjust(total),
            )
        )
    ]
    for index, hand in enumerate(cells, start=first):
        for side, (text, change, running) in enumerate(hand):
            parts = _wrap(text, how) if how else [""]
            head = str(index).rjust(number) if side == 0 else " " * number
            lines.append(
                " ".join(
                    (
                        head,
                        labels[side].ljust(label),
                        parts[0].ljust(how),
                        f"{change:+d}".rjust(delta),
                        str(running).rjust(total),
                    )
                )
            )
            pad = " " * (number + label + 2)
            lines.extend(f"{pad}{more}" for more in parts[1:])
    return [line.rstrip() for line in lines]


def with_score_sheet(
    spec: EmbedSpec,
    names: Sequence[str],
    teams: Sequence[tuple[int, ...]],
    rows: Sequence[SheetRow | tuple[int, ...]],
) -> EmbedSpec:
    """The finished table with its score sheet as a field (only when there were two hands or
    more: one row would repeat the final standings). The latest hands are kept when the whole
    sheet would not fit the field or the embed."""
    if len(rows) < 2:
        return spec
    labels, legend = labels_of(side_names(names, teams))
    kept = list(rows[-MAX_ROWS:])
    room = min(MAX_FIELD_VALUE, MAX_EMBED_TOTAL - embed_size(spec) - 40)
    while kept:
        first = len(rows) - len(kept) + 1
        before = _row(rows[-len(kept) - 1]).totals if len(kept) < len(rows) else None
        lines = sheet_lines(labels, kept, first, before)
        value = "```\n" + "\n".join(lines) + "\n```"
        if legend:
            value = f"{legend}\n{value}"
        if len(value) <= room:
            break
        kept = kept[1:]
    else:
        return spec
    if len(kept) == len(rows):
        name = _("Score sheet")
    else:
        name = _("Score sheet (last {n} hands)", n=len(kept))
    return replace(spec, fields=(*spec.fields[:24], FieldSpec(name, value, False)))
