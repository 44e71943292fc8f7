"""``/play game:<choice>``: open a lobby in this channel (or a thread, per server setting)."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from bot.client import TidewaterBot
from bot.cogs import game_choices
from bot.lobbies import Lobbies
from bot.settings import Settings


class Play(commands.Cog):
    def __init__(self, lobbies: Lobbies, settings: Settings) -> None:
        self.lobbies = lobbies
        #: the bot's configured default options per game (``[games.<name>]``)
        self.settings = settings

    @app_commands.command(name="play", description="Open a lobby for a card game in this channel")
    @app_commands.describe(game="Which game to play")
    @app_commands.choices(game=game_choices())
    @app_commands.guild_only()
    async def play(self, interaction: discord.Interaction, game: app_commands.Choice[str]) -> None:
        options = self.settings.game_options(game.value)
        await self.lobbies.open(interaction, game.value, options)


async def setup(bot: TidewaterBot) -> None:
    await bot.add_cog(Play(bot.lobbies, bot.settings))
