"""The watchdog of the test PostgreSQL server: run as ``python tests/pg_watchdog.py FOLDER``
by ``tests/postgres.py`` before it starts the server on ``FOLDER``.

It reads its standard input, a pipe whose write end only the test run holds, until the end: the
run closes it after its own clean-up, or the system does when the run dies (even by SIGKILL).
Then it stops any server still running on the folder and deletes the folder. Only the standard
library is imported, so it is ready within milliseconds and costs the run nothing.
"""

from __future__ import annotations

import contextlib
import os
import select
import shutil
import signal
import sys
from collections.abc import Iterator
from pathlib import Path


def postmasters(folder: Path) -> list[int]:
    """The PostgreSQL servers whose data folder is ``folder`` (its backends die with them)."""
    needle = os.fsencode(str(folder))
    servers = (b"postgres", b"postmaster")
    return [pid for pid, argv in _processes() if _program(argv) in servers and needle in argv]


def watchdogs(folder: Path) -> list[int]:
    """The watchdog processes of ``folder`` (one per test run that started a server there)."""
    needle = [os.fsencode(__file__), os.fsencode(str(folder))]
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


def stop_servers(folder: Path) -> None:
    """Stop every server on ``folder`` at once: an immediate shutdown (SIGQUIT: no checkpoint,
    since the data is thrown away), then SIGKILL if it is still there after 10 s."""
    for pid in postmasters(folder):
        for sig in (signal.SIGQUIT, signal.SIGKILL):
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, sig)
            if wait_gone(pid, 10.0):
                break


def stop_folder(folder: Path) -> None:
    """Stop every server on ``folder`` and delete the folder."""
    stop_servers(folder)
    shutil.rmtree(folder, ignore_errors=True)


def watch(folder: Path) -> None:
    """Wait for the end of standard input (the test run closed it, or died), then clean up."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_IGN)
    while os.read(0, 4096):  # nothing is ever written: this returns at the pipe's end
        pass
    stop_folder(folder)


if __name__ == "__main__":
    watch(Path(sys.argv[1]))
