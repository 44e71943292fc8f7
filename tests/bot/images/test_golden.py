"""Golden pictures of rigged positions, compared with a tolerance so a layout change shows in
review (the PNGs live in ``tests/bot/images/golden/``).

Regenerate them after an intended change with
``TIDEWATER_UPDATE_GOLDEN=1 python -m pytest -q tests/bot/images/test_golden.py``
and look at the new files before committing them.
"""

from __future__ import annotations

import io
import os
from pathlib import Path

import pytest
from PIL import Image, ImageChops, ImageStat

from tests.bot.images.positions import GOLDEN, views
from tests.bot.images.support import NAMES, draw_hand, draw_table

GOLDEN_DIR = Path(__file__).parent / "golden"
UPDATE = os.environ.get("TIDEWATER_UPDATE_GOLDEN") == "1"
#: mean absolute difference per channel (0-255) allowed between a picture and its golden: room
#: for a Pillow or FreeType update that moves a few edge pixels, not for a moved card
TOLERANCE = 1.0


def mean_difference(a: bytes, b: bytes) -> float:
    """Mean absolute RGB difference of two PNGs of the same size; inf when sizes differ."""
    first = Image.open(io.BytesIO(a)).convert("RGB")
    second = Image.open(io.BytesIO(b)).convert("RGB")
    if first.size != second.size:
        return float("inf")
    stat = ImageStat.Stat(ImageChops.difference(first, second))
    return sum(stat.mean) / 3


def test_mean_difference_sees_a_changed_picture() -> None:
    game, public, _ = views("boat_4p")
    names = NAMES[:4]
    a = draw_table(game, public, names)
    b = draw_table(game, public, ["Zed", *names[1:]])
    assert a is not None and b is not None
    assert mean_difference(a, a) == 0
    assert 0 < mean_difference(a, b) < TOLERANCE  # a renamed seat is a small change
    moved = dict(public, trick=public["trick"][:1])
    c = draw_table(game, moved, names)
    assert c is not None
    assert mean_difference(a, c) > TOLERANCE  # a card gone from the table is not


@pytest.mark.parametrize("key", sorted(GOLDEN))
@pytest.mark.parametrize("kind", ["table", "hand"])
def test_golden_picture(key: str, kind: str) -> None:
    game, public, own = views(key)
    players = GOLDEN[key][1]
    if kind == "table":
        picture = draw_table(game, public, NAMES[:players])
    else:
        picture = draw_hand(game, own, NAMES[:players])
    assert picture is not None
    path = GOLDEN_DIR / f"{key}_{kind}.png"
    if UPDATE or not path.exists():
        if not UPDATE:
            pytest.fail(f"{path.name} is missing: run with TIDEWATER_UPDATE_GOLDEN=1 and review it")
        path.write_bytes(picture)
        return
    difference = mean_difference(picture, path.read_bytes())
    assert difference <= TOLERANCE, (
        f"{path.name} changed (mean difference {difference:.2f} > {TOLERANCE}): if intended, "
        "regenerate with TIDEWATER_UPDATE_GOLDEN=1 and review the new picture"
    )
