"""The whole bot under load: the real bot process against a loopback Discord.

Why a loopback server and not the test harness: the harness patches discord.py's HTTP layer, so
it cannot see what an interaction really costs. Here the bot runs unchanged (``python -m bot``,
with discord.py's REST base URL pointed at this process) and talks HTTP and a zlib-compressed
gateway websocket to a small Discord written for the benchmark, so discord.py's, aiohttp's and
JSON's own costs are counted. Simulated people sit at N tables (one channel each), open their
hands and click a random legal control after thinking 1-3 s, exactly through the buttons and
menus the bot sent them.

Printed per N (median of the measured window): bot CPU ms per interaction, REST calls per
move, answer latency p50/p99 (gateway dispatch to the interaction callback arriving), RSS and
RSS per active table (over the idle bot, and between two runs: the marginal cost). The people
click within 1-3 s, so under the default settings they are all at the table: their turns show
on their hands and the table is edited in place, posted anew every two minutes.

The tables open one after another over ``--ramp`` seconds (12 by default), as tables of a real
server do. Why it matters for memory: when 100 tables opened in the same second, the bot's RSS
stayed at the high-water mark of that burst (the allocator keeps freed memory), 160-220 KB per
table between 20 and 100 tables, against about 40 KB for the same tables opened over 12 s
(2026-11-26); tracemalloc saw the same 9.5 MB of live Python objects at 20 and at 100 tables.
``--ramp 0`` gives the burst.

``--profile FILE`` runs the bot under cProfile; ``BENCH_TRACEMALLOC=FILE`` writes the live
Python allocation sites every 5 s while the tables play (the last write before the end stays).

``--floor`` measures what discord.py and aiohttp alone cost for the same traffic, the floor
under the bot's figure: instead of the bot, a minimal discord.py client (:func:`floor_main`)
answers every click with exactly the requests a move of the bot makes (the update callback
carrying a hand, a PATCH of the table, and a refresh of the next person's hand nine times in
ten, through the same lean request functions the bot uses), with a real Rowboat hand and table
captured from the bot (``bench/floor_payloads.json``) and no game, store or rendering at all.
The people at its tables take turns, each clicking on their hand 1-3 s after the last move.

Usage (bench/README.md):
    python bench/bot.py                      # N = 1, 20, 100, 300
    python bench/bot.py --tables 20 --seconds 60 --game rowboat
    python bench/bot.py --tables 100 --floor  # discord.py's own cost for the same requests
    python bench/bot.py --tables 100 --pictures --count-pictures  # pictures drawn per interaction
    python bench/bot.py --tables 30 --pictures --stub-pictures  # pictures' cost besides drawing
"""

from __future__ import annotations

import argparse
import asyncio
import atexit
import contextlib
import itertools
import json
import os
import random
import re
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import zlib
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import aiohttp
from aiohttp import WSMsgType, web

ROOT = Path(__file__).resolve().parents[1]
APP_ID = 810000000000000001
BOT_ID = 810000000000000002
GUILD_ID = 810000000000000010
FIRST_CHANNEL = 810000000000001000
EPHEMERAL = 64
TOKEN = "MTAxMDEwMTAxMDEwMTAxMDEw.GaBcDe.abcdefghijklmnopqrstuvwxyz0123456789"
JSON_HEADERS = {"Content-Type": "application/json"}
CLK_TCK = os.sysconf("SC_CLK_TCK")
PAGE = os.sysconf("SC_PAGE_SIZE")


def user_payload(uid: int, name: str) -> dict[str, Any]:
    return {
        "id": str(uid),
        "username": name.lower(),
        "global_name": name,
        "discriminator": "0",
        "avatar": None,
    }


def member_payload(uid: int, name: str) -> dict[str, Any]:
    perms = (1 << 10) | (1 << 11) | (1 << 31)  # view, send, use application commands
    return {
        "user": user_payload(uid, name),
        "roles": [],
        "joined_at": "2026-01-01T00:00:00+00:00",
        "deaf": False,
        "mute": False,
        "flags": 0,
        "pending": False,
        "nick": None,
        "permissions": str(perms),
    }


def channel_payload(cid: int) -> dict[str, Any]:
    return {
        "id": str(cid),
        "type": 0,
        "guild_id": str(GUILD_ID),
        "name": f"table-{cid - FIRST_CHANNEL}",
        "position": cid - FIRST_CHANNEL,
        "permission_overwrites": [],
        "nsfw": False,
        "parent_id": None,
        "topic": None,
        "last_message_id": None,
        "rate_limit_per_user": 0,
    }


@dataclass
class Token:
    user_id: int
    channel_id: int
    sent_at: float
    source_message: int | None
    original: int | None = None
    answered: bool = False


@dataclass
class Stats:
    interactions: int = 0
    moves: int = 0
    latencies: list[float] = field(default_factory=list)
    rest: Counter[str] = field(default_factory=Counter)

    def reset(self) -> None:
        self.interactions = 0
        self.moves = 0
        self.latencies.clear()
        self.rest.clear()


class Loopback:
    """Just enough of Discord's REST API and gateway for the bot to run its games."""

    def __init__(self, channels: int) -> None:
        self.channels = [FIRST_CHANNEL + i for i in range(channels)]
        self.ids = itertools.count(820000000000000000)
        self.messages: dict[int, dict[str, Any]] = {}
        self.tokens: dict[str, Token] = {}
        self.stats = Stats()
        self.ws: web.WebSocketResponse | None = None
        self.seq = 0
        self.compress: Any = None
        self.ready = asyncio.Event()
        self.port = 0
        self.commands: dict[str, str] = {}

    # ---- server -----------------------------------------------------------------------------
    async def start(self) -> web.AppRunner:
        app = web.Application(client_max_size=16 * 1024 * 1024)
        app.router.add_get("/gw", self.gateway)
        app.router.add_route("*", "/api/v10/{tail:.*}", self.rest)
        runner = web.AppRunner(app, access_log=None)
        await runner.setup()
        site = web.TCPSite(runner, "127.0.0.1", 0)
        await site.start()
        self.port = site._server.sockets[0].getsockname()[1]  # type: ignore[union-attr]
        return runner

    async def send_gateway(self, op: int, data: Any, event: str | None = None) -> None:
        assert self.ws is not None
        payload: dict[str, Any] = {"op": op, "d": data, "s": None, "t": event}
        if op == 0:
            self.seq += 1
            payload["s"] = self.seq
        await self.send_raw(json.dumps(payload).encode())

    async def send_raw(self, raw: bytes) -> None:
        """One gateway frame as it is given (compressed when the connection asked for it)."""
        assert self.ws is not None
        if self.compress is not None:
            await self.ws.send_bytes(
                self.compress.compress(raw) + self.compress.flush(zlib.Z_SYNC_FLUSH)
            )
        else:
            await self.ws.send_str(raw.decode())

    async def gateway(self, request: web.Request) -> web.WebSocketResponse:
        ws = web.WebSocketResponse(compress=False, max_msg_size=0)
        await ws.prepare(request)
        self.ws = ws
        self.compress = (
            zlib.compressobj() if request.query.get("compress") == "zlib-stream" else None
        )
        await self.send_gateway(10, {"heartbeat_interval": 41250})
        async for msg in ws:
            if msg.type != WSMsgType.TEXT:
                continue
            data = json.loads(msg.data)
            if data["op"] == 1:
                await self.send_gateway(11, None)
            elif data["op"] == 2:
                await self.identify()
        return ws

    async def identify(self) -> None:
        await self.send_gateway(
            0,
            {
                "v": 10,
                "user": {**user_payload(BOT_ID, "Tidewater"), "bot": True},
                "guilds": [{"id": str(GUILD_ID), "unavailable": True}],
                "session_id": "bench",
                "shard": [0, 1],
                "resume_gateway_url": f"ws://127.0.0.1:{self.port}/gw",
                "application": {"id": str(APP_ID), "flags": 0},
            },
            "READY",
        )
        await self.send_gateway(
            0,
            {
                "id": str(GUILD_ID),
                "name": "Bench",
                "icon": None,
                "owner_id": "1",
                "roles": [
                    {
                        "id": str(GUILD_ID),
                        "name": "@everyone",
                        "permissions": str((1 << 10) | (1 << 11) | (1 << 31)),
                        "position": 0,
                        "color": 0,
                        "hoist": False,
                        "managed": False,
                        "mentionable": False,
                        "flags": 0,
                    }
                ],
                "emojis": [],
                "stickers": [],
                "features": [],
                "member_count": 2,
                "members": [],
                "channels": [channel_payload(c) for c in self.channels],
                "threads": [],
                "presences": [],
                "voice_states": [],
                "large": False,
                "unavailable": False,
                "joined_at": "2026-01-01T00:00:00+00:00",
                "verification_level": 0,
                "default_message_notifications": 0,
                "explicit_content_filter": 0,
                "mfa_level": 0,
                "nsfw_level": 0,
                "premium_tier": 0,
                "preferred_locale": "en-US",
                "system_channel_flags": 0,
                "afk_timeout": 300,
            },
            "GUILD_CREATE",
        )
        self.ready.set()

    async def rest(self, request: web.Request) -> web.Response:
        path = "/" + request.match_info["tail"]
        method = request.method
        payload: Any = None
        if request.can_read_body:
            if request.content_type.startswith("multipart/"):
                reader = await request.multipart()
                while (part := await reader.next()) is not None:
                    if getattr(part, "name", None) == "payload_json":
                        payload = json.loads(await part.text())  # type: ignore[union-attr]
                    else:
                        await part.read()  # type: ignore[union-attr]
            else:
                raw = await request.read()
                payload = json.loads(raw) if raw else None
        result = self.route(method, path, payload)
        if "/callback" in path and not request.query.get("with_response"):
            result = None  # Discord sends the callback's message back only when asked to
        if isinstance(result, web.Response):
            return result
        if result is None:
            return web.Response(status=204)
        # discord.py parses a body as JSON only under exactly this content type
        return web.Response(body=json.dumps(result).encode(), headers=JSON_HEADERS)

    def route(self, method: str, path: str, payload: Any) -> Any:
        if path == "/gateway/bot":
            return {
                "url": f"ws://127.0.0.1:{self.port}/gw",
                "shards": 1,
                "session_start_limit": {
                    "total": 1000,
                    "remaining": 1000,
                    "reset_after": 0,
                    "max_concurrency": 1,
                },
            }
        if path == "/users/@me":
            return {**user_payload(BOT_ID, "Tidewater"), "bot": True, "flags": 0}
        if path == "/oauth2/applications/@me":
            return {
                "id": str(APP_ID),
                "name": "Tidewater",
                "description": "",
                "icon": None,
                "bot_public": True,
                "bot_require_code_grant": False,
                "owner": user_payload(1, "Owner"),
                "verify_key": "0" * 64,
                "flags": 0,
            }
        if method == "PUT" and re.fullmatch(r"/applications/\d+(/guilds/\d+)?/commands", path):
            out = []
            for cmd in payload or []:
                cid = self.commands.setdefault(cmd["name"], str(next(self.ids)))
                out.append({**cmd, "id": cid, "application_id": str(APP_ID), "version": "1"})
            return out
        self.stats.rest[method + " " + re.sub(r"\d{6,}|tok\d+", "#", path)] += 1
        m = re.fullmatch(r"/interactions/(\d+)/([^/]+)/callback", path)
        if m:
            return self.callback(m[2], payload or {})
        m = re.fullmatch(r"/webhooks/(\d+)/([^/]+)/messages/([^/]+)", path)
        if m:
            token = self.tokens[m[2]]
            mid = token.original if m[3] == "@original" else int(m[3])
            if mid is None or mid not in self.messages:
                return web.Response(
                    body=b'{"message": "Unknown Message", "code": 10008}',
                    status=404,
                    headers=JSON_HEADERS,
                )
            if method == "PATCH":
                return self.edit(mid, payload)
            return None if method == "DELETE" else self.messages[mid]
        m = re.fullmatch(r"/webhooks/(\d+)/([^/]+)", path)
        if m and method == "POST":
            token = self.tokens[m[2]]
            flags = int((payload or {}).get("flags") or 0)
            return self.message(next(self.ids), token.channel_id, payload, flags, token.user_id)
        m = re.fullmatch(r"/channels/(\d+)/messages", path)
        if m and method == "POST":
            return self.message(next(self.ids), int(m[1]), payload, 0, None)
        m = re.fullmatch(r"/channels/(\d+)/messages/(\d+)", path)
        if m:
            mid = int(m[2])
            if method == "PATCH":
                return self.edit(mid, payload)
            if method == "DELETE":
                self.messages.pop(mid, None)
                return None
            return self.messages.get(mid)
        return web.Response(
            body=b'{"message": "404: Not Found", "code": 0}', status=404, headers=JSON_HEADERS
        )

    def message(
        self, mid: int, channel: int, payload: Any, flags: int, owner: int | None
    ) -> dict[str, Any]:
        payload = payload or {}
        msg = {
            "id": str(mid),
            "channel_id": str(channel),
            "guild_id": str(GUILD_ID),
            "type": 0,
            "content": payload.get("content") or "",
            "author": {**user_payload(BOT_ID, "Tidewater"), "bot": True},
            "embeds": payload.get("embeds") or [],
            "components": payload.get("components") or [],
            "attachments": [],
            "mentions": [],
            "mention_roles": [],
            "mention_everyone": False,
            "pinned": False,
            "tts": False,
            "timestamp": "2026-01-01T00:00:00+00:00",
            "edited_timestamp": None,
            "flags": flags | int(payload.get("flags") or 0),
            "_owner": owner,
        }
        self.messages[mid] = msg
        return {k: v for k, v in msg.items() if not k.startswith("_")}

    def edit(self, mid: int, payload: Any) -> dict[str, Any]:
        msg = self.messages[mid]
        for key in ("content", "embeds", "components"):
            if payload and key in payload:
                msg[key] = (
                    payload[key] if payload[key] is not None else ([] if key != "content" else "")
                )
        return {k: v for k, v in msg.items() if not k.startswith("_")}

    def callback(self, token_text: str, payload: dict[str, Any]) -> Any:
        token = self.tokens[token_text]
        if not token.answered:
            token.answered = True
            self.stats.latencies.append(time.perf_counter() - token.sent_at)
        kind = int(payload["type"])
        data = payload.get("data") or {}
        flags = int(data.get("flags") or 0)
        body: dict[str, Any] = {"interaction": {"id": "1", "type": 3}}
        if kind in (4, 5):
            mid = next(self.ids)
            token.original = mid
            owner = token.user_id if flags & EPHEMERAL else None
            msg = self.message(mid, token.channel_id, data if kind == 4 else {}, flags, owner)
            body["resource"] = {"type": kind, "message": msg}
        elif kind in (6, 7) and token.source_message is not None:
            token.original = token.source_message
            if kind == 7:
                body["resource"] = {"type": kind, "message": self.edit(token.source_message, data)}
        return body

    # ---- the people's side ------------------------------------------------------------------
    async def interact(
        self,
        uid: int,
        name: str,
        channel: int,
        kind: int,
        data: dict[str, Any],
        message_id: int | None = None,
    ) -> str:
        token_text, payload = self.interaction(uid, name, channel, kind, data, message_id)
        self.stats.interactions += 1
        await self.send_gateway(0, payload, "INTERACTION_CREATE")
        return token_text

    def interaction(
        self,
        uid: int,
        name: str,
        channel: int,
        kind: int,
        data: dict[str, Any],
        message_id: int | None = None,
    ) -> tuple[str, dict[str, Any]]:
        """An INTERACTION_CREATE payload from a person, its token registered for the answer."""
        iid = next(self.ids)
        token_text = f"tok{iid}"
        self.tokens[token_text] = Token(uid, channel, time.perf_counter(), message_id)
        payload: dict[str, Any] = {
            "id": str(iid),
            "application_id": str(APP_ID),
            "type": kind,
            "data": data,
            "guild_id": str(GUILD_ID),
            "channel_id": str(channel),
            "channel": channel_payload(channel),
            "member": member_payload(uid, name),
            "token": token_text,
            "version": 1,
            "app_permissions": str((1 << 41) - 1),
            "locale": "en-US",
            "guild_locale": "en-US",
            "entitlements": [],
            "authorizing_integration_owners": {"0": str(GUILD_ID)},
            "context": 0,
            "attachment_size_limit": 8 * 1024 * 1024,
        }
        if message_id is not None and message_id in self.messages:
            msg = self.messages[message_id]
            payload["message"] = {k: v for k, v in msg.items() if not k.startswith("_")}
        return token_text, payload

    def command(self, uid: int, name: str, channel: int, cmd: str, options: dict[str, str]) -> Any:
        data = {
            "id": self.commands.get(cmd, "1"),
            "name": cmd,
            "type": 1,
            "options": [{"name": k, "type": 3, "value": v} for k, v in options.items()],
        }
        return self.interact(uid, name, channel, 2, data)

    def click(
        self, uid: int, name: str, channel: int, mid: int, custom_id: str, values: Any = None
    ) -> Any:
        data: dict[str, Any] = {"custom_id": custom_id, "component_type": 2}
        if values is not None:
            data = {"custom_id": custom_id, "component_type": 3, "values": values}
        return self.interact(uid, name, channel, 3, data, mid)

    def controls(self, mid: int) -> list[dict[str, Any]]:
        msg = self.messages.get(mid)
        if msg is None:
            return []
        found = []
        for row in msg.get("components") or []:
            for item in row.get("components", []):
                if not item.get("disabled"):
                    found.append(item)
        return found

    def owned(self, uid: int, channel: int) -> list[int]:
        return [
            int(m["id"])
            for m in self.messages.values()
            if m.get("_owner") == uid and int(m["channel_id"]) == channel
        ]

    def public(self, channel: int) -> list[int]:
        return [
            int(m["id"])
            for m in self.messages.values()
            if m.get("_owner") is None and int(m["channel_id"]) == channel
        ]


async def wait_until(check: Any, timeout: float = 10.0) -> Any:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        found = check()
        if found:
            return found
        await asyncio.sleep(0.05)
    return None


#: seconds over which a run opens its tables (see the module docstring: memory)
RAMP = 12.0
#: seconds a simulated person thinks before each click: a person's pace, which the measured
#: figures assume (the tests of this file pass a quick one: they check moves, not figures)
THINK = (1.0, 3.0)


async def table(
    fake: Loopback,
    index: int,
    game: str,
    players: int,
    stop: asyncio.Event,
    seed: int,
    delay: float = 0.0,
    think: tuple[float, float] = THINK,
) -> None:
    """One table for ever, from ``delay`` seconds on: open a lobby, seat everyone, start, play
    by random clicks, each after ``think`` seconds (low, high)."""
    await asyncio.sleep(delay)
    channel = fake.channels[index]
    rng = random.Random(seed)
    people = [(900_000_000_000_000_000 + index * 10 + s, f"P{index}-{s}") for s in range(players)]
    host = people[0]
    while not stop.is_set():
        before = set(fake.public(channel))
        await fake.command(*host, channel, "play", {"game": game})
        lobby = await wait_until(
            lambda before=before: [m for m in fake.public(channel) if m not in before]
        )
        if not lobby:
            await asyncio.sleep(1)
            continue
        lobby_id = lobby[-1]

        def lobby_button(op: str, lobby_id: int = lobby_id) -> str | None:
            for item in fake.controls(lobby_id):
                if str(item.get("custom_id", "")).endswith(":" + op):
                    return str(item["custom_id"])
            return None

        for person in people[1:]:
            join = await wait_until(lambda: lobby_button("join"))
            if join:
                await fake.click(*person, channel, lobby_id, join)
                await asyncio.sleep(0.2)
        start = await wait_until(lambda: lobby_button("start"))
        if start is None:
            continue
        await fake.click(*host, channel, lobby_id, start)
        await asyncio.sleep(0.5)
        await asyncio.gather(*(player(fake, p, channel, rng.random(), stop, think) for p in people))


def table_hand_button(fake: Loopback, channel: int) -> tuple[int, str] | None:
    for mid in reversed(fake.public(channel)):
        for item in fake.controls(mid):
            if str(item.get("custom_id", "")).endswith(":hand"):
                return mid, str(item["custom_id"])
    return None


FLOOR_PAYLOADS = Path(__file__).resolve().parent / "floor_payloads.json"


async def floor_table(
    fake: Loopback,
    index: int,
    players: int,
    stop: asyncio.Event,
    seed: int,
    delay: float = 0.0,
    think: tuple[float, float] = THINK,
) -> None:
    """One table of ``--floor``: a table message and a hand per person, made by the loopback
    itself (no lobby: the floor client has none), then turns taken for ever, one click each."""
    await asyncio.sleep(delay)
    channel = fake.channels[index]
    rng = random.Random(seed)
    sample = json.loads(FLOOR_PAYLOADS.read_text())
    table_id = next(fake.ids)
    fake.message(table_id, channel, sample["table"], 0, None)
    people = [(900_000_000_000_000_000 + index * 10 + s, f"P{index}-{s}") for s in range(players)]
    hands = []
    for uid, _name in people:
        hand_id = next(fake.ids)
        fake.message(hand_id, channel, sample["hand"], EPHEMERAL, uid)
        hands.append(hand_id)
    turn = 0
    while not stop.is_set():
        await asyncio.sleep(rng.uniform(*think))
        uid, name = people[turn]
        fake.stats.moves += 1
        custom_id = f"floor:{turn}:{players}:{table_id}"
        token = await fake.click(uid, name, channel, hands[turn], custom_id)
        await wait_until(lambda token=token: fake.tokens[token].answered, 5)
        turn = (turn + 1) % players


async def player(
    fake: Loopback,
    person: tuple[int, str],
    channel: int,
    seed: float,
    stop: asyncio.Event,
    think: tuple[float, float] = THINK,
) -> None:
    """Open the hand, then click a random enabled action after ``think`` seconds (1-3 s),
    until the game ends."""
    rng = random.Random(seed)
    uid, name = person
    idle = 0
    hand: int | None = None
    while not stop.is_set() and idle < 40:
        if hand is None or hand not in fake.messages:
            found = table_hand_button(fake, channel)
            if found is None:
                return
            token = await fake.click(uid, name, channel, found[0], found[1])
            await wait_until(lambda token=token: fake.tokens[token].original, 5)
            hand = fake.tokens[token].original
            if hand is None:
                return
        await asyncio.sleep(rng.uniform(*think))
        actions = [
            c
            for c in fake.controls(hand)
            if str(c.get("custom_id", "")).startswith(("g:", "gs:", "gm:"))
        ]
        if not actions:
            idle += 1
            if "ended" in json.dumps(fake.messages[hand].get("embeds", [])):
                return
            continue
        idle = 0
        item = rng.choice(actions)
        values = None
        if item.get("type") == 3:
            options = [o["value"] for o in item.get("options", [])]
            low = int(item.get("min_values", 1))
            values = rng.sample(options, min(len(options), max(1, low)))
        fake.stats.moves += 1
        token = await fake.click(uid, name, channel, hand, str(item["custom_id"]), values)
        await wait_until(lambda token=token: fake.tokens[token].answered, 5)
        original = fake.tokens[token].original
        if original is not None and original != hand:
            hand = original


def proc_cpu(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / CLK_TCK


def proc_rss(pid: int) -> int:
    return int(Path(f"/proc/{pid}/statm").read_text().split()[1]) * PAGE


async def run(
    tables: int,
    game: str,
    players: int,
    warmup: float,
    seconds: float,
    pictures: bool = False,
    ramp: float = RAMP,
    floor: bool = False,
    think: tuple[float, float] = THINK,
    warm_moves: int = 0,
) -> dict[str, float]:
    """Play ``tables`` tables on the bot for ``warmup`` seconds, then measure ``seconds``.

    ``think`` is the people's pace (see :data:`THINK`); the window opens only once
    ``warm_moves`` moves were clicked too (within a minute), so a slow start on a loaded
    machine (the tests') cannot leave it empty."""
    fake = Loopback(tables)
    runner = await fake.start()
    child = launch(fake, "bench", pictures, floor)
    stop = asyncio.Event()
    tasks: list[asyncio.Task[None]] = []
    try:
        await asyncio.wait_for(fake.ready.wait(), 30)
        if not floor:  # the floor client syncs no commands
            await wait_until(lambda: fake.commands, 10)
        await asyncio.sleep(1.0)
        rss_idle = proc_rss(child.pid)
        tasks = [
            asyncio.create_task(
                floor_table(fake, i, players, stop, i, ramp * i / tables, think)
                if floor
                else table(fake, i, game, players, stop, i, ramp * i / tables, think)
            )
            for i in range(tables)
        ]
        listen = os.environ.get("TIDEWATER_METRICS__LISTEN")
        if listen:  # a Prometheus server's scrapes, every 5 s
            tasks.append(asyncio.create_task(scrape(f"http://{listen}", stop)))
        await asyncio.sleep(warmup)
        await wait_until(lambda: fake.stats.moves >= warm_moves, 60)
        fake.stats.reset()
        cpu0, wall0 = proc_cpu(child.pid), time.perf_counter()
        counted = os.environ.get("BENCH_PICTURE_COUNTS")
        drawn0 = json.loads(Path(counted).read_text()) if counted else {}
        await asyncio.sleep(seconds)
        cpu1, wall1 = proc_cpu(child.pid), time.perf_counter()
        drawn1 = json.loads(Path(counted).read_text()) if counted else {}
        stats = fake.stats
        rss = proc_rss(child.pid)
        lat = sorted(stats.latencies) or [0.0]
        rest_calls = sum(stats.rest.values())
        out = {
            "tables": tables,
            "interactions": stats.interactions,
            "interactions_per_s": stats.interactions / (wall1 - wall0),
            "cpu_ms_per_interaction": 1000 * (cpu1 - cpu0) / max(1, stats.interactions),
            "cpu_share": (cpu1 - cpu0) / (wall1 - wall0),
            "rest_per_move": rest_calls / max(1, stats.moves),
            "p50_ms": 1000 * statistics.median(lat),
            "p99_ms": 1000 * lat[min(len(lat) - 1, int(0.99 * len(lat)))],
            "rss_mb": rss / 2**20,
            "rss_kb_per_table": (rss - rss_idle) / 1024 / tables,
        }
        out["top_rest"] = dict(stats.rest.most_common(6))  # type: ignore[assignment]
        if counted:  # per interaction: pictures asked for, drawn, their drawing's CPU (ms)
            per = max(1, stats.interactions)
            out["pictures"] = {  # type: ignore[assignment]
                k: round((v - drawn0.get(k, 0)) / per, 3) for k, v in drawn1.items()
            }
        return out
    finally:
        await shutdown(stop, tasks, child, runner)


async def scrape(base: str, stop: asyncio.Event) -> None:
    """Ask for ``/metrics`` and ``/healthz`` every 5 s until ``stop``, as a scraper would."""
    async with aiohttp.ClientSession() as http:
        while not stop.is_set():
            for path in ("/metrics", "/healthz"):
                with contextlib.suppress(aiohttp.ClientError):
                    async with http.get(base + path) as response:
                        await response.read()
            await asyncio.sleep(5)


def launch(
    fake: Loopback, name: str, pictures: bool, floor: bool = False
) -> subprocess.Popen[bytes]:
    """The bot as a child process (``python -m bot`` through :func:`child_main`) on a fresh
    SQLite file, talking to ``fake``; Rowboat tables play novice scoring so games end."""
    tmp = Path(tempfile.mkdtemp(prefix=f"tidewater-{name}-"))
    atexit.register(shutil.rmtree, tmp, ignore_errors=True)  # the bot's files go with us
    config = tmp / "config.toml"
    config.write_text(
        f'[storage]\npath = "{tmp / (name + ".sqlite3")}"\n[logging]\nlevel = "WARNING"\n'
        f"[tables]\npictures = {str(pictures).lower()}\n[games.rowboat]\nnovice = true\n"
    )
    env = {**os.environ, "DISCORD_TOKEN": TOKEN, "PYTHONPATH": str(ROOT)}
    return subprocess.Popen(
        [
            sys.executable,
            str(Path(__file__).resolve()),
            "--floor-child" if floor else "--child",
            str(fake.port),
            str(config),
        ],
        env=env,
        cwd=tmp,
    )


async def shutdown(
    stop: asyncio.Event,
    tasks: list[asyncio.Task[None]],
    child: subprocess.Popen[bytes],
    runner: web.AppRunner,
) -> None:
    """Stop the simulated people, the bot process and the loopback server."""
    stop.set()
    for task in tasks:
        task.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)
    child.terminate()
    try:
        child.wait(10)
    except subprocess.TimeoutExpired:
        child.kill()
    await runner.cleanup()


def child_main(port: str, config: str, extra: list[str] | None = None) -> None:
    """The bot process: discord.py's REST base pointed at the loopback server, then ``python
    -m bot`` exactly as a self-hoster runs it (``extra``: more of its options, e.g.
    ``--wait-for-lease`` for ``bench/takeover.py``)."""
    # this file is bench/bot.py: drop its folder from the path so ``bot`` is the package
    here = str(Path(__file__).resolve().parent)
    sys.path[:] = [str(ROOT)] + [p for p in sys.path if p not in ("", here)]
    import discord.gateway
    import discord.http
    import yarl

    discord.http.Route.BASE = f"http://127.0.0.1:{port}/api/v10"
    discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(f"ws://127.0.0.1:{port}/gw")
    from bot.__main__ import main

    if os.environ.get("BENCH_PICTURE_COUNTS"):  # --count-pictures
        import runpy

        hook = "stub" if os.environ.get("BENCH_STUB_PICTURES") else "install"
        runpy.run_path(str(Path(here) / "picture_counts.py"))[hook]()

    profile = os.environ.get("BENCH_PROFILE")
    traced = os.environ.get("BENCH_TRACEMALLOC")
    if traced:  # where the memory of active tables goes: the top allocation sites
        import threading
        import tracemalloc

        def dump() -> None:
            """Every 5 s while the tables play (at exit they are closed and freed): the
            traced total and the top allocation sites, overwriting the file."""
            while True:
                time.sleep(5)
                current, peak = tracemalloc.get_traced_memory()
                top = tracemalloc.take_snapshot().statistics("lineno")[:60]
                lines = [f"traced now {current / 2**20:.1f} MB, peak {peak / 2**20:.1f} MB"]
                Path(traced).write_text("\n".join(lines + [str(line) for line in top]))

        tracemalloc.start(1)
        threading.Thread(target=dump, daemon=True).start()
        main(["--config", config])
        return
    if not profile:
        raise SystemExit(main(["--config", config, *(extra or [])]))
    import cProfile

    # The main thread's CPU time, not the wall clock: on a shared machine a syscall that waits
    # for a core would otherwise look expensive.
    profiler = cProfile.Profile(time.thread_time)
    profiler.enable()
    try:  # the bot's own SIGTERM handler shuts it down, and main returns
        main(["--config", config])
    finally:
        profiler.disable()
        profiler.dump_stats(profile)


def floor_main(port: str) -> None:
    """The ``--floor`` process: a discord.py client with nothing of the bot but its lean request
    functions, answering each click with the requests a move of the bot makes."""
    here = str(Path(__file__).resolve().parent)
    sys.path[:] = [str(ROOT)] + [p for p in sys.path if p not in ("", here)]
    import logging
    import signal

    import discord
    import discord.gateway
    import discord.http
    import yarl

    from bot.table.answers import update_message
    from bot.table.hands import edit_original
    from bot.table.writes import TableWrites

    discord.http.Route.BASE = f"http://127.0.0.1:{port}/api/v10"
    discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(f"ws://127.0.0.1:{port}/gw")
    sample = json.loads(FLOOR_PAYLOADS.read_text())

    def drawn(payload: dict[str, Any]) -> tuple[discord.Embed, discord.ui.View]:
        """The captured message as discord.py objects, built once (the floor builds nothing
        per move but what discord.py itself does: the embed's and view's JSON)."""
        view = discord.ui.View(timeout=None)
        for row, action_row in enumerate(payload["components"]):
            for item in action_row["components"]:
                emoji = item.get("emoji") or {}
                view.add_item(
                    discord.ui.Button(
                        style=discord.ButtonStyle(item["style"]),
                        label=item.get("label"),
                        custom_id=item.get("custom_id"),
                        emoji=emoji.get("name"),
                        disabled=item.get("disabled", False),
                        row=row,
                    )
                )
        return discord.Embed.from_dict(payload["embeds"][0]), view

    hand_embed, hand_view = drawn(sample["hand"])
    table_embed, table_view = drawn(sample["table"])
    client = discord.Client(intents=discord.Intents(guilds=True))
    writes = TableWrites(client)
    tokens: dict[tuple[int, int], str] = {}
    refreshes = itertools.count()

    @client.event
    async def on_interaction(interaction: discord.Interaction) -> None:
        data: dict[str, Any] = interaction.data or {}  # type: ignore[assignment]
        _, seat_text, count_text, table_text = str(data.get("custom_id")).split(":")
        seat, count, channel = int(seat_text), int(count_text), interaction.channel_id or 0
        await update_message(interaction, content=None, embed=hand_embed, view=hand_view)
        content = sample["table"]["content"]
        await writes.edit(channel, None, int(table_text), content, table_embed, table_view, [])
        tokens[(channel, seat)] = interaction.token
        following = tokens.get((channel, (seat + 1) % count))
        if following is not None and next(refreshes) % 10 != 9:
            app = client.application_id or APP_ID
            await edit_original(client, app, following, None, hand_embed, hand_view, [])

    async def serve() -> None:
        loop = asyncio.get_running_loop()
        loop.add_signal_handler(signal.SIGTERM, lambda: asyncio.ensure_future(client.close()))
        async with client:
            await client.start(TOKEN)

    logging.basicConfig(level=logging.WARNING)  # a failing request shows, with its traceback
    asyncio.run(serve())


def main() -> None:
    if len(sys.argv) > 1 and sys.argv[1] == "--floor-child":
        floor_main(sys.argv[2])
        return
    if len(sys.argv) > 1 and sys.argv[1] == "--child":
        child_main(sys.argv[2], sys.argv[3], sys.argv[4:])
        return
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--tables", type=int, action="append")
    parser.add_argument("--game", default="rowboat")
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--warmup", type=float, default=20.0)
    parser.add_argument("--seconds", type=float, default=45.0)
    parser.add_argument(
        "--ramp",
        type=float,
        default=RAMP,
        help="seconds over which the tables open, evenly (0: all at once, a burst)",
    )
    parser.add_argument("--json", action="store_true", help="print one JSON object per N")
    parser.add_argument(
        "--profile", metavar="FILE", help="run the bot under cProfile, stats written to FILE"
    )
    parser.add_argument(
        "--pictures", action="store_true", help="card pictures on (off: the text-only cost)"
    )
    parser.add_argument(
        "--count-pictures",
        action="store_true",
        help="count the pictures asked for and drawn per interaction, and their drawing's CPU",
    )
    parser.add_argument(
        "--stub-pictures",
        action="store_true",
        help="with --pictures: send one drawn picture again instead of drawing (what pictures "
        "cost besides drawing); implies --count-pictures",
    )
    parser.add_argument(
        "--floor",
        action="store_true",
        help="a bare discord.py client making a move's requests instead of the bot",
    )
    parser.add_argument(
        "--metrics",
        action="store_true",
        help="the bot serves /healthz and /metrics, scraped every 5 s (off: neither)",
    )
    args = parser.parse_args()
    if args.metrics:
        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            os.environ["TIDEWATER_METRICS__LISTEN"] = f"127.0.0.1:{s.getsockname()[1]}"
    if args.profile:
        os.environ["BENCH_PROFILE"] = str(Path(args.profile).resolve())
    if args.stub_pictures:
        os.environ["BENCH_STUB_PICTURES"] = "1"
    if args.count_pictures or args.stub_pictures:
        counts = Path(tempfile.mkdtemp(prefix="tidewater-pictures-")) / "counts.json"
        counts.write_text("{}")
        os.environ["BENCH_PICTURE_COUNTS"] = str(counts)
    previous: dict[str, float] | None = None
    for n in args.tables or [1, 20, 100, 300]:
        result = asyncio.run(
            run(
                n,
                args.game,
                args.players,
                args.warmup,
                args.seconds,
                args.pictures,
                args.ramp,
                args.floor,
            )
        )
        if args.json:
            print(json.dumps(result))
            continue
        print(
            f"N={n:4}  {result['interactions_per_s']:6.1f} interactions/s  "
            f"CPU {result['cpu_ms_per_interaction']:5.2f} ms/interaction "
            f"({result['cpu_share']:.0%} of a core)  REST/move {result['rest_per_move']:4.2f}  "
            f"answer p50 {result['p50_ms']:6.1f} ms p99 {result['p99_ms']:6.1f} ms  "
            f"RSS {result['rss_mb']:5.1f} MB ({result['rss_kb_per_table']:6.1f} KB/table)"
        )
        print(f"        REST: {result['top_rest']}")
        if "pictures" in result:
            print(f"        pictures per interaction: {result['pictures']}")
        if previous is not None and n > previous["tables"]:
            # the cost of one more active table, free of what the first one loads (modules,
            # caches): the RSS step between two runs over their step in tables
            step = (result["rss_mb"] - previous["rss_mb"]) * 1024 / (n - previous["tables"])
            print(f"        RSS per active table from N={previous['tables']:.0f}: {step:.1f} KB")
        previous = result


if __name__ == "__main__":
    main()
