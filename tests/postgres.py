"""A real PostgreSQL server for the tests, started on demand and stopped at the end.

Why a real server and not a mock: the store's promise (a move is durable before anyone hears
of it, group commit, failure isolation, the trigger that keeps ``games.version``) is only
tested by the database that keeps it. ``pgserver`` (a test dependency) ships PostgreSQL's
binaries in its wheel and starts a private server on a Unix socket in a temporary folder, so the
README's test command needs nothing installed by hand. Each test gets a database of its own.

Why the server cannot outlive the run: ``pg_ctl`` detaches the server (a session of its own), so
nothing takes it down with pytest; a stopped run used to leave it behind. Two things stop it:

* SIGTERM is turned into the ``KeyboardInterrupt`` that Ctrl-C raises, so both end the run the
  same orderly way: fixtures are torn down (this server is stopped and its folder deleted), and
  every test's ``finally`` runs (the bot processes the tests start are stopped there).
* A watchdog process, started before the server, holds the read end of a pipe whose write end
  only the test run holds. It returns from its read when the run closes the pipe or dies by any
  signal, even SIGKILL, and then stops whatever server still runs on the folder and deletes it.
"""

from __future__ import annotations

import atexit
import contextlib
import itertools
import os
import signal
import subprocess
import sys
import tempfile
from collections.abc import Callable, Iterator
from pathlib import Path
from types import FrameType
from typing import Any

import pytest

from tests import pg_watchdog

_counter = itertools.count(1)


def _interrupt(signum: int, frame: FrameType | None) -> None:
    raise KeyboardInterrupt(f"signal {signum}")


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "slow: left out of the inner loop (-m 'not slow')")
    signal.signal(signal.SIGTERM, _interrupt)


def pytest_runtest_logfinish(nodeid: str, location: tuple[str, int | None, str]) -> None:
    """A test may take SIGTERM for itself (``python -m bot``'s run loop installs a handler, and
    the loop's close puts back the default, which kills silently): take it back after each."""
    if signal.getsignal(signal.SIGTERM) is not _interrupt:
        signal.signal(signal.SIGTERM, _interrupt)


@pytest.fixture(scope="session")
def postgres_server() -> Iterator[Any]:
    import pgserver

    folder = Path(tempfile.mkdtemp(prefix="tidewater-pg-"))
    with watchdog(folder):
        server = pgserver.get_server(folder, cleanup_mode="delete")
        try:
            yield server
        finally:
            # pgserver's own clean-up waits for a shutdown checkpoint and for a lock that every
            # pgserver user on the machine shares (seconds when busy), for data about to be
            # deleted: stop the server at once and delete the folder here instead
            pg_watchdog.stop_folder(folder)
            atexit.unregister(server._cleanup)  # nothing left for pgserver's exit hook


@contextlib.contextmanager
def watchdog(folder: Path) -> Iterator[subprocess.Popen[bytes]]:
    """A process that stops the server on ``folder`` and deletes it once this block is left,
    or once this process dies, however it dies (see the module's docstring)."""
    read, write = os.pipe()  # not inheritable: no other child (the server) keeps it open
    try:
        proc = subprocess.Popen(
            [sys.executable, pg_watchdog.__file__, str(folder)],
            stdin=read,
            start_new_session=True,  # a Ctrl-C at the terminal must not stop it before its work
        )
    finally:
        os.close(read)
    try:
        yield proc
    finally:
        os.close(write)
        proc.wait()


@pytest.fixture
def postgres_url(postgres_server: Any) -> str:
    """A fresh, empty database on the shared test server."""
    return _new_database(postgres_server)


class OwnServer:
    """A PostgreSQL server of one test's own, which the test may stop and start again on the
    same data folder (an outage: ``pg_ctl stop -m fast``, then a start), as an operator's
    restart does. Its own, because stopping the shared server would disturb every other test;
    the same watchdog stops it and deletes its folder however the run ends."""

    def __init__(self, server: Any) -> None:
        self.server = server
        #: a database of its own on it
        self.url = _new_database(server)

    def stop(self) -> None:
        """A fast shutdown: sessions are ended at once, open transactions rolled back."""
        from pgserver._commands import pg_ctl

        pg_ctl(["-w", "-m", "fast", "stop"], pgdata=self.server.pgdata,
               user=self.server.system_user, timeout=30)  # fmt: skip

    def start(self) -> None:
        """Start the server again on the same folder and socket (the same URL)."""
        self.server.ensure_postgres_running()


@pytest.fixture
def own_postgres() -> Iterator[OwnServer]:
    """A server for this test alone (see :class:`OwnServer`); takes a few seconds to start."""
    import pgserver

    folder = Path(tempfile.mkdtemp(prefix="tidewater-pg-own-"))
    with watchdog(folder):
        server = pgserver.get_server(folder, cleanup_mode="delete")
        try:
            yield OwnServer(server)
        finally:
            pg_watchdog.stop_folder(folder)
            atexit.unregister(server._cleanup)
            type(server)._instances.pop(server.pgdata, None)


def _new_database(server: Any) -> str:
    name = f"t{next(_counter)}"
    server.psql(f"CREATE DATABASE {name};")
    return str(server.get_uri()).replace("/postgres?", f"/{name}?", 1)


#: ``db(name)``: the database ``name`` of this test, as the session manager opens it
Db = Callable[[str], str]


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """A test on the PostgreSQL server (it asks for the server, or is the ``postgresql`` case
    of a backend parameter) is ``slow``: starting the server takes seconds, so the inner loop
    (``-m "not slow"``) runs the SQLite side alone; the full run runs both."""
    for item in items:
        callspec = getattr(item, "callspec", None)
        params = callspec.params.values() if callspec is not None else ()
        fixtures = getattr(item, "fixturenames", ())
        if "postgres_server" in fixtures or "own_postgres" in fixtures or "postgresql" in params:
            item.add_marker(pytest.mark.slow)


@pytest.fixture(params=["sqlite", pytest.param("postgresql", marks=pytest.mark.slow)])
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
