"""``[metrics] listen``: ``/healthz`` and ``/metrics`` of the real bot process (``python -m bot``
against the loopback Discord of ``bench/bot.py``), while people play a table; and a health
check that fails when the store cannot be written."""

from __future__ import annotations

import asyncio
import socket
import time
from collections.abc import Awaitable, Callable
from typing import Any

import aiohttp
import pytest
from prometheus_client import CollectorRegistry
from prometheus_client.parser import text_string_to_metric_families

from bot.monitor import Monitor, RequestMetrics
from tests.bench.loader import load
from tests.bot.harness import start_bot
from tests.bot.test_interactions import ALICE, BOB, live_table
from tests.postgres import OwnServer

#: the counters a game moves: interactions, their answers, moves, requests to Discord
COUNTED = (
    "tidewater_interactions_total",
    "tidewater_answer_seconds_count",
    "tidewater_moves_total",
    "tidewater_discord_requests_total",
)


async def until(check: Callable[[], Awaitable[bool]], timeout: float) -> None:
    """Poll ``check`` until it holds; fails after ``timeout`` seconds."""
    deadline = time.monotonic() + timeout
    while not await check():
        assert time.monotonic() < deadline, f"{check.__name__} did not hold in {timeout} s"
        await asyncio.sleep(0.1)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def samples(text: str) -> dict[tuple[str, tuple[tuple[str, str], ...]], float]:
    """Every sample of a Prometheus text page, by name and labels (it must parse)."""
    found: dict[tuple[str, tuple[tuple[str, str], ...]], float] = {}
    for family in text_string_to_metric_families(text):
        for sample in family.samples:
            found[(sample.name, tuple(sorted(sample.labels.items())))] = sample.value
    return found


def total(found: dict[tuple[str, Any], float], name: str) -> float:
    return sum(v for (n, _labels), v in found.items() if n == name)


@pytest.mark.slow
async def test_a_running_bot_is_healthy_and_its_counters_move(monkeypatch) -> None:
    port = free_port()
    monkeypatch.setenv("TIDEWATER_METRICS__LISTEN", f"127.0.0.1:{port}")
    bench = load("bot")
    fake = bench.Loopback(1)
    runner = await fake.start()
    child = bench.launch(fake, "monitor", False)
    stop = asyncio.Event()
    tasks: list[asyncio.Task[None]] = []
    base = f"http://127.0.0.1:{port}"
    try:
        assert await bench.wait_until(fake.ready.is_set, 60), "the bot never connected"
        assert await bench.wait_until(lambda: fake.commands, 30), "the bot synced no commands"
        async with aiohttp.ClientSession() as http:

            async def get(path: str) -> tuple[int, str]:
                async with http.get(base + path) as response:
                    return response.status, await response.text()

            async def healthy() -> bool:
                return (await get("/healthz"))[0] == 200

            # the gateway counts as connected once discord.py is ready (its guilds received)
            await until(healthy, 30)
            status, body = await get("/healthz")
            assert status == 200, body
            assert '"healthy": true' in body
            status, body = await get("/metrics")
            assert status == 200
            before = samples(body)
            # people quicker than the bench's 1-3 s a click: three moves come sooner
            table = bench.table(fake, 0, "rowboat", 2, stop, 1, think=(0.2, 0.5))
            tasks.append(asyncio.create_task(table))
            assert await bench.wait_until(lambda: fake.stats.moves >= 3, 60), "no moves"
            after: dict[tuple[str, Any], float] = {}

            async def moved() -> bool:
                nonlocal after
                after = samples((await get("/metrics"))[1])
                return all(total(after, n) > total(before, n) for n in COUNTED)

            await until(moved, 30)
        for name in COUNTED:
            assert total(after, name) > total(before, name), name
        assert after[("tidewater_games", (("game", "rowboat"), ("status", "live")))] == 1
        assert ("tidewater_table_edits_queued", ()) in after
        assert ("tidewater_commit_failures_total", ()) in after
    finally:
        await bench.shutdown(stop, tasks, child, runner)


async def test_health_fails_when_the_store_cannot_be_written(fake, tmp_path) -> None:
    """The state a broken database connection leaves (its writer gone): unhealthy, with the
    store named, while the metrics page still answers."""
    table = await live_table(fake, tmp_path, ai=0, people=(ALICE, BOB))
    bot = table.bot
    registry = CollectorRegistry()
    requests = RequestMetrics(registry, lambda: 0.0)
    parts = (bot.publisher, bot.tables.pictures)
    monitor = Monitor(bot, bot.manager, *parts, requests, registry)
    try:
        bot._ready.set()  # as the gateway's READY does
        assert await monitor.health() == {"gateway": True, "store": True, "leases": True}
        await bot.manager._store._stop_writer()  # its connection gone: nothing is written
        assert await monitor.health() == {"gateway": True, "store": False, "leases": True}
        assert samples(await asyncio.to_thread(_page, registry))
    finally:
        await bot.close()


def _page(registry: CollectorRegistry) -> str:
    from prometheus_client import generate_latest

    return generate_latest(registry).decode()


async def test_health_follows_a_database_outage_and_recovers_by_itself(
    fake, own_postgres: OwnServer
) -> None:
    """Issue 39: ``/healthz`` answers 503 (the store named) while the PostgreSQL server is
    down, and 200 again, with nobody touching the bot, once it is back."""
    bot = await start_bot(fake, own_postgres.url)
    registry = CollectorRegistry()
    requests = RequestMetrics(registry, lambda: 0.0)
    monitor = Monitor(bot, bot.manager, bot.publisher, bot.tables.pictures, requests, registry)
    try:
        bot._ready.set()  # as the gateway's READY does
        host, port = await monitor.start("127.0.0.1:0")
        async with aiohttp.ClientSession() as http:
            last: tuple[int, str] = (0, "")

            async def status(expected: int) -> bool:
                nonlocal last
                async with http.get(f"http://{host}:{port}/healthz") as response:
                    last = (response.status, await response.text())
                return last[0] == expected

            async def healthy() -> bool:
                return await status(200)

            async def unhealthy() -> bool:
                return await status(503)

            await until(healthy, 10)
            await asyncio.to_thread(own_postgres.stop)
            await until(unhealthy, 10)
            assert '"store": false' in last[1] and '"gateway": true' in last[1]
            await asyncio.to_thread(own_postgres.start)
            await until(healthy, 20)  # the writer reconnects within its 5 s backoff
            assert '"store": true' in last[1]
    finally:
        await monitor.close()
        await bot.close()
