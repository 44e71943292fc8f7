"""Writing a table message to Discord, and getting it back on its feet when Discord refuses.

Why its own part: how a table reaches the channel (a post that notifies, an edit that does
not) is decided by the publisher, but what can go wrong on the way is the same for every write
and has nothing to do with that decision: a moderator deleted the message (post it anew), the
game's thread archived itself after a week without messages (reopen it, edit again), a request
read the picture to its end (rewind it before the next one). The channel itself being gone is
not mended here: it is raised for the publisher, whose caller ends the games there.
"""

from __future__ import annotations

import logging

import discord
from discord.http import handle_message_parameters

from bot.model import Fenced, Fencing

log = logging.getLogger(__name__)

#: Discord's error code for a channel (or thread) that no longer exists
UNKNOWN_CHANNEL = 10003
#: Discord's error code for a message that no longer exists
UNKNOWN_MESSAGE = 10008
#: Discord's error code for a change to a message in an archived thread
ARCHIVED_THREAD = 50083


def channel_gone(exc: BaseException) -> bool:
    """Whether Discord refused a request because the channel itself no longer exists."""
    return isinstance(exc, discord.NotFound) and exc.code == UNKNOWN_CHANNEL


def rewind(files: list[discord.File]) -> None:
    """Make pictures sendable again: a request reads each file to its end, and discord.py
    rewinds a file only between the retries of one request, not for the next request."""
    for file in files:
        file.reset(seek=True)


class TableWrites:
    """The table message's requests, through the bot's Discord client. None is made once
    ``fencing`` is set (another process serves these games): each raises :class:`Fenced`."""

    def __init__(self, client: discord.Client, fencing: Fencing | None = None) -> None:
        self.client = client
        self.fencing = fencing or Fencing()

    def _check(self) -> None:
        if self.fencing.fenced:
            # never shown to anyone: a fenced write is dropped, and logged
            why = "another process serves these tables now: no table write"  # untranslated: log
            raise Fenced(why)

    async def post(
        self,
        channel_id: int,
        guild_id: int | None,
        content: str,
        embed: discord.Embed,
        view: discord.ui.View,
        files: list[discord.File],
        calls: list[int],
    ) -> int:
        """Post the table anew at the bottom, notifying ``calls``; returns the new message's
        id. The caller records it, then deletes the ``old`` one (:meth:`delete`): a crash in
        between leaves an old table behind, never a game pointing at a deleted one."""
        self._check()
        mentions = discord.AllowedMentions(
            users=[discord.Object(uid) for uid in calls], roles=False, everyone=False
        )
        return await self._send(channel_id, guild_id, content, embed, view, files, mentions)

    async def exists(self, channel_id: int, message_id: int) -> bool:
        """Whether the message is still there (read as raw JSON: nothing is built from it).
        Only Discord's "Unknown Message" says no; any other refusal (a permission to read
        history taken away, an outage) leaves the answer at yes, the safe side for a caller
        deciding whether to post the message again."""
        try:
            await self.client.http.get_message(channel_id, message_id)
        except discord.NotFound as exc:
            return exc.code != UNKNOWN_MESSAGE
        except discord.HTTPException:
            return True
        return True

    async def delete(self, channel_id: int, guild_id: int | None, message_id: int) -> None:
        """Delete a table message the game has left (already gone: nothing to do)."""
        self._check()
        channel = self.client.get_partial_messageable(channel_id, guild_id=guild_id)
        try:
            await channel.get_partial_message(message_id).delete()
        except discord.HTTPException:
            log.info("could not delete the old table message %s", message_id)

    async def edit(
        self,
        channel_id: int,
        guild_id: int | None,
        message_id: int,
        content: str,
        embed: discord.Embed,
        view: discord.ui.View,
        files: list[discord.File],
    ) -> int | None:
        """Edit the table in place, notifying nobody. Returns the id of a message posted
        instead when someone had deleted the table (None: edited where it was)."""
        try:
            await self._patch(channel_id, message_id, content, embed, view, files)
            return None
        except discord.NotFound as exc:
            if exc.code == UNKNOWN_CHANNEL:
                raise  # the channel itself is gone: nothing to mend here
            deleted = True
        except discord.HTTPException as exc:
            if exc.code != ARCHIVED_THREAD:
                raise
            deleted = False
        rewind(files)  # the failed request read the picture to its end
        if not deleted:
            # a thread archives itself after a week without messages (a slow game): reopen it
            log.info("reopening the archived thread %s", channel_id)
            await self.client.http.edit_channel(channel_id, archived=False)
            await self._patch(channel_id, message_id, content, embed, view, files)
            return None
        quiet = discord.AllowedMentions.none()  # a table put back notifies nobody
        return await self._send(channel_id, guild_id, content, embed, view, files, quiet)

    async def _send(
        self,
        channel_id: int,
        guild_id: int | None,
        content: str,
        embed: discord.Embed,
        view: discord.ui.View,
        files: list[discord.File],
        mentions: discord.AllowedMentions,
    ) -> int:
        self._check()
        channel = self.client.get_partial_messageable(channel_id, guild_id=guild_id)
        message = await channel.send(
            content=content or None, embed=embed, view=view, files=files, allowed_mentions=mentions
        )
        return message.id

    async def _patch(
        self,
        channel_id: int,
        message_id: int,
        content: str,
        embed: discord.Embed,
        view: discord.ui.View,
        files: list[discord.File],
    ) -> None:
        self._check()
        with handle_message_parameters(
            content=content or None,
            embed=embed,
            view=view,
            attachments=files,
            allowed_mentions=discord.AllowedMentions.none(),
            previous_allowed_mentions=self.client.allowed_mentions,
        ) as params:
            # nothing reads the edited message back, so none is built from the answer
            # (its components are all restart-safe dynamic items: no view to store)
            await self.client.http.edit_message(channel_id, message_id, params=params)
