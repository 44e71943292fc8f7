"""A fake Discord for driving the real bot: gateway payloads in, captured HTTP requests out.

Why this shape: the bot under test is the real ``TidewaterBot`` (a ``commands.Bot``) with the
real session manager on a SQLite file. Only the two places where discord.py talks to Discord
are replaced: ``HTTPClient.request`` (bot-token REST calls) and ``AsyncWebhookAdapter.request``
(interaction callbacks, follow-ups and their edits). This fake answers them like Discord does
(message objects, ``?with_response=1`` callback bodies), remembers every message with who can
see it, and records every request with its audience so the tests can check secrecy over all
of them. Interactions go in through the gateway parser (``INTERACTION_CREATE``), with members
carrying their permissions, exactly as the gateway sends them.
"""

from __future__ import annotations

import asyncio
import functools
import itertools
import json
import re
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from types import SimpleNamespace
from typing import Any, cast
from urllib.parse import unquote

import discord
from discord.http import HTTPClient, Route
from discord.webhook.async_ import AsyncWebhookAdapter

APP_ID = 710000000000000001
BOT_ID = 710000000000000002
GUILD_ID = 710000000000000010
CHANNEL_ID = 710000000000000020
OTHER_CHANNEL_ID = 710000000000000021
TOKEN = "MTAxMDEwMTAxMDEwMTAxMDEw.GaBcDe.abcdefghijklmnopqrstuvwxyz0123456789"

MEMBER_PERMS = discord.Permissions(
    view_channel=True, send_messages=True, use_application_commands=True
)
ADMIN_PERMS = discord.Permissions(manage_guild=True) | MEMBER_PERMS
EPHEMERAL = 64


@dataclass(frozen=True)
class User:
    id: int
    name: str
    permissions: discord.Permissions = MEMBER_PERMS
    roles: tuple[int, ...] = ()
    #: the person's Discord language (``interaction.locale``)
    locale: str = "en-US"

    def payload(self) -> dict[str, Any]:
        return {
            "id": str(self.id),
            "username": self.name.lower(),
            "global_name": self.name,
            "discriminator": "0",
            "avatar": None,
        }

    def member(self) -> dict[str, Any]:
        return {
            "user": self.payload(),
            "roles": [str(r) for r in self.roles],
            "joined_at": "2026-01-01T00:00:00+00:00",
            "deaf": False,
            "mute": False,
            "flags": 0,
            "pending": False,
            "nick": None,
            "permissions": str(self.permissions.value),
        }


#: the kinds of request whose text a person can read (the secrecy watches check these)
READABLE = ("callback", "followup", "hook-edit", "send", "edit", "dm")


@dataclass
class Sent:
    """One HTTP request the bot made, with who could see the message it creates or edits."""

    method: str
    path: str
    payload: dict[str, Any] | None
    kind: (
        str  # callback, followup, hook-edit, send, edit, dm, thread, channel, sync, refused, other
    )
    audience: int | None = None  # the user of an ephemeral message; None = public
    message_id: int | None = None
    channel_id: int | None = None
    callback_type: int | None = None
    notes: dict[str, Any] = field(default_factory=dict)

    @functools.cached_property
    def text(self) -> str:
        """Everything a person could read in this request (content, embeds, components).
        Worked out once: the secrecy watches read it for every hidden card, and a request's
        payload is never changed after it is sent."""
        return json.dumps(self.payload or {}, ensure_ascii=False)

    @property
    def readable(self) -> bool:
        """Whether the request shows a person something (a message or an answer to a click)."""
        return self.kind in READABLE

    @property
    def public(self) -> bool:
        return self.audience is None and self.readable

    @property
    def reader(self) -> str:
        """Who can read the request, for failure messages: ``everyone`` or the user id."""
        return "everyone" if self.audience is None else str(self.audience)


@dataclass
class Token:
    user_id: int
    channel_id: int
    interaction_id: int
    source_message: int | None  # the message a component was on
    original: int | None = None  # the response message
    answered: asyncio.Event = field(default_factory=asyncio.Event)
    callback_type: int | None = None


def _files(parts: Any) -> dict[str, bytes]:
    """The attached files of a multipart request, by file name (the pictures)."""
    found: dict[str, bytes] = {}
    for part in parts or ():
        if str(part.get("name", "")).startswith("files[") and part.get("filename"):
            value = part.get("value")
            if hasattr(value, "read"):
                # from where the file stands, as aiohttp uploads it: a file sent before and
                # not rewound arrives empty
                value = value.read()
            found[str(part["filename"])] = bytes(value)
    return found


class FakeDiscord:
    def __init__(self, seed: int = 20_261_122) -> None:
        self.seed = seed
        self._ids = itertools.count(720000000000000000)
        self.sent: list[Sent] = []
        self.messages: dict[int, dict[str, Any]] = {}
        #: messages the bot deleted, and where a deleted table went (its repost)
        self.deleted: set[int] = set()
        self.moved: dict[int, int] = {}
        self.audience: dict[int, int | None] = {}
        self.tokens: dict[str, Token] = {}
        self.hooks: list[Callable[[Sent], Awaitable[None]]] = []
        #: (path regex, status[, error code]) to refuse once; code 10062 = an expired interaction;
        #: status 403 is refused as Forbidden (50013, a missing permission), 5xx as an outage
        #: (DiscordServerError), others as NotFound
        self.fail_next: list[tuple[Any, ...]] = []
        #: every bot started on this fake (closed by the ``fake`` fixtures after the test)
        self.bots: list[Any] = []
        #: channels and threads that no longer exist: every request to one is refused with
        #: "Unknown Channel" (10003), as Discord refuses them
        self.gone: set[int] = set()
        #: the server's Discord language (``interaction.guild_locale``)
        self.guild_locale = "en-US"
        #: threads that archived themselves (idle): Discord refuses changes to their messages
        #: (50083) until a new message or ``archived: false`` opens them again
        self.archived: set[int] = set()
        #: threads the bot opened (thread id -> its channel): an interaction in one says so
        self.threads: dict[int, int] = {}
        #: what the bot may do where an interaction comes from (Discord's ``app_permissions``)
        self.app_permissions = discord.Permissions.all()
        #: direct-message channels the bot opened (channel id -> the person), and the people
        #: who take no DM from the bot: Discord refuses a message to them with 403 / 50007
        self.dm_channels: dict[int, int] = {}
        self.dms_closed: set[int] = set()

    async def close_bots(self) -> None:
        """Close every bot a test left open: each holds an aiosqlite connection whose worker
        thread would otherwise keep the test process alive after the last test."""
        for bot in self.bots:
            if not bot.is_closed():
                await bot.close()

    def next_id(self) -> int:
        return next(self._ids)

    # ---- patching ------------------------------------------------------------------------
    def install(self, monkeypatch: Any) -> None:
        fake = self

        async def http_request(
            self: HTTPClient, route: Route, *, files: Any = None, form: Any = None, **kwargs: Any
        ) -> Any:
            payload = kwargs.get("json")
            if payload is None and form:
                for part in form:
                    if part.get("name") == "payload_json":
                        payload = json.loads(part["value"])
            return await fake.handle(
                route, payload, kwargs.get("params"), webhook=False, files=_files(form)
            )

        async def webhook_request(
            self: AsyncWebhookAdapter,
            route: Route,
            session: Any,
            *,
            payload: dict[str, Any] | None = None,
            multipart: Any = None,
            params: dict[str, Any] | None = None,
            **kwargs: Any,
        ) -> Any:
            if payload is None and multipart:
                for part in multipart:
                    if part.get("name") == "payload_json":
                        payload = json.loads(part["value"])
            return await fake.handle(route, payload, params, webhook=True, files=_files(multipart))

        monkeypatch.setattr(HTTPClient, "request", http_request)
        monkeypatch.setattr(AsyncWebhookAdapter, "request", webhook_request)
        # Games get their seeds from ``secrets``; tests want the same deals on every run.
        import bot.sessions

        # The AI secrets likewise, from a counter of their own (the deals stay as they were).
        seeds = itertools.count(self.seed)
        keys = itertools.count(self.seed)
        monkeypatch.setattr(
            bot.sessions,
            "secrets",
            SimpleNamespace(
                randbits=lambda bits: next(seeds),
                token_bytes=lambda n: next(keys).to_bytes(n, "big"),
            ),
        )

    # ---- messages ------------------------------------------------------------------------
    def _message(
        self, mid: int, channel_id: int, payload: dict[str, Any] | None, flags: int = 0
    ) -> dict[str, Any]:
        payload = payload or {}
        msg = {
            "id": str(mid),
            "channel_id": str(channel_id),
            "guild_id": str(GUILD_ID),
            "type": 0,
            "content": payload.get("content") or "",
            "author": {
                "id": str(BOT_ID),
                "username": "tidewater",
                "discriminator": "0",
                "avatar": None,
                "bot": True,
            },
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
        }
        self.messages[mid] = msg
        return msg

    def _delete(self, mid: int, channel_id: int) -> None:
        """A deleted message; a table's repost (the newest message of the channel carrying the
        same table's buttons) is remembered as where it went, for :meth:`current`."""
        assert mid not in self.deleted, f"message {mid} deleted twice"
        self.deleted.add(mid)
        ids = {
            c.get("custom_id")
            for row in self.messages[mid].get("components", [])
            for c in row.get("components", [])
            if re.fullmatch(r"t:\d+:hand", str(c.get("custom_id")))
        }
        for other in sorted(self.messages, reverse=True):
            msg = self.messages[other]
            if other in self.deleted or int(msg["channel_id"]) != channel_id:
                continue
            mine = {c.get("custom_id") for row in msg.get("components", [])
                    for c in row.get("components", [])}  # fmt: skip
            if ids & mine:
                self.moved[mid] = other
                return

    def delete_message(self, mid: int) -> None:
        """A moderator deletes one of the bot's messages (the bot hears nothing of it: it has
        no message intents); later edits of it are refused as Discord refuses them."""
        self.deleted.add(mid)

    def current(self, mid: int) -> int:
        """Where message ``mid`` is now: itself, or the repost that replaced it."""
        while mid in self.moved:
            mid = self.moved[mid]
        return mid

    def channel_messages(self, channel_id: int) -> list[int]:
        """The public messages of the bot still in a channel, oldest first."""
        return sorted(
            mid
            for mid, msg in self.messages.items()
            if int(msg["channel_id"]) == channel_id
            and mid not in self.deleted
            and self.audience.get(mid) is None
            and not int(msg.get("flags") or 0) & EPHEMERAL
        )

    def _edit(self, mid: int, payload: dict[str, Any] | None) -> dict[str, Any]:
        msg = self.messages[mid]
        for key in ("content", "embeds", "components"):
            if payload and key in payload:
                msg[key] = (
                    payload[key] if payload[key] is not None else ([] if key != "content" else "")
                )
        msg["edited_timestamp"] = "2026-01-01T00:00:01+00:00"
        return msg

    # ---- routing -------------------------------------------------------------------------
    async def handle(
        self,
        route: Route,
        payload: dict[str, Any] | None,
        params: Any,
        *,
        webhook: bool,
        files: dict[str, bytes] | None = None,
    ) -> Any:
        path = unquote(route.url[len(Route.BASE) :])
        method = route.method
        m = re.match(r"/channels/(\d+)", path)
        if m and int(m[1]) in self.gone:
            self.sent.append(Sent(method, path, payload, "refused"))
            raise discord.NotFound(_Response(404), {"message": "Unknown Channel", "code": 10003})
        if m and int(m[1]) in self.archived:
            if method in ("PATCH", "DELETE") and re.fullmatch(r"/channels/\d+/messages/\d+", path):
                self.sent.append(Sent(method, path, payload, "refused"))
                error = {"message": "Thread is archived", "code": 50083}
                raise discord.HTTPException(_Response(400), error)
            if method == "POST" or (payload or {}).get("archived") is False:
                self.archived.discard(int(m[1]))  # a new message opens the thread again
        for n, (pattern, status, *code) in enumerate(self.fail_next):
            if re.search(pattern, path):
                del self.fail_next[n]
                self.sent.append(Sent(method, path, payload, "refused"))
                error = {"message": "Unknown", "code": code[0] if code else 10008}
                if status == 403:
                    error = {"message": "Missing Permissions", "code": code[0] if code else 50013}
                    raise discord.Forbidden(_Response(status), error)
                if status >= 500:  # an outage discord.py's own retries did not outlast
                    error = {"message": "Service Unavailable", "code": 0}
                    raise discord.DiscordServerError(_Response(status), error)
                raise discord.NotFound(_Response(status), error)
        sent = Sent(method, path, payload, "other")
        if files:
            sent.notes["files"] = files
        result = self._route(sent, method, path, payload)
        if sent.kind == "callback" and not (params or {}).get("with_response"):
            sent.notes["no_response"] = True
            result = None  # Discord sends the callback's message back only when asked to
        self.sent.append(sent)
        for hook in self.hooks:
            await hook(sent)
        return result

    def _route(self, sent: Sent, method: str, path: str, payload: dict[str, Any] | None) -> Any:
        if method == "GET" and path == "/users/@me":
            return {
                **User(BOT_ID, "Tidewater").payload(),
                "bot": True,
                "verified": True,
                "mfa_enabled": False,
                "flags": 0,
            }
        if method == "GET" and path == "/oauth2/applications/@me":
            return {
                "id": str(APP_ID),
                "name": "Tidewater",
                "description": "",
                "icon": None,
                "bot_public": True,
                "bot_require_code_grant": False,
                "owner": User(1, "Owner").payload(),
                "verify_key": "0" * 64,
                "flags": 0,
            }
        if method == "PUT" and re.fullmatch(r"/applications/\d+(/guilds/\d+)?/commands", path):
            sent.kind = "sync"
            return []
        m = re.fullmatch(r"/interactions/(\d+)/([^/]+)/callback", path)
        if m:
            return self._callback(sent, m[2], payload or {})
        m = re.fullmatch(r"/webhooks/(\d+)/([^/]+)/messages/([^/]+)", path)
        if m:
            token = self.tokens[m[2]]
            mid = token.original if m[3] == "@original" else int(m[3])
            assert mid is not None, "an edit of an interaction that drew no message"
            if method == "GET":
                return self.messages[mid]
            if method == "DELETE":
                return None
            sent.kind, sent.message_id = "hook-edit", mid
            sent.audience = self.audience.get(mid)
            return self._edit(mid, payload)
        m = re.fullmatch(r"/webhooks/(\d+)/([^/]+)", path)
        if m and method == "POST":
            token = self.tokens[m[2]]
            flags = int((payload or {}).get("flags") or 0)
            mid = self.next_id()
            sent.kind, sent.message_id, sent.channel_id = "followup", mid, token.channel_id
            sent.audience = token.user_id if flags & EPHEMERAL else None
            self.audience[mid] = sent.audience
            return self._message(mid, token.channel_id, payload, flags)
        if method == "POST" and path == "/users/@me/channels":
            return self._open_dm(sent, int((payload or {})["recipient_id"]))
        m = re.fullmatch(r"/channels/(\d+)/messages", path)
        if m and method == "POST" and int(m[1]) in self.dm_channels:
            return self._dm(sent, int(m[1]), payload)
        if m and method == "POST":
            mid = self.next_id()
            sent.kind, sent.message_id, sent.channel_id = "send", mid, int(m[1])
            self.audience[mid] = None
            return self._message(mid, int(m[1]), payload)
        m = re.fullmatch(r"/channels/(\d+)/messages/(\d+)", path)
        if m:
            mid = int(m[2])
            sent.message_id, sent.channel_id = mid, int(m[1])
            if mid in self.deleted:
                sent.kind = "refused"
                self.sent.append(sent)
                error = {"message": "Unknown Message", "code": 10008}
                raise discord.NotFound(_Response(404), error)
            if method == "PATCH":
                sent.kind = "edit"
                return self._edit(mid, payload)
            if method == "DELETE":
                sent.kind = "delete"
                self._delete(mid, int(m[1]))
                return None
            return self.messages[mid]
        m = re.fullmatch(r"/channels/(\d+)", path)
        if m and method == "PATCH" and int(m[1]) in self.threads:
            sent.kind, sent.channel_id = "channel", int(m[1])
            return thread_payload(int(m[1]), self.threads[int(m[1])], "game")
        m = re.fullmatch(r"/channels/(\d+)/threads", path)
        if m and method == "POST":
            sent.kind = "thread"
            tid = self.next_id()
            sent.channel_id = tid
            self.threads[tid] = int(m[1])
            return thread_payload(tid, int(m[1]), (payload or {}).get("name", "thread"))
        raise AssertionError(f"the fake Discord does not know {method} {path}")

    def _open_dm(self, sent: Sent, user_id: int) -> dict[str, Any]:
        """POST /users/@me/channels: the DM channel with a person (the same one each time)."""
        channel_id = next((c for c, u in self.dm_channels.items() if u == user_id), None)
        if channel_id is None:
            channel_id = self.next_id()
            self.dm_channels[channel_id] = user_id
        sent.kind, sent.channel_id, sent.audience = "dm-open", channel_id, user_id
        return {
            "id": str(channel_id),
            "type": 1,
            "last_message_id": None,
            "recipients": [User(user_id, f"user{user_id}").payload()],
        }

    def _dm(self, sent: Sent, channel_id: int, payload: dict[str, Any] | None) -> dict[str, Any]:
        """A message in a DM channel: refused (403, 50007) to a person who takes no DMs."""
        user_id = self.dm_channels[channel_id]
        sent.channel_id, sent.audience = channel_id, user_id
        if user_id in self.dms_closed:
            sent.kind = "refused"
            self.sent.append(sent)
            error = {"message": "Cannot send messages to this user", "code": 50007}
            raise discord.Forbidden(_Response(403), error)
        mid = self.next_id()
        sent.kind, sent.message_id = "dm", mid
        self.audience[mid] = user_id
        msg = self._message(mid, channel_id, payload)
        del msg["guild_id"]
        return msg

    def dms(self, user_id: int) -> list[Sent]:
        """The DMs the bot delivered to a person."""
        return [s for s in self.sent if s.kind == "dm" and s.audience == user_id]

    def dm_attempts(self, user_id: int) -> int:
        """The messages the bot tried to send a person by DM, delivered or refused."""
        return sum(
            1
            for s in self.sent
            if s.method == "POST"
            and s.channel_id in self.dm_channels
            and self.dm_channels[s.channel_id] == user_id
            and s.kind in ("dm", "refused")
        )

    def _callback(self, sent: Sent, token_text: str, payload: dict[str, Any]) -> Any:
        token = self.tokens[token_text]
        if token.callback_type is not None:
            raise discord.HTTPException(
                _Response(400),
                {"message": "Interaction has already been acknowledged.", "code": 40060},
            )
        kind = int(payload["type"])
        data = payload.get("data") or {}
        token.callback_type = kind
        sent.kind, sent.callback_type = "callback", kind
        interaction = {
            "id": str(token.interaction_id),
            "type": 3,
            "response_message_loading": kind == 5,
        }
        resource: dict[str, Any] | None = None
        flags = int(data.get("flags") or 0)
        if kind in (4, 5):
            mid = self.next_id()
            token.original = mid
            sent.message_id = mid
            sent.audience = token.user_id if flags & EPHEMERAL else None
            self.audience[mid] = sent.audience
            msg = self._message(mid, token.channel_id, data if kind == 4 else {}, flags)
            interaction["response_message_id"] = str(mid)
            interaction["response_message_ephemeral"] = bool(flags & EPHEMERAL)
            resource = {"type": kind, "message": msg}
        elif kind in (6, 7):
            assert token.source_message is not None, "an update answer needs a message"
            mid = token.source_message
            token.original = mid
            sent.message_id = mid
            sent.audience = self.audience.get(mid) if mid is not None else None
            if kind == 7 and mid is not None:
                msg = self._edit(mid, data)
                resource = {"type": kind, "message": msg}
        elif kind == 9:
            sent.kind = "modal"
            sent.audience = token.user_id
        token.answered.set()
        body: dict[str, Any] = {"interaction": interaction}
        if resource is not None:
            body["resource"] = resource
        return body

    # ---- gateway ---------------------------------------------------------------------------
    def _interaction(
        self,
        bot: discord.Client,
        user: User,
        kind: int,
        data: dict[str, Any],
        *,
        channel_id: int = CHANNEL_ID,
        message_id: int | None = None,
    ) -> Token:
        token, payload = self.payload(
            user, kind, data, channel_id=channel_id, message_id=message_id
        )
        bot._connection.parsers["INTERACTION_CREATE"](payload)
        return token

    def payload(
        self,
        user: User,
        kind: int,
        data: Any,
        *,
        channel_id: int = CHANNEL_ID,
        message_id: int | None = None,
    ) -> tuple[Token, dict[str, Any]]:
        """An INTERACTION_CREATE payload as the gateway sends it (``data`` as given, whatever
        it is), with its token registered so that the answer is recorded."""
        iid = self.next_id()
        token_text = f"tok{iid}"
        token = Token(user.id, channel_id, iid, message_id)
        self.tokens[token_text] = token
        payload: dict[str, Any] = {
            "id": str(iid),
            "application_id": str(APP_ID),
            "type": kind,
            "data": data,
            "guild_id": str(GUILD_ID),
            "channel_id": str(channel_id),
            "channel": (
                thread_payload(channel_id, self.threads[channel_id], "game")
                if channel_id in self.threads
                else channel_payload(channel_id)
            ),
            "member": user.member(),
            "token": token_text,
            "version": 1,
            "app_permissions": str(self.app_permissions.value),
            "locale": user.locale,
            "guild_locale": self.guild_locale,
            "entitlements": [],
            "authorizing_integration_owners": {"0": str(GUILD_ID)},
            "context": 0,
            "attachment_size_limit": 8 * 1024 * 1024,
        }
        if message_id is not None:
            payload["message"] = self.messages[message_id]
        return token, payload

    async def frame(self, bot: discord.Client, text: str | bytes) -> None:
        """One raw gateway frame, read by a real discord.py gateway socket of ``bot`` exactly as
        a frame from Discord is (JSON parsing, the event's parser, its dispatch). The socket is
        not connected: a frame that makes it write (a heartbeat) is not one to send here."""
        from discord.gateway import DiscordWebSocket

        ws = DiscordWebSocket(cast(Any, None), loop=asyncio.get_running_loop())
        ws.token = TOKEN
        ws._connection = bot._connection
        ws._discord_parsers = bot._connection.parsers
        ws._dispatch = bot.dispatch
        ws.shard_id = 0
        await ws.received_message(text)

    def command(
        self,
        bot: discord.Client,
        user: User,
        name: str,
        options: dict[str, Any] | None = None,
        *,
        sub: str | None = None,
        channel_id: int = CHANNEL_ID,
        resolved: dict[str, Any] | None = None,
    ) -> Token:
        opts = [
            {
                "name": k,
                "type": _option_type(v),
                "value": str(v.id) if isinstance(v, User | Mention) else v,
            }
            for k, v in (options or {}).items()
        ]
        for opt, (_k, v) in zip(opts, (options or {}).items(), strict=True):
            if isinstance(v, User):
                opt["value"] = str(v.id)
                resolved = resolved or {"users": {}, "members": {}}
                resolved["users"][str(v.id)] = v.payload()
                member = v.member()
                member.pop("user")
                resolved["members"][str(v.id)] = member
        if sub is not None:
            opts = [{"name": sub, "type": 1, "options": opts}]
        data: dict[str, Any] = {"id": str(self.next_id()), "name": name, "type": 1, "options": opts}
        if resolved:
            data["resolved"] = resolved
        return self._interaction(bot, user, 2, data, channel_id=channel_id)

    def click(
        self,
        bot: discord.Client,
        user: User,
        message_id: int,
        custom_id: str,
        values: list[str] | None = None,
    ) -> Token:
        component = self.find_component(message_id, custom_id)
        assert component is not None, f"{custom_id} is not on message {message_id}"
        data: dict[str, Any] = {"custom_id": custom_id, "component_type": component["type"]}
        if values is not None:
            data["values"] = values
        channel_id = int(self.messages[message_id]["channel_id"])
        return self._interaction(bot, user, 3, data, channel_id=channel_id, message_id=message_id)

    def forge(
        self,
        bot: discord.Client,
        user: User,
        message_id: int,
        custom_id: str,
        component_type: int = 2,
        values: list[str] | None = None,
    ) -> Token:
        """A click with any ``custom_id`` on a message, whether or not the message shows it
        (a forged payload, or a control from an older message)."""
        data: dict[str, Any] = {"custom_id": custom_id, "component_type": component_type}
        if values is not None:
            data["values"] = values
        channel_id = int(self.messages[message_id]["channel_id"])
        return self._interaction(bot, user, 3, data, channel_id=channel_id, message_id=message_id)

    def submit_modal(
        self, bot: discord.Client, user: User, modal: dict[str, Any], value: str, message_id: int
    ) -> Token:
        text_input = modal["components"][0]["components"][0]
        data = {
            "custom_id": modal["custom_id"],
            "components": [
                {
                    "type": 1,
                    "components": [
                        {"type": 4, "custom_id": text_input["custom_id"], "value": value}
                    ],
                }
            ],
        }
        channel_id = int(self.messages[message_id]["channel_id"])
        return self._interaction(bot, user, 5, data, channel_id=channel_id, message_id=message_id)

    # ---- queries ---------------------------------------------------------------------------
    # ---- the gateway's news of the server (the ``guilds`` intent) -----------------------------
    def guild_create(self, bot: discord.Client, threads: tuple[int, ...] = ()) -> None:
        """GUILD_CREATE, as on connecting: discord.py's cache learns the server, its two
        channels and ``threads`` (threads of CHANNEL_ID), against which it resolves the delete
        events below before it dispatches them."""
        payload: dict[str, Any] = {
            "id": str(GUILD_ID),
            "name": "Harbour",
            "owner_id": "1",
            "roles": [],
            "emojis": [],
            "stickers": [],
            "features": [],
            "members": [],
            "member_count": 3,
            "channels": [channel_payload(CHANNEL_ID), channel_payload(OTHER_CHANNEL_ID)],
            "threads": [thread_payload(t, CHANNEL_ID, f"game-{t % 1000}") for t in threads],
            "unavailable": False,
        }
        bot._connection.parsers["GUILD_CREATE"](payload)

    def delete_channel(self, bot: discord.Client | None, channel_id: int) -> None:
        """An admin deletes a channel: it is gone, and the gateway says so to ``bot`` (None:
        the bot was down and hears nothing)."""
        self.gone.add(channel_id)
        if bot is not None:
            bot._connection.parsers["CHANNEL_DELETE"](channel_payload(channel_id))

    def delete_thread(self, bot: discord.Client, thread_id: int, parent_id: int) -> None:
        """An admin deletes a thread: THREAD_DELETE carries only its ids."""
        self.gone.add(thread_id)
        data = {"id": str(thread_id), "guild_id": str(GUILD_ID), "parent_id": str(parent_id)}
        bot._connection.parsers["THREAD_DELETE"]({**data, "type": 11})

    def remove_bot(self, bot: discord.Client) -> None:
        """The server removes the bot (GUILD_DELETE without ``unavailable``): nothing there
        can be reached any more."""
        self.gone.update((CHANNEL_ID, OTHER_CHANNEL_ID))
        bot._connection.parsers["GUILD_DELETE"]({"id": str(GUILD_ID)})

    def find_component(self, message_id: int, custom_id: str) -> dict[str, Any] | None:
        for row in self.messages[message_id].get("components", []):
            for comp in row.get("components", []):
                if comp.get("custom_id") == custom_id:
                    return comp
        return None

    def components(self, message_id: int) -> list[dict[str, Any]]:
        return [
            c
            for row in self.messages[message_id].get("components", [])
            for c in row.get("components", [])
        ]

    def button(self, message_id: int, label: str) -> str:
        for comp in self.components(message_id):
            if comp.get("type") == 2 and comp.get("label") == label:
                return comp["custom_id"]
        raise AssertionError(
            f"no button {label!r} on message {message_id}: {self.labels(message_id)}"
        )

    def labels(self, message_id: int) -> list[str]:
        return [c.get("label") or c.get("placeholder") or "" for c in self.components(message_id)]

    def replies_to(self, token: Token) -> list[Sent]:
        """Requests answering this interaction (its callback, follow-ups and edits)."""
        return [
            s
            for s in self.sent
            if f"/{token.interaction_id}/" in s.path or f"tok{token.interaction_id}" in s.path
        ]

    def reply_text(self, token: Token) -> str:
        return " ".join(s.text for s in self.replies_to(token))


class _Response:
    """Enough of aiohttp's response for discord.HTTPException."""

    def __init__(self, status: int) -> None:
        self.status = status
        self.reason = "fake"


@dataclass(frozen=True)
class Mention:
    """An option value that is a Discord object (type 8 = role, 7 = channel) given by id."""

    type: int
    id: int


def _option_type(value: Any) -> int:
    if isinstance(value, Mention):
        return value.type
    if isinstance(value, bool):
        return 5
    if isinstance(value, int):
        return 4
    if isinstance(value, User):
        return 6
    return 3


def channel_payload(channel_id: int) -> dict[str, Any]:
    return {
        "id": str(channel_id),
        "type": 0,
        "guild_id": str(GUILD_ID),
        "name": f"table-{channel_id % 1000}",
        "position": 0,
        "permission_overwrites": [],
        "nsfw": False,
        "parent_id": None,
        "last_message_id": None,
        "rate_limit_per_user": 0,
        "topic": None,
        "flags": 0,
    }


def thread_payload(thread_id: int, parent_id: int, name: str) -> dict[str, Any]:
    return {
        "id": str(thread_id),
        "type": 11,
        "guild_id": str(GUILD_ID),
        "parent_id": str(parent_id),
        "owner_id": str(BOT_ID),
        "name": name,
        "last_message_id": None,
        "rate_limit_per_user": 0,
        "message_count": 0,
        "member_count": 1,
        "flags": 0,
        "thread_metadata": {
            "archived": False,
            "auto_archive_duration": 1440,
            "archive_timestamp": "2026-01-01T00:00:00+00:00",
            "locked": False,
        },
    }


# ---- the bot under test ------------------------------------------------------------------------


class Clock:
    """A settable clock shared by the session manager's deadlines and the bot's tables."""

    def __init__(self, now: float = 1_800_000_000.0) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now


async def start_bot(
    fake: FakeDiscord,
    db_path: Any,
    *,
    clock: Clock | None = None,
    edit_interval: float = 0.0,
    games: dict[str, Any] | None = None,
    pictures: bool = False,
    away_after: int = 3,
    active_seconds: float = 0.0,
    hand_context_seconds: float = 0.0,
    repost_after: float = 0.0,
    lobby_idle: float = 0.0,
    game_idle: float = 0.0,
    **manager_options: Any,
) -> Any:
    """A real TidewaterBot on a real SessionManager (SQLite at ``db_path``), logged in to the
    fake Discord: setup_hook has run (cogs, dynamic items, command sync). ``away_after``: missed
    turns in a row before an AI keeps a person's seat; ``lobby_idle``: seconds before an unchanged
    lobby closes (0, the tests' default: never); ``game_idle``: seconds before a live game
    without a move ends (0: never); ``manager_options`` go to ``SessionManager.open`` (shards,
    an owner, a lost-lease callback)."""
    from bot.client import TidewaterBot
    from bot.sessions import SessionManager
    from bot.sessions.ai import AiConfig
    from bot.settings import parse_settings

    clock = clock or Clock()
    settings = parse_settings(
        {
            "storage": {"path": str(db_path)},
            # random AI seats: the tests' games stay short and replay as they always have
            "tables": {
                "edit_interval": edit_interval,
                "pictures": pictures,
                "ai_level": "random",
                # every turn notifies and every change redraws open hands at once, as the
                # tests' whole games expect (tests of the quieter defaults pass their own)
                "active_seconds": active_seconds,
                "repost_after": repost_after,
                "hand_context_seconds": hand_context_seconds,
            },
            "games": games or {},
        },
        env={},
    )
    manager = await SessionManager.open(
        db_path,
        clock=clock,
        synchronous="NORMAL",
        ai=AiConfig(away_after=away_after),
        lobby_idle=lobby_idle,
        game_idle=game_idle,
        **manager_options,
    )
    bot = TidewaterBot(settings, manager=manager, clock=clock)
    fake.bots.append(bot)
    await bot.login(TOKEN)
    return bot


_WORK = ("CommandTree-invoker", "discord-ui-", "discord.py:", "tidewater-")


async def settle(bot: Any, fake: FakeDiscord, *, rounds: int = 10_000) -> None:
    """Until the bot is quiet: no interaction handler, AI move, listener, deadline or table
    refresh running, twice in a row. Driven by awaiting that work, never by sleeping."""
    quiet = 0
    for _ in range(rounds):
        before = len(fake.sent)
        handlers = [
            t for t in asyncio.all_tasks() if t.get_name().startswith(_WORK) and not t.done()
        ]
        if handlers:
            await asyncio.gather(*handlers, return_exceptions=True)
        await bot.manager.settle()
        await bot.publisher.wait_idle()
        for _ in range(3):  # let woken tasks (the deadline dispatcher, the store) take a turn
            await asyncio.sleep(0)
        if not handlers and len(fake.sent) == before:
            quiet += 1
            if quiet >= 2:
                return
        else:
            quiet = 0
    raise AssertionError("the bot never settled")
