"""Lobby flow: ``/play`` opens one, its buttons seat people and AI, Start turns it into the table.

Why the lobby message becomes the table message on Start: one message per game in the channel,
and the Start click is answered by updating the message it came from (no extra send).
"""

from __future__ import annotations

import logging
import re
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

import discord

from bot import components
from bot.render import lobby as render_lobby
from bot.sessions import GameInfo, NotAllowed
from games import BadOptions, registry

if TYPE_CHECKING:
    from bot.client import TidewaterBot

log = logging.getLogger(__name__)
MODAL_ID = re.compile(r"lo:([0-9]{1,19})")


def parse_option_lines(text: str) -> dict[str, Any]:
    """``name = value`` lines from the options modal; blank values mean "leave as it is"."""
    options: dict[str, Any] = {}
    for number, line in enumerate(text.splitlines(), start=1):
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        name, sep, value = line.partition("=")
        if not sep:
            raise BadOptions(f"Line {number} should read `name = value`, not {line!r}.")
        name, value = name.strip().strip("`"), value.strip().strip("`")
        if value.lower() in ("", "auto", "random", "none", "default"):
            continue
        lowered = value.lower()
        options[name] = {"on": True, "yes": True, "off": False, "no": False}.get(lowered, value)
    return options


class OptionsModal(discord.ui.Modal):
    """Table options as ``name = value`` lines, validated by the engine's Options model."""

    def __init__(self, lobbies: Lobbies, info: GameInfo, current: Mapping[str, Any]) -> None:
        engine = registry.get(info.game)
        super().__init__(title=f"{engine.title} options"[:45], custom_id=f"lo:{info.id}")
        self.lobbies, self.game_id = lobbies, info.id
        self.text: discord.ui.TextInput[Any] = discord.ui.TextInput(
            label="One option per line: name = value",
            style=discord.TextStyle.paragraph,
            default=render_lobby.options_lines(current).replace("`", "")[:4000],
            required=False,
            max_length=4000,
        )
        self.add_item(self.text)

    async def on_submit(self, interaction: discord.Interaction) -> None:
        """Answered by :meth:`Lobbies.on_modal` (also after a restart, when this object is
        gone): the custom_id carries the game id, the text the options."""


class Lobbies:
    def __init__(self, bot: TidewaterBot) -> None:
        self.bot = bot

    def message(
        self, info: GameInfo, note: str | None = None
    ) -> tuple[discord.Embed, discord.ui.View]:
        engine = registry.get(info.game)
        embed = components.to_embed(render_lobby.lobby(info, engine, note))
        levels = tuple(registry.policies(info.game))
        view = (
            components.lobby_view(info.id, levels) if info.status == "lobby" else discord.ui.View()
        )
        return embed, view

    async def answer(
        self, interaction: discord.Interaction, info: GameInfo, note: str | None = None
    ) -> None:
        embed, view = self.message(info, note)
        await interaction.response.edit_message(embed=embed, view=view)

    async def open(
        self, interaction: discord.Interaction, game: str, options: Mapping[str, Any]
    ) -> None:
        """``/play``: a lobby in this channel, or in a new thread when the server wants one."""
        manager = self.bot.manager
        guild_id = interaction.guild_id
        if guild_id is None or interaction.channel_id is None:
            raise NotAllowed("Games are played in a server channel, not in direct messages.")
        settings = await manager.guild_settings(guild_id)
        engine = registry.get(game)
        user = interaction.user
        if settings.use_threads:
            await interaction.response.defer(ephemeral=True, thinking=True)
            thread = await self.bot.http.start_thread_without_message(
                interaction.channel_id,
                name=f"{engine.title} · {user.display_name}"[:100],
                auto_archive_duration=1440,
                type=discord.ChannelType.public_thread.value,
            )
            channel_id = int(thread["id"])
            info = await manager.create_lobby(
                guild_id=guild_id,
                channel_id=channel_id,
                game=game,
                host_id=user.id,
                host_name=user.display_name,
                options=options,
            )
            embed, view = self.message(info)
            channel = self.bot.get_partial_messageable(channel_id, guild_id=guild_id)
            message = await channel.send(embed=embed, view=view)
            await manager.set_message(info.id, "lobby", message.id)
            await interaction.followup.send(
                f"Your {engine.title} lobby is open in <#{channel_id}>.", ephemeral=True
            )
            return
        info = await manager.create_lobby(
            guild_id=guild_id,
            channel_id=interaction.channel_id,
            game=game,
            host_id=user.id,
            host_name=user.display_name,
            options=options,
        )
        embed, view = self.message(info)
        response = await interaction.response.send_message(embed=embed, view=view)
        message_id = getattr(response, "message_id", None)
        if message_id is None:
            message_id = (await interaction.original_response()).id
        await manager.set_message(info.id, "lobby", message_id)

    async def on_modal(self, interaction: discord.Interaction) -> None:
        """Every options-modal submission, restart-safe (the ``on_interaction`` listener)."""
        if interaction.type is not discord.InteractionType.modal_submit:
            return
        data: Any = interaction.data or {}
        match = MODAL_ID.fullmatch(str(data.get("custom_id", "")))
        if match is None:
            return
        game_id = int(match[1])
        values = [
            str(c.get("value") or "")
            for row in data.get("components", [])
            for c in row.get("components", [])
        ]

        async def work() -> None:
            options = parse_option_lines("\n".join(values))
            info = await self.bot.manager.set_options(game_id, interaction.user.id, options)
            await self.answer(interaction, info, "Options saved.")

        await components.guarded(interaction, work)

    async def click(self, interaction: discord.Interaction, game_id: int, op: str) -> None:
        manager = self.bot.manager
        user = interaction.user
        if op == "join":
            info = await manager.join(game_id, user.id, user.display_name)
            await self.answer(interaction, info, f"{user.display_name} joined.")
        elif op == "leave":
            info = await manager.leave(game_id, user.id)
            await self.answer(interaction, info, f"{user.display_name} left.")
        elif op == "ai":
            info = await manager.add_ai(game_id, user.id, self.bot.settings.tables.ai_level)
            await self.answer(interaction, info, "An AI player sat down.")
        elif op == "cancel":
            info = await manager.cancel(game_id, user.id)
            await self.answer(interaction, info, "The host closed this lobby.")
        elif op == "options":
            info = await manager.get(game_id)
            if info.host_id != user.id:
                raise NotAllowed("Only the host can change the table options.")
            if info.status != "lobby":
                raise NotAllowed("The options can only change before the game starts.")
            engine = registry.get(info.game)
            current = render_lobby.effective_options(engine, info.options)
            await interaction.response.send_modal(OptionsModal(self, info, current))
        elif op == "start":
            await self.start(interaction, game_id)

    async def add_ai(self, interaction: discord.Interaction, game_id: int, level: str) -> None:
        """The level menu: seat an AI of the chosen level (host only, as **Add AI**)."""
        info = await self.bot.manager.get(game_id)
        if level not in registry.policies(info.game):
            raise NotAllowed("That AI level is not available for this game.")
        info = await self.bot.manager.add_ai(game_id, interaction.user.id, level)
        label = components.LEVEL_LABELS.get(level, ("An AI player", ""))[0]
        await self.answer(interaction, info, f"{label} sat down.")

    async def start(self, interaction: discord.Interaction, game_id: int) -> None:
        """Start: the lobby message becomes the table (answered as an update of it)."""
        update = await self.bot.manager.start(game_id, interaction.user.id)
        info, state = await self.bot.manager.state(game_id)
        embed, view = self.bot.tables.table_message(info, state)
        await interaction.response.edit_message(embed=embed, view=view)
        message = interaction.message
        if message is not None:
            await self.bot.manager.set_message(game_id, "table", message.id)
        self.bot.publisher.touch(game_id, update.info.channel_id)
