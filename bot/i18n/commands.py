"""The slash commands in the catalogs' languages: a ``discord.app_commands.Translator``.

Why one ``msgctxt`` per kind of string: Discord's rules differ (a command or option name is one
lowercase word of at most 32 characters, a description up to 100), and the same English word may
be a command in one place and an option in another; the context keeps each translation where it
belongs. discord.py asks the translator for every string of every command while it builds the
sync payload, so the hash of what was synced (``TidewaterBot.command_digest``) is taken over
that translated payload too.
"""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.app_commands import TranslationContextLocation as Where

from bot.i18n import CATALOGS, Catalogs

#: each kind of command string and the ``msgctxt`` its translations are kept under
CONTEXTS: dict[Where, str] = {
    Where.command_name: "command",
    Where.group_name: "command",
    Where.command_description: "command description",
    Where.group_description: "command description",
    Where.parameter_name: "option",
    Where.parameter_description: "option description",
    Where.choice_name: "choice",
}
#: contexts whose translations Discord takes as names (``^[-_\\p{L}\\p{N}]{1,32}$``, lowercase)
NAME_CONTEXTS = frozenset({"command", "option"})


class CommandTranslator(app_commands.Translator):
    """Reads the catalogs; a string a catalog lacks gets no localization (Discord shows the
    English)."""

    def __init__(self, catalogs: Catalogs = CATALOGS) -> None:
        self.catalogs = catalogs

    async def translate(
        self,
        string: app_commands.locale_str,
        locale: discord.Locale,
        context: app_commands.TranslationContextTypes,
    ) -> str | None:
        where = CONTEXTS.get(context.location)
        if where is None:
            return None
        return self.catalogs.in_context(locale, where, string.message)


class _Recorder(app_commands.Translator):
    """Notes every string discord.py would have translated, with its context."""

    def __init__(self) -> None:
        self.seen: dict[tuple[str, str], None] = {}

    async def translate(
        self,
        string: app_commands.locale_str,
        locale: discord.Locale,
        context: app_commands.TranslationContextTypes,
    ) -> str | None:
        where = CONTEXTS.get(context.location)
        if where is not None:
            self.seen[(where, string.message)] = None
        return None


async def tree_strings(tree: app_commands.CommandTree[Any]) -> list[tuple[str, str]]:
    """Every (context, English) string of the tree's commands, in the order of the tree: what
    the template must hold (``python -m bot.i18n.extract`` writes them)."""
    recorder = _Recorder()
    for command in tree.get_commands():
        await command.get_translated_payload(tree, recorder)
    return list(recorder.seen)
