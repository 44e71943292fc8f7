"""The slash-command tree: every command interaction is answered, whatever it carries.

Why a subclass of discord.py's tree: its invoker catches only ``AppCommandError``. A command
payload that discord.py cannot read (an option of the wrong type, a missing field, ``data``
that is not an object) raises something else while the options are parsed, before any command
runs; that task then dies with an unretrieved exception and the person sees "interaction
failed". An autocomplete for an option that completes nothing is logged by discord.py with a
traceback and left unanswered. Here both become an answer that says nothing was changed.
"""

from __future__ import annotations

import logging
from typing import Any

import discord
from discord import app_commands

from bot import controls
from bot.i18n import refusal, texts, translate
from bot.sessions import SessionError
from bot.store import StoreUnreachable
from games import BadOptions, IllegalAction
from games.text import messages

log = logging.getLogger(__name__)
_, _n = texts()
msg, msg_n = messages("tidewater")

NOT_A_COMMAND = msg(
    "That is not a command Tidewater knows (it may be from an older version): nothing was "
    "changed. Type / to see the commands."
)


class UnreadableCommand(app_commands.AppCommandError):
    """A command interaction whose data discord.py could not read."""


#: a command interaction that names no command of this bot, or one it cannot read
UNRUNNABLE = (
    app_commands.CommandNotFound,
    app_commands.CommandSignatureMismatch,
    UnreadableCommand,
)


class Tree(app_commands.CommandTree[Any]):
    """discord.py's tree, with every failure turned into an answer by :meth:`on_error`."""

    async def _call(self, interaction: discord.Interaction) -> None:
        if interaction.type is discord.InteractionType.autocomplete:
            # No option of Tidewater's completes as it is typed (each offers fixed choices),
            # so any autocomplete is forged or stale: it gets no choices.
            await controls.refuse(interaction)
            return
        try:
            await super()._call(interaction)
        except app_commands.AppCommandError:
            raise
        except Exception as exc:
            # discord.py's error path reads ``interaction.command``, which would parse the
            # same data again and raise outside any handler: it names no command
            interaction._cs_command = None  # type: ignore[attr-defined]
            raise UnreadableCommand(type(exc).__name__) from exc

    async def on_error(
        self, interaction: discord.Interaction, error: app_commands.AppCommandError, /
    ) -> None:
        """Readable refusals, one warning line for what a person or a forged payload got wrong,
        and a polite line (plus a logged traceback) for a fault of the bot. A user never sees a
        traceback or "interaction failed"."""
        cause = error.original if isinstance(error, app_commands.CommandInvokeError) else error
        if isinstance(cause, SessionError | IllegalAction | BadOptions):
            text = refusal(cause)
        elif isinstance(cause, app_commands.TransformerError):  # e.g. a name outside the choices
            log.warning("refused option value %r of /%s", cause.value, command_name(interaction))
            value = f"{str(cause.value)[:100]!r}"
            text = _(
                "{value} is not a value this option takes, so nothing was changed: pick one.",
                value=value,
            )
        elif isinstance(cause, app_commands.CheckFailure):
            text = refusal(cause) or _("You may not use this command here.")
        elif isinstance(cause, UNRUNNABLE):
            log.warning(
                "a command the bot cannot run (%s): /%s",
                type(cause).__name__,
                controls.what_was_used(interaction),
            )
            text = translate(NOT_A_COMMAND)
        elif isinstance(cause, StoreUnreachable):  # a read during a database outage
            controls.unreachable(interaction)
            text = translate(controls.UNREACHABLE_READ)
        elif isinstance(cause, discord.HTTPException):  # the command's own answer was refused
            controls.discord_refused(
                cause,
                f"a request of /{command_name(interaction)}",  # untranslated: a log line
            )
            text = translate(controls.REFUSED)
        else:
            log.error("command failed", exc_info=cause)
            text = translate(controls.OOPS)
        await controls.refuse(interaction, text)


def command_name(interaction: discord.Interaction) -> str:
    """The slash command's full name for a log line (``admin end``)."""
    try:
        command = interaction.command
    except Exception:  # a forged payload discord.py cannot resolve to a command
        return "?"
    return command.qualified_name if command is not None else "?"
