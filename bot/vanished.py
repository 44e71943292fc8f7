"""Games nobody can reach any more: their channel or thread was deleted, or the server removed
the bot. Each is ended (no winner) at once.

Why end them rather than leave them: a game in a deleted channel would otherwise stay live for
good, its turn clocks would hand the absent players' seats to AI players, and the AI would
finish a game nobody saw, whose result would then count in the server's standings. Ending it is
what an admin would do with ``/admin end``, and it says why in the game's history.

Discord says a channel is gone in two ways, and both lead here: the gateway's delete events
(:mod:`bot.cogs.vanished`), and an "Unknown Channel" answer to a table edit, for a channel
deleted while the bot was down or a thread that went with its parent (the publisher's
``on_gone``).
"""

from __future__ import annotations

import contextlib
import logging
from collections.abc import Iterable

from bot.model import BOT_REMOVED, CHANNEL_DELETED, GameInfo
from bot.sessions import GameNotFound, SessionManager

log = logging.getLogger(__name__)


class Vanished:
    """Ends the lobbies and live games of a channel or server the bot can no longer reach."""

    def __init__(self, manager: SessionManager, gone: set[int]) -> None:
        self.manager = manager
        #: the places Discord says are gone, shared with the publisher: a channel is marked
        #: first, so that ending its games sends nothing to a place that is gone
        self.gone = gone

    async def channels(self, channel_ids: Iterable[int]) -> list[int]:
        """A channel (and any threads known in it) was deleted: end its games."""
        gone = set(channel_ids)
        games = [i for i in await self.manager.live_games() if i.channel_id in gone]
        return await self._end(games, CHANNEL_DELETED)

    async def channel(self, channel_id: int) -> None:
        """The publisher's ``on_gone``: one channel found gone by a refused edit."""
        await self.channels([channel_id])

    async def guild(self, guild_id: int) -> list[int]:
        """The server removed the bot: every game there ends."""
        return await self._end(await self.manager.live_games(guild_id), BOT_REMOVED)

    async def _end(self, games: list[GameInfo], reason: str) -> list[int]:
        ended: list[int] = []
        for info in games:
            self.gone.add(info.channel_id)
            with contextlib.suppress(GameNotFound):  # it ended meanwhile
                await self.manager.end(info.id, reason=reason)
                ended.append(info.id)
                log.info("ended game %s: %s", info.id, reason)
        return ended
