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

from tests.postgres import postmasters, stop_folder, wait_gone, watchdogs

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


@pytest.mark.slow
@pytest.mark.parametrize(
    "sig", [signal.SIGTERM, signal.SIGINT, signal.SIGKILL], ids=lambda s: s.name
)
def test_a_stopped_run_leaves_no_postgres_behind(tmp_path: Path, sig: signal.Signals) -> None:
    (tmp_path / "test_waits.py").write_text(WAITS)
    (tmp_path / "pytest.ini").write_text("[pytest]\n")
    proc = subprocess.Popen(
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
        cwd=tmp_path,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    assert proc.stdout is not None
    lines = lines_of(proc.stdout)
    folder: Path | None = None
    seen: list[str] = []
    try:
        while folder is None:
            line = lines.get(timeout=120)
            assert line, f"the child ended before its server was up: {''.join(seen)}"
            seen.append(line)
            if line.startswith("READY "):
                _, where, pid = line.split()
                folder, server = Path(where), int(pid)
        assert postmasters(folder) == [server]
        guards = watchdogs(folder)
        assert len(guards) == 1
        backends = children(server)
        assert backends, "a running server has helper processes"
        proc.send_signal(sig)
        proc.wait(timeout=120)
        assert wait_gone(guards[0], 60), "the watchdog did not finish"
        for pid in [server, *backends]:
            assert wait_gone(pid, 30), f"postgres process {pid} survived {sig.name}"
        assert postmasters(folder) == []
        assert not folder.exists()
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
        if folder is not None:
            stop_folder(folder)  # a failed case leaves nothing behind either
