"""Rowboat pictures: the Tide strip, the trick around the table, and the hand.

Why colour matters here: a trick's Knob is the card of the ruling rank in the *sister* suit of
the same colour (spec §1.1, §3.2), so the blue pair (Oars, Waves) and the green pair (Shells,
Maps) are drawn on blue and green paper; a player then sees the Knob pair at a glance, which the
text's emoji could not show.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from typing import Any

from PIL import ImageDraw

from bot.i18n import texts, translate
from bot.render.images import draw, ship
from bot.render.images.base import Drawer
from bot.render.images.draw import RGB, Face, Held, SeatTag
from games.rowboat import deck

_, _n = texts("rowboat")

# the suits, printed on coloured paper in two pairs (blue and green)
BLUE_INK: RGB = (22, 78, 176)
BLUE_PAPER: RGB = (219, 232, 252)
GREEN_INK: RGB = (18, 120, 58)
GREEN_PAPER: RGB = (220, 243, 224)
# the marks of a trick's Knob, of a later trick's Knob and of a married card
KNOB: RGB = (255, 140, 200)
LATER_KNOB: RGB = (255, 205, 230)
MARRIED: RGB = (200, 160, 255)
# the Rowboat specialty card
SAIL: RGB = (120, 170, 220)
ROWBOAT_INK: RGB = (120, 70, 20)
ROWBOAT_PAPER: RGB = (250, 232, 196)
PALETTE = draw.Palette(
    BLUE_INK,
    BLUE_PAPER,
    GREEN_INK,
    GREEN_PAPER,
    KNOB,
    LATER_KNOB,
    MARRIED,
    SAIL,
    ROWBOAT_INK,
    ROWBOAT_PAPER,
)
#: the suits' and named ranks' marked names (the engine's): read through :func:`_suit_name`
#: and :func:`_rank_name`, in the picture's language
SUIT_NAMES: dict[str, str] = dict(zip(deck.SUITS, deck.SUIT_NAMES, strict=True))
RANK_NAMES: dict[str, str] = {
    r: name for r, name in zip(deck.RANKS, deck.RANK_NAMES, strict=True) if not r.isdigit()
}


def _suit_name(suit: str) -> str:
    return str(translate(SUIT_NAMES.get(suit, suit)))


def _rank_name(rank: str) -> str:
    return str(translate(RANK_NAMES.get(rank, rank)))


# ---------------------------------------------------------------- suit pips (centre, height)


def _oar(d: ImageDraw.ImageDraw, cx: float, cy: float, s: float, ink: RGB) -> None:
    # a diagonal shaft with a grip, ending in a long blade
    x0, y0 = cx - s * 0.42, cy - s * 0.42
    x1, y1 = cx + s * 0.08, cy + s * 0.08
    d.line((x0, y0, x1, y1), fill=ink, width=max(2, round(s * 0.11)))
    g = s * 0.09
    d.ellipse((x0 - g, y0 - g, x0 + g, y0 + g), fill=ink)
    blade = [
        (cx - s * 0.02, cy + s * 0.14),
        (cx + s * 0.14, cy - s * 0.02),
        (cx + s * 0.5, cy + s * 0.32),
        (cx + s * 0.32, cy + s * 0.5),
    ]
    d.polygon(blade, fill=ink)


def _wave(d: ImageDraw.ImageDraw, cx: float, cy: float, s: float, ink: RGB) -> None:
    # two rolling crests, one above the other
    w = max(2, round(s * 0.13))
    for oy in (-0.2, 0.2):
        y = cy + oy * s
        r = s * 0.25
        d.arc((cx - s * 0.5, y - r, cx, y + r), 180, 360, fill=ink, width=w)
        d.arc((cx, y - r, cx + s * 0.5, y + r), 0, 180, fill=ink, width=w)


def _shell(d: ImageDraw.ImageDraw, cx: float, cy: float, s: float, ink: RGB) -> None:
    # a scallop: an upper fan with ribs and a small hinge
    r = s * 0.48
    d.pieslice((cx - r, cy - r + s * 0.12, cx + r, cy + r + s * 0.12), 180, 360, fill=ink)
    d.polygon(
        [
            (cx - s * 0.16, cy + s * 0.1),
            (cx + s * 0.16, cy + s * 0.1),
            (cx + s * 0.22, cy + s * 0.32),
            (cx - s * 0.22, cy + s * 0.32),
        ],
        fill=ink,
    )
    rib = max(1, round(s * 0.05))
    for k in (-0.28, 0.0, 0.28):
        d.line((cx, cy + s * 0.1, cx + k * s, cy - s * 0.3), fill=draw.PAPER, width=rib)


def _map(d: ImageDraw.ImageDraw, cx: float, cy: float, s: float, ink: RGB) -> None:
    # a folded map in three panels with a cross marking the treasure
    h = s * 0.4
    xs = [cx - s * 0.48, cx - s * 0.16, cx + s * 0.16, cx + s * 0.48]
    off = [0.0, s * 0.08, 0.0, s * 0.08]
    for i in range(3):
        d.polygon(
            [
                (xs[i], cy - h + off[i]),
                (xs[i + 1], cy - h + off[i + 1]),
                (xs[i + 1], cy + h + off[i + 1]),
                (xs[i], cy + h + off[i]),
            ],
            fill=ink,
        )
    c = s * 0.13
    w = max(2, round(s * 0.07))
    d.line((cx - c, cy - c, cx + c, cy + c), fill=draw.PAPER, width=w)
    d.line((cx - c, cy + c, cx + c, cy - c), fill=draw.PAPER, width=w)


PIPS: dict[str, draw.Pip] = {"o": _oar, "w": _wave, "s": _shell, "m": _map}


# ---------------------------------------------------------------- cards


def _rowboat_art(
    d: ImageDraw.ImageDraw, face: Face, x: float, y: float, w: int, h: int, dim: bool
) -> None:
    """The Rowboat specialty card: a little ship on warm paper (no word: a phone could not
    read one that fits the card)."""
    ink = draw.DIM_INK if dim else ROWBOAT_INK
    cx = x + w / 2
    ship.sail_glyph(d, cx, y + h * 0.5, w * 0.8, ink, SAIL)


def face(code: str) -> Face:
    """The face of a Rowboat card code (``7w``) or of the Rowboat specialty card."""
    if code == "rowboat":
        return Face("", ink=ROWBOAT_INK, tint=ROWBOAT_PAPER, art=_rowboat_art)
    rank, suit = code[:-1], code[-1:]
    blue = suit in "ow"
    return Face(
        rank,
        PIPS.get(suit),
        ink=BLUE_INK if blue else GREEN_INK,
        tint=BLUE_PAPER if blue else GREEN_PAPER,
    )


def _knob_code(knob: Mapping[str, str] | None) -> str:
    return f"{knob['rank']}{knob['suit']}" if knob else ""


def _marks(code: str, trick: Mapping[str, Any] | None) -> tuple[str, RGB]:
    """The badge a card wears in this trick: K for the Knob, T for a trump."""
    if not trick or code == "rowboat":
        return "", draw.GOLD
    if code == _knob_code(trick.get("knob")):
        return "K", KNOB
    if code[-1:] == trick.get("trump"):
        return "T", draw.GOLD
    return "", draw.GOLD


def _tide(d: Any, y: float, view: Mapping[str, Any]) -> float:
    """The Tide strip: one card per trick, numbered, past tricks dimmed, the current one raised
    and ringed. One row across the picture (at most 12 cards, 56-60 px wide), with its name at
    its left where the strip leaves room for it (a Tide of up to nine cards): the numbers stay,
    since a hand's badges (K9, M9) name tricks by them."""
    tide = view.get("tide") or []
    if not tide:
        draw.label(d, 20, y + 4, _("The Tide is not out yet"), draw.SMALL, draw.MUTED)
        return y + 44
    current = (view.get("trick_number") or 0) - 1
    playing = view.get("phase") == "trick_play"
    n = len(tide)
    gap = 6
    w = min(TIDE_W, int((draw.WIDTH - 40 - (n - 1) * gap) / n))
    h = round(w * 1.39)
    strip = n * w + (n - 1) * gap
    name = _("The Tide")
    named = 20 + draw.text_w(name, draw.SMALL) + 18
    x = (draw.WIDTH - strip) / 2
    top = y + 10
    if named + strip <= draw.WIDTH - 20:
        x = max(x, named)
        draw.label(d, 20, top + h / 2 - 16, name, draw.SMALL, draw.MUTED)
    for i, code in enumerate(tide):
        lift = 10 if playing and i == current else 0
        draw.card(
            d,
            x,
            top - lift,
            face(code),
            w=w,
            h=h,
            dim=playing and i < current,
            ring=draw.GOLD if playing and i == current else None,
        )
        draw.centred(d, x + w / 2, top + h + 2, str(i + 1), draw.SMALL, draw.FAINT)
        x += w + gap
    return top + h + 28


def _lines(text: str, widths: Sequence[float]) -> list[str]:
    """``text`` broken between words into lines as wide as ``widths`` says (one width a line,
    as many lines at most), the last one cut with an ellipsis if words are left over (a
    narrow column of a wide picture)."""
    lines: list[str] = []
    for word in text.split(" ") if widths else []:
        joined = f"{lines[-1]} {word}" if lines else word
        if lines and draw.text_w(joined, draw.SMALL) <= widths[len(lines) - 1]:
            lines[-1] = joined
        elif len(lines) < len(widths):
            lines.append(word)
        else:
            lines[-1] = joined
    return [draw.fit(line, draw.SMALL, width) for line, width in zip(lines, widths, strict=False)]


def _ruling_column(d: Any, top: float, trick: Mapping[str, Any], knob_out: str) -> float:
    """This trick's trump and Knob, one above the other in the column left of the seats (the
    trick's number is in the header and under the raised Tide card): the two facts that decide
    a trick (``knob_out``: the renderer's word for a Knob that lies in the Tide). The Knob's
    words go beside its card, then under it across the column. Returns the y below it."""
    trump = trick["trump"]
    colour = face(f"A{trump}")
    d.rounded_rectangle((20, top + 4, 72, top + 58), 10, fill=colour.tint)
    PIPS[trump](d, 46, top + 31, 36, colour.ink)
    x = 86
    room = COLUMN - x
    draw.label(d, x, top, _("Trump"), draw.SMALL, draw.MUTED)
    draw.label(d, x, top + 30, draw.fit(_suit_name(trump), draw.SMALL, room), draw.SMALL, draw.TEXT)
    y = top + 68
    knob = _knob_code(trick.get("knob"))
    live = bool(trick.get("knob_in_play"))
    draw.card(d, 24, y + 2, face(knob), w=44, h=58, ring=KNOB if live else None, dim=not live)
    draw.label(d, x, y, _("Knob"), draw.SMALL, draw.MUTED)
    text = _("{rank} of {suit}", rank=_rank_name(trick["knob"]["rank"]), suit=_suit_name(knob[-1:]))
    if not live:
        text = f"{text} ({knob_out})"
    lines = _lines(text, (room, COLUMN - 20, COLUMN - 20))
    for row, line in enumerate(lines, start=1):
        draw.label(d, x if row == 1 else 20, y + 30 * row, line, draw.SMALL, draw.TEXT)
    return y + 30 * (max(len(lines), 1) + 1) + 4


def _ruling_line(
    d: Any, y: float, trick: Mapping[str, Any], knob_out: str, wrap: bool = False
) -> float:
    """ "Trick 2 · trump ⟨pip⟩ Waves · Knob ⟨card⟩": the two facts that decide a trick
    (``knob_out``: the renderer's word for a Knob that lies in the Tide). With ``wrap`` the
    Knob's words that do not fit the line go on to the next ("Dauphin de R…" in French);
    else they are cut. Returns the y below it."""
    head = _("Trick {number}", number=trick["number"])
    x = draw.label(d, 20, y + 6, head, draw.SMALL, draw.TEXT, bold=True)
    x = draw.label(d, x + 18, y + 8, _("Trump"), draw.SMALL, draw.MUTED)
    trump = trick["trump"]
    colour = face(f"A{trump}")
    d.rounded_rectangle((x + 8, y, x + 52, y + 44), 8, fill=colour.tint)
    PIPS[trump](d, x + 30, y + 22, 30, colour.ink)
    x = draw.label(d, x + 60, y + 8, _suit_name(trump), draw.SMALL, draw.TEXT)
    x = draw.label(d, x + 22, y + 8, _("Knob"), draw.SMALL, draw.MUTED)
    knob = _knob_code(trick.get("knob"))
    live = bool(trick.get("knob_in_play"))
    draw.card(d, x + 10, y - 6, face(knob), w=40, h=56, ring=KNOB if live else None, dim=not live)
    text = _knob_words(trick, knob_out)
    if not wrap:
        draw.label(
            d, x + 60, y + 8, draw.fit(text, draw.SMALL, draw.WIDTH - x - 80), draw.SMALL, draw.TEXT
        )
        return y + 64
    lines = _lines(text, (draw.WIDTH - x - 80, draw.WIDTH - 40))
    draw.label(d, x + 60, y + 8, lines[0], draw.SMALL, draw.TEXT)
    for line in lines[1:]:
        draw.label(d, 20, y + 52, line, draw.SMALL, draw.TEXT)
    return y + 64 + 30 * (len(lines) - 1)


def _knob_words(trick: Mapping[str, Any], knob_out: str) -> str:
    """The Knob in words: "Dolphin of Oars", and "(in the Tide)" when it is not in play."""
    knob = _knob_code(trick.get("knob"))
    text = _("{rank} of {suit}", rank=_rank_name(trick["knob"]["rank"]), suit=_suit_name(knob[-1:]))
    return text if trick.get("knob_in_play") else f"{text} ({knob_out})"


def _ruling_wraps(trick: Mapping[str, Any], knob_out: str) -> bool:
    """Whether :func:`_ruling_line`'s Knob words run past the picture's edge, measured the
    way the line lays out its parts (each label's width and the gaps between them)."""
    head = _("Trick {number}", number=trick["number"])
    x = 20 + draw.text_w(head, draw.SMALL) + 2 + 18 + draw.text_w(_("Trump"), draw.SMALL)
    x += 60 + draw.text_w(_suit_name(trick["trump"]), draw.SMALL)
    x += 22 + draw.text_w(_("Knob"), draw.SMALL)
    return draw.text_w(_knob_words(trick, knob_out), draw.SMALL) > draw.WIDTH - x - 80


def _seat_tags(view: Mapping[str, Any], names: Sequence[str] | None) -> list[SeatTag]:
    tags = []
    bids = view.get("bids") or []
    won = view.get("tricks_won") or []
    winners = set(view.get("winners") or [])
    for seat in range(view["players"]):
        parts = []
        bid = bids[seat] if seat < len(bids) else None
        if bid is not None:
            parts.append(_("bid {n}", n=bid))
        if view.get("phase") in ("trick_play", "over") or (won and won[seat]):
            parts.append(_("won {n}", n=won[seat]))
        locked = view.get("exchange_locked")
        if locked:
            parts.append(_("card passed") if locked[seat] else _("passing"))
        if seat == view.get("dealer") and view.get("phase") not in ("trick_play", "over"):
            # who deals matters for the Moon and the order of bids and passes, not in play
            # (the trick shows who led): a third line would not fit a seat's place
            parts.append(_("dealer"))
        tags.append(
            SeatTag(
                draw.seat_name(names, seat),
                " · ".join(parts),
                active=seat in (view.get("to_act") or []),
                winner=seat in winners,
            )
        )
    return tags


#: the Tide's widest card; the right edge of the trump and Knob's column (its words' room
#: holds "Coquillages") and of a caption's alone; a played card's size at its seat; a seat's
#: place's height, with a card and with one line of facts and no card; the space around and
#: between the places on the felt. Why these sizes: a plate beside its card then holds the
#: longest fact ("annonce 10", 159 px) and four seats' places and the Tide fit 400 px
TIDE_W = 60
COLUMN = 244
CAPTION_COLUMN = 170
PLAYED_W, PLAYED_H = 60, 83
PLACE_H = 92
LOW_PLACE_H = 70
PAD = 5

#: where each seat sits in the grid of places (row, column) by player count: clockwise from
#: the bottom left, as around a table (4p: partners opposite, on the diagonals)
GRID: dict[int, list[tuple[int, int]]] = {
    2: [(0, 0), (0, 1)],
    3: [(1, 0), (0, 0), (0, 1)],
    4: [(1, 0), (0, 0), (0, 1), (1, 1)],
}


def _grid(players: int) -> list[tuple[int, int]]:
    """The seats' places (row, column), two to a row, clockwise from the bottom left."""
    if players in GRID:
        return GRID[players]
    return [(seat // 2, seat % 2) for seat in range(players)]


def _seats(
    d: Any,
    left: float,
    top: float,
    tags: Sequence[SeatTag],
    played: Mapping[int, Held],
    slots: bool,
) -> float:
    """The felt with every seat's place on it, two to a row: the card the seat played in this
    trick (an empty slot while it has not, in trick play) and a plate with its name and facts,
    outlined green on its turn and gold for a winner. Returns the y below the felt.

    Why a grid and not seats around an oval: the oval needs a card's height between the top
    and bottom seats' plates, twice what a wide, short picture has (issue 36); two places a
    row keep each seat's card beside its name and facts at full size."""
    places = _grid(len(tags))
    rows = max(r for r, _c in places) + 1
    right = draw.WIDTH - 16
    width = (right - left - 3 * PAD) / 2
    with_cards = slots or bool(played)
    # with no card on the felt (before the first trick) a place is as tall as its words
    room = width - 2 * PLATE_PAD
    most = max(len(draw.plate_lines(tag.sub, room)) for tag in tags)
    high = PLACE_H if with_cards or most > 1 else LOW_PLACE_H
    bottom = top + rows * high + (rows + 1) * PAD
    d.rounded_rectangle(
        (left, top, right, bottom), 18, fill=draw.FELT, outline=draw.FELT_EDGE, width=4
    )
    for seat, (row, col) in enumerate(places):
        x = left + PAD + col * (width + PAD)
        y = top + PAD + row * (high + PAD)
        plate = x
        if with_cards:
            held = played.get(seat)
            cy = y + (PLACE_H - PLAYED_H) / 2 - 2
            if held is not None:
                draw.held_card(d, x + 6, cy, held, w=PLAYED_W, h=PLAYED_H)
            elif slots:
                draw.slot(d, x + 6, cy, w=PLAYED_W, h=PLAYED_H, outline=draw.FELT_EDGE, width=3)
            plate = x + PLAYED_W + 12
        _plate(d, plate, y, x + width, high, tags[seat])
    return bottom


#: the room inside a plate's edge, each side
PLATE_PAD = 8


def _plate(d: Any, x0: float, y0: float, x1: float, high: float, seat: SeatTag) -> None:
    """A seat's plate filling its place right of the card: the name, then its facts on as
    many lines as the place holds (broken between facts, none cut: issue 36's "won 0 · d…")."""
    outline = draw.ACTIVE if seat.active else draw.GOLD if seat.winner else None
    d.rounded_rectangle((x0, y0, x1, y0 + high), 14, fill=draw.PANEL, outline=outline, width=4)
    room = x1 - x0 - 2 * PLATE_PAD
    name = draw.fit(seat.name, draw.NAME, room)
    ink = draw.FAINT if seat.faded else draw.TEXT
    draw.label(d, x0 + PLATE_PAD, y0 + 4, name, draw.NAME, ink, bold=True)
    lines = draw.plate_lines(seat.sub, room)
    if len(lines) > 2:  # a seat has at most two facts at once (see _seat_tags): not reached
        lines = [lines[0], draw.fit(" · ".join(lines[1:]), draw.SMALL, room)]
    for row, line in enumerate(lines):
        draw.label(d, x0 + PLATE_PAD, y0 + 34 + 28 * row, line, draw.SMALL, draw.MUTED)


#: a hand card's size, the most room between two cards' left edges, and a line of the keys
HAND_W, HAND_H, HAND_STEP = 78, 108, 85
KEY_ROW = 46


def _hand_row(d: Any, y: float, cards: Sequence[Held]) -> float:
    """The hand in one row across the picture, its cards overlapping when more than nine
    (up to twelve: each card keeps its rank, corner and badge in sight, the next one covering
    only its right edge), so a long hand takes a card's height and not two rows (issue 36).
    Returns the y below it."""
    n = len(cards)
    step = HAND_STEP if n < 2 else min(HAND_STEP, (draw.WIDTH - 40 - HAND_W) / (n - 1))
    total = (n - 1) * step + HAND_W
    x = (draw.WIDTH - total) / 2
    for held in cards:
        draw.held_card(d, x, y + 4, held, w=HAND_W, h=HAND_H)
        x += step
    return y + HAND_H + 18


def _badge_keys(cards: Sequence[Held]) -> list[tuple[str, RGB]]:
    """The keys of the badges these cards wear (and of the grey of unplayable ones), each
    only where a card shows it: a key of a mark that is not on the picture explains nothing."""
    shown = {held.badge[:1] for held in cards}
    keys: list[tuple[str, RGB]] = []
    if "T" in shown:
        keys.append((_("T trump"), draw.GOLD))
    if any(held.badge == "K" for held in cards):
        keys.append((_("K Knob"), KNOB))
    if any(held.badge_fill == LATER_KNOB for held in cards):
        keys.append((_("Kn Knob of trick n"), LATER_KNOB))
    if "M" in shown:
        keys.append((_("M married (trick n)"), MARRIED))
    if any(held.dim for held in cards):
        keys.append((_("grey: not playable now"), draw.DIM_PAPER))
    return keys


def _key_items(keys: Sequence[tuple[str, RGB]], words: str) -> list[tuple[str, float]]:
    """The chips of the keys' lines in order, each with its width: the badges' meanings, then
    the two colour pairs (blue = Oars + Waves, green = Shells + Maps) with their colour words
    (``words`` "colour"), their suits' names only ("suits": the swatches show the colours) or
    no words ("none": the swatches' pips name the suits); "off" leaves the pairs out (the
    badges' keys need every line)."""
    items = [(text, 32 + draw.text_w(text, draw.SMALL)) for text, _colour in keys]
    pairs = () if words == "off" else (("ow", _("blue")), ("sm", _("green")))
    for suits, word in pairs:
        text = ""
        if words == "colour":
            text = _(
                "{colour}: {first} & {second}",
                colour=word,
                first=_suit_name(suits[0]),
                second=_suit_name(suits[1]),
            )
        elif words == "suits":
            text = _("{first} & {second}", first=_suit_name(suits[0]), second=_suit_name(suits[1]))
        items.append((text, 82 + (10 + draw.text_w(text, draw.SMALL) if text else 0)))
    return items


def _key_rows(keys: Sequence[tuple[str, RGB]], words: str) -> list[list[int]]:
    """The keys' chips (by index into :func:`_key_items`) flowed into lines of the picture."""
    rows: list[list[int]] = [[]]
    x = 20.0
    for index, (_text, width) in enumerate(_key_items(keys, words)):
        if rows[-1] and x + width > draw.WIDTH - 12:
            rows.append([])
            x = 20.0
        rows[-1].append(index)
        x += width + 26
    return rows


def _key_flow(d: Any, y: float, keys: Sequence[tuple[str, RGB]], words: str) -> float:
    """The hand's keys in lines across the picture: a chip of each badge's colour with its
    meaning, then the colour pairs' swatches (see :func:`_key_items`). Returns the y below."""
    items = _key_items(keys, words)
    pairs = ((BLUE_INK, BLUE_PAPER, "ow"), (GREEN_INK, GREEN_PAPER, "sm"))
    for row in _key_rows(keys, words):
        x = 20.0
        for index in row:
            text, width = items[index]
            if index < len(keys):
                d.rounded_rectangle((x, y + 8, x + 24, y + 32), 6, fill=keys[index][1])
                draw.label(d, x + 32, y + 3, text, draw.SMALL, draw.MUTED)
            else:
                ink, paper, suits = pairs[index - len(keys)]
                d.rounded_rectangle((x, y, x + 82, y + 40), 10, fill=paper)
                PIPS[suits[0]](d, x + 22, y + 20, 28, ink)
                PIPS[suits[1]](d, x + 60, y + 20, 28, ink)
                draw.label(d, x + 92, y + 3, text, draw.SMALL, draw.MUTED)
            x += width + 26
        y += KEY_ROW
    return y


def _later_knobs(view: Mapping[str, Any]) -> dict[str, int]:
    """The cards that are the Knob of a later trick of this hand, by that trick's number (spec
    §3.2: each card is the Knob of at most one trick); the number tells when it turns Knob."""
    trick = view.get("trick")
    now = (view.get("trick_number") or 0) if trick else 0
    return {
        _knob_code(t.get("knob")): k
        for k, t in enumerate(view.get("tide_tricks") or [], start=1)
        if k > now and t.get("knob_in_play")
    }


def _phase_name(phase: str) -> str:
    """A phase's name for the header (outside trick play, which names its trick instead)."""
    if phase == "moon":
        return _("moon")
    if phase == "exchange":
        return _("exchange")
    if phase == "bidding":
        return _("bidding")
    if phase == "over":
        return _("over")
    return phase.replace("_", " ")


class RowboatPictures(Drawer):
    """Rowboat's table (the Tide, the trick, the scores) and hand, in the blue and green pairs."""

    def _knob_out(self) -> str:
        """The renderer's word for a Knob lying in the Tide (one word in text and picture)."""
        word = self.words.terms.get("knob_out")
        return str(translate(word)) if word else _("in the Tide")

    def table_header(self, view: Mapping[str, Any], names: Sequence[str] | None = None) -> str:
        """The header's words: where the game stands, then who acts in the renderer's words."""
        trick = view.get("trick")
        detail = _("Hand {number}", number=view.get("hand_number", 1))
        if view.get("moon"):
            detail += " · " + _("Moon {n}", n=view["moon"])
        if trick:
            detail += " · " + _(
                "trick {number} of {total}",
                number=trick["number"],
                total=view.get("tricks_in_hand", "?"),
            )
        elif view.get("phase") != "trick_play":
            detail += " · " + _phase_name(str(view.get("phase", "")))
        doing = self.words.acting(view, names)
        return f"{detail} · {doing}" if doing else detail

    def table_image(self, view: Mapping[str, Any], names: Sequence[str] | None = None) -> bytes:
        """The public table, wide and short (issue 36: about 2:1): the Tide strip across the
        top; beneath it this trick's trump and Knob in a column at the left, and the seats'
        places on the felt, each with the card it played (the last trick's, its winner ringed,
        between tricks)."""
        img, d = draw.canvas(draw.MAX_HEIGHT + 200, PALETTE)
        trick = view.get("trick")
        title = "Rowboat"  # untranslated: the game's own name, as on its box
        y = draw.header(d, title, self.table_header(view, names))
        y = _tide(d, y, view) + 4
        played: dict[int, Held] = {}
        caption = ""
        if trick and trick.get("plays"):
            for play in trick["plays"]:
                badge, fill = _marks(play["card"], trick)
                played[play["seat"]] = Held(face(play["card"]), badge=badge, badge_fill=fill)
        elif view.get("last_trick"):
            last = view["last_trick"]
            winner = last.get("winner")
            for play in last["plays"]:
                won = play["seat"] == winner
                played[play["seat"]] = Held(
                    face(play["card"]), dim=not won, ring=draw.GOLD if won else None
                )
            if last.get("tied"):
                caption = _("Trick {number}: tied", number=last["number"])
            else:
                caption = _(
                    "Trick {number} to {name}",
                    number=last["number"],
                    name=draw.seat_name(names, winner),
                )
        if view.get("phase") == "over":
            caption = _("Game over")
        left = 16.0
        bottom = y
        if trick:
            bottom = _ruling_column(d, y, trick, self._knob_out())
            left = COLUMN + 8
        if caption:
            # under the trump and Knob (whose words are seldom more than a line), on the
            # lines left above the picture's foot; the last trick's cards on the felt are
            # dimmed, their winner's ringed, either way
            # (alone, in a narrower column: the seats' places get the room)
            rows = int((draw.MAX_HEIGHT - 6 - bottom) // 30) if trick else 4
            at = bottom + 8 if trick else y + 4
            edge = COLUMN if trick else CAPTION_COLUMN
            for row, line in enumerate(_lines(caption, [edge - 20] * min(rows, 4))):
                draw.label(d, 20, at + 30 * row, line, draw.SMALL, draw.CAPTION)
                bottom = max(bottom, at + 30 * (row + 1))
            left = edge + 8
        slots = bool(trick) and view.get("phase") == "trick_play"
        felt = _seats(d, left, y, _seat_tags(view, names), played, slots)
        # the scores are in the text beside the picture, the colour pairs on the hand's picture
        return draw.png(draw.crop(img, int(max(felt, bottom)) + 6))

    def hand_image(self, view: Mapping[str, Any], names: Sequence[str] | None = None) -> bytes:
        """The seat's own hand: unplayable cards dimmed on its turn, trumps and the Knob marked,
        the Knobs of later tricks numbered, married cards tagged (they may not be played before
        their trick)."""
        img, d = draw.canvas(draw.MAX_HEIGHT + 200, PALETTE)
        trick = view.get("trick")
        hand = list(view.get("hand") or [])
        playable = view.get("playable")
        married = {m["card"]: m["trick"] for m in view.get("married") or []}
        seat = view.get("seat", 0)
        count = _n("{n} card", "{n} cards", len(hand))
        y = draw.header(d, _("Your hand"), f"{draw.seat_name(names, seat)} · {count}")
        later = _later_knobs(view)
        cards = []
        for code in hand:
            badge, fill = _marks(code, trick)
            if not badge and code in later:
                badge, fill = f"K{later[code]}", LATER_KNOB
            if code in married:
                badge, fill = f"M{married[code]}", MARRIED
            cards.append(
                Held(
                    face(code),
                    dim=playable is not None and code not in playable,
                    badge=badge,
                    badge_fill=fill,
                )
            )
        keys = _badge_keys(cards)
        row = (HAND_H + 22) if cards else 50
        if trick:
            # a little into the header's bottom margin, which its words do not reach; the
            # Knob's words take a second line where it leaves the keys their fewest lines
            wrap = _ruling_wraps(trick, self._knob_out()) and (
                draw.MAX_HEIGHT - 6 - (y - 6 + 64 + 30 + row)
            ) // KEY_ROW >= len(_key_rows(keys, "none"))
            y = _ruling_line(d, y - 6, trick, self._knob_out(), wrap)
        if not cards:
            draw.label(d, 20, y + 10, _("No cards in hand"), draw.SMALL, draw.MUTED)
            y += 50
        else:
            y = _hand_row(d, y, cards)
        # the colour pairs are the same under every hand, and the chips come from a few
        # sets: painted once per set and language and pasted (issue 36); the words of the
        # pairs go where the lines left would not hold them, and the pairs too as a last resort
        rows = int((draw.MAX_HEIGHT - 6 - y) // KEY_ROW)
        words = next(
            (w for w in ("colour", "suits", "none") if len(_key_rows(keys, w)) <= rows), "off"
        )
        key = ("hand keys", tuple(keys), words)  # untranslated: the section's cache key
        y = draw.section(d, y, key, lambda target, top: _key_flow(target, top, keys, words))
        return draw.png(draw.crop(img, int(y) + 2))

    def hand_key(
        self, view: Mapping[str, Any], names: Sequence[str] | None = None
    ) -> Hashable | None:
        """Everything the hand picture draws: the seat's name, cards, which of them are
        playable, married and later Knobs, and this trick's number, trump and Knob (another
        seat's card on the trick changes none of it)."""
        trick = view.get("trick")
        ruling = None
        if trick:
            knob = trick["knob"]
            live = bool(trick.get("knob_in_play"))
            ruling = (trick["number"], trick["trump"], knob["rank"], knob["suit"], live)
        playable = view.get("playable")
        married = sorted((m["card"], m["trick"]) for m in view.get("married") or [])
        return (
            draw.seat_name(names, view.get("seat", 0)),
            tuple(view.get("hand") or []),
            None if playable is None else frozenset(playable),
            tuple(married),
            ruling,
            tuple(sorted(_later_knobs(view).items())),
        )
