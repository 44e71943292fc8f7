"""A picture asked for twice at once is drawn once (:class:`bot.render.images.ImageCache`): a
move's answer and its hand refresh ask for the same hand together, and on a busy machine both
used to draw it (``test_pictures_drawn`` counted 4 pictures for a move instead of 3)."""

from __future__ import annotations

import threading

import pytest

from bot.render.images import ImageCache


def test_a_second_ask_during_the_drawing_waits_for_it() -> None:
    cache = ImageCache()
    started, release = threading.Event(), threading.Event()
    calls: list[str] = []

    def slow() -> bytes:
        calls.append("first")
        started.set()
        release.wait()
        return b"png"

    def second_draw() -> bytes:
        calls.append("second")
        release.set()  # the old cache drew again here: let the first finish too
        return b"png"

    results: dict[str, bytes | None] = {}
    a = threading.Thread(target=lambda: results.update(a=cache.get(1, 5, 0, slow)))
    a.start()
    started.wait()
    b = threading.Thread(target=lambda: results.update(b=cache.get(1, 5, 0, second_draw)))
    b.start()
    # wait until the second ask is either waiting on the first or has drawn (old code)
    while not calls[1:] and not cache._drawing[(1, 5, 0, "en")].waiters:
        threading.Event().wait(0.001)
    release.set()
    a.join()
    b.join()
    assert calls == ["first"]
    assert results == {"a": b"png", "b": b"png"}
    assert (cache.hits, cache.misses) == (1, 1)
    assert cache.get(1, 5, 0, second_draw) == b"png" and calls == ["first"]


def test_a_failed_drawing_fails_its_waiters_and_is_not_kept() -> None:
    cache = ImageCache()
    started, release = threading.Event(), threading.Event()

    def broken() -> bytes:
        started.set()
        release.wait()
        raise ValueError("no font")

    errors: list[BaseException] = []

    def ask() -> None:
        try:
            cache.get(2, 1, None, broken)
        except ValueError as error:
            errors.append(error)

    a = threading.Thread(target=ask)
    a.start()
    started.wait()
    b = threading.Thread(target=ask)
    b.start()
    while not cache._drawing[(2, 1, None, "en")].waiters:
        threading.Event().wait(0.001)
    release.set()
    a.join()
    b.join()
    assert len(errors) == 2
    with pytest.raises(KeyError):
        cache._drawing[(2, 1, None, "en")]
    assert cache.get(2, 1, None, lambda: b"ok") == b"ok"  # drawn anew, not a kept failure
