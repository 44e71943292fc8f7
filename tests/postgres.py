"""A real PostgreSQL server for the tests, started on demand and stopped at the end.

Why a real server and not a mock: the store's promise (a move is durable before anyone hears
of it, group commit, failure isolation, the trigger that keeps ``games.version``) is only
tested by the database that keeps it. ``pgserver`` (a test dependency) ships PostgreSQL's
binaries in its wheel and starts a private server on a Unix socket in a temporary folder, so the
README's test command needs nothing installed by hand. Each test gets a database of its own.

Why databases are emptied and handed out again rather than made anew: a ``CREATE DATABASE``
copies a template, 0.13–0.27 s on this machine, and a run asked for about 120 of them; deleting
their files at the end took most of each worker's last 6 s. A database a test is done with is
emptied instead (its other sessions ended, its ``public`` schema dropped and made again, a few
milliseconds) and the next test of the worker gets it: as empty as a new one, since everything
the store makes lives in that schema. One that cannot be emptied is left alone. The shared
server also runs without ``fsync``: the tests stop clients, never this server's machine, and a
fast shutdown still writes everything (the outage tests run on servers of their own).

Why servers start from a copied data folder: ``initdb`` takes 3–4 s (about 1 s of CPU), and a
run starts about nine servers (one per worker, the outage and interrupt tests' own). The first
server a run needs is made once, stopped, and kept as a template (``PYTEST_PG_TEMPLATE``, set
by the process that started the run and inherited by its workers and child runs; not named
``TIDEWATER_…``, which the bot reads as its settings); every server is then a copy of it,
started in under half a second. The run that made it deletes it, and a watchdog does if that
run dies.

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
from urllib.parse import urlsplit

import pytest

from tests import pg_watchdog

_counter = itertools.count(1)


def _interrupt(signum: int, frame: FrameType | None) -> None:
    raise KeyboardInterrupt(f"signal {signum}")


#: where the run's template data folder is (see the module's docstring)
TEMPLATE = "PYTEST_PG_TEMPLATE"
#: the template's watchdog, when this process owns the template
_template_guard: contextlib.ExitStack | None = None


def pytest_configure(config: pytest.Config) -> None:
    global _template_guard
    config.addinivalue_line("markers", "slow: left out of the inner loop (-m 'not slow')")
    signal.signal(signal.SIGTERM, _interrupt)
    if TEMPLATE not in os.environ:  # the run's first process: the workers inherit the path
        folder = Path(tempfile.mkdtemp(prefix="tidewater-pg-template-")) / "pgdata"
        os.environ[TEMPLATE] = str(folder)
        _template_guard = contextlib.ExitStack()
        _template_guard.enter_context(watchdog(folder.parent))


def pytest_unconfigure(config: pytest.Config) -> None:
    global _template_guard
    if _template_guard is not None:  # the watchdog deletes the template as it leaves
        _template_guard.close()
        _template_guard = None
        os.environ.pop(TEMPLATE, None)


def _template() -> Path:
    """The run's template data folder, made by whichever process asks first (a lock file
    keeps two workers from making it at once)."""
    import fcntl

    import pgserver
    from pgserver._commands import pg_ctl

    folder = Path(os.environ[TEMPLATE])
    with open(folder.parent / "lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not (folder / "PG_VERSION").exists():
            server = pgserver.get_server(folder, cleanup_mode=None)
            pg_ctl(["-w", "-m", "fast", "stop"], pgdata=folder, user=server.system_user,
                   timeout=30)  # fmt: skip
            atexit.unregister(server._cleanup)
            type(server)._instances.pop(server.pgdata, None)
            for left in (".handle_pids.json", "log"):
                (folder / left).unlink(missing_ok=True)
    return folder


def _start(folder: Path) -> Any:
    """A server on ``folder`` (an empty folder), from a copy of the run's template; ``cp -a``
    keeps the owner PostgreSQL insists on (a user of its own when the tests run as root)."""
    import pgserver

    template = _template()
    folder.rmdir()
    subprocess.run(["cp", "-a", str(template), str(folder)], check=True)
    return pgserver.get_server(folder, cleanup_mode="delete")


def pytest_runtest_logfinish(nodeid: str, location: tuple[str, int | None, str]) -> None:
    """A test may take SIGTERM for itself (``python -m bot``'s run loop installs a handler, and
    the loop's close puts back the default, which kills silently): take it back after each."""
    if signal.getsignal(signal.SIGTERM) is not _interrupt:
        signal.signal(signal.SIGTERM, _interrupt)


@pytest.fixture(scope="session")
def postgres_server() -> Iterator[Any]:
    folder = Path(tempfile.mkdtemp(prefix="tidewater-pg-"))
    with watchdog(folder):
        server = _start(folder)
        server.psql(_NO_FSYNC)
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


#: what the shared server need not do for tests (each statement on its own: ``ALTER SYSTEM``
#: cannot run in a transaction)
_NO_FSYNC = """
ALTER SYSTEM SET fsync = off;
ALTER SYSTEM SET synchronous_commit = off;
ALTER SYSTEM SET full_page_writes = off;
SELECT pg_reload_conf();
"""
#: a database handed back, made as empty as a new one (see the module's docstring)
_EMPTY = """
SET lock_timeout = '5s';
SELECT pg_terminate_backend(pid) FROM pg_stat_activity
 WHERE datname = current_database() AND pid <> pg_backend_pid();
DROP SCHEMA public CASCADE;
CREATE SCHEMA public;
"""


class Databases:
    """The databases of one worker's shared server: new ones made on demand, emptied ones
    handed out again."""

    def __init__(self, server: Any) -> None:
        self.server = server
        self.free: list[str] = []

    def take(self) -> str:
        """An empty database's URL."""
        name = self.free.pop() if self.free else _new_name(self.server)
        return _url(self.server, name)

    def give_back(self, url: str) -> None:
        """Empty the database at ``url`` for the next test; one that cannot be (a session that
        would not let go within the lock timeout) is left as it is and never handed out."""
        from pgserver._commands import POSTGRES_BIN_PATH

        done = subprocess.run(
            [str(POSTGRES_BIN_PATH / "psql"), url, "-q", "-v", "ON_ERROR_STOP=1"],
            input=_EMPTY.encode(),
            capture_output=True,
            check=False,
            timeout=60,
        )
        if done.returncode == 0:
            self.free.append(urlsplit(url).path.lstrip("/"))


@pytest.fixture(scope="session")
def postgres_databases(postgres_server: Any) -> Databases:
    return Databases(postgres_server)


@pytest.fixture
def postgres_url(postgres_databases: Databases) -> Iterator[str]:
    """An empty database on the shared test server, this test's alone."""
    url = postgres_databases.take()
    yield url
    postgres_databases.give_back(url)


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
    """A server for this test alone (see :class:`OwnServer`)."""
    folder = Path(tempfile.mkdtemp(prefix="tidewater-pg-own-"))
    with watchdog(folder):
        server = _start(folder)
        try:
            yield OwnServer(server)
        finally:
            pg_watchdog.stop_folder(folder)
            atexit.unregister(server._cleanup)
            type(server)._instances.pop(server.pgdata, None)


def _new_database(server: Any) -> str:
    return _url(server, _new_name(server))


def _new_name(server: Any) -> str:
    name = f"t{next(_counter)}"
    server.psql(f"CREATE DATABASE {name};")
    return name


def _url(server: Any, name: str) -> str:
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
def db(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Db]:
    """The session-manager suites run once per backend: a SQLite file in the test's folder, or
    an empty database on the test server (the same name gives the same database in one test)."""
    if request.param == "sqlite":
        yield lambda name: str(tmp_path / f"{name}.sqlite3")
        return
    databases: Databases = request.getfixturevalue("postgres_databases")
    made: dict[str, str] = {}

    def target(name: str) -> str:
        if name not in made:
            made[name] = databases.take()
        return made[name]

    yield target
    for url in made.values():
        databases.give_back(url)
