"""``bench/bot.py`` drives the real bot through the buttons it sends, so a renamed control or a
changed payload could leave the benchmark measuring a bot that never gets a move, or its floor
client failing on every click, with nothing in CI to say so. Each mode runs here on one table
for a few seconds; the figures are not judged, only that moves were made and answered."""

from __future__ import annotations

import pytest

from tests.bench.loader import load

pytestmark = pytest.mark.slow  # a child process each, seconds long


async def test_the_bot_plays_moves_against_the_loopback() -> None:
    bench = load("bot")
    out = await bench.run(1, "rowboat", 2, warmup=6.0, seconds=8.0, ramp=0.0)
    rest = out["top_rest"]
    assert out["interactions"] > 0
    assert rest.get("POST /interactions/#/#/callback", 0) >= 1
    assert rest.get("PATCH /channels/#/messages/#", 0) >= 1  # the table followed the moves


async def test_the_floor_client_makes_a_moves_requests() -> None:
    bench = load("bot")
    out = await bench.run(1, "rowboat", 2, warmup=0.5, seconds=7.0, ramp=0.0, floor=True)
    rest = out["top_rest"]
    moves = rest.get("POST /interactions/#/#/callback", 0)
    assert moves >= 2
    assert rest.get("PATCH /channels/#/messages/#", 0) == moves
    # the other person's hand, from the second move on (one in ten skipped)
    assert rest.get("PATCH /webhooks/#/#/messages/@original", 0) >= 1
