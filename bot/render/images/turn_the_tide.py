"""Turn the Tide pictures: the tide cards now up, and every seat in a column of its own (its
tide level, the weather card it showed at the latest reveal, its life preservers, score and
whether it has chosen); and the hand of weather cards in one row.

Why columns side by side and not a line per seat: a picture is 780 px wide and at most 400 high
(issue 36, about 2:1), and five seats stacked under a row of revealed cards took 640-782 px.

Why the weather cards are shaded from sunny to stormy: a card's value decides who takes which
tide card, and its preserver icon (none / half / whole, spec §1.1) is the other thing a
player weighs; shading and a drawn buoy let both be seen without reading numbers closely.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from typing import Any

from PIL import ImageDraw

from bot.i18n import texts, translate
from bot.render.images import draw
from bot.render.images.base import Drawer
from bot.render.images.draw import RGB, Face, Held

_, _n = texts("turn_the_tide")

# tide cards, and weather cards shaded from sunny to stormy
TIDE_INK: RGB = (245, 250, 255)
TIDE_PAPER: RGB = (30, 110, 170)
WEATHER_INK: RGB = (20, 36, 70)
SUN: RGB = (255, 242, 196)
STORM: RGB = (196, 210, 232)
# life preservers
BUOY: RGB = (238, 92, 40)
BAND: RGB = (240, 240, 240)
LOST_BAND: RGB = (150, 150, 150)


def weather_tint(value: int) -> RGB:
    """The paper of weather card ``value`` (1..60), from sunny to stormy."""
    t = (value - 1) / 59
    r, g, b = (round(a + (z - a) * t) for a, z in zip(SUN, STORM, strict=True))
    return (r, g, b)


PALETTE = draw.Palette(
    TIDE_INK,
    TIDE_PAPER,
    WEATHER_INK,
    SUN,
    STORM,
    BUOY,
    BAND,
    LOST_BAND,
    *(weather_tint(v) for v in range(1, 61)),
)


def buoy(
    d: ImageDraw.ImageDraw,
    cx: float,
    cy: float,
    r: float,
    kind: str = "whole",
    lost: bool = False,
    hole: RGB = draw.BG,
) -> None:
    """A life preserver ring: orange with white bands; a half icon is the top
    half only; a lost (face-down) preserver is grey."""
    colour = draw.FAINT if lost else BUOY
    box = (cx - r, cy - r, cx + r, cy + r)
    inner = r * 0.5
    if kind == "half":
        d.pieslice(box, 180, 360, fill=colour)
        d.pieslice((cx - inner, cy - inner, cx + inner, cy + inner), 180, 360, fill=hole)
        return
    d.ellipse(box, fill=colour)
    band = LOST_BAND if lost else BAND
    w = max(2, round(r * 0.35))
    d.line((cx - r, cy, cx + r, cy), fill=band, width=w)
    d.line((cx, cy - r, cx, cy + r), fill=band, width=w)
    d.ellipse((cx - inner, cy - inner, cx + inner, cy + inner), fill=hole)


def icon(value: int) -> str:
    """The preserver icon printed on weather card ``value`` (spec §1.1's bands)."""
    if 25 <= value <= 36:
        return "whole"
    if 13 <= value <= 24 or 37 <= value <= 48:
        return "half"
    return "none"


def _weather_art(
    d: ImageDraw.ImageDraw, face: Face, x: float, y: float, w: int, h: int, dim: bool
) -> None:
    """A weather card: its value in the corner and its preserver icon (none, half, whole) below."""
    draw.corner_rank(d, x, y, w, face.rank, draw.DIM_INK if dim else face.ink)
    kind = icon(int(face.rank))
    if kind != "none":
        paper = draw.DIM_PAPER if dim else face.tint
        buoy(d, x + w / 2, y + h * 0.66, w * 0.24, kind, lost=dim, hole=paper)


def weather(code: str) -> Face:
    """A weather card: paper shaded from sunny (1) to stormy (60)."""
    return Face(code, tint=weather_tint(int(code)), ink=WEATHER_INK, art=_weather_art)


def _number_art(
    d: ImageDraw.ImageDraw, face: Face, x: float, y: float, w: int, h: int, dim: bool
) -> None:
    """A tide card: its level, large in the middle."""
    ink = draw.DIM_INK if dim else face.ink
    draw.write(d, x + w / 2, y + h / 2, face.rank, round(w * 0.6), ink, anchor="mm", bold=True)


def tide_card(code: str) -> Face:
    return Face(code, ink=TIDE_INK, tint=TIDE_PAPER, art=_number_art)


def _tide_level(
    d: Any, x: float, y: float, level: int, size: int = 56, dry: RGB = draw.PANEL
) -> None:
    """A tide level as a blue wave badge with the number; 0 is a dry beach (``dry``: a shade
    apart from what the badge sits on)."""
    d.rounded_rectangle((x, y, x + size, y + size), 12, fill=TIDE_PAPER if level else dry)
    draw.centred(
        d,
        x + size / 2,
        y + size * 0.16,
        str(level),
        max(draw.SMALL, round(size * 0.55)),
        TIDE_INK,
        bold=True,
    )


def _lines(text: str, size: int, width: float, bold: bool = False) -> list[str]:
    """``text`` broken between words into lines of at most ``width`` px.

    Why: a caption in the band beside the tide cards has only the room the tide cards and
    their rule leave, and a language's longer words take a second line there instead of being
    cut (a single word wider than ``width``, which none of the game's is, is cut)."""
    extra = 2 if bold else 0
    lines: list[str] = []
    for word in text.split(" "):
        joined = f"{lines[-1]} {word}" if lines else word
        if lines and draw.text_w(joined, size) + extra <= width:
            lines[-1] = joined
        else:
            lines.append(draw.fit(word, size, width - extra))
    return lines


def _check(d: Any, cx: float, cy: float) -> None:
    """A green disc with a tick: this seat has chosen its card (never which, D5). A mark and
    not the words "has chosen": a seat's column is 143 px wide at five players, and the
    words take 155-171 px; the text beside the picture says them."""
    r = 15
    d.ellipse((cx - r, cy - r, cx + r, cy + r), fill=draw.ACTIVE)
    d.line([(cx - 8, cy), (cx - 2, cy + 7), (cx + 8, cy - 6)], fill=draw.PANEL, width=4)


def _washed(d: Any, cx: float, cy: float, hole: RGB = draw.PANEL) -> None:
    """The mark of a seat washed away this round: a grey preserver struck through in red. A
    mark, which the band's legend names in the renderer's word, since that word (155-184 px)
    is wider than a seat's column at five players."""
    buoy(d, cx, cy, 13, lost=True, hole=hole)
    d.line((cx - 15, cy + 15, cx + 15, cy - 15), fill=draw.ALERT, width=5)


#: the band of the tide cards (under the header), and the seats' columns under it: the whole
#: table is at most 396 px high (issue 36: about 2:1)
BAND_Y = 68
TIDE_W, TIDE_H = 62, 92
COLUMNS_Y = BAND_Y + TIDE_H + 14
COLUMN_H = 216
GAP = 8
#: a revealed weather card in a seat's column, and the seat's tide-level badge beside it
SHOWN_W, SHOWN_H = 58, 80
BADGE = 52


def _band(d: Any, view: Mapping[str, Any], washed: str) -> float:
    """The tide cards now up, lower first, with the rule of who takes which beside them; then,
    at the right, which hand the cards in the seats' columns were revealed in, and the legend
    of the washed-away mark when a seat shows it (``washed``: the renderer's word, or "").
    Returns the top of the columns: with no tide card up (the game is over) the band is one
    line."""
    tide = sorted(view.get("tide") or [], key=int)
    reveals = view.get("reveals") or []
    said = _("Hand {hand} revealed", hand=reveals[-1]["hand"]) if reveals else ""
    if not tide:  # one line: what was revealed last, then the legend
        x = draw.label(d, 20, BAND_Y + 8, said, draw.SMALL, draw.TEXT, bold=True) + 30
        if washed:
            _legend(d, x if said else 20, BAND_Y + 8, washed)
        return float(BAND_Y + 50)
    x = 20.0
    for code in tide:
        draw.card(d, x, BAND_Y + 4, tide_card(code), w=TIDE_W, h=TIDE_H)
        x += TIDE_W + 8
    rules = (
        _("highest card takes {level}", level=tide[0]),
        _("second highest takes {level}", level=tide[-1]),
    )
    x += 8
    for row, text in enumerate(rules):
        draw.label(d, x, BAND_Y + 8 + 46 * row, text, draw.SMALL, draw.MUTED)
    x += max(draw.text_w(text, draw.SMALL) for text in rules) + 18
    right = draw.WIDTH - 20
    lines = _lines(said, draw.SMALL, right - x, bold=True)[:2] if said else []
    rows = len(lines) + (1 if washed else 0)
    # two lines level with the rules; three closer together, still inside the band
    step, first = (46, BAND_Y + 8) if rows <= 2 else (34, BAND_Y + 2)
    for row, line in enumerate(lines):
        lx = right - draw.text_w(line, draw.SMALL) - 2
        draw.label(d, lx, first + step * row, line, draw.SMALL, draw.TEXT, bold=True)
    if washed:
        _legend(d, right - _legend_w(washed), first + step * len(lines), washed)
    return float(COLUMNS_Y)


def _legend_w(washed: str) -> float:
    """The width of the washed-away legend: the mark, then the word."""
    return 36 + draw.text_w(washed, draw.SMALL)


def _legend(d: Any, x: float, y: float, washed: str) -> None:
    """The washed-away mark and the renderer's word for it, with its text's top at ``y``."""
    _washed(d, x + 15, y + 16, draw.BG)
    draw.label(d, x + 36, y, washed, draw.SMALL, draw.MUTED)


def _columns(d: Any, top: float, view: Mapping[str, Any], names: Sequence[str] | None) -> float:
    """One column per seat, side by side: name; tide level beside the card it showed at the
    latest reveal (ringed when it took a tide card); preservers afloat and lost; score, and a
    tick once it has chosen this hand's card.

    Why columns: five seats stacked as lines made the table 640-746 px high (issue 36); side by
    side, the card each seat revealed sits in its own column instead of in a row of its own."""
    seats = list(view.get("seats") or [])
    if not seats:
        return top
    over = view.get("phase") == "over"
    winners = set(view.get("winners") or [])
    # everyone chooses at once: mark who is still choosing only once somebody has chosen
    everyone = all(s.get("waiting") for s in seats if not s["eliminated"])
    reveals = view.get("reveals") or []
    reveal = reveals[-1] if reveals else None
    n = len(seats)
    w = (draw.WIDTH - 32 - GAP * (n - 1)) / n
    for index, seat in enumerate(seats):
        s = seat["seat"]
        x, y = 16 + index * (w + GAP), top
        cx = x + w / 2
        waiting = seat.get("waiting") and not everyone
        outline = draw.ACTIVE if waiting else draw.GOLD if s in winners else None
        d.rounded_rectangle(
            (round(x), y, round(x + w), y + COLUMN_H), 14, fill=draw.PANEL, outline=outline, width=3
        )
        name = draw.fit(draw.seat_name(names, s), draw.NAME, w - 16)
        ink = draw.FAINT if seat["eliminated"] else draw.TEXT
        draw.centred(d, cx, y + 10, name, draw.NAME, ink, bold=True)
        left = cx - (BADGE + 14 + SHOWN_W) / 2
        _tide_level(d, left, y + 48 + (SHOWN_H - BADGE) / 2, seat["level"], BADGE, draw.BG)
        cx_card = left + BADGE + 14
        if reveal is not None and s < len(reveal["choices"]):
            code = reveal["choices"][s]
            if code is None:  # washed away at an earlier reveal: it played no card
                draw.slot(d, cx_card, y + 48, w=SHOWN_W, h=SHOWN_H)
                _washed(d, cx_card + SHOWN_W / 2, y + 48 + SHOWN_H / 2)
            else:
                took = s in (reveal.get("lo_to"), reveal.get("hi_to"))
                ring = draw.GOLD if took else None
                draw.card(d, cx_card, y + 48, weather(code), w=SHOWN_W, h=SHOWN_H, ring=ring)
        else:
            draw.slot(d, cx_card, y + 48, w=SHOWN_W, h=SHOWN_H)
        up, down = seat["preservers_up"], seat["preservers_down"]
        _afloat(d, cx, y + 156, up, down, seat["eliminated"])
        score = _("{score} pts", score=seat["score"])
        chosen = seat.get("chosen") and not over and not seat["eliminated"]
        sw = draw.text_w(score, draw.SMALL) + (40 if chosen else 0)
        sx = draw.label(d, cx - sw / 2, y + 176, score, draw.SMALL, draw.MUTED)
        if chosen:
            _check(d, sx + 25, y + 192)
    return top + COLUMN_H


def _afloat(d: Any, cx: float, cy: float, up: int, down: int, out: bool) -> None:
    """A seat's preservers as a ring and a count, afloat then (when any) lost, centred on
    ``cx``: twelve rings side by side would not fit a column. A seat washed away this round
    shows the washed-away mark instead of its none afloat (its name is greyed too)."""
    # (a ring drawn, lost or not, or the washed-away mark; the count, or none; its ink)
    parts: list[tuple[bool | None, str, RGB]] = []
    parts.append((None, "", draw.ALERT) if out else (False, str(up), draw.TEXT))
    if down:
        parts.append((True, str(down), draw.MUTED))
    widths = [30 + (draw.text_w(text, draw.SMALL) + 2 if text else 0) for _r, text, _i in parts]
    x = cx - (sum(widths) + 14 * (len(parts) - 1)) / 2
    for ring, text, ink in parts:
        if ring is None:
            _washed(d, x + 15, cy)
        else:
            buoy(d, x + 13, cy, 13, lost=ring, hole=draw.PANEL)
        x += 30
        if text:
            x = draw.label(d, x, cy - 16, text, draw.SMALL, ink, bold=True)
        x += 14


def _hand_row(d: Any, y: float, cards: Sequence[Held]) -> float:
    """The hand in one row, the cards overlapping when twelve do not fit side by side; returns
    the y below it.

    Why one row: the kit's rows of nine put a twelve-card hand on two rows (408 px high). At
    twelve cards each shows 60 of its 78 px, all of its value and its preserver icon."""
    w, h = 78, 108
    n = len(cards)
    step = w + 7.0 if n < 2 else min(w + 7.0, (draw.WIDTH - 40 - w) / (n - 1))
    x = (draw.WIDTH - (w + step * (n - 1))) / 2 if n else 0.0
    for held in cards:
        draw.card(d, x, y + 18, held.face, w=w, h=h, ring=held.ring)
        x += step
    return y + h + 30


class TurnTheTidePictures(Drawer):
    """Turn the Tide's table (the tide cards, the latest reveal, every player) and hand."""

    def table_header(self, view: Mapping[str, Any], names: Sequence[str] | None = None) -> str:
        """The header's words: where the game stands, then who acts in the renderer's words."""
        detail = _(
            "Round {round} of {rounds}", round=view.get("round", 1), rounds=view.get("rounds", "?")
        )
        if view.get("phase") == "over":
            detail += " · " + _("game over")
        else:
            detail += " · " + _(
                "hand {hand} of {hands}",
                hand=view.get("hand_number", 1),
                hands=view.get("hands_per_round", 12),
            )
        doing = self.words.acting(view, names)
        return f"{detail} · {doing}" if doing else detail

    def table_image(self, view: Mapping[str, Any], names: Sequence[str] | None = None) -> bytes:
        """The public table: the tide cards now up with their rule, and every seat's column
        (level, the card it showed at the latest reveal, preservers, score, chosen or not)."""
        img, d = draw.canvas(draw.MAX_HEIGHT, PALETTE)
        draw.header(d, _("Turn the Tide"), self.table_header(view, names))
        seats = view.get("seats") or []
        out = self.words.terms.get("out")
        washed = translate(out) if out and any(s["eliminated"] for s in seats) else ""
        bottom = _columns(d, _band(d, view, washed), view, names)
        return draw.png(draw.crop(img, int(bottom) + 6))

    def hand_image(self, view: Mapping[str, Any], names: Sequence[str] | None = None) -> bytes:
        """The seat's own weather cards with their preserver icons; the locked choice ringed."""
        img, d = draw.canvas(draw.MAX_HEIGHT, PALETTE)
        hand = list(view.get("hand") or [])
        seat = view.get("seat", 0)
        chosen = view.get("chosen_card")
        cards_text = _n("{n} weather card", "{n} weather cards", len(hand))
        y = draw.header(d, _("Your hand"), f"{draw.seat_name(names, seat)} · {cards_text}")
        mine = next((s for s in view.get("seats") or [] if s["seat"] == seat), None)
        if mine is not None:
            _tide_level(d, 20, y, mine["level"], 54)
            x = draw.label(d, 80, y + 10, _("your tide level"), draw.SMALL, draw.MUTED) + 20
            for k in range(mine["preservers_up"] + mine["preservers_down"]):
                buoy(d, x + 15, y + 24, 14, lost=k >= mine["preservers_up"])
                x += 34
            y += 60
        # the chosen card ringed (its word would not fit a card; the text says it)
        cards = [Held(weather(code), ring=draw.GOLD if code == chosen else None) for code in hand]
        y = _hand_row(d, y, cards)
        return draw.png(draw.crop(img, int(y) + 6))

    def hand_key(
        self, view: Mapping[str, Any], names: Sequence[str] | None = None
    ) -> Hashable | None:
        """The seat's name, cards, chosen card, level and preservers: all the hand picture
        draws (another seat's choice changes none of it)."""
        seat = view.get("seat", 0)
        mine = next((s for s in view.get("seats") or [] if s["seat"] == seat), None)
        own = (
            None
            if mine is None
            else (mine["level"], mine["preservers_up"], mine["preservers_down"])
        )
        hand = tuple(view.get("hand") or [])
        return (draw.seat_name(names, seat), hand, view.get("chosen_card"), own)
