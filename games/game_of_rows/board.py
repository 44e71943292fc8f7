"""Rows, positions and where each kind of card may go (spec §3).

A target is ``(slot, index, suit)``: ``slot`` is the row slot (0-based; -1 for a new row),
``index`` the position minus 2 (0..8, so 0 and 8 are the corners), and ``suit`` the suit a
new row declares in ``straight_flush`` ("" otherwise). Codes write it ``<row>.<pos>`` with the
row numbered from 1, or ``new.<pos>[<suit>]``.
"""

from __future__ import annotations

from games.game_of_rows.cards import BLOCKERS, JOKER, NUMBERS, SUITS, UNBLOCKERS, VALUE
from games.game_of_rows.state import Opts, Row, Stack

EMPTY, NUMBER, JOKER_TOP, FACE_DOWN, BLOCKED, OPEN = range(6)
FILLED_KINDS = (NUMBER, JOKER_TOP, FACE_DOWN)
CORNERS = (0, 8)

Target = tuple[int, int, str]


def kind(stack: Stack) -> int:
    """The state of a position from its top card (§3.1)."""
    if not stack:
        return EMPTY
    card, owner = stack[-1]
    if owner >= 0:
        return FACE_DOWN
    if card == JOKER:
        return JOKER_TOP
    if card in NUMBERS:
        return NUMBER
    return BLOCKED if card in BLOCKERS else OPEN


def filled(stack: Stack) -> bool:
    return kind(stack) in FILLED_KINDS


def anchored(row: Row) -> bool:
    """Both corners FILLED: only then may inner positions be used (D2)."""
    stacks = row[1]
    return filled(stacks[0]) and filled(stacks[8])


def frontiers(row: Row) -> tuple[int, ...]:
    """Frontier indices of an anchored row (§3.3); () when it is complete."""
    stacks = row[1]
    low = -1
    while low < 8 and filled(stacks[low + 1]):
        low += 1
    if low == 8:
        return ()
    high = 9
    while high > 0 and filled(stacks[high - 1]):
        high -= 1
    if low + 1 == high - 1:
        return (low + 1,)
    return (low + 1, high - 1)


def complete(row: Row) -> bool:
    return all(filled(s) for s in row[1])


def open_spots(row: Row) -> tuple[int, ...]:
    """Where a number card, Joker or face-down card may go in this row (types (b), (c))."""
    stacks = row[1]
    spots = frontiers(row) if anchored(row) else tuple(i for i in CORNERS if not filled(stacks[i]))
    return tuple(i for i in spots if kind(stacks[i]) in (EMPTY, OPEN))


def active_count(rows: tuple[Row | None, ...]) -> int:
    return sum(1 for r in rows if r is not None)


def _new_row_suits(rows: tuple[Row | None, ...], opts: Opts) -> tuple[str, ...]:
    """Suits a new row may take now: ("",) in straight, the unused suits in straight_flush."""
    if active_count(rows) >= opts.max_rows:
        return ()
    if not opts.flush:
        return ("",)
    used = {r[0] for r in rows if r is not None}
    return tuple(s for s in SUITS if s not in used)


def number_targets(rows: tuple[Row | None, ...], opts: Opts, card: str) -> list[Target]:
    """Number target for a number card (§3.4 (a)-(d), suit rule in straight_flush)."""
    idx = VALUE[card] - 2
    suit = card[1]
    out: list[Target] = []
    if idx in CORNERS:
        suits = _new_row_suits(rows, opts)
        if (suit in suits) if opts.flush else suits:
            out.append((-1, idx, suit if opts.flush else ""))
    for slot, row in enumerate(rows):
        if row is None or (opts.flush and row[0] != suit):
            continue
        stacks = row[1]
        if idx in open_spots(row) or kind(stacks[idx]) == JOKER_TOP:
            out.append((slot, idx, ""))
    return out


def joker_targets(rows: tuple[Row | None, ...], opts: Opts) -> list[Target]:
    """Where a Joker or a face-down card may go: (a), (b), (c) at any value, never on a Joker
    (§3.4, §3.7, D9). A new-row target carries its declared corner and suit."""
    out: list[Target] = [(-1, i, s) for i in CORNERS for s in _new_row_suits(rows, opts)]
    for slot, row in enumerate(rows):
        if row is not None:
            out.extend((slot, i, "") for i in open_spots(row))
    return out


def blocker_targets(rows: tuple[Row | None, ...], opts: Opts, card: str) -> list[Target]:
    """Blocker targets (§3.4, D7, D8; Mayhem corners §3.6, D19)."""
    value = VALUE[card]
    out: list[Target] = []
    for slot, row in enumerate(rows):
        if row is None:
            continue
        stacks = row[1]
        spots: set[int] = set()
        if anchored(row):
            spots.update(i for i in frontiers(row) if kind(stacks[i]) == EMPTY)
        elif opts.mayhem:
            spots.update(i for i in CORNERS if kind(stacks[i]) == EMPTY)
        for i, stack in enumerate(stacks):
            corner_ok = i not in CORNERS or opts.mayhem
            if corner_ok and kind(stack) == OPEN and VALUE[stack[-1][0]] <= value:
                spots.add(i)
        out.extend((slot, i, "") for i in sorted(spots))
    return out


def unblocker_targets(rows: tuple[Row | None, ...], card: str) -> list[Target]:
    """Any BLOCKED position whose blocker value is at most the unblocker's (D8)."""
    value = VALUE[card]
    out: list[Target] = []
    for slot, row in enumerate(rows):
        if row is None:
            continue
        for i, stack in enumerate(row[1]):
            if kind(stack) == BLOCKED and VALUE[stack[-1][0]] <= value:
                out.append((slot, i, ""))
    return out


def place_targets(rows: tuple[Row | None, ...], opts: Opts, card: str) -> list[Target]:
    """Face-up PLACE targets of a hand card: number cards and Jokers only."""
    if card == JOKER:
        return joker_targets(rows, opts)
    if card in NUMBERS:
        return number_targets(rows, opts, card)
    return []


def special_targets(rows: tuple[Row | None, ...], opts: Opts, card: str) -> list[Target]:
    """BLOCK targets for a blocker, UNBLOCK targets for an unblocker."""
    if card in BLOCKERS:
        return blocker_targets(rows, opts, card)
    if card in UNBLOCKERS:
        return unblocker_targets(rows, card)
    return []


def any_place(rows: tuple[Row | None, ...], opts: Opts, hand: tuple[str, ...]) -> bool:
    """must_place: some number card or Joker in ``hand`` has a legal face-up target (§4.1)."""
    return any(place_targets(rows, opts, c) for c in set(hand))


def target_code(target: Target) -> str:
    slot, idx, suit = target
    if slot < 0:
        return f"new.{idx + 2}{suit}"
    return f"{slot + 1}.{idx + 2}"


def parse_target(text: str) -> Target | None:
    """Inverse of :func:`target_code`; None when malformed (legality is judged elsewhere)."""
    head, sep, tail = text.partition(".")
    if not sep:
        return None
    suit = ""
    if head == "new":
        if tail and tail[-1] in SUITS:
            suit, tail = tail[-1], tail[:-1]
        slot = -1
    elif head.isdigit() and head == str(int(head)):
        slot = int(head) - 1
    else:
        return None
    if not tail.isdigit() or tail != str(int(tail)) or not 2 <= int(tail) <= 10:
        return None
    return (slot, int(tail) - 2, suit)


def valid_face_down(card: str, value: int, suit: str) -> bool:
    """A face-down card is valid if it is a Joker or the claimed number card, in the row's
    suit in straight_flush (§3.7); ``suit`` is "" in straight."""
    if card == JOKER:
        return True
    return card in NUMBERS and VALUE[card] == value and (not suit or card[1] == suit)
