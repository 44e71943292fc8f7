"""Session-manager throughput, latency and reload time on a real SQLite file.

Run: ``.venv/bin/python bench/sessions.py [--games 500] [--seconds 5] [--runs 3]
[--reload-games 10000] [--sync FULL]``.

Throughput: ``--games`` tables of Rowboat (three people each, novice scoring so that random
games end) are played at once; every seat is a random-policy client that picks a legal action
from what it last saw and calls ``SessionManager.act`` with the version it saw, awaiting the
commit, exactly as the Discord layer does. A finished table is replaced by a new one in the
same channel, so the number of live games stays constant. Printed per run: durable moves/s
(moves whose ``act`` returned, i.e. committed with ``synchronous=FULL``), p50/p99 ``act``
latency, CPU per move (process CPU time, all threads, divided by moves) and the mean number
of moves per SQLite transaction (group commit at work).

Reload: ``--reload-games`` live games are written once (directly through the store, with the
rows the manager writes: game row, last snapshot, the actions after it), then
``SessionManager.open`` is timed, which loads every one of them (snapshot + replayed tail).

Paced runs: the same tables, each thinking a random time (``--think``, mean 100 ms) between
moves, which is the load under which ``act`` latency means something: saturated, 500 clients
that never pause see a latency of about 500 / throughput whatever the store does.

Each figure printed at the end is the median of ``--runs`` runs. Timing lives here only,
never in the tests.

Measured on the 2-core development machine (shared with other jobs), 5 runs of 5 s,
synchronous=FULL, Rowboat 3p novice:

| workload | moves/s | p50 act | p99 act | CPU/move | moves per transaction |
|---|---|---|---|---|---|
| 500 tables, saturated | 16,800 | 26.6 ms | 67 ms | 58 us | 494 |
| 500 tables, paced (100 ms) | 4,440 | 1.5 ms | 7.0 ms | 176 us | 3.7 |

Reload of 10,000 live games (snapshot every 8 actions): 0.98 s. With a busy machine the same
runs gave 13,900 moves/s, p99 12.6 ms paced, 0.96 s reload. The p99 of the paced runs is set by
the occasional database fsync of a checkpoint coinciding with commits (see ``bot/store/sqlite.py``).

Later the same machine, shared with eight other jobs (load average 5-6 on 2 cores), gave far
less: 5 alternated runs of 4 s each, 500 tables, medians. Before the collector tuning of
``bot.sessions.manager.tune_gc`` (young collections found many surviving game states and
full collections followed, 20-30% of the event loop's CPU per move): 2,770 moves/s, 109 us
CPU/move; after: 3,380 moves/s, 79 us CPU/move (commit 3f81e65 in the same rounds: 2,310
moves/s, 113 us). Compare runs only when alternated on the same machine.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bot.sessions import SNAPSHOT_EVERY, SessionError, SessionManager
from bot.store import ActionWrite, Batch, GameWrite, SnapshotWrite, dumps, open_store
from games import IllegalAction, registry

GAME = "rowboat"
OPTIONS = {"novice": True}
PLAYERS = 3


async def new_table(mgr: SessionManager, channel: int, seed: int) -> int:
    info = await mgr.create_lobby(
        guild_id=channel % 50,
        channel_id=channel,
        game=GAME,
        host_id=channel * 10,
        host_name="p0",
        options=OPTIONS,
        seed=seed,
    )
    for k in range(1, PLAYERS):
        await mgr.join(info.id, channel * 10 + k, f"p{k}")
    await mgr.start(info.id, channel * 10)
    return info.id


async def throughput(
    path: Path | str, games: int, seconds: float, sync: str, seed: int, think: float = 0.0
) -> dict:
    mgr = await SessionManager.open(path, synchronous=sync)
    engine = registry.get(GAME)
    rng = random.Random(seed)
    ids = list(
        await asyncio.gather(*(new_table(mgr, c, rng.randrange(1 << 62)) for c in range(games)))
    )
    latencies: list[float] = []
    stop = False
    refused = 0

    async def table(slot: int, prng: random.Random) -> None:
        """One client per table, clicking for whichever seat is to act."""
        nonlocal refused
        gid = ids[slot]
        while not stop:
            if think:
                await asyncio.sleep(prng.expovariate(1 / think))
            info, state = await mgr.state(gid)
            seat = prng.choice(engine.to_act(state))
            action = prng.choice(engine.legal_actions(state, seat))
            t0 = time.perf_counter()
            try:
                update = await mgr.act(gid, seat, action.code, info.version)
            except (SessionError, IllegalAction):
                refused += 1
                continue
            latencies.append(time.perf_counter() - t0)
            if update.info.status == "finished":
                gid = await new_table(mgr, slot, prng.randrange(1 << 62))

    store = mgr._store
    tx0, b0 = store.transactions, store.batches
    cpu0, wall0 = time.process_time(), time.perf_counter()
    tasks = [
        asyncio.ensure_future(table(slot, random.Random(rng.random()))) for slot in range(games)
    ]
    await asyncio.sleep(seconds)
    stop = True
    await asyncio.gather(*tasks)
    wall, cpu = time.perf_counter() - wall0, time.process_time() - cpu0
    tx, batches = store.transactions - tx0, store.batches - b0
    await mgr.close()
    moves = len(latencies)
    latencies.sort()
    return {
        "moves/s": moves / wall,
        "p50 ms": latencies[moves // 2] * 1000,
        "p99 ms": latencies[int(moves * 0.99)] * 1000,
        "cpu us/move": cpu / moves * 1e6,
        "commits/tx": batches / max(tx, 1),
        "refused": refused,
    }


async def scratch(url: str) -> None:
    """Empty a scratch PostgreSQL database, so every run starts from the same place."""
    import asyncpg

    conn = await asyncpg.connect(url)
    try:
        await conn.execute("DROP SCHEMA public CASCADE; CREATE SCHEMA public;")
    finally:
        await conn.close()


async def build_reload_db(path: Path | str, games: int, every: int, seed: int) -> None:
    """``games`` live Rowboat tables, each stopped after a random number of moves, written the
    way the manager writes them (snapshot every ``every`` actions, the tail after it)."""
    engine = registry.get(GAME)
    rng = random.Random(seed)
    store = await open_store(path, synchronous="OFF")
    try:  # closed even when a write fails: its writer thread would keep the process alive
        batch = Batch()
        now = time.time()
        for gid in range(1, games + 1):
            seats = dumps([[gid * 10 + k, f"p{k}", None] for k in range(PLAYERS)])
            game_seed = rng.randrange(1 << 62)
            batch.games.append(
                GameWrite(
                    id=gid,
                    guild_id=1,
                    channel_id=gid,
                    game=GAME,
                    host_id=gid * 10,
                    status="live",
                    seats=seats,
                    options=dumps(OPTIONS),
                    seed=game_seed,
                    messages="{}",
                    created=now,
                    updated=now,
                    end_reason=None,
                )
            )
            state = engine.new_game(PLAYERS, OPTIONS, game_seed)
            snap = (0, engine.dump(state))
            moves = rng.randrange(3 * every)
            for version in range(1, moves + 1):
                if engine.is_over(state):
                    break
                seat = engine.to_act(state)[0]
                action = rng.choice(engine.legal_actions(state, seat))
                state, _ = engine.apply(state, seat, action)
                batch.actions.append(ActionWrite(gid, version, seat, action.code, "act", now))
                if version % every == 0:
                    snap = (version, engine.dump(state))
            batch.snapshots.append(SnapshotWrite(gid, *snap))
            if gid % 1000 == 0:
                await store.commit(batch)
                batch = Batch()
        await store.commit(batch)
    finally:
        await store.close()


def rss() -> int:
    """This process's resident memory in bytes (Linux)."""
    return int(Path("/proc/self/statm").read_text().split()[1]) * os.sysconf("SC_PAGE_SIZE")


async def reload_time(path: Path | str) -> tuple[float, int]:
    global LOADED_KB
    before = rss()
    t0 = time.perf_counter()
    mgr = await SessionManager.open(path)
    elapsed = time.perf_counter() - t0
    loaded = len(await mgr.live_games())
    LOADED_KB = (rss() - before) / 1024 / max(1, loaded)
    await mgr.close()
    return elapsed, loaded


#: memory per loaded game in the last reload (KB of RSS), for the capacity figures
LOADED_KB = 0.0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=500)
    parser.add_argument("--seconds", type=float, default=5.0)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--reload-games", type=int, default=10_000)
    parser.add_argument("--sync", default="FULL", help="SQLite synchronous mode (default FULL)")
    parser.add_argument(
        "--think",
        type=float,
        default=0.1,
        help="mean seconds a table thinks between moves in the paced runs (0: skip them)",
    )
    parser.add_argument("--dir", default=None, help="where the database files go (default: tmp)")
    parser.add_argument(
        "--db",
        default=None,
        metavar="URL",
        help="a scratch PostgreSQL database to run on instead of SQLite files"
        " (its tables are dropped before each run)",
    )
    args = parser.parse_args()

    def target(tmp: str, name: str) -> Path | str:
        if args.db is None:
            return Path(tmp) / f"{name}.sqlite3"
        asyncio.run(scratch(args.db))
        return str(args.db)

    with tempfile.TemporaryDirectory(dir=args.dir) as tmp:
        results, paced = [], []
        for run in range(args.runs):
            path = target(tmp, f"throughput{run}")
            result = asyncio.run(throughput(path, args.games, args.seconds, args.sync, run))
            results.append(result)
            print(f"saturated {run + 1}: " + ", ".join(f"{k} {v:,.2f}" for k, v in result.items()))
            if args.think:
                path = target(tmp, f"paced{run}")
                result = asyncio.run(
                    throughput(path, args.games, args.seconds, args.sync, run, args.think)
                )
                paced.append(result)
                print(f"paced {run + 1}: " + ", ".join(f"{k} {v:,.2f}" for k, v in result.items()))
        reloads = []
        if args.reload_games:
            path = target(tmp, "reload")
            t0 = time.perf_counter()
            asyncio.run(build_reload_db(path, args.reload_games, SNAPSHOT_EVERY, 1))
            print(f"built {args.reload_games} live games in {time.perf_counter() - t0:.1f} s")
            for run in range(args.runs):
                elapsed, loaded = asyncio.run(reload_time(path))
                assert loaded == args.reload_games, loaded
                reloads.append(elapsed)
                print(
                    f"reload {run + 1}: {loaded} live games in {elapsed:.2f} s, "
                    f"{LOADED_KB:.1f} KB of RSS each"
                )

    where = "PostgreSQL" if args.db else f"SQLite synchronous={args.sync}"
    print(f"\nmedians of {args.runs} runs, {args.games} concurrent games, {where}")
    print("saturated (every table moves again as soon as its act returns):")
    for key in results[0]:
        print(f"  {key:12s} {statistics.median(r[key] for r in results):10,.2f}")
    if paced:
        print(f"paced (each table thinks {args.think * 1000:.0f} ms on average between moves):")
        for key in paced[0]:
            print(f"  {key:12s} {statistics.median(r[key] for r in paced):10,.2f}")
    if reloads:
        print(f"  reload {args.reload_games} live games: {statistics.median(reloads):.2f} s")


if __name__ == "__main__":
    main()
