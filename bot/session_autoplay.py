"""AI seats and turn timers: the moves nobody clicks.

Why they share a module: both ask an AI policy for a move (off the event loop, in the
executor, on a state snapshot) and both apply it through the same ``_apply`` as a person, with
cause "ai" or "timeout". A move computed for a version that has meanwhile moved on is dropped.
Turn timers are deadline rows planned inside the same batch as the move that starts or ends
them, so after a crash they exist exactly when they should.
"""

from __future__ import annotations

import asyncio
from typing import Any

from bot.ai import move_seed, policy_for
from bot.session_core import ManagerCore, log
from bot.session_record import GameRecord
from bot.session_types import Deadline, Seat
from bot.store import Batch, dumps
from games import Action


class AutoplayMixin(ManagerCore):
    """The per-game AI driver task, the policy call, and turn-timer planning and firing."""

    def _kick_ai(self, g: GameRecord) -> None:
        """Start the game's AI driver if AI seats are to act and none is running."""
        if g.status != "live" or self._closing or (g.ai_task and not g.ai_task.done()):
            return
        if not self._autoplay or not g.has_ai():
            return
        seats = g.seats
        if any(seats[s].is_ai for s in g.engine.to_act(g.state)):
            g.ai_task = self._spawn(self._run_ai(g), f"ai-{g.id}")

    async def _policy_move(self, g: GameRecord, state: Any, seat: int, version: int) -> Action:
        policy = self._policy or policy_for(g.seats[seat].ai_level)
        seed = move_seed(g.seed, version, seat)
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self._executor, policy, g.engine, state, seat, seed)

    async def _run_ai(self, g: GameRecord) -> None:
        """Move for the AI seats while they are to act; a version check after the (unlocked)
        policy call drops a move computed for a state that has meanwhile changed."""
        failures = 0
        while g.status == "live" and not self._closing:
            seat = next((s for s in g.engine.to_act(g.state) if g.seats[s].is_ai), None)
            if seat is None:
                return
            version = g.version
            try:
                action = await self._policy_move(g, g.state, seat, version)
                async with g.lock:
                    if g.version != version or g.status != "live" or not g.seats[seat].is_ai:
                        continue
                    await self._apply(g, seat, action.code, version, "ai")
            except asyncio.CancelledError:
                raise
            except Exception:
                failures += 1
                log.exception("AI move failed in game %s seat %s", g.id, seat)
                if failures >= 3:
                    log.error("game %s: AI seat %s gave up after %d failures", g.id, seat, failures)
                    return

    def _timeout(self, guild_id: int) -> int:
        settings = self._settings.get(guild_id)
        return settings.turn_timeout if settings else 0

    def _plan_turns(
        self,
        g: GameRecord,
        seats: tuple[Seat, ...],
        state: Any,
        actor: int | None,
        batch: Batch,
        now: float,
    ) -> tuple[dict[int, int], list[Deadline], list[int]] | None:
        """Turn timers after a change: one per person to act. A seat keeps its running timer
        unless it just acted; a seat no longer to act loses it. Rows go in ``batch``."""
        timeout = self._timeout(g.guild_id)
        if timeout <= 0 and not g.turn_deadlines:
            return None
        want = set()
        if timeout > 0 and not g.engine.is_over(state):
            want = {s for s in g.engine.to_act(state) if not seats[s].is_ai}
        timers = dict(g.turn_deadlines)
        removed = [did for s, did in timers.items() if s not in want or s == actor]
        timers = {s: did for s, did in timers.items() if s in want and s != actor}
        added = []
        for s in sorted(want - timers.keys()):
            deadline = Deadline(self._next_deadline, g.id, "turn", now + timeout, {"seat": s})
            self._next_deadline += 1
            timers[s] = deadline.id
            added.append(deadline)
        batch.deadlines_add.extend((d.id, d.game_id, d.kind, d.due, dumps(d.data)) for d in added)
        batch.deadlines_del.extend((did,) for did in removed)
        return timers, added, removed

    def _apply_turns(
        self, g: GameRecord, turns: tuple[dict[int, int], list[Deadline], list[int]] | None
    ) -> None:
        if turns is None:
            return
        g.turn_deadlines, added, removed = turns
        for did in removed:
            self._deadlines.discard(did)
        for deadline in added:
            self._deadlines.add(deadline)

    async def _on_turn(self, deadline: Deadline) -> None:
        """A person's turn timer ran out: the policy moves for them (cause "timeout")."""
        g = self._games.get(deadline.game_id)
        seat = int(deadline.data.get("seat", -1))
        if g is None or self._timeout(g.guild_id) <= 0:  # timers were switched off meanwhile
            return
        while g is not None and g.status == "live" and g.turn_deadlines.get(seat) == deadline.id:
            if seat not in g.engine.to_act(g.state):
                return
            version = g.version
            action = await self._policy_move(g, g.state, seat, version)
            async with g.lock:
                if g.version != version or g.status != "live":
                    continue
                if g.turn_deadlines.get(seat) != deadline.id:
                    return
                await self._apply(g, seat, action.code, version, "timeout")
                return
