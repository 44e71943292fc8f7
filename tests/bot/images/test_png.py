"""The band-by-band PNG encoder (issue 36): a valid PNG of exactly the picture's pixels and
palette, the same bytes whatever was encoded before, and a band reused only for equal pixels."""

from __future__ import annotations

import io
import random
import zlib

import pytest
from PIL import Image

from bot.render.images import png, rowboat


def _picture(seed: int, height: int = 150) -> Image.Image:
    """A palette picture of random flat boxes in Rowboat's palette (as the games' look)."""
    rng = random.Random(seed)
    img = Image.new("P", (780, height), 0)
    img.putpalette(rowboat.PALETTE.data)
    for _ in range(12):
        x, y = rng.randrange(760), rng.randrange(height - 10)
        img.paste(rng.randrange(20), (x, y, x + rng.randrange(1, 200), y + rng.randrange(1, 60)))
    return img


def _decoded(data: bytes) -> Image.Image:
    out = Image.open(io.BytesIO(data))
    out.load()
    return out


def test_adler32_combine_is_zlibs() -> None:
    rng = random.Random(1)
    for a, b in ((0, 0), (1, 0), (0, 7), (300, 70_000), (65_521, 65_522), (5, 200_000)):
        first, second = rng.randbytes(a), rng.randbytes(b)
        joined = png.adler32_combine(zlib.adler32(first), zlib.adler32(second), len(second))
        assert joined == zlib.adler32(first + second)


@pytest.mark.parametrize("height", [1, 31, 32, 33, 150, 700])
def test_the_file_holds_the_pictures_pixels_and_palette(height: int) -> None:
    img = _picture(height, max(height, 20)).crop((0, 0, 780, height))
    out = _decoded(png.encode(img))
    assert out.mode == "P" and out.size == img.size
    assert out.tobytes() == img.tobytes()
    assert out.convert("RGB").tobytes() == img.convert("RGB").tobytes()


def test_the_bytes_do_not_depend_on_what_was_encoded_before() -> None:
    png.BANDS.clear()
    first = png.encode(_picture(1))
    for seed in (2, 3, 1, 4):  # bands of other pictures, and this one's, now in the cache
        png.encode(_picture(seed))
    assert png.encode(_picture(1)) == first


def test_a_band_is_reused_only_for_the_same_pixels() -> None:
    png.BANDS.clear()
    one = _picture(5)
    other = one.copy()
    other.putpixel((400, 70), (one.getpixel((400, 70)) + 1) % 20)  # one pixel of one band
    png.encode(one)
    hits = png.BANDS.hits
    out = _decoded(png.encode(other))
    assert out.tobytes() == other.tobytes()
    assert png.BANDS.hits - hits == -(-150 // png.BAND_ROWS) - 1  # every other band reused


def test_only_palette_pictures_are_encoded() -> None:
    with pytest.raises(ValueError):
        png.encode(Image.new("RGB", (4, 4)))
