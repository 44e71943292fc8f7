"""A person's turn alerts (issue 37): whether they want a DM when it becomes their turn at a
slow table, and whether Discord refused the last one. Written once for both backends.

Why outside the group-committing writer: a choice made with /notify, or a refusal from
Discord, is rare and belongs to no game's transaction; like the bot's own records it is
committed at once, on the backend's connection for such writes.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

from bot.store.base import AlertRow

FetchOne = Callable[[str, tuple[Any, ...]], Awaitable[Any]]
Execute = Callable[[str, tuple[Any, ...]], Awaitable[Any]]


async def turn_alerts(fetchone: FetchOne, user_id: int) -> AlertRow | None:
    row = await fetchone(
        "SELECT user_id, enabled, dms_closed, updated FROM turn_alerts WHERE user_id = ?",
        (user_id,),
    )
    if row is None:
        return None
    return AlertRow(int(row[0]), bool(row[1]), bool(row[2]), float(row[3]))


async def set_turn_alerts(execute: Execute, user_id: int, enabled: bool, now: float) -> None:
    """Turn alerts on or off; either way the DMs count as open again (the person asked)."""
    await execute(
        "INSERT INTO turn_alerts (user_id, enabled, dms_closed, updated) VALUES (?, ?, 0, ?)"
        " ON CONFLICT (user_id) DO UPDATE SET enabled = excluded.enabled, dms_closed = 0,"
        " updated = excluded.updated",
        (user_id, int(enabled), now),
    )


async def close_dms(execute: Execute, user_id: int, now: float) -> None:
    """Discord refused a DM to this person: mark it, so nothing is tried again."""
    await execute(
        "UPDATE turn_alerts SET dms_closed = 1, updated = ? WHERE user_id = ?", (now, user_id)
    )


async def forget(execute: Execute, user_id: int) -> None:
    """Privacy deletion: the person's choice goes with the rest of what is kept of them."""
    await execute("DELETE FROM turn_alerts WHERE user_id = ?", (user_id,))
