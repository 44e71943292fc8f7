"""Game of Rows pictures: the board as a grid of rows by positions 2..10, and the hand.

Why a grid: a row is read by its corners (2 and 10) and its open ends (the frontiers, spec
§3.3), and a blocker matters by where it sits; as text the board is a wall of codes. Each
position is drawn by its state: an outlined slot when empty (green when it is an open end),
the top card when filled, a blue back with the claim when face down, a red-ringed blocker, a
green-ringed unblocker (an open position).

Why wide, short tiles (issue 36: pictures about 2:1): four rows of nine positions must fit
under 400 px with every number readable on a phone, so a position is a tile as wide as a card
and half as tall, its number and suit side by side; the row's number sits beside the row, the
players' card counts share one line, and the line under them says what is new (an open bluff
window, the last call) or, when there is room, what the colours mean.

Its words are written by ``_``/``_n`` in the language the shell draws for (the table's or the
hand's), so a picture is cached per language by the shell.
"""

from __future__ import annotations

import math
from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import Any

from PIL import ImageDraw

from bot.i18n import texts
from bot.render.images import draw, french
from bot.render.images.base import Drawer
from bot.render.images.draw import RGB, Face, Held
from games.game_of_rows.engine import GameOfRowsEngine

_, _n = texts("game_of_rows")

#: the ring of an open position that is not an open end
OPEN_DIM: RGB = (60, 140, 100)
#: each seat's mark: its name in the players' line and the owner tag of its face-down cards
#: (light inks, apart from the rings' green, red and gold)
SEAT_INKS: tuple[RGB, ...] = ((255, 168, 76), (176, 160, 255), (96, 206, 232), (246, 132, 190))
PALETTE = draw.Palette(*french.COLOURS, OPEN_DIM, *SEAT_INKS)

#: the board's left and right margin
LEFT = 14
#: the column of row numbers, left of the positions
LABEL_W = 52
#: a position's tile: as wide as a card, half as tall
CELL_W = 73
CELL_H = 50
#: px between two positions of a row
GAP = 4
#: px between two rows of the board
ROW_GAP = 6
#: the top of the board's first row: right under the header (:func:`draw.header`'s 66 px)
BOARD_TOP = 66
#: the players' line and the news line under the board
LINE_H = 42
#: a revealed card's tile in the news line
SHOWN_H = 46
#: the rank of a tile: bigger than the smallest text, so the number is the first thing seen
RANK = draw.SMALL + 2


def face(code: str) -> Face:
    """A card of the hand, drawn as the French deck's card."""
    return french.face(code)


RANKS = "23456789TJQKA"


def _order(code: str) -> tuple[int, int, str]:
    """Hand order: number cards by value (the order positions are filled), then the Joker,
    then blockers and unblockers by value."""
    if code == "JK":
        return (1, 0, "")
    rank, suit = code[:-1], code[-1:]
    return (0 if rank not in "JQKA" else 2, RANKS.index(rank), suit)


# ---- tiles ----------------------------------------------------------------------------------


def _tile_art(
    d: ImageDraw.ImageDraw, face: Face, x: float, y: float, w: int, h: int, dim: bool
) -> None:
    """A placed card as a wide, short tile: its rank large on the left, its suit (or the
    Joker's star) on the right, both on the tile's middle line. Why not the kit's card: the
    kit stacks rank over pip, which needs a card's height."""
    ink = draw.DIM_INK if dim else face.ink
    cy = y + h / 2
    draw.write(d, x + 7, cy, face.rank, RANK, ink, anchor="lm", bold=True)
    if face.rank == "JK":
        french.star(d, x + w - 15, cy, 11, ink)
    elif face.pip is not None:
        face.pip(d, x + w - 17, cy, 24, ink)


@lru_cache(maxsize=64)
def _tile(code: str) -> Face:
    """The tile of a card on the board (see :func:`_tile_art`)."""
    return replace(french.face(code), art=_tile_art)


@dataclass(frozen=True)
class _Down(Face):
    """A face-down card's tile: its claim (``rank``) and its owner's initial on the owner's
    ink (``ink``), on the card back's blue (``tint``)."""

    owner: str = ""


def _down_art(
    d: ImageDraw.ImageDraw, face: Face, x: float, y: float, w: int, h: int, dim: bool
) -> None:
    """The claim, large, and the owner's initial in a tag of the owner's colour (the colour
    of their name in the players' line): the whole name does not fit a tile."""
    d.rounded_rectangle((x + 4, y + 4, x + w - 4, y + h - 4), 6, outline=draw.BACK_LINE, width=2)
    cy = y + h / 2
    draw.write(d, x + 6, cy, face.rank, draw.SMALL, draw.PAPER, anchor="lm", bold=True)
    owner = getattr(face, "owner", "")
    if owner:
        tx = x + w - 30
        d.rounded_rectangle((tx, cy - 15, tx + 25, cy + 15), 7, fill=face.ink)
        draw.write(d, tx + 12.5, cy, owner, draw.SMALL, draw.BLACK_INK, anchor="mm")


def _initial(names: Sequence[str] | None, seat: int) -> str:
    """The first letter of a seat's name (its tag on a face-down card); the seat's number
    when it has no name ("Seat 1", "Seat 2" would all be an S)."""
    if names is not None and 0 <= seat < len(names) and names[seat]:
        return names[seat][:1].upper()
    return str(seat + 1)


def _ink(seat: int) -> RGB:
    return SEAT_INKS[seat % len(SEAT_INKS)]


def _cells_x() -> list[float]:
    """The left x of each position 2..10, right of the row numbers."""
    x0 = LEFT + LABEL_W + 6
    return [x0 + i * (CELL_W + GAP) for i in range(9)]


#: what the colours of the table mean, keyed by what shows them
KEY_COLOURS: dict[str, RGB] = {"open": draw.ACTIVE, "blocked": draw.ALERT, "down": draw.BACK}


def _key_words() -> dict[str, str]:
    """The colour key's words, in the current language."""
    return {"open": _("open end"), "blocked": _("blocked"), "down": _("face down: claim")}


def _row_label(d: Any, y: float, number: int, suit: str | None) -> None:
    """The row's number beside it (and its suit in straight flush), where its title was above
    it: the width is there, the height is not."""
    d.rounded_rectangle((LEFT, y, LEFT + LABEL_W, y + CELL_H), 10, fill=draw.PANEL)
    cy = y + CELL_H / 2
    if suit:
        draw.write(d, LEFT + 5, cy, str(number), draw.SMALL, draw.TEXT, anchor="lm", bold=True)
        french.suit_chip(d, LEFT + LABEL_W - 25, cy - 11, suit, 22)
    else:
        draw.write(d, LEFT + LABEL_W / 2, cy, str(number), RANK, draw.TEXT, anchor="mm", bold=True)


def _strip(d: Any, x0: float, x1: float, y: float, text: str, ink: RGB) -> None:
    """An outlined stretch of a row with a word in it (a free row, a row's unreachable
    middle)."""
    d.rounded_rectangle((x0, y, x1, y + CELL_H), 10, outline=draw.PANEL, width=2)
    text = draw.fit(text, draw.SMALL, x1 - x0 - 28)
    draw.write(d, (x0 + x1) / 2, y + CELL_H / 2, text, draw.SMALL, ink, anchor="mm")


def _row(
    d: Any,
    y: float,
    row: Mapping[str, Any] | None,
    slot: int,
    names: Sequence[str] | None,
    pending: set[tuple[int, int]],
    shown: set[str],
) -> None:
    """One row at ``y``: its number, then each position's tile; ``shown`` collects the
    colours drawn (the key lists only those)."""
    xs = _cells_x()
    if row is None:
        _strip(d, LEFT, xs[-1] + CELL_W, y, _("Row {row}: free", row=slot), draw.FAINT)
        return
    _row_label(d, y, row["row"], row.get("suit"))
    anchored = bool(row.get("anchored"))
    cells = row["positions"]
    frontiers = set(row.get("frontiers") or [])
    if not anchored:
        # a row without both corners is played only at its corners (D2): they are its ends
        frontiers = {
            c["pos"] for c in cells if c["pos"] in (2, 10) and c["state"] in ("empty", "open")
        }
    middle_empty = all(c["state"] == "empty" for c in cells if c["pos"] not in (2, 10))
    for cell, cx in zip(cells, xs, strict=False):
        pos, state = cell["pos"], cell["state"]
        if not anchored and middle_empty and pos not in (2, 10):
            continue
        open_end = pos in frontiers
        if state == "empty":
            colour = draw.ACTIVE if open_end else draw.FAINT
            if open_end:
                shown.add("open")
            draw.slot(
                d,
                cx,
                y,
                w=CELL_W,
                h=CELL_H,
                text=str(pos),
                outline=colour,
                width=4 if open_end else 2,
            )
        elif state == "face_down":
            fd = cell.get("face_down") or {}
            owner = int(fd.get("owner", 0))
            ring = draw.GOLD if (row["row"], pos) in pending else None
            tile = _Down(
                str(fd.get("claim", pos)),
                ink=_ink(owner),
                tint=draw.BACK,
                art=_down_art,
                owner=_initial(names, owner),
            )
            shown.add("down")
            draw.card(d, cx, y, tile, w=CELL_W, h=CELL_H, ring=ring)
        else:
            ring = {"blocked": draw.ALERT, "open": draw.ACTIVE}.get(state)
            if state == "open" and not open_end:
                ring = OPEN_DIM
            if state == "blocked":
                shown.add("blocked")
            elif state == "open" and open_end:
                shown.add("open")
            if cell.get("under"):
                # the cards beneath show as the edge of a pile (they no longer count: §3.1)
                d.rounded_rectangle((cx + 8, y - 5, cx + CELL_W - 8, y + 8), 5, fill=draw.DIM_INK)
            draw.card(d, cx, y, _tile(cell["top"]), w=CELL_W, h=CELL_H, ring=ring)
    if not anchored and middle_empty:
        _strip(d, xs[1], xs[7] + CELL_W, y, _("needs both corners"), draw.MUTED)


def _board(
    d: Any, y: float, view: Mapping[str, Any], names: Sequence[str] | None, shown: set[str]
) -> float:
    """Every row slot, one under the other; returns the y under the last."""
    pending = {(p["row"], p["pos"]) for p in (view.get("challenge") or {}).get("positions", [])}
    for slot, row in enumerate(view.get("rows") or [], start=1):
        _row(d, y, row, slot, names, pending, shown)
        y += CELL_H + ROW_GAP
    return y - ROW_GAP


# ---- the players' line -----------------------------------------------------------------


@dataclass(frozen=True)
class _Chip:
    """One player in the players' line: name, cards left, place, whether they act."""

    name: str
    ink: RGB
    count: str
    place: str = ""
    active: bool = False
    faded: bool = False


#: the px a chip takes besides its name: padding, and the small card with the count
def _chip_extra(chip: _Chip) -> float:
    extra = 24.0
    if chip.count:
        extra += 8 + 14 + 6 + draw.text_w(chip.count, draw.SMALL)
    if chip.place:
        extra += 8 + max(28.0, draw.text_w(chip.place, draw.SMALL) + 10)
    return extra


def _fit_names(chips: list[_Chip], room: float) -> list[_Chip]:
    """The chips with the longest names cut (with an ellipsis) until the line fits ``room``:
    short names stay whole, only the long ones give way."""
    widths = [draw.text_w(c.name, draw.SMALL) for c in chips]
    fixed = sum(_chip_extra(c) for c in chips) + 8 * (len(chips) - 1)
    if fixed + sum(widths) <= room:
        return chips
    # the largest cap for the names that still fits: the short names below it stay whole
    lo, hi = 20.0, max(widths)
    for _step in range(20):
        cap = (lo + hi) / 2
        if fixed + sum(min(w, cap) for w in widths) <= room:
            lo = cap
        else:
            hi = cap
    return [replace(c, name=draw.fit(c.name, draw.SMALL, lo)) for c in chips]


def _seats(d: Any, y: float, view: Mapping[str, Any], names: Sequence[str] | None) -> float:
    """One line of chips, one per player: the name in its colour (the tag of its face-down
    cards), a small card with the count, its place at the end; a green outline on whoever
    acts. Why a card and not "12 cards": four players' words do not fit one line."""
    removed = set(view.get("removed") or [])
    places = view.get("places") or []
    to_act = set(view.get("to_act") or [])
    chips = []
    for seat, count in enumerate(view.get("hand_sizes") or []):
        place = places[seat] if places and seat < len(places) and places[seat] else None
        chips.append(
            _Chip(
                name=draw.seat_name(names, seat),
                ink=draw.FAINT if seat in removed else _ink(seat),
                count="" if seat in removed else str(count),
                place="" if place is None else str(place),
                active=seat in to_act,
                faded=seat in removed,
            )
        )
    chips = _fit_names(chips, draw.WIDTH - 2 * LEFT)
    x = float(LEFT)
    for chip in chips:
        w = _chip_extra(chip) + draw.text_w(chip.name, draw.SMALL)
        outline = draw.ACTIVE if chip.active else None
        d.rounded_rectangle(
            (x, y, x + w, y + LINE_H), 12, fill=draw.PANEL, outline=outline, width=3
        )
        tx = x + 12
        if chip.place:
            pw = max(28.0, draw.text_w(chip.place, draw.SMALL) + 10)
            d.rounded_rectangle((tx, y + 6, tx + pw, y + LINE_H - 6), 8, fill=draw.GOLD)
            draw.write(
                d, tx + pw / 2, y + LINE_H / 2, chip.place, draw.SMALL, draw.BLACK_INK, anchor="mm"
            )
            tx += pw + 8
        end = draw.label(d, tx, y + 6, chip.name, draw.SMALL, chip.ink)
        if chip.faded:  # removed: struck through
            d.line((tx, y + LINE_H / 2, end, y + LINE_H / 2), fill=draw.FAINT, width=3)
        if chip.count:
            cx = end + 8
            d.rounded_rectangle(
                (cx, y + 10, cx + 14, y + 32), 3, fill=draw.BACK, outline=draw.PAPER
            )
            draw.label(d, cx + 20, y + 6, chip.count, draw.SMALL, draw.TEXT)
        x += w + 8
    return y + LINE_H


# ---- the news line ----------------------------------------------------------------------


def _key_line(d: Any, x: float, y: float, items: Sequence[tuple[str, RGB]]) -> float:
    """Colour chips with their words from ``x``, as many as fit the line (the first ones
    first); returns the x after the last drawn. Why not :func:`draw.legend`: it wraps onto
    a second line, and the picture has no room for one."""
    for text, colour in items:
        w = 32 + draw.text_w(text, draw.SMALL)
        if x + w > draw.WIDTH - LEFT:
            break
        d.rounded_rectangle((x, y + 9, x + 24, y + 33), 6, fill=colour)
        x = draw.label(d, x + 32, y + 4, text, draw.SMALL, draw.MUTED) + 26
    return x


def _key(shown: set[str]) -> list[tuple[str, RGB]]:
    """The colour key of what the board shows, in the current language (only those colours:
    a key of things not on the table is noise)."""
    words = _key_words()
    return [(words[k], KEY_COLOURS[k]) for k in ("open", "blocked", "down") if k in shown]


def _news(
    d: Any, y: float, view: Mapping[str, Any], names: Sequence[str] | None, shown: set[str]
) -> float:
    """The line under the players: the open bluff window, else what the last call revealed,
    else the colour key; the key follows the window when there is room."""
    challenge = view.get("challenge")
    reveal = view.get("last_reveal")
    key = _key(shown)
    if challenge:
        who = draw.seat_name(names, challenge["bluffer"])
        count = int(challenge["count"])
        text = _n("{who} placed {n} face down", "{who} placed {n} face down", count, who=who)
        text = draw.fit(text, draw.SMALL, draw.WIDTH - 2 * LEFT - 28)
        w = draw.text_w(text, draw.SMALL) + 28
        d.rounded_rectangle(
            (LEFT, y, LEFT + w, y + LINE_H), 12, fill=draw.BANNER, outline=draw.GOLD, width=2
        )
        draw.label(d, LEFT + 14, y + 5, text, draw.SMALL, draw.GOLD)
        _key_line(d, LEFT + w + 18, y, key)
        return y + LINE_H
    if reveal:
        caller = draw.seat_name(names, reveal["caller"])
        bluffer = draw.seat_name(names, reveal["bluffer"])
        if reveal["outcome"] == "caught":
            said = _("{caller} called {bluffer}: caught", caller=caller, bluffer=bluffer)
        else:
            said = _("{caller} called {bluffer}: honest", caller=caller, bluffer=bluffer)
        cards = list(reveal.get("cards") or [])
        room = draw.WIDTH - 2 * LEFT
        # the sentence whole when it can be, then as many cards as fit after it (at least
        # two: the sentence gives way to them), and ``+n`` for the rest
        plus = draw.text_w(f"+{len(cards)}", draw.SMALL) + 10
        free = room - draw.text_w(said, draw.SMALL) - 14
        fits = min(len(cards), max(2, int(free // (CELL_W + 10))))
        if fits < len(cards):
            fits = min(len(cards), max(2, int((free - plus) // (CELL_W + 10))))
        more = len(cards) - fits
        tail = fits * (CELL_W + 10) + (plus if more > 0 else 0)
        said = draw.fit(said, draw.SMALL, room - tail - 14)
        x = draw.label(d, LEFT, y + 8, said, draw.SMALL, draw.TEXT) + 14
        for shown_card in cards[:fits]:
            # green: the claim was true; red: it was not
            ring = draw.ACTIVE if shown_card["valid"] else draw.ALERT
            draw.card(d, x, y + 4, _tile(shown_card["card"]), w=CELL_W, h=SHOWN_H, ring=ring)
            x += CELL_W + 10
        if more > 0:
            draw.label(d, x, y + 8, f"+{more}", draw.SMALL, draw.MUTED)
        return y + SHOWN_H + 8 - 4
    if key:
        _key_line(d, LEFT, y, key)
        return y + LINE_H
    return y - 8


# ---- the hand ----------------------------------------------------------------------------


#: the hand's card sizes, largest first, each with the least of a card left showing when
#: cards overlap (its corner rank, "10" included)
HAND_SIZES: tuple[tuple[int, int, int], ...] = ((78, 108, 50), (66, 92, 46), (58, 80, 42))
#: px between cards that do not overlap
HAND_GAP = 7
#: a hand row's height besides its cards (their rings and shadows)
HAND_ROW_EXTRA = 12
#: the line of the seat's own face-down cards: a tile each, its row·claim beside the card
DOWN_LINE = CELL_H + 8


def _split(held: int, rows: int) -> list[int]:
    """``held`` cards over ``rows`` rows, the first rows taking one more when it does not
    divide (so every row overlaps about as much)."""
    return [held // rows + (1 if i < held % rows else 0) for i in range(rows)]


def _hand_layout(held: int, room_h: float) -> tuple[tuple[int, int, int], list[int]]:
    """The largest card size whose rows, each card's corner showing, fit ``room_h`` px; else
    the smallest size in as many rows as fit, overlapping more (a hand of forty cards)."""
    room = draw.WIDTH - 2 * LEFT
    for size in HAND_SIZES:
        w, h, least = size
        per = 1 + int((room - w) // least)
        rows = max(1, math.ceil(held / per))
        if rows * (h + HAND_ROW_EXTRA) <= room_h:
            return size, _split(held, rows)
    w, h, least = HAND_SIZES[-1]
    rows = max(
        1,
        min(math.ceil(held / (1 + int((room - w) // least))), int(room_h // (h + HAND_ROW_EXTRA))),
    )
    return HAND_SIZES[-1], _split(held, rows)


def _down_tile_w(where: str) -> float:
    """A face-down card's tile in the hand picture: the card, then its row·claim."""
    return CELL_W + 8 + draw.text_w(where, draw.SMALL) + 14


def _down_line(d: Any, y: float, mine: Sequence[tuple[str, str]]) -> None:
    """The seat's own face-down cards on one line: each card as a board tile with its
    row·claim on a blue tag beside it (what the board shows as a blue back), as many as fit,
    then ``+n``. Why not a card each with a badge: a second row of cards does not fit the
    picture's height beside a long hand."""
    x = float(LEFT)
    right = draw.WIDTH - LEFT
    for i, (code, where) in enumerate(mine):
        w = _down_tile_w(where)
        rest = len(mine) - i - 1
        more = draw.text_w(f"+{rest}", draw.SMALL) + 12 if rest else 0
        if x + w + more > right:
            draw.label(d, x, y + 10, f"+{len(mine) - i}", draw.SMALL, draw.MUTED)
            return
        d.rounded_rectangle(
            (x - 4, y + 1, x + w, y + CELL_H + 9),
            12,
            fill=draw.PANEL,
            outline=draw.BACK_LINE,
            width=3,
        )
        draw.card(d, x + 2, y + 5, _tile(code), w=CELL_W, h=CELL_H)
        draw.label(d, x + CELL_W + 12, y + 10, where, draw.SMALL, draw.BACK_LINE)
        x += w + 14


def _legend_lines(items: Sequence[tuple[str, RGB]]) -> int:
    """Lines :func:`draw.legend` takes for ``items`` (its wrapping rule, without drawing)."""
    lines, x = 1, 20.0
    for text, _colour in items:
        w = 32 + draw.text_w(text, draw.SMALL)
        if x > 20 and x + w > draw.WIDTH - 20:
            lines, x = lines + 1, 20.0
        x += w + 26
    return lines


class GameOfRowsPictures(Drawer):
    """Game of Rows' board (every row by position), the players, the latest news, and the
    hand."""

    def table_header(self, view: Mapping[str, Any], names: Sequence[str] | None = None) -> str:
        """``deck 30 · Bo, Cid to call bluff or pass``: who acts, in the renderer's words."""
        if view.get("phase") == "over":
            return _("game over")
        doing = self.words.acting(view, names)
        deck = _("deck {count}", count=view.get("deck", 0))
        return f"{deck} · {doing}" if doing else deck

    def table_image(self, view: Mapping[str, Any], names: Sequence[str] | None = None) -> bytes:
        """The public board: every row with corners 2 and 10, open ends, blockers, face-down
        claims; the players; the bluff window or the last call."""
        img, d = draw.canvas(draw.MAX_HEIGHT + 40, PALETTE)
        draw.header(d, GameOfRowsEngine.title, self.table_header(view, names))
        shown: set[str] = set()
        y = _board(d, BOARD_TOP, view, names, shown)
        y = _seats(d, y + 8, view, names)
        y = _news(d, y + 8, view, names, shown)
        return draw.png(draw.crop(img, int(y) + 4))

    def hand_image(self, view: Mapping[str, Any], names: Sequence[str] | None = None) -> bytes:
        """The seat's own hand, sorted as dealt (a long hand overlaps, each card's corner
        showing), and its own face-down cards with their row and claim."""
        img, d = draw.canvas(draw.MAX_HEIGHT + 40, PALETTE)
        hand = list(view.get("hand") or [])
        seat = view.get("seat", 0)
        who = draw.seat_name(names, seat)
        y = draw.header(
            d, _("Your hand"), _n("{who} · {n} card", "{who} · {n} cards", len(hand), who=who)
        )
        cards = []
        kinds: dict[str, RGB] = {}
        for code in sorted(hand, key=_order):
            # a ring, not a word on the card: a word that fits a card is too small on a phone
            rank = code[:-1]
            if code == "JK":
                kind = "wild"
            elif rank in "JQKA" and code[-1:] in "CS":
                kind = "blocks"
            elif rank in "JQKA":
                kind = "unblocks"
            else:
                kind = ""
            ring = {"blocks": draw.ALERT, "unblocks": draw.ACTIVE, "wild": draw.GOLD}.get(kind)
            if kind and ring is not None:
                kinds[kind] = ring
            cards.append(Held(face(code), ring=ring))
        mine = [
            (cell["your_card"], f"{row['row']}·{cell['pos']}")
            for row in view.get("rows") or []
            for cell in (row or {}).get("positions", [])
            if cell.get("your_card")
        ]
        words = {"blocks": _("blocks"), "unblocks": _("unblocks"), "wild": _("wild")}
        key = [(words[k], kinds[k]) for k in ("blocks", "unblocks", "wild") if k in kinds]
        if mine:
            key.append((_("face down (row·claim)"), draw.BACK_LINE))
        if not cards:
            draw.label(d, 20, y + 10, _("No cards left: well played"), draw.SMALL, draw.MUTED)
            y += 54
        room_h = draw.MAX_HEIGHT - 4 - y - (DOWN_LINE if mine else 0)
        room_h -= 42 * _legend_lines(key) if key else 0
        (w, h, _least), rows = _hand_layout(len(cards), room_h)
        room = draw.WIDTH - 2 * LEFT
        queue = iter(cards)
        for count in rows if cards else []:
            step = min(float(w + HAND_GAP), (room - w) / (count - 1) if count > 1 else 0.0)
            x0 = (draw.WIDTH - (w + (count - 1) * step)) / 2
            for i in range(count):
                held = next(queue)
                draw.card(d, x0 + i * step, y + 8, held.face, w=w, h=h, ring=held.ring)
            y += h + HAND_ROW_EXTRA
        if mine:
            _down_line(d, y + 4, mine)
            y += DOWN_LINE
        if key:
            y = draw.legend(d, y + 4, key)
        return draw.png(draw.crop(img, int(y) + 4))

    def hand_key(
        self, view: Mapping[str, Any], names: Sequence[str] | None = None
    ) -> Hashable | None:
        """The seat's name, cards and own face-down cards: all the hand picture draws (a card
        another player puts on the board changes none of it)."""
        mine = tuple(
            (row["row"], cell["pos"], cell["your_card"])
            for row in view.get("rows") or []
            for cell in (row or {}).get("positions", [])
            if cell.get("your_card")
        )
        seat = view.get("seat", 0)
        return (draw.seat_name(names, seat), tuple(view.get("hand") or []), mine)
