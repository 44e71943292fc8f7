"""What Rowboat's special controls do, and this decision explained (``games.core.Effects`` and
``Decisions``), in our own words.

Why from the view: these lines reach the player at once, so they are built from the seat's own
view and legal codes only (the same as an AI seat's observation), and reveal nothing else.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from games.core import legal_verbs
from games.rowboat.deck import RANK_NAMES, RANKS, SUIT_NAMES, SUITS
from games.text import Msg, messages

msg, msg_n = messages("rowboat")


def _suit(code: object) -> str:
    text = str(code)
    return SUIT_NAMES[SUITS.index(text)] if len(text) == 1 and text in SUITS else text


def _rank(code: object) -> str:
    text = str(code)
    return RANK_NAMES[RANKS.index(text)] if len(text) == 1 and text in RANKS else text


#: how many hands a Lighthouse shows, by players (each for ``lighthouse_seconds``)
_SHOWN = {2: 1, 3: 2, 4: 3}


def _seconds(view: Mapping[str, Any]) -> int:
    per = int((view.get("options") or {}).get("lighthouse_seconds", 30))
    return per * _SHOWN.get(int(view.get("players", 2)), 1)


def _lighthouse(view: Mapping[str, Any]) -> Msg:
    if view.get("players") == 4:
        return msg(
            "Lighthouse: your side sees every other hand for {seconds} s; once a game for your "
            "side.",
            seconds=_seconds(view),
        )
    return msg(
        "Lighthouse: see the other hands for {seconds} s; once a game for your side.",
        seconds=_seconds(view),
    )


def _bid_line(view: Mapping[str, Any]) -> Msg:
    return msg(
        "Bid: the tricks you promise. Made: 10 a bid trick, and each extra trick is a "
        "sandbag (5 sandbags cost 100). Missed: you lose 10 a bid trick."
    )


def effects(view: Mapping[str, Any], legal: Sequence[str]) -> tuple[str, ...]:
    """One short line per special control offered now."""
    verbs = legal_verbs(legal)
    lines: list[str] = []
    if "moon" in verbs:
        lines.append(msg("Moon: you pick how many Tide cards (tricks) this hand has; once a game."))
    if "pass" in verbs:
        lines.append(msg("Pass: this card goes to your partner, theirs comes to you."))
    if "bid" in verbs:
        lines.append(
            msg("Bid: made, 10 a trick bid (extras are sandbags); missed, −10 a trick bid.")
        )
    if "rowboat" in verbs:
        lines.append(msg("Rowboat: wins this trick (never the last); once a game for your side."))
    if "lighthouse" in verbs:
        lines.append(_lighthouse(view))
    return tuple(lines)


def _trick_lines(view: Mapping[str, Any]) -> list[str]:
    trick = view.get("trick") or {}
    if not trick:
        return []
    knob = trick.get("knob") or {}
    return [
        msg(
            "Trick {number} of {total}: {trump} are trump, the Knob is the {rank} of {suit}, "
            "and each {off} of the other colour is an off-coloured knob.",
            number=trick.get("number"),
            total=view.get("tricks_in_hand"),
            trump=_suit(trick.get("trump")),
            rank=_rank(knob.get("rank")),
            suit=_suit(knob.get("suit")),
            off=_rank(trick.get("off_knobs_rank")),
        ),
        msg(
            "Strongest first: Rowboat, Knob, trump by rank, off-coloured knobs, then any card by "
            "rank. Equal best cards tie: the trick waits in a pot for the next winner."
        ),
    ]


def _waiting(view: Mapping[str, Any], names: Sequence[str]) -> Msg:
    seats = list(view.get("to_act") or [])
    phase = str(view.get("phase"))
    who = " & ".join(names[s] if 0 <= s < len(names) else "?" for s in seats) or msg("nobody")
    if phase == "moon":
        return msg("Waiting for {who} to decide on the Moon.", who=who)
    if phase == "exchange":
        return msg("Waiting for {who} to pass a card to a partner.", who=who)
    if phase == "bidding":
        return msg("Waiting for {who} to bid.", who=who)
    if phase == "trick_play":
        return msg("Waiting for {who} to play to the trick.", who=who)
    return msg("Nothing to decide: the hand is over.")


def decision(
    view: Mapping[str, Any], legal: Sequence[str], names: Sequence[str]
) -> tuple[str, ...]:
    """This decision: the choices and what each does to the score, or what the seat waits for."""
    verbs = legal_verbs(legal)
    phase = view.get("phase")
    lines: list[str] = []
    if view.get("seat") not in (view.get("to_act") or []):
        lines.append(_waiting(view, names))
        if phase == "trick_play":
            lines.extend(_trick_lines(view))
        if "lighthouse" in verbs:  # usable off turn too
            lines.append(_lighthouse(view))
        return tuple(lines)
    if "moon" in verbs:
        lines.append(
            msg(
                "You deal: play the Moon and pick the number of Tide cards, or decline it "
                "(the Tide then stops once all four suits show)."
            )
        )
        lines.append(
            msg(
                "Each Tide card is one trick and names its trump: fewer cards, fewer tricks to "
                "bid on; more cards, more tricks to share."
            )
        )
    elif "pass" in verbs:
        lines.append(
            msg(
                "Choose one card to pass to your partner. Nobody sees it but them, and you see "
                "theirs only once yours is locked."
            )
        )
    elif "bid" in verbs:
        lines.append(
            msg(
                "Bid how many of the {total} tricks your side will take.",
                total=view.get("tricks_in_hand"),
            )
        )
        lines.append(_bid_line(view))
        if view.get("players") == 4:
            lines.append(msg("Partners' bids add up: the team must make the sum together."))
    elif "play" in verbs or "rowboat" in verbs:
        lines.append(msg("Play one card to the trick; there is no suit to follow."))
        lines.append(
            msg(
                "If you hold trump you must play trump (or the Knob, or your Rowboat); "
                "otherwise any card."
            )
        )
        lines.extend(_trick_lines(view))
    if "rowboat" in verbs:
        lines.append(msg("The Rowboat wins this trick outright and costs your side its Rowboat."))
    if "lighthouse" in verbs:
        lines.append(_lighthouse(view))
    return tuple(lines)
