"""Turn-alert choices in the store (issue 37), on SQLite and PostgreSQL: none until /notify,
on and off, a refused DM marked until the person chooses again, gone with a privacy deletion,
and still there after the database is opened again."""

from __future__ import annotations

from bot.store import AlertRow, open_store
from tests.postgres import Db

NOW = 1_700_000_000.0


async def test_turn_alerts_are_kept_per_person(db: Db) -> None:
    target = db("alerts")
    store = await open_store(target)
    try:
        assert await store.turn_alerts(7) is None
        await store.close_dms(7, NOW)  # no row: nothing to mark, nothing made
        assert await store.turn_alerts(7) is None
        await store.set_turn_alerts(7, True, NOW)
        await store.set_turn_alerts(8, False, NOW)
        assert await store.turn_alerts(7) == AlertRow(7, True, False, NOW)
        await store.close_dms(7, NOW + 1)
        assert await store.turn_alerts(7) == AlertRow(7, True, True, NOW + 1)
        assert await store.turn_alerts(8) == AlertRow(8, False, False, NOW)
    finally:
        await store.close()
    store = await open_store(target)  # opened again: the choices stayed
    try:
        assert await store.turn_alerts(7) == AlertRow(7, True, True, NOW + 1)
        await store.set_turn_alerts(7, True, NOW + 2)  # /notify again opens the DMs
        assert await store.turn_alerts(7) == AlertRow(7, True, False, NOW + 2)
        await store.forget_user(7, "(deleted)")
        assert await store.turn_alerts(7) is None
        assert await store.turn_alerts(8) is not None
    finally:
        await store.close()
