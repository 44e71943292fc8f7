"""The drawing kit: a cached tile pastes exactly what drawing the card directly gives, and every
card the games draw fits its game's palette (so none falls back to slow direct drawing)."""

from __future__ import annotations

import pytest
from PIL import Image, ImageDraw

from bot.render.images import boat, boat_canasta, draw, french, game_of_rows, rowboat
from bot.render.images import turn_the_tide as tide
from tests.bot.images.positions import GOLDEN, views
from tests.bot.images.support import draw_hand, draw_table

#: each game's palette with cards of that game
FACES: list[tuple[draw.Palette, list[draw.Face]]] = [
    (rowboat.PALETTE, [rowboat.face("7w"), rowboat.face("Ms"), rowboat.face("rowboat")]),
    (boat.PALETTE, [boat.face("BOAT"), boat.face("TH"), french.face("JK"), french.face("AS")]),
    (boat_canasta.PALETTE, [boat_canasta.face("JK"), boat_canasta.face("3H")]),
    (game_of_rows.PALETTE, [game_of_rows.face("QS"), game_of_rows.face("JK")]),
    (
        tide.PALETTE,
        [tide.weather("37"), tide.weather("30"), tide.weather("1"), tide.tide_card("12")],
    ),
]


def _plain(palette: draw.Palette) -> tuple[Image.Image, ImageDraw.ImageDraw]:
    """A canvas like draw.canvas() but drawn on by a plain ImageDraw: no tiles."""
    img = Image.new("P", (draw.WIDTH, 200), 0)
    img.putpalette(palette.data)
    return img, ImageDraw.Draw(img)


def test_a_pasted_tile_is_the_directly_drawn_card() -> None:
    for palette, faces in FACES:
        for dim, ring, badge in ((False, None, ""), (True, None, ""), (False, draw.GOLD, "T")):
            tiled, d = draw.canvas(200, palette)
            plain, p = _plain(palette)
            x = 20
            for face in faces:
                for target in (d, p):
                    draw.card(target, x + 0.4, 40, face, dim=dim, ring=ring, badge=badge)
                x += 76
            draw.back(d, 20, 150 - 100, w=50, h=70, text="7")
            draw.back(p, 20, 150 - 100, w=50, h=70, text="7")
            assert tiled.tobytes() == plain.tobytes()
            assert tiled.getpalette() == plain.getpalette()


def test_every_golden_picture_uses_cached_tiles_only() -> None:
    draw._tiles.clear()
    for key in GOLDEN:
        game, public, own = views(key)
        draw_table(game, public)
        draw_hand(game, own)
    assert draw._tiles
    assert all(tile is not None for tile in draw._tiles.values())


def test_every_palette_has_room_and_a_free_key() -> None:
    for palette, _ in FACES:
        assert len(palette.colours) <= 256
        assert palette.colours[0] == draw.BG
        assert palette.colours.index(draw.KEY) == palette.key_index
        assert len(set(palette.colours)) == len(palette.colours)
        assert palette.colours[: len(draw.KIT)] == draw.KIT  # the kit's colours come first


def _rendered(text: str, size: int, bold: bool, anchor: str) -> Image.Image:
    """``text`` written whole by Pillow at (300, 100) of a blank mask, cut like the kit's."""
    out = Image.new("L", (1400, 240))
    sw = 1 if bold else 0
    ImageDraw.Draw(out).text(
        (300, 100),
        text,
        font=draw.font(size),
        fill=255,
        anchor=anchor,
        stroke_width=sw,
        stroke_fill=255,
    )
    return out.point(draw._CUT)


def _written(text: str, size: int, bold: bool, anchor: str) -> Image.Image:
    """``text`` written by the kit (its mask, put together from words) at the same point."""
    out = Image.new("L", (1400, 240))
    mask, left, top = draw._mask(text, size, bold, anchor)
    out.paste(mask, (300 + left, 100 + top), mask)
    return out


TEXTS = [
    "Hand 2 · trick 3 of 9 · Bartholomew to play",
    "Ann, Bo to bid or pass",
    "bid 2 · won 1 · dealer",
    "  two  spaces and trailing ",
    "Zoë ⏱ · Łukasz 💤 · J. R. R. Tolkien, jr.",
    "Trick 12 to AI 3",
    "grey: not playable now",
    "WAVES & OARS: (x) [y] {z} 100% #1 @me",
    "a",
]


@pytest.mark.slow
def test_a_text_of_several_words_is_the_whole_text_rendered() -> None:
    """Issue 36: a text is put together from its words' masks; the pixels must be those of
    rendering it whole, at every size, weight and anchor the pictures use."""
    for size in (draw.SMALL, draw.NAME, draw.TITLE):
        for bold in (False, True):
            for anchor in ("la", "mt", "mm"):
                for text in TEXTS:
                    whole = _rendered(text, size, bold, anchor)
                    assert _written(text, size, bold, anchor).tobytes() == whole.tobytes(), (
                        text,
                        size,
                        bold,
                        anchor,
                    )
                    width = draw.font(size).getlength(text)
                    assert draw.text_w(text, size) == width


def test_a_pasted_section_is_the_directly_painted_one() -> None:
    """Issue 36: a picture's part painted once and pasted (draw.section) gives the pixels of
    painting it there, the first time and from the cache, at an even or an odd y."""
    _, public, _ = views("rowboat_3p")
    assert public.get("tide")
    for y in (66, 67, 66, 67):
        pasted, d = draw.canvas(400, rowboat.PALETTE)
        painted, p = draw.canvas(400, rowboat.PALETTE)
        d.rectangle((0, 0, draw.WIDTH, 400), fill=draw.PANEL)  # not the background beneath
        p.rectangle((0, 0, draw.WIDTH, 400), fill=draw.PANEL)
        key = ("tide", repr(public))
        below = draw.section(d, y, key, lambda target, top: rowboat._tide(target, top, public))
        assert below == rowboat._tide(p, y, public)
        assert pasted.tobytes() == painted.tobytes()


@pytest.mark.parametrize("language", ["de", "fr", "es", "pt_BR"])
def test_every_letter_the_catalogs_draw_has_a_glyph(language: str) -> None:
    """Issue 41: a picture in another language draws its accented letters (Pillow's own face
    has none: "météo" drew as "m☐t☐o"); its face has a glyph for every letter of every
    catalog's translations, and texts are drawn whole in it."""
    from babel.messages.pofile import read_po

    from bot.i18n import catalogs_for, speaking

    letters: set[str] = set()
    for domain in ("tidewater", "boat", "boat_canasta", "game_of_rows", "rowboat", "turn_the_tide"):
        path = catalogs_for(domain).po_path(language)
        if path.exists():
            with path.open("rb") as f:
                for m in read_po(f):
                    forms = m.string if isinstance(m.string, tuple | list) else (m.string,)
                    letters |= {ch for form in forms for ch in form or "" if ch.isalpha()}
    with speaking(language):
        f = draw.font(draw.SMALL)
        missing = bytes(f.getmask("\U0010fffd"))
        assert not [ch for ch in sorted(letters) if bytes(f.getmask(ch)) == missing]
        assert _written("carte météo", draw.SMALL, False, "la").tobytes() == (
            _rendered("carte météo", draw.SMALL, False, "la").tobytes()
        )
    with speaking("en"):  # English keeps Pillow's own face, so its pictures did not change
        assert draw.face() == ""
