"""What Boat Canasta's special controls do, and this decision explained (``games.core.Effects``
and ``Decisions``), in our own words.

Why from the view: the lines reach the player at once, so they come from the seat's own view
and legal codes only (the pile below its top card and other hands are never named).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from games.core import legal_verbs, waiting_line
from games.text import messages

msg, msg_n = messages("boat_canasta")

_DOING = {
    "draw": msg("to draw or take the pile"),
    "play": msg("to meld and discard"),
    "answer": msg("to answer “may I close?”"),
    "scored": msg("to deal the next round"),
}


def _side(view: Mapping[str, Any]) -> int:
    seat = view.get("seat")
    sides = view.get("side_of_seat") or []
    return int(sides[seat]) if isinstance(seat, int) and 0 <= seat < len(sides) else 0


def _minimum(view: Mapping[str, Any]) -> int:
    minimums = view.get("minimums") or [50]
    side = _side(view)
    return int(minimums[side]) if side < len(minimums) else 50


def _opened(view: Mapping[str, Any]) -> bool:
    opened = view.get("opened") or []
    side = _side(view)
    return bool(opened[side]) if side < len(opened) else False


def _last_card(view: Mapping[str, Any], legal: Sequence[str]) -> bool:
    """Whether a discard now empties the hand, so it closes the round."""
    return len(view.get("hand") or []) == 1 and any(c.startswith("discard:") for c in legal)


def effects(view: Mapping[str, Any], legal: Sequence[str]) -> tuple[str, ...]:
    """One short line per special control offered now."""
    verbs = legal_verbs(legal)
    lines: list[str] = []
    if "answer" in verbs:
        lines.append(msg("Yes lets your partner go out now; no keeps them playing this turn."))
    if _last_card(view, legal):
        lines.append(msg("Go out: your last card ends the round, +200 for your side."))
    if "take" in verbs:
        lines.append(msg("Take the pile: meld its top card; the rest joins your hand."))
    if "open" in verbs or ("meld" in verbs and not _opened(view)):
        lines.append(
            msg(
                "Open: your side's first melds must reach {minimum} points.", minimum=_minimum(view)
            )
        )
    if "keep" in verbs:
        lines.append(msg("Keep: you can't go out yet, so your last card stays."))
    if "close" in verbs:
        lines.append(msg("Close: four black 3s end the round for 1000, not 200."))
    if "ask" in verbs:
        lines.append(msg("Ask: your partner says if you may go out; a no lasts this turn."))
    return tuple(lines)


def decision(
    view: Mapping[str, Any], legal: Sequence[str], names: Sequence[str]
) -> tuple[str, ...]:
    """This decision: the choices and what each does to the score, or what the seat waits for."""
    verbs = legal_verbs(legal)
    phase = str(view.get("phase"))
    lines: list[str] = []
    if not verbs:
        waiting = waiting_line(view, names, _DOING.get(phase))
        if waiting is None:
            return (msg("Nothing to decide: the game is over."),)
        lines.append(waiting)
        return tuple(lines)
    if phase == "answer":
        lines.append(
            msg(
                "Your partner asks to close the round: yes lets them go out now (+200 for your "
                "side, and every card left in your hands counts against you); no makes them play "
                "on."
            )
        )
        return tuple(lines)
    if phase == "scored":
        lines.append(msg("The round is scored: deal the next one when you are ready."))
        return tuple(lines)
    if phase == "draw":
        if "take" in verbs:
            lines.append(
                msg(
                    "Start your turn: draw the top card of the stock, or take the whole pile by "
                    "melding its top card."
                )
            )
        else:
            lines.append(msg("Start your turn: draw the top card of the stock."))
        if "take" in verbs:
            lines.append(
                msg(
                    "The pile brings more cards to meld (their value scores for your side), but "
                    "cards still in hand when the round ends count against you."
                )
            )
    if "meld" in verbs or "add" in verbs or "open" in verbs:
        lines.append(
            msg(
                "Melds score their cards' value for your side; seven cards make a canasta "
                "(300 mixed, 600 natural, more for all wilds)."
            )
        )
        if not _opened(view):
            lines.append(
                msg(
                    "Your side has not opened: its first melds must reach {minimum} points "
                    "together.",
                    minimum=_minimum(view),
                )
            )
    if phase == "play" and ("discard" in verbs or "keep" in verbs):
        lines.append(
            msg(
                "End your turn with one discard. A wild card or black 3 blocks the pile for the "
                "next player."
            )
        )
        lines.append(
            msg(
                "Going out needs a canasta on your side; cards left in hand count against you when "
                "the round ends."
            )
        )
    return tuple(lines)
