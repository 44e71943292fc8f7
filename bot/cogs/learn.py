"""``/learn game:<choice>``: a practice table against easy AI seats, in its own thread."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from bot.client import TidewaterBot
from bot.cogs import game_choices
from bot.practice import Practice
from bot.settings import Settings


class Learn(commands.Cog):
    def __init__(self, practice: Practice, settings: Settings) -> None:
        self.practice = practice
        #: the bot's configured default options per game (``[games.<name>]``)
        self.settings = settings

    @app_commands.command(
        name="learn", description="Learn a card game at a practice table against easy AIs"
    )
    @app_commands.describe(game="Which game to learn")
    @app_commands.choices(game=game_choices())
    @app_commands.guild_only()
    async def learn(self, interaction: discord.Interaction, game: app_commands.Choice[str]) -> None:
        options = self.settings.game_options(game.value)
        await self.practice.open(interaction, game.value, options)


async def setup(bot: TidewaterBot) -> None:
    await bot.add_cog(Learn(bot.practice, bot.settings))
