"""The standings reads and the privacy deletion, written once for both backends.

Why one module: these statements are the same SQL on SQLite and PostgreSQL (``?`` placeholders,
which the PostgreSQL backend numbers), so each backend hands in its ``fetch`` and ``execute``
callables instead of keeping a second copy of every query.
"""

from __future__ import annotations

import json
from collections.abc import Awaitable, Callable, Sequence
from typing import Any

from bot.store.base import HistoryRow, Leaderboard, RatingRow

Fetch = Callable[[str, tuple[Any, ...]], Awaitable[list[Any]]]
Execute = Callable[[str, tuple[Any, ...]], Awaitable[Any]]

RATING_COLUMNS = "guild_id, game, user_id, name, games, wins, rated, mu, sigma, skill, updated"
#: the upsert both backends add to their statements (a person's row is replaced whole)
RATING_UPSERT_TAIL = (
    " ON CONFLICT (guild_id, game, user_id) DO UPDATE SET name = excluded.name,"
    " games = excluded.games, wins = excluded.wins, rated = excluded.rated, mu = excluded.mu,"
    " sigma = excluded.sigma, skill = excluded.skill, updated = excluded.updated"
)


def _rating(r: Sequence[Any]) -> RatingRow:
    return RatingRow(
        int(r[0]), r[1], int(r[2]), r[3], int(r[4]), int(r[5]), int(r[6]),
        float(r[7]), float(r[8]), float(r[9]), float(r[10]),
    )  # fmt: skip


async def ratings_of(
    fetch: Fetch, guild_id: int, game: str, user_ids: Sequence[int]
) -> dict[int, RatingRow]:
    if not user_ids:
        return {}
    marks = ", ".join("?" * len(user_ids))
    rows = await fetch(
        f"SELECT {RATING_COLUMNS} FROM ratings WHERE guild_id = ? AND game = ?"
        f" AND user_id IN ({marks})",
        (guild_id, game, *user_ids),
    )
    return {int(r[2]): _rating(r) for r in rows}


async def leaderboard(
    fetch: Fetch, guild_id: int, game: str, offset: int, limit: int
) -> Leaderboard:
    rows = await fetch(
        f"SELECT {RATING_COLUMNS} FROM ratings WHERE guild_id = ? AND game = ? AND rated > 0"
        " ORDER BY skill DESC, wins DESC, user_id LIMIT ? OFFSET ?",
        (guild_id, game, limit, offset),
    )
    total = await fetch(
        "SELECT COUNT(*) FROM ratings WHERE guild_id = ? AND game = ? AND rated > 0",
        (guild_id, game),
    )
    return Leaderboard([_rating(r) for r in rows], int(total[0][0]))


async def player_ratings(fetch: Fetch, guild_id: int, user_id: int) -> list[RatingRow]:
    rows = await fetch(
        f"SELECT {RATING_COLUMNS} FROM ratings WHERE guild_id = ? AND user_id = ? ORDER BY game",
        (guild_id, user_id),
    )
    return [_rating(r) for r in rows]


async def history(fetch: Fetch, guild_id: int, user_id: int | None, limit: int) -> list[HistoryRow]:
    columns = "g.id, g.game, g.updated, r.seat, r.user_id, r.name, r.score, r.winner"
    if user_id is not None:
        rows = await fetch(
            f"SELECT {columns} FROM results r JOIN games g ON g.id = r.game_id"
            " WHERE r.user_id = ? AND g.guild_id = ? AND g.status = 'finished'"
            " ORDER BY g.updated DESC, g.id DESC LIMIT ?",
            (user_id, guild_id, limit),
        )
    else:
        rows = await fetch(
            f"SELECT {columns} FROM results r JOIN games g ON g.id = r.game_id"
            " WHERE g.id IN (SELECT id FROM games WHERE guild_id = ? AND status = 'finished'"
            " ORDER BY updated DESC, id DESC LIMIT ?) ORDER BY g.updated DESC, g.id DESC, r.seat",
            (guild_id, limit),
        )
    return [
        HistoryRow(int(r[0]), r[1], float(r[2]), int(r[3]), r[4], r[5], int(r[6]), bool(r[7]))
        for r in rows
    ]


async def seat_causes(fetch: Fetch, game_id: int) -> dict[int, dict[str, int]]:
    rows = await fetch(
        "SELECT seat, cause, COUNT(*) FROM actions WHERE game_id = ? GROUP BY seat, cause",
        (game_id,),
    )
    out: dict[int, dict[str, int]] = {}
    for seat, cause, count in rows:
        out.setdefault(int(seat), {})[cause] = int(count)
    return out


async def forget_user(fetch: Fetch, execute: Execute, user_id: int, placeholder: str) -> int:
    """Delete the standings, then rename the person in results and in the seats of every game
    they sat in (seats are JSON ``[[user_id, name, ai_level], ...]``); ids stay, so a replay
    still knows which seat was whose, but nothing shows the name."""
    await execute("DELETE FROM ratings WHERE user_id = ?", (user_id,))
    await execute("UPDATE results SET name = ? WHERE user_id = ?", (placeholder, user_id))
    touched = 0
    for gid, seats_text in await fetch(
        "SELECT id, seats FROM games WHERE seats LIKE ?", (f"%{user_id}%",)
    ):
        seats = json.loads(seats_text)
        changed = False
        for seat in seats:
            if seat and seat[0] == user_id:
                seat[1] = placeholder
                changed = True
        if changed:
            text = json.dumps(seats, separators=(",", ":"), sort_keys=True)
            await execute("UPDATE games SET seats = ? WHERE id = ?", (text, gid))
            touched += 1
    return touched
