"""Timed windows: the engine's ``windows`` hook, timed by deadline rows that survive restarts.

Why the shell only keeps time: which seats wait and what applies when time runs out are rules,
so they come from the engine (``games.core.Window``); this part stores a deadline row when a new
window key opens, cancels it when the window closes in time, and on the deadline applies the
window's timeout actions if that same window is still open.
"""

from __future__ import annotations

import asyncio
import contextlib
from dataclasses import dataclass
from typing import Any

from bot.sessions import GameNotFound, SessionError, StaleVersion
from bot.table.ports import Clock, TableManager
from games import IllegalAction, registry
from games.core import Window, open_windows

#: the deadline kind of a timed window
TIMER = "timed_window"


@dataclass(slots=True)
class OpenWindow:
    """An open timed window of a game: its key, when it is due, and its deadline row."""

    key: str
    due: float
    deadline_id: int | None = None
    fired: bool = False


class Windows:
    def __init__(self, manager: TableManager, clock: Clock) -> None:
        self.manager = manager
        self.clock = clock
        self._open: dict[int, dict[str, OpenWindow]] = {}
        self._locks: dict[int, asyncio.Lock] = {}

    def timers(self, game_id: int, state: Any = None, game: str | None = None) -> dict[str, float]:
        """Windows still counting down: key -> due unix time. With the game's ``state`` (and
        its ``game`` name), only those the engine says are open in it."""
        known = self._open.get(game_id)
        if not known:
            return {}
        timers = {k: w.due for k, w in known.items() if not w.fired}
        if state is None or game is None or not timers:
            return timers
        keys = {w.key for w in open_windows(registry.get(game), state)}
        return {k: due for k, due in timers.items() if k in keys}

    def restore(self, game_id: int, key: str, due: float, deadline_id: int) -> None:
        """A window's pending row after a restart: known again, not re-armed."""
        self._open.setdefault(game_id, {})[key] = OpenWindow(key, due, deadline_id)

    async def check(self, game_id: int) -> None:
        """After every update and at start-up: store a deadline row when a NEW window key
        opens (rows survive a restart), cancel the row of a window that closed before its
        time."""
        lock = self._locks.setdefault(game_id, asyncio.Lock())
        async with lock:
            manager = self.manager
            try:
                info, state = await manager.state(game_id)
            except GameNotFound:
                return
            if info.status != "live":
                self._open.pop(game_id, None)
                return
            windows = {w.key: w for w in open_windows(registry.get(info.game), state)}
            known = self._open.setdefault(game_id, {})
            for key, window in list(known.items()):
                if key in windows:
                    continue
                del known[key]
                if window.deadline_id is not None and not window.fired:
                    with contextlib.suppress(SessionError):
                        await manager.cancel_deadline(window.deadline_id)
            for key, spec in windows.items():
                if key in known:
                    continue
                opened = OpenWindow(key, self.clock() + spec.seconds)
                try:
                    opened.deadline_id = await manager.add_deadline(
                        game_id, TIMER, opened.due, {"key": key}
                    )
                except SessionError:  # the game closed meanwhile: no window to time
                    return
                known[key] = opened

    async def on_timer(self, deadline: Any) -> bool:
        """A window's time is up: if the engine still has the same window open, apply its
        timeout actions one by one; an action that became illegal (or a seat played by an AI)
        is skipped, a stale one is retried on a fresh look. True when the table must be drawn
        again (its countdown is over), which the caller asks of the publisher."""
        key = deadline.data.get("key")
        game_id = deadline.game_id
        window = self._open.get(game_id, {}).get(key)
        if window is not None and window.deadline_id == deadline.id:
            window.fired = True
        manager = self.manager
        for _attempt in range(3):
            try:
                info, state = await manager.state(game_id)
            except GameNotFound:
                return False
            if info.status != "live":
                return False
            spec = self._find(info.game, state, key)
            if spec is None:
                break
            version, stale = info.version, False
            for seat, code in spec.on_timeout.items():
                try:
                    update = await manager.act(game_id, seat, code, expected_version=version)
                except StaleVersion:
                    stale = True
                    continue
                except (IllegalAction, SessionError):
                    continue
                version = update.info.version
            if not stale:
                break
        return True

    @staticmethod
    def _find(game: str, state: Any, key: object) -> Window | None:
        return next((w for w in open_windows(registry.get(game), state) if w.key == key), None)

    def forget(self, game_id: int) -> None:
        self._open.pop(game_id, None)
        self._locks.pop(game_id, None)
