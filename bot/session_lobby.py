"""Lobby operations: open a table, seat people and AIs, set options, start or cancel.

Why these are together: they are the only changes made before a game has an engine state,
each one a single ``games`` row rewritten under the game's lock (``start`` also writes the
first snapshot and turn timers). The host-only checks and the one-game-per-channel rule live
here and nowhere else.
"""

from __future__ import annotations

import asyncio
from collections.abc import Mapping
from typing import Any

from bot.ai import POLICIES
from bot.session_core import ManagerCore
from bot.session_record import GameRecord, renumber, without_person
from bot.session_types import GameInfo, GameNotFound, LobbyError, NotAllowed, Seat, Update
from bot.store import Batch
from games import BadOptions
from games.core import validate_options


class LobbyMixin(ManagerCore):
    """Lobby life from ``create_lobby`` to ``start`` or ``cancel``, plus ``set_message``."""

    async def create_lobby(
        self,
        *,
        guild_id: int,
        channel_id: int,
        game: str,
        host_id: int,
        host_name: str,
        options: Mapping[str, Any] | None = None,
        seed: int | None = None,
    ) -> GameInfo:
        """A new lobby with the host in seat 0. Refused (LobbyError) if the channel already has
        an unfinished game. ``seed`` (tests, replays) defaults to a fresh random 63-bit one."""
        try:
            engine = self._engines(game)
        except KeyError as exc:
            raise GameNotFound(
                str(exc.args[0]) if exc.args else f"Unknown game {game!r}."
            ) from None
        clean = clean_options(engine, dict(options or {}))
        if channel_id in self._by_channel:
            raise LobbyError("This channel already has a game; finish or cancel it first.")
        for r in self._unloadable.values():
            if r[2] == channel_id:
                raise LobbyError(
                    f"This channel still holds game #{r[0]}, which could not be loaded after a"
                    " restart; an admin can end it."
                )
        gid = self._next_game
        self._next_game += 1
        now = self._clock()
        g = GameRecord(
            gid,
            guild_id,
            channel_id,
            engine.name,
            host_id,
            "lobby",
            (Seat(0, host_id, host_name),),
            clean,
            self._fresh_seed() if seed is None else seed,
            0,
            {},
            now,
            engine,
        )
        self._by_channel[channel_id] = gid  # reserved before the await: one game per channel
        self._games[gid] = g
        try:
            cancelled = await self._commit(Batch(games=[g.row(now)]))
        except BaseException:
            self._forget_game(g)
            raise
        if cancelled:
            raise asyncio.CancelledError
        return g.info()

    async def join(self, game_id: int, user_id: int, name: str) -> GameInfo:
        g = self._open_game(game_id)
        async with g.lock:
            self._check_open(g, "lobby")
            if any(s.user_id == user_id for s in g.seats):
                raise LobbyError("You are already seated at this table.")
            if len(g.seats) >= g.engine.max_players:
                raise LobbyError(f"The table is full ({g.engine.max_players} seats).")
            await self._save(g, seats=(*g.seats, Seat(len(g.seats), user_id, name)))
            return g.info()

    async def leave(self, game_id: int, user_id: int) -> GameInfo:
        """Leave a lobby. When the host leaves, the next person seated becomes host; a lobby
        with no people left is cancelled."""
        g = self._open_game(game_id)
        async with g.lock:
            self._check_open(g, "lobby")
            if not any(s.user_id == user_id for s in g.seats):
                raise NotAllowed("You are not seated at this table.")
            await self._save(g, **without_person(g, user_id))
            return g.info()

    async def add_ai(self, game_id: int, by_user: int, level: str = "random") -> GameInfo:
        """Host only."""
        g = self._open_game(game_id)
        async with g.lock:
            self._check_open(g, "lobby")
            self._check_host(g, by_user, "add an AI")
            if level not in POLICIES:
                raise LobbyError(f"Unknown AI level {level!r} (levels: {', '.join(POLICIES)}).")
            if len(g.seats) >= g.engine.max_players:
                raise LobbyError(f"The table is full ({g.engine.max_players} seats).")
            taken = {s.name for s in g.seats if s.is_ai}
            name = next(f"AI {n}" for n in range(1, 100) if f"AI {n}" not in taken)
            await self._save(g, seats=(*g.seats, Seat(len(g.seats), None, name, level)))
            return g.info()

    async def remove_ai(self, game_id: int, seat: int, by_user: int) -> GameInfo:
        """Host only."""
        g = self._open_game(game_id)
        async with g.lock:
            self._check_open(g, "lobby")
            self._check_host(g, by_user, "remove an AI")
            if not (type(seat) is int and 0 <= seat < len(g.seats) and g.seats[seat].is_ai):
                raise LobbyError(f"Seat {seat} is not an AI seat.")
            await self._save(g, seats=renumber(s for s in g.seats if s.seat != seat))
            return g.info()

    async def set_options(self, game_id: int, by_user: int, options: Mapping[str, Any]) -> GameInfo:
        """Host only; merged into the current options and validated by the engine's Options."""
        g = self._open_game(game_id)
        async with g.lock:
            self._check_open(g, "lobby")
            self._check_host(g, by_user, "change the options")
            if not isinstance(options, Mapping):
                raise BadOptions("Options must be a table of names and values.")
            clean = clean_options(g.engine, {**g.options, **options})
            await self._save(g, options=clean)
            return g.info()

    async def start(self, game_id: int, by_user: int) -> Update:
        """Host only; needs engine.min_players..max_players seats. Seats keep their order."""
        g = self._open_game(game_id)
        async with g.lock:
            self._check_open(g, "lobby")
            self._check_host(g, by_user, "start the game")
            engine = g.engine
            n = len(g.seats)
            if not engine.min_players <= n <= engine.max_players:
                raise LobbyError(
                    f"{engine.title} needs {engine.min_players} to {engine.max_players} players;"
                    f" {n} seated."
                )
            state = engine.new_game(n, dict(g.options), g.seed)
            now = self._clock()
            batch = Batch(
                games=[g.row(now, status="live")],
                snapshots=[(g.id, 0, engine.dump(state))],
            )
            turns = self._plan_turns(g, g.seats, state, None, batch, now)
            cancelled = await self._commit(batch)
            g.status, g.state, g.version, g.snap_version = "live", state, 0, 0
            self._apply_turns(g, turns)
            update = Update(g.info(), (), cause="start")
            self._notify(g, update)
            self._kick_ai(g)
            if cancelled:
                raise asyncio.CancelledError
            return update

    async def cancel(self, game_id: int, by_user: int) -> GameInfo:
        """Host only; a lobby that has not started is closed ("abandoned")."""
        g = self._open_game(game_id)
        async with g.lock:
            self._check_open(g, "lobby")
            self._check_host(g, by_user, "cancel the lobby")
            await self._save(g, status="abandoned", end_reason="cancelled by the host")
            return g.info()

    async def set_message(self, game_id: int, kind: str, message_id: int) -> None:
        """Remember a Discord message of this game (e.g. "lobby", "table")."""
        g = self._open_game(game_id)
        async with g.lock:
            self._check_open(g)
            await self._save(g, messages={**g.messages, kind: int(message_id)})


def clean_options(engine: Any, raw: dict[str, Any]) -> dict[str, Any]:
    """Validate with the engine's Options; keep the host's keys, in the model's JSON form."""
    model = validate_options(engine.Options, raw, engine.title)
    dumped = model.model_dump(mode="json")
    return {key: dumped[key] for key in raw}
