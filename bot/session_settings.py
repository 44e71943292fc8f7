"""Per-guild settings (admin role, threads, turn timeout), validated before they are stored.

Why checked by hand: the values come from slash-command options and a misspelt or out-of-range
setting must be refused with a readable message before anything is written. Writes are
serialised by one lock, so two admins changing different settings never lose one change.
"""

from __future__ import annotations

import asyncio
from dataclasses import replace
from typing import Any

from bot.session_core import ManagerCore
from bot.session_types import GuildSettings, SessionError
from bot.store import Batch

#: the settings a guild may change (the fields of GuildSettings other than its id)
SETTING_FIELDS = {"admin_role_id", "use_threads", "turn_timeout"}


class SettingsMixin(ManagerCore):
    """``guild_settings`` and ``update_guild_settings``."""

    async def guild_settings(self, guild_id: int) -> GuildSettings:
        return self._settings.get(guild_id) or GuildSettings(guild_id)

    async def update_guild_settings(self, guild_id: int, **changes: Any) -> GuildSettings:
        unknown = set(changes) - SETTING_FIELDS
        if unknown:
            known = ", ".join(sorted(SETTING_FIELDS))
            raise SessionError(f"Unknown setting {', '.join(sorted(unknown))} (settings: {known}).")
        role = changes.get("admin_role_id")
        if role is not None and type(role) is not int:
            raise SessionError("admin_role_id must be a role id or None.")
        if "use_threads" in changes and not isinstance(changes["use_threads"], bool):
            raise SessionError("use_threads must be true or false.")
        timeout = changes.get("turn_timeout", 0)
        if type(timeout) is not int or not 0 <= timeout <= 7 * 24 * 3600:
            raise SessionError("turn_timeout must be a whole number of seconds from 0 to a week.")
        async with self._settings_lock:
            new = replace(await self.guild_settings(guild_id), **changes)
            row = (guild_id, new.admin_role_id, int(new.use_threads), new.turn_timeout)
            if await self._commit(Batch(settings=[row])):
                self._settings[guild_id] = new
                raise asyncio.CancelledError
            self._settings[guild_id] = new
            return new
