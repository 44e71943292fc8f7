"""``/learn game:<name>``: a practice table, the person alone against easy AI seats.

Why a flow of its own and not a lobby: a learner has nobody to wait for, so the table is
seated and started at once, with the game's fixed first deal (``GamePackage.practice_seed``,
chosen so that every special rule comes up in the first hand), unrated (``practice`` on the
game: the standings leave it out) and coached (the table shows a coach line after each trick
or turn, :mod:`bot.table.presentation`). It opens in a thread of its own where the server
allows one, so a practice game never holds a channel others play in; where Discord refuses
the thread, the table opens in the channel itself and the learner is told why.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Mapping
from typing import Any

import discord

from bot import permissions
from bot.i18n import speaking, texts, translate
from bot.names import seat_name
from bot.occupied import Occupied
from bot.sessions import NotAllowed, SessionManager
from bot.table import Tables
from games import registry
from games.text import messages

log = logging.getLogger(__name__)
_, _n = texts()
msg, msg_n = messages("tidewater")

#: the AI level of a practice table's other seats: easy, so a learner can win while learning
PRACTICE_LEVEL = "easy"

#: why a practice table whose message Discord refused was ended at once
NOT_SHOWN = "its table could not be shown"  # untranslated: an end reason, stored as it is

#: said when Discord refused the thread and the table went into the channel instead
NO_THREAD_NOTE = msg(
    "I couldn't open a thread here, so your practice table is in this channel itself "
    "(it holds the channel until the game ends; /admin end closes it early)."
)


#: hints at a practice table: it is the place for help, and it is unrated anyway
PRACTICE_HINTS = True


def practice_players(game: str) -> int:
    """How many seats ``game``'s practice table has: the package's choice (the count that
    teaches best, with a partner in team games), else the fewest the game allows."""
    package = registry.package(game)
    engine = package.engine
    wanted = package.practice_players or engine.min_players
    return max(engine.min_players, min(engine.max_players, wanted))


class Practice:
    """Opens practice tables (``/learn``), handed what it uses: the session manager, the
    Discord client for the thread and the table message, the tables (to draw the first
    table), the publisher's ``touch`` and the answer for a channel already holding a game."""

    def __init__(
        self,
        manager: SessionManager,
        client: discord.Client,
        tables: Tables,
        touch: Callable[[int, int], None],
        occupied: Occupied,
    ) -> None:
        self.manager = manager
        self.client = client
        self.tables = tables
        self.touch = touch
        self.occupied = occupied

    async def open(
        self, interaction: discord.Interaction, game: str, options: Mapping[str, Any]
    ) -> None:
        """Seat the person and the easy AIs, start, and show the table (in a new thread where
        Discord allows one); the answer, private, links to it."""
        manager = self.manager
        guild_id = interaction.guild_id
        if guild_id is None or interaction.channel_id is None:
            raise NotAllowed(_("Practice tables are in a server channel, not in direct messages."))
        engine = registry.get(game)
        package = registry.package(game)
        user = interaction.user
        in_thread = isinstance(interaction.channel, discord.Thread)
        granted = interaction.app_permissions
        lacking = permissions.missing(
            granted,
            in_thread=in_thread,
            new_thread=False,  # no thread permission: the table falls back to the channel
            pictures=await self.tables.pictures.wanted(guild_id),
        )
        if lacking:
            raise NotAllowed(permissions.refusal(lacking))
        want_thread = not in_thread
        if not want_thread:  # /learn inside a thread: the table goes right there
            existing = await manager.game_in_channel(interaction.channel_id)
            if existing is not None:
                await self.occupied.answer(interaction, existing)
                return
        manager.check_can_host(guild_id, user.id)
        for other in await manager.live_games(guild_id):
            # one practice table per person and game: a second /learn points to the first,
            # so repeating the command cannot fill the server with threads
            if other.practice and other.game == game and other.host_id == user.id:
                raise NotAllowed(
                    _(
                        "Your {game} practice table is still open in <#{channel}>: play on there"
                        " (an admin can end it with /admin end).",
                        game=engine.title,
                        channel=other.channel_id,
                    )
                )
        await interaction.response.defer(ephemeral=True, thinking=True)
        channel_id, note = interaction.channel_id, ""
        public = await self.tables.languages.public(guild_id)  # what the channel sees
        if want_thread:
            with speaking(public):
                thread_name = _("Learn {game}", game=engine.title)
            thread_id = await self._thread(interaction, channel_id, thread_name, granted)
            if thread_id is None:
                note = translate(NO_THREAD_NOTE)
            else:
                channel_id = thread_id
        name = seat_name(user.display_name)
        info = await manager.create_lobby(
            guild_id=guild_id,
            channel_id=channel_id,
            game=game,
            host_id=user.id,
            host_name=name,
            options={**options, **package.practice_options},
            seed=package.practice_seed,
            practice=True,
        )
        for _seat in range(practice_players(game) - 1):
            await manager.add_ai(info.id, user.id, PRACTICE_LEVEL)
        # no turn clock: a learner stops to read the coach and the rules, and nobody waits
        await manager.set_pace(info.id, user.id, 0)
        await manager.set_hints(info.id, user.id, PRACTICE_HINTS)
        update = await manager.start(info.id, user.id)
        info, state = await manager.state(info.id)
        with speaking(public):
            embed, view = self.tables.presenter.table_message(info, state)
        channel = self.client.get_partial_messageable(channel_id, guild_id=guild_id)
        try:
            message = await channel.send(embed=embed, view=view)
        except discord.HTTPException as exc:
            # a table nobody can see would hold the channel for nothing: close it at once
            log.warning("practice table %s could not be shown (%s): ending it", info.id, exc)
            await manager.end(info.id, reason=NOT_SHOWN, by_user=user.id)
            raise NotAllowed(
                _("I couldn't post the practice table here; try /learn in another channel.")
            ) from None
        await manager.set_message(info.id, "table", message.id)
        self.touch(info.id, update.info.channel_id)
        where = f"<#{channel_id}>"
        text = _(
            "Your {game} practice table is open in {where}: press **My hand** there. "
            "It is unrated; after each trick or turn the table says what happened and why.",
            game=engine.title,
            where=where,
        )
        await interaction.followup.send(f"{text}\n{note}" if note else text, ephemeral=True)

    async def _thread(
        self,
        interaction: discord.Interaction,
        channel_id: int,
        title: str,
        granted: discord.Permissions,
    ) -> int | None:
        """A public thread of the channel for the table, or None when Discord refuses one
        (no permission, a channel that holds no threads)."""
        if not (granted.create_public_threads and granted.send_messages_in_threads):
            return None
        name = f"{title} · {seat_name(interaction.user.display_name)}"[:100]
        try:
            thread = await self.client.http.start_thread_without_message(
                channel_id,
                name=name,
                auto_archive_duration=1440,  # a day: a practice game is played in one sitting
                type=discord.ChannelType.public_thread.value,
            )
        except discord.HTTPException as exc:
            log.warning("no thread for a practice table in %s: %s", channel_id, exc)
            return None
        return int(thread["id"])
