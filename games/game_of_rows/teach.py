"""What Game of Rows' special controls do, and this decision explained (``games.core.Effects``
and ``Decisions``), in our own words.

Why from the view: the lines reach the player at once, so they come from the seat's own view
and legal codes only: a face-down card is never named, only that it is there.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from games.core import legal_verbs
from games.game_of_rows.cards import JOKER
from games.text import messages

msg, msg_n = messages("game_of_rows")


def _joker(legal: Sequence[str]) -> bool:
    return any(code.startswith(f"place:{JOKER}@") for code in legal)


def effects(view: Mapping[str, Any], legal: Sequence[str]) -> tuple[str, ...]:
    """One short line per special control offered now, the most telling first (Skip's button
    says its cost itself)."""
    verbs = legal_verbs(legal)
    lines: list[str] = []
    if "call" in verbs:
        lines.append(msg("Call: a false card costs the bluffer, all true costs you, a card each."))
    if "down" in verbs:
        lines.append(msg("Face down: claim the spot's number; a caught bluff costs a card each."))
    if "block" in verbs:
        lines.append(
            msg("Block: a black J–A shuts an empty spot until a red card as high lifts it.")
        )
    if "unblock" in verbs:
        lines.append(msg("Unblock: a red J–A lifts a black block no higher than it."))
    if _joker(legal):
        lines.append(msg("Joker: any number on a free spot; a real card may cover it."))
    return tuple(lines)


def _waiting(view: Mapping[str, Any], names: Sequence[str]) -> str:
    seats = list(view.get("to_act") or [])
    who = " & ".join(names[s] if 0 <= s < len(names) else "?" for s in seats)
    if view.get("phase") == "challenge":
        return msg("Waiting for {who} to call the bluff or let it stand.", who=who)
    return msg("Waiting for {who} to place cards.", who=who)


def decision(
    view: Mapping[str, Any], legal: Sequence[str], names: Sequence[str]
) -> tuple[str, ...]:
    """This decision: the choices and what each does to the score, or what the seat waits for."""
    verbs = legal_verbs(legal)
    phase = view.get("phase")
    if phase == "over":
        return (msg("Nothing to decide: the game is over."),)
    lines: list[str] = []
    if not verbs:
        lines.append(_waiting(view, names))
        lines.append(
            msg("The first to empty their hand wins; every card left in hand is a step back.")
        )
        return tuple(lines)
    if phase == "challenge":
        count = int((view.get("challenge") or {}).get("count", 0))
        lines.append(
            msg_n(
                "{n} card went down face down. Call the bluff or pass.",
                "{n} cards went down face down. Call the bluff or pass.",
                count,
            )
        )
        lines.append(
            msg(
                "Call: any false card and the bluffer takes them back and draws {count}; all true "
                "and you draw {count}. Pass: they stay as claimed.",
                count=count,
            )
        )
        return tuple(lines)
    lines.append(
        msg(
            "Place cards on the rows: a 2 or 10 starts a row at its corner; 3 to 9 go next to "
            "what is there once a row has both its 2 and its 10. Goal: empty your hand first."
        )
    )
    if view.get("must_place") and not view.get("placed_number"):
        lines.append(
            msg("You hold a card that fits, so you must place at least one before ending.")
        )
    if "end" in verbs:
        lines.append(
            msg(
                "End turn: you refill to 5 cards; having placed no number card costs one more card."
            )
        )
    if "block" in verbs or "unblock" in verbs:
        lines.append(
            msg(
                "Black J Q K A block a spot, red ones lift a block of equal or lower value "
                "(J 11, Q 12, K 13, A 14)."
            )
        )
    if "down" in verbs:
        lines.append(
            msg(
                "Face-down cards claim the spot's number; the others may call the bluff before "
                "your turn ends."
            )
        )
    if "skip" in verbs:
        lines.append(msg("Skip ends the turn at once: you draw 2."))
    return tuple(lines)
