"""Shared drawing kit for every game's pictures: palettes, fonts, card frames, seats, text and
PNG output. Nothing here belongs to one game: a game's colours, suit pips and special cards live
in its own module next to this one (``images/<game>.py``) and reach the kit as a :class:`Palette`
and as the painters of a :class:`Face`.

Why shapes and not glyphs: Pillow's bundled font (Aileron, through ``load_default(size=...)``)
has no suit symbols, and no asset may be fetched at run time, so every pip is drawn from
polygons and ellipses (by the game that owns the suit). Why 780 px wide and 30 px
text: Discord shows an embed's picture at most 292 px wide (and 300 px high) on a 390 px
phone, so a picture drawn 780 px wide is shown at 0.37 of its size; the smallest text
(:data:`SMALL`, 30 px) is then 11 px high, and a picture no taller than 800 px keeps that scale
(issue 36: labels of 5-8 px). Drawing wider than shown keeps edges crisp on dense screens.
"""

from __future__ import annotations

import math
import threading
from collections import OrderedDict
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from PIL import Image, ImageDraw, ImageFont

from bot.i18n import ENGLISH, current_locale
from bot.render.images.base import seat_name as seat_name
from bot.render.images.png import encode

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
DIM_PAPER: RGB = (92, 95, 102)
DIM_INK: RGB = (150, 153, 160)
BACK: RGB = (40, 84, 150)
SHADOW: RGB = (18, 20, 24)
BACK_LINE: RGB = (92, 140, 205)

# notes on the felt and banners
CAPTION: RGB = (150, 190, 196)
BANNER: RGB = (70, 58, 20)

CARD_W = 72
CARD_H = 100
RADIUS = 9


#: a colour no drawing uses: the see-through background of a cached card tile
KEY: RGB = (255, 0, 255)
#: the kit's own colours, BG first (a canvas is filled with index 0)
KIT: tuple[RGB, ...] = tuple(
    dict.fromkeys(
        [
            BG,
            *(v for k, v in globals().items() if k.isupper() and isinstance(v, tuple) and v != KEY),
        ]
    )
)


class Palette:
    """Every colour one game's pictures use: the kit's first (BG at index 0), then the game's
    own, then KEY last.

    Why a fixed palette per game: every canvas and every cached card tile of that game shares
    it, so a tile's palette indices mean the same colours on any canvas it is pasted onto; a
    colour drawn that is not in it still works, but its tile cannot be cached (see
    :func:`_tiled`). Compared by identity: a game builds its palette once, at import.
    """

    def __init__(self, *colours: RGB) -> None:
        unique = [c for c in dict.fromkeys([*KIT, *colours]) if c != KEY]
        self.colours: tuple[RGB, ...] = (*unique, KEY)
        self.data = bytes(v for colour in self.colours for v in colour)
        self.key_index = len(self.colours) - 1
        #: colour -> palette index, for :meth:`Canvas._getink`
        self.index: dict[RGB, int] = {c: i for i, c in enumerate(self.colours)}
        #: palette index -> mask value: the KEY index is see-through, every other one opaque
        self.see_through = bytes(0 if i == self.key_index else 255 for i in range(256))


#: the face of every language but English: DejaVu Sans Condensed (Bitstream Vera licence, in
#: ``fonts/``), about as wide as Pillow's own. Why two faces: Pillow's own (Aileron) has no
#: accented letter (é, ü, ß, ã, ñ and the dash drew as boxes), and English pictures stay as
#: they were, pixel for pixel
OTHER_FACE = Path(__file__).resolve().parent / "fonts" / "DejaVuSansCondensed.ttf"


def face() -> str:
    """The face of the language being written: ``""`` (Pillow's own) for English, else the
    other one's path. Part of every cache key below, so two languages never share a mask."""
    return "" if current_locale() == ENGLISH else str(OTHER_FACE)


def font(size: int) -> ImageFont.FreeTypeFont | ImageFont.ImageFont:
    """The current language's font at ``size`` px (each face and size loaded once)."""
    return _font(size, face())


@lru_cache(maxsize=64)
def _font(size: int, path: str) -> ImageFont.FreeTypeFont | ImageFont.ImageFont:
    """A face at ``size`` px, loaded once (loading costs ~1 ms)."""
    return ImageFont.truetype(path, size) if path else ImageFont.load_default(size=size)


# ---------------------------------------------------------------- cards


#: paints a suit symbol centred on (cx, cy), ``size`` px tall: ``(d, cx, cy, size, ink)``
Pip = Callable[[ImageDraw.ImageDraw, float, float, float, RGB], None]


@dataclass(frozen=True)
class Face:
    """How one card looks: its corner text, its suit pip and its colours.

    ``tint`` colours the paper (suits printed in colour pairs); ``pip`` paints the suit (the
    game that owns the suits draws them); ``art`` paints a game's own card inside the frame
    instead of rank and pip (a special card, a number card), so this kit stays neutral.
    """

    rank: str
    pip: Pip | None = None
    ink: RGB = BLACK_INK
    tint: RGB = PAPER
    art: Art | None = None


#: paints a card of a game's own inside its frame: ``(d, face, x, y, w, h, dim)``, top-left at
#: (x, y); ``dim`` greys it like every dimmed card (:data:`DIM_INK` on :data:`DIM_PAPER`)
Art = Callable[[ImageDraw.ImageDraw, Face, float, float, int, int, bool], None]


def text_w(text: str, size: int) -> float:
    """Width of ``text`` in px.

    A text of several words is measured as the sum of its words and spaces, each measured
    once (:func:`_word_w`): the font's widths add up across a space exactly (no kerning there:
    checked over every pair of characters the pictures write), and a picture's new texts
    ("Ann · 9 cards", "Hand 2 · trick 3 of 9") are new arrangements of words written before."""
    return _text_w(text, size, face())


def _text_w(text: str, size: int, path: str) -> float:
    # only Pillow's own face has whole-pixel advances and no kerning across a space; the other
    # face's text is measured (and drawn, :func:`_mask`) whole
    if path:
        return _word_w(text, size, path)
    if " " in text.strip(" "):
        words = text.split(" ")
        space = _word_w(" ", size, path)
        return sum(_word_w(w, size, path) for w in words) + space * (len(words) - 1)
    return _word_w(text, size, path)


@lru_cache(maxsize=4096)
def _word_w(text: str, size: int, path: str) -> float:
    """Width of a word in px (cached: layouts measure the same words again and again)."""
    return _font(size, path).getlength(text)


#: the anchors a text of several words is put together for (see :func:`_mask`): "la" (left,
#: ascender: every label) and "mt" (middle, top: every centred text)
_COMPOSED = ("la", "mt")


def _mask(text: str, size: int, bold: bool, anchor: str) -> tuple[Image.Image, int, int]:
    """A rendered text as a mask with its offset from the anchor point.

    A text of several words is put together from its words' masks (:func:`_words`): rendering
    a new text cost 0.4-1.2 ms, and every picture has new ones (the header's who-is-to-act, a
    seat's "bid 2 · won 1"), made of words seen before (issue 36: pieces drawn once and
    pasted). The two are cached apart, so that the stream of new texts does not push the words
    out of their cache."""
    path = face()
    if not path and anchor in _COMPOSED and " " in text.strip(" "):
        return _words(text, size, bold, anchor, path)
    return _rendered(text, size, bold, anchor, path)


@lru_cache(maxsize=4096)
def _rendered(
    text: str, size: int, bold: bool, anchor: str, path: str = ""
) -> tuple[Image.Image, int, int]:
    """A text rendered whole by FreeType, as a mask with its offset from the anchor point.

    Why cached: FreeType rendering (with a stroke for bold) was the largest cost of a picture,
    and the same ranks, labels and names come back in every picture of a game.
    """
    f = _font(size, path)
    sw = 1 if bold else 0
    left, top, right, bottom = (int(v) for v in f.getbbox(text, anchor=anchor, stroke_width=sw))
    mask = Image.new("L", (max(1, right - left), max(1, bottom - top)))
    ImageDraw.Draw(mask).text(
        (-left, -top), text, font=f, fill=255, anchor=anchor, stroke_width=sw, stroke_fill=255
    )
    # a palette canvas has no partial coverage: cut the antialiased edge at a quarter instead of
    # a half, so thin strokes of small text stay joined
    return mask.point(_CUT), left, top


@lru_cache(maxsize=256)
def _words(
    text: str, size: int, bold: bool, anchor: str, path: str = ""
) -> tuple[Image.Image, int, int]:
    """The mask of a text of several words, pasted together from each word's own mask at the
    x the whole text's layout gives it (the widths of the words and spaces before it).

    The same pixels as rendering the whole text (tests/bot/images/test_draw.py compares them
    over many texts, sizes and both weights): the font's advances are whole pixels, it kerns
    nothing across a space, each glyph is rendered alone at a whole pixel, and a mask is only
    ever 0 or 255, so the union of the words' masks is the mask of the text. The anchor moves
    the whole text as one: "m" by half its width, rounded half up; "t" puts the top of its
    ink, less the stroke, at the anchor point.
    """
    space = _word_w(" ", size, path)
    placed: list[tuple[Image.Image, int, int]] = []
    x = 0.0
    for word in text.split(" "):
        if word:
            mask, left, top = _rendered(word, size, bold, "la", path)
            placed.append((mask, round(x) + left, top))
        x += _word_w(word, size, path) + space
    left = min(at for _, at, _ in placed)
    top = min(t for _, _, t in placed)
    right = max(at + m.width for m, at, _ in placed)
    bottom = max(t + m.height for m, _, t in placed)
    out = Image.new("L", (right - left, bottom - top))
    for mask, at, t in placed:
        out.paste(mask, (at - left, t - top), mask)
    if anchor == "mt":
        return out, left - math.floor(_text_w(text, size, path) / 2 + 0.5), -(1 if bold else 0)
    return out, left, top


_CUT = [0 if v < 64 else 255 for v in range(256)]


#: the width Discord shows a picture at on a phone (390 px window: the embed's inner width,
#: which the previewer measures at 292 px), and the smallest a label may be shown there
SHOWN = 292
MIN_LABEL = 11
#: the smallest font size of a picture drawn :data:`WIDTH` px wide: shown at ``SHOWN / WIDTH``
#: of its size, it is then ``MIN_LABEL`` px high on a phone (issue 36: labels of 5-8 px)
SMALL = math.ceil(MIN_LABEL * WIDTH / SHOWN)
#: the tallest a table or hand picture may be: about half its width (issue 36: wide, short
#: layouts, about 2:1). Why: Discord shows a picture at most 300 px high on a phone, so a picture
#: taller than half its width is shrunk by its height, not its width, and its labels with it;
#: and a short picture leaves the message's text and controls on the same screen.
MAX_HEIGHT = 400
#: a seat's name, and a picture's title
NAME = SMALL + 2
TITLE = SMALL + 8

#: while a test records (:func:`recording`), every text written: (text, font size)
_written: list[tuple[str, int]] | None = None


class recording:
    """Record every text :func:`write` draws, with its font size, so that a test can hold each
    picture's smallest label to :data:`SMALL` (every text of every picture goes through
    :func:`write`)."""

    def __enter__(self) -> list[tuple[str, int]]:
        global _written
        _written = []
        return _written

    def __exit__(self, *exc: object) -> None:
        global _written
        _written = None


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
    if _written is not None:
        _written.append((text, size))
    mask, left, top = _mask(text, size, bold, anchor)
    xy = (round(x) + left, round(y) + top)
    ink = d.colours.index.get(fill) if isinstance(d, Canvas) and isinstance(fill, tuple) else None
    if ink is None:
        d.bitmap(xy, mask, fill=fill)
    else:  # what ``bitmap`` does, without its checks (a picture writes dozens of texts)
        d.draw.draw_bitmap(xy, mask.im, ink)


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


def corner_rank(d: ImageDraw.ImageDraw, x: float, y: float, w: int, rank: str, ink: RGB) -> None:
    """A card's rank, large in the top-left corner of a card ``w`` px wide at (x, y)."""
    size = max(SMALL, round(w * 0.46)) if len(rank) < 3 else max(SMALL, round(w * 0.34))
    write(d, x + 6, y + 3, rank, size, ink, bold=True)


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
    outlines it (the current trick, the winner); ``badge`` is a short tag on its bottom edge (a
    game's mark for the card, explained by a :func:`legend`).
    """
    paper = DIM_PAPER if dim else face.tint
    ink = DIM_INK if dim else face.ink
    d.rounded_rectangle((x + 3, y + 4, x + w + 3, y + h + 4), RADIUS, fill=SHADOW)
    if ring is not None:
        d.rounded_rectangle((x - 4, y - 4, x + w + 4, y + h + 4), RADIUS + 4, fill=ring)
    d.rounded_rectangle((x, y, x + w, y + h), RADIUS, fill=paper, outline=EDGE, width=2)
    if face.art is not None:
        face.art(d, face, x, y, w, h, dim)
    else:
        corner_rank(d, x, y, w, face.rank, ink)
        if face.pip is not None:
            face.pip(d, x + w - w * 0.2, y + h * 0.17, w * 0.24, ink)
            face.pip(d, x + w / 2, y + h * 0.66, w * 0.52, ink)
    if badge:
        size = SMALL
        bw = text_w(badge, size) + 10
        # on the bottom edge, where it hides neither the rank nor the corner pip
        bx, by = x + (w - bw) / 2, y + h - size + 2
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
        write(d, cx, cy, text, max(SMALL, round(r * 1.15)), BLACK_INK, anchor="mm")


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
        write(d, x + w / 2, y + h / 2, text, max(SMALL, w * 2 // 5), outline, anchor="mm")


# ---------------------------------------------------------------- cached tiles


class Canvas(ImageDraw.ImageDraw):
    """An ImageDraw that knows its image and its game's palette, so cached card tiles of that
    palette can be pasted onto it."""

    def __init__(self, image: Image.Image, palette: Palette) -> None:
        super().__init__(image)
        self.image = image
        self.colours = palette
        image.load()
        #: the image's core, for :meth:`stamp`
        self.core = image.im

    def stamp(self, tile: Image.Image, mask: Image.Image, x: int, y: int) -> None:
        """Paste a cached tile through its mask with its top-left at (x, y): what
        ``Image.paste`` does for two loaded images of the canvas's mode, without its checks
        (a picture pastes dozens of cards and boxes, and the checks cost more than the copy)."""
        self.core.paste(tile.im, (x, y, x + tile.width, y + tile.height), mask.im)

    def _getink(self, ink: Any, fill: Any = None) -> tuple[int | None, int | None]:
        """A colour of the game's palette as its index, looked up in the palette's own table.

        Why: Pillow finds an RGB colour's index on a palette image by rebuilding the palette's
        colour table at every drawing call, which cost ~0.5 ms of a picture's ~10."""
        index = self.colours.index
        if isinstance(ink, tuple) and ink in index:
            ink = index[ink]
        if isinstance(fill, tuple) and fill in index:
            fill = index[fill]
        return super()._getink(ink, fill)

    def rounded_rectangle(
        self,
        xy: Sequence[float] | Sequence[Sequence[float]],
        radius: float = 0,
        fill: Any = None,
        outline: Any = None,
        width: int = 1,
        *,
        corners: Any = None,
    ) -> None:
        """A rounded box, drawn once per shape and colours and pasted afterwards.

        Why: the plates, pills, chips and the felt are rounded boxes, and Pillow draws each
        from four pie slices and a few rectangles in Python, about a seventh of a picture's
        time; the same boxes come back picture after picture. A box is drawn into a tile at
        the same position modulo 2 px (Pillow's coordinates are rounded half to even, so only
        an even shift moves every pixel by exactly that much) and pasted through its mask, so
        the pixels are those drawing it here would give."""
        flat = _flat(xy)
        if corners is not None or flat is None or min(flat) < 0:
            super().rounded_rectangle(xy, radius, fill, outline, width, corners=corners)
            return
        x0, y0, x1, y1 = flat
        bx, by = 2 * math.floor(x0 / 2), 2 * math.floor(y0 / 2)
        box = (x0 - bx, y0 - by, x1 - bx, y1 - by)
        key = (self.colours, box, radius, fill, outline, width)
        if key in _shapes:
            found = _shapes[key]
        else:
            found = _shape(self.colours, box, radius, fill, outline, width)
            _remember(key, found)
        if found is None:  # a colour outside the palette: drawn here
            super().rounded_rectangle(xy, radius, fill, outline, width)
        else:
            self.stamp(found[0], found[1], bx, by)


def _flat(xy: Any) -> tuple[float, float, float, float] | None:
    """A box's (x0, y0, x1, y1) from either of Pillow's forms, or None if it is neither."""
    try:
        if len(xy) == 2:
            (x0, y0), (x1, y1) = xy
        else:
            x0, y0, x1, y1 = xy
        return float(x0), float(y0), float(x1), float(y1)
    except (TypeError, ValueError):
        return None


#: cached rounded boxes (see :meth:`Canvas.rounded_rectangle`) and the bytes they hold; the
#: cache starts over past :data:`SHAPE_BYTES`, since boxes sized by names vary without end
_shapes: dict[tuple[Any, ...], tuple[Image.Image, Image.Image] | None] = {}
_shape_bytes = [0]
SHAPE_BYTES = 24 * 1024 * 1024


def _shape(
    palette: Palette,
    box: tuple[float, float, float, float],
    radius: float,
    fill: Any,
    outline: Any,
    width: int,
) -> tuple[Image.Image, Image.Image] | None:
    """A rounded box drawn alone into a see-through tile of ``palette`` with its mask; None
    when its colours are not all in the palette (its indices would mean other colours)."""
    size = (math.ceil(box[2]) + 2, math.ceil(box[3]) + 2)
    tile = Image.new("P", size, palette.key_index)
    tile.putpalette(palette.data)
    ImageDraw.Draw(tile).rounded_rectangle(box, radius, fill=fill, outline=outline, width=width)
    if tile.palette is None or len(tile.palette.colors) > len(palette.colours):
        return None
    mask = tile.tobytes().translate(palette.see_through)
    return tile, Image.frombytes("L", tile.size, mask)


def _remember(key: tuple[Any, ...], shape: tuple[Image.Image, Image.Image] | None) -> None:
    size = 0 if shape is None else 2 * shape[0].width * shape[0].height
    if _shape_bytes[0] + size > SHAPE_BYTES:
        _shapes.clear()
        _shape_bytes[0] = 0
    _shapes[key] = shape
    _shape_bytes[0] += size


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
    whose drawing needed a colour outside the canvas's palette is not cached (its indices
    could mean other colours on another canvas): it is drawn directly instead. Tiles are kept
    per palette, since an index means a colour of one palette only.
    """
    x, y = round(x), round(y)
    if not isinstance(d, Canvas) or _written is not None:  # recording: every text is seen
        paint(d, x, y)
        return
    palette = d.colours
    key = (palette, current_locale(), *key)  # a tile's words are the language's
    if key not in _tiles:
        tile = Image.new("P", (w + 2 * PAD, h + 2 * PAD), palette.key_index)
        tile.putpalette(palette.data)
        paint(ImageDraw.Draw(tile), PAD, PAD)
        cached = None
        if tile.palette is not None and len(tile.palette.colors) <= len(palette.colours):
            mask = tile.tobytes().translate(palette.see_through)
            cached = (tile, Image.frombytes("L", tile.size, mask))
        if len(_tiles) > 4096:
            _tiles.clear()
        _tiles[key] = cached
    found = _tiles[key]
    if found is None:
        paint(d, x, y)
    else:
        d.stamp(found[0], found[1], x - PAD, y - PAD)


#: a section's painter: draws at the given top y on the target, returns the y below it
Painter = Callable[[ImageDraw.ImageDraw, float], float]
#: cached sections (see :func:`section`): key -> (tile, mask, left, top, advance) or None
_sections: OrderedDict[tuple[Any, ...], tuple[Image.Image, Image.Image, int, int, float] | None]
_sections = OrderedDict()
_section_bytes = [0]
_section_lock = threading.Lock()
#: the bytes of pixels the section cache keeps (tiles and their 1-bit masks), least recently
#: used dropped
SECTION_BYTES = 4 * 1024 * 1024
#: the tallest section cached; a taller one is painted directly
SECTION_MAX = 480


def section(
    d: ImageDraw.ImageDraw, y: float, key: tuple[Any, ...], paint: Painter, width: int = WIDTH
) -> float:
    """A full-width part of a picture (a legend, a key of colours) painted once per ``key`` and
    pasted afterwards; returns the y below it, as ``paint`` does.

    Why: parts that are the same in picture after picture were drawn again each time (issue
    36: pieces drawn once and pasted). Only for parts shared by many tables or pictures:
    painting a part into its tile costs several times painting it in place, so a part that
    changes with one table's state (a strip of the cards of past tricks, the trick's line)
    costs more than it saves once there are more tables than the cache holds (measured at 100
    tables of one game: 4.0 against 3.0-3.5 ms a picture). ``key`` must name everything
    ``paint`` draws from: two calls with one key must paint the same pixels. The part is
    painted alone into a see-through tile as wide as the canvas, at the same x and at a y of
    the same parity, and pasted through its mask, so the pixels are those painting it here
    would give. A part whose painting touches the tile's top or bottom edge (it may reach
    outside), needs a colour outside the palette, or starts at a fractional y is painted
    directly instead, as is every part while texts are recorded.
    """
    if not isinstance(d, Canvas) or _written is not None or y != int(y):
        return paint(d, y)
    palette = d.colours
    # painted at the same parity of y as here: Pillow rounds halves to even, so only an even
    # shift moves every pixel by exactly that much
    origin = PAD + int(y) % 2
    key = (palette, width, origin, current_locale(), *key)  # its words are the language's
    with _section_lock:
        if key in _sections:
            _sections.move_to_end(key)
            found = _sections[key]
            known = True
        else:
            known = False
    if not known:
        found = _painted_section(palette, width, origin, paint)
        size = 0 if found is None else _section_size(found[0])
        with _section_lock:
            _sections[key] = found
            _section_bytes[0] += size
            while _section_bytes[0] > SECTION_BYTES and len(_sections) > 1:
                _, dropped = _sections.popitem(last=False)
                if dropped is not None:
                    _section_bytes[0] -= _section_size(dropped[0])
    if found is None:
        return paint(d, y)
    tile, mask, left, top, advance = found
    d.stamp(tile, mask, left, int(y) - origin + top)
    return y + advance


def _painted_section(
    palette: Palette, width: int, origin: int, paint: Painter
) -> tuple[Image.Image, Image.Image, int, int, float] | None:
    """A section painted alone at y = ``origin`` of a see-through tile, cut to what it painted:
    (tile, mask, left, top in the tile, advance); None when it cannot be cached."""
    tile = Image.new("P", (width, SECTION_MAX + 2 * PAD), palette.key_index)
    tile.putpalette(palette.data)
    # on a Canvas, so that its cards, boxes and texts come from their caches too
    advance = paint(Canvas(tile, palette), origin) - origin
    if tile.palette is None or len(tile.palette.colors) > len(palette.colours):
        return None
    mask = Image.frombytes("L", tile.size, tile.tobytes().translate(palette.see_through))
    box = mask.getbbox()
    if box is None:  # painted nothing: a see-through pixel pasted
        box = (0, origin, 1, origin + 1)
    left, top, _, bottom = box
    if top == 0 or bottom >= tile.height:  # it may reach outside the tile
        return None
    # a 1-bit mask: the same pixels pasted (every mask value is 0 or 255), an eighth of the size
    return tile.crop(box), mask.crop(box).convert("1"), left, top, advance


def _section_size(tile: Image.Image) -> int:
    """The bytes a cached section holds: its tile, a byte a pixel, and its 1-bit mask."""
    return tile.width * tile.height * 9 // 8


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
    out = []
    for seat in range(players):
        a = math.pi / 2 + seat * 2 * math.pi / players
        out.append((cx + rx * math.cos(a), cy + ry * math.sin(a)))
    return out


def canvas(height: int, palette: Palette, width: int = WIDTH) -> tuple[Image.Image, Canvas]:
    """A palette image filled with the background (index 0), in the game's ``palette``."""
    img = Image.new("P", (width, height), 0)
    img.putpalette(palette.data)
    return img, Canvas(img, palette)


def header(d: ImageDraw.ImageDraw, title: str, detail: str = "", width: int = WIDTH) -> float:
    """The title line every picture starts with; returns the y below it."""
    x = label(d, 20, 12, title, TITLE, TEXT, bold=True)
    if detail:
        label(d, x + 16, 18, header_detail(detail, width - x - 40), SMALL, MUTED)
    return 66.0


def header_detail(detail: str, room: float) -> str:
    """The header's words cut to ``room`` px: leading parts (``Round 2 · ``) go first, so that
    who is to act, said last, stays readable; only then is the rest cut with an ellipsis."""
    while text_w(detail, SMALL) > room and " · " in detail:
        detail = detail.split(" · ", 1)[1]
    return fit(detail, SMALL, room)


def png(img: Image.Image) -> bytes:
    """PNG bytes of a palette picture.

    Why a palette canvas: the pictures are flat colours (fewer than a hundred), so drawing
    straight into a palette image skips quantizing (the slowest step when drawn in RGB) and
    gives a small file. Edges are not antialiased, which Discord's downscaling to the message
    width smooths. The encoding reuses the bands of earlier pictures (:mod:`.png`: issue 36,
    deflating the whole picture cost more than the rest of its drawing).
    """
    return encode(img)


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


def held_card(
    d: ImageDraw.ImageDraw, x: float, y: float, held: Held, *, w: int = CARD_W, h: int = CARD_H
) -> None:
    """:func:`card` for a :class:`Held` card, with its marks (the one way a hand's or a
    trick's card is drawn)."""
    card(
        d,
        x,
        y,
        held.face,
        w=w,
        h=h,
        dim=held.dim,
        ring=held.ring,
        badge=held.badge,
        badge_fill=held.badge_fill,
    )


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
            held_card(d, x, y + 18, held, w=w, h=h)
            x += w + gap
        y += h + 30
    return y


def legend(d: ImageDraw.ImageDraw, y: float, items: Sequence[tuple[str, RGB]]) -> float:
    """Lines of coloured key chips (a badge's colour and what it means) under a picture."""
    x = 20.0
    for text, colour in items:
        if x > 20 and x + 32 + text_w(text, SMALL) > WIDTH - 20:
            x, y = 20.0, y + 42
        d.rounded_rectangle((x, y + 5, x + 24, y + 29), 6, fill=colour)
        x = label(d, x + 32, y, text, SMALL, MUTED) + 26
    return y + 42


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
    name = fit(seat.name, NAME, max_w - 24)
    subs = plate_lines(seat.sub, max_w - 24)
    tw = max([text_w(name, NAME) + 2, *(text_w(sub, SMALL) for sub in subs)])
    h = 46 + 34 * len(subs)
    box = (cx - tw / 2 - 14, cy - h / 2, cx + tw / 2 + 14, cy + h / 2)
    outline = ACTIVE if seat.active else GOLD if seat.winner else None
    d.rounded_rectangle(box, 14, fill=PANEL, outline=outline, width=4)
    centred(d, cx, box[1] + 6, name, NAME, FAINT if seat.faded else TEXT, bold=True)
    for row, sub in enumerate(subs):
        centred(d, cx, box[1] + 42 + 34 * row, sub, SMALL, MUTED)


def plate_lines(sub: str, width: float) -> list[str]:
    """A plate's facts on as many lines as they need (``bid 2 · won 0`` / ``dealer``), broken
    between facts, so that none is cut (issue 36: "won 0 · d…")."""
    lines: list[str] = []
    for part in sub.split(" · ") if sub else []:
        joined = f"{lines[-1]} · {part}" if lines else part
        if lines and text_w(joined, SMALL) <= width:
            lines[-1] = joined
        else:
            lines.append(fit(part, SMALL, width))
    return lines


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
    spots = around(n, cx, cy, rx * 0.42, ry * 0.36)
    if caption:
        label(d, 44, top + 18, fit(caption, SMALL, width / 2 - 150), SMALL, CAPTION)
    for seat in range(n):
        held = played.get(seat)
        if held is None:
            continue
        sx, sy = spots[seat]
        held_card(d, sx - CARD_W / 2, sy - CARD_H / 2, held)
    for seat, (px, py) in enumerate(plates):
        # a seat at the top or the bottom has the felt's width for its facts (fewer lines)
        max_w = 360 if abs(px - cx) < 60 or n <= 2 else 200
        seat_plate(d, min(max(px, 16 + max_w / 2), width - 16 - max_w / 2), py, seats[seat], max_w)
    return top + height
