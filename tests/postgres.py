"""A real PostgreSQL server for the tests, started on demand and stopped at the end.

Why a real server and not a mock: the store's promise (a move is durable before anyone hears
of it, group commit, failure isolation, the trigger that keeps ``games.version``) is only
tested by the database that keeps it. ``pgserver`` (a test dependency) ships PostgreSQL's
binaries in its wheel and starts a private server on a Unix socket in a temporary folder, so the
README's test command needs nothing installed by hand. Each test gets a database of its own.
"""

from __future__ import annotations

import itertools
import tempfile
from collections.abc import Iterator
from typing import Any

import pytest

_counter = itertools.count(1)


@pytest.fixture(scope="session")
def postgres_server() -> Iterator[Any]:
    import pgserver

    folder = tempfile.mkdtemp(prefix="tidewater-pg-")
    server = pgserver.get_server(folder, cleanup_mode="delete")
    try:
        yield server
    finally:
        server.cleanup()


@pytest.fixture
def postgres_url(postgres_server: Any) -> str:
    """A fresh, empty database on the shared test server."""
    name = f"t{next(_counter)}"
    postgres_server.psql(f"CREATE DATABASE {name};")
    base = postgres_server.get_uri()  # postgresql://postgres:@/postgres?host=/tmp/...
    return base.replace("/postgres?", f"/{name}?", 1)
