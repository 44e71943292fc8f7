"""What Turn the Tide's weather cards do, and this decision explained (``games.core.Effects``
and ``Decisions``), in our own words.

Why from the view: the lines reach the player at once, so they come from the seat's own view
and legal codes only, and name no card of another seat (nobody's choice before the reveal).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from games.text import Msg, messages

msg, msg_n = messages("turn_the_tide")


def effects(view: Mapping[str, Any], legal: Sequence[str]) -> tuple[Msg, ...]:
    """The weather card is the only control: what playing one does, and what its 🛟 marks do."""
    if not any(code.startswith("play:") for code in legal):
        return ()
    return (
        msg(
            "Weather: highest card takes the low tide, second the high; the highest tide loses"
            " a 🛟."
        ),
        msg("🛟 marks only set a hand's preservers at a round's start; playing costs none."),
    )


def _names(seats: Sequence[int], names: Sequence[str]) -> str:
    return " & ".join(names[s] if 0 <= s < len(names) else "?" for s in seats)


def _levels(view: Mapping[str, Any]) -> Msg | None:
    seat = view.get("seat")
    entries = [e for e in view.get("seats") or [] if not e.get("eliminated")]
    if not isinstance(seat, int) or not entries:
        return None
    mine = next((e for e in entries if e.get("seat") == seat), None)
    if mine is None:
        return None
    top = max(int(e.get("level", 0)) for e in entries)
    up = int(mine.get("preservers_up", 0))
    level = int(mine.get("level", 0))
    if level == top and top > 0:
        return msg_n(
            "Your level is {level} (highest at the table {top}); you have {n} preserver afloat."
            " You have the highest level now.",
            "Your level is {level} (highest at the table {top}); you have {n} preservers afloat."
            " You have the highest level now.",
            up,
            level=level,
            top=top,
        )
    return msg_n(
        "Your level is {level} (highest at the table {top}); you have {n} preserver afloat.",
        "Your level is {level} (highest at the table {top}); you have {n} preservers afloat.",
        up,
        level=level,
        top=top,
    )


def decision(
    view: Mapping[str, Any], legal: Sequence[str], names: Sequence[str]
) -> tuple[Msg, ...]:
    """This decision: the choice and what it does to the score, or what the seat waits for."""
    lines: list[Msg] = []
    tide = list(view.get("tide") or [])
    if view.get("phase") == "over":
        return (msg("Nothing to decide: the game is over."),)
    if not legal:
        waiting = list(view.get("to_act") or [])
        if view.get("chosen_card"):
            lines.append(
                msg_n(
                    "Your card is locked. Waiting for {names} to choose.",
                    "Your card is locked. Waiting for {names} to choose.",
                    len(waiting),
                    names=_names(waiting, names),
                )
            )
        else:
            lines.append(
                msg(
                    "You are out of this round (no preserver left at the highest level). "
                    "Waiting for {names}.",
                    names=_names(waiting, names),
                )
            )
    else:
        lines.append(
            msg(
                "Pick one weather card, secretly; every card is shown at once when all have chosen."
            )
        )
    if len(tide) == 2:
        lo, hi = sorted(tide, key=int)
        lines.append(
            msg(
                "The highest card takes the tide card {lo}, the second highest takes {hi}; it "
                "goes on top of their pile and becomes their level. Everyone else keeps their "
                "level.",
                lo=lo,
                hi=hi,
            )
        )
    lines.append(
        msg(
            "Then every seat at the highest level loses a preserver; one who has none left is "
            "out for the round (−1)."
        )
    )
    lines.append(
        msg(
            "Round end: +1 a preserver afloat, +1 for the lowest level. A high card takes a low "
            "tide; a low card stays out of it."
        )
    )
    said = _levels(view)
    if said:
        lines.append(said)
    return tuple(lines)
