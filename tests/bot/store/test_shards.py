"""Several processes on one PostgreSQL: each drives only its shards' games, an owned shard is
refused, and an expired owner's shard is taken over with no acknowledged move lost."""

from __future__ import annotations

import pytest

from bot.sessions import SessionManager
from bot.sessions.shards import IdSpace, ShardOwned, ShardPlan, shard_of
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


async def open_mgr(url: str, ids: tuple[int, ...], clock: Clock, owner: str) -> SessionManager:
    return await SessionManager.open(
        url,
        engines=engines,
        clock=clock,
        autoplay=False,
        shards=ShardPlan(2, ids),
        owner=owner,
        lease_seconds=30.0,
    )


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
    lease = a._lease
    assert lease is not None and lease._task is not None
    lease._task.cancel()  # no more renewals, and no release on the way down
    lease.release = _no_release  # type: ignore[method-assign]
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
