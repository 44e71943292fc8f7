"""The ``commands.Bot`` subclass: handed the session manager, builds the Discord-facing parts.

Why ``setup_hook``: it runs once, after login and before the gateway connects, which is where
discord.py wants dynamic items registered (so a click arriving first thing after a restart
still finds its handler) and commands synced.
"""

from __future__ import annotations

import functools
import hashlib
import json
import logging
import time
from collections.abc import Awaitable, Callable
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot import controls, gateway
from bot.i18n import translate
from bot.i18n.commands import CommandTranslator
from bot.lobbies import Lobbies, lobby_message
from bot.occupied import Occupied
from bot.permissions import invite_url
from bot.practice import Practice
from bot.publisher import Publisher
from bot.sessions import Deadline, SessionManager
from bot.settings import Settings
from bot.table import TIMER, Languages, Tables, fade_kinds
from bot.table.alerts import PRESENT_SECONDS, TurnAlerts
from bot.table.pictures import Pictures
from bot.tree import Tree
from bot.vanished import Vanished
from games.text import messages

log = logging.getLogger(__name__)
msg, msg_n = messages("tidewater")

#: the bot's record (``GameStore.record``) of the last synced command tree's hash
COMMANDS_RECORD = "command_tree_sha256"

COGS = (
    "bot.cogs.play",
    "bot.cogs.learn",
    "bot.cogs.hand",
    "bot.cogs.rules",
    "bot.cogs.games",
    "bot.cogs.admin",
    "bot.cogs.standings",
    "bot.cogs.vanished",
    "bot.cogs.about",
    "bot.cogs.notify",
)


#: per process: a translated command tree's digest, by its untranslated payload and the id of
#: the translator's catalogs (the catalogs are kept beside it, so the id stays theirs)
_DIGESTS: dict[tuple[str, int], tuple[object, str]] = {}


def _canonical(value: Any) -> str:
    """One text per JSON value (sorted keys, no spaces): what the command digests hash."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"), default=str)


class TidewaterBot(commands.AutoShardedBot):
    """One process of the bot. ``AutoShardedBot`` so that a large bot can run several
    processes, each with its own shards (``[discord] shard_count`` and ``shard_ids``); with
    neither set it runs every shard itself, as one process."""

    def __init__(
        self,
        settings: Settings,
        *,
        manager: SessionManager,
        clock: Callable[[], float] = time.time,
        force_sync: bool = False,
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
        #: the clock every part is handed (tests share a fake one), and when this bot was built
        self.clock = clock
        self.started = clock()
        #: sync the commands at start even when they did not change (``sync-commands``)
        self.force_sync = force_sync
        #: the session manager, opened before the bot (``bot.__main__``): every part below is
        #: handed it directly
        self.manager = manager
        t = settings.tables
        self.tables = Tables(
            manager=manager,
            client=self,
            clock=clock,
            pictures=Pictures(enabled=t.pictures, guild_choice=self._pictures_choice),
            hand_context_seconds=t.hand_context_seconds,
            fencing=manager.fencing,
            languages=Languages(self._language_choice, self._guild_locale),
        )
        #: what a click on a hand or table control calls (the controls' ``Controls.actions``)
        self.actions = self.tables.actions
        #: channels Discord says are gone: the publisher sends nothing there, and the games
        #: there are ended (``vanished``), which marks a channel here first
        gone: set[int] = set()
        self.vanished = Vanished(manager, gone)
        self.publisher = Publisher(
            manager,
            self,
            self.tables,
            t.edit_interval,
            gone=gone,
            on_gone=self.vanished.channel,
            active_seconds=t.active_seconds,
            repost_after=t.repost_after,
            fencing=manager.fencing,
        )
        #: DMs to people who asked for them when their turn comes at a slow table (/notify)
        self.alerts = TurnAlerts(
            manager,
            self,
            clock,
            present=functools.partial(self.tables.hands.active, within=PRESENT_SECONDS),
            published=self.publisher.wait_channel,
            fencing=manager.fencing,
            languages=self.tables.languages,
        )
        occupied = Occupied(
            manager,
            self.publisher.writes,
            lobby_message,
            self.publisher.table_anew,
            clock,
            languages=self.tables.languages,
        )
        self.lobbies = Lobbies(
            manager=manager,
            client=self,
            tables=self.tables,
            touch=self.publisher.touch,
            ai_level=t.ai_level,
            occupied=occupied,
        )
        #: ``/learn``: practice tables against easy AIs (issue 37)
        self.practice = Practice(manager, self, self.tables, self.publisher.touch, occupied)
        gateway.install()
        gateway.contain(self._connection, controls.refuse)
        # a process whose shards another one took answers clicks without acting on them
        gateway.fence(self._connection, manager.fencing, _handed_over)
        # every interaction's tasks speak the person's language (issue 41)
        self.tables.languages.install(self._connection)
        self.add_listener(self.lobbies.on_modal, "on_interaction")
        self.add_listener(controls.answer_unknown, "on_interaction")

    async def _pictures_choice(self, guild_id: int) -> bool | None:
        """The server's own pictures setting (None: it follows ``[tables] pictures``)."""
        return (await self.manager.guild_settings(guild_id)).pictures

    async def _language_choice(self, guild_id: int) -> str | None:
        """The server's own language for its tables (None: its Discord language)."""
        return (await self.manager.guild_settings(guild_id)).language

    def _guild_locale(self, guild_id: int) -> object:
        """The server's Discord language as the gateway gave it (None: not cached)."""
        guild = self.get_guild(guild_id)
        return guild.preferred_locale if guild is not None else None

    def _redrawn(
        self, handler: Callable[[Deadline], Awaitable[bool]]
    ) -> Callable[[Deadline], Awaitable[None]]:
        """A deadline handler of the tables that reports whether the table needs drawing
        again (a window's countdown ended, a snapshot's button went), and then has the
        publisher draw it."""

        async def run(deadline: Deadline) -> None:
            if await handler(deadline):
                self.publisher.touch(deadline.game_id)

        return run

    async def setup_hook(self) -> None:
        manager = self.manager
        manager.add_listener(self.publisher.on_update)
        await self.alerts.restore()  # who waits now: only later turns alert
        manager.add_listener(self.alerts.on_update)
        snapshots = self.tables.snapshots
        for kind, wording in fade_kinds().items():  # a game's older fade rows too
            fade = functools.partial(snapshots.on_fade, wording=wording)
            manager.on_deadline(kind, self._redrawn(fade))
        await self.tables.restore()
        manager.on_deadline(TIMER, self._redrawn(self.tables.windows.on_timer))
        for name in COGS:
            await self.load_extension(name)
        # the commands' names and descriptions in the catalogs' languages (issue 41)
        await self.tree.set_translator(CommandTranslator())
        self.add_dynamic_items(*controls.DYNAMIC_ITEMS)
        # Games resumed at start-up (AI seats may already have moved before this listener was
        # added): bring every live table up to date once.
        for info in await manager.live_games():
            if info.status == "live":
                await self.tables.windows.check(info.id)  # a window opened while we were down
                self.publisher.touch(info.id, info.channel_id)
        if self.application_id is not None:
            log.info("invite the bot with %s", invite_url(self.application_id))
        shards = self.settings.discord.shard_ids
        if self.force_sync or (self.settings.discord.sync_commands and (not shards or 0 in shards)):
            try:
                await self.sync_if_changed()
            except discord.HTTPException as exc:  # e.g. a dev guild the bot is not in
                log.error(
                    "command sync failed (%s); the bot runs with the commands as they are", exc
                )

    async def command_digest(self) -> str:
        """A hash of what a sync would send (every command as Discord receives it, with its
        translations, and where to), so a start can tell whether Discord already has it: a
        changed translation alone changes the hash, and is synced.

        The translated payload asks the translator for every string in each of Discord's ~30
        locales (about 0.1 s of CPU), and it is a function of the commands and the catalogs
        alone; so it is worked out once per process for each untranslated tree and catalogs
        (a second bot in the same process, as the tests start hundreds, reuses it)."""
        translator = self.tree.translator
        commands = self.tree.get_commands()
        where = {"app": self.application_id, "guilds": self.settings.discord.dev_guild_ids}
        plain = _canonical([where, [c.to_dict(self.tree) for c in commands]])
        if translator is None:
            return hashlib.sha256(plain.encode()).hexdigest()
        catalogs = getattr(translator, "catalogs", None)
        known = _DIGESTS.get((plain, id(catalogs))) if catalogs is not None else None
        if known is not None and known[0] is catalogs:
            return known[1]
        # what ``tree.sync`` sends: every localization included
        tree = [await c.get_translated_payload(self.tree, translator) for c in commands]
        digest = hashlib.sha256(_canonical([where, tree]).encode()).hexdigest()
        if catalogs is not None:
            _DIGESTS[(plain, id(catalogs))] = (catalogs, digest)
        return digest

    async def sync_if_changed(self) -> bool:
        """Sync the commands when they differ from the last sync's (or ``force_sync``); whether
        it synced. Why not on every start, as before: discord.py's maintainers advise against
        it (a sync is rate limited per day, and every process of a sharded bot did it); the
        commands change only with the code or the development guilds. Only the process that
        serves shard 0 syncs (:meth:`setup_hook`), so several processes do not race."""
        digest = await self.command_digest()
        store = self.manager.store
        if not self.force_sync and await store.record(COMMANDS_RECORD) == digest:
            log.info("slash commands unchanged since the last sync: not syncing")
            return False
        await self.sync_commands()
        await store.set_record(COMMANDS_RECORD, digest)
        return True

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
            await self.alerts.close()
            await self.publisher.close()
        finally:
            try:
                await self.manager.close()
            finally:
                await super().close()


#: the answer to an interaction reaching a process whose shards another process now serves
HANDED_OVER = msg(
    "This table has just moved to another process of the bot: nothing was changed. Try again "
    "in a moment."
)


async def _handed_over(interaction: discord.Interaction) -> None:
    await controls.refuse(interaction, translate(HANDED_OVER))


def as_controls(bot: TidewaterBot) -> controls.Controls:
    """The bot as the controls see it (:class:`bot.controls.Controls`): the controls reach
    it through ``interaction.client``, and this return is where the type checker verifies that
    the bot provides what they call."""
    return bot
