"""Test-wide settings: every random thing is seeded, so a failure reproduces exactly."""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

from games import registry

# Bytecode caches on, for this run and every process it starts. Why: where
# PYTHONDONTWRITEBYTECODE is set (this CI machine sets it), every process the suite starts (the
# xdist workers, each bot process of the crash, quick-start and bench tests, every AI process
# pool, the child pytest runs) compiled all of bot/ and games/ from source again, and each
# worker redid pytest's assertion rewriting of every test module it had seen before. Set here,
# in the first conftest, before the workers are started and before any test module is imported.
sys.dont_write_bytecode = False
os.environ.pop("PYTHONDONTWRITEBYTECODE", None)

# Temporary files in memory, for this run and every process it starts: the SQLite databases,
# the test PostgreSQL servers' folders, the bot processes' files. Why: a store commits with an
# fsync, and on a disk each one waited milliseconds with the core idle; a test that commits a
# few thousand moves took 12 s of wall time for 4 s of work (3 s in memory). A process killed
# by a test loses nothing in memory either (the kernel holds the files), which is what the
# crash tests check. Where the caller chose TMPDIR, or there is no /dev/shm, nothing changes.
_RAM = Path("/dev/shm")
if "TMPDIR" not in os.environ and _RAM.is_dir() and os.access(_RAM, os.W_OK):
    os.environ["TMPDIR"] = str(_RAM)
    tempfile.tempdir = str(_RAM)

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


def measured() -> dict[str, float]:
    """Node id -> seconds it took in the last measured full run, for every test listed in
    ``slow_tests.txt`` (a line is a node id, then optionally its seconds)."""
    lines = SLOW_TESTS.read_text().splitlines() if SLOW_TESTS.exists() else []
    seconds: dict[str, float] = {}
    for line in lines:
        if not line.strip() or line.startswith("#"):
            continue
        node, _, taken = line.strip().rpartition(" ")
        try:
            seconds[node] = float(taken)
        except ValueError:  # no seconds (or a node id with a space): the whole line
            seconds[line.strip()] = 0.0
    return seconds


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Mark ``slow`` the tests listed in ``slow_tests.txt``, so ``-m "not slow"`` (the inner
    loop) stays under a minute; the default run, CI's, runs them all.

    Run over several processes (``-n``, pytest-xdist), the longest tests go first, longest
    first, and each process takes the next test as it finishes one (``--maxschedchunk 1`` in
    pyproject's addopts), so the run ends with the short ones and no process waits on a long
    test started last. Alone, the order stays the
    files' order, which is easier to read."""
    seconds = measured()
    for item in items:
        if item.nodeid in seconds:
            item.add_marker(pytest.mark.slow)
    if os.environ.get("PYTEST_XDIST_WORKER"):
        # stable: the tests of equal (or unknown) time keep their files' order
        items.sort(key=lambda item: -seconds.get(item.nodeid, 0.0))
