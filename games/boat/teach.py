"""What Boat's special controls do, and this decision explained (``games.core.Effects`` and
``Decisions``), in our own words.

Why from the view: the lines reach the player at once, so they come from the seat's own view
and legal codes only: the bonus cards and other hands are never named.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from games.boat.cards import SUITS
from games.boat.rules import SUIT_TITLES
from games.core import legal_verbs, waiting_line
from games.text import messages

msg, msg_n = messages("boat")

_SUIT_WORDS = dict(zip(SUITS, SUIT_TITLES, strict=True))
#: what a phase waits for, after "Waiting for Ann" (``games.core.waiting_line``)
_DOING = {
    "bidding": msg("to bid or pass"),
    "discard": msg("to put five cards back"),
    "trump": msg("to name trump"),
    "play": msg("to play to the trick"),
}


def effects(view: Mapping[str, Any], legal: Sequence[str]) -> tuple[str, ...]:
    """One short line per special control offered now (a card play needs none)."""
    verbs = legal_verbs(legal)
    lines: list[str] = []
    if "bid" in verbs:
        lines.append(msg("Bid: the points (of 120) your team must take, or it loses the bid."))
    if "pass" in verbs:
        lines.append(msg("Pass: final for this hand."))
    if "discard" in verbs:
        lines.append(msg("Put back 5: their points go to whoever takes the last trick."))
    if "trump" in verbs:
        lines.append(msg("Trump: beats every other suit; the Boat becomes its top card."))
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
            return (msg("Nothing to decide: the hand is over."),)
        lines.append(waiting)
        if phase not in ("bidding", "play"):
            return tuple(lines)
    if phase == "bidding":
        high = view.get("high_bid")
        lines.append(
            msg("Bids go up in fives from 65 to 120; the bid to beat is {high}.", high=high)
            if high
            else msg("Bids go up in fives from 65 to 120; nobody has bid yet.")
        )
        lines.append(
            msg(
                "The last bidder takes the five bonus cards, puts five back and names trump. "
                "Their team scores its card points if it reaches the bid, else loses the bid; "
                "the other team always scores what it took."
            )
        )
        if "pass" in verbs:
            lines.append(msg("Passing is final for this hand."))
    elif phase == "discard":
        lines.append(
            msg(
                "Choose the five cards to put back (any five, point cards too). They score for "
                "the team that takes the ninth trick."
            )
        )
    elif phase == "trump":
        lines.append(
            msg(
                "Name trump: a suit you hold many high cards of is safest. The Boat counts as "
                "that suit's highest trump."
            )
        )
    elif phase == "play":
        trump = _SUIT_WORDS.get(str(view.get("trump")), "?")
        bid, declarer = view.get("bid"), view.get("declarer")
        lines.append(
            msg(
                "{suit} are trump. Follow the suit led; if you cannot, you must trump if you "
                "can; otherwise play anything.",
                suit=trump,
            )
        )
        if isinstance(declarer, int) and 0 <= declarer < len(names):
            lines.append(
                msg(
                    "{name}'s team must take {bid}+ card points of 120.",
                    name=names[declarer],
                    bid=bid,
                )
            )
        lines.append(msg("Points: the Boat 20, each Ace and 10 10, each 5 5; the rest nothing."))
    return tuple(lines)
