"""Per-guild settings (admin role, threads, turn timeout, pictures, language): which changes
are acceptable.

Why checked by hand: the values come from slash-command options and a misspelt or out-of-range
setting must be refused with a readable message before anything is written. The manager
serialises the writes (one lock), so two admins changing different settings never lose one.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from bot.i18n import ENGLISH, LANGUAGES
from bot.sessions.types import GuildSettings, SessionError
from bot.store import SettingsRow, SettingsWrite
from games.text import messages

#: the settings a guild may change (the fields of GuildSettings other than its id)
SETTING_FIELDS = {"admin_role_id", "use_threads", "turn_timeout", "pictures", "language"}
#: the longest turn timeout an admin may set (a week)
MAX_TURN_TIMEOUT = 7 * 24 * 3600

msg, msg_n = messages("tidewater")


def check_changes(changes: dict[str, Any]) -> None:
    """Refuse unknown settings and bad values (SessionError), before anything is written."""
    unknown = set(changes) - SETTING_FIELDS
    if unknown:
        known = ", ".join(sorted(SETTING_FIELDS))
        raise SessionError(
            msg(
                "Unknown setting {names} (settings: {known}).",
                names=", ".join(sorted(unknown)),
                known=known,
            )
        )
    role = changes.get("admin_role_id")
    if role is not None and type(role) is not int:
        raise SessionError(msg("admin_role_id must be a role id or None."))
    if "use_threads" in changes and not isinstance(changes["use_threads"], bool):
        raise SessionError(msg("use_threads must be true or false."))
    if "pictures" in changes and not isinstance(changes["pictures"], bool | None):
        raise SessionError(msg("pictures must be true, false or None (the bot's default)."))
    language = changes.get("language")
    if language is not None and language not in (ENGLISH, *LANGUAGES):
        known = ", ".join((ENGLISH, *LANGUAGES))
        raise SessionError(
            msg("language must be one of {known}, or None (Discord's choice).", known=known)
        )
    timeout = changes.get("turn_timeout", 0)
    if type(timeout) is not int or not 0 <= timeout <= MAX_TURN_TIMEOUT:
        raise SessionError(msg("turn_timeout must be a whole number of seconds from 0 to a week."))


def changed(current: GuildSettings, changes: dict[str, Any]) -> tuple[GuildSettings, SettingsWrite]:
    """The new settings and the row that stores them."""
    new = replace(current, **changes)
    pictures = None if new.pictures is None else int(new.pictures)
    row = SettingsWrite(
        new.guild_id,
        new.admin_role_id,
        int(new.use_threads),
        new.turn_timeout,
        pictures,
        new.language,
    )
    return new, row


def from_row(row: SettingsRow) -> GuildSettings:
    return GuildSettings(
        row.guild_id,
        row.admin_role_id,
        row.use_threads,
        row.turn_timeout,
        row.pictures,
        row.language,
    )
