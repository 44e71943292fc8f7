"""The manager's in-memory record of one lobby or live game, and its ``games`` row.

Why a record of its own: it is the single owner of a game while the game is open (its lock,
its engine state, its turn timers, its listener queue), and it is also what is written back
as the game's row. Keeping the row layout (``GAME_COLUMNS``, ``row``, ``info_from_row``) next
to the record keeps the two from drifting apart. The seat helpers compute the row changes when
a person leaves a table; they know nothing of locks or the database.
"""

from __future__ import annotations

import asyncio
import json
from collections import deque
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from types import MappingProxyType
from typing import Any

from bot.session_types import GameInfo, Seat, Status, Update
from bot.store import dumps


@dataclass(eq=False, slots=True)
class GameRecord:
    """The manager's in-memory record of one lobby or live game (its owner)."""

    id: int
    guild_id: int
    channel_id: int
    game: str
    host_id: int
    status: Status
    seats: tuple[Seat, ...]
    options: Mapping[str, Any]  # replaced, never mutated, so infos can share it
    seed: int
    version: int
    messages: Mapping[str, int]
    created: float
    engine: Any
    state: Any = None
    snap_version: int = 0
    end_reason: str | None = None
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    turn_deadlines: dict[int, int] = field(default_factory=dict)  # seat -> deadline id
    outbox: deque[Update] = field(default_factory=deque)
    notifying: bool = False
    ai_task: asyncio.Task[None] | None = None
    _info: GameInfo | None = None
    _info_key: tuple[Any, ...] = ()
    _ai_of: tuple[Seat, ...] | None = None
    _ai: bool = False

    def info(self) -> GameInfo:
        """The frozen public record, rebuilt only when something in it changed (it is asked
        for on every act and every view, so it is cached on the identity of its parts)."""
        key = (self.version, self.status, self.seats, self.host_id, self.options, self.messages)
        if self._info is not None and key == self._info_key:
            return self._info
        self._info_key = key
        self._info = GameInfo(
            self.id,
            self.guild_id,
            self.channel_id,
            self.game,
            self.host_id,
            self.status,
            self.seats,
            MappingProxyType(self.options),  # type: ignore[arg-type]
            self.seed,
            self.version,
            MappingProxyType(self.messages),  # type: ignore[arg-type]
        )
        return self._info

    def has_ai(self) -> bool:
        if self._ai_of is not self.seats:
            self._ai_of = self.seats
            self._ai = any(seat.user_id is None for seat in self.seats)
        return self._ai

    def row(self, now: float, **changes: Any) -> tuple[Any, ...]:
        """The ``games`` upsert row with ``changes`` (seats, host_id, ...) applied."""
        get = changes.get
        seats = get("seats", self.seats)
        return (
            self.id,
            self.guild_id,
            self.channel_id,
            self.game,
            get("host_id", self.host_id),
            get("status", self.status),
            dumps([[s.user_id, s.name, s.ai_level] for s in seats]),
            dumps(dict(get("options", self.options))),
            self.seed,
            dumps(dict(get("messages", self.messages))),
            self.created,
            now,
            get("end_reason", self.end_reason),
        )


def seats_from_json(text: str) -> tuple[Seat, ...]:
    return tuple(
        Seat(i, user_id, name, level) for i, (user_id, name, level) in enumerate(json.loads(text))
    )


def json_memo(text: str, _memo: dict[str, Any] = {}) -> Any:  # noqa: B006
    """Decode a small JSON value, sharing the result between equal texts (many games carry
    the same options): the values are never mutated, only replaced. Bounded, so a long-lived
    process does not keep every text it ever saw."""
    value = _memo.get(text)
    if value is None:
        value = json.loads(text)
        if len(_memo) < 4096:
            _memo[text] = value
    return value


GAME_COLUMNS = (
    "id, guild_id, channel_id, game, host_id, status, seats, options, seed, version, messages,"
    " created, end_reason"
)


def info_from_row(r: Any) -> GameInfo:
    """A game's public record straight from its row: no engine, no replay."""
    gid, guild, channel, game, host, status, seats, options, seed, version, msgs, _, _ = r
    return GameInfo(
        gid, guild, channel, game, host, status, seats_from_json(seats),
        MappingProxyType(json.loads(options)), seed, version, MappingProxyType(json.loads(msgs)),
    )  # fmt: skip


def with_status(row: Any, status: Status) -> tuple[Any, ...]:
    return (*row[:5], status, *row[6:])


def renumber(seats: Any) -> tuple[Seat, ...]:
    return tuple(replace(s, seat=i) for i, s in enumerate(seats))


def without_person(g: GameRecord, user_id: int) -> dict[str, Any]:
    """Lobby changes when a person leaves: host passes on; no person left cancels it."""
    seats = renumber(s for s in g.seats if s.user_id != user_id)
    people = [s for s in seats if not s.is_ai]
    if not people:
        return {"seats": seats, "status": "abandoned", "end_reason": "everyone left"}
    if user_id == g.host_id:
        return {"seats": seats, "host_id": people[0].user_id}
    return {"seats": seats}
