"""``bench/bot.py`` drives the real bot through the buttons it sends, so a renamed control or a
changed payload could leave the benchmark measuring a bot that never gets a move, or its floor
client failing on every click, with nothing in CI to say so. Each mode runs here on one table
for a few seconds; the figures are not judged, only that moves were made and answered. The
people think less than the bench's 1-3 s a click (``think``), so the seconds hold moves enough."""

from __future__ import annotations

import pytest

from tests.bench.loader import load

pytestmark = pytest.mark.slow  # a child process each, seconds long


async def test_the_bot_plays_moves_against_the_loopback() -> None:
    bench = load("bot")
    # the window opens once two moves were clicked (the lobby and the start come first)
    out = await bench.run(
        1, "rowboat", 2, warmup=0.0, seconds=3.0, ramp=0.0, think=(0.2, 0.5), warm_moves=2
    )
    rest = out["top_rest"]
    assert out["interactions"] > 0
    assert rest.get("POST /interactions/#/#/callback", 0) >= 1
    assert rest.get("PATCH /channels/#/messages/#", 0) >= 1  # the table followed the moves


async def test_the_floor_client_makes_a_moves_requests() -> None:
    bench = load("bot")
    # two turns of at most 1.5 s fit in the 4 s; a quicker pace would more often cut a move
    # between its answer and its table edit at the window's ends (the equality below)
    out = await bench.run(
        1, "rowboat", 2, warmup=0.5, seconds=4.0, ramp=0.0, floor=True, think=(0.5, 1.5)
    )
    rest = out["top_rest"]
    moves = rest.get("POST /interactions/#/#/callback", 0)
    assert moves >= 2
    assert rest.get("PATCH /channels/#/messages/#", 0) == moves
    # the other person's hand, from the second move on (one in ten skipped)
    assert rest.get("PATCH /webhooks/#/#/messages/@original", 0) >= 1
