"""The answers a person gets when a click cannot do what it asked, and the guard every control
runs under.

Why one place: discord.py only logs an exception raised in a dynamic item's callback, and the
person then sees "This interaction failed". Every control runs its work under :func:`guarded`,
which turns refusals into their own words and anything else into one polite line; every other
path (an unknown control, command or form, an interaction type nothing handles) ends in
:func:`refuse`. Each answer says whether anything was changed.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable, Mapping
from typing import Any

import discord

from bot.controls.ids import MAX_ID, redact_custom_id
from bot.i18n import refusal, texts, translate
from bot.render import clip
from bot.sessions import GameNotFound, SessionError
from bot.store import StoreUnreachable
from games import BadOptions, IllegalAction
from games.text import messages

log = logging.getLogger(__name__)
_, _n = texts()
#: the constants below are read by several modules: each is the English text with its id,
#: translated where it is sent (:func:`reply` and :func:`refuse` do)
msg, msg_n = messages("tidewater")

OOPS = msg("Something went wrong on our side and nothing was changed. Please try again.")


#: a read (a hand, /games, the standings) the database could not answer during an outage: the
#: same words as a refused move, since the person's next step is the same (issue 38)
UNREACHABLE_READ = msg(
    "The game's storage is unreachable, so I cannot look that up just now; nothing was "
    "changed. Try again in a moment."
)

#: Discord refused a request while a click was handled (an outage, a permission taken away, an
#: answer too late): the move may already be saved, so "nothing was changed" would be untrue
REFUSED = msg(
    "Discord did not take my answer just now, so I cannot tell you here how that went: what "
    "you did may already be saved. The table, or /hand, shows where things stand."
)


UNKNOWN = msg(
    "This control is not one Tidewater knows (it may be from an older version): nothing was "
    "changed. Use /hand to open your hand again."
)


#: an interaction the bot cannot read or route at all (not a control, command or form it knows)
UNREADABLE = msg(
    "Tidewater could not make sense of that request, so nothing was changed. Use the buttons "
    "on the table or a slash command such as /hand."
)


def discord_refused(exc: discord.HTTPException, what: str) -> None:
    """Log a request Discord refused. An outage (5xx once discord.py's own retries are spent),
    a permission taken away, something deleted or an answer too late is Discord's side or a
    moderator's, not a fault of the bot: one warning line. Anything else (a 400: a request
    the bot got wrong) is a bug, logged with its traceback."""
    if exc.status >= 500 or exc.status in (401, 403, 404, 429):
        log.warning("Discord refused %s: %s %s", what, exc.status, exc.text or exc.code)
    else:
        log.error("Discord refused %s", what, exc_info=exc)


async def reply(interaction: discord.Interaction, text: str) -> None:
    """Answer privately, whether or not the interaction was already answered or deferred."""
    text = clip(str(translate(text)), 2000)
    try:
        if interaction.response.is_done():
            await interaction.followup.send(text, ephemeral=True)
        else:
            await interaction.response.send_message(text, ephemeral=True)
    except discord.HTTPException as exc:
        discord_refused(exc, f"the answer to interaction {interaction.id}")  # untranslated: log


async def refuse(interaction: discord.Interaction, text: str = UNREADABLE) -> None:
    """Answer any interaction, of whatever type, with ``text`` (a "nothing was changed" line).

    Why not :func:`reply` alone: an autocomplete can only be answered with choices (none, here),
    and a message answer to it would be refused; every other type takes a private message."""
    if interaction.type is discord.InteractionType.autocomplete:
        try:
            if not interaction.response.is_done():
                await interaction.response.autocomplete([])
        except discord.HTTPException as exc:
            discord_refused(exc, f"the answer to interaction {interaction.id}")  # untranslated: log
        return
    await reply(interaction, text)


async def guarded(interaction: discord.Interaction, work: Callable[[], Awaitable[None]]) -> None:
    """Run ``work``; refusals become their readable message, anything else a polite line."""
    try:
        await work()
    except (SessionError, IllegalAction, BadOptions) as exc:
        await reply(interaction, refusal(exc))
    except StoreUnreachable:
        unreachable(interaction)
        await reply(interaction, UNREACHABLE_READ)
    except discord.HTTPException as exc:
        what = f"a request of interaction {what_was_used(interaction)}"  # untranslated: log
        discord_refused(exc, what)
        await reply(interaction, REFUSED)
    except Exception:
        log.exception("interaction %s failed", what_was_used(interaction))
        await reply(interaction, OOPS)


def unreachable(interaction: discord.Interaction) -> None:
    """Log a read the database could not answer: one warning line, not a traceback (an outage
    is the database's side, and the store logs its reconnection)."""
    log.warning("interaction %s: the database is unreachable", what_was_used(interaction))


def what_was_used(interaction: discord.Interaction) -> str:
    """The control or command of an interaction, for a log line (a game's code redacted)."""
    data = payload(interaction)
    return redact_custom_id(str(data.get("custom_id") or data.get("name") or ""))


def payload(interaction: discord.Interaction) -> Mapping[str, Any]:
    """The interaction's ``data`` object, or an empty one where a forged frame put something
    else (discord.py passes it on as it came)."""
    data = interaction.data
    return data if isinstance(data, Mapping) else {}


def checked(game_id: int, work: Callable[[], Awaitable[None]]) -> Callable[[], Awaitable[None]]:
    """``work``, refused readably when ``game_id`` cannot name a game (out of SQLite's range)."""

    async def run() -> None:
        if not 0 < game_id <= MAX_ID:
            raise GameNotFound(_("There is no game #{game_id}.", game_id=game_id))
        await work()

    return run
