"""A process that cannot write lets its shard go (issue 38): while its writer cannot reach the
database, its lease is not renewed, even once the server answers its read connections again;
another process takes the shard over when the lease has run out, and the first one, once it
can write again, finds the shard gone and takes the lost-lease path (``python -m bot`` exits 3
from there)."""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable, Sequence

import pytest

from bot.sessions import SessionManager
from bot.sessions.shards import ShardPlan
from tests.bot.sessions_support import engines
from tests.bot.store.test_shards import Clock, play, start_game
from tests.postgres import OwnServer

pytestmark = pytest.mark.slow  # a server of its own, stopped and started

#: a short lease, so that the renewal beats (a third of it) come often in real time; its expiry
#: is judged on the test's clock
TTL = 0.3
NOT_RENEWED = "shard lease not renewed"


async def until(check: Callable[[], object], timeout: float, what: str) -> None:
    started = time.monotonic()
    while not check():
        assert time.monotonic() - started < timeout, f"{what}: not within {timeout} s"
        await asyncio.sleep(0.02)


async def test_a_lease_is_not_renewed_while_the_store_cannot_write(
    own_postgres: OwnServer, caplog: pytest.LogCaptureFixture
) -> None:
    clock = Clock()
    told: list[Sequence[int]] = []
    a = await SessionManager.open(
        own_postgres.url,
        engines=engines,
        clock=clock,
        autoplay=False,
        shards=ShardPlan(1, (0,)),
        owner="proc-a",
        lease_seconds=TTL,
        on_lease_lost=told.append,
    )
    b: SessionManager | None = None
    lease = a._lease
    assert lease is not None
    try:
        gid = await start_game(a, 4 << 22, 100)
        acknowledged = await play(a, gid, 2)

        # proc-a's writer cannot get through until the gate opens (a route to the server that
        # stays cut while its read connections are back), so its outage outlasts the server's
        gate = asyncio.Event()
        reconnect = a.store._reconnect  # type: ignore[attr-defined]

        async def held() -> None:
            await gate.wait()
            await reconnect()

        a.store._reconnect = held  # type: ignore[attr-defined]
        await asyncio.to_thread(own_postgres.stop)
        await until(lambda: not a.store.writable(), 10, "the outage noticed")
        clock.now += TTL + 1  # proc-a's lease has run out by now
        renewed_until = lease.valid_until
        await asyncio.to_thread(own_postgres.start)

        # the server answers again; proc-a's renewal beats pass, renewing nothing
        caplog.set_level(logging.WARNING, logger="bot.sessions.shards")
        caplog.clear()

        def beats() -> int:
            return sum(NOT_RENEWED in r.getMessage() for r in caplog.records)

        await until(lambda: beats() >= 3 or lease.valid_until != renewed_until, 20, "renewal beats")
        assert lease.valid_until == renewed_until, "renewed while the store could not write"
        assert lease.renewing() and not told

        # proc-b takes the shard over and plays on
        b = await SessionManager.open(
            own_postgres.url,
            engines=engines,
            clock=clock,
            autoplay=False,
            shards=ShardPlan(1, (0,)),
            owner="proc-b",
            lease_seconds=TTL,
        )
        assert await play(b, gid, 1) == acknowledged + 1

        # proc-a can write again: its next renewal finds the shard gone, and it stops
        gate.set()
        await until(lambda: told, 20, "proc-a told its lease is lost")
        assert told == [[0]]
        assert a.fencing.fenced and not lease.renewing()
        assert len(await b.actions(gid)) == acknowledged + 1
    finally:
        a._lease = None  # its lease is proc-b's (or was never lost): nothing to give back
        await a.close()
        if b is not None:
            await b.close()
