"""The ``commands.Bot`` subclass: wires the session manager, cogs, components and sync.

Why ``setup_hook``: it runs once, after login and before the gateway connects, which is where
discord.py wants dynamic items registered (so a click arriving first thing after a restart
still finds its handler) and commands synced.
"""

from __future__ import annotations

import functools
import logging
import time
from collections.abc import Callable, Sequence
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot import controls, gateway
from bot.lobbies import Lobbies, lobby_message
from bot.occupied import Occupied
from bot.publisher import Publisher
from bot.sessions import SessionManager
from bot.sessions.ai import AiConfig
from bot.sessions.shards import ShardPlan
from bot.settings import Settings
from bot.table import TIMER, Tables, fade_kinds
from bot.table.pictures import Pictures
from bot.tree import Tree
from bot.vanished import Vanished

log = logging.getLogger(__name__)

COGS = (
    "bot.cogs.lobby",
    "bot.cogs.play",
    "bot.cogs.rules",
    "bot.cogs.games",
    "bot.cogs.admin",
    "bot.cogs.standings",
    "bot.cogs.vanished",
)


class TidewaterBot(commands.AutoShardedBot):
    """One process of the bot. ``AutoShardedBot`` so that a large bot can run several
    processes, each with its own shards (``[discord] shard_count`` and ``shard_ids``); with
    neither set it runs every shard itself, as one process."""

    def __init__(
        self,
        settings: Settings,
        *,
        manager: SessionManager | None = None,
        clock: Callable[[], float] = time.time,
        **kwargs: Any,
    ) -> None:
        # Card games need no voice: skip discord.py's start-up warnings about voice libraries.
        discord.VoiceClient.warn_nacl = False
        if hasattr(discord.VoiceClient, "warn_dave"):
            discord.VoiceClient.warn_dave = False
        intents = discord.Intents.none()
        intents.guilds = True
        if settings.discord.shard_count is not None:
            kwargs.setdefault("shard_count", settings.discord.shard_count)
        if settings.discord.shard_ids is not None:
            kwargs.setdefault("shard_ids", list(settings.discord.shard_ids))
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=intents,
            help_command=None,
            allowed_mentions=discord.AllowedMentions.none(),
            # Installed to servers only: an owner who also ticks "User Install" in the developer
            # portal would otherwise offer /play in servers the bot is not in, where it can
            # neither post a table nor read the channel.
            allowed_installs=app_commands.AppInstallationType(guild=True, user=False),
            tree_cls=Tree,
            **kwargs,
        )
        self.settings = settings
        self._manager = manager
        t = settings.tables
        self.publisher = Publisher(
            lambda: self.manager,
            self,
            t.edit_interval,
            active_seconds=t.active_seconds,
            repost_after=t.repost_after,
        )
        self.tables = Tables(
            manager=lambda: self.manager,
            client=self,
            clock=clock,
            touch=self.publisher.touch,
            pictures=Pictures(enabled=settings.tables.pictures, guild_choice=self._pictures_choice),
            hand_context_seconds=t.hand_context_seconds,
        )
        self.publisher.tables = self.tables
        self.lobbies = Lobbies(
            manager=lambda: self.manager,
            client=self,
            tables=self.tables,
            touch=self.publisher.touch,
            ai_level=t.ai_level,
            occupied=Occupied(
                lambda: self.manager,
                self.publisher.writes,
                lobby_message,
                self.publisher.table_anew,
                clock,
            ),
        )
        self.vanished = Vanished(lambda: self.manager, self.publisher)
        self.publisher.on_gone = self.vanished.channel
        gateway.install()
        gateway.contain(self._connection, controls.refuse)
        self.add_listener(self.lobbies.on_modal, "on_interaction")
        self.add_listener(controls.answer_unknown, "on_interaction")

    async def _pictures_choice(self, guild_id: int) -> bool | None:
        """The server's own pictures setting (None: it follows ``[tables] pictures``)."""
        return (await self.manager.guild_settings(guild_id)).pictures

    @property
    def manager(self) -> SessionManager:
        if self._manager is None:
            raise RuntimeError("the session manager is opened in setup_hook")
        return self._manager

    async def setup_hook(self) -> None:
        if self._manager is None:
            ai = AiConfig(
                default_level=self.settings.tables.ai_level,
                think_seconds=self.settings.ai.think_seconds,
                processes=self.settings.ai.processes,
                away_after=self.settings.tables.away_after,
            )
            d = self.settings.discord
            plan = (
                ShardPlan(d.shard_count, tuple(d.shard_ids))
                if d.shard_ids and d.shard_count
                else None
            )
            self._manager = await SessionManager.open(
                self.settings.storage.target,
                ai=ai,
                shards=plan,
                lease_seconds=self.settings.storage.lease_seconds,
                on_lease_lost=self._lease_lost,
                lobby_idle=self.settings.tables.lobby_idle_minutes * 60,
                game_idle=self.settings.tables.game_idle_days * 86400,
            )
        self._manager.add_listener(self.publisher.on_update)
        for kind, wording in fade_kinds().items():  # a game's older fade rows too
            self._manager.on_deadline(kind, functools.partial(self.tables.on_fade, wording=wording))
        await self.tables.restore()
        self._manager.on_deadline(TIMER, self.tables.on_timer)
        for name in COGS:
            await self.load_extension(name)
        self.add_dynamic_items(*controls.DYNAMIC_ITEMS)
        # Games resumed at start-up (AI seats may already have moved before this listener was
        # added): bring every live table up to date once.
        for info in await self._manager.live_games():
            if info.status == "live":
                await self.tables.check_windows(info.id)  # a window opened while we were down
                self.publisher.touch(info.id, info.channel_id)
        if self.settings.discord.sync_commands:
            try:
                await self.sync_commands()
            except discord.HTTPException as exc:  # e.g. a dev guild the bot is not in
                log.error(
                    "command sync failed (%s); the bot runs with the commands as they are", exc
                )

    def _lease_lost(self, shards: Sequence[int]) -> None:
        """Another process took our shards (we stalled past the lease): stop at once rather
        than drive games someone else now drives; the process manager restarts us."""
        log.critical("shutting down: shard(s) %s are now served by another process", list(shards))
        self.loop.create_task(self.close())

    async def sync_commands(self) -> None:
        """Global sync, or a copy to each development guild (instant there)."""
        guild_ids = self.settings.discord.dev_guild_ids
        if guild_ids:
            for guild_id in guild_ids:
                guild = discord.Object(id=guild_id)
                self.tree.copy_global_to(guild=guild)
                synced = await self.tree.sync(guild=guild)
                log.info("synced %d commands to guild %s", len(synced), guild_id)
        else:
            synced = await self.tree.sync()
            log.info("synced %d global commands", len(synced))

    async def close(self) -> None:
        """Stop publishing, then let the manager finish in-flight saves and close SQLite."""
        try:
            await self.publisher.close()
        finally:
            try:
                if self._manager is not None:
                    await self._manager.close()
            finally:
                await super().close()


def as_controls(bot: TidewaterBot) -> controls.Controls:
    """The bot as the controls see it (:class:`bot.components.Controls`): the components reach
    it through ``interaction.client``, and this return is where the type checker verifies that
    the bot provides what they call."""
    return bot
