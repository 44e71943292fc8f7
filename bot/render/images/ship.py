"""A small sailing ship: the emblem on the special card of the games that have a ship card, each
in its own colours.

Why a module of its own: two games draw it and the others never do, so it belongs neither to
one game's module nor to the shared kit (``draw.py`` holds only what every game draws).
"""

from __future__ import annotations

from PIL import ImageDraw

from bot.render.images.draw import RGB


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
