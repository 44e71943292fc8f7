"""What :class:`bot.monitor.RequestMetrics` counts on the bot's HTTP session (issue 39): each
answer's status class, the 429s, and the time from an interaction's arrival to its answer,
through both ways discord.py and aiohttp use a session (``async with`` and ``await``)."""

from __future__ import annotations

import aiohttp
from aiohttp import web
from prometheus_client import CollectorRegistry

from bot.monitor import RequestMetrics


async def serve() -> tuple[web.AppRunner, str]:
    async def ok(request: web.Request) -> web.Response:
        return web.json_response({})

    async def limited(request: web.Request) -> web.Response:
        return web.json_response({"retry_after": 0.1}, status=429)

    async def missing(request: web.Request) -> web.Response:
        return web.json_response({}, status=404)

    app = web.Application()
    app.router.add_post("/api/v10/interactions/{id}/{token}/callback", ok)
    app.router.add_patch("/api/v10/channels/1/messages/2", ok)
    app.router.add_post("/api/v10/channels/1/messages", limited)
    app.router.add_get("/api/v10/channels/9", missing)
    runner = web.AppRunner(app, access_log=None)
    await runner.setup()
    site = web.TCPSite(runner, "127.0.0.1", 0)
    await site.start()
    port = site._server.sockets[0].getsockname()[1]  # type: ignore[union-attr]
    return runner, f"http://127.0.0.1:{port}/api/v10"


def value(registry: CollectorRegistry, name: str, **labels: str) -> float:
    found = registry.get_sample_value(name, labels)
    return 0.0 if found is None else found


async def test_statuses_429s_and_answer_times_are_counted_on_the_watched_session() -> None:
    runner, base = await serve()
    registry = CollectorRegistry()
    now = [100.0]
    metrics = RequestMetrics(registry, lambda: now[0])
    try:
        async with aiohttp.ClientSession() as session:
            metrics.watch(session)
            metrics.arrived({"type": 3, "id": "777"})  # a button click reaches the bot
            now[0] = 100.25
            async with session.request("POST", f"{base}/interactions/777/tok/callback") as r:
                assert r.status == 200
            async with session.request("PATCH", f"{base}/channels/1/messages/2") as r:
                await r.read()
            response = await session.request("POST", f"{base}/channels/1/messages")
            response.release()
            async with session.request("GET", f"{base}/channels/9") as r:
                assert r.status == 404
    finally:
        await runner.cleanup()
    assert value(registry, "tidewater_interactions_total", type="component") == 1
    assert value(registry, "tidewater_discord_requests_total", status="2xx") == 2
    assert value(registry, "tidewater_discord_requests_total", status="4xx") == 2
    assert value(registry, "tidewater_discord_rate_limited_total") == 1
    assert value(registry, "tidewater_answer_seconds_count") == 1
    assert value(registry, "tidewater_answer_seconds_sum") == 0.25
    # the answer was timed once: its interaction is no longer waiting
    assert value(registry, "tidewater_answer_seconds_bucket", le="0.5") == 1
    assert value(registry, "tidewater_answer_seconds_bucket", le="0.1") == 0
