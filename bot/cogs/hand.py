"""``/hand``: re-open your private hand for the game in this channel."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from bot.client import TidewaterBot
from bot.i18n import texts
from bot.sessions import GameNotFound, SessionManager
from bot.table import Actions

_, _n = texts()


class Hand(commands.Cog):
    def __init__(self, manager: SessionManager, actions: Actions) -> None:
        self.manager = manager
        self.actions = actions

    @app_commands.command(name="hand", description="Show your hand for the game in this channel")
    @app_commands.guild_only()
    async def hand(self, interaction: discord.Interaction) -> None:
        info = await self.manager.game_in_channel(interaction.channel_id or 0)
        if info is None:
            raise GameNotFound(_("There is no game in this channel. Start one with /play."))
        await self.actions.open_hand(interaction, info.id)


async def setup(bot: TidewaterBot) -> None:
    await bot.add_cog(Hand(bot.manager, bot.actions))
