"""PNG bytes of a palette picture, compressed band by band with the bands seen before reused.

Why not Pillow's encoder: deflating the whole picture at zlib's fastest level cost 1.2-2.4 ms a
picture (issue 36: more than the whole 1 ms budget of a picture), and most of what it
deflates was deflated before: between two pictures of one table or one hand, about 70% of the
32-row bands are byte for byte a band of an earlier picture (the margins, the legends, the
seat plates, the cards that did not move). So each band is deflated on its own (a raw deflate
stream ended by a full flush, which byte-aligns it and keeps no history, so the streams of the
bands join into one valid stream) and kept by the SHA-256 of its pixels; a picture then costs
one hash of its pixels and the deflating of its new bands only.

Why this is safe for secrets: the cache maps a band's *content* to the compression of that
same content; a band is reused only for pixels equal to the ones it was made from (equal
digests), so nothing of one picture (one seat's hand) can appear in another. And the bytes of a
picture never depend on what was cached: a band deflates to the same bytes every time, so the
same picture always gives the same file (the goldens and the tests' comparisons hold).
"""

from __future__ import annotations

import hashlib
import struct
import threading
import zlib
from collections import OrderedDict

from PIL import Image

#: rows per band: smaller bands are reused more often but cost more Python per picture (16
#: rows: 77% reused, 1.2-1.4 ms a picture; 32: 69%, 1.0-1.1 ms; 64: 60%, 1.1 ms)
BAND_ROWS = 32
#: bands kept (each a kilobyte or so of deflated pixels and its key): the pictures of some
#: hundred tables that play at once
MAX_BANDS = 8192
_SIGNATURE = b"\x89PNG\r\n\x1a\n"
#: zlib's header for a deflate stream with a 32 KB window at its fastest level
_ZLIB_HEAD = b"\x78\x01"
#: the last, empty, final block that closes the joined stream
_FINAL = b"\x03\x00"
_ADLER_BASE = 65521


class _Bands:
    """Deflated bands by the digest of their filtered rows: (deflated, adler32, length)."""

    def __init__(self, maxsize: int) -> None:
        self.maxsize = maxsize
        self._items: OrderedDict[bytes, tuple[bytes, int, int]] = OrderedDict()
        self._lock = threading.Lock()
        self.hits = 0
        self.misses = 0

    def get(self, key: bytes) -> tuple[bytes, int, int] | None:
        with self._lock:
            found = self._items.get(key)
            if found is None:
                self.misses += 1
                return None
            self._items.move_to_end(key)
            self.hits += 1
            return found

    def put(self, key: bytes, value: tuple[bytes, int, int]) -> None:
        with self._lock:
            self._items[key] = value
            while len(self._items) > self.maxsize:
                self._items.popitem(last=False)

    def clear(self) -> None:
        with self._lock:
            self._items.clear()


#: the bands of every picture this process drew (thread-safe: pictures are drawn in workers)
BANDS = _Bands(MAX_BANDS)


def adler32_combine(first: int, second: int, length: int) -> int:
    """The Adler-32 of two byte strings joined, from each one's and the second's length (zlib's
    ``adler32_combine``, which Python's zlib does not expose)."""
    rem = length % _ADLER_BASE
    sum1 = first & 0xFFFF
    sum2 = (rem * sum1) % _ADLER_BASE
    sum1 += (second & 0xFFFF) + _ADLER_BASE - 1
    sum2 += ((first >> 16) & 0xFFFF) + ((second >> 16) & 0xFFFF) + _ADLER_BASE - rem
    sum1 %= _ADLER_BASE
    sum2 %= _ADLER_BASE
    return sum1 | (sum2 << 16)


def _chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))


def _deflate(filtered: memoryview) -> bytes:
    """A band's rows as raw deflate blocks, byte-aligned and not final, so that bands join."""
    packer = zlib.compressobj(1, zlib.DEFLATED, -15)
    return packer.compress(filtered) + packer.flush(zlib.Z_FULL_FLUSH)


def _pixels(img: Image.Image) -> bytes:
    """The image's pixels, one byte each, in one call of Pillow's raw encoder.

    Why not ``Image.tobytes``: it asks the encoder for 64 KB at a time and joins the pieces,
    which cost about a millisecond for a picture, many times the copy itself."""
    size = img.width * img.height
    try:
        encoder = Image._getencoder("P", "raw", "P")
        encoder.setimage(img.im, (0, 0, *img.size))
        try:
            _, status, data = encoder.encode(size + 1)
        finally:
            encoder.cleanup()
    except (AttributeError, TypeError, ValueError):  # a Pillow whose internals changed
        return img.tobytes()
    if status <= 0 or len(data) != size:
        return img.tobytes()
    return bytes(data)


def encode(img: Image.Image) -> bytes:
    """The PNG file of a palette (``P``) image: 8 bits a pixel, its palette, no filter."""
    if img.mode != "P":
        raise ValueError(f"a palette image is expected, not {img.mode}")
    width, height = img.size
    # the rows with PNG's filter byte (0: none) in front of each: the picture pasted one pixel
    # right on a canvas one pixel wider, whose first column is index 0
    wide = Image.new("P", (width + 1, height), 0)
    wide.im.paste(img.im, (1, 0, width + 1, height))
    raw = _pixels(wide)
    palette = img.palette
    colours = max(1, min(len(palette.colors) if palette is not None else 256, 256))
    plte = img.im.getpalette("RGB")[: 3 * colours].ljust(3 * colours, b"\0")
    parts = [_ZLIB_HEAD]
    adler = 1
    view = memoryview(raw)
    step = BAND_ROWS * (width + 1)
    for start in range(0, len(raw), step):
        band = view[start : start + step]
        key = hashlib.sha256(band).digest()
        found = BANDS.get(key)
        if found is None:
            found = (_deflate(band), zlib.adler32(band), len(band))
            BANDS.put(key, found)
        deflated, band_adler, length = found
        parts.append(deflated)
        adler = adler32_combine(adler, band_adler, length)
    parts.append(_FINAL + struct.pack(">I", adler))
    header = struct.pack(">IIBBBBB", width, height, 8, 3, 0, 0, 0)
    return b"".join(
        (
            _SIGNATURE,
            _chunk(b"IHDR", header),
            _chunk(b"PLTE", plte),
            _chunk(b"IDAT", b"".join(parts)),
            _chunk(b"IEND", b""),
        )
    )
