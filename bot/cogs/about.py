"""``/about``: which Tidewater this is, how long it has run, and where to report a problem.

Why: a player who meets a self-hosted bot cannot tell its version or who runs it, and a
self-hoster asked about a problem needs the version first; every well-kept bot answers this.
"""

from __future__ import annotations

import time
from collections.abc import Callable

import discord
from discord import app_commands
from discord.ext import commands

from bot import __version__
from bot.client import TidewaterBot
from bot.i18n import texts
from bot.sessions import SessionManager

_, _n = texts()


def uptime(seconds: float) -> str:
    """``3 d 4 h``, ``2 h 5 min``, ``40 s``: the two largest units, as a person says it."""
    seconds = max(0, int(seconds))
    days, rest = divmod(seconds, 86400)
    hours, rest = divmod(rest, 3600)
    minutes, secs = divmod(rest, 60)
    if days:
        return _("{days} d {hours} h", days=days, hours=hours)
    if hours:
        return _("{hours} h {minutes} min", hours=hours, minutes=minutes)
    if minutes:
        return _("{minutes} min {seconds} s", minutes=minutes, seconds=secs)
    return _("{seconds} s", seconds=secs)


class About(commands.Cog):
    def __init__(
        self,
        manager: SessionManager,
        client: discord.Client,
        started: float,
        report_url: str,
        clock: Callable[[], float] = time.time,
    ) -> None:
        self.manager = manager
        self.client = client
        self.started = started
        self.report_url = report_url
        self.clock = clock

    @app_commands.command(name="about", description="This bot's version, uptime and games")
    async def about(self, interaction: discord.Interaction) -> None:
        games = await self.manager.live_games()
        playing = sum(1 for g in games if g.status == "live")
        servers = len(self.client.guilds)
        report = (
            _("Found a problem? Report it at <{url}>.", url=self.report_url)
            if self.report_url
            else _("Found a problem? Tell this server's admins: they run or chose this bot.")
        )
        lobbies = len(games) - playing
        up = _(
            "Up for {uptime} in {servers}: {playing}, {lobbies}.",
            uptime=uptime(self.clock() - self.started),
            servers=_n("{n} server", "{n} servers", servers),
            playing=_n("{n} game in play", "{n} games in play", playing),
            lobbies=_n("{n} open lobby", "{n} open lobbies", lobbies),
        )
        embed = discord.Embed(
            title=f"Tidewater {__version__}",  # untranslated: the bot's name and version
            description=(
                _("Card games played in your channels, hands kept private.") + f"\n{up}\n{report}"
            ),
            color=0x2B6CB0,
        )
        await interaction.response.send_message(embed=embed, ephemeral=True)


async def setup(bot: TidewaterBot) -> None:
    await bot.add_cog(
        About(bot.manager, bot, bot.started, bot.settings.discord.report_url, bot.clock)
    )
