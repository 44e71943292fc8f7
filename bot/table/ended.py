"""What any old control of a game that is over answers (issue 12: never a silent failure).

Why one function: a hand message, a table button, a refresh or a nav from a finished or stopped
game all answer the same words, with the result, instead of "Waiting for Carol." or an error.
"""

from __future__ import annotations

from typing import Any

from bot.i18n import texts
from bot.model import GameInfo
from games import registry

_, _n = texts()

#: statuses of a game that is over (a lobby closed before it started is "abandoned" too)
OVER = ("finished", "abandoned")


def ended_note(info: GameInfo, state: Any) -> str | None:
    """``This game has ended: …`` with the winners and scores, or None while it goes on."""
    if info.status not in OVER:
        return None
    if state is None:
        return _("This game has ended: it was closed before it started.")
    names = {s.seat: s.name for s in info.seats}
    result = registry.get(info.game).result(state)
    scores = " · ".join(
        f"{names.get(seat, '?')} {score}" for seat, score in enumerate(result.scores)
    )
    if info.status == "finished" and result.winners:
        winners = " & ".join(names.get(seat, "?") for seat in result.winners)
        return _(
            "This game has ended: {winners} won. Final scores: {scores}.",
            winners=winners,
            scores=scores,
        )
    return _(
        "This game has ended before anyone won. Scores when it stopped: {scores}.", scores=scores
    )
