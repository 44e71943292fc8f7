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

import contextlib
import itertools
import os
import select
import signal
import subprocess
import sys
import tempfile
from collections.abc import Callable, Iterator
from pathlib import Path
from types import FrameType
from typing import Any

import pytest

_counter = itertools.count(1)

#: the first argument of the watchdog, run as ``python tests/postgres.py --watch FOLDER``
WATCH = "--watch"


def _interrupt(signum: int, frame: FrameType | None) -> None:
    raise KeyboardInterrupt(f"signal {signum}")


def pytest_configure(config: pytest.Config) -> None:
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
            server.cleanup()


@contextlib.contextmanager
def watchdog(folder: Path) -> Iterator[subprocess.Popen[bytes]]:
    """A process that stops the server on ``folder`` and deletes it once this block is left,
    or once this process dies, however it dies (see the module's docstring)."""
    read, write = os.pipe()  # not inheritable: no other child (the server) keeps it open
    try:
        proc = subprocess.Popen(
            [sys.executable, __file__, WATCH, str(folder)],
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


def postmasters(folder: Path) -> list[int]:
    """The PostgreSQL servers whose data folder is ``folder`` (its backends die with them)."""
    needle = os.fsencode(str(folder))
    servers = (b"postgres", b"postmaster")
    return [pid for pid, argv in _processes() if _program(argv) in servers and needle in argv]


def watchdogs(folder: Path) -> list[int]:
    """The watchdog processes of ``folder`` (one per test run that started a server there)."""
    needle = [WATCH.encode(), os.fsencode(str(folder))]
    return [pid for pid, argv in _processes() if argv[-2:] == needle]


def _program(argv: list[bytes]) -> bytes:
    return os.path.basename(argv[0]) if argv else b""


def _processes() -> Iterator[tuple[int, list[bytes]]]:
    """Every process's id and arguments, read from ``/proc`` (a test server runs as another
    user when the tests run as root, so its own child list would not find it)."""
    for entry in os.scandir("/proc"):
        if not entry.name.isdigit():
            continue
        try:
            with open(f"/proc/{entry.name}/cmdline", "rb") as f:
                argv = f.read().split(b"\0")
        except OSError:
            continue  # gone meanwhile
        if argv and argv[-1] == b"":
            argv.pop()
        yield int(entry.name), argv


def wait_gone(pid: int, timeout: float) -> bool:
    """Whether ``pid`` ended within ``timeout`` s (a pidfd turns readable when it does)."""
    try:
        fd = os.pidfd_open(pid)
    except ProcessLookupError:
        return True
    try:
        return bool(select.select([fd], [], [], timeout)[0])
    finally:
        os.close(fd)


def stop_folder(folder: Path) -> None:
    """Stop every server on ``folder`` (fast shutdown, then SIGKILL) and delete the folder."""
    import shutil

    for pid in postmasters(folder):
        for sig, grace in ((signal.SIGINT, 10.0), (signal.SIGKILL, 10.0)):
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, sig)
            if wait_gone(pid, grace):
                break
    shutil.rmtree(folder, ignore_errors=True)


def _watch(folder: Path) -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_IGN)
    while os.read(0, 4096):  # nothing is ever written: this returns at the pipe's end
        pass
    stop_folder(folder)


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


if __name__ == "__main__" and sys.argv[1:2] == [WATCH]:
    _watch(Path(sys.argv[2]))
