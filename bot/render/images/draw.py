"""Shared drawing kit for the card pictures: palette, fonts, suit pips, cards, seats and PNG output.

Why shapes and not glyphs: Pillow's bundled font (Aileron, through ``load_default(size=...)``)
has no suit symbols, and no asset may be fetched at run time, so every pip is drawn from
polygons and ellipses. Why 780 px wide: Discord scales an image to the message width, which is
about 390 px on a phone; drawing at twice that width keeps edges crisp and the smallest text
(22 px) still readable at half size.
"""

from __future__ import annotations

import io
import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw, ImageFont

RGB = tuple[int, int, int]

WIDTH = 780

# Discord's dark theme (message background) and the table felt: a deep sea green-blue
BG: RGB = (49, 51, 56)
PANEL: RGB = (43, 45, 49)
FELT: RGB = (22, 70, 78)
FELT_EDGE: RGB = (14, 48, 54)
TEXT: RGB = (242, 243, 245)
MUTED: RGB = (170, 174, 182)
FAINT: RGB = (110, 114, 122)
GOLD: RGB = (250, 196, 60)
ACTIVE: RGB = (88, 214, 141)
ALERT: RGB = (237, 66, 69)

# card faces
PAPER: RGB = (247, 244, 236)
EDGE: RGB = (60, 62, 68)
BLACK_INK: RGB = (30, 30, 34)
RED_INK: RGB = (200, 30, 45)
DIM_PAPER: RGB = (92, 95, 102)
DIM_INK: RGB = (150, 153, 160)
BACK: RGB = (40, 84, 150)
SHADOW: RGB = (18, 20, 24)
BACK_LINE: RGB = (92, 140, 205)

# suits printed on coloured paper in two pairs (blue and green), and the marks of special cards
BLUE_INK: RGB = (22, 78, 176)
BLUE_PAPER: RGB = (219, 232, 252)
GREEN_INK: RGB = (18, 120, 58)
GREEN_PAPER: RGB = (220, 243, 224)
KNOB: RGB = (255, 140, 200)
LATER_KNOB: RGB = (255, 205, 230)
MARRIED: RGB = (200, 160, 255)
SAIL: RGB = (120, 170, 220)
# a navy trump card, the Joker, the kinds of completed melds
NAVY: RGB = (24, 44, 92)
JOKER_INK: RGB = (120, 40, 160)
NATURAL: RGB = (220, 60, 60)
MIXED: RGB = (150, 160, 175)
BIG_WILD: RGB = (255, 120, 20)
MELD_EDGE: RGB = (215, 212, 204)
# numbered cards: tides, weather shaded from sunny to stormy, life preservers
TIDE_INK: RGB = (245, 250, 255)
TIDE_PAPER: RGB = (30, 110, 170)
WEATHER_INK: RGB = (20, 36, 70)
SUN: RGB = (255, 242, 196)
STORM: RGB = (196, 210, 232)
BUOY: RGB = (238, 92, 40)
BAND: RGB = (240, 240, 240)
LOST_BAND: RGB = (150, 150, 150)
# notes on the felt and banners
CAPTION: RGB = (150, 190, 196)
BANNER: RGB = (70, 58, 20)
OPEN_DIM: RGB = (60, 140, 100)

CARD_W = 72
CARD_H = 100
RADIUS = 9


def weather_tint(value: int) -> RGB:
    """The paper of weather card ``value`` (1..60), from sunny to stormy."""
    t = (value - 1) / 59
    r, g, b = (round(a + (z - a) * t) for a, z in zip(SUN, STORM, strict=True))
    return (r, g, b)


#: a colour no drawing uses: the see-through background of a cached card tile
KEY: RGB = (255, 0, 255)


def _palette() -> list[RGB]:
    """Every colour the pictures use, BG first (the canvas fill) and KEY last.

    Why one fixed palette: every canvas and every cached card tile shares it, so a tile's
    palette indices mean the same colours on any canvas it is pasted onto.
    """
    named = [
        v for k, v in globals().items() if k.isupper() and isinstance(v, tuple) and len(v) == 3
    ]
    colours = [BG, *named, *(weather_tint(v) for v in range(1, 61))]
    unique = [c for c in dict.fromkeys(colours) if c != KEY]
    return [*unique, KEY]


PALETTE: list[RGB] = _palette()
PALETTE_BYTES = bytes(v for colour in PALETTE for v in colour)
KEY_INDEX = len(PALETTE) - 1
_SEE_THROUGH = bytes(0 if i == KEY_INDEX else 255 for i in range(256))

Pip = Callable[[ImageDraw.ImageDraw, float, float, float, RGB], None]


@lru_cache(maxsize=32)
def font(size: int) -> ImageFont.FreeTypeFont | ImageFont.ImageFont:
    """Pillow's own font at ``size`` px, loaded once per size (loading costs ~1 ms)."""
    return ImageFont.load_default(size=size)


# ---------------------------------------------------------------- suit pips (centre, height)


def _heart(d: ImageDraw.ImageDraw, cx: float, cy: float, s: float, ink: RGB) -> None:
    r = s * 0.27
    top = cy - s * 0.22
    d.ellipse((cx - 2 * r, top - r, cx, top + r), fill=ink)
    d.ellipse((cx, top - r, cx + 2 * r, top + r), fill=ink)
    d.polygon(
        [(cx - 2 * r + 1, top + r * 0.35), (cx + 2 * r - 1, top + r * 0.35), (cx, cy + s * 0.48)],
        fill=ink,
    )


def _diamond(d: ImageDraw.ImageDraw, cx: float, cy: float, s: float, ink: RGB) -> None:
    h, w = s * 0.5, s * 0.36
    d.polygon([(cx, cy - h), (cx + w, cy), (cx, cy + h), (cx - w, cy)], fill=ink)


def _spade(d: ImageDraw.ImageDraw, cx: float, cy: float, s: float, ink: RGB) -> None:
    r = s * 0.25
    base = cy + s * 0.1
    d.ellipse((cx - 2 * r, base - r, cx, base + r), fill=ink)
    d.ellipse((cx, base - r, cx + 2 * r, base + r), fill=ink)
    d.polygon(
        [(cx - 2 * r + 1, base - r * 0.35), (cx + 2 * r - 1, base - r * 0.35), (cx, cy - s * 0.5)],
        fill=ink,
    )
    d.polygon([(cx, base), (cx + s * 0.17, cy + s * 0.5), (cx - s * 0.17, cy + s * 0.5)], fill=ink)


def _club(d: ImageDraw.ImageDraw, cx: float, cy: float, s: float, ink: RGB) -> None:
    r = s * 0.21
    for ox, oy in ((0, -0.24), (-0.23, 0.06), (0.23, 0.06)):
        x, y = cx + ox * s, cy + oy * s
        d.ellipse((x - r, y - r, x + r, y + r), fill=ink)
    d.polygon([(cx, cy), (cx + s * 0.17, cy + s * 0.5), (cx - s * 0.17, cy + s * 0.5)], fill=ink)


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
        d.line((cx, cy + s * 0.1, cx + k * s, cy - s * 0.3), fill=PAPER, width=rib)


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
    d.line((cx - c, cy - c, cx + c, cy + c), fill=PAPER, width=w)
    d.line((cx - c, cy + c, cx + c, cy - c), fill=PAPER, width=w)


PIPS: dict[str, Pip] = {
    "C": _club,
    "D": _diamond,
    "H": _heart,
    "S": _spade,
    "o": _oar,
    "w": _wave,
    "s": _shell,
    "m": _map,
}


def pip(d: ImageDraw.ImageDraw, suit: str, cx: float, cy: float, size: float, ink: RGB) -> None:
    """A suit symbol centred on (cx, cy), ``size`` px tall; nothing for an unknown suit."""
    painter = PIPS.get(suit)
    if painter is not None:
        painter(d, cx, cy, size, ink)


# ---------------------------------------------------------------- cards


#: paints a special card inside its frame: ``(d, x, y, w, h, dim)``, top-left at (x, y)
Art = Callable[[ImageDraw.ImageDraw, float, float, int, int, bool], None]


@dataclass(frozen=True)
class Face:
    """How one card looks: its corner text, its suit pip and its colours.

    ``tint`` colours the paper (suits printed in colour pairs); ``special`` names a generic
    face drawn instead of rank + pip (``number``, ``joker``); ``art`` paints a game's own
    special card inside the frame (that game's drawer owns it, so this kit stays neutral).
    """

    rank: str
    suit: str = ""
    ink: RGB = BLACK_INK
    tint: RGB = PAPER
    special: str = ""
    note: str = ""
    emblem: str = ""
    art: Art | None = None


@lru_cache(maxsize=4096)
def text_w(text: str, size: int) -> float:
    """Width of ``text`` in px (cached: layouts measure the same labels again and again)."""
    return font(size).getlength(text)


@lru_cache(maxsize=4096)
def _mask(text: str, size: int, bold: bool, anchor: str) -> tuple[Image.Image, int, int]:
    """A rendered text as a mask with its offset from the anchor point.

    Why cached: FreeType rendering (with a stroke for bold) was the largest cost of a picture,
    and the same ranks, labels and names come back in every picture of a game.
    """
    f = font(size)
    sw = 1 if bold else 0
    left, top, right, bottom = (int(v) for v in f.getbbox(text, anchor=anchor, stroke_width=sw))
    mask = Image.new("L", (max(1, right - left), max(1, bottom - top)))
    ImageDraw.Draw(mask).text(
        (-left, -top), text, font=f, fill=255, anchor=anchor, stroke_width=sw, stroke_fill=255
    )
    # a palette canvas has no partial coverage: cut the antialiased edge at a quarter instead of
    # a half, so thin strokes of small text stay joined
    return mask.point(_CUT), left, top


_CUT = [0 if v < 64 else 255 for v in range(256)]


def write(
    d: ImageDraw.ImageDraw,
    x: float,
    y: float,
    text: str,
    size: int,
    fill: RGB,
    *,
    anchor: str = "la",
    bold: bool = False,
) -> None:
    """Text at (x, y) by the given anchor (Pillow's anchors), from the mask cache."""
    if not text:
        return
    mask, left, top = _mask(text, size, bold, anchor)
    d.bitmap((round(x) + left, round(y) + top), mask, fill=fill)


def centred(
    d: ImageDraw.ImageDraw, cx: float, y: float, text: str, size: int, fill: RGB, bold: bool = False
) -> None:
    """Text centred on ``cx`` with its top at ``y``; ``bold`` strokes it (the font has no bold)."""
    write(d, cx, y, text, size, fill, anchor="mt", bold=bold)


def label(
    d: ImageDraw.ImageDraw, x: float, y: float, text: str, size: int, fill: RGB, bold: bool = False
) -> float:
    """Text with its top-left at (x, y); returns the x after it."""
    write(d, x, y, text, size, fill, bold=bold)
    return x + text_w(text, size) + (2 if bold else 0)


def sail_glyph(d: ImageDraw.ImageDraw, cx: float, cy: float, s: float, ink: RGB, sail: RGB) -> None:
    """A small sailing ship centred on (cx, cy), ``s`` px wide: hull and mast in ``ink``."""
    hull = [
        (cx - s * 0.5, cy + s * 0.12),
        (cx + s * 0.5, cy + s * 0.12),
        (cx + s * 0.32, cy + s * 0.38),
        (cx - s * 0.32, cy + s * 0.38),
    ]
    d.polygon(hull, fill=ink)
    d.line((cx, cy + s * 0.12, cx, cy - s * 0.5), fill=ink, width=max(2, round(s * 0.06)))
    d.polygon(
        [
            (cx + s * 0.04, cy - s * 0.46),
            (cx + s * 0.04, cy + s * 0.04),
            (cx + s * 0.4, cy + s * 0.04),
        ],
        fill=sail,
    )
    d.polygon(
        [
            (cx - s * 0.04, cy - s * 0.3),
            (cx - s * 0.04, cy + s * 0.04),
            (cx - s * 0.3, cy + s * 0.04),
        ],
        fill=sail,
    )


def buoy(
    d: ImageDraw.ImageDraw,
    cx: float,
    cy: float,
    r: float,
    kind: str = "whole",
    lost: bool = False,
    hole: RGB = BG,
) -> None:
    """A life preserver ring: orange with white bands; a half icon is the top
    half only; a lost (face-down) preserver is grey."""
    colour = FAINT if lost else BUOY
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


def _card(
    d: ImageDraw.ImageDraw,
    x: float,
    y: float,
    face: Face,
    *,
    w: int = CARD_W,
    h: int = CARD_H,
    dim: bool = False,
    ring: RGB | None = None,
    badge: str = "",
    badge_fill: RGB = GOLD,
) -> None:
    """One face-up card with its top-left at (x, y).

    The rank sits large in the corner and a big pip fills the middle, so a card can be read
    from either at phone size; ``dim`` greys it (an unplayable card, a past trick); ``ring``
    outlines it (the current trick, the winner); ``badge`` is a short tag on its top edge
    (``T`` trump, ``K`` Knob).
    """
    paper = DIM_PAPER if dim else face.tint
    ink = DIM_INK if dim else face.ink
    d.rounded_rectangle((x + 3, y + 4, x + w + 3, y + h + 4), RADIUS, fill=SHADOW)
    if ring is not None:
        d.rounded_rectangle((x - 4, y - 4, x + w + 4, y + h + 4), RADIUS + 4, fill=ring)
    d.rounded_rectangle((x, y, x + w, y + h), RADIUS, fill=paper, outline=EDGE, width=2)
    cx = x + w / 2
    if face.art is not None:
        face.art(d, x, y, w, h, dim)
    elif face.special == "number":
        write(d, cx, y + h / 2, face.rank, round(w * 0.6), ink, anchor="mm", bold=True)
    elif face.special == "joker":
        centred(d, cx, y + 8, "JK", max(16, w * 2 // 5), ink, bold=True)
        star = w * 0.26
        sy = y + h * 0.64
        pts = []
        for k in range(10):
            r = star if k % 2 == 0 else star * 0.45
            a = -math.pi / 2 + k * math.pi / 5
            pts.append((cx + r * math.cos(a), sy + r * math.sin(a)))
        d.polygon(pts, fill=ink)
    else:
        size = max(16, round(w * 0.46)) if len(face.rank) < 3 else max(14, round(w * 0.34))
        write(d, x + 6, y + 3, face.rank, size, ink, bold=True)
        if face.suit:
            pip(d, face.suit, x + w - w * 0.2, y + h * 0.17, w * 0.24, ink)
            pip(d, face.suit, cx, y + h * 0.66, w * 0.52, ink)
        if face.emblem in ("whole", "half"):
            buoy(d, cx, y + h * 0.66, w * 0.24, face.emblem, lost=dim, hole=paper)
        if face.note:
            centred(d, cx, y + h - max(14, w // 4) - 4, face.note, max(13, w // 4), ink)
    if badge:
        size = max(18, w // 4)
        bw = text_w(badge, size) + 10
        bx, by = x + (w - bw) / 2, y - 12
        d.rounded_rectangle(
            (bx, by, bx + bw, by + size + 6), 6, fill=badge_fill, outline=BG, width=2
        )
        pale = sum(badge_fill) > 420
        centred(d, bx + bw / 2, by + 3, badge, size, BLACK_INK if pale else TEXT)


def _back(
    d: ImageDraw.ImageDraw,
    x: float,
    y: float,
    *,
    w: int = CARD_W,
    h: int = CARD_H,
    text: str = "",
    ring: RGB | None = None,
) -> None:
    """A face-down card: a blue back with a lattice, and optionally a large claim in a disc."""
    if ring is not None:
        d.rounded_rectangle((x - 4, y - 4, x + w + 4, y + h + 4), RADIUS + 4, fill=ring)
    d.rounded_rectangle((x, y, x + w, y + h), RADIUS, fill=BACK, outline=PAPER, width=3)
    inner = (x + 7, y + 7, x + w - 7, y + h - 7)
    d.rounded_rectangle(inner, RADIUS - 4, outline=BACK_LINE, width=2)
    for k in range(1, 4):
        yy = y + h * k / 4
        d.line((x + 12, yy, x + w - 12, yy), fill=BACK_LINE, width=2)
    if text:
        r = w * 0.3
        cx, cy = x + w / 2, y + h / 2
        d.ellipse((cx - r, cy - r, cx + r, cy + r), fill=PAPER, outline=BACK, width=2)
        write(d, cx, cy, text, round(r * 1.15), BLACK_INK, anchor="mm")


def _slot(
    d: ImageDraw.ImageDraw,
    x: float,
    y: float,
    *,
    w: int = CARD_W,
    h: int = CARD_H,
    text: str = "",
    outline: RGB = FAINT,
    fill: RGB | None = None,
    width: int = 2,
) -> None:
    """An empty place for a card: an outline with a faint caption."""
    d.rounded_rectangle((x, y, x + w, y + h), RADIUS, fill=fill, outline=outline, width=width)
    if text:
        write(d, x + w / 2, y + h / 2, text, max(16, w * 2 // 5), outline, anchor="mm")


# ---------------------------------------------------------------- cached tiles


class Canvas(ImageDraw.ImageDraw):
    """An ImageDraw that knows its image, so cached card tiles can be pasted onto it."""

    def __init__(self, image: Image.Image) -> None:
        super().__init__(image)
        self.image = image


PAD = 16
_tiles: dict[tuple[Any, ...], tuple[Image.Image, Image.Image] | None] = {}


def _tiled(
    d: ImageDraw.ImageDraw,
    x: float,
    y: float,
    w: int,
    h: int,
    key: tuple[Any, ...],
    paint: Callable[[ImageDraw.ImageDraw, float, float], None],
) -> None:
    """Paint a card-sized thing once into a tile and paste it afterwards.

    Why: a card is a dozen shapes and two texts, and the same cards come back in every
    picture; pasting a cached tile through its mask costs a fraction of drawing it. A tile
    whose drawing needed a colour outside the shared palette is not cached (its indices
    could mean other colours on another canvas): it is drawn directly instead.
    """
    x, y = round(x), round(y)
    if not isinstance(d, Canvas):
        paint(d, x, y)
        return
    if key not in _tiles:
        tile = Image.new("P", (w + 2 * PAD, h + 2 * PAD), KEY_INDEX)
        tile.putpalette(PALETTE_BYTES)
        paint(ImageDraw.Draw(tile), PAD, PAD)
        cached = None
        if tile.palette is not None and len(tile.palette.colors) <= len(PALETTE):
            cached = (tile, Image.frombytes("L", tile.size, tile.tobytes().translate(_SEE_THROUGH)))
        if len(_tiles) > 4096:
            _tiles.clear()
        _tiles[key] = cached
    found = _tiles[key]
    if found is None:
        paint(d, x, y)
    else:
        d.image.paste(found[0], (x - PAD, y - PAD), found[1])


def card(
    d: ImageDraw.ImageDraw,
    x: float,
    y: float,
    face: Face,
    *,
    w: int = CARD_W,
    h: int = CARD_H,
    dim: bool = False,
    ring: RGB | None = None,
    badge: str = "",
    badge_fill: RGB = GOLD,
) -> None:
    """One face-up card with its top-left at (x, y) (see :func:`_card` for the look)."""
    key = ("card", face, w, h, dim, ring, badge, badge_fill)

    def paint(target: ImageDraw.ImageDraw, px: float, py: float) -> None:
        _card(
            target, px, py, face, w=w, h=h, dim=dim, ring=ring, badge=badge, badge_fill=badge_fill
        )

    _tiled(d, x, y, w, h, key, paint)


def back(
    d: ImageDraw.ImageDraw,
    x: float,
    y: float,
    *,
    w: int = CARD_W,
    h: int = CARD_H,
    text: str = "",
    ring: RGB | None = None,
) -> None:
    """A face-down card (see :func:`_back`)."""

    def paint(target: ImageDraw.ImageDraw, px: float, py: float) -> None:
        _back(target, px, py, w=w, h=h, text=text, ring=ring)

    _tiled(d, x, y, w, h, ("back", w, h, text, ring), paint)


def slot(
    d: ImageDraw.ImageDraw,
    x: float,
    y: float,
    *,
    w: int = CARD_W,
    h: int = CARD_H,
    text: str = "",
    outline: RGB = FAINT,
    fill: RGB | None = None,
    width: int = 2,
) -> None:
    """An empty place for a card (see :func:`_slot`)."""

    def paint(target: ImageDraw.ImageDraw, px: float, py: float) -> None:
        _slot(target, px, py, w=w, h=h, text=text, outline=outline, fill=fill, width=width)

    _tiled(d, x, y, w, h, ("slot", w, h, text, outline, fill, width), paint)


# ---------------------------------------------------------------- seats and layout


def seat_name(names: Sequence[str] | None, seat: int) -> str:
    """The caller's name for a seat, or "Seat N" (1-based: players count from one)."""
    if names is not None and 0 <= seat < len(names) and names[seat]:
        return names[seat]
    return f"Seat {seat + 1}"


def fit(text: str, size: int, width: float) -> str:
    """``text`` cut with an ellipsis to fit ``width`` px, so a long name cannot overlap."""
    if text_w(text, size) <= width:
        return text
    while text and text_w(text + "…", size) > width:
        text = text[:-1]
    return text + "…"


def tag(
    d: ImageDraw.ImageDraw,
    cx: float,
    y: float,
    text: str,
    size: int,
    *,
    fill: RGB = PANEL,
    ink: RGB = TEXT,
    outline: RGB | None = None,
    max_w: float = 360,
) -> tuple[float, float, float, float]:
    """A rounded pill of text centred on ``cx``; returns its box."""
    text = fit(text, size, max_w)
    tw = text_w(text, size)
    box = (cx - tw / 2 - 12, y, cx + tw / 2 + 12, y + size + 12)
    d.rounded_rectangle(box, (size + 12) // 2, fill=fill, outline=outline, width=3)
    centred(d, cx, y + 5, text, size, ink, bold=size >= 20)
    return box


def around(players: int, cx: float, cy: float, rx: float, ry: float) -> list[tuple[float, float]]:
    """Where each seat sits around a table centred on (cx, cy), seat 0 at the bottom, clockwise
    (seats are numbered clockwise in every game, so the picture matches the text's order)."""
    import math

    out = []
    for seat in range(players):
        a = math.pi / 2 + seat * 2 * math.pi / players
        out.append((cx + rx * math.cos(a), cy + ry * math.sin(a)))
    return out


def canvas(height: int, width: int = WIDTH) -> tuple[Image.Image, Canvas]:
    """A palette image filled with the background, with the shared palette (see PALETTE)."""
    img = Image.new("P", (width, height), 0)
    img.putpalette(PALETTE_BYTES)
    return img, Canvas(img)


def header(d: ImageDraw.ImageDraw, title: str, detail: str = "", width: int = WIDTH) -> float:
    """The title line every picture starts with; returns the y below it."""
    x = label(d, 20, 14, title, 30, TEXT, bold=True)
    if detail:
        detail = fit(detail, 24, width - x - 40)
        label(d, x + 16, 19, detail, 24, MUTED)
    return 60.0


def png(img: Image.Image) -> bytes:
    """PNG bytes of a palette picture.

    Why a palette canvas: the pictures are flat colours (fewer than a hundred), so drawing
    straight into a palette image skips quantizing (the slowest step when drawn in RGB) and
    gives a small file; a fast zlib level keeps encoding cheap and the files stay far below
    the 150 KB budget. Edges are not antialiased, which Discord's downscaling to the message
    width smooths.
    """
    out = io.BytesIO()
    img.save(out, format="PNG", compress_level=1)
    return out.getvalue()


def crop(img: Image.Image, height: int) -> Image.Image:
    """Trim the unused bottom of a canvas drawn taller than needed."""
    return img.crop((0, 0, img.width, max(1, min(height, img.height))))


@dataclass(frozen=True)
class Held:
    """One card of a hand as drawn: its face and its marks."""

    face: Face
    dim: bool = False
    badge: str = ""
    badge_fill: RGB = GOLD
    ring: RGB | None = None


def hand_rows(d: ImageDraw.ImageDraw, y: float, cards: Sequence[Held], width: int = WIDTH) -> float:
    """A hand laid out in centred rows of at most nine cards (big enough to read on a phone,
    with no overlap hiding a rank); returns the y below the last row."""
    per_row = 9
    w, h, gap = 78, 108, 7
    for start in range(0, len(cards), per_row):
        row = cards[start : start + per_row]
        total = len(row) * w + (len(row) - 1) * gap
        x = (width - total) / 2
        for held in row:
            card(
                d,
                x,
                y + 18,
                held.face,
                w=w,
                h=h,
                dim=held.dim,
                ring=held.ring,
                badge=held.badge,
                badge_fill=held.badge_fill,
            )
            x += w + gap
        y += h + 30
    return y


def legend(d: ImageDraw.ImageDraw, y: float, items: Sequence[tuple[str, RGB]]) -> float:
    """Lines of coloured key chips (e.g. "T trump", "K Knob") under a picture."""
    x = 20.0
    for text, colour in items:
        if x > 20 and x + 26 + text_w(text, 22) > WIDTH - 20:
            x, y = 20.0, y + 34
        d.rounded_rectangle((x, y + 4, x + 18, y + 22), 5, fill=colour)
        x = label(d, x + 26, y, text, 22, MUTED) + 22
    return y + 34


@dataclass(frozen=True)
class SeatTag:
    """A seat's plate at the table: its name, one line of facts, and whether it is its turn."""

    name: str
    sub: str = ""
    active: bool = False
    winner: bool = False
    faded: bool = False


def seat_plate(d: ImageDraw.ImageDraw, cx: float, cy: float, seat: SeatTag, max_w: float) -> None:
    """A two-line plate centred on (cx, cy); green outline on the seat whose turn it is."""
    name = fit(seat.name, 26, max_w - 24)
    sub = fit(seat.sub, 22, max_w - 24)
    tw = max(text_w(name, 26) + 2, text_w(sub, 22) if sub else 0)
    h = 66 if sub else 40
    box = (cx - tw / 2 - 14, cy - h / 2, cx + tw / 2 + 14, cy + h / 2)
    outline = ACTIVE if seat.active else GOLD if seat.winner else None
    d.rounded_rectangle(box, 14, fill=PANEL, outline=outline, width=4)
    centred(d, cx, box[1] + 6, name, 26, FAINT if seat.faded else TEXT, bold=True)
    if sub:
        centred(d, cx, box[1] + 38, sub, 22, MUTED)


def trick_table(
    d: ImageDraw.ImageDraw,
    top: float,
    seats: Sequence[SeatTag],
    played: Mapping[int, Held],
    *,
    height: int = 400,
    caption: str = "",
    width: int = WIDTH,
) -> float:
    """The felt with every seat around it and each played card in front of its player;
    returns the y below the felt. Seat 0 sits at the bottom, the others clockwise."""
    n = len(seats)
    d.rounded_rectangle(
        (16, top, width - 16, top + height), 40, fill=FELT, outline=FELT_EDGE, width=6
    )
    cx, cy = width / 2, top + height / 2
    rx, ry = width / 2 - 110, height / 2 - 40
    plates = around(n, cx, cy, rx, ry)
    spots = around(n, cx, cy, rx * 0.42, ry * 0.44)
    if caption:
        label(d, 44, top + 18, fit(caption, 22, width / 2 - 150), 22, CAPTION)
    for seat in range(n):
        held = played.get(seat)
        if held is None:
            continue
        sx, sy = spots[seat]
        card(
            d,
            sx - CARD_W / 2,
            sy - CARD_H / 2,
            held.face,
            dim=held.dim,
            ring=held.ring,
            badge=held.badge,
            badge_fill=held.badge_fill,
        )
    max_w = 200 if n > 2 else 320
    for seat, (px, py) in enumerate(plates):
        seat_plate(d, min(max(px, 16 + max_w / 2), width - 16 - max_w / 2), py, seats[seat], max_w)
    return top + height


SUIT_WORDS = {"C": "Clubs", "D": "Diamonds", "H": "Hearts", "S": "Spades"}


def standard_face(code: str) -> Face:
    """A card of the French deck (``TH``, ``5S``, ``JK``): red hearts and diamonds, black clubs
    and spades, 10 written out."""
    if code == "JK":
        return Face("JK", special="joker", ink=JOKER_INK)
    rank, suit = code[:-1], code[-1:]
    return Face("10" if rank == "T" else rank, suit, ink=RED_INK if suit in "DH" else BLACK_INK)


def suit_chip(d: ImageDraw.ImageDraw, x: float, y: float, suit: str, size: int = 44) -> float:
    """A suit on a paper chip, for "trump ♠" lines; returns the x after it."""
    ink = RED_INK if suit in "DH" else BLACK_INK
    d.rounded_rectangle((x, y, x + size, y + size), 8, fill=PAPER)
    pip(d, suit, x + size / 2, y + size / 2, size * 0.66, ink)
    return x + size
