"""Counts of the card pictures the bot draws, for ``bench/bot.py --count-pictures``.

Loaded into the bot process under measurement (``child_main``), it wraps the picture cache's
lookup so that every table or hand picture asked for, every one actually drawn (a cache miss)
and the CPU time of the worker thread that draws it are counted, and writes the running totals
as JSON to the file named by ``BENCH_PICTURE_COUNTS`` every second; the bench reads that file at
the start and the end of its measured window. Why: the cost of pictures per interaction is the
number drawn times the cost of one, and the two call for different remedies (issue 36).
"""

from __future__ import annotations

import json
import os
import threading
import time
from collections import Counter
from collections.abc import Callable, Hashable
from pathlib import Path

from bot.render.images import ImageCache
from bot.render.images import png as encoding

COUNTS: Counter[str] = Counter()
_lookup = ImageCache.get


def _counted(
    self: ImageCache,
    game: Hashable,
    version: Hashable,
    seat: int | None,
    draw: Callable[[], bytes | None],
    locale: str | None = None,
) -> bytes | None:
    kind = "table" if seat is None else "hand"
    COUNTS[f"{kind} pictures asked"] += 1

    def drawn() -> bytes | None:
        COUNTS[f"{kind} pictures drawn"] += 1
        start = time.thread_time()
        try:
            return draw()
        finally:
            COUNTS[f"{kind} drawing ms"] += 1000 * (time.thread_time() - start)  # type: ignore[assignment]

    return _lookup(self, game, version, seat, drawn, locale)


def _write(path: Path) -> None:
    while True:
        totals = dict(COUNTS)
        totals["png bands reused"] = encoding.BANDS.hits
        totals["png bands deflated"] = encoding.BANDS.misses
        path.with_suffix(".tmp").write_text(json.dumps(totals))
        path.with_suffix(".tmp").replace(path)
        time.sleep(1.0)


_STUBS: dict[str, bytes | None] = {}


def _stubbed(
    self: ImageCache,
    game: Hashable,
    version: Hashable,
    seat: int | None,
    draw: Callable[[], bytes | None],
    locale: str | None = None,
) -> bytes | None:
    """The first table and the first hand picture drawn for real, then sent for every later ask
    of their kind: what pictures cost besides their drawing (the thread hop, the alt text, the
    upload of a picture of the usual size)."""
    kind = "table" if seat is None else "hand"
    if kind not in _STUBS:
        _STUBS[kind] = draw()
    COUNTS[f"{kind} pictures asked"] += 1
    return _STUBS[kind]


def _install(lookup: Callable[..., bytes | None]) -> None:
    """``lookup`` in place of the cache's, and the totals kept in ``$BENCH_PICTURE_COUNTS``."""
    ImageCache.get = lookup  # type: ignore[method-assign]
    path = Path(os.environ["BENCH_PICTURE_COUNTS"])
    threading.Thread(target=_write, args=(path,), daemon=True).start()


def stub() -> None:
    """Pictures are not drawn but reused (:func:`_stubbed`), and counted."""
    _install(_stubbed)


def install() -> None:
    """Count from now on."""
    _install(_counted)
