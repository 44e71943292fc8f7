"""The drawing kit: a cached tile pastes exactly what drawing the card directly gives, and every
card the games draw fits its game's palette (so none falls back to slow direct drawing)."""

from __future__ import annotations

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
