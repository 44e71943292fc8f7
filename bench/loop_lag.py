"""Event-loop lag and answer times while strong AI seats search (issue 13, item 3).

Run: ``.venv/bin/python bench/loop_lag.py [--ai-games 4] [--tables 20] [--seconds 60]
[--processes 2] [--game rowboat]``.

Why this shape: the promise is that a search never stalls the bot. So the bench runs the real
``SessionManager`` on a real SQLite file with ``--ai-games`` tables where three of four seats
are ``strong`` AI players (one person, a client that answers at once), so about that many
searches are running in the process pool at any moment, while ``--tables`` tables of three
people play alongside with 0.2-1 s of thinking per move. Measured meanwhile:

* **loop lag**: a ticker asks to wake every 10 ms and records how late it wakes; a search on
  the loop would show up here as lag of its own length;
* **answer time**: each person's ``act`` (the commit a click waits for before it is
  answered), p50/p99/max, against Discord's 3 s;
* **strong moves**: how many AI moves were committed, and their mean time per move.

Timing lives here, never in the tests. Figures are medians of one run's samples; compare runs
on a quiet machine (the search processes and the loop share the same cores).
"""

from __future__ import annotations

import argparse
import asyncio
import random
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bot.sessions import SessionError, SessionManager
from bot.sessions.ai import AiConfig
from games import IllegalAction, registry


def pct(values: list[float], q: float) -> float:
    """The ``q`` quantile (0..1) of ``values`` (nearest rank), 0 for no values."""
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


async def new_table(
    mgr: SessionManager, game: str, channel: int, seed: int, people: int, ai: int
) -> int:
    """A started table in its own channel: ``people`` people (the first one hosts) then
    ``ai`` strong AI seats."""
    info = await mgr.create_lobby(
        guild_id=1,
        channel_id=channel,
        game=game,
        host_id=channel * 10,
        host_name="p0",
        seed=seed,
    )
    for k in range(1, people):
        await mgr.join(info.id, channel * 10 + k, f"p{k}")
    for _ in range(ai):
        await mgr.add_ai(info.id, channel * 10, "strong")
    await mgr.start(info.id, channel * 10)
    return info.id


async def run(args: argparse.Namespace) -> dict[str, float]:
    engine = registry.get(args.game)
    tmp = tempfile.mkdtemp(prefix="tidewater-lag-")
    mgr = await SessionManager.open(
        Path(tmp) / "lag.db",
        ai=AiConfig(default_level="strong", think_seconds=0.0, processes=args.processes),
    )
    rng = random.Random(args.seed)
    stop = False
    lags: list[float] = []
    answers: list[float] = []
    ai_moves = 0

    async def ticker() -> None:
        step = 0.01
        while not stop:
            t0 = time.perf_counter()
            await asyncio.sleep(step)
            lags.append(max(0.0, time.perf_counter() - t0 - step))

    async def client(channel: int, people: int, ai: int, think: tuple[float, float]) -> None:
        """Plays every person's seat of one table (a new table when one ends); counts the
        moves the table's AI seats made."""
        nonlocal ai_moves
        prng = random.Random(rng.random())
        gid = await new_table(mgr, args.game, channel, prng.randrange(1 << 62), people, ai)
        seen = own = 0
        while not stop:
            await asyncio.sleep(prng.uniform(*think))
            info, state = await mgr.state(gid)
            if ai:
                ai_moves += info.version - seen - own
                seen, own = info.version, 0
            if info.status != "live":
                gid = await new_table(mgr, args.game, channel, prng.randrange(1 << 62), people, ai)
                seen = own = 0
                continue
            mine = [s for s in engine.to_act(state) if s < people]
            if not mine:
                continue
            seat = prng.choice(mine)
            action = prng.choice(engine.legal_actions(state, seat))
            t0 = time.perf_counter()
            try:
                await mgr.act(gid, seat, action.code, info.version)
            except (SessionError, IllegalAction):
                continue
            answers.append(time.perf_counter() - t0)
            own += 1

    players = max(engine.min_players, 3)
    seats = 4 if engine.min_players <= 4 <= engine.max_players else players
    tick = asyncio.ensure_future(ticker())
    cpu0, wall0 = time.process_time(), time.perf_counter()
    tasks = [
        asyncio.ensure_future(client(1000 + k, 1, seats - 1, (0.02, 0.05)))
        for k in range(args.ai_games)
    ] + [
        asyncio.ensure_future(client(2000 + k, players, 0, (0.2, 1.0))) for k in range(args.tables)
    ]
    await asyncio.sleep(args.seconds)
    stop = True
    await asyncio.gather(*tasks, tick, return_exceptions=True)
    wall, cpu = time.perf_counter() - wall0, time.process_time() - cpu0
    await mgr.close()
    return {
        "loop lag p50 ms": pct(lags, 0.5) * 1000,
        "loop lag p99 ms": pct(lags, 0.99) * 1000,
        "loop lag max ms": max(lags, default=0.0) * 1000,
        "answer p50 ms": pct(answers, 0.5) * 1000,
        "answer p99 ms": pct(answers, 0.99) * 1000,
        "answer max ms": max(answers, default=0.0) * 1000,
        "answers": float(len(answers)),
        "AI moves/s": ai_moves / wall,
        "loop cpu %": cpu / wall * 100,
    }


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--game", default="rowboat", choices=registry.names())
    parser.add_argument("--ai-games", type=int, default=4, help="tables with strong AI seats")
    parser.add_argument("--tables", type=int, default=20, help="tables of people alongside")
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--processes", type=int, default=2, help="the AI process pool's size")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    figures = asyncio.run(run(args))
    print(
        f"{args.game}: {args.ai_games} tables with strong AI seats, {args.tables} tables of "
        f"people, {args.processes} search processes, {args.seconds:g} s"
    )
    for name, value in figures.items():
        print(f"  {name:18} {value:10.1f}")


if __name__ == "__main__":
    main()
