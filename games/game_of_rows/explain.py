"""Why moves the seat to act may look for are not offered (``games.core.Explainer``).

Why its own module: a hand card can lack a target for several board reasons (its row has no
corners yet, the spot is blocked, the rows have not reached its number, its suit has no row),
and the seat should read the one that applies, worded for the situation rather than for one
action code. The turn-level refusals (ending the turn, skipping, face-down plays, blocks before
a placement) follow :func:`rules._refuse`'s words, except that the word "Joker" appears only
to a seat holding one (the bot's secrecy checks treat it as naming the card).

Only the seat's own hand, the public board (a face-down card counts as its claim, its identity
is never read) and the public turn flags are used, so a line tells nothing the seat's view
does not show.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from games.game_of_rows import board
from games.game_of_rows.board import BLOCKED, CORNERS
from games.game_of_rows.cards import BLOCKERS, JOKER, NUMBERS, UNBLOCKERS, VALUE, label
from games.game_of_rows.rules import (
    DOWN,
    END,
    MAX_FACE_DOWN,
    ROWS_TO_END,
    SKIP,
    face_up_place_legal,
    legal_actions,
    specials_allowed,
)
from games.game_of_rows.state import TURN, State
from games.text import messages

msg, msg_n = messages("game_of_rows")

#: the order number-card reasons are listed in (nearest to playable first)
_KINDS = ("blocked", "suit", "later", "corners", "suit_row", "full")


def explain(s: State, seat: int) -> tuple[str, ...]:
    """One line per kind of move the seat to act may look for and not find; () otherwise."""
    if s.phase != TURN or seat != s.turn:
        return ()
    if s.completed >= ROWS_TO_END:
        return (msg("Four rows are complete: only ending the turn is left."),)
    hand = sorted(set(s.hands[seat]), key=lambda c: (VALUE[c], c[-1]))
    verbs = {a.verb for a in legal_actions(s, seat)}
    reasons: list[str] = []
    if s.facedown:
        if hand:
            reasons.append(
                msg("After a face-down card only more face-down cards or the end follow.")
            )
    else:
        reasons.extend(_numbers(s, [c for c in hand if c in NUMBERS]))
        if JOKER in hand and not board.joker_targets(s.rows, s.opts):
            reasons.append(
                msg("Your Joker has no spot: no row has an open place and no row can start.")
            )
        reasons.extend(_specials(s, [c for c in hand if c in BLOCKERS or c in UNBLOCKERS]))
    if END not in verbs:
        if s.opts.all_valid and s.placed:
            reasons.append(msg("Every card that fits must be placed before you end the turn."))
        else:
            reasons.append(msg("You must place a card in a row first: one of yours has a spot."))
    if s.opts.skipping and SKIP not in verbs:
        reasons.append(msg("You may skip only as the first action of your turn."))
    if s.opts.bluffing and hand and DOWN not in verbs:
        if len(s.facedown) >= MAX_FACE_DOWN:
            reasons.append(
                msg_n(
                    "At most {n} face-down card per turn.",
                    "At most {n} face-down cards per turn.",
                    MAX_FACE_DOWN,
                )
            )
        elif s.opts.all_valid and face_up_place_legal(s, seat):
            reasons.append(msg("All valid cards must be played face up before any face-down."))
        else:
            reasons.append(
                msg("A face-down card goes only on an open spot or a new row: none is free now.")
            )
    return tuple(reasons)


def _numbers(s: State, cards: list[str]) -> list[str]:
    """One line per reason that keeps some number cards of the hand off the board."""
    groups: dict[str, list[str]] = {}
    spots: dict[str, list[str]] = {}
    for card in cards:
        if board.number_targets(s.rows, s.opts, card):
            continue
        why, where = _why_number(s, card)
        groups.setdefault(why, []).append(card)
        for spot in where:
            if spot not in spots.setdefault(why, []):
                spots[why].append(spot)
    lines = []
    for why in _KINDS:
        if why in groups:
            lines.append(_WORDS[why](s, groups[why], spots.get(why, [])))
    return lines


def _why_number(s: State, card: str) -> tuple[str, list[str]]:
    """The reason a number card has no target, and the board spots it concerns."""
    idx = VALUE[card] - 2
    flush = s.opts.flush
    rows = [(slot, row) for slot, row in enumerate(s.rows) if row is not None]
    same = [(slot, row) for slot, row in rows if not flush or row[0] == card[1]]
    if idx in CORNERS:
        blocked = [_spot(slot, idx) for slot, row in same if board.kind(row[1][idx]) == BLOCKED]
        if blocked:
            return "blocked", blocked
        return ("suit_row" if flush and same else "full"), []
    anchored = [(slot, row) for slot, row in same if board.anchored(row)]
    blocked = [
        _spot(slot, idx)
        for slot, row in anchored
        if idx in board.frontiers(row) and board.kind(row[1][idx]) == BLOCKED
    ]
    if blocked:
        return "blocked", blocked
    if flush and any(
        board.anchored(row) and idx in board.open_spots(row) for _, row in rows if row[0] != card[1]
    ):
        return "suit", []
    if not anchored:
        return "corners", []
    return "later", [str(i + 2) for _, row in anchored for i in board.open_spots(row)]


def _spot(slot: int, idx: int) -> str:
    return msg("row {row} at {pos}", row=slot + 1, pos=idx + 2)


def _and(words: Sequence[str]) -> str:
    """``a, b and c``, as a message whose parts are translated where it is read (a spot is a
    message of its own)."""
    if len(words) == 1:
        return words[0]
    return msg("{items} and {last}", items=_commas(words[:-1]), last=words[-1])


def _commas(words: Sequence[str]) -> str:
    if len(words) == 1:
        return words[0]
    return msg("{first}, {rest}", first=words[0], rest=_commas(words[1:]))


def _cards(cards: list[str]) -> str:
    return _and([label(c) for c in cards])


def _blocked(s: State, cards: list[str], spots: list[str]) -> str:
    return msg_n(
        "Your {cards} is blocked ({spots}): a red card of the same or higher value must lift"
        " the blocker first.",
        "Your {cards} are blocked ({spots}): a red card of the same or higher value must lift"
        " the blocker first.",
        len(cards),
        cards=_cards(cards),
        spots=_and(spots),
    )


def _suit(s: State, cards: list[str], spots: list[str]) -> str:
    # the English reads the same for one card and several; other languages do not ("Tu"/"Tus")
    return msg_n(
        "Your {cards}: that number is open only in a row of another suit (each row keeps"
        " one suit).",
        "Your {cards}: that number is open only in a row of another suit (each row keeps"
        " one suit).",
        len(cards),
        cards=_cards(cards),
    )


def _later(s: State, cards: list[str], spots: list[str]) -> str:
    spots = sorted(spots, key=int)
    where = msg("open now: {spots}", spots=_and(spots)) if spots else msg("no spot is open now")
    return msg_n(
        "Your {cards} cannot be played yet: rows fill inward from the 2 and the 10 with no"
        " gaps ({where}).",
        "Your {cards} cannot be played yet: rows fill inward from the 2 and the 10 with no"
        " gaps ({where}).",
        len(cards),
        cards=_cards(cards),
        where=where,
    )


def _corners(s: State, cards: list[str], spots: list[str]) -> str:
    if s.opts.flush:
        return msg_n(
            "Your {cards} must wait: 3 to 9 go only into a row of its suit that has both its 2"
            " and its 10.",
            "Your {cards} must wait: 3 to 9 go only into a row of its suit that has both its 2"
            " and its 10.",
            len(cards),
            cards=_cards(cards),
        )
    return msg_n(
        "Your {cards} must wait: 3 to 9 go only into a row that has both its 2 and its 10.",
        "Your {cards} must wait: 3 to 9 go only into a row that has both its 2 and its 10.",
        len(cards),
        cards=_cards(cards),
    )


def _suit_row(s: State, cards: list[str], spots: list[str]) -> str:
    return msg_n(
        "Your {cards} cannot start a row: its suit already has one, and it has that corner"
        " (one row per suit).",
        "Your {cards} cannot start a row: their suit already has one, and it has that corner"
        " (one row per suit).",
        len(cards),
        cards=_cards(cards),
    )


def _full(s: State, cards: list[str], spots: list[str]) -> str:
    if s.opts.flush:
        return msg_n(
            "Your {cards} must wait: all {rows} rows are in play and none is of its suit.",
            "Your {cards} must wait: all {rows} rows are in play and none is of their suit.",
            len(cards),
            cards=_cards(cards),
            rows=s.opts.max_rows,
        )
    return msg_n(
        "Your {cards} must wait: all {rows} rows are in play and none is missing that corner.",
        "Your {cards} must wait: all {rows} rows are in play and none is missing that corner.",
        len(cards),
        cards=_cards(cards),
        rows=s.opts.max_rows,
    )


_WORDS: dict[str, Callable[[State, list[str], list[str]], str]] = {
    "blocked": _blocked,
    "suit": _suit,
    "later": _later,
    "corners": _corners,
    "suit_row": _suit_row,
    "full": _full,
}


def _specials(s: State, cards: list[str]) -> list[str]:
    """Blocks and unblocks: not before the turn's first placement (D6), or no target."""
    if not cards:
        return []
    if not specials_allowed(s):
        return [msg("Place a card in a row before blocking or unblocking.")]
    lines: list[str] = []
    idle = [c for c in cards if c in BLOCKERS and not board.special_targets(s.rows, s.opts, c)]
    if idle and s.opts.mayhem:
        lines.append(
            msg_n(
                "Your {cards} has nothing to block: a blocker goes on an empty open spot of a"
                " row with both corners, an empty corner of a row in play, or on a red card of"
                " the same or lower value.",
                "Your {cards} have nothing to block: a blocker goes on an empty open spot of a"
                " row with both corners, an empty corner of a row in play, or on a red card of"
                " the same or lower value.",
                len(idle),
                cards=_cards(idle),
            )
        )
    elif idle:
        lines.append(
            msg_n(
                "Your {cards} has nothing to block: a blocker goes on an empty open spot of a"
                " row with both corners, or on a red card of the same or lower value.",
                "Your {cards} have nothing to block: a blocker goes on an empty open spot of a"
                " row with both corners, or on a red card of the same or lower value.",
                len(idle),
                cards=_cards(idle),
            )
        )
    idle = [c for c in cards if c in UNBLOCKERS and not board.special_targets(s.rows, s.opts, c)]
    if idle:
        any_blocker = any(
            board.kind(stack) == BLOCKED for row in s.rows if row is not None for stack in row[1]
        )
        if any_blocker:
            line = msg_n(
                "Your {cards} has nothing to unblock: it lifts only a blocker of the same or"
                " lower value.",
                "Your {cards} have nothing to unblock: they lift only a blocker of the same or"
                " lower value.",
                len(idle),
                cards=_cards(idle),
            )
        else:
            line = msg_n(
                "Your {cards} has nothing to unblock: no blocker is on the board.",
                "Your {cards} have nothing to unblock: no blocker is on the board.",
                len(idle),
                cards=_cards(idle),
            )
        lines.append(line)
    return lines
