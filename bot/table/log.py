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


class TableLog:
    def __init__(self, lines: int = LOG_LINES) -> None:
        self.lines = lines
        self._logs: dict[int, deque[str]] = {}

    def lines_of(self, game_id: int) -> tuple[str, ...]:
        return tuple(self._logs.get(game_id, ()))

    def note(
        self, game_id: int, render: Renderer, ctx: TableContext, events: tuple[Event, ...]
    ) -> None:
        """Add the public events' lines (after a clear where the renderer's log policy says)."""
        lines = self._logs.setdefault(game_id, deque(maxlen=self.lines))
        for event in events:
            if render.clears_log(event):
                lines.clear()
            if event.visible_to is None:
                line = render.event_line(ctx, event, None)
                if line:
                    lines.append(line)

    def add(self, game_id: int, line: str) -> None:
        """A line of the shell's own (e.g. that the clock played for someone)."""
        self._logs.setdefault(game_id, deque(maxlen=self.lines)).append(line)

    def forget(self, game_id: int) -> None:
        self._logs.pop(game_id, None)
