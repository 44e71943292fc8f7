"""``/admin end|kick|games|settings``: for Manage Server or the configured admin role.

``default_member_permissions`` hides the group from other members, but server owners can
override that in the integration settings, so every command checks again on use.
"""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from bot.client import TidewaterBot
from bot.cogs.games import describe
from bot.controls import MAX_ID
from bot.i18n import (
    ENGLISH,
    LANGUAGES,
    NATIVE_NAMES,
    number,
    private_locale,
    public_locale,
    speaking,
    texts,
)
from bot.sessions import GameInfo, GameNotFound, GuildSettings, SessionManager

_, _n = texts()


class NotAdmin(app_commands.CheckFailure):
    pass


async def is_admin(interaction: discord.Interaction, manager: SessionManager) -> bool:
    """Manage Server, or the admin role from ``/admin settings``."""
    if interaction.guild_id is None:
        raise NotAdmin(_("Admin commands work in a server only."))
    if interaction.permissions.manage_guild:
        return True
    settings = await manager.guild_settings(interaction.guild_id)
    roles = getattr(interaction.user, "_roles", ())  # role ids from the member payload
    if settings.admin_role_id is not None and settings.admin_role_id in roles:
        return True
    raise NotAdmin(
        _("Only server admins can do that: you need Manage Server or the bot's admin role.")
    )


#: the ``language:`` choice that forgets the server's choice
FOLLOW_DISCORD = "discord"


def language_choices() -> list[app_commands.Choice[str]]:
    """English and every shipped catalog, each named in itself, and a way back to Discord's
    server language."""
    languages = [
        app_commands.Choice(name=NATIVE_NAMES[code], value=code) for code in (ENGLISH, *LANGUAGES)
    ]
    follow = app_commands.Choice(name="The server's Discord language", value=FOLLOW_DISCORD)
    return [*languages, follow]


@app_commands.default_permissions(manage_guild=True)
@app_commands.guild_only()
class Admin(commands.GroupCog, group_name="admin", group_description="Tidewater administration"):
    def __init__(self, manager: SessionManager, default_pictures: bool) -> None:
        self.manager = manager
        #: ``[tables] pictures``: what a server that chose nothing gets
        self.default_pictures = default_pictures
        super().__init__()

    async def interaction_check(self, interaction: discord.Interaction) -> bool:
        return await is_admin(interaction, self.manager)

    async def _target(self, interaction: discord.Interaction, game_id: int | None) -> GameInfo:
        if game_id is not None and not 0 < game_id <= MAX_ID:  # SQLite's range: no such game
            raise GameNotFound(_("There is no game #{id}.", id=game_id))
        manager = self.manager
        if game_id is None:
            info = await manager.game_in_channel(interaction.channel_id or 0)
            if info is None:
                raise GameNotFound(
                    _("No game in this channel; give its number (see /admin games).")
                )
            return info
        info = await manager.get(game_id)
        if info.guild_id != interaction.guild_id:
            raise GameNotFound(_("There is no game #{id} in this server.", id=game_id))
        return info

    @app_commands.command(name="end", description="End a game now (no winner)")
    @app_commands.describe(game="Game number (default: the game in this channel)")
    async def end(self, interaction: discord.Interaction, game: int | None = None) -> None:
        info = await self._target(interaction, game)
        # The game's lock may be held by an AI move: answer within Discord's 3 s first.
        await interaction.response.defer(ephemeral=True, thinking=True)
        await self.manager.end(
            info.id,
            reason=f"ended by {interaction.user.display_name}",  # untranslated: stored reason
            by_user=interaction.user.id,
        )
        await interaction.followup.send(_("Game #{id} was ended.", id=info.id), ephemeral=True)

    @app_commands.command(name="kick", description="Replace a player by an AI seat")
    @app_commands.describe(user="The player to remove", game="Game number (default: this channel)")
    async def kick(
        self, interaction: discord.Interaction, user: discord.User, game: int | None = None
    ) -> None:
        info = await self._target(interaction, game)
        if info.seat_of(user.id) is None:
            raise GameNotFound(
                _("{name} has no seat in game #{id}.", name=user.display_name, id=info.id)
            )
        await interaction.response.defer(ephemeral=True, thinking=True)
        update = await self.manager.kick(info.id, user.id)
        text = _("{name} was removed from game #{id}.", name=user.display_name, id=info.id)
        if update.info.status == "abandoned":
            text += " " + _("Nobody else was left at the table, so the game has ended.")
        await interaction.followup.send(
            text,
            ephemeral=True,
            allowed_mentions=discord.AllowedMentions.none(),
        )

    @app_commands.command(name="games", description="Every lobby and live game in this server")
    async def games(self, interaction: discord.Interaction) -> None:
        live = await self.manager.live_games(interaction.guild_id)
        ends = self.manager.stall_ends()
        lines = [describe(i, ends.get(i.id)) for i in live]
        text = "\n".join(lines) or _("No games right now.")
        await interaction.response.send_message(text[:2000], ephemeral=True)

    @app_commands.command(
        name="settings", description="Admin role, threads, turn timeout, pictures, language"
    )
    @app_commands.describe(
        admin_role="Role whose members may use /admin",
        clear_admin_role="Remove the admin role",
        threads="Give each game its own thread",
        turn_timeout="Seconds a player has before an AI moves for them (0 = never)",
        pictures="Draw the cards as pictures on tables and hands (the text stays)",
        default_pictures="Forget this server's pictures choice: follow the bot's default",
        language="Language of the tables and lobbies everyone sees in this server",
    )
    @app_commands.choices(language=language_choices())
    async def settings(
        self,
        interaction: discord.Interaction,
        admin_role: discord.Role | None = None,
        clear_admin_role: bool = False,
        threads: bool | None = None,
        turn_timeout: app_commands.Range[int, 0, 86400] | None = None,
        pictures: bool | None = None,
        default_pictures: bool = False,
        language: app_commands.Choice[str] | None = None,
    ) -> None:
        changes: dict[str, object] = {}
        if admin_role is not None:
            changes["admin_role_id"] = admin_role.id
        if clear_admin_role:
            changes["admin_role_id"] = None
        if threads is not None:
            changes["use_threads"] = threads
        if turn_timeout is not None:
            changes["turn_timeout"] = turn_timeout
        if pictures is not None:
            changes["pictures"] = pictures
        if default_pictures:
            changes["pictures"] = None
        if language is not None:
            changes["language"] = None if language.value == FOLLOW_DISCORD else language.value
        guild_id = interaction.guild_id or 0
        manager = self.manager
        if changes:
            settings = await manager.update_guild_settings(guild_id, **changes)
        else:
            settings = await manager.guild_settings(guild_id)
        await interaction.response.send_message(
            settings_text(
                settings,
                private_locale(interaction.locale),
                default_pictures=self.default_pictures,
                guild_locale=interaction.guild_locale,
                saved=bool(changes),
            ),
            ephemeral=True,
            allowed_mentions=discord.AllowedMentions.none(),
        )


def settings_text(
    settings: GuildSettings,
    locale: str,
    *,
    default_pictures: bool,
    guild_locale: object,
    saved: bool,
) -> str:
    """The settings as the admin who asked reads them (in their own language)."""
    with speaking(locale):
        return _settings_lines(
            settings, default_pictures=default_pictures, guild_locale=guild_locale, saved=saved
        )


def _settings_lines(
    settings: GuildSettings, *, default_pictures: bool, guild_locale: object, saved: bool
) -> str:
    on, off = _("on"), _("off")
    role = f"<@&{settings.admin_role_id}>" if settings.admin_role_id else _("none")
    timeout = (
        _n(
            "{count} second",
            "{count} seconds",
            settings.turn_timeout,
            count=number(settings.turn_timeout),
        )
        if settings.turn_timeout
        else off
    )
    if settings.pictures is None:
        shown = _("{state} (the bot's default)", state=on if default_pictures else off)
    else:
        shown = on if settings.pictures else off
    if settings.language is None:
        public = public_locale(None, guild_locale)
        language = _("{language} (the server's Discord language)", language=NATIVE_NAMES[public])
    else:
        language = NATIVE_NAMES[settings.language]
    lines = [
        _("Admin role: {role}", role=role),
        _("Thread per game: {state}", state=on if settings.use_threads else off),
        _("Turn timeout: {timeout}", timeout=timeout),
        _("Card pictures: {state}", state=shown),
        _("Language of tables: {language}", language=language),
    ]
    return "\n".join([_("Saved.")] * saved + lines)


async def setup(bot: TidewaterBot) -> None:
    await bot.add_cog(Admin(bot.manager, bot.settings.tables.pictures))
