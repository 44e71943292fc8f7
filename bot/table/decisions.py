"""The answer of a hand's **❓ Explain** button: this decision, in the game's own words.

Why apart: what the answer says is the engine's (``games.core.Decisions``: the choices and what
each does to the score, or what the seat waits for; ``Explainer``: why some moves are withheld),
and it is built from the seat's own view only, so it reveals nothing; this part only frames the
lines and fits them into one private message. It names no game and decides no rule.
"""

from __future__ import annotations

from typing import Any

from bot.i18n import texts, translate
from bot.model import GameInfo
from bot.render import MAX_CONTENT, clip
from bot.table.presentation import seat_label
from games import registry
from games.core import decision_lines
from games.text import messages

_, _n = texts()
msg, msg_n = messages("tidewater")

#: the answer when the game explains nothing (an engine without the hook)
NOTHING = msg("❓ This game has no explanations of its decisions yet: /rules summarises it.")
#: the answer while the seat is away (an AI plays it)
AWAY = msg("❓ You are away: an AI is playing your seat. Press **I'm back** to decide again.")


def decision_text(info: GameInfo, state: Any, seat: int) -> str:
    """The private answer for ``seat``: a heading, then the engine's lines, one a bullet, within
    Discord's limit for a message."""
    if info.seats[seat].away:
        return translate(AWAY)
    engine = registry.get(info.game)
    names = tuple(seat_label(s) for s in info.seats)
    lines = decision_lines(engine, state, seat, names)
    if not lines:
        return translate(NOTHING)
    waiting = seat not in engine.to_act(state)
    if waiting:
        heading = _("❓ **{game}: while you wait**", game=engine.title)
    else:
        heading = _("❓ **{game}: your decision**", game=engine.title)
    text = "\n".join([heading, *(f"• {translate(line)}" for line in lines)])
    return clip(text, MAX_CONTENT)
