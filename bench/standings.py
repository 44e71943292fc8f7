"""Standings reads on a big server: ``/leaderboard``, ``/stats`` and ``/history`` with 100,000
finished games in the database (issue 17's target: each answers in 50 ms or less).

Run: ``.venv/bin/python bench/standings.py [--games 100000] [--players 2000] [--queries 300]
[--db postgresql://...]``.

The database is filled once through the store (``Batch`` rows, as the manager writes them):
``--games`` finished games of the five games on one server, 2-4 seats each from ``--players``
people, their results, and a ratings row per (game, person). Then each command's reads (the
session-manager call it makes) and the embed text it builds are timed ``--queries`` times at
random pages and people; printed: median and p95 per command. Timing lives here only.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bot.cogs.standings import board_lines, history_lines, stats_line
from bot.sessions import SessionManager
from bot.store import Batch, GameWrite, RatingWrite, ResultWrite, open_store
from games import registry

GUILD = 42


async def fill(target: str, games: int, players: int, seed: int) -> None:
    rng = random.Random(seed)
    names = registry.names()
    store = await open_store(target, synchronous="OFF")
    try:
        batch = Batch()
        now = time.time() - games
        tallies: dict[tuple[str, int], list[int]] = {}
        for gid in range(1, games + 1):
            game = names[gid % len(names)]
            engine = registry.get(game)
            n = rng.randint(max(2, engine.min_players), min(4, engine.max_players))
            people = rng.sample(range(1, players + 1), n)
            seats = json.dumps([[p, f"player{p}", None] for p in people])
            at = now + gid
            batch.games.append(
                GameWrite(
                    id=gid,
                    guild_id=GUILD,
                    channel_id=gid,
                    game=game,
                    host_id=people[0],
                    status="finished",
                    seats=seats,
                    options="{}",
                    seed=gid,
                    messages="{}",
                    created=at,
                    updated=at,
                    end_reason="over",
                )
            )
            winner = rng.randrange(n)
            for seat, person in enumerate(people):
                won = int(seat == winner)
                batch.results.append(
                    ResultWrite(gid, seat, person, f"player{person}", rng.randint(0, 500), won)
                )
                tally = tallies.setdefault((game, person), [0, 0])
                tally[0] += 1
                tally[1] += won
            if gid % 5000 == 0:
                await store.commit(batch)
                batch = Batch()
        for (game, person), (played, wins) in tallies.items():
            mu = 25 + rng.gauss(0, 3)
            sigma = max(1.0, 8.33 - played * 0.1)
            batch.ratings.append(
                RatingWrite(GUILD, game, person, f"player{person}", played, wins, played, mu, sigma,
                            mu - 3 * sigma, now)
            )  # fmt: skip
        await store.commit(batch)
    finally:
        await store.close()


def summary(times: list[float]) -> str:
    ordered = sorted(times)
    p95 = ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))]
    return f"median {statistics.median(ordered) * 1000:6.2f} ms   p95 {p95 * 1000:6.2f} ms"


async def measure(target: str, queries: int, players: int, seed: int) -> None:
    rng = random.Random(seed + 1)
    mgr = await SessionManager.open(target, autoplay=False)
    names = registry.names()
    timings: dict[str, list[float]] = {"/leaderboard": [], "/stats": [], "/history": []}
    try:
        for _ in range(queries):
            game = rng.choice(names)
            t0 = time.perf_counter()
            rows, _total = await mgr.leaderboard(GUILD, game, rng.randrange(20), 10)
            "\n".join(board_lines(rows, 1))
            timings["/leaderboard"].append(time.perf_counter() - t0)

            person = rng.randint(1, players)
            t0 = time.perf_counter()
            "\n".join(stats_line(r) for r in await mgr.player_stats(GUILD, person))
            timings["/stats"].append(time.perf_counter() - t0)

            t0 = time.perf_counter()
            history_lines(await mgr.history(GUILD, rng.choice([None, person]), 40))
            timings["/history"].append(time.perf_counter() - t0)
    finally:
        await mgr.close()
    for name, times in timings.items():
        print(f"  {name:13} {summary(times)}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=100_000)
    parser.add_argument("--players", type=int, default=2000)
    parser.add_argument("--queries", type=int, default=300)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--db", default=None, help="a scratch PostgreSQL URL (default: SQLite)")
    args = parser.parse_args()
    target = args.db or str(Path(tempfile.mkdtemp(prefix="tidewater-standings-")) / "s.db")
    t0 = time.perf_counter()
    asyncio.run(fill(target, args.games, args.players, args.seed))
    print(
        f"{args.games} finished games, {args.players} players on one server "
        f"(filled in {time.perf_counter() - t0:.1f} s); {args.queries} queries each:"
    )
    asyncio.run(measure(target, args.queries, args.players, args.seed))


if __name__ == "__main__":
    main()
