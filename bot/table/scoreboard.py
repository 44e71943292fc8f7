"""Scores and standings every game shows the same way: ranked final standings on a finished
table, and a one-line score with whose turn it is under every live hand.

Why in the shell and not in each renderer: the engine's ``result`` (scores and winners) and
``teams`` are part of every engine's contract, so one function ranks every game, a sixth game
included, and no hand lacks the score or the turn (issue 15). It names no game: the direction
of the ranking comes from the winners (a game where the lowest score wins ranks upwards).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from bot.i18n import texts
from bot.render import MAX_FIELD_VALUE, EmbedSpec, FieldSpec, clip
from games import Result

_, _n = texts()

MEDALS = ("🥇", "🥈", "🥉")


def grouped(teams: Sequence[Sequence[int]], players: int) -> list[tuple[int, ...]]:
    """The scoring sides: the engine's teams, and every seat outside a team alone."""
    sides = [tuple(t) for t in teams if t]
    seen = {s for t in sides for s in t}
    return sides + [(s,) for s in range(players) if s not in seen]


def sides(
    names: Sequence[str], result: Result, teams: Sequence[tuple[int, ...]]
) -> list[tuple[str, int, bool]]:
    """(name, score, won) per side: a team's seats together ("Ann & Cy"), a lone seat alone."""
    winners = set(result.winners)
    return [
        (
            " & ".join(names[s] if 0 <= s < len(names) else "?" for s in team),
            max(int(result.scores[s]) for s in team),
            bool(winners & set(team)),
        )
        for team in grouped(teams, len(result.scores))
    ]


def ranked(names: Sequence[str], result: Result, teams: Sequence[tuple[int, ...]]) -> list[str]:
    """Final standings, best first, ties sharing a place: "🥇 1. Ann & Cy · 520"."""
    rows = sides(names, result, teams)
    won = [score for _name, score, w in rows if w]
    lost = [score for _name, score, w in rows if not w]
    upwards = bool(won and lost) and max(won) < min(lost)  # the lowest score won
    rows.sort(key=lambda r: (not r[2], r[1] if upwards else -r[1]))
    lines: list[str] = []
    place = 0
    previous: tuple[bool, int] | None = None
    for index, (name, score, w) in enumerate(rows):
        if (w, score) != previous:
            place = index + 1
            previous = (w, score)
        medal = MEDALS[place - 1] if place <= len(MEDALS) else "▫️"
        lines.append(f"{medal} {place}. {name} · {score}")
    return lines


def with_final_standings(
    spec: EmbedSpec, names: Sequence[str], result: Result, teams: Sequence[tuple[int, ...]]
) -> EmbedSpec:
    """A finished table's embed with the ranked standings as its last field."""
    value = clip("\n".join(ranked(names, result, teams)), MAX_FIELD_VALUE)
    return replace(spec, fields=(*spec.fields[:24], FieldSpec(_("Final standings"), value, False)))


def score_line(
    names: Sequence[str],
    result: Result,
    teams: Sequence[tuple[int, ...]],
    to_act: Sequence[int],
    seat: int,
    standing: str | None = None,
) -> str:
    """One short line for a live hand: how the sides stand and who is to act.

    ``standing`` is the renderer's own standing line (``Renderer.standing``) for a game whose
    engine scores are not what its players follow; without it, the score of every side."""
    if standing is None:
        score = " · ".join(f"{name}: {value}" for name, value, _won in sides(names, result, teams))
        standing = _("Score: {score}", score=score)
    if not to_act:
        return standing
    if list(to_act) == [seat]:
        return standing + "\n" + _("▶ To act: you")
    turn = ", ".join(names[s] for s in to_act)
    return standing + "\n" + _("▶ To act: {names}", names=turn)
