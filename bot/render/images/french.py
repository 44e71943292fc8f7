"""The French deck, drawn for the games that play with it: the four suit pips (♣ ♦ ♥ ♠), red
and black ink, the Joker, and the suit chip of a "trump ♠" line.

Why a module of its own: three games deal this deck and none of the others do, so it is neither
one game's art nor the shared kit's (``draw.py`` holds only what every game draws).
"""

from __future__ import annotations

import math

from PIL import ImageDraw

from bot.render.images import draw
from bot.render.images.draw import RGB, Face
from games.text import messages

msg, msg_n = messages("tidewater")

RED_INK: RGB = (200, 30, 45)
JOKER_INK: RGB = (120, 40, 160)
#: the deck's colours beyond the kit's, for the palette of a game that deals it
COLOURS: tuple[RGB, ...] = (RED_INK, JOKER_INK)
#: the suits' names, drawn with ``_`` or :func:`bot.i18n.translate` in the picture's language
SUIT_WORDS: dict[str, str] = {
    "C": msg("Clubs"),
    "D": msg("Diamonds"),
    "H": msg("Hearts"),
    "S": msg("Spades"),
}


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


PIPS: dict[str, draw.Pip] = {"C": _club, "D": _diamond, "H": _heart, "S": _spade}


def _joker(
    d: ImageDraw.ImageDraw, face: Face, x: float, y: float, w: int, h: int, dim: bool
) -> None:
    """The Joker: ``JK`` over a five-pointed star."""
    ink = draw.DIM_INK if dim else face.ink
    cx = x + w / 2
    draw.centred(d, cx, y + 8, "JK", max(draw.SMALL, w * 2 // 5), ink, bold=True)
    star(d, cx, y + h * 0.64, w * 0.26, ink)


def star(d: ImageDraw.ImageDraw, cx: float, cy: float, r: float, ink: RGB) -> None:
    """The Joker's five-pointed star, ``r`` from its centre to a point (the card's and a
    tile's)."""
    pts = []
    for k in range(10):
        radius = r if k % 2 == 0 else r * 0.45
        a = -math.pi / 2 + k * math.pi / 5
        pts.append((cx + radius * math.cos(a), cy + radius * math.sin(a)))
    d.polygon(pts, fill=ink)


def face(code: str) -> Face:
    """A card of the French deck (``TH``, ``5S``, ``JK``): red hearts and diamonds, black clubs
    and spades, 10 written out."""
    if code == "JK":
        return Face("JK", ink=JOKER_INK, art=_joker)
    rank, suit = code[:-1], code[-1:]
    ink = RED_INK if suit in "DH" else draw.BLACK_INK
    return Face("10" if rank == "T" else rank, PIPS.get(suit), ink=ink)


def suit_chip(d: ImageDraw.ImageDraw, x: float, y: float, suit: str, size: int = 44) -> float:
    """A suit on a paper chip, for "trump ♠" lines; returns the x after it."""
    ink = RED_INK if suit in "DH" else draw.BLACK_INK
    d.rounded_rectangle((x, y, x + size, y + size), 8, fill=draw.PAPER)
    painter = PIPS.get(suit)
    if painter is not None:
        painter(d, x + size / 2, y + size / 2, size * 0.66, ink)
    return x + size
