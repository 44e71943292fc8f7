"""``/play`` in a channel that already holds a game: say which game, and bring its message back.

Why not just refuse: a channel holds one game at a time, and the refusal is met exactly when
that game's message cannot be seen. In a busy channel it has scrolled far up; a moderator may
have deleted it, and a lobby whose message is gone can be neither joined nor started, so it held
the channel until it closed for being idle. So the answer names the game and its host, links
to its message, and posts the message again at the bottom of the channel: a lobby anew (its
buttons carry the game id, so the new message works at once), a table through the publisher,
which posts it anew and deletes the old one. Reposting is spaced by :data:`REPOST_EVERY` per
game, so that /play used over and over cannot make the bot spam the channel; within that
spacing the answer links to the message, after checking that it is still there (if it was
deleted again, it is posted again).
"""

from __future__ import annotations

import contextlib
import logging
from collections.abc import Callable

import discord

from bot.i18n import speaking, texts
from bot.sessions import GameInfo, GameNotFound, SessionError, SessionManager
from bot.table.languages import Languages
from bot.table.writes import TableWrites
from games import registry

_, _n = texts()

log = logging.getLogger(__name__)

#: a game's message is brought back at most this often (seconds of the tables' clock)
REPOST_EVERY = 60.0


def jump_url(guild_id: int | None, channel_id: int, message_id: int) -> str:
    """Discord's link to a message (it opens the channel scrolled to it)."""
    return f"https://discord.com/channels/{guild_id or '@me'}/{channel_id}/{message_id}"


class Occupied:
    """Answers ``/play`` where a lobby or live game already holds the channel."""

    def __init__(
        self,
        manager: SessionManager,
        writes: TableWrites,
        lobby_message: Callable[[GameInfo], tuple[discord.Embed, discord.ui.View]],
        table_anew: Callable[[int, int], None],
        clock: Callable[[], float],
        languages: Languages | None = None,
    ) -> None:
        self.manager = manager
        #: the lobby posted again is the channel's: the server's language
        self.languages = languages or Languages()
        #: posts a message and deletes one (the table's own requests serve a lobby as well)
        self.writes = writes
        #: draws a lobby's message (its controls included)
        self.lobby_message = lobby_message
        #: the publisher's "post this game's table anew at the bottom" (game id, channel id)
        self.table_anew = table_anew
        self.clock = clock
        self._brought: dict[int, float] = {}  # game -> when its message was last brought back

    async def answer(self, interaction: discord.Interaction, info: GameInfo) -> None:
        """Tell the person which game holds the channel, then bring its message back."""
        kind = "lobby" if info.status == "lobby" else "table"
        message_id = info.messages.get(kind)
        now = self.clock()
        again = now - self._brought.get(info.id, float("-inf")) >= REPOST_EVERY
        if not again and message_id is not None:
            # brought back less than a minute ago: a link, unless that copy is gone too (a
            # dead link helps nobody, and posting a deleted message again is no spam)
            again = not await self.writes.exists(info.channel_id, message_id)
        title = registry.get(info.game).title
        host = next((s.name for s in info.seats if s.user_id == info.host_id), None)
        if kind == "table":
            what = _("a {game} game in play (table #{table})", game=title, table=info.id)
        elif host:
            what = _("{host}'s {game} lobby", host=host, game=title)
        else:
            what = _("an open {game} lobby", game=title)
        if again:
            what = _("{what}, posted again just below", what=what)
        elif message_id is not None:  # a masked link: names are made inert when seated
            what = f"[{what}]({jump_url(info.guild_id, info.channel_id, message_id)})"
        if kind == "lobby":
            text = _(
                "This channel already has a game: {what}. One game at a time per channel: "
                "join it there, or its host can cancel it.",
                what=what,
            )
        else:
            text = _(
                "This channel already has a game: {what}. One game at a time per channel: "
                "use /play in another channel to start a new one.",
                what=what,
            )
        await interaction.response.send_message(text, ephemeral=True)
        if not again:
            return
        self._brought[info.id] = now
        self._forget_old(now)
        if kind == "table":
            self.table_anew(info.id, info.channel_id)
            return
        await self._lobby_anew(info, message_id)

    async def _lobby_anew(self, info: GameInfo, old: int | None) -> None:
        """Post the lobby again, record it, then delete the old message (a crash between
        leaves two lobby messages for one game, never a game pointing at a deleted one)."""
        with speaking(await self.languages.public(info.guild_id)):
            embed, view = self.lobby_message(info)
        where = (info.channel_id, info.guild_id)
        try:
            posted = await self.writes.post(*where, "", embed, view, [], [])
        except discord.HTTPException as exc:
            log.warning("could not post the lobby of game %s again: %s", info.id, exc)
            return
        manager = self.manager
        try:
            await manager.set_message(info.id, "lobby", posted, status="lobby")
        except SessionError:  # it started or closed meanwhile: the new copy is not needed
            await self.writes.delete(*where, posted)
            return
        with contextlib.suppress(GameNotFound):
            if old is not None and (await manager.get(info.id)).messages.get("table") != old:
                await self.writes.delete(*where, old)  # (already deleted: fine)

    def _forget_old(self, now: float) -> None:
        """Drop the times that no longer space anything (the map stays small)."""
        for game_id in [g for g, t in self._brought.items() if now - t >= REPOST_EVERY]:
            del self._brought[game_id]
