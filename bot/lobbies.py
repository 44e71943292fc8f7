"""Lobby flow: ``/play`` opens one, its buttons seat people and AI, Start turns it into the table.

Why the lobby message becomes the table message on Start: one message per game in the channel,
and the Start click is answered by updating the message it came from (no extra send).
"""

from __future__ import annotations

import json
import logging
import re
from collections.abc import Callable, Mapping
from typing import Any

import discord

from bot import controls, permissions
from bot.i18n import speaking, texts, translate
from bot.names import seat_name
from bot.occupied import Occupied
from bot.render import lobby as render_lobby
from bot.sessions import GameInfo, GameNotFound, NotAllowed, SessionManager
from bot.table import Tables
from games import BadOptions, registry
from games.text import messages

log = logging.getLogger(__name__)
_, _n = texts()
#: what a lobby message shows (its notes) is written in the table's language where the lobby is
#: drawn, so the notes are kept as messages until then
msg, msg_n = messages("tidewater")
MODAL_ID = re.compile(r"lo:([0-9]{1,19})")
FORM_UNKNOWN = msg(
    "This form is not one Tidewater knows (it may be from an older version): nothing was "
    "changed. Press Options on the lobby to open it again."
)


def parse_option_lines(text: str) -> dict[str, Any]:
    """``name = value`` lines from the options modal; blank values mean "leave as it is"."""
    options: dict[str, Any] = {}
    for number, line in enumerate(text.splitlines(), start=1):
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        name, sep, value = line.partition("=")
        if not sep:
            raise BadOptions(
                msg(
                    "Line {number} should read `name = value`, not {line}.",
                    number=number,
                    line=repr(line),
                )
            )
        name, value = name.strip().strip("`"), value.strip().strip("`")
        if value.lower() in ("", "auto", "random", "none", "default"):
            continue
        lowered = value.lower()
        options[name] = {"on": True, "yes": True, "off": False, "no": False}.get(lowered, value)
    return options


def form_values(data: Mapping[str, Any]) -> list[str]:
    """The text fields of a submitted form, in order. A forged form may carry anything where
    rows and fields belong: what is not a row of fields with text adds nothing, so it is read
    as no options rather than failing."""
    rows = data.get("components")
    values: list[str] = []
    for row in rows if isinstance(rows, list) else ():
        fields = row.get("components") if isinstance(row, dict) else None
        for field in fields if isinstance(fields, list) else ():
            value = field.get("value") if isinstance(field, dict) else None
            if isinstance(value, str):
                values.append(value)
    return values


class OptionsModal(discord.ui.Modal):
    """Table options as ``name = value`` lines, validated by the engine's Options model."""

    def __init__(self, lobbies: Lobbies, info: GameInfo, current: Mapping[str, Any]) -> None:
        engine = registry.get(info.game)
        super().__init__(
            title=_("{title} options", title=engine.title)[:45], custom_id=f"lo:{info.id}"
        )
        self.lobbies, self.game_id = lobbies, info.id
        self.text: discord.ui.TextInput[Any] = discord.ui.TextInput(
            label=_("One option per line: name = value")[:45],
            style=discord.TextStyle.paragraph,
            default=render_lobby.options_lines(current).replace("`", "")[:4000],
            required=False,
            max_length=4000,
        )
        self.add_item(self.text)

    async def on_submit(self, interaction: discord.Interaction) -> None:
        """Answered by :meth:`Lobbies.on_modal` (also after a restart, when this object is
        gone): the custom_id carries the game id, the text the options."""


def lobby_message(info: GameInfo, note: str | None = None) -> tuple[discord.Embed, discord.ui.View]:
    """The lobby message of ``info`` (its controls only while it is a lobby), with ``note``
    saying what just changed."""
    engine = registry.get(info.game)
    embed = controls.to_embed(render_lobby.lobby(info, engine, note))
    if info.status != "lobby":
        return embed, discord.ui.View()
    levels = tuple(registry.policies(info.game))
    current = render_lobby.effective_options(engine, info.options)
    menus = render_lobby.option_menus(engine, current)
    hints = info.hints if registry.hinter(info.game) is not None else None
    return embed, controls.lobby_view(info.id, levels, menus, hints)


class Lobbies:
    """The lobby operations, handed what they use (as :mod:`bot.table`'s parts are): the
    session manager, the Discord client for
    channel messages and threads, the tables (Start draws the first table), the publisher's
    ``touch`` and the server's default AI level for **Add AI**."""

    def __init__(
        self,
        manager: SessionManager,
        client: discord.Client,
        tables: Tables,
        touch: Callable[[int, int], None],
        ai_level: str,
        occupied: Occupied,
    ) -> None:
        self.manager = manager
        self.client = client
        self.tables = tables
        self.touch = touch
        self.ai_level = ai_level
        #: answers /play where a game already holds the channel
        self.occupied = occupied

    async def answer(
        self, interaction: discord.Interaction, info: GameInfo, note: str | None = None
    ) -> None:
        """Answer a lobby click by updating the lobby message. If the answer fails (it came
        after Discord's 3 s, or the token is gone), the change is already saved: the lobby
        message is edited through the channel instead, so it never shows old seats."""
        # the lobby is the channel's: the server's language (a note given as a Msg too)
        with speaking(await self.tables.languages.public(info.guild_id)):
            embed, view = lobby_message(info, None if note is None else translate(note))
        if interaction.message is None:  # a form sent with no message under it: nothing to
            # update in the answer, so the lobby is edited in the channel and the answer is a line
            await self._edit_in_channel(info, interaction, embed, view)
            await controls.reply(interaction, translate(note) if note else _("Done."))
            return
        try:
            await interaction.response.edit_message(embed=embed, view=view)
        except discord.HTTPException as exc:
            log.warning("lobby answer for game %s failed (%s): editing the message", info.id, exc)
            await self._edit_in_channel(info, interaction, embed, view)

    async def _edit_in_channel(
        self,
        info: GameInfo,
        interaction: discord.Interaction,
        embed: discord.Embed,
        view: discord.ui.View,
    ) -> int | None:
        """Edit the game's lobby/table message through the channel (no interaction needed);
        post it anew when it cannot be edited. Returns the message id shown, if any."""
        message_id = info.messages.get("lobby")
        if message_id is None and interaction.message is not None:
            message_id = interaction.message.id
        channel = self.client.get_partial_messageable(info.channel_id, guild_id=info.guild_id)
        if message_id is not None:
            try:
                await channel.get_partial_message(message_id).edit(embed=embed, view=view)
                return message_id
            except discord.HTTPException:
                log.warning("could not edit the message of game %s: posting it anew", info.id)
        try:
            posted = await channel.send(embed=embed, view=view)
        except discord.HTTPException:
            log.warning("could not show game %s in its channel", info.id)
            return None
        return posted.id

    async def open(
        self, interaction: discord.Interaction, game: str, options: Mapping[str, Any]
    ) -> None:
        """``/play``: a lobby in this channel, or in a new thread when the server wants one."""
        manager = self.manager
        guild_id = interaction.guild_id
        if guild_id is None or interaction.channel_id is None:
            raise NotAllowed(_("Games are played in a server channel, not in direct messages."))
        settings = await manager.guild_settings(guild_id)
        engine = registry.get(game)
        user = interaction.user
        # /play inside a thread opens the lobby right there: a thread cannot hold another
        in_thread = isinstance(interaction.channel, discord.Thread)
        new_thread = settings.use_threads and not in_thread
        lacking = permissions.missing(
            interaction.app_permissions,
            in_thread=in_thread,
            new_thread=new_thread,
            pictures=await self.tables.pictures.wanted(guild_id),
        )
        if lacking:
            raise NotAllowed(permissions.refusal(lacking))
        if not new_thread:
            existing = await manager.game_in_channel(interaction.channel_id)
            if existing is not None:  # say which game, and bring its message back
                await self.occupied.answer(interaction, existing)
                return
        manager.check_can_host(guild_id, user.id)  # before a thread is opened for nothing
        if new_thread:
            await interaction.response.defer(ephemeral=True, thinking=True)
            try:
                thread = await self.client.http.start_thread_without_message(
                    interaction.channel_id,
                    name=f"{engine.title} · {seat_name(user.display_name)}"[:100],
                    auto_archive_duration=10080,  # a week: a slow game's thread stays open
                    type=discord.ChannelType.public_thread.value,
                )
            except discord.HTTPException as exc:  # e.g. a voice channel's chat has no threads
                log.warning(
                    "could not open a thread in channel %s: %s", interaction.channel_id, exc
                )
                raise NotAllowed(
                    _(
                        "I couldn't open a thread for the game in this channel. Use /play in a"
                        " text channel, or ask an admin to turn threads off (/admin settings)."
                    )
                ) from None
            channel_id = int(thread["id"])
            info = await manager.create_lobby(
                guild_id=guild_id,
                channel_id=channel_id,
                game=game,
                host_id=user.id,
                host_name=seat_name(user.display_name),
                options=options,
            )
            with speaking(await self.tables.languages.public(guild_id)):  # the channel's
                embed, view = lobby_message(info)
            channel = self.client.get_partial_messageable(channel_id, guild_id=guild_id)
            message = await channel.send(embed=embed, view=view)
            await manager.set_message(info.id, "lobby", message.id)
            await interaction.followup.send(
                _(
                    "Your {title} lobby is open in <#{channel}>.",
                    title=engine.title,
                    channel=channel_id,
                ),
                ephemeral=True,
            )
            return
        info = await manager.create_lobby(
            guild_id=guild_id,
            channel_id=interaction.channel_id,
            game=game,
            host_id=user.id,
            host_name=seat_name(user.display_name),
            options=options,
        )
        with speaking(await self.tables.languages.public(guild_id)):  # the channel's
            embed, view = lobby_message(info)
        try:
            response = await interaction.response.send_message(embed=embed, view=view)
            message_id = getattr(response, "message_id", None)
            if message_id is None:
                message_id = (await interaction.original_response()).id
        except discord.HTTPException as exc:
            # The lobby is saved but the answer failed (late, or the token is gone): show it
            # as a channel message, or take it back, so nothing invisible holds the channel.
            log.warning("the /play answer for game %s failed (%s): posting it", info.id, exc)
            channel = self.client.get_partial_messageable(info.channel_id, guild_id=guild_id)
            try:
                message_id = (await channel.send(embed=embed, view=view)).id
            except discord.HTTPException:
                await manager.cancel(info.id, user.id)
                log.warning("game %s could not be shown: its lobby was closed", info.id)
                return
        await manager.set_message(info.id, "lobby", message_id)

    async def on_modal(self, interaction: discord.Interaction) -> None:
        """Every options-modal submission, restart-safe (the ``on_interaction`` listener)."""
        if interaction.type is not discord.InteractionType.modal_submit:
            return
        data = controls.payload(interaction)
        match = MODAL_ID.fullmatch(str(data.get("custom_id", "")))
        if match is None:  # forged, or a form of a version that drew other forms
            log.warning("a form the bot does not know: %s", controls.what_was_used(interaction))
            await controls.refuse(interaction, FORM_UNKNOWN)
            return
        game_id = int(match[1])

        async def work() -> None:
            options = parse_option_lines("\n".join(form_values(data)))
            info = await self.manager.set_options(game_id, interaction.user.id, options)
            await self.answer(interaction, info, msg("Options saved."))

        await controls.guarded(interaction, controls.checked(game_id, work))

    async def click(self, interaction: discord.Interaction, game_id: int, op: str) -> None:
        manager = self.manager
        user = interaction.user
        if op == "join":
            name = seat_name(user.display_name)
            info = await manager.join(game_id, user.id, name)
            await self.answer(interaction, info, msg("{name} joined.", name=name))
        elif op == "leave":
            info = await manager.leave(game_id, user.id)
            await self.answer(
                interaction, info, msg("{name} left.", name=seat_name(user.display_name))
            )
        elif op == "ai":
            info = await manager.add_ai(game_id, user.id, self.ai_level)
            await self.answer(interaction, info, msg("An AI player sat down."))
        elif op == "cancel":
            info = await manager.cancel(game_id, user.id)
            await self.answer(interaction, info, msg("The host closed this lobby."))
        elif op == "options":
            info = await manager.get(game_id)
            if info.host_id != user.id:
                raise NotAllowed(_("Only the host can change the table options."))
            if info.status != "lobby":
                raise NotAllowed(_("The options can only change before the game starts."))
            engine = registry.get(info.game)
            current = render_lobby.effective_options(engine, info.options)
            await interaction.response.send_modal(OptionsModal(self, info, current))
        elif op == "start":
            await self.start(interaction, game_id)
        elif op == "hints":
            info = await manager.get(game_id)
            info = await manager.set_hints(game_id, user.id, not info.hints)
            said = (  # the lobby says what that means
                msg("The host turned hints on.")
                if info.hints
                else msg("The host turned hints off.")
            )
            await self.answer(interaction, info, said)

    async def add_ai(self, interaction: discord.Interaction, game_id: int, level: str) -> None:
        """The level menu: seat an AI of the chosen level (host only, as **Add AI**)."""
        info = await self.manager.get(game_id)
        if level not in registry.policies(info.game):
            raise NotAllowed(_("That AI level is not available for this game."))
        info = await self.manager.add_ai(game_id, interaction.user.id, level)
        label = controls.LEVEL_LABELS.get(level, (msg("An AI player"), ""))[0]
        await self.answer(interaction, info, msg("{label} sat down.", label=label))

    async def option_menu(self, interaction: discord.Interaction, game_id: int, key: str) -> None:
        """The option menu: the host gets a private menu of that option's values."""
        info = await self.manager.get(game_id)
        if info.host_id != interaction.user.id:
            raise NotAllowed(_("Only the host can change the table options."))
        if info.status != "lobby":
            raise NotAllowed(_("The options can only change before the game starts."))
        engine = registry.get(info.game)
        current = render_lobby.effective_options(engine, info.options)
        menu = next((m for m in render_lobby.option_menus(engine, current) if m.key == key), None)
        if menu is None:
            raise NotAllowed(_("That option cannot be changed from a menu: use **Options**."))
        now = json.dumps(current.get(key))
        described = translate(menu.description) or _("pick a value.")
        text = f"**{translate(menu.label)}**: {described}"
        await interaction.response.send_message(
            text, view=controls.option_value_view(game_id, menu, now), ephemeral=True
        )

    async def option_value(
        self, interaction: discord.Interaction, game_id: int, key: str, value: str
    ) -> None:
        """A value picked from an option's private menu: saved (checked by the game's
        Options), the private menu says so and the lobby shows it."""
        try:
            parsed = json.loads(value)
        except ValueError:
            raise NotAllowed(_("That value is not one the menu offers.")) from None
        info = await self.manager.set_options(game_id, interaction.user.id, {key: parsed})
        label = render_lobby.option_label(key)
        shown = render_lobby.value_label(key, parsed)
        await interaction.response.edit_message(content=f"✅ {label}: **{shown}**.", view=None)
        with speaking(await self.tables.languages.public(info.guild_id)):  # the channel's
            embed, view = lobby_message(
                info, msg("The host set {option} to {value}.", option=label.lower(), value=shown)
            )
        await self._edit_in_channel(info, interaction, embed, view)

    async def set_pace(self, interaction: discord.Interaction, game_id: int, value: str) -> None:
        """The pace menu: the table's turn clock (host only, before the start)."""
        pace = None if value == "default" else int(value) if value.isdigit() else -1
        info = await self.manager.set_pace(game_id, interaction.user.id, pace)
        await self.answer(interaction, info, msg("The host set the turn clock."))

    async def rematch(self, interaction: discord.Interaction, game_id: int) -> None:
        """**Rematch** on a finished table: a new lobby in the same channel with the same
        game, options, pace and seats (the presser hosts and sits first, the others follow in
        table order and are mentioned; anyone can Leave). Only a player of that game may."""
        manager = self.manager
        old = await manager.get(game_id)
        user = interaction.user
        if old.status != "finished":
            raise GameNotFound(_("Only a finished game can be played again."))
        if old.seat_of(user.id) is None:
            raise NotAllowed(_("Only the players of this game can start its rematch."))
        info = await manager.create_lobby(
            guild_id=old.guild_id,
            channel_id=old.channel_id,
            game=old.game,
            host_id=user.id,
            host_name=seat_name(user.display_name),
            options=dict(old.options),
        )
        first = old.seat_of(user.id) or 0
        others = [old.seats[(first + k) % len(old.seats)] for k in range(1, len(old.seats))]
        for seat in others:
            if seat.is_ai:
                await manager.add_ai(info.id, user.id, seat.ai_level or "random")
            elif seat.user_id is not None:
                await manager.join(info.id, seat.user_id, seat.name)
        if old.pace is not None:
            await manager.set_pace(info.id, user.id, old.pace)
        if old.hints:
            await manager.set_hints(info.id, user.id, True)
        info = await manager.get(info.id)
        with speaking(await self.tables.languages.public(info.guild_id)):  # the channel's
            embed, view = lobby_message(
                info,
                msg(
                    "Rematch of #{id}: the same seats and options. The host presses Start.",
                    id=game_id,
                ),
            )
        people = [s.user_id for s in others if s.user_id is not None]
        content = " ".join(f"<@{uid}>" for uid in people) or None
        response = await interaction.response.send_message(
            content=content,
            embed=embed,
            view=view,
            allowed_mentions=discord.AllowedMentions(
                users=[discord.Object(uid) for uid in people], roles=False, everyone=False
            ),
        )
        message_id = getattr(response, "message_id", None)
        if message_id is None:
            message_id = (await interaction.original_response()).id
        await manager.set_message(info.id, "lobby", message_id)

    async def start(self, interaction: discord.Interaction, game_id: int) -> None:
        """Start: the lobby message becomes the table (answered as an update of it)."""
        message = interaction.message
        table_id = message.id if message is not None else None
        update = await self.manager.start(game_id, interaction.user.id, table_id)
        info, state = await self.manager.state(game_id)
        with speaking(await self.tables.languages.public(info.guild_id)):  # the channel's
            embed, view = self.tables.presenter.table_message(info, state)
        try:
            await interaction.response.edit_message(embed=embed, view=view)
        except discord.HTTPException as exc:
            # The game has started but the answer failed: turn the lobby message into the
            # table through the channel (or post the table), so the game is never invisible.
            log.warning("the Start answer for game %s failed (%s): editing it", game_id, exc)
            table_id = await self._edit_in_channel(info, interaction, embed, view)
        if table_id is not None:
            await self.manager.set_message(game_id, "table", table_id)
        self.touch(game_id, update.info.channel_id)
