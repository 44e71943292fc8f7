"""The session manager's read side: questions about games that change nothing.

Why apart from :class:`~bot.sessions.manager.SessionManager`: the manager's own job is the
write path (locks, commit, then memory, then listeners), and its queries took no lock, wrote no
row and told no listener, yet were a seventh of its length. Here they read the same things the
manager holds (the open games in memory, the unloadable rows, the guild settings, the pending
deadlines), handed in as the manager's own mappings, never copies, so a read sees every change
as soon as the manager has made it; closed games come from the store's rows. The manager
builds one and exposes it as ``manager.reads``, and keeps each name as an alias
(``manager.get`` is ``manager.reads.get``) so that callers are unchanged.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from bot.model import Deadline, GameInfo, GuildSettings
from bot.sessions.idle import GAME_IDLE
from bot.sessions.loading import replay
from bot.sessions.record import GameRecord, info_from_row
from bot.sessions.types import GameNotFound
from bot.store import (
    ActionRow,
    GameRow,
    GameStore,
    HistoryRow,
    Leaderboard,
    RatingRow,
    ResultRow,
)
from games.text import messages

msg, msg_n = messages("tidewater")


class GameReads:
    """Queries over open games (from memory) and closed ones (from their rows)."""

    def __init__(
        self,
        store: GameStore,
        *,
        games: Mapping[int, GameRecord],
        by_channel: Mapping[int, int],
        unloadable: Mapping[int, GameRow],
        settings: Mapping[int, GuildSettings],
        pending: Mapping[int, Deadline],
        engines: Callable[[str], Any],
        stall_seconds: float,
    ) -> None:
        self._store = store
        self._games = games  # lobbies and live games, by id
        self._by_channel = by_channel  # channel id -> its open game's id
        self._unloadable = unloadable  # open games whose replay failed at start-up
        self._settings = settings  # the guilds' settings that differ from the defaults
        self._pending = pending  # the dispatcher's pending deadlines, by id
        self._engines = engines
        #: how long a live game may go without a move (``bot.sessions.idle``; 0: forever)
        self._stall_seconds = stall_seconds

    # ---- one game ------------------------------------------------------------------------
    async def get(self, game_id: int) -> GameInfo:
        g = self._games.get(game_id)
        if g is not None:
            return g.info()
        r = await self._store.game_row(game_id)
        if r is None:
            raise GameNotFound(msg("There is no game #{id}.", id=game_id))
        return info_from_row(r)

    async def state(self, game_id: int) -> tuple[GameInfo, Any]:
        """The game's info and current engine state (treat it as read-only). A lobby has no
        state yet (``None``); a finished game is rebuilt from its log."""
        if game_id in self._unloadable:
            raise GameNotFound(
                msg("Game #{id} could not be loaded; an admin can end it.", id=game_id)
            )
        g = self._games.get(game_id) or await self._load_closed(game_id)
        return g.info(), g.state

    async def _load_closed(self, game_id: int) -> GameRecord:
        """A finished or abandoned game, rebuilt from the database (not kept in memory): the
        last snapshot plus the later actions; an abandoned lobby has no state."""
        r = await self._store.game_row(game_id)
        if r is None:
            raise GameNotFound(msg("There is no game #{id}.", id=game_id))
        snap = await self._store.snapshot(game_id)
        if snap is None:  # never started
            return replay(r, self._engines(r.game), None, (), status="lobby")
        tail = await self._store.actions_after(game_id, snap.seq)
        return replay(r, self._engines(r.game), snap, tail, status="live")

    async def game_in_channel(self, channel_id: int) -> GameInfo | None:
        """The unfinished game (lobby or live) in this channel, if any."""
        gid = self._by_channel.get(channel_id)
        return self._games[gid].info() if gid is not None else None

    async def actions(self, game_id: int) -> list[ActionRow]:
        """The action log as (seq, seat, code) rows: replays and exports."""
        if game_id not in self._games:
            await self.get(game_id)  # GameNotFound for an unknown id
        return await self._store.actions_after(game_id, 0)

    async def action_log(self, game_id: int) -> list[ActionRow]:
        """The whole log without the check that the game exists: the AI driver's, which
        asks only about games it is playing."""
        return await self._store.actions_after(game_id, 0)

    async def results(self, game_id: int) -> list[ResultRow]:
        """Per-player standings of a finished game (empty for any other game)."""
        return await self._store.results(game_id)

    # ---- the open games --------------------------------------------------------------------
    async def live_games(self, guild_id: int | None = None) -> list[GameInfo]:
        """Lobbies and live games, oldest first."""
        games = sorted(self._games.values(), key=lambda g: g.id)
        return [g.info() for g in games if guild_id is None or g.guild_id == guild_id]

    def counts(self) -> dict[tuple[str, str], int]:
        """Open games in memory by (game, status): what the metrics show."""
        counts: dict[tuple[str, str], int] = {}
        for g in self._games.values():
            key = (g.game, g.status)
            counts[key] = counts.get(key, 0) + 1
        return counts

    def stall_ends(self) -> dict[int, float]:
        """Game id -> when that live game ends by itself if nobody moves before
        (``bot.sessions.idle``), for the games that have not moved since their idle watch
        last looked (one that moved starts its span again at the next look). One pass over
        the pending deadlines, however many games are listed."""
        ends: dict[int, float] = {}
        for d in self._pending.values():
            g = self._games.get(d.game_id) if d.kind == GAME_IDLE else None
            if g is not None and g.status == "live" and d.data.get("version") == g.version:
                ends[g.id] = float(d.data["since"]) + self._stall_seconds
        return ends

    def turn_clock(self, info: GameInfo) -> int:
        """A table's turn clock in seconds a move (0: none): its host's pace, else the
        server's turn timeout (what the hands and the turn alerts call a slow table)."""
        if info.pace is not None:
            return info.pace
        settings = self._settings.get(info.guild_id)
        return settings.turn_timeout if settings else 0

    def turn_due(self, game_id: int, seat: int) -> float | None:
        """When ``seat``'s turn clock runs out (unix time), if one is running."""
        g = self._games.get(game_id)
        did = g.turn_deadlines.get(seat) if g is not None else None
        deadline = self._pending.get(did) if did is not None else None
        return deadline.due if deadline is not None else None

    async def deadlines(self, game_id: int | None = None) -> list[Deadline]:
        """Pending deadlines (of one game), soonest first."""
        pending = self._pending.values()
        found = [d for d in pending if game_id is None or d.game_id == game_id]
        return sorted(found, key=lambda d: (d.due, d.id))

    # ---- standings, histories (issue 17) ---------------------------------------------------
    async def player_stats(self, guild_id: int, user_id: int) -> list[RatingRow]:
        """A person's games, wins and rating in every game they finished on this server."""
        return await self._store.player_ratings(guild_id, user_id)

    async def leaderboard(
        self, guild_id: int, game: str, page: int = 0, per_page: int = 10
    ) -> Leaderboard:
        """One page of the server's rated players of ``game`` by skill, and the total."""
        return await self._store.leaderboard(guild_id, game, max(0, page) * per_page, per_page)

    async def history(
        self, guild_id: int, user_id: int | None = None, limit: int = 10
    ) -> list[HistoryRow]:
        """Recent finished games of the server (every seat) or of one person (their seats)."""
        return await self._store.history(guild_id, user_id, limit)

    # ---- guild settings --------------------------------------------------------------------
    async def guild_settings(self, guild_id: int) -> GuildSettings:
        """A server's settings: the defaults until an admin changes one."""
        return self._settings.get(guild_id) or GuildSettings(guild_id)
