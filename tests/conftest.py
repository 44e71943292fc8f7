"""Test-wide settings: every random thing is seeded, so a failure reproduces exactly."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

from games import registry

# derandomize: hypothesis draws from a fixed seed, so CI and a developer see the same examples;
# no deadline: timing belongs in bench/, never in tests.
settings.register_profile(
    "tidewater",
    derandomize=True,
    deadline=None,
    database=None,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.load_profile("tidewater")

pytest_plugins = ["tests.postgres"]

# test-only games (tests/fixtures/<game>/ with a GAME record) join the registry, so every
# generic suite runs over them too: a new game needs nothing outside its own package
registry.discover("tests.fixtures")

#: the tests measured slow (``bench/slow_tests.py`` writes it from a full run's times)
SLOW_TESTS = Path(__file__).with_name("slow_tests.txt")


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Mark ``slow`` the tests listed in ``slow_tests.txt``, so ``-m "not slow"`` (the inner
    loop) stays under a minute; the default run, CI's, runs them all."""
    lines = SLOW_TESTS.read_text().splitlines() if SLOW_TESTS.exists() else []
    listed = {line.strip() for line in lines if line.strip() and not line.startswith("#")}
    for item in items:
        if item.nodeid in listed:
            item.add_marker(pytest.mark.slow)
