"""Pictures speak their reader's language (issue 41): the language is part of every picture's
cache key, and a picture drawn in a worker thread is drawn in the language of whoever asked.

A German and a French hand of the same cards are two pictures; an English table drawn before is
still reused for the next English reader."""

from __future__ import annotations

import asyncio

import pytest

from bot.i18n import current_locale, speaking
from bot.render.images import ImageCache
from bot.table.pictures import Pictures
from tests.bot import phone


def test_the_cache_keeps_one_picture_per_language() -> None:
    cache = ImageCache(16)
    drawn: list[str] = []

    def draw() -> bytes:
        drawn.append(current_locale())
        return current_locale().encode()

    async def ask(language: str, seat: int | None) -> bytes | None:
        with speaking(language):  # drawn in a worker thread, as the shell does
            return await asyncio.to_thread(cache.get, 7, 3, seat, draw)

    async def run() -> None:
        assert await ask("de", 0) == b"de"
        assert await ask("fr", 0) == b"fr"  # the same cards, another language: drawn again
        assert await ask("de", 0) == b"de"  # kept
        assert await ask("en", None) == b"en"
        assert await ask("en", None) == b"en"  # an English table drawn before: reused

    asyncio.run(run())
    assert drawn == ["de", "fr", "en"]
    assert (cache.hits, cache.misses) == (2, 3)


@pytest.mark.slow  # the positions of a seeded game are played first
def test_the_shell_draws_a_hand_in_its_readers_language() -> None:
    game = "rowboat"
    position = phone.positions(game)[1]
    info = phone.info_of(game, position.seats, position.version)
    pictures = Pictures(enabled=True)

    async def hand(language: str) -> bytes:
        with speaking(language):
            file = await pictures.hand(info, position.state, 0)
        assert file is not None
        return file.fp.read()

    async def table(language: str) -> None:
        with speaking(language):
            assert await pictures.table(info, position.state) is not None

    async def run() -> None:
        await hand("de")
        await hand("fr")
        await hand("de")
        await table("en")
        await table("en")

    asyncio.run(run())
    hits, misses = pictures.cache_stats()
    assert (hits, misses) == (2, 3), (hits, misses)
