"""The drawing kit: a cached tile pastes exactly what drawing the card directly gives, and every
card the games draw fits the shared palette (so none falls back to slow direct drawing)."""

from __future__ import annotations

from PIL import Image, ImageDraw

from bot.render.images import draw, draw_hand, draw_table
from bot.render.images.boat import face as boat_face
from bot.render.images.rowboat import face as rowboat_face
from bot.render.images.turn_the_tide import tide_card, weather
from tests.bot.images.positions import GOLDEN, views

FACES = [
    rowboat_face("7w"),
    rowboat_face("Ms"),
    rowboat_face("rowboat"),
    boat_face("BOAT"),
    boat_face("TH"),
    draw.standard_face("JK"),
    draw.standard_face("AS"),
    weather("37"),
    weather("30"),
    tide_card("12"),
]


def _plain() -> tuple[Image.Image, ImageDraw.ImageDraw]:
    """A canvas like draw.canvas() but drawn on by a plain ImageDraw: no tiles."""
    img = Image.new("P", (draw.WIDTH, 200), 0)
    img.putpalette(draw.PALETTE_BYTES)
    return img, ImageDraw.Draw(img)


def test_a_pasted_tile_is_the_directly_drawn_card() -> None:
    for dim, ring, badge in ((False, None, ""), (True, None, ""), (False, draw.GOLD, "T")):
        tiled, d = draw.canvas(200)
        plain, p = _plain()
        x = 20
        for face in FACES:
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


def test_the_palette_has_room_and_a_free_key() -> None:
    assert len(draw.PALETTE) <= 256
    assert draw.PALETTE[0] == draw.BG
    assert draw.PALETTE.index(draw.KEY) == draw.KEY_INDEX
    assert len(set(draw.PALETTE)) == len(draw.PALETTE)
