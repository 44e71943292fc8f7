"""The fake Discord every bot test talks to (files that need more set up override ``fake``)."""

from __future__ import annotations

import itertools
import secrets
from collections.abc import AsyncIterator
from types import SimpleNamespace

import pytest

import bot.sessions
from tests.bot.harness import FakeDiscord


@pytest.fixture(autouse=True)
def _repeatable_ai_secrets(monkeypatch: pytest.MonkeyPatch) -> None:
    """Games' AI secrets from a counter, so a test that fixes a game's seed fixes its AI moves
    too, as it did when the moves' seeds came from the game's seed (the deals' seeds stay
    random unless a test fixes them; ``FakeDiscord.install`` fixes both)."""
    keys = itertools.count(1)
    monkeypatch.setattr(
        bot.sessions,
        "secrets",
        SimpleNamespace(
            randbits=secrets.randbits, token_bytes=lambda n: next(keys).to_bytes(n, "big")
        ),
    )


@pytest.fixture
async def fake(monkeypatch: pytest.MonkeyPatch) -> AsyncIterator[FakeDiscord]:
    """A FakeDiscord installed in place of discord.py's HTTP layer for one test."""
    fake = FakeDiscord()
    fake.install(monkeypatch)
    yield fake
    await fake.close_bots()
