"""Read-only questions about games: one game's record, the open games, logs and results.

Why apart: none of these takes a game's lock or writes anything. Open games are answered
from memory; a closed game is read from its row alone (no engine, no replay), so asking about
an old game stays cheap and works even for a game whose engine is gone.
"""

from __future__ import annotations

from typing import Any

from bot.session_core import ManagerCore
from bot.session_record import GAME_COLUMNS, info_from_row
from bot.session_types import GameInfo, GameNotFound


class QueriesMixin(ManagerCore):
    """``get``, ``live_games``, ``game_in_channel``, ``actions`` and ``results``."""

    async def get(self, game_id: int) -> GameInfo:
        g = self._games.get(game_id)
        if g is not None:
            return g.info()
        r = await self._store.fetchone(f"SELECT {GAME_COLUMNS} FROM games WHERE id = ?", (game_id,))
        if r is None:
            raise GameNotFound(f"There is no game #{game_id}.")
        return info_from_row(r)

    async def live_games(self, guild_id: int | None = None) -> list[GameInfo]:
        """Lobbies and live games, oldest first."""
        games = sorted(self._games.values(), key=lambda g: g.id)
        return [g.info() for g in games if guild_id is None or g.guild_id == guild_id]

    async def game_in_channel(self, channel_id: int) -> GameInfo | None:
        """The unfinished game (lobby or live) in this channel, if any."""
        gid = self._by_channel.get(channel_id)
        return self._games[gid].info() if gid is not None else None

    async def actions(self, game_id: int) -> list[tuple[int, int, str]]:
        """The action log as (seq, seat, code): replays and exports."""
        if game_id not in self._games:
            await self.get(game_id)  # GameNotFound for an unknown id
        rows = await self._store.fetchall(
            "SELECT seq, seat, code FROM actions WHERE game_id = ? ORDER BY seq", (game_id,)
        )
        return [(seq, seat, code) for seq, seat, code in rows]

    async def results(self, game_id: int) -> list[dict[str, Any]]:
        """Per-player standings of a finished game (empty for any other game)."""
        rows = await self._store.fetchall(
            "SELECT seat, user_id, name, score, winner FROM results WHERE game_id = ?"
            " ORDER BY seat",
            (game_id,),
        )
        keys = ("seat", "user_id", "name", "score", "winner")
        return [dict(zip(keys, (*r[:4], bool(r[4])), strict=True)) for r in rows]
