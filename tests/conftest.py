"""Test-wide settings: every random thing is seeded, so a failure reproduces exactly."""

from __future__ import annotations

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
