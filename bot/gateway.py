"""One gateway frame never stops the bot, and an interaction discord.py cannot read is answered.

Why: discord.py reads every gateway frame inside its shard's receive loop, and an exception
there ends that loop with "terminate", which ``AutoShardedBot.start`` raises: the process exits
and every game on every server stops until a supervisor starts it again. Discord sends
well-formed frames, but one that is not must cost that frame only. Two were found by an attack
on the running bot: a button custom_id holding a lone surrogate escape (``\\udc80``, valid JSON
that orjson refuses) and an interaction lacking a field discord.py reads without a default.

Three guards, each where the failure starts:

* :func:`loads` replaces discord.py's JSON reader. orjson keeps the fast path; what it refuses
  is read again by the standard parser, which accepts every valid JSON text, with lone
  surrogates replaced (U+FFFD) so that nothing later (an answer, a log line, a name on a table)
  meets a string that cannot be written back out as UTF-8. A forged frame is then read and its
  interaction answered instead of lost.
* :func:`contain` wraps each of discord.py's event parsers of one connection: an event whose
  data a parser cannot read is dropped with one warning line naming the event (never the
  payload, which may hold a name or a card), and an interaction among them still gets its
  "nothing was changed" answer from the id and token it carries.
* :func:`install` wraps ``DiscordWebSocket.received_message`` once per process: a frame that
  is not JSON at all, not an object, or not UTF-8 is dropped the same way. The gateway's own
  control flow (reconnect, resume, closed sockets) passes through untouched.
"""

from __future__ import annotations

import asyncio
import json
import logging
import re
from collections.abc import Callable, Coroutine
from typing import Any, cast

import aiohttp
import discord
import discord.gateway
import discord.utils

from bot.model import Fencing

try:  # discord.py uses orjson when it is installed, and so does this module
    import orjson
except ModuleNotFoundError:  # pragma: no cover - orjson is a dependency
    orjson = None  # type: ignore[assignment]

log = logging.getLogger(__name__)

#: what an interaction answer is given: the Interaction, rebuilt from the frame's id and token
Answer = Callable[[discord.Interaction], Coroutine[Any, Any, None]]

_SURROGATE = re.compile("[\ud800-\udfff]")
_EVENT = re.compile(r'"t"\s*:\s*"([A-Z_]{1,40})"')
#: the gateway's own control flow, and a broken connection: discord.py handles these itself
_CONTROL: tuple[type[BaseException], ...] = (
    discord.gateway.ReconnectWebSocket,
    discord.gateway.WebSocketClosure,
    discord.ConnectionClosed,
    OSError,
    aiohttp.ClientError,
    asyncio.TimeoutError,
)
#: answers started from a parser (which is synchronous), kept until done
_answers: set[asyncio.Task[None]] = set()


class UnreadableFrame(ValueError):
    """A frame that is not JSON even to the standard parser."""


def loads(text: str | bytes | bytearray | memoryview) -> Any:
    """JSON text to Python, as discord.py's ``utils._from_json``: orjson first, the standard
    parser for what orjson refuses (then with lone surrogates replaced)."""
    if orjson is not None:
        try:
            return orjson.loads(text)
        except orjson.JSONDecodeError:
            pass
    try:
        return _scrub(json.loads(bytes(text) if isinstance(text, memoryview) else text))
    except (ValueError, RecursionError) as exc:
        raise UnreadableFrame(f"not JSON ({type(exc).__name__})") from None  # untranslated: log


def _scrub(value: Any) -> Any:
    """``value`` with every lone surrogate in its strings (keys too) replaced by U+FFFD."""
    if isinstance(value, str):
        return _SURROGATE.sub("\ufffd", value)
    if isinstance(value, list):
        return [_scrub(v) for v in value]
    if isinstance(value, dict):
        return {_scrub(k): _scrub(v) for k, v in value.items()}
    return value


def frame_event(msg: Any) -> str:
    """The event type of a raw frame for a log line (``?`` when it cannot be seen)."""
    if isinstance(msg, bytes | bytearray):
        return "compressed frame"  # untranslated: for a log line
    match = _EVENT.search(msg) if isinstance(msg, str) else None
    return match.group(1) if match else "?"


def install() -> None:
    """Read gateway frames with :func:`loads` and drop, with a warning, a frame that still
    cannot be handled. Idempotent: every bot of the process shares discord.py's classes."""
    discord.utils._from_json = loads
    socket = discord.gateway.DiscordWebSocket
    received = socket.received_message
    if getattr(received, "__tidewater__", False):
        return

    async def received_message(self: discord.gateway.DiscordWebSocket, msg: Any, /) -> None:
        try:
            await received(self, msg)
        except _CONTROL:
            raise
        except Exception as exc:
            log.warning(
                "dropped a gateway frame that could not be read (%s, %s)",
                frame_event(msg),
                type(exc).__name__,
            )

    received_message.__tidewater__ = True  # type: ignore[attr-defined]
    socket.received_message = received_message  # type: ignore[method-assign]


def contain(state: Any, answer: Answer) -> None:
    """Wrap every event parser of ``state`` (a ``ConnectionState``) so that one event discord.py
    cannot read is dropped with one warning line, and an interaction among them is answered."""
    parsers: dict[str, Callable[[Any], None]] = state.parsers
    for event, parser in list(parsers.items()):
        if not getattr(parser, "__tidewater__", False):
            parsers[event] = _contained(event, parser, state, answer)


def _contained(
    event: str, parser: Callable[[Any], None], state: Any, answer: Answer
) -> Callable[[Any], None]:
    def parse(data: Any) -> None:
        if event == "INTERACTION_CREATE" and not well_formed(data):
            # discord.py would take it, then fail in a task of its own (a menu's ``values``
            # that is not a list), where nobody answers it
            answered = _answer_unread(state, data, answer)
            log.warning(
                "dropped an interaction of a shape Discord does not send%s",
                "; it is answered" if answered else "",
            )
            return
        try:
            parser(data)
        except Exception as exc:
            answered = event == "INTERACTION_CREATE" and _answer_unread(state, data, answer)
            log.warning(
                "dropped a gateway event that could not be read (%s, %s)%s",
                event,
                type(exc).__name__,
                "; it is answered" if answered else "",
            )
            log.debug("the %s event's parser failed", event, exc_info=exc)

    parse.__tidewater__ = True  # type: ignore[attr-defined]
    return parse


def fence(state: Any, fencing: Fencing, answer: Answer) -> None:
    """Once ``fencing`` is set (another process took this one's shards, issue 38), every
    interaction is answered by ``answer`` from its id and token alone and goes no further: no
    handler runs, so nothing is committed and no table or hand is edited from a state the new
    owner has moved past. Before that, it costs one attribute read per interaction."""
    parsers: dict[str, Callable[[Any], None]] = state.parsers
    parse = parsers["INTERACTION_CREATE"]

    def fenced(data: Any) -> None:
        if not fencing.fenced:
            parse(data)
        elif isinstance(data, dict):
            _answer_unread(state, data, answer)

    fenced.__tidewater__ = True  # type: ignore[attr-defined]
    parsers["INTERACTION_CREATE"] = fenced


def well_formed(data: Any) -> bool:
    """Whether a component click or a form has the shape discord.py reads without a check:
    the fields it indexes, of the types it iterates. Other types are read by the command tree,
    which answers what it cannot read (``bot.tree``)."""
    if not isinstance(data, dict):
        return True  # the parser fails at once, and the guard above answers
    inner = data.get("data")
    kind = data.get("type")
    if kind not in (3, 5):
        return True
    if not isinstance(inner, dict) or not isinstance(inner.get("custom_id"), str):
        return False
    if kind == 3:
        values = inner.get("values", [])
        return (
            isinstance(inner.get("component_type"), int)
            and isinstance(values, list)
            and all(isinstance(v, str) for v in values)
            and isinstance(inner.get("resolved", {}), dict)
        )
    return isinstance(inner.get("components"), list) and isinstance(inner.get("resolved", {}), dict)


def _answer_unread(state: Any, data: Any, answer: Answer) -> bool:
    """Answer an interaction that discord.py could not read, from its id and token alone;
    False when it carries none to answer with (nothing can then reach the person)."""
    try:
        interaction: discord.Interaction = discord.Interaction(
            data=cast(
                Any,
                {
                    "id": data["id"],
                    "application_id": data.get("application_id") or 0,
                    "type": data["type"],
                    "token": str(data["token"]),
                    "version": 1,
                    "attachment_size_limit": 0,
                },
            ),
            state=state,
        )
    except Exception:
        return False
    task: asyncio.Task[None] = asyncio.get_running_loop().create_task(
        answer(interaction), name="tidewater-answer"
    )
    _answers.add(task)
    task.add_done_callback(_answers.discard)
    return True
