"""Boat Canasta pictures: each side's melds with their canasta kind, the Treasure pile top and
whether it is blocked, the stock; and the hand. Both are wide and short (issue 36: 780 px wide,
at most 400 high, about 2:1).

Why a meld is drawn as one chip (its rank, its count) rather than its cards: a side can hold a
dozen melds of up to fifteen cards, and the table has 330 px under its title for two or three
sides; what a player scans for is the rank, how many cards, how many of them wild, and whether
it is a canasta (and which kind, since the kinds score differently, spec §1.3). Why the hand
overlaps its cards once it is long: it grows past 50 cards after a big pile is taken, and each
card's corner (its rank, in its suit's ink) is what a Canasta player reads.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from typing import Any

from bot.i18n import current_locale, texts
from bot.render.images import draw, french
from bot.render.images.base import Drawer
from bot.render.images.draw import GOLD, RGB, Face, Held
from games.boat_canasta.engine import BoatCanastaEngine
from games.text import Msg, messages

_, _n = texts("boat_canasta")
msg, msg_n = messages("boat_canasta")

# the kinds of completed melds, and the edges of the cards stacked under a meld
NATURAL: RGB = (220, 60, 60)
MIXED: RGB = (150, 160, 175)
BIG_WILD: RGB = (255, 120, 20)
MELD_EDGE: RGB = (215, 212, 204)
PALETTE = draw.Palette(*french.COLOURS, NATURAL, MIXED, BIG_WILD, MELD_EDGE)
KINDS: dict[str, tuple[Msg, RGB]] = {
    "natural": (msg("natural"), NATURAL),
    "mixed": (msg("mixed"), MIXED),
    "small_wild": (msg("wild"), draw.GOLD),
    "big_wild": (msg("big wild"), BIG_WILD),
}
#: the question's word when the renderer gives none (the renderer's TERMS say it)
ASK = msg("may I close?")
WILD = ("2", "JK")
BLACK_THREES = ("3C", "3S")

#: a meld chip's height, and the room of one line of chips
CHIP_H = draw.SMALL + 14
CHIP_LINE = CHIP_H + 4
#: the room either side of a chip's count
COUNT_PAD = 16
#: the left column (the stock and the Treasure pile), and the sides' rows right of it
COLUMN_W = 184
SIDES_X = COLUMN_W + 32
SIDES_W = draw.WIDTH - 16 - SIDES_X
#: a side's name line, and the room between two sides
NAME_LINE = draw.NAME + 6
SIDE_GAP = 6
#: a legend's line (:func:`draw.legend`), and a note's (a banner under the sides)
KEY_LINE = 42
NOTE_LINE = draw.SMALL + 8
NOTE_W = draw.WIDTH - 60
#: a hand card's size in one row, and in overlapping rows (a row's cards show their corners)
HAND_W, HAND_H = 78, 108
FAN_W, FAN_H = 72, 100


def face(code: str) -> Face:
    return french.face(code)


def _is_wild(code: str) -> bool:
    return code == "JK" or code[:-1] == "2"


def _front(meld: Mapping[str, Any]) -> str:
    """The card shown in front of a meld: a natural card of its rank, else its first card."""
    cards = meld["cards"]
    naturals = [c for c in cards if not _is_wild(c)]
    return (naturals or cards)[-1]


# ---------------------------------------------------------------- meld chips


def _chip_parts(meld: Mapping[str, Any]) -> tuple[Face, str, bool]:
    """A chip's face (its rank's), its count and whether it is gold (it holds wild cards).

    The count is ``9·3w`` for a meld holding wild cards, only ``9`` for the wild meld (its every
    card is wild) and for a ``compact`` chip (a crowded table); ``{"more": n}`` is the chip that
    stands for the melds a side had no room to show (``+ 3``)."""
    if "more" in meld:
        return Face("+"), str(meld["more"]), False
    cards = meld["cards"]
    wild = sum(1 for c in cards if _is_wild(c))
    front = face(_front(meld))
    if wild and wild < len(cards) and not meld.get("compact"):
        return front, _("{cards}·{wilds}w", cards=len(cards), wilds=wild), True
    return front, str(len(cards)), bool(wild)


def _rank_w(rank: str) -> float:
    return max(36.0, draw.text_w(rank, draw.SMALL) + 16)


def chip_w(meld: Mapping[str, Any]) -> float:
    """How far :func:`chip` advances for ``meld``: its width, its ring and the gap after it."""
    front, count, _wild = _chip_parts(meld)
    return _rank_w(front.rank) + draw.text_w(count, draw.SMALL) + COUNT_PAD + 10


def chip(d: Any, x: float, y: float, meld: Mapping[str, Any]) -> float:
    """A meld as one chip ``CHIP_H`` high: its rank on paper in the card's ink, then its number
    of cards (and of wild cards, ``9·3w``, on gold when it holds any); a canasta ringed in its
    kind's colour (the legend says which). Each is written at full size in less than half a
    card's height. Returns the x after it."""
    front, count, wild = _chip_parts(meld)
    kind = meld.get("canasta")
    rw = _rank_w(front.rank)
    cw = draw.text_w(count, draw.SMALL) + COUNT_PAD
    x0 = x + 4
    if kind:
        ring = KINDS.get(kind, ("", draw.GOLD))[1]
        d.rounded_rectangle((x0 - 4, y - 4, x0 + rw + cw + 4, y + CHIP_H + 4), 14, fill=ring)
    fill, ink = (draw.GOLD, draw.BLACK_INK) if wild else (draw.PANEL, draw.TEXT)
    d.rounded_rectangle(
        (x0, y, x0 + rw + cw, y + CHIP_H), 10, fill=fill, outline=draw.EDGE, width=2
    )
    d.rounded_rectangle(
        (x0, y, x0 + rw, y + CHIP_H), 10, fill=draw.PAPER, outline=draw.EDGE, width=2
    )
    # black ink whatever the suit (suits do not matter in a meld), so that only a red three's
    # chip is red; a Joker keeps its purple
    ink_rank = front.ink if front.rank == "JK" else draw.BLACK_INK
    draw.centred(d, x0 + rw / 2, y + 6, front.rank, draw.SMALL, ink_rank, bold=True)
    draw.centred(d, x0 + rw + cw / 2, y + 6, count, draw.SMALL, ink)
    return x + chip_w(meld)


def chip_lines(
    melds: Sequence[Mapping[str, Any]], width: float, first: float | None = None
) -> list[list[Mapping[str, Any]]]:
    """Melds flowed into lines of chips ``width`` px wide (the first line ``first`` px)."""
    lines: list[list[Mapping[str, Any]]] = []
    used = 0.0
    for meld in melds:
        w = chip_w(meld)
        room = first if first is not None and len(lines) == 1 else width
        if not lines or (lines[-1] and used + w > room):
            lines.append([])
            used = 0.0
        lines[-1].append(meld)
        used += w
    return lines


def _crowded(melds: Sequence[Mapping[str, Any]], compact: bool) -> list[Mapping[str, Any]]:
    """The melds as their chips are drawn: ``compact`` ones drop their wild count (still gold)."""
    return [{**m, "compact": True} for m in melds] if compact else list(melds)


# ---------------------------------------------------------------- the table


def _mini_back(d: Any, x: float, y: float) -> None:
    """A small face-down card: says "cards in hand" beside a number, without a word."""
    d.rounded_rectangle((x, y, x + 20, y + 28), 4, fill=draw.BACK, outline=draw.PAPER, width=2)


def _column(d: Any, y: float, view: Mapping[str, Any]) -> float:
    """The left column: the Treasure pile's top card (ringed red when it is blocked), its name
    and size, the stock's size by a small card back, and "blocked" in red when it is; returns
    the y below."""
    mid = 16 + COLUMN_W / 2
    top = view.get("pile_top")
    blocked = bool(view.get("pile_blocked"))
    if top:
        draw.card(d, mid - draw.CARD_W / 2, y + 8, face(top), ring=draw.ALERT if blocked else None)
    else:
        draw.slot(d, mid - draw.CARD_W / 2, y + 8, text="0")
    count = view.get("pile_count")
    caption = _("Treasure") + (f" ({count})" if count is not None else "")
    draw.centred(d, mid, y + 118, draw.fit(caption, draw.SMALL, COLUMN_W), draw.SMALL, draw.MUTED)
    stock = f"{draw.fit(_('stock'), draw.SMALL, COLUMN_W - 80)} {view.get('stock_count', 0)}"
    sx = mid - (draw.text_w(stock, draw.SMALL) + 30) / 2
    _mini_back(d, sx, y + 156)
    draw.label(d, sx + 30, y + 152, stock, draw.SMALL, draw.MUTED)
    y += 194
    if blocked:  # red words, not a pill: "BLOQUEADO" must fit the column whole
        text = draw.fit(_("BLOCKED"), draw.SMALL, COLUMN_W - 4)
        draw.centred(d, mid, y, text, draw.SMALL, draw.ALERT, bold=True)
        y += 42
    return y


def _column_keys(keys: Sequence[tuple[str, RGB]], y: float, bottom: float) -> bool:
    """Whether the canasta kinds' keys fit in the left column under the pile, one a line."""
    room = COLUMN_W + 16 - 52
    fits = all(draw.text_w(text, draw.SMALL) <= room for text, _c in keys)
    return fits and y + KEY_LINE * len(keys) <= bottom


def _draw_column_keys(d: Any, y: float, keys: Sequence[tuple[str, RGB]]) -> float:
    """The canasta kinds' keys in the column: a ring of the kind's colour and its name."""
    for text, colour in keys:
        d.rounded_rectangle((20, y + 4, 44, y + 30), 7, outline=colour, width=5)
        draw.label(d, 52, y, text, draw.SMALL, draw.MUTED)
        y += KEY_LINE
    return y


def _note_lines(text: str) -> list[str]:
    """A note's words in lines of at most ``NOTE_W`` px (a German or French note is longer than
    a line, and a cut note loses its end: the turn it names)."""
    lines: list[str] = []
    for word in text.split(" "):
        joined = f"{lines[-1]} {word}" if lines else word
        if lines and draw.text_w(joined, draw.SMALL) <= NOTE_W:
            lines[-1] = joined
        else:
            lines.append(draw.fit(word, draw.SMALL, NOTE_W))
    return lines


def _note_height(text: str) -> float:
    return NOTE_LINE * len(_note_lines(text)) + 20


def _note(d: Any, y: float, text: str) -> float:
    """A gold note on a banner across the picture, on as many lines as it needs; returns the y
    below."""
    lines = _note_lines(text)
    box = (20, y, draw.WIDTH - 20, y + NOTE_LINE * len(lines) + 12)
    d.rounded_rectangle(box, 16, fill=draw.BANNER)
    for k, line in enumerate(lines):
        draw.centred(d, draw.WIDTH / 2, y + 6 + NOTE_LINE * k, line, draw.SMALL, GOLD)
    return box[3] + 8


def _legend_lines(keys: Sequence[tuple[str, RGB]], left: float = 20.0) -> int:
    """How many lines :func:`_legend` takes for ``keys`` from ``left`` (it wraps as this
    counts)."""
    lines, x = (1 if keys else 0), left
    for text, _colour in keys:
        if x > left and x + 32 + draw.text_w(text, draw.SMALL) > draw.WIDTH - 20:
            lines, x = lines + 1, left
        x += 32 + draw.text_w(text, draw.SMALL) + 26
    return lines


def _legend(d: Any, left: float, y: float, keys: Sequence[tuple[str, RGB]]) -> float:
    """:func:`draw.legend`'s key chips from ``left``: under the sides, right of the column when
    the column reaches lower than they do (a taller column would push the legend past 400 px).
    Returns the y below."""
    x = left
    for text, colour in keys:
        if x > left and x + 32 + draw.text_w(text, draw.SMALL) > draw.WIDTH - 20:
            x, y = left, y + KEY_LINE
        d.rounded_rectangle((x, y + 5, x + 24, y + 29), 6, fill=colour)
        x = draw.label(d, x + 32, y, text, draw.SMALL, draw.MUTED) + 26
    return y + KEY_LINE


def _side_height(melds: Sequence[Mapping[str, Any]], compact: bool) -> float:
    """A side's row: its name line and its lines of chips (one line when it has no meld)."""
    lines = len(chip_lines(_crowded(melds, compact), SIDES_W)) or 1
    return NAME_LINE + lines * CHIP_LINE + SIDE_GAP


def _fitted(melds: list[Mapping[str, Any]], lines: int) -> list[list[Mapping[str, Any]]]:
    """The chips in at most ``lines`` lines: when they do not fit, the last chip says how many
    more the side holds (``+ 3``: the text lists them all)."""
    flowed = chip_lines(melds, SIDES_W)
    if len(flowed) <= lines:
        return flowed
    kept = [m for line in flowed[:lines] for m in line]
    while kept and len(chip_lines([*kept, {"more": len(melds) - len(kept)}], SIDES_W)) > lines:
        kept.pop()
    return chip_lines([*kept, {"more": len(melds) - len(kept)}], SIDES_W)


def _red_threes(d: Any, right: float, y: float, threes: Sequence[str]) -> float:
    """A side's red threes as one chip at the line's end (a red 3, and how many when more than
    one); returns the x where it starts."""
    if not threes:
        return right
    count = str(len(threes)) if len(threes) > 1 else ""
    w = _rank_w("3") + (draw.text_w(count, draw.SMALL) + 20 if count else 0)
    x = right - w
    d.rounded_rectangle(
        (x, y, right, y + CHIP_H - 4), 10, fill=draw.PANEL, outline=draw.EDGE, width=2
    )
    d.rounded_rectangle(
        (x, y, x + _rank_w("3"), y + CHIP_H - 4), 10, fill=draw.PAPER, outline=draw.EDGE, width=2
    )
    draw.centred(d, x + _rank_w("3") / 2, y + 4, "3", draw.SMALL, face(threes[0]).ink, bold=True)
    if count:
        draw.centred(
            d, x + _rank_w("3") + (w - _rank_w("3")) / 2, y + 4, count, draw.SMALL, draw.TEXT
        )
    return x


def _side_line(
    d: Any, y: float, view: Mapping[str, Any], side: int, names: Sequence[str] | None
) -> None:
    """A side's line: each seat's name with its number of cards in hand (by a small card back),
    then the side's points (gold with the win), its red threes at the end. Names are cut to the
    room the rest leaves, the points and the threes never."""
    seats = view["sides"][side]
    counts = view.get("hand_counts") or []
    threes = (view.get("red_threes") or [[]] * (side + 1))[side]
    winner = any(s in (view.get("winners") or []) for s in seats)
    tx = _red_threes(d, draw.WIDTH - 16, y - 2, threes)
    tails = [
        draw.text_w(str(counts[s]), draw.SMALL) + 36 + 18 if s < len(counts) else 18 for s in seats
    ]
    wanted = [draw.text_w(draw.seat_name(names, s), draw.NAME) + 2 for s in seats]
    points = _("{points} pts", points=view["scores"][side])
    facts = points + (_(" · wins") if winner else "")
    fx = tx - (14 if threes else 0) - draw.text_w(facts, draw.SMALL)
    if winner and fx - 16 - SIDES_X - sum(tails) < sum(wanted):  # the name before the word:
        facts = points  # the win still shows in gold, and the header says the game is over
        fx = tx - (14 if threes else 0) - draw.text_w(facts, draw.SMALL)
    draw.label(d, fx, y + 2, facts, draw.SMALL, draw.GOLD if winner else draw.MUTED)
    room = fx - 16 - SIDES_X - sum(tails)
    x = float(SIDES_X)
    for k, s in enumerate(seats):
        name = draw.seat_name(names, s)
        if sum(wanted) > room:  # the longer names give way first
            name = draw.fit(name, draw.NAME, max(room / len(seats), room - sum(wanted) + wanted[k]))
        x = draw.label(d, x, y, name, draw.NAME, draw.TEXT, bold=True)
        if s < len(counts):
            _mini_back(d, x + 10, y + 5)
            x = draw.label(d, x + 36, y + 2, str(counts[s]), draw.SMALL, draw.MUTED)
        x += 18


def _side(
    d: Any,
    y: float,
    view: Mapping[str, Any],
    side: int,
    names: Sequence[str] | None,
    compact: bool,
    bottom: float,
) -> float:
    """One side's row right of the column: a bar (green on the side to act), its name line and
    its melds as chips, in the lines left above ``bottom``; a side that has not opened says
    what it needs instead. Returns the y below."""
    seats = view["sides"][side]
    active = any(s in (view.get("to_act") or []) for s in seats)
    melds = _crowded(view["melds"][side], compact)
    lines = _fitted(melds, max(1, int((bottom - y - NAME_LINE) // CHIP_LINE)))
    height = NAME_LINE + max(1, len(lines)) * CHIP_LINE
    bar = draw.ACTIVE if active else draw.PANEL
    d.rounded_rectangle((SIDES_X - 16, y + 2, SIDES_X - 10, y + height - 4), 3, fill=bar)
    _side_line(d, y, view, side, names)
    cy = y + NAME_LINE
    if not melds:
        if view["opened"][side]:
            text = _("no melds yet")
        else:  # the fact's own words, without the separator it takes after the points
            text = _(" · needs {minimum} to open", minimum=view["minimums"][side]).strip(" ·")
        draw.label(d, SIDES_X, cy + 4, draw.fit(text, draw.SMALL, SIDES_W), draw.SMALL, draw.FAINT)
    for line in lines:
        x = float(SIDES_X) - 4
        for meld in line:
            x = chip(d, x, cy, meld)
        cy += CHIP_LINE
    return y + height + SIDE_GAP


# ---------------------------------------------------------------- the hand


def _fan(d: Any, y: float, cards: Sequence[Held], room: float) -> float:
    """A hand in ``room`` px at most: one row of whole cards while they fit, else rows of
    overlapping cards, each card's corner (its rank) showing, the rows overlapping too when
    they must, each row's corners showing above the next. Returns the y below."""
    if not cards:
        return y
    left, right, gap = 20.0, draw.WIDTH - 20.0, 7
    if len(cards) * (HAND_W + gap) - gap <= right - left:  # one row, no overlap
        w, h = HAND_W, HAND_H
        rows, step, drop = [list(cards)], float(HAND_W + gap), 0.0
    else:
        w, h = FAN_W, FAN_H
        rank = max(draw.SMALL, round(w * 0.46))  # the corner's size (draw.corner_rank)
        corner = 6 + draw.text_w("10", rank) + 6  # "10" is the widest rank
        band = rank + 14  # a row's corners above the next row
        count = 1
        while True:
            per = -(-len(cards) // count)
            step = min(float(w + gap), (right - left - w) / max(1, per - 1))
            if step >= corner or (room - 30 - h) / count < band:  # readable, or no more room
                break
            count += 1
        drop = min(h + 12.0, (room - 30 - h) / (count - 1)) if count > 1 else 0.0
        rows = [list(cards[k * per : (k + 1) * per]) for k in range(count)]
    for row in (r for r in rows if r):
        total = (len(row) - 1) * step + w
        x = left + (right - left - total) / 2
        for held in row:
            draw.card(d, x, y + 8, held.face, w=w, h=h, ring=held.ring)
            x += step
        y += drop
    return y - drop + h + 22


class BoatCanastaPictures(Drawer):
    """Boat Canasta's table (the stock, the Treasure pile, every side's melds) and hand."""

    def table_header(self, view: Mapping[str, Any], names: Sequence[str] | None = None) -> str:
        """``Round 2 · Bo to answer “may I close?”``: who acts in the renderer's words."""
        detail = _("Round {round}", round=view.get("round", 1))
        if view.get("phase") == "over":
            return detail + _(" · game over")
        doing = self.words.acting(view, names)
        return f"{detail} · {doing}" if doing else detail

    def table_image(self, view: Mapping[str, Any], names: Sequence[str] | None = None) -> bytes:
        """The public table, wide and short: the stock and the pile in a column at the left,
        each side's row of meld chips right of it, the legend in the column or across the
        bottom.

        What gives way when a crowded table would pass 400 px, in this order: the notes the
        header already says (who asked "may I close?"), the wild counts' key, the wild counts
        themselves (the chips stay gold), and last the melds past a side's lines (``+ 3``)."""
        img, d = draw.canvas(draw.MAX_HEIGHT, PALETTE)
        top = draw.header(d, BoatCanastaEngine.title, self.table_header(view, names))
        bottom = draw.MAX_HEIGHT - 4
        under = _column(d, top, view)
        sides = range(len(view.get("sides") or []))
        melds = [m for s in sides for m in view["melds"][s]]
        shown = {m.get("canasta") for m in melds}
        kinds = [(_(n), c) for k, (n, c) in KINDS.items() if k in shown]
        in_column = _column_keys(kinds, under, bottom)
        keys = [] if in_column else [(_("ring: {kind}", kind=t), c) for t, c in kinds]
        wild = any(_is_wild(c) for m in melds for c in m["cards"])

        column_end = under + (KEY_LINE * len(kinds) if in_column else 0)

        def placed(compact: bool, items: Sequence[tuple[str, RGB]]) -> tuple[float, float]:
            """Where the legend starts (its left edge) and where it ends, under the sides."""
            sides_end = top + sum(_side_height(view["melds"][s], compact) for s in sides)
            left = SIDES_X - 16 if column_end > sides_end else 20.0
            return left, sides_end + KEY_LINE * _legend_lines(items, left)

        def end(compact: bool, items: Sequence[tuple[str, RGB]], notes: Sequence[str]) -> float:
            """The picture's bottom: the legend's or the column's, and the notes under both."""
            return max(placed(compact, items)[1], column_end) + sum(map(_note_height, notes))

        compact = end(False, keys, ()) > bottom
        if wild:  # the key of the wild counts, or of gold alone once they are dropped
            key = (_("wild: 2 or Joker") if compact else _("9·3w: 9 cards, 3 of them wild"), GOLD)
            if end(compact, [*keys, key], ()) <= bottom:
                keys.append(key)
        notes = []
        if view.get("restricted"):
            turn = view["restricted_until"] + 1
            notes.append(_("Opening turns: no pickup or melds until turn {turn}", turn=turn))
        if view.get("ask") == "waiting":  # the header says who answers; this, who asked
            who = draw.seat_name(names, view["asker"])
            ask = self.words.terms.get("ask", ASK)
            notes.append(_("{who} asks their partner: {ask}", who=who, ask=ask))
        if end(compact, keys, notes) > bottom:
            notes = []
        left, legend_end = placed(compact, keys)
        room = bottom - (legend_end - placed(compact, ())[1]) - sum(map(_note_height, notes))
        y = top
        for side in sides:
            y = _side(d, y, view, side, names, compact, room)
        if in_column:
            _draw_column_keys(d, under, kinds)
        if keys:  # only the marks this picture shows
            y = _legend(d, left, y if left > 20 else max(y, column_end), keys)
        y = max(y, column_end)
        for note in notes:
            y = _note(d, y, note)
        return draw.png(draw.crop(img, int(y) + 4))

    def hand_image(self, view: Mapping[str, Any], names: Sequence[str] | None = None) -> bytes:
        """The seat's own hand, wild cards and black threes ringed (the legend says which), the
        melds it is staging for its opening as chips on a line under it."""
        img, d = draw.canvas(draw.MAX_HEIGHT, PALETTE)
        hand = list(view.get("hand") or [])
        seat = view.get("seat") or 0
        who = draw.seat_name(names, seat)
        y = draw.header(
            d, _("Your hand"), _n("{who} · {n} card", "{who} · {n} cards", len(hand), who=who)
        )
        cards = []
        for code in hand:  # rings, not words on the cards (too small to read on a phone)
            if _is_wild(code):
                cards.append(Held(face(code), ring=GOLD))
            elif code in BLACK_THREES:
                cards.append(Held(face(code), ring=draw.ALERT))
            else:
                cards.append(Held(face(code)))
        keys = []
        if any(_is_wild(c) for c in hand):
            keys.append((_("wild: 2 or Joker"), GOLD))
        if any(c in BLACK_THREES for c in hand):
            keys.append((_("black 3 blocks the pile"), draw.ALERT))
        staged = [{"cards": m["cards"], "canasta": None} for m in view.get("staged") or []]
        label = _("Staged for your opening")
        first = draw.WIDTH - 40 - draw.text_w(label, draw.SMALL)
        lines = chip_lines(staged, draw.WIDTH - 32, first) if staged else []
        room = draw.MAX_HEIGHT - y - CHIP_LINE * len(lines) - KEY_LINE * _legend_lines(keys)
        y = _fan(d, y, cards, room - 4)
        for k, line in enumerate(lines):
            x = draw.label(d, 20, y + 6, label, draw.SMALL, draw.MUTED) + 8 if k == 0 else 16.0
            for meld in line:
                x = chip(d, x, y, meld)
            y += CHIP_LINE
        if keys:  # only the rings this hand shows
            y = draw.legend(d, y, keys)
        return draw.png(draw.crop(img, int(y) + 6))

    def hand_key(
        self, view: Mapping[str, Any], names: Sequence[str] | None = None
    ) -> Hashable | None:
        """The seat's name, cards and staged melds, and the language its labels are written in:
        all the hand picture draws (the other sides' melds and draws change none of it)."""
        staged = tuple(tuple(m["cards"]) for m in view.get("staged") or [])
        seat = view.get("seat") or 0
        hand = tuple(view.get("hand") or [])
        return (draw.seat_name(names, seat), hand, staged, current_locale())
