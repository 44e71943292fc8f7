"""Health and metrics of one process: ``/healthz`` and ``/metrics`` (``[metrics] listen``).

Why these two: a supervisor (Docker's ``HEALTHCHECK``, Kubernetes, systemd with a watchdog)
needs to know when a process that still runs has stopped working, most often because its
database went away; and a self-hoster who runs a bot for many servers wants the figures a
Prometheus server scrapes, the way other bots expose them.

Why it costs nothing on the hot path: what changes per interaction or move is counted with
prometheus-client's counters and one histogram (a lock and an addition each), and everything
else (live games, the table-edit queue, commit failures, AI decisions, the picture cache) is
read from the parts at scrape time by :class:`PartsCollector`. Only a scrape or a health
check does work, and never on a click's path.

The answer time is measured from the moment discord.py hands the bot an interaction to the
moment Discord's answer to the bot's answer request (``POST …/callback``) arrives, on
discord.py's own HTTP session (:meth:`RequestMetrics.watch`): every answer, whatever part of
the bot made it, and every REST status. Why not aiohttp's request tracing (``http_trace``),
which it first used: a trace sends a dozen signals per request, each with a parameters object
and a URL rebuilt for it, about 30 µs of CPU per request measured in isolation against 6 µs for
the wrapper, at three or four requests a move (``bench/README.md``).
"""

from __future__ import annotations

import asyncio
import json
import logging
import re
import time
from collections.abc import Callable, Generator, Iterable
from typing import Any, get_args

import aiohttp
import discord
from aiohttp import web
from prometheus_client import CollectorRegistry, Counter, Histogram, generate_latest
from prometheus_client.core import CounterMetricFamily, GaugeMetricFamily, Metric
from prometheus_client.registry import Collector

from bot.model import MoveCause, Update
from bot.publisher import Publisher
from bot.sessions import SessionManager
from bot.table.pictures import Pictures

log = logging.getLogger(__name__)

#: the causes of a committed move (an update of any other cause moved no card)
MOVE_CAUSES = frozenset(get_args(MoveCause))
#: answer times worth telling apart, up to Discord's 3 s limit and beyond
ANSWER_BUCKETS = (0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.0, 3.0, 5.0)
#: a health check that takes longer than this is a failed one
CHECK_SECONDS = 3.0
_CALLBACK = re.compile(r"/interactions/([0-9]+)/[^/]+/callback$")
#: interactions received and not yet answered, kept at most this many (a forged one may never
#: be answered)
_PENDING_MAX = 10_000


class RequestMetrics:
    """What passes between the bot and Discord: interactions, answer times, REST statuses.

    Built before the bot; :meth:`watch` is handed the bot's HTTP session once it has logged
    in."""

    def __init__(self, registry: CollectorRegistry, clock: Callable[[], float]) -> None:
        self.clock = clock
        self.interactions = Counter(
            "tidewater_interactions",
            "Interactions received, by type",
            ["type"],
            registry=registry,
        )
        self.answers = Histogram(
            "tidewater_answer_seconds",
            "From an interaction's arrival to the end of its answer request",
            buckets=ANSWER_BUCKETS,
            registry=registry,
        )
        self.requests = Counter(
            "tidewater_discord_requests",
            "Requests to Discord's REST API, by status class (2xx, 4xx, 5xx)",
            ["status"],
            registry=registry,
        )
        self.rate_limited = Counter(
            "tidewater_discord_rate_limited",
            "Requests Discord answered with 429 (discord.py waits and retries them)",
            registry=registry,
        )
        self._pending: dict[int, float] = {}

    def arrived(self, data: Any) -> None:
        """An ``INTERACTION_CREATE`` event's data, as the gateway delivered it: count it by
        type, note when it arrived (see :meth:`Monitor.__init__` for why not a listener)."""
        try:
            kind = discord.InteractionType(data["type"]).name
            interaction_id = int(data["id"])
        except (KeyError, TypeError, ValueError):
            return  # not an interaction discord.py can read: the gateway guard answers it
        self.interactions.labels(type=kind).inc()
        if len(self._pending) >= _PENDING_MAX:
            self._pending.clear()
        self._pending[interaction_id] = self.clock()

    def watch(self, session: aiohttp.ClientSession) -> None:
        """Count every request made through ``session`` (discord.py's one session: its REST
        calls and its interaction answers both use ``session.request``) by the status of its
        answer, and time the interaction answers.

        One wrapper object per request and one comparison when its answer's headers arrive,
        instead of a trace (see the module's docstring)."""
        request = session.request

        def counted(method: str, url: Any, **kwargs: Any) -> _Counted:
            return _Counted(request(method, url, **kwargs), self, url)

        session.request = counted  # type: ignore[method-assign,assignment]

    def answered(self, status: int, url: Any) -> None:
        """A request through the watched session got its answer's status line and headers
        (the gateway's upgrade, 101, is not a REST request)."""
        if status < 200:
            return
        self.requests.labels(status=f"{status // 100}xx").inc()
        if status == 429:
            self.rate_limited.inc()
        path = str(url)
        if path.endswith("/callback"):
            match = _CALLBACK.search(path)
            if match is not None:
                arrived = self._pending.pop(int(match.group(1)), None)
                if arrived is not None:
                    self.answers.observe(max(0.0, self.clock() - arrived))


class _Counted:
    """``session.request(...)``'s context manager, noting the answer's status on the way in."""

    __slots__ = ("_inner", "_metrics", "_url")

    def __init__(self, inner: Any, metrics: RequestMetrics, url: Any) -> None:
        self._inner = inner
        self._metrics = metrics
        self._url = url

    async def __aenter__(self) -> aiohttp.ClientResponse:
        response: aiohttp.ClientResponse = await self._inner.__aenter__()
        self._metrics.answered(response.status, self._url)
        return response

    def __await__(self) -> Generator[Any, None, aiohttp.ClientResponse]:
        """``await session.request(...)`` without ``async with`` (discord.py does both)."""
        return self._awaited().__await__()

    async def _awaited(self) -> aiohttp.ClientResponse:
        response: aiohttp.ClientResponse = await self._inner
        self._metrics.answered(response.status, self._url)
        return response

    async def __aexit__(self, *exc: Any) -> Any:
        return await self._inner.__aexit__(*exc)


class PartsCollector(Collector):
    """The figures read from the bot's parts when Prometheus scrapes (nothing on the hot path)."""

    def __init__(self, manager: SessionManager, publisher: Publisher, pictures: Pictures) -> None:
        self.manager = manager
        self.publisher = publisher  # the table-edit queue
        self.pictures = pictures  # the picture cache

    def collect(self) -> Iterable[Metric]:
        games = GaugeMetricFamily(
            "tidewater_games", "Lobbies and live games in memory", labels=["game", "status"]
        )
        for (game, status), count in sorted(self.manager.reads.counts().items()):
            games.add_metric([game, status], count)
        yield games
        yield CounterMetricFamily(
            "tidewater_commit_failures",
            "Commits the store refused (nothing of them was saved)",
            value=self.manager.commit_failures,
        )
        yield GaugeMetricFamily(
            "tidewater_table_edits_queued",
            "Games whose table waits for its next edit",
            value=self.publisher.queued(),
        )
        ai = self.manager.ai_decisions
        yield CounterMetricFamily("tidewater_ai_decisions", "AI moves chosen", value=ai.count)
        yield CounterMetricFamily(
            "tidewater_ai_decision_seconds",
            "Wall time spent choosing AI moves (divide by tidewater_ai_decisions_total)",
            value=ai.seconds,
        )
        hits, misses = self.pictures.cache_stats()
        pictures = CounterMetricFamily(
            "tidewater_picture_cache", "Picture cache look-ups", labels=["result"]
        )
        pictures.add_metric(["hit"], hits)
        pictures.add_metric(["miss"], misses)
        yield pictures


class Monitor:
    """The ``/healthz`` and ``/metrics`` server of one process."""

    def __init__(
        self,
        client: discord.Client,
        manager: SessionManager,
        publisher: Publisher,
        pictures: Pictures,
        requests: RequestMetrics,
        registry: CollectorRegistry,
        clock: Callable[[], float] = time.time,
    ) -> None:
        #: the Discord client whose gateway connection the health check looks at
        self.client = client
        self.manager = manager
        self.requests = requests
        self.registry = registry
        self.clock = clock
        registry.register(PartsCollector(manager, publisher, pictures))
        # Seen at the gateway's parser rather than by an ``on_interaction`` listener: discord.py
        # runs every listener call as a task of its own, a cost per interaction that the
        # metrics must not add (issue 39: serving them must not raise the CPU per interaction)
        parsers = client._connection.parsers
        parse = parsers["INTERACTION_CREATE"]

        def counted(data: Any) -> None:
            requests.arrived(data)
            parse(data)

        parsers["INTERACTION_CREATE"] = counted
        manager.add_listener(self._moved)
        self.moves = Counter(
            "tidewater_moves",
            "Moves committed, by game and by who made them (a person, an AI, a clock)",
            ["game", "cause"],
            registry=registry,
        )
        self._runner: web.AppRunner | None = None

    async def _moved(self, update: Update) -> None:
        if update.cause in MOVE_CAUSES:
            self.moves.labels(game=update.info.game, cause=update.cause).inc()

    async def health(self) -> dict[str, bool]:
        """Each check and whether it passed: the gateway connected, the store writable, the
        shard leases held."""
        client = self.client
        shards = getattr(client, "shards", {})
        gateway = (
            client.is_ready()
            and not client.is_closed()
            and all(not shard.is_closed() for shard in shards.values())
        )
        try:
            await asyncio.wait_for(self.manager.probe(), CHECK_SECONDS)
            store = True
        except Exception as exc:  # unreachable, refused, or too slow: unhealthy, said once
            log.warning("health check: the store cannot be written (%s)", type(exc).__name__)
            store = False
        return {"gateway": gateway, "store": store, "leases": self.manager.leases_held()}

    async def _healthz(self, request: web.Request) -> web.Response:
        checks = await self.health()
        status = 200 if all(checks.values()) else 503
        body = {"healthy": status == 200, **checks}
        return web.Response(status=status, text=json.dumps(body), content_type="application/json")

    async def _metrics(self, request: web.Request) -> web.Response:
        body = await asyncio.to_thread(generate_latest, self.registry)
        return web.Response(body=body, headers={"Content-Type": "text/plain; version=0.0.4"})

    async def start(self, listen: str) -> tuple[str, int]:
        """Serve on ``host:port`` (port 0: any free one); returns where it listens."""
        host, _, port = listen.rpartition(":")
        app = web.Application()
        app.router.add_get("/healthz", self._healthz)
        app.router.add_get("/metrics", self._metrics)
        self._runner = web.AppRunner(app, access_log=None)
        await self._runner.setup()
        site = web.TCPSite(self._runner, host or "127.0.0.1", int(port))
        await site.start()
        server = site._server
        sockets = getattr(server, "sockets", None) or []
        bound = sockets[0].getsockname() if sockets else (host, int(port))
        log.info("health and metrics on http://%s:%d (/healthz, /metrics)", bound[0], bound[1])
        return str(bound[0]), int(bound[1])

    async def close(self) -> None:
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None
