"""The gateway's word that a channel, thread or server is gone for the bot (see
:mod:`bot.vanished`, which ends the games there). Needs only the ``guilds`` intent."""

from __future__ import annotations

import discord
from discord.ext import commands

from bot.client import TidewaterBot
from bot.vanished import Vanished


class VanishedPlaces(commands.Cog):
    def __init__(self, vanished: Vanished) -> None:
        self.vanished = vanished

    @commands.Cog.listener()
    async def on_guild_channel_delete(self, channel: discord.abc.GuildChannel) -> None:
        # a deleted channel takes its threads with it, and Discord sends no event for those
        threads = getattr(channel, "threads", [])
        await self.vanished.channels([channel.id, *(t.id for t in threads)])

    @commands.Cog.listener()
    async def on_raw_thread_delete(self, payload: discord.RawThreadDeleteEvent) -> None:
        await self.vanished.channels([payload.thread_id])

    @commands.Cog.listener()
    async def on_guild_remove(self, guild: discord.Guild) -> None:
        await self.vanished.guild(guild.id)


async def setup(bot: TidewaterBot) -> None:
    await bot.add_cog(VanishedPlaces(bot.vanished))
