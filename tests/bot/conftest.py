"""The fake Discord every bot test talks to (files that need more set up override ``fake``)."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest

from tests.bot.harness import FakeDiscord


@pytest.fixture
async def fake(monkeypatch: pytest.MonkeyPatch) -> AsyncIterator[FakeDiscord]:
    """A FakeDiscord installed in place of discord.py's HTTP layer for one test."""
    fake = FakeDiscord()
    fake.install(monkeypatch)
    yield fake
    await fake.close_bots()
