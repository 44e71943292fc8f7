"""``bench/picture_counts.py`` replaces the picture cache's lookup inside the measured bot, so a
change of :meth:`ImageCache.get`'s signature breaks it without touching its code: the language
argument once did, and ``bench/bot.py --count-pictures`` failed on every hand. These call the
real cache through each replacement as the bot calls it (the totals' file writer is left out)."""

from __future__ import annotations

from types import ModuleType

import pytest

from bot.render.images import ImageCache
from tests.bench.loader import load


@pytest.fixture
def counts() -> ModuleType:
    return load("picture_counts")


def test_counting_draws_each_picture_once_and_counts_it(
    counts: ModuleType, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(ImageCache, "get", counts._counted)
    cache = ImageCache(8)
    drawn: list[int] = []

    def draw() -> bytes:
        drawn.append(1)
        return b"png"

    assert cache.get(1, 5, 0, draw, "de") == b"png"  # as the bot asks: with the language
    assert cache.get(1, 5, 0, draw, "de") == b"png"
    assert cache.get(1, 5, None, draw) == b"png"
    assert len(drawn) == 2
    assert counts.COUNTS["hand pictures asked"] == 2
    assert counts.COUNTS["hand pictures drawn"] == 1
    assert counts.COUNTS["table pictures drawn"] == 1


def test_stubbed_pictures_draw_once_per_kind(
    counts: ModuleType, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(ImageCache, "get", counts._stubbed)
    cache = ImageCache(8)
    drawn: list[int | None] = []

    def draw_for(seat: int | None) -> bytes:
        drawn.append(seat)
        return f"png {seat}".encode()

    hands = [cache.get(1, v, v % 3, lambda v=v: draw_for(v % 3), "en") for v in range(4)]
    table = cache.get(1, 9, None, lambda: draw_for(None), "en")
    assert hands == [b"png 0"] * 4  # the first hand drawn, sent again for every later ask
    assert table == b"png None"
    assert drawn == [0, None]
    assert counts.COUNTS["hand pictures asked"] == 4
