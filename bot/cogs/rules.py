"""``/rules game:<choice>``: the bot's own short summary of each game, which each game package
carries (``GAME.summary``), so a new game brings its own text."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from bot.client import TidewaterBot
from bot.cogs import game_choices
from bot.i18n import texts, translate
from games import registry

_, _n = texts()


def summary(game: str) -> discord.Embed:
    package = registry.package(game)
    engine = package.engine
    players = (
        _n("{n} player", "{n} players", engine.min_players)
        if engine.min_players == engine.max_players
        else _("{low}–{high} players", low=engine.min_players, high=engine.max_players)
    )
    embed = discord.Embed(
        title=f"{engine.title} · {players}",
        description=translate(package.summary),
        color=0x2B6CB0,
    )
    embed.set_footer(text=_("Start a table with /play. Only legal moves are offered on your hand."))
    return embed


class Rules(commands.Cog):
    @app_commands.command(name="rules", description="A short summary of a game's rules")
    @app_commands.describe(game="Which game")
    @app_commands.choices(game=game_choices())
    async def rules(self, interaction: discord.Interaction, game: app_commands.Choice[str]) -> None:
        await interaction.response.send_message(embed=summary(game.value), ephemeral=True)


async def setup(bot: TidewaterBot) -> None:
    await bot.add_cog(Rules())
