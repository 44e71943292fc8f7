"""Several processes on one PostgreSQL: each drives only its shards' games, an owned shard is
refused, and an expired owner's shard is taken over with no acknowledged move lost."""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable, Sequence
from typing import Any

import pytest

from bot.sessions import SessionManager
from bot.sessions.shards import IdSpace, ShardCountMismatch, ShardOwned, ShardPlan, shard_of
from tests.bot.sessions_support import engines

#: guild ids whose shard (of 2) is 0 and 1 by Discord's formula
GUILD_ON = {0: 4 << 22, 1: 5 << 22}


class Clock:
    def __init__(self) -> None:
        self.now = 1_800_000_000.0

    def __call__(self) -> float:
        return self.now


def test_the_shard_formula_and_disjoint_ids() -> None:
    assert shard_of(GUILD_ON[0], 2) == 0 and shard_of(GUILD_ON[1], 2) == 1
    a, b = IdSpace(2, 0, after=7), IdSpace(2, 1, after=7)
    taken_a = [a.take() for _ in range(5)]
    taken_b = [b.take() for _ in range(5)]
    assert not set(taken_a) & set(taken_b) and min(taken_a + taken_b) > 7
    with pytest.raises(ValueError):
        ShardPlan(2, (2,))


async def open_mgr(
    url: str,
    ids: tuple[int, ...],
    clock: Clock,
    owner: str,
    *,
    count: int = 2,
    wait: bool = False,
) -> SessionManager:
    return await SessionManager.open(
        url,
        engines=engines,
        clock=clock,
        autoplay=False,
        shards=ShardPlan(count, ids),
        owner=owner,
        lease_seconds=30.0,
        wait_for_lease=wait,
    )


def crash(mgr: SessionManager) -> None:
    """Make ``mgr`` stop as a crashed process does: no more renewals, no release on close."""
    lease = mgr._lease
    assert lease is not None and lease._task is not None
    lease._task.cancel()
    lease.release = _no_release  # type: ignore[method-assign]


async def start_game(mgr: SessionManager, guild: int, channel: int) -> int:
    info = await mgr.create_lobby(
        guild_id=guild, channel_id=channel, game="turn_the_tide", host_id=1, host_name="A", seed=3
    )
    await mgr.join(info.id, 2, "B")
    await mgr.join(info.id, 3, "C")
    await mgr.start(info.id, 1)
    return info.id


async def play(mgr: SessionManager, gid: int, moves: int) -> int:
    for _ in range(moves):
        info, state = await mgr.state(gid)
        engine = engines(info.game)
        seat = engine.to_act(state)[0]
        await mgr.act(gid, seat, engine.legal_actions(state, seat)[0].code, info.version)
    return (await mgr.get(gid)).version


async def test_processes_drive_only_their_own_shards(postgres_url: str) -> None:
    clock = Clock()
    a = await open_mgr(postgres_url, (0,), clock, "proc-a")
    b = await open_mgr(postgres_url, (1,), clock, "proc-b")
    try:
        ga = await start_game(a, GUILD_ON[0], 100)
        gb = await start_game(b, GUILD_ON[1], 200)
        assert ga != gb  # disjoint id spaces, one database
        await play(a, ga, 5)
        await play(b, gb, 4)
    finally:
        await a.close()
        await b.close()
    a = await open_mgr(postgres_url, (0,), clock, "proc-a")
    b = await open_mgr(postgres_url, (1,), clock, "proc-b")
    try:
        assert [g.id for g in await a.live_games()] == [ga]
        assert [g.id for g in await b.live_games()] == [gb]
    finally:
        await a.close()
        await b.close()


async def test_an_owned_shard_is_refused_and_taken_over_after_expiry(postgres_url: str) -> None:
    clock = Clock()
    a = await open_mgr(postgres_url, (0,), clock, "proc-a")
    gid = await start_game(a, GUILD_ON[0], 100)
    acknowledged = await play(a, gid, 7)
    # a second process for shard 0 while proc-a lives: refused, and nothing loaded
    with pytest.raises(ShardOwned, match="shard"):
        await open_mgr(postgres_url, (0, 1), clock, "proc-b")
    # proc-a stops answering (a crash: its lease is not released) ...
    crash(a)
    await a.close()
    with pytest.raises(ShardOwned):
        await open_mgr(postgres_url, (0,), clock, "proc-b")
    # ... and once its lease has expired, proc-b takes the shard over with every move
    clock.now += 31
    b = await open_mgr(postgres_url, (0,), clock, "proc-b")
    try:
        assert [g.id for g in await b.live_games()] == [gid]
        assert (await b.get(gid)).version == acknowledged
        assert await play(b, gid, 2) == acknowledged + 2
    finally:
        await b.close()


async def _no_release() -> None:
    return None


async def test_a_process_of_another_shard_count_is_refused_until_the_old_leases_expire(
    postgres_url: str,
) -> None:
    clock = Clock()
    a = await open_mgr(postgres_url, (1,), clock, "proc-a", count=2)
    gid = await start_game(a, GUILD_ON[1], 100)  # guild 5 << 22: shard 1 of 2, shard 1 of 4
    acknowledged = await play(a, gid, 3)
    # shard 3 of 4 and shard 1 of 2 share guilds (issue 38: both started and drove them)
    with pytest.raises(ShardCountMismatch, match=r"shard_count = 2.*shard_count = 4"):
        await open_mgr(postgres_url, (3,), clock, "proc-b", count=4)
    crash(a)
    await a.close()
    clock.now += 31  # every lease of the old count has expired: the new count takes over
    b = await open_mgr(postgres_url, (0, 1, 2, 3), clock, "proc-b", count=4)
    try:
        assert [g.id for g in await b.live_games()] == [gid]
        assert (await b.get(gid)).version == acknowledged
        with pytest.raises(ShardCountMismatch):  # and now the old count is the one refused
            await open_mgr(postgres_url, (0,), clock, "proc-c", count=2)
    finally:
        await b.close()


async def test_a_waiting_process_takes_over_as_soon_as_the_owner_closes_cleanly(
    postgres_url: str, caplog: pytest.LogCaptureFixture
) -> None:
    """A rolling restart: the new process starts waiting, the old one stops (SIGTERM closes
    its manager), and the shard changes hands at the new process's next try, not at expiry."""
    clock = Clock()  # stands still: only the release can free the lease
    a = await open_mgr(postgres_url, (0,), clock, "proc-old")
    gid = await start_game(a, GUILD_ON[0], 100)
    acknowledged = await play(a, gid, 4)
    caplog.set_level(logging.WARNING, logger="bot.sessions.shards")
    waiting = asyncio.create_task(open_mgr(postgres_url, (0,), clock, "proc-new", wait=True))
    await asyncio.wait_for(until(lambda: "waiting for the shard leases" in caplog.text), 10)
    assert not waiting.done()
    closed = time.monotonic()
    await a.close()
    b = await asyncio.wait_for(waiting, 10)
    gap = time.monotonic() - closed
    try:
        assert gap < 3.0  # one poll (1 s) and the load
        assert (await b.get(gid)).version == acknowledged
        assert await play(b, gid, 1) == acknowledged + 1
    finally:
        await b.close()


async def until(condition: Callable[[], bool]) -> None:
    while not condition():
        await asyncio.sleep(0.01)


@pytest.mark.parametrize("backend", ["postgresql", "sqlite"])
async def test_a_stalled_owner_replaced_meanwhile_cannot_commit_a_move(
    backend: str, postgres_url: str, tmp_path: Any
) -> None:
    """Issue 38's split brain: proc-a stalls past its lease (its renewal paused), proc-b takes
    the shard over, proc-a resumes and tries a move. The database refuses it in the move's own
    transaction (the epoch changed), nothing of it is saved, and proc-a is told to stop."""
    url = postgres_url if backend == "postgresql" else str(tmp_path / "shared.sqlite3")
    clock = Clock()
    told: list[Sequence[int]] = []
    a = await SessionManager.open(
        url,
        engines=engines,
        clock=clock,
        autoplay=False,
        shards=ShardPlan(2, (0,)),
        owner="proc-a",
        lease_seconds=30.0,
        on_lease_lost=told.append,
    )
    gid = await start_game(a, GUILD_ON[0], 100)
    acknowledged = await play(a, gid, 3)
    lease = a._lease
    assert lease is not None and lease._task is not None
    lease._task.cancel()  # proc-a stalls: no renewal ...
    clock.now += 31
    b = await open_mgr(url, (0,), clock, "proc-b")  # ... and is replaced
    try:
        info, state = await a.state(gid)  # proc-a wakes up with a click in hand
        engine = engines(info.game)
        seat = engine.to_act(state)[0]
        with pytest.raises(Exception, match="held by another process"):
            await a.act(gid, seat, engine.legal_actions(state, seat)[0].code, info.version)
        assert told == [[0]]
        assert (await b.get(gid)).version == acknowledged  # nothing of proc-a's move
        assert len(await b.actions(gid)) == acknowledged
        assert await play(b, gid, 1) == acknowledged + 1  # and proc-b plays on
    finally:
        a._lease = None  # its leases are proc-b's: nothing to give back
        await a.close()
        await b.close()
