"""Play: applying actions to a live game, and ending it (by the rules, an admin, or a kick).

Why one path: a person's click, an AI seat's move and a turn timeout all go through
``_apply``, which validates with the engine, commits the action (with a snapshot, the results
or the turn timers it implies) and only then moves the in-memory state and tells the
listeners. Admin ends and kicks are here too because they close or reshape a game in play.
"""

from __future__ import annotations

import asyncio
from typing import Any

from bot.session_core import ManagerCore
from bot.session_record import GameRecord, info_from_row, with_status, without_person
from bot.session_types import (
    NO_PEOPLE_LEFT,
    GameInfo,
    GameNotFound,
    NotAllowed,
    Seat,
    StaleVersion,
    Update,
)
from bot.store import Batch


class PlayMixin(ManagerCore):
    """``act`` and its shared ``_apply``, ``state``, ``end`` and ``kick``."""

    # ---- play -----------------------------------------------------------------------------
    async def act(self, game_id: int, seat: int, code: str, expected_version: int | None) -> Update:
        """Apply one action for ``seat``; ``expected_version=None`` skips the version check."""
        g = self._open_game(game_id)
        async with g.lock:
            self._check_open(g, "live")
            return await self._apply(g, seat, code, expected_version, "act")

    async def _apply(
        self, g: GameRecord, seat: int, code: str, expected: int | None, cause: str
    ) -> Update:
        """Validate, commit, then update memory and tell listeners. Caller holds the lock."""
        if expected is not None and expected != g.version:
            raise StaleVersion(
                f"The table has moved on (your click was made at version {expected},"
                f" it is now at {g.version}).",
                g.version,
            )
        if type(seat) is not int or not 0 <= seat < len(g.seats):
            raise NotAllowed(f"There is no seat {seat!r} at this table.")
        if cause == "act" and g.seats[seat].ai_level is not None:
            raise NotAllowed(f"Seat {seat} is played by an AI.")
        engine = g.engine
        action = engine.parse_action(code)
        new_state, events = engine.apply(g.state, seat, action)
        version = g.version + 1
        now = self._clock()
        code = action.code
        batch = Batch(actions=[(g.id, version, seat, code, cause, now)])
        over = engine.is_over(new_state)
        turns = None
        snapshot = False
        if over:
            self._finish_rows(g, new_state, batch, now)
        else:
            if version - g.snap_version >= self.snapshot_every:
                batch.snapshots.append((g.id, version, engine.dump(new_state)))
                snapshot = True
            if g.turn_deadlines or self._timeout(g.guild_id):
                turns = self._plan_turns(g, g.seats, new_state, seat, batch, now)
        cancelled = await self._commit(batch)
        g.state, g.version = new_state, version
        if over:
            g.status = "finished"
            g.end_reason = "finished"
            self._forget_game(g)
        else:
            if snapshot:
                g.snap_version = version
            self._apply_turns(g, turns)
        update = Update(g.info(), tuple(events), seat, code, cause)
        self._notify(g, update)
        if not over:
            self._kick_ai(g)
        if cancelled:
            raise asyncio.CancelledError
        return update

    def _finish_rows(self, g: GameRecord, state: Any, batch: Batch, now: float) -> None:
        result = g.engine.result(state)
        winners = set(result.winners)
        batch.games.append(g.row(now, status="finished", end_reason="finished"))
        batch.results.extend(
            (g.id, s.seat, s.user_id, s.name, int(result.scores[s.seat]), int(s.seat in winners))
            for s in g.seats
        )
        batch.deadlines_del_game.append((g.id,))

    async def state(self, game_id: int) -> tuple[GameInfo, Any]:
        """The game's info and current engine state (treat it as read-only). A lobby has no
        state yet (``None``); a finished game is rebuilt from its log."""
        if game_id in self._unloadable:
            raise GameNotFound(f"Game #{game_id} could not be loaded; an admin can end it.")
        g = self._games.get(game_id) or await self._load_closed(game_id)
        return g.info(), g.state

    async def end(self, game_id: int, *, reason: str, by_user: int | None = None) -> Update:
        """Stop a lobby or live game now (admin end): status "abandoned", no winner."""
        if game_id in self._unloadable:
            return await self._end_unloadable(game_id, reason)
        g = self._open_game(game_id)
        async with g.lock:
            self._check_open(g)
            who = f" by <@{by_user}>" if by_user is not None else ""
            await self._save(g, status="abandoned", end_reason=f"{reason}{who}"[:500])
            update = Update(g.info(), (), cause="end")
            self._notify(g, update)
            return update

    async def _end_unloadable(self, game_id: int, reason: str) -> Update:
        """End a game that never loaded, from its row alone (no engine needed)."""
        r = self._unloadable[game_id]
        gid, guild, channel, game, host, _, seats, options, seed, _, msgs, created, _ = r
        why = f"{reason} (could not be loaded)"[:500]
        row = (gid, guild, channel, game, host, "abandoned", seats, options, seed, msgs, created)
        batch = Batch(games=[(*row, self._clock(), why)], deadlines_del_game=[(gid,)])
        await self._commit(batch)
        if self._unloadable.pop(game_id, None) is None:
            raise GameNotFound(f"Game #{game_id} is over.")
        return Update(info_from_row(with_status(r, "abandoned")), (), cause="end")

    async def kick(self, game_id: int, user_id: int) -> Update:
        """Admin: the user's seat becomes an AI seat (in a lobby, the seat is freed)."""
        g = self._open_game(game_id)
        async with g.lock:
            self._check_open(g)
            seat = next((s for s in g.seats if s.user_id == user_id), None)
            if seat is None:
                raise NotAllowed("That user is not seated at this table.")
            if g.status == "lobby":
                await self._save(g, **without_person(g, user_id))
                update = Update(g.info(), (), seat=seat.seat, cause="kick")
            else:
                update = await self._kick_live(g, seat)
            self._notify(g, update)
            return update

    async def _kick_live(self, g: GameRecord, seat: Seat) -> Update:
        seats = list(g.seats)
        seats[seat.seat] = Seat(seat.seat, None, f"{seat.name} (AI)", "random")
        changes: dict[str, Any] = {"seats": tuple(seats)}
        people = [s for s in seats if not s.is_ai]
        if not people:
            # Nobody is left to play for, and AI seats alone may never finish (random bids
            # need not reach a target, rowboat.md), so the table closes instead of playing on.
            await self._save(g, seats=tuple(seats), status="abandoned", end_reason=NO_PEOPLE_LEFT)
            return Update(g.info(), (), seat=seat.seat, cause="end")
        if seat.user_id == g.host_id and people:
            changes["host_id"] = people[0].user_id
        now = self._clock()
        batch = Batch(games=[g.row(now, **changes)])
        turns = self._plan_turns(g, changes["seats"], g.state, None, batch, now)
        cancelled = await self._commit(batch)
        for key, value in changes.items():
            setattr(g, key, value)
        self._apply_turns(g, turns)
        self._kick_ai(g)
        if cancelled:
            raise asyncio.CancelledError
        return Update(g.info(), (), seat=seat.seat, cause="kick")
