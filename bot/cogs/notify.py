"""``/notify``: turn alerts by DM on or off; ``/turns``: the tables here waiting on you.

Why both answers are ephemeral: whose turn it is at which tables, and whether someone takes
DMs, concern only the person who asks. The alerts themselves are ``bot.table.alerts``'.
"""

from __future__ import annotations

from typing import Literal

import discord
from discord import app_commands
from discord.ext import commands

from bot.client import TidewaterBot
from bot.i18n import texts
from bot.sessions import SessionManager
from bot.table.alerts import TurnAlerts, alerts_answer, listing, table_line

_, _n = texts()


class Notify(commands.Cog):
    def __init__(self, manager: SessionManager, alerts: TurnAlerts) -> None:
        self.manager = manager
        self.alerts = alerts

    @app_commands.command(
        name="notify", description="Turn on or off a DM when it is your turn at a slow table"
    )
    @app_commands.describe(alerts="on or off (leave it out to switch)")
    @app_commands.guild_only()
    async def notify(
        self, interaction: discord.Interaction, alerts: Literal["on", "off"] | None = None
    ) -> None:
        store = self.manager.store
        user_id = interaction.user.id
        if alerts is None:
            row = await store.turn_alerts(user_id)
            # switching: a person whose DMs were refused turns them back on, not off
            enabled = row is None or not row.enabled or row.dms_closed
        else:
            enabled = alerts == "on"
        await store.set_turn_alerts(user_id, enabled, self.alerts.clock())
        await interaction.response.send_message(
            alerts_answer(enabled), ephemeral=True, allowed_mentions=discord.AllowedMentions.none()
        )

    @app_commands.command(name="turns", description="List the tables in this server waiting on you")
    @app_commands.guild_only()
    async def turns(self, interaction: discord.Interaction) -> None:
        waiting = await self.alerts.waiting_on(interaction.guild_id or 0, interaction.user.id)
        if not waiting:
            text = _("No table here is waiting on you right now.")
        else:
            lines = [table_line(info, due) for info, due in waiting]
            head = _n(
                "⏳ **{n} table waiting on you**, newest first",
                "⏳ **{n} tables waiting on you**, newest first",
                len(waiting),
            )
            text = listing(head, lines)
        await interaction.response.send_message(
            text, ephemeral=True, allowed_mentions=discord.AllowedMentions.none()
        )


async def setup(bot: TidewaterBot) -> None:
    await bot.add_cog(Notify(bot.manager, bot.alerts))
