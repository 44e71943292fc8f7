"""Plain records every layer shares: a game's seats and facts, a committed change, a deadline,
and the closed vocabularies they carry (statuses, causes, end reasons).

Why a module of its own, low in the house: the renderers, the stats, the store, the table and
the cogs all speak of a ``GameInfo`` or an ``Update``, but only the session manager makes them.
Kept beside the manager, every reader of a record had to import the manager's package, and the
packages it imports (``bot.stats``) then imported it back. Here they import nothing of ``bot``
(only ``games``), so any layer may name them; ``bot.sessions`` still re-exports each one, and
existing imports from there keep working.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, Literal

from games import Event
from games.text import messages

#: the words below are English with their id (``bot.i18n.translate`` where shown)
msg, msg_n = messages("tidewater")

#: where a game is in its life: gathering seats, being played, played to the end, or ended early
Status = Literal["lobby", "live", "finished", "abandoned"]

#: why an action was applied: the causes written in the action log (``actions.cause``).
#:
#: * ``act`` - the seat's person chose it;
#: * ``ai`` - an AI seat's policy chose it;
#: * ``timeout`` - the person's turn clock ran out and the AI chose it for them;
#: * ``takeover`` - the person is away (stepped away, or missed too many turns) and the AI
#:   played their seat.
MoveCause = Literal["act", "ai", "timeout", "takeover"]

#: why listeners hear of a committed change (``Update.cause``): a move's cause, or one of
#:
#: * ``start`` - the host started the game;
#: * ``end`` - the game was ended early (an admin, a vanished channel, the last person kicked);
#: * ``kick`` - a person was taken off their seat and the game goes on;
#: * ``remind`` - a person's turn clock is about to run out;
#: * ``away`` - a person stepped away: the AI plays their seat;
#: * ``back`` - an away person took their seat back;
#: * ``idle`` - a lobby nobody started, or a game nobody moved in, closed by itself.
Cause = Literal[MoveCause, "start", "end", "kick", "remind", "away", "back", "idle"]

# The end reasons kept with a game (``games.end_reason``: ``/history``, the admin's list of
# ended games). Free text, since an admin's reason names who ended it and the idle ends name
# how long nothing happened (``bot.sessions.idle.idle_reason``/``stalled_reason``); the fixed
# ones are these.
#: a game played to its end
FINISHED = "finished"
#: a lobby whose last person left
EVERYONE_LEFT = "everyone left"  # untranslated: stored end reason
#: a lobby its host cancelled
CANCELLED_BY_HOST = "cancelled by the host"  # untranslated: stored end reason
#: a game whose last person was kicked
NO_PEOPLE_LEFT = "no people left at the table"  # untranslated: stored end reason
#: a game whose channel or thread was deleted (``bot.vanished``)
CHANNEL_DELETED = "its channel was deleted"  # untranslated: stored end reason
#: a game in a server that removed the bot (``bot.vanished``)
BOT_REMOVED = "the bot was removed from the server"  # untranslated: stored end reason
#: appended to the reason of a game ended while it could not be loaded
NOT_LOADED = " (could not be loaded)"  # untranslated: stored end reason


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
        ``bot.sessions.ai_moves_for``: not while every person is away)."""
        return self.user_id is None or self.away


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
    #: the host allows the 💡 Hint button at this table (off by default: a rated table)
    hints: bool = False
    #: someone asked for a hint in this game, so it is not rated
    hinted: bool = False
    #: a practice table (``/learn``): one person against AI seats, unrated, with coach lines
    practice: bool = False

    def seat_of(self, user_id: int) -> int | None:
        """The seat this user holds, if any (one seat per user per game)."""
        for seat in self.seats:
            if seat.user_id == user_id:
                return seat.seat
        return None


#: what a 💡 Hint click gets at a table whose host did not allow hints (or a stale button)
HINTS_OFF = msg("Hints are off at this table: the host did not allow them, so it stays rated.")


@dataclass(frozen=True, slots=True)
class Hint:
    """The normal AI's move for one seat at one version (the 💡 Hint button), with its reason;
    ``state`` is the state it was computed for, so the shell words the move as the hand drew it.
    """

    info: GameInfo
    state: Any
    seat: int
    version: int
    code: str
    reason: str


@dataclass(frozen=True, slots=True)
class Update:
    """A committed change, as returned by ``act``/``start``/``end`` and given to listeners."""

    info: GameInfo  # after the change
    events: tuple[Event, ...]  # the engine's events (route by Event.visible_to)
    seat: int | None = None  # who acted (None for start/end)
    code: str | None = None  # the action code applied, if any
    #: why it happened (see :data:`Cause`); the table and lobby messages word it by this
    cause: Cause = "act"


@dataclass(frozen=True, slots=True)
class GuildSettings:
    guild_id: int
    admin_role_id: int | None = None
    use_threads: bool = False
    turn_timeout: int = 0  # seconds a person has to act before the AI policy acts for them; 0 = off
    pictures: bool | None = None  # card pictures on this server's tables; None = the config's
    #: the language of what the channel sees (a catalog name of ``bot.i18n``); None = the
    #: server's Discord language
    language: str | None = None


@dataclass(frozen=True, slots=True)
class Deadline:
    id: int
    game_id: int
    kind: str  # e.g. a fade or a window; "turn" is the manager's own
    due: float  # unix time
    data: Mapping[str, Any]


class Fencing:
    """Whether this process has found its shard leases taken by another process (issue 38).

    Why a shared object rather than a question to the manager: every part that writes to
    Discord (the publisher's table edits, the hand refreshes, the table's requests) must stop
    at the moment the lease is found gone, including work already queued or timed before it
    (a deferred hand refresh, a table edit waiting in its batching window), and each is handed
    this one object when it is built. The manager's shard lease sets :attr:`lost`
    (:meth:`fence`) on a write the database refused for the lease's epoch or on a renewal that
    found the shard taken; what then runs of this process draws nothing from a state the new
    owner has moved past.

    :attr:`fenced`, what the Discord parts check, also holds while the lease has *lapsed*: not
    renewed for its whole length (``lapsed``, set by the lease), so possibly taken by another
    process without this one knowing yet (it stalled, or could not reach the database). A
    reminder or a picture needs no write to the database, so no epoch check would stop it;
    this does, until a renewal says the lease is still ours."""

    __slots__ = ("_then", "lapsed", "lost")

    def __init__(self) -> None:
        #: another process holds this one's shards now (for good: the process stops)
        self.lost = False
        #: whether the lease has gone unrenewed for its whole length (none: no lease)
        self.lapsed: Callable[[], bool] | None = None
        self._then: list[Callable[[], None]] = []

    @property
    def fenced(self) -> bool:
        """Whether this process must write nothing to Discord now."""
        return self.lost or (self.lapsed is not None and self.lapsed())

    def on_fence(self, callback: Callable[[], None]) -> None:
        """Call ``callback`` once, when the process is fenced (the manager stops its timers)."""
        self._then.append(callback)

    def fence(self) -> None:
        if self.lost:
            return
        self.lost = True
        for callback in self._then:
            callback()


class Fenced(RuntimeError):
    """A Discord write refused because this process is fenced (:class:`Fencing`)."""
