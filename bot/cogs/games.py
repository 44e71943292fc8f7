"""``/games``: the lobbies and live games in this server."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from bot.client import TidewaterBot
from bot.i18n import texts
from bot.sessions import GameInfo, SessionManager, paused
from games import registry

_, _n = texts()


def describe(info: GameInfo, ends: float | None = None) -> str:
    """One line per game; ``ends``: when a game nobody moves in ends by itself (the
    manager's ``stall_ends``), shown in each reader's own time zone."""
    engine = registry.get(info.game)
    people = sum(1 for s in info.seats if not s.is_ai)
    ai = len(info.seats) - people
    seats = _n("{n} player", "{n} players", people)
    if ai:
        seats = _("{people} + {n} AI", people=seats, n=ai)
    if info.status == "lobby":
        state = _("lobby, open to join")
    elif paused(info.seats):
        state = _("⏸ waiting: everyone stepped away")
    else:
        state = _("playing")
    line = _(
        "#{id} **{title}** in <#{channel}>: {state}, {seats}",
        id=info.id,
        title=engine.title,
        channel=info.channel_id,
        state=state,
        seats=seats,
    )
    if ends is not None:
        line += _("; ends by itself <t:{when}:R> unless someone moves", when=int(ends))
    return line


class Games(commands.Cog):
    def __init__(self, manager: SessionManager) -> None:
        self.manager = manager

    @app_commands.command(name="games", description="List the games running in this server")
    @app_commands.guild_only()
    async def games(self, interaction: discord.Interaction) -> None:
        live = await self.manager.live_games(interaction.guild_id)
        if not live:
            text = _("No games right now. Open one with /play.")
        else:
            ends = self.manager.stall_ends()
            text = "\n".join(describe(i, ends.get(i.id)) for i in live)
        await interaction.response.send_message(
            text[:2000], ephemeral=True, allowed_mentions=discord.AllowedMentions.none()
        )


async def setup(bot: TidewaterBot) -> None:
    await bot.add_cog(Games(bot.manager))
