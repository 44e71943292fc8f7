"""The session manager's public vocabulary: its refusals, records, callbacks and constants.

Kept apart from the manager so that the Discord layer, the deadline dispatcher, the
collaborators and the tests can name these types without importing the machinery;
``bot.sessions`` re-exports every name here, and that is where callers import them from.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

from games import Event
from games.core import Policy as Policy  # an AI level: (observation, seed) -> code

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
    #: a person's turns the clock ran out on, in a row (reset when they act themselves)
    missed: int = 0
    #: a person who missed too many turns in a row: an AI plays the seat until they are back
    away: bool = False

    @property
    def is_ai(self) -> bool:
        return self.user_id is None

    @property
    def ai_plays(self) -> bool:
        """Whether an AI may move for this seat: an AI seat, or a person who is away (but see
        :func:`ai_moves_for`: not while every person is away)."""
        return self.user_id is None or self.away


def paused(seats: Sequence[Seat]) -> bool:
    """Whether every person at the table is away (and there is one): the game then waits.

    Why: the AI plays an away person's seat so that the people still there are not held up.
    With nobody left there is nobody to hold up, and the AI would play a whole game (one to
    500 points can take thousands of moves) that nobody watches, whose result would count in
    the server's standings. So the game pauses until someone presses I'm back."""
    people = [s for s in seats if s.user_id is not None]
    return bool(people) and all(s.away for s in people)


def ai_moves_for(seats: Sequence[Seat], seat: int) -> bool:
    """Whether an AI moves for ``seat`` now: an AI seat always, an away person's seat unless
    the game is :func:`paused`."""
    s = seats[seat]
    return s.user_id is None or (s.away and not paused(seats))


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
    #: the table's turn clock in seconds per move as its host chose it (0: no clock); None
    #: follows the server's turn timeout
    pace: int | None = None

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
    #: "act", "ai", "timeout", "takeover" (an AI moving for an away person), "start", "end",
    #: "kick", "remind" (a person's clock is about to run out), "back" (an away person returned)
    cause: str = "act"


@dataclass(frozen=True, slots=True)
class GuildSettings:
    guild_id: int
    admin_role_id: int | None = None
    use_threads: bool = False
    turn_timeout: int = 0  # seconds a person has to act before the AI policy acts for them; 0 = off
    pictures: bool | None = None  # card pictures on this server's tables; None = the config's


@dataclass(frozen=True, slots=True)
class Deadline:
    id: int
    game_id: int
    kind: str  # e.g. a fade or a window; "turn" is the manager's own
    due: float  # unix time
    data: Mapping[str, Any]


Listener = Callable[[Update], Awaitable[None]]
DeadlineHandler = Callable[[Deadline], Awaitable[None]]

#: actions between snapshots. Reloading a game costs one ``engine.load`` plus on average half
#: this many ``engine.apply``; writing a snapshot costs one ``engine.dump`` per this many moves.
#: With these card games (dump ~30 us, apply ~10 us) 8 keeps 10,000 games reloading in ~1 s.
SNAPSHOT_EVERY = 8
#: why a game ends when its last person is kicked
NO_PEOPLE_LEFT = "no people left at the table"
