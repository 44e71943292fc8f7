"""A server's language (issue 41) in the store, on SQLite and PostgreSQL: unset until an admin
chooses, kept with the other settings, set back to unset, still there when the database and the
manager are opened again."""

from __future__ import annotations

import pytest

from bot.sessions import SessionError, SessionManager
from bot.store import Batch, SettingsRow, SettingsWrite, open_store
from tests.postgres import Db


async def test_the_language_is_stored_with_the_settings(db: Db) -> None:
    target = db("language")
    store = await open_store(target)
    try:
        await store.commit(Batch(settings=[SettingsWrite(9, None, 1, 30, None)]))
        assert await store.guild_settings() == [SettingsRow(9, None, True, 30, None, None)]
        await store.commit(Batch(settings=[SettingsWrite(9, None, 1, 30, 0, "pt_BR")]))
        await store.commit(Batch(settings=[SettingsWrite(10, None, 0, 0, None, "de")]))
    finally:
        await store.close()
    store = await open_store(target)
    try:
        rows = sorted(await store.guild_settings(), key=lambda r: r.guild_id)
        assert [(r.guild_id, r.language, r.pictures) for r in rows] == [
            (9, "pt_BR", False),
            (10, "de", None),
        ]
    finally:
        await store.close()


async def test_the_manager_keeps_a_servers_language_across_a_restart(db: Db) -> None:
    target = db("manager")
    manager = await SessionManager.open(target)
    try:
        assert (await manager.guild_settings(9)).language is None
        await manager.update_guild_settings(9, language="fr", turn_timeout=60)
        with pytest.raises(SessionError, match="language"):
            await manager.update_guild_settings(9, language="klingon")
        assert (await manager.guild_settings(9)).language == "fr"
    finally:
        await manager.close()
    manager = await SessionManager.open(target)
    try:
        settings = await manager.guild_settings(9)
        assert settings.language == "fr" and settings.turn_timeout == 60
        await manager.update_guild_settings(9, language=None)
    finally:
        await manager.close()
    manager = await SessionManager.open(target)
    try:
        assert (await manager.guild_settings(9)).language is None
    finally:
        await manager.close()
