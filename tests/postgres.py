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
from collections.abc import Callable, Iterator
from pathlib import Path
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
    return _new_database(postgres_server)


def _new_database(server: Any) -> str:
    name = f"t{next(_counter)}"
    server.psql(f"CREATE DATABASE {name};")
    return str(server.get_uri()).replace("/postgres?", f"/{name}?", 1)


#: ``db(name)``: the database ``name`` of this test, as the session manager opens it
Db = Callable[[str], str]


@pytest.fixture(params=["sqlite", "postgresql"])
def db(request: pytest.FixtureRequest, tmp_path: Path) -> Db:
    """The session-manager suites run once per backend: a SQLite file in the test's folder, or
    a fresh database on the test server (the same name gives the same database in one test)."""
    if request.param == "sqlite":
        return lambda name: str(tmp_path / f"{name}.sqlite3")
    server = request.getfixturevalue("postgres_server")
    made: dict[str, str] = {}

    def target(name: str) -> str:
        if name not in made:
            made[name] = _new_database(server)
        return made[name]

    return target
