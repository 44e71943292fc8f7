"""Who reads which language (issue 41): each interaction's tasks speak the person's language,
and the messages the whole channel sees are written in the server's.

Why at the gateway: discord.py reads an ``INTERACTION_CREATE`` frame and starts the tasks that
handle it (a command's, a control's, a form's, the ``on_interaction`` listeners') from inside
its parser, and a task starts in a copy of the context it was created in. Setting the
language around that parser is therefore the one place that covers every entry: whatever a
handler writes for the person who clicked or typed reads in their Discord language
(:func:`bot.i18n.private_locale`), with no handler having to remember it.

A public message (the table, the lobby, the game-over table) is not for the person who
happened to click: its writer enters ``speaking(await languages.public(guild_id))``. The
server's language is its admin's choice (``/admin settings language:``), else the server's
Discord language as the last interaction from it reported (or the guild's preferred locale the
gateway gave), else English.

What is remembered lives in memory only: after a restart, a person's language is known again
from their next interaction; until then a message sent to them without an interaction (a turn
alert) is written in the server's language.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Mapping
from typing import Any

from bot.i18n import ENGLISH, private_locale, public_locale, speaking

#: the most people whose language is remembered (the least recently heard are forgotten first)
MAX_PEOPLE = 100_000
#: a server's own choice of language (None: it follows its Discord language)
GuildChoice = Callable[[int], Awaitable[str | None]]
#: the guild's preferred locale as the gateway gave it (None: unknown)
GuildLocale = Callable[[int], object]


async def _no_choice(guild_id: int) -> str | None:
    return None


def _no_locale(guild_id: int) -> object:
    return None


class Languages:
    """The languages heard from interactions: each person's, and each server's."""

    def __init__(
        self, chosen: GuildChoice = _no_choice, guild_locale: GuildLocale = _no_locale
    ) -> None:
        self._chosen = chosen
        self._guild_locale = guild_locale
        #: user id -> the catalog of their last interaction's locale
        self._people: dict[int, str] = {}
        #: guild id -> the server's Discord locale, from its last interaction
        self._guilds: dict[int, str] = {}

    def hear(self, data: Any) -> str:
        """Remember the person's and the server's languages from an interaction's raw data;
        the person's language (English for a frame that carries none)."""
        if not isinstance(data, Mapping):
            return ENGLISH
        locale = private_locale(data.get("locale") if isinstance(data.get("locale"), str) else "")
        user_id = _user_id(data)
        if user_id is not None and isinstance(data.get("locale"), str):
            self._people.pop(user_id, None)  # the most recently heard last
            self._people[user_id] = locale
            if len(self._people) > MAX_PEOPLE:
                del self._people[next(iter(self._people))]
        guild_id, guild_locale = _int(data.get("guild_id")), data.get("guild_locale")
        if guild_id is not None and isinstance(guild_locale, str) and guild_locale:
            self._guilds[guild_id] = guild_locale
        return locale

    def person(self, user_id: int) -> str | None:
        """The language of a person's last interaction (None: none since the start)."""
        return self._people.get(user_id)

    async def public(self, guild_id: int | None) -> str:
        """The language of what a server's channel sees."""
        if guild_id is None:
            return ENGLISH
        chosen = await self._chosen(guild_id)
        known = self._guilds.get(guild_id) or self._guild_locale(guild_id)
        return public_locale(chosen, known)

    async def private(self, user_id: int, guild_id: int | None) -> str:
        """The language of a message sent to one person outside an interaction: theirs when
        known, else their server's."""
        return self.person(user_id) or await self.public(guild_id)

    def install(self, state: Any) -> None:
        """Wrap the connection's ``INTERACTION_CREATE`` parser so that every task it starts
        speaks the language of the person who sent the interaction."""
        parsers: dict[str, Callable[[Any], None]] = state.parsers
        parse = parsers["INTERACTION_CREATE"]

        def spoken(data: Any) -> None:
            with speaking(self.hear(data)):
                parse(data)

        spoken.__tidewater__ = True  # type: ignore[attr-defined]
        parsers["INTERACTION_CREATE"] = spoken


def _int(value: Any) -> int | None:
    try:
        return int(value) if value is not None else None
    except (TypeError, ValueError):
        return None


def _user_id(data: Mapping[str, Any]) -> int | None:
    member = data.get("member")
    user = member.get("user") if isinstance(member, Mapping) else data.get("user")
    return _int(user.get("id")) if isinstance(user, Mapping) else None
