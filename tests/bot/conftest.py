"""The fake Discord every bot test talks to (files that need more set up override ``fake``)."""

from __future__ import annotations

import pytest

from tests.bot.harness import FakeDiscord


@pytest.fixture
def fake(monkeypatch: pytest.MonkeyPatch) -> FakeDiscord:
    """A FakeDiscord installed in place of discord.py's HTTP layer for one test."""
    fake = FakeDiscord()
    fake.install(monkeypatch)
    return fake
