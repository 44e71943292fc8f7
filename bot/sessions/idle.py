"""Lobbies nobody touches close by themselves.

Why: a channel holds one game at a time, so a lobby opened and forgotten (the host went away,
nobody joined) blocks every later ``/play`` there until an admin ends it. A lobby closes once
nothing in it changed (a join, a leave, an option, an AI seat) for ``seconds``, as the lobbies
of online card tables do; the lobby message then says why, and ``/play`` works again.

One durable deadline per lobby, due ``seconds`` after its last change. Every change moves the
lobby's ``updated`` time but not the deadline row: when the deadline fires for a lobby changed
since, it is set again for the new time, so a busy lobby writes no deadline rows at all. The
deadline fires for a lobby that has started in the meantime, and then does nothing.
"""

from __future__ import annotations

import contextlib
from collections.abc import Awaitable, Callable
from typing import Any

from bot.sessions.record import GameRecord
from bot.sessions.types import Deadline, GameNotFound

#: the dispatcher kind of an idle lobby's deadline
LOBBY_IDLE = "lobby_idle"


def idle_reason(seconds: float) -> str:
    """Why the lobby closed, for its message and the game's history ("no start in 1 hour")."""
    minutes = round(seconds / 60)
    if minutes >= 60 and minutes % 60 == 0:
        hours = minutes // 60
        span = f"{hours} hour{'s' if hours != 1 else ''}"
    else:
        span = f"{minutes} minute{'s' if minutes != 1 else ''}"
    return f"nothing happened in it for {span}"


class IdleLobbies:
    """The dispatcher's handler for ``lobby_idle`` deadlines."""

    def __init__(
        self,
        games: Callable[[int], GameRecord | None],
        clock: Callable[[], float],
        seconds: float,
        again: Callable[[int, str, float], Awaitable[Any]],
        close: Callable[[GameRecord, str], Awaitable[None]],
    ) -> None:
        self._games = games
        self._clock = clock
        #: how long a lobby may go unchanged (0: lobbies never close by themselves)
        self.seconds = seconds
        self._again = again  # the manager's add_deadline
        self._close = close  # closes the lobby under its lock, re-checking it

    def due(self, g: GameRecord) -> float:
        """When ``g`` closes if nothing changes in it from now on."""
        return g.updated + self.seconds

    async def __call__(self, deadline: Deadline) -> None:
        g = self._games(deadline.game_id)
        if g is None or g.status != "lobby" or self.seconds <= 0:
            return  # started or closed meanwhile
        due = self.due(g)
        if due > self._clock():
            with contextlib.suppress(GameNotFound):  # closed while the lock was awaited
                await self._again(g.id, LOBBY_IDLE, due)  # it changed since: wait again
            return
        await self._close(g, idle_reason(self.seconds))
