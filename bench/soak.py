"""Memory over a long run: the real bot against the loopback Discord of ``bench/bot.py``.

Why: the bot once kept a ``View`` object (with its timeout task) per opened hand for 15
minutes, so memory grew with how often people looked at their cards. Hand controls are now
persistent dynamic items only (a view of dynamic items with no timeout is not stored by
discord.py), so memory should stay flat however many hands are opened. This run shows it:
``--tables`` tables of people who open their hands and click every 1-3 s, for ``--minutes``;
the bot's RSS is sampled every ``--every`` seconds.

Printed: RSS at the end of the warm-up, each sample, the largest deviation from the warm-up
figure (target: within +-10%), and KB per live game ((RSS - idle RSS) / tables).

Usage (bench/README.md):
    python bench/soak.py                      # 40 tables, 20 minutes
    python bench/soak.py --tables 40 --minutes 5 --every 15
"""

from __future__ import annotations

import argparse
import asyncio
import importlib.util
import sys
import time
from pathlib import Path

BENCH_BOT = Path(__file__).resolve().parent / "bot.py"
# bench/bot.py by path (its name would clash with the ``bot`` package)
_spec = importlib.util.spec_from_file_location("bench_bot", BENCH_BOT)
assert _spec is not None and _spec.loader is not None
bench_bot = importlib.util.module_from_spec(_spec)
sys.modules["bench_bot"] = bench_bot
_spec.loader.exec_module(bench_bot)
Loopback, table = bench_bot.Loopback, bench_bot.table
proc_cpu, proc_rss = bench_bot.proc_cpu, bench_bot.proc_rss


async def soak(args: argparse.Namespace) -> None:
    fake = Loopback(args.tables)
    runner = await fake.start()
    child = bench_bot.launch(fake, "soak", args.pictures)
    stop = asyncio.Event()
    tasks: list[asyncio.Task[None]] = []
    try:
        await asyncio.wait_for(fake.ready.wait(), 30)
        await asyncio.sleep(2.0)
        idle = proc_rss(child.pid)
        tasks = [
            asyncio.create_task(table(fake, i, args.game, args.players, stop, seed=i))
            for i in range(args.tables)
        ]
        await asyncio.sleep(args.warmup)
        base = proc_rss(child.pid)
        cpu0, t0 = proc_cpu(child.pid), time.perf_counter()
        fake.stats.reset()
        print(f"idle {idle / 2**20:.1f} MB; after {args.warmup:g} s warm-up {base / 2**20:.1f} MB")
        worst = 0.0
        end = t0 + args.minutes * 60
        while time.perf_counter() < end:
            await asyncio.sleep(min(args.every, max(0.0, end - time.perf_counter())))
            rss = proc_rss(child.pid)
            change = (rss - base) / base
            worst = max(worst, abs(change))
            minute = (time.perf_counter() - t0) / 60
            print(
                f"  {minute:5.1f} min  RSS {rss / 2**20:6.1f} MB ({change:+.1%})  "
                f"{fake.stats.interactions} interactions"
            )
        rss = proc_rss(child.pid)
        cpu = proc_cpu(child.pid) - cpu0
        print(
            f"largest deviation from the warm-up RSS: {worst:.1%} (target within 10%); "
            f"{(rss - idle) / 1024 / args.tables:.0f} KB per live game; "
            f"{fake.stats.interactions} interactions, bot CPU "
            f"{1000 * cpu / max(1, fake.stats.interactions):.2f} ms each"
        )
    finally:
        await bench_bot.shutdown(stop, tasks, child, runner)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--tables", type=int, default=40)
    parser.add_argument("--minutes", type=float, default=20.0)
    parser.add_argument("--every", type=float, default=60.0, help="seconds between samples")
    parser.add_argument("--warmup", type=float, default=60.0)
    parser.add_argument("--game", default="rowboat")
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--pictures", action="store_true", help="card pictures on")
    asyncio.run(soak(parser.parse_args()))


if __name__ == "__main__":
    main()
