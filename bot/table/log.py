"""The public log of each table: the last few public event lines, kept in memory.

Why apart: it is presentation state that only grows from committed updates and is read by every
table render; the renderer decides the lines and when a new hand or round clears them.
"""

from __future__ import annotations

from collections import deque

from bot.render import (
    TableContext,
)
from bot.render.base import Renderer
from games import Event

LOG_LINES = 6
#: how a coach line starts on the table (practice tables only)
COACH = "🎓"


class TableLog:
    def __init__(self, lines: int = LOG_LINES) -> None:
        self.lines = lines
        self._logs: dict[int, deque[str]] = {}
        #: practice tables: the public events of the hand so far, which a coach line may
        #: refer back to (the Tide, the trump named); cleared where the log is
        self._seen: dict[int, list[Event]] = {}

    def lines_of(self, game_id: int) -> tuple[str, ...]:
        return tuple(self._logs.get(game_id, ()))

    def note(
        self,
        game_id: int,
        render: Renderer,
        ctx: TableContext,
        events: tuple[Event, ...],
        coach_seat: int | None = None,
    ) -> None:
        """Add the public events' lines (after a clear where the renderer's log policy says).

        With ``coach_seat`` (a practice table's learner), a public event's line may be the
        renderer's coach line instead. Only public events reach the coach: the
        table is public, so a line built from them reveals nothing anyone there has not seen,
        and it leaves with the log when the hand's cards are dealt again."""
        lines = self._logs.setdefault(game_id, deque(maxlen=self.lines))
        seen = self._seen.setdefault(game_id, []) if coach_seat is not None else None
        for event in events:
            if render.clears_log(event):
                lines.clear()
                if seen is not None:
                    seen.clear()
            if event.visible_to is None:
                tip = None
                if seen is not None and coach_seat is not None:
                    tip = render.coach(ctx, event, coach_seat, tuple(seen))
                    seen.append(event)
                # a coach line says what the event's own line says, and why: it takes that
                # line's place, so the short log keeps the last trick's lesson in view
                line = f"{COACH} {tip}" if tip else render.event_line(ctx, event, None)
                if line:
                    lines.append(line)

    def add(self, game_id: int, line: str) -> None:
        """A line of the shell's own (e.g. that the clock played for someone)."""
        self._logs.setdefault(game_id, deque(maxlen=self.lines)).append(line)

    def forget(self, game_id: int) -> None:
        self._logs.pop(game_id, None)
        self._seen.pop(game_id, None)
