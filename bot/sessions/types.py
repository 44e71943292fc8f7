"""The session manager's public vocabulary: its refusals, callbacks and constants.

Kept apart from the manager so that the Discord layer, the deadline dispatcher, the
collaborators and the tests can name these types without importing the machinery;
``bot.sessions`` re-exports every name here. The records the manager hands out (``GameInfo``,
``Seat``, ``Update``, ...) live in :mod:`bot.model`, below every package that reads them, and
are named here as well so that imports from ``bot.sessions`` keep working.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Sequence

from bot.model import NO_PEOPLE_LEFT as NO_PEOPLE_LEFT
from bot.model import Cause as Cause
from bot.model import Deadline as Deadline
from bot.model import GameInfo as GameInfo
from bot.model import GuildSettings as GuildSettings
from bot.model import Seat as Seat
from bot.model import Status as Status
from bot.model import Update as Update
from games.core import Event
from games.core import Policy as Policy  # an AI level: (observation, seed) -> code
from games.text import messages

msg, msg_n = messages("tidewater")


class SessionError(Exception):
    """A refusal a user can read; the bot shows ``str(exc)`` ephemerally. Nothing changed."""


class GameNotFound(SessionError):
    """No such game, or it is no longer open for this operation."""


class NotAllowed(SessionError):
    """The user may not do this (not seated, not the host, not this seat)."""


class LobbyError(SessionError):
    """The lobby cannot do this now (full, already seated, too few players to start, ...)."""


class StaleVersion(SessionError):
    """The click was made against an older state of the game; ``current`` is the version now,
    and ``events`` what happened since the click's version (when known), so the answer can
    say what changed."""

    def __init__(self, message: str, current: int, events: tuple[Event, ...] = ()) -> None:
        super().__init__(message)
        self.current = current
        self.events = events


#: what a person hears when their move could not be saved because the database is away
UNREACHABLE = msg("The game's storage is unreachable; nothing was saved. Try again in a moment.")


class StorageUnreachable(SessionError):
    """The database cannot be reached now (a restart, a network cut): nothing was saved and
    nothing changed in memory; the store reconnects by itself, so the same move works again
    once it is back. A :class:`SessionError`, so the person hears it in their own answer."""

    def __init__(self, message: str = UNREACHABLE) -> None:
        super().__init__(message)


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


Listener = Callable[[Update], Awaitable[None]]
DeadlineHandler = Callable[[Deadline], Awaitable[None]]

#: actions between snapshots. Reloading a game costs one ``engine.load`` plus on average half
#: this many ``engine.apply``; writing a snapshot costs one ``engine.dump`` per this many moves.
#: With these card games (dump ~30 us, apply ~10 us) 8 keeps 10,000 games reloading in ~1 s.
SNAPSHOT_EVERY = 8
