"""Hundreds of concurrent acts on the same and on different games, duplicates and stale
versions included: nothing lost, nothing doubled, versions contiguous, the final states equal a
sequential replay of the log."""

from __future__ import annotations

import asyncio
import random
from pathlib import Path
from typing import Any

from bot.sessions import SessionManager, StaleVersion
from games import IllegalAction
from tests.bot.sessions_support import TALLY, engines, replay
from tests.postgres import Db

HOST = 100
GAMES = 12
CLICKERS = 30  # concurrent "players" per game, all clicking on whatever they last saw


async def test_concurrent_acts(tmp_path: Path, db: Db) -> None:
    path = db("c")
    mgr = await SessionManager.open(path, engines=engines, snapshot_every=5)
    ids = []
    for n in range(GAMES):
        mode = "together" if n % 2 else "turns"
        info = await mgr.create_lobby(
            guild_id=1,
            channel_id=n,
            game="tally",
            host_id=HOST,
            host_name="H",
            options={"target": 400, "mode": mode},
            seed=n,
        )
        for k in range(1, 4):
            await mgr.join(info.id, HOST + k, f"P{k}")
        await mgr.start(info.id, HOST)
        ids.append(info.id)

    accepted: list[tuple[int, int, int, str]] = []  # (game, version, seat, code) as returned
    refused = {"stale": 0, "illegal": 0}

    async def clicker(gid: int, rng: random.Random) -> None:
        for _ in range(25):
            info, state = await mgr.state(gid)
            if info.status != "live":
                return
            to_act = TALLY.to_act(state)
            seat = rng.choice(to_act) if rng.random() < 0.9 else rng.randrange(4)
            code = f"add:{rng.choice((1, 2))}"
            version = info.version if rng.random() < 0.8 else None
            tries = [mgr.act(gid, seat, code, version) for _ in range(rng.choice((1, 1, 2)))]
            for result in await asyncio.gather(*tries, return_exceptions=True):
                if isinstance(result, StaleVersion):
                    refused["stale"] += 1
                elif isinstance(result, IllegalAction):
                    refused["illegal"] += 1
                elif isinstance(result, BaseException):
                    raise result
                else:
                    # a click made at version v can only ever produce version v + 1
                    assert version is None or result.info.version == version + 1
                    accepted.append((gid, result.info.version, result.seat, result.code))
            await asyncio.sleep(0)

    rng = random.Random(2024)
    await asyncio.gather(
        *(clicker(gid, random.Random(rng.random())) for gid in ids for _ in range(CLICKERS))
    )
    await mgr.settle()
    assert len(accepted) > 500 and refused["stale"] > 50 and refused["illegal"] > 10, refused
    assert mgr._store.transactions < mgr._store.batches  # commits were shared

    async def check(m: SessionManager) -> dict[int, Any]:
        states = {}
        for gid in ids:
            info, state = await m.state(gid)
            log = await m.actions(gid)
            assert [seq for seq, _, _ in log] == list(range(1, info.version + 1))
            options = {"target": 400, "mode": "together" if gid % 2 == 0 else "turns"}
            assert dict(info.options) == options
            assert replay(TALLY, 4, options, gid - 1, log) == state
            states[gid] = state
        return states

    states = await check(mgr)
    logged = []
    for gid in ids:
        logged += [(gid, seq, seat, code) for seq, seat, code in await mgr.actions(gid)]
    assert sorted(accepted) == sorted(logged)  # every acknowledged act exactly once, nothing else
    await mgr.close()
    mgr = await SessionManager.open(path, engines=engines, snapshot_every=5)
    try:
        assert await check(mgr) == states
    finally:
        await mgr.close()
