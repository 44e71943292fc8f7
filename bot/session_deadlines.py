"""Game deadlines (the Lighthouse fade, bluff windows, turn timers) as the manager offers them.

Why through the manager: a deadline row belongs to an open game and is written under that
game's lock, and it is removed in the same transaction that ends the game. The one dispatcher
task (``bot.deadlines``) fires them; handlers for each kind are registered here.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Mapping
from typing import Any

from bot.session_core import ManagerCore
from bot.session_types import Deadline, DeadlineHandler
from bot.store import Batch, dumps


class DeadlinesMixin(ManagerCore):
    """Adding, cancelling, listing and firing deadlines; deleting a fired one's row."""

    async def add_deadline(
        self, game_id: int, kind: str, due: float, data: Mapping[str, Any] | None = None
    ) -> int:
        """A deadline for an open game; removed with the game when it ends."""
        g = self._open_game(game_id)
        text = dumps(dict(data or {}))  # refuses what JSON cannot store, before anything
        async with g.lock:
            self._check_open(g)
            deadline = Deadline(self._next_deadline, game_id, kind, float(due), json.loads(text))
            self._next_deadline += 1
            row = (deadline.id, game_id, kind, deadline.due, text)
            cancelled = await self._commit(Batch(deadlines_add=[row]))
            self._deadlines.add(deadline)
            if kind == "turn":
                g.turn_deadlines[int(deadline.data["seat"])] = deadline.id
            if cancelled:
                raise asyncio.CancelledError
            return deadline.id

    async def cancel_deadline(self, deadline_id: int) -> bool:
        """Drop a pending deadline; False if it already fired or never existed."""
        deadline = self._deadlines.discard(deadline_id)
        if deadline is None:
            return False
        g = self._games.get(deadline.game_id)
        if g is not None and deadline.kind == "turn":
            g.turn_deadlines = {s: d for s, d in g.turn_deadlines.items() if d != deadline_id}
        await self._commit(Batch(deadlines_del=[(deadline_id,)]))
        return True

    async def deadlines(self, game_id: int | None = None) -> list[Deadline]:
        """Pending deadlines (of one game), soonest first."""
        pending = self._deadlines.pending.values()
        found = [d for d in pending if game_id is None or d.game_id == game_id]
        return sorted(found, key=lambda d: (d.due, d.id))

    def on_deadline(self, kind: str, handler: DeadlineHandler) -> None:
        """Register the handler called (once) when a deadline of ``kind`` is due."""
        self._deadlines.register(kind, handler)

    def poke_deadlines(self) -> None:
        """Re-read the clock now (for an injected clock that jumped forward)."""
        self._deadlines.poke()

    async def _forget_deadline(self, deadline_id: int) -> None:
        await self._commit(Batch(deadlines_del=[(deadline_id,)]))
