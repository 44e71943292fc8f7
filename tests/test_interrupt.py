"""Stopping the suite (Ctrl-C, SIGTERM, even SIGKILL) leaves no test PostgreSQL server behind.

Each case runs pytest in a child process on a one-test file that opens a database on the test
server, says so on its output and then waits for ever; the signal is sent once that line is read
(the server is up), and afterwards no process of that server may remain, nor its folder.
"""

from __future__ import annotations

import os
import queue
import signal
import subprocess
import sys
import threading
from pathlib import Path
from typing import IO

import pytest

from tests.pg_watchdog import postmasters, stop_folder, wait_gone, watchdogs

ROOT = Path(__file__).resolve().parents[1]

WAITS = """
import threading


def test_waits_for_the_signal(postgres_server, postgres_url):
    assert postgres_url.startswith("postgresql://")
    print("READY", postgres_server.pgdata, postgres_server.get_pid(), flush=True)
    threading.Event().wait()
"""


def lines_of(stream: IO[str]) -> queue.Queue[str]:
    """The child's output line by line, read by a thread, so the test can wait with a timeout;
    an empty string marks its end."""
    lines: queue.Queue[str] = queue.Queue()

    def pump() -> None:
        for line in stream:
            lines.put(line)
        lines.put("")

    threading.Thread(target=pump, daemon=True).start()
    return lines


def children(pid: int) -> list[int]:
    """The processes whose parent is ``pid`` (the server's backends and helpers)."""
    found = []
    for entry in os.scandir("/proc"):
        if entry.name.isdigit():
            try:
                stat = Path(f"/proc/{entry.name}/stat").read_text()
            except OSError:
                continue
            if int(stat.rpartition(")")[2].split()[1]) == pid:
                found.append(int(entry.name))
    return found


def _default_sigint() -> None:
    """In the child before it starts Python: SIGINT back to its default, so Python turns it
    into KeyboardInterrupt as it would under a terminal."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


class Run:
    """One child pytest on the waiting test, in a folder of its own."""

    def __init__(self, folder: Path) -> None:
        folder.mkdir()
        (folder / "test_waits.py").write_text(WAITS)
        (folder / "pytest.ini").write_text("[pytest]\n")
        self.proc = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "pytest",
                "-s",
                "-q",
                "-p",
                "tests.postgres",
                "-p",
                "no:cacheprovider",
                "test_waits.py",
            ],
            cwd=folder,
            env={**os.environ, "PYTHONPATH": str(ROOT)},
            # Ctrl-C as a terminal sends it, even when this run was started ignoring SIGINT
            # (``/usr/bin/time`` and a shell's background jobs do, and a child inherits that)
            preexec_fn=_default_sigint,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
        )
        assert self.proc.stdout is not None
        self.lines = lines_of(self.proc.stdout)
        self.pgdata: Path | None = None
        self.server = 0

    def wait_until_up(self) -> None:
        """Read the child's output until its test says the server is up."""
        seen: list[str] = []
        while self.pgdata is None:
            line = self.lines.get(timeout=120)
            assert line, f"the child ended before its server was up: {''.join(seen)}"
            seen.append(line)
            if line.startswith("READY "):
                _, where, pid = line.split()
                self.pgdata, self.server = Path(where), int(pid)

    def close(self) -> None:
        if self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait()
        if self.pgdata is not None:
            stop_folder(self.pgdata)  # a failed case leaves nothing behind either


@pytest.mark.slow
def test_a_stopped_run_leaves_no_postgres_behind(tmp_path: Path) -> None:
    """SIGTERM and SIGINT (Ctrl-C) end the run through its teardown; SIGKILL leaves the work
    to the watchdog. The three runs start together, so their servers start side by side."""
    signals = [signal.SIGTERM, signal.SIGINT, signal.SIGKILL]
    runs = {sig: Run(tmp_path / sig.name) for sig in signals}
    try:
        for run in runs.values():
            run.wait_until_up()
        for sig, run in runs.items():
            assert run.pgdata is not None
            assert postmasters(run.pgdata) == [run.server]
            guards = watchdogs(run.pgdata)
            assert len(guards) == 1
            backends = children(run.server)
            assert backends, "a running server has helper processes"
            run.proc.send_signal(sig)
            run.proc.wait(timeout=120)
            assert wait_gone(guards[0], 60), f"the watchdog did not finish after {sig.name}"
            for pid in [run.server, *backends]:
                assert wait_gone(pid, 30), f"postgres process {pid} survived {sig.name}"
            assert postmasters(run.pgdata) == []
            assert not run.pgdata.exists(), f"{sig.name} left the server's folder"
    finally:
        for run in runs.values():
            run.close()
