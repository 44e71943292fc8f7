"""The manager's in-memory record of one lobby or live game, and its ``games`` row.

Why a record of its own: it is the single owner of a game while the game is open (its lock,
its engine state, its turn timers, its listener queue), and it is also what is written back
as the game's row. Keeping the conversions (``row``, ``info_from_row``) next to the record
keeps the two from drifting apart; the column layout itself belongs to ``bot.store``.
"""

from __future__ import annotations

import asyncio
import json
from collections import deque
from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

from bot.sessions.stale import Step, recent_steps
from bot.sessions.types import GameInfo, Seat, Status, Update
from bot.store import GameRow, GameWrite, dumps


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
    #: when the game's row last changed (a lobby closes after long enough unchanged)
    updated: float = 0.0
    #: the key of the AI move seeds (``bot.ai.move_seed``), hex; never in ``info`` or a view
    ai_secret: str = ""
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    turn_deadlines: dict[int, int] = field(default_factory=dict)  # seat -> deadline id
    reminders: dict[int, int] = field(default_factory=dict)  # seat -> reminder deadline id
    pace: int | None = None  # the host's turn clock (None: the server's)
    hints: bool = False  # the host allows the 💡 Hint button
    hinted: bool = False  # someone asked for a hint: the game is not rated
    #: a practice table (``/learn``): unrated, out of the standings, coached
    practice: bool = False
    #: the last few moves applied since this record was loaded, with the states they were
    #: applied to (``bot.sessions.stale``: is a click on an older hand still the same choice?);
    #: ``acted_from`` is the version it was loaded at: older moves are in the log only
    recent: deque[Step] = field(default_factory=recent_steps)
    acted_from: int = 0
    outbox: deque[Update] = field(default_factory=deque)
    notifying: bool = False
    _info: GameInfo | None = None
    _info_key: tuple[Any, ...] = ()
    _ai_of: tuple[Seat, ...] | None = None
    _ai: bool = False

    def info(self) -> GameInfo:
        """The frozen public record, rebuilt only when something in it changed (it is asked
        for on every act and every view, so it is cached on the identity of its parts)."""
        key = (
            self.version, self.status, self.seats, self.host_id, self.options, self.messages,
            self.pace, self.hints, self.hinted, self.practice,
        )  # fmt: skip
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
            MappingProxyType(self.options),
            self.seed,
            self.version,
            MappingProxyType(self.messages),
            self.pace,
            self.hints,
            self.hinted,
            self.practice,
        )
        return self._info

    def has_ai(self) -> bool:
        if self._ai_of is not self.seats:
            self._ai_of = self.seats
            self._ai = any(seat.ai_plays for seat in self.seats)
        return self._ai

    def row(self, now: float, **changes: Any) -> GameWrite:
        """The ``games`` upsert row with ``changes`` (seats, host_id, ...) applied."""
        get = changes.get
        seats = get("seats", self.seats)
        return GameWrite(
            self.id,
            self.guild_id,
            self.channel_id,
            self.game,
            get("host_id", self.host_id),
            get("status", self.status),
            dumps([seat_json(s) for s in seats]),
            dumps(dict(get("options", self.options))),
            self.seed,
            dumps(dict(get("messages", self.messages))),
            self.created,
            now,
            get("end_reason", self.end_reason),
            get("pace", self.pace),
            self.ai_secret or None,
            int(get("hints", self.hints)),
            int(get("hinted", self.hinted)),
            int(self.practice),
        )


def seat_json(s: Seat) -> list[Any]:
    """A seat as stored: ``[user_id, name, ai_level]``, plus ``missed`` and ``away`` only when
    the turn clock has marked the seat (so the rows of every other game stay as they were)."""
    if s.away or s.missed:
        return [s.user_id, s.name, s.ai_level, s.missed, int(s.away)]
    return [s.user_id, s.name, s.ai_level]


def seats_from_json(text: str) -> tuple[Seat, ...]:
    return tuple(_seat(i, item) for i, item in enumerate(json.loads(text)))


def _seat(i: int, item: list[Any]) -> Seat:
    if len(item) == 3:
        return Seat(i, item[0], item[1], item[2])
    return Seat(i, item[0], item[1], item[2], int(item[3]), bool(item[4]))


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


def info_from_row(r: GameRow, status: Status | None = None) -> GameInfo:
    """A game's public record straight from its row (no engine, no replay); ``status``
    overrides the stored one (an end that is being written)."""
    return GameInfo(
        r.id,
        r.guild_id,
        r.channel_id,
        r.game,
        r.host_id,
        status or r.status,  # type: ignore[arg-type]
        seats_from_json(r.seats),
        MappingProxyType(json.loads(r.options)),
        r.seed,
        r.version,
        MappingProxyType(json.loads(r.messages)),
        r.pace,
        bool(r.hints),
        bool(r.hinted),
        bool(r.practice),
    )
