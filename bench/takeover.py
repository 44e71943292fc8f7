"""Takeover times of a shard with the real bot: how long a shard has no serving process when its
owner stops and a replacement started with ``--wait-for-lease`` takes over (issue 38).

Why real processes: the gap a player sees is the sum of the lease (a crash), the waiting
process's poll, loading the games, and logging in to Discord's gateway; an in-process test
sees only the first two. Here two ``python -m bot`` processes (through ``bench/bot.py``'s child,
which points discord.py at the loopback Discord) share one PostgreSQL server (pgserver, as the
tests use) with ``shard_count = 1, shard_ids = [0]``, and a Rowboat game is open on the table.

Three cases, each run ``--runs`` times (median printed):

* ``kill9``: the replacement waits; the owner gets ``kill -9`` (its lease must expire first);
* ``sigterm``: the replacement has been waiting for a while; the owner gets SIGTERM (it releases
  its lease at once on a clean stop);
* ``rolling``: the operator's rolling restart as the README gives it: start the replacement
  with ``--wait-for-lease``, and as soon as it says it is waiting, SIGTERM the owner.

Two times are measured from the stop signal: ``lease``, until the replacement logs that it
holds the shard (``shard(s) [0] taken over``), and ``answer``, until the first interaction sent
to the replacement is answered (a person clicks "My hand" on the game's table every 0.2 s as
soon as the replacement has joined the gateway). ``answer`` is the gap players see.

Usage (bench/README.md):
    python bench/takeover.py                       # every case, 3 runs, default 60 s lease
    python bench/takeover.py --case sigterm --runs 5 --lease 10
"""

from __future__ import annotations

import argparse
import asyncio
import atexit
import importlib.util
import os
import signal
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
HOST = (900_000_000_000_000_001, "Alice")
GUEST = (900_000_000_000_000_002, "Bob")


def load_bench_bot() -> Any:
    """``bench/bot.py`` (its loopback Discord); named apart from the ``bot`` package."""
    spec = importlib.util.spec_from_file_location("bench_bot", ROOT / "bench" / "bot.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


bench = load_bench_bot()


class Child:
    """A bot process whose stderr lines are timestamped as they arrive (the lease log lines)."""

    def __init__(self, port: int, config: Path, wait: bool) -> None:
        env = {**os.environ, "DISCORD_TOKEN": bench.TOKEN, "PYTHONPATH": str(ROOT)}
        argv = [sys.executable, str(ROOT / "bench" / "bot.py"), "--child", str(port), str(config)]
        if wait:  # passed on to ``python -m bot`` by bench/bot.py's child
            argv = [*argv, "--wait-for-lease"]
        self.proc = subprocess.Popen(
            argv, env=env, cwd=config.parent, stderr=subprocess.PIPE, text=True
        )
        self.lines: list[tuple[float, str]] = []
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        assert self.proc.stderr is not None
        for line in self.proc.stderr:
            self.lines.append((time.monotonic(), line.rstrip()))

    def said(self, text: str) -> float | None:
        return next((t for t, line in self.lines if text in line), None)

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(20)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()


async def until(check: Any, timeout: float, what: str) -> Any:
    found = await bench.wait_until(check, timeout)
    if not found:
        raise RuntimeError(f"{what}: not within {timeout:.0f} s")
    return found


async def open_game(fake: Any) -> None:
    """A two-person Rowboat game on the table channel, through its lobby buttons."""
    channel = fake.channels[0]
    before = set(fake.public(channel))
    await fake.command(*HOST, channel, "play", {"game": "rowboat"})
    lobby = (
        await until(lambda: [m for m in fake.public(channel) if m not in before], 30, "lobby")
    )[-1]

    def button(op: str) -> str | None:
        for item in fake.controls(lobby):
            if str(item.get("custom_id", "")).endswith(":" + op):
                return str(item["custom_id"])
        return None

    await fake.click(*GUEST, channel, lobby, await until(lambda: button("join"), 30, "join"))
    await until(lambda: button("start"), 30, "start")
    await asyncio.sleep(0.5)  # the join's edit lands before the start
    await fake.click(*HOST, channel, lobby, button("start"))
    await until(lambda: bench.table_hand_button(fake, channel), 30, "the game's table")


async def probe(fake: Any, ws: Any, timeout: float) -> float:
    """Click "My hand" every 0.2 s over the replacement's gateway connection until one click is
    answered; the moment of that answer (``time.monotonic``)."""
    channel = fake.channels[0]
    sent: list[str] = []
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        answered = [fake.tokens[t] for t in sent if fake.tokens[t].answered]
        if answered:
            return time.monotonic()
        if fake.ws is ws:
            found = bench.table_hand_button(fake, channel)
            if found is not None:
                sent.append(await fake.click(*HOST, channel, found[0], found[1]))
        await asyncio.sleep(0.2)
    raise RuntimeError("the replacement answered nothing")


async def one_run(case: str, url: str, lease: float, folder: Path) -> dict[str, float]:
    fake = bench.Loopback(1)
    runner = await fake.start()
    config = folder / "config.toml"
    config.write_text(
        f'[storage]\npath = "{url}"\n'
        + ("" if lease == 60 else f"lease_seconds = {lease}\n")
        + '[logging]\nlevel = "WARNING"\n[tables]\npictures = false\n'
        "[discord]\nshard_count = 1\nshard_ids = [0]\n[games.rowboat]\nnovice = true\n"
    )
    old = Child(fake.port, config, wait=True)  # waits out a lease a previous run left
    new: Child | None = None
    try:
        await until(fake.ready.is_set, 120, "the first process joining the gateway")
        await until(lambda: fake.commands, 30, "commands")
        await open_game(fake)
        old_ws = fake.ws
        fake.ready.clear()
        if case != "rolling":
            new = Child(fake.port, config, wait=True)
            await until(lambda: new.said("waiting for the shard leases"), 60, "waiting")
            await asyncio.sleep(2.0)  # well into its waiting
        else:
            new = Child(fake.port, config, wait=True)
            await until(lambda: new.said("waiting for the shard leases"), 60, "waiting")
        stopped = time.monotonic()
        old.proc.send_signal(signal.SIGKILL if case == "kill9" else signal.SIGTERM)
        await until(lambda: fake.ready.is_set() and fake.ws is not old_ws, lease + 120, "rejoin")
        answered = await probe(fake, fake.ws, 60)
        held = await until(lambda: new.said("taken over"), 10, "the lease log line")
        return {"lease": held - stopped, "answer": answered - stopped}
    finally:
        old.stop()
        if new is not None:
            new.stop()
        await runner.cleanup()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--case", choices=["kill9", "sigterm", "rolling"], action="append")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--lease", type=float, default=60.0, help="[storage] lease_seconds")
    args = parser.parse_args()
    import pgserver

    folder = Path(tempfile.mkdtemp(prefix="tidewater-takeover-"))
    server = pgserver.get_server(folder / "pg", cleanup_mode="delete")
    atexit.register(server.cleanup)
    for case in args.case or ["kill9", "sigterm", "rolling"]:
        runs = []
        for i in range(args.runs):
            name = f"{case}{i}"
            server.psql(f"CREATE DATABASE {name};")
            url = str(server.get_uri()).replace("/postgres?", f"/{name}?", 1)
            work = folder / name
            work.mkdir()
            result = asyncio.run(one_run(case, url, args.lease, work))
            runs.append(result)
            print(f"{case} run {i + 1}: lease {result['lease']:5.1f} s  "
                  f"answer {result['answer']:5.1f} s", flush=True)  # fmt: skip
        answers = ", ".join(f"{r['answer']:.1f}" for r in runs)
        print(
            f"{case:8} lease {args.lease:.0f} s: median lease held after "
            f"{statistics.median(r['lease'] for r in runs):5.1f} s, first answer after "
            f"{statistics.median(r['answer'] for r in runs):5.1f} s "
            f"(answers {answers})",
            flush=True,
        )


if __name__ == "__main__":
    main()
