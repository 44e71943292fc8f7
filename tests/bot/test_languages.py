"""Who reads which language (issue 41), as :class:`bot.table.languages.Languages` hears it from
the interactions' raw data: a person's own language, a server's (its admin's choice first)."""

from __future__ import annotations

import asyncio
from typing import Any

from bot.i18n import current_locale
from bot.table.languages import Languages


def frame(user: int, locale: Any, guild: int | None = 5, guild_locale: Any = "es-ES") -> Any:
    data: dict[str, Any] = {"id": "1", "type": 3, "locale": locale}
    if guild is not None:
        data |= {"guild_id": str(guild), "guild_locale": guild_locale}
        data["member"] = {"user": {"id": str(user)}}
    else:
        data["user"] = {"id": str(user)}
    return data


def test_a_person_and_a_server_are_heard_from_their_interactions() -> None:
    chosen: dict[int, str | None] = {}

    async def choice(guild_id: int) -> str | None:
        return chosen.get(guild_id)

    languages = Languages(choice)
    assert languages.hear(frame(7, "de")) == "de"
    assert languages.hear(frame(8, "pt-BR", guild=None)) == "pt_BR"  # a DM: no server
    assert languages.hear("not an object") == "en"  # a forged frame reads in English
    assert languages.hear(frame(9, 12, guild_locale=None)) == "en"  # nor a locale
    assert languages.person(7) == "de" and languages.person(8) == "pt_BR"
    assert languages.person(9) is None  # a frame without a locale teaches nothing

    async def run() -> None:
        assert await languages.public(5) == "es"  # the server's Discord language
        chosen[5] = "fr"
        assert await languages.public(5) == "fr"  # the admin's choice first
        assert await languages.public(6) == "en"  # a server never heard from
        assert await languages.private(7, 5) == "de"
        assert await languages.private(10, 5) == "fr"  # unknown person: their server's

    asyncio.run(run())


def test_every_task_an_interaction_starts_speaks_its_persons_language() -> None:
    seen: list[str] = []

    class State:
        def __init__(self) -> None:
            self.parsers = {"INTERACTION_CREATE": lambda data: seen.append(current_locale())}

    state = State()
    Languages().install(state)
    state.parsers["INTERACTION_CREATE"](frame(7, "fr"))
    state.parsers["INTERACTION_CREATE"](frame(8, "es-419"))
    assert seen == ["fr", "es"]
    assert current_locale() == "en"  # nothing leaks into the gateway's own task
