"""Lobbies nobody touches close by themselves, and so do games nobody plays.

Why: a channel holds one game at a time, so a lobby opened and forgotten (the host went away,
nobody joined) blocks every later ``/play`` there until an admin ends it. A lobby closes once
nothing in it changed (a join, a leave, an option, an AI seat) for ``seconds``, as the lobbies
of online card tables do; the lobby message then says why, and ``/play`` works again.

One durable deadline per lobby, due ``seconds`` after its last change. Every change moves the
lobby's ``updated`` time but not the deadline row: when the deadline fires for a lobby changed
since, it is set again for the new time, so a busy lobby writes no deadline rows at all. The
deadline fires for a lobby that has started in the meantime, and then does nothing.

A live game can stall the same way: everyone stepped away (the game waits for them), or a
table without a turn clock waits for a person who left. It then holds its channel until an
admin ends it. A live game nobody has moved in for ``seconds`` (a week by default) ends as
abandoned, with no winner and nothing in the standings, as ``/admin end`` would end it.

Moves do not touch the game's row (only the action log), so the game's own deadline watches
its version instead: it looks every quarter of the span, and the game ends at the first look
that finds the version it has shown for the whole span. So a game ends between ``seconds``
and 1.25 × ``seconds`` after its last move, never sooner; a playing game costs one deadline
write per quarter span. Time the bot was down does not count against a game (nobody could
move then): a look that comes more than a quarter span late starts the span again.
"""

from __future__ import annotations

import contextlib
from collections.abc import Awaitable, Callable
from typing import Any

from bot.sessions.record import GameRecord
from bot.sessions.types import Deadline, GameNotFound

#: the dispatcher kind of an idle lobby's deadline
LOBBY_IDLE = "lobby_idle"
#: the dispatcher kind of a live game's idle watch
GAME_IDLE = "game_idle"
#: looks per idle span of a live game (see the module docstring)
LOOKS = 4


def span_words(seconds: float) -> str:
    """A span as people say it: "1 hour", "90 minutes", "7 days"."""
    minutes = round(seconds / 60)
    if minutes >= 24 * 60 and minutes % (24 * 60) == 0:
        days = minutes // (24 * 60)
        return f"{days} day{'s' if days != 1 else ''}"
    if minutes >= 60 and minutes % 60 == 0:
        hours = minutes // 60
        return f"{hours} hour{'s' if hours != 1 else ''}"
    return f"{minutes} minute{'s' if minutes != 1 else ''}"


def idle_reason(seconds: float) -> str:
    """Why the lobby closed, for its message and the game's history ("no start in 1 hour")."""
    return f"nothing happened in it for {span_words(seconds)}"  # untranslated: stored reason


def stalled_reason(seconds: float) -> str:
    """Why a live game ended by itself, for its table and the game's history."""
    return f"nobody moved in it for {span_words(seconds)}"  # untranslated: stored reason


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


class IdleGames:
    """The dispatcher's handler for ``game_idle`` deadlines (a live game's idle watch)."""

    def __init__(
        self,
        games: Callable[[int], GameRecord | None],
        clock: Callable[[], float],
        seconds: float,
        again: Callable[[int, str, float, dict[str, Any]], Awaitable[Any]],
        close: Callable[[GameRecord, int, str], Awaitable[None]],
    ) -> None:
        self._games = games
        self._clock = clock
        #: how long a live game may go without a move (0: live games never close by themselves)
        self.seconds = seconds
        self._again = again  # the manager's add_deadline
        self._close = close  # ends the game under its lock if it is still at that version

    def first(self, g: GameRecord) -> tuple[float, dict[str, Any]]:
        """The due time and data of the watch of ``g`` as it stands now."""
        now = self._clock()
        return now + self.seconds / LOOKS, {"version": g.version, "since": now}

    async def __call__(self, deadline: Deadline) -> None:
        g = self._games(deadline.game_id)
        if g is None or g.status != "live" or self.seconds <= 0:
            return  # over meanwhile
        now = self._clock()
        version, since = deadline.data.get("version"), float(deadline.data.get("since", now))
        late = now - deadline.due > self.seconds / LOOKS  # the bot was down: nobody could move
        if version != g.version or late:  # moved since the last look: the span starts again
            version, since = g.version, now
        elif now - since >= self.seconds - 1e-6:  # (the looks add up quarter spans as floats)
            await self._close(g, g.version, stalled_reason(self.seconds))
            return
        data = {"version": version, "since": since}
        with contextlib.suppress(GameNotFound):  # ended while the lock was awaited
            await self._again(g.id, GAME_IDLE, now + self.seconds / LOOKS, data)
