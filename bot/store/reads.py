"""The store's typed reads, written once for both backends.

Why one class: these reads are the same SQL on SQLite and PostgreSQL (``?`` placeholders, which
the PostgreSQL backend numbers), and the rows they build must be the same whatever answered
them (``tests/bot/store`` compares the two backends read by read). A backend supplies only its
raw access (:meth:`TypedReads.fetchall`, :meth:`~TypedReads.fetchone`,
:meth:`~TypedReads._execute`: its connection handling and placeholders); the standings reads
delegate to :mod:`bot.store.standings` in the same way.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections import defaultdict
from collections.abc import Sequence
from typing import Any

from bot.store import alerts, standings
from bot.store.base import (
    ActionRow,
    AlertRow,
    Counters,
    DeadlineRow,
    GameRow,
    HistoryRow,
    Leaderboard,
    OpenGames,
    RatingRow,
    ResultRow,
    SettingsRow,
    SnapshotRow,
)

#: the columns of a GameRow, in its field order
GAME_COLUMNS = (
    "id, guild_id, channel_id, game, host_id, status, seats, options, seed, version, messages,"
    " created, end_reason, pace, updated, ai_secret, hints, hinted, practice"
)


class TypedReads(ABC):
    """The reads of :class:`bot.store.base.GameStore`, over a backend's raw access. Reads see
    only committed data: each backend answers them on connections other than the writer's."""

    # ---- raw access, for tools and tests (not part of the GameStore protocol) ----------------
    @abstractmethod
    async def fetchall(self, sql: str, params: tuple[Any, ...] = ()) -> list[Any]:
        """Every row of ``sql`` (``?`` placeholders) as a tuple."""

    @abstractmethod
    async def fetchone(self, sql: str, params: tuple[Any, ...] = ()) -> Any:
        """The first row of ``sql`` as a tuple, or None."""

    @abstractmethod
    async def _execute(self, sql: str, params: tuple[Any, ...] = ()) -> None:
        """A rare write outside the writer (privacy deletions), committed at once."""

    # ---- typed reads ----------------------------------------------------------------------
    async def counters(self) -> Counters:
        games = await self.fetchone("SELECT COALESCE(MAX(id), 0) FROM games")
        deadlines = await self.fetchone("SELECT COALESCE(MAX(id), 0) FROM deadlines")
        return Counters(int(games[0]), int(deadlines[0]))

    async def guild_settings(self) -> list[SettingsRow]:
        rows = await self.fetchall(
            "SELECT guild_id, admin_role_id, use_threads, turn_timeout, pictures, language"
            " FROM guild_settings"
        )
        return [
            SettingsRow(
                g, role, bool(threads), timeout, None if pics is None else bool(pics), language
            )
            for g, role, threads, timeout, pics, language in rows
        ]

    async def load_open_games(self) -> OpenGames:
        """Three statements for every unfinished game at once (not three per game): loading
        10,000 games is then dominated by the engines' replay, not by round trips."""
        rows = await self.fetchall(
            f"SELECT {GAME_COLUMNS} FROM games WHERE status IN ('lobby', 'live') ORDER BY id"
        )
        snaps = {
            gid: SnapshotRow(seq, text)
            for gid, seq, text in await self.fetchall(
                "SELECT s.game_id, s.seq, s.state FROM snapshots s JOIN games g"
                " ON g.id = s.game_id WHERE g.status = 'live'"
            )
        }
        tails: dict[int, list[ActionRow]] = defaultdict(list)
        for gid, seq, seat, code in await self.fetchall(
            "SELECT a.game_id, a.seq, a.seat, a.code FROM games g"
            " JOIN actions a ON a.game_id = g.id LEFT JOIN snapshots s ON s.game_id = g.id"
            " WHERE g.status = 'live' AND a.seq > COALESCE(s.seq, 0) ORDER BY a.game_id, a.seq"
        ):
            tails[gid].append(ActionRow(seq, seat, code))
        return OpenGames([GameRow(*r) for r in rows], snaps, dict(tails))

    async def deadlines(self) -> list[DeadlineRow]:
        rows = await self.fetchall("SELECT id, game_id, kind, due, data FROM deadlines ORDER BY id")
        return [DeadlineRow(*r) for r in rows]

    async def game_row(self, game_id: int) -> GameRow | None:
        r = await self.fetchone(f"SELECT {GAME_COLUMNS} FROM games WHERE id = ?", (game_id,))
        return None if r is None else GameRow(*r)

    async def snapshot(self, game_id: int) -> SnapshotRow | None:
        r = await self.fetchone("SELECT seq, state FROM snapshots WHERE game_id = ?", (game_id,))
        return None if r is None else SnapshotRow(*r)

    async def actions_after(self, game_id: int, seq: int = 0) -> list[ActionRow]:
        rows = await self.fetchall(
            "SELECT seq, seat, code FROM actions WHERE game_id = ? AND seq > ? ORDER BY seq",
            (game_id, seq),
        )
        return [ActionRow(*r) for r in rows]

    async def results(self, game_id: int) -> list[ResultRow]:
        rows = await self.fetchall(
            "SELECT seat, user_id, name, score, winner FROM results WHERE game_id = ?"
            " ORDER BY seat",
            (game_id,),
        )
        return [
            ResultRow(seat, user, name, score, bool(won)) for seat, user, name, score, won in rows
        ]

    # ---- standings (the SQL is bot.store.standings') ------------------------------------------
    async def ratings_of(
        self, guild_id: int, game: str, user_ids: Sequence[int]
    ) -> dict[int, RatingRow]:
        return await standings.ratings_of(self.fetchall, guild_id, game, user_ids)

    async def leaderboard(self, guild_id: int, game: str, offset: int, limit: int) -> Leaderboard:
        return await standings.leaderboard(self.fetchall, guild_id, game, offset, limit)

    async def player_ratings(self, guild_id: int, user_id: int) -> list[RatingRow]:
        return await standings.player_ratings(self.fetchall, guild_id, user_id)

    async def history(self, guild_id: int, user_id: int | None, limit: int) -> list[HistoryRow]:
        return await standings.history(self.fetchall, guild_id, user_id, limit)

    async def seat_causes(self, game_id: int) -> dict[int, dict[str, int]]:
        return await standings.seat_causes(self.fetchall, game_id)

    async def forget_user(self, user_id: int, placeholder: str) -> int:
        await alerts.forget(self._execute, user_id)
        return await standings.forget_user(self.fetchall, self._execute, user_id, placeholder)

    async def record(self, key: str) -> str | None:
        row = await self.fetchone("SELECT value FROM bot_records WHERE key = ?", (key,))
        return None if row is None else str(row[0])

    async def set_record(self, key: str, value: str) -> None:
        await self._execute(
            "INSERT INTO bot_records (key, value) VALUES (?, ?)"
            " ON CONFLICT (key) DO UPDATE SET value = excluded.value",
            (key, value),
        )

    # ---- turn alerts (the SQL is bot.store.alerts') -------------------------------------------
    async def turn_alerts(self, user_id: int) -> AlertRow | None:
        return await alerts.turn_alerts(self.fetchone, user_id)

    async def set_turn_alerts(self, user_id: int, enabled: bool, now: float) -> None:
        await alerts.set_turn_alerts(self._execute, user_id, enabled, now)

    async def close_dms(self, user_id: int, now: float) -> None:
        await alerts.close_dms(self._execute, user_id, now)
