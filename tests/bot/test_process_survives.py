"""The real bot process (``python -m bot``) against the loopback Discord of ``bench/bot.py``,
over a real zlib-stream gateway websocket: frames that once ended the process, or would, are
sent as Discord would send them, and the process must stay up, answer, and go on serving."""

from __future__ import annotations

import json
from typing import Any

import pytest

from tests.bench.loader import load

pytestmark = pytest.mark.slow  # starts the bot as a process of its own: not the inner loop

PERSON = (900_000_000_000_000_001, "Alice")


async def test_hostile_frames_leave_the_process_running_and_answering() -> None:
    bench = load("bot")
    fake = bench.Loopback(1)
    runner = await fake.start()
    child = bench.launch(fake, "frames", False)
    channel = fake.channels[0]

    def answered_or_gone(token: str) -> Any:
        return fake.tokens[token].answered or child.poll() is not None

    try:
        assert await bench.wait_until(fake.ready.is_set, 60), "the bot never connected"
        assert await bench.wait_until(lambda: fake.commands, 30), "the bot synced no commands"
        frames: list[tuple[str | None, bytes]] = []
        # the frame that ended the process: a lone surrogate escape in a custom_id
        token, payload = fake.interaction(
            *PERSON, channel, 3, {"custom_id": "g:1:s0:v3:play:\udc80x", "component_type": 2}
        )
        frames.append((token, dispatch(fake, payload)))
        # an interaction discord.py cannot read (no custom_id): answered from its id and token
        token, payload = fake.interaction(*PERSON, channel, 3, {"component_type": 2})
        frames.append((token, dispatch(fake, payload)))
        # frames that are no event at all
        frames += [(None, b"{not json"), (None, b"[1, 2]"), (None, b'{"op": 10, "d": null}')]
        for token, raw in frames:
            await fake.send_raw(raw)
            if token is not None:
                await bench.wait_until(lambda token=token: answered_or_gone(token), 30)
                assert child.poll() is None, "the bot process exited"
                assert fake.tokens[token].answered, "the interaction was never answered"
        # still serving: a command after all of them is answered
        token = await fake.command(*PERSON, channel, "rules", {"game": "rowboat"})
        await bench.wait_until(lambda: answered_or_gone(token), 30)
        assert child.poll() is None, "the bot process exited"
        assert fake.tokens[token].answered
    finally:
        await bench.shutdown(bench.asyncio.Event(), [], child, runner)


def dispatch(fake: Any, payload: dict[str, Any]) -> bytes:
    """A dispatch frame of ``payload``; ``json.dumps`` escapes a lone surrogate as ``\\udc80``."""
    fake.seq += 1
    frame = {"op": 0, "d": payload, "s": fake.seq, "t": "INTERACTION_CREATE"}
    return json.dumps(frame).encode()
