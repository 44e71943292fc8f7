"""The session manager: the one owner of every live game (INTERFACE; implementation pending).

This file fixes the seam between the Discord layer (cogs, components) and the durable game
store, so both sides can be built at once. Names and signatures here are the contract; the
implementation may add to them but must not rename them.

Guarantees the implementation gives:

* One owner per game serialises its actions (a per-game lock held by a strong reference, or an
  actor). An action is validated by the engine, then written with its new version in one SQLite
  transaction **before** any caller or listener hears of it.
* ``version`` counts the actions accepted since the game started (0 right after ``start``).
  ``act(..., expected_version=v)`` is refused with :class:`StaleVersion` unless ``v`` equals the
  current version, so a double click or an old button is never applied twice.
* Listeners hear of every committed change (a player's act, an AI seat's move, a turn timeout,
  start, end) in version order per game, after the commit, outside the game's lock.
* AI seats move by themselves: after every change, while the seats to act include AI seats, the
  manager asks the policy (off the event loop) and applies its move.
* Deadlines (turn timers, the Lighthouse fade, bluff windows) are rows in the database served by
  one dispatcher task, so they survive a restart.
* All unfinished games (lobbies and live games) are loaded at start-up.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

from games import Action, Event

Status = Literal["lobby", "live", "finished", "abandoned"]


class SessionError(Exception):
    """A refusal a user can read; the bot shows ``str(exc)`` ephemerally. Nothing changed."""


class GameNotFound(SessionError):
    """No such game, or it is no longer open for this operation."""


class NotAllowed(SessionError):
    """The user may not do this (not seated, not the host, not this seat)."""


class LobbyError(SessionError):
    """The lobby cannot do this now (full, already seated, too few players to start, ...)."""


class StaleVersion(SessionError):
    """The click was made against an older state of the game; ``current`` is the version now."""

    def __init__(self, message: str, current: int) -> None:
        super().__init__(message)
        self.current = current


@dataclass(frozen=True, slots=True)
class Seat:
    seat: int
    user_id: int | None  # Discord user id; None for an AI seat
    name: str  # display name at the time of joining ("AI 1" for AI seats)
    ai_level: str | None = None  # e.g. "random"; None for people

    @property
    def is_ai(self) -> bool:
        return self.user_id is None


@dataclass(frozen=True, slots=True)
class GameInfo:
    """Everything about a game except its rules state."""

    id: int
    guild_id: int
    channel_id: int  # where the lobby/table lives (the thread's id when threads are used)
    game: str  # engine name, as in games.registry
    host_id: int
    status: Status
    seats: tuple[Seat, ...]
    options: Mapping[str, Any]  # the table options as set by the host (engine.Options fields)
    seed: int
    version: int
    messages: Mapping[str, int] = field(default_factory=dict)  # e.g. {"lobby": id, "table": id}

    def seat_of(self, user_id: int) -> int | None:
        """The seat this user holds, if any (one seat per user per game)."""
        for seat in self.seats:
            if seat.user_id == user_id:
                return seat.seat
        return None


@dataclass(frozen=True, slots=True)
class Update:
    """A committed change, as returned by ``act``/``start``/``end`` and given to listeners."""

    info: GameInfo  # after the change
    events: tuple[Event, ...]  # the engine's events (route by Event.visible_to)
    seat: int | None = None  # who acted (None for start/end)
    code: str | None = None  # the action code applied, if any
    cause: str = "act"  # "act", "ai", "timeout", "start", "end", "kick"


@dataclass(frozen=True, slots=True)
class GuildSettings:
    guild_id: int
    admin_role_id: int | None = None
    use_threads: bool = False
    turn_timeout: int = 0  # seconds a person has to act before the AI policy acts for them; 0 = off


@dataclass(frozen=True, slots=True)
class Deadline:
    id: int
    game_id: int
    kind: str  # e.g. "lighthouse_fade"; "turn" is the manager's own
    due: float  # unix time
    data: Mapping[str, Any]


Listener = Callable[[Update], Awaitable[None]]
DeadlineHandler = Callable[[Deadline], Awaitable[None]]
#: picks a move for an AI seat: (engine, state, seat, rng seed) -> action; runs in an executor
Policy = Callable[[Any, Any, int, int], Action]


class SessionManager:
    """See the module docstring. Every method raises :class:`SessionError` subclasses (or
    ``games.IllegalAction`` / ``games.BadOptions``) with a readable message and changes nothing
    when it refuses."""

    @classmethod
    async def open(cls, path: str | Path, *, policy: Policy | None = None) -> SessionManager:
        """Open (creating or migrating) the database and load every unfinished game."""
        raise NotImplementedError

    async def close(self) -> None:
        """Finish in-flight commits, stop AI and deadline tasks, close the database."""
        raise NotImplementedError

    def add_listener(self, listener: Listener) -> None:
        raise NotImplementedError

    # ---- lobby ----------------------------------------------------------------------------
    async def create_lobby(
        self,
        *,
        guild_id: int,
        channel_id: int,
        game: str,
        host_id: int,
        host_name: str,
        options: Mapping[str, Any] | None = None,
    ) -> GameInfo:
        """A new lobby with the host in seat 0. Refused (LobbyError) if the channel already has
        an unfinished game."""
        raise NotImplementedError

    async def join(self, game_id: int, user_id: int, name: str) -> GameInfo:
        raise NotImplementedError

    async def leave(self, game_id: int, user_id: int) -> GameInfo:
        """Leave a lobby. When the host leaves, the next person seated becomes host; a lobby
        with no people left is cancelled."""
        raise NotImplementedError

    async def add_ai(self, game_id: int, by_user: int, level: str = "random") -> GameInfo:
        """Host only."""
        raise NotImplementedError

    async def remove_ai(self, game_id: int, seat: int, by_user: int) -> GameInfo:
        """Host only."""
        raise NotImplementedError

    async def set_options(self, game_id: int, by_user: int, options: Mapping[str, Any]) -> GameInfo:
        """Host only; merged into the current options and validated by the engine's Options."""
        raise NotImplementedError

    async def start(self, game_id: int, by_user: int) -> Update:
        """Host only; needs engine.min_players..max_players seats. Seats keep their order."""
        raise NotImplementedError

    async def cancel(self, game_id: int, by_user: int) -> GameInfo:
        """Host only; a lobby that has not started is closed ("abandoned")."""
        raise NotImplementedError

    async def set_message(self, game_id: int, kind: str, message_id: int) -> None:
        """Remember a Discord message of this game (e.g. "lobby", "table")."""
        raise NotImplementedError

    # ---- play -----------------------------------------------------------------------------
    async def act(self, game_id: int, seat: int, code: str, expected_version: int | None) -> Update:
        """Apply one action for ``seat``; ``expected_version=None`` skips the version check."""
        raise NotImplementedError

    async def state(self, game_id: int) -> tuple[GameInfo, Any]:
        """The game's info and current engine state (treat it as read-only)."""
        raise NotImplementedError

    async def end(self, game_id: int, *, reason: str, by_user: int | None = None) -> Update:
        """Stop a lobby or live game now (admin end): status "abandoned", no winner."""
        raise NotImplementedError

    async def kick(self, game_id: int, user_id: int) -> Update:
        """Admin: the user's seat becomes an AI seat (in a lobby, the seat is freed)."""
        raise NotImplementedError

    # ---- queries --------------------------------------------------------------------------
    async def get(self, game_id: int) -> GameInfo:
        raise NotImplementedError

    async def live_games(self, guild_id: int | None = None) -> list[GameInfo]:
        """Lobbies and live games, oldest first."""
        raise NotImplementedError

    async def game_in_channel(self, channel_id: int) -> GameInfo | None:
        """The unfinished game (lobby or live) in this channel, if any."""
        raise NotImplementedError

    async def actions(self, game_id: int) -> list[tuple[int, int, str]]:
        """The action log as (seq, seat, code): replays and exports."""
        raise NotImplementedError

    # ---- settings, deadlines --------------------------------------------------------------
    async def guild_settings(self, guild_id: int) -> GuildSettings:
        raise NotImplementedError

    async def update_guild_settings(self, guild_id: int, **changes: Any) -> GuildSettings:
        raise NotImplementedError

    async def add_deadline(
        self, game_id: int, kind: str, due: float, data: Mapping[str, Any] | None = None
    ) -> int:
        raise NotImplementedError

    def on_deadline(self, kind: str, handler: DeadlineHandler) -> None:
        """Register the handler called (once) when a deadline of ``kind`` is due."""
        raise NotImplementedError
