"""``/stats``, ``/leaderboard`` and ``/history``: a server's record of its finished games.

Why here and so thin: the numbers are written by the session manager in the transaction that
finishes a game (``bot.sessions.standings``) and read through the store; this cog only words
them. The skill shown is the rating's conservative estimate (mu - 3 sigma, openskill's
ordinal), the figure the leaderboard sorts by, so a newcomer with one lucky win does not top
the board. Answers are private unless the asker chooses ``public``.
"""

from __future__ import annotations

import dataclasses
import datetime as dt
import io

import discord
from babel import Locale as BabelLocale
from babel.numbers import format_decimal, format_percent
from discord import app_commands
from discord.ext import commands

from bot import controls
from bot.client import TidewaterBot
from bot.cogs import game_choices
from bot.i18n import LONGEST, current_locale, speak, texts
from bot.render.base import renderer_for
from bot.sessions import GameNotFound, NotAllowed, SessionManager
from bot.stats import replay as replays
from bot.store import HistoryRow, RatingRow
from bot.table import Tables
from games import registry

_, _n = texts()

#: the largest game number (SQLite's integer range)
MAX_ID = 2**63 - 1

#: players per leaderboard page
PER_PAGE = 10


def _title(game: str) -> str:
    try:
        return registry.get(game).title
    except KeyError:
        return game


def _locale() -> BabelLocale:
    name = current_locale()
    return BabelLocale.parse("fr" if name == LONGEST else name)


def skill(value: float) -> str:
    """A skill as the reader's language writes it, one decimal (``12.3``, ``12,3``)."""
    return format_decimal(value, format="0.0", locale=_locale())


def percent(value: float) -> str:
    """A win rate as the reader's language writes it (``50%``, ``50 %``)."""
    return format_percent(value, locale=_locale())


def stats_line(row: RatingRow) -> str:
    """One game of a person's record: games, wins, win rate and the rated skill."""
    rate = percent(row.wins / row.games) if row.games else "–"
    rated = (
        _(" · skill {skill} ({rated} rated)", skill=skill(row.skill), rated=row.rated)
        if row.rated
        else _(" · not rated yet")
    )
    # English has always said "1 wins" here (and tests read it): both English forms are
    # the plural, and each language's catalog has its own singular
    return _(
        "**{game}**: {games}, {wins} ({rate}){rated}",
        game=_title(row.game),
        games=_n("{n} games", "{n} games", row.games),
        wins=_n("{n} wins", "{n} wins", row.wins),
        rate=rate,
        rated=rated,
    )


def board_lines(rows: list[RatingRow], first_rank: int) -> list[str]:
    return [
        _(
            "{rank}. **{name}** · skill {skill} · {wins}/{games} wins",
            rank=first_rank + n,
            name=row.name,
            skill=skill(row.skill),
            wins=row.wins,
            games=row.games,
        )
        for n, row in enumerate(rows)
    ]


def history_lines(rows: list[HistoryRow]) -> list[str]:
    """Recent finished games, one line per game, with every listed seat's score."""
    games: dict[int, list[HistoryRow]] = {}
    for row in rows:
        games.setdefault(row.game_id, []).append(row)
    lines = []
    for game_id, seats in games.items():
        when = dt.datetime.fromtimestamp(seats[0].finished, dt.UTC)
        people = ", ".join(
            f"{'🏆 ' if s.winner else ''}{s.name} {s.score}" for s in sorted(seats, key=_rank)
        )
        lines.append(
            f"#{game_id} **{_title(seats[0].game)}** <t:{int(when.timestamp())}:d>: {people}"
        )
    return lines


def _rank(row: HistoryRow) -> tuple[bool, int]:
    return (not row.winner, -row.score)


class Standings(commands.Cog):
    def __init__(self, manager: SessionManager, tables: Tables) -> None:
        self.manager = manager
        #: the table parts (a replay is drawn with a table's context)
        self.tables = tables

    @app_commands.command(name="stats", description="Games, wins and skill of a player here")
    @app_commands.describe(
        user="Whose record (default: yours)",
        game="Only this game",
        public="Show the answer to the whole channel",
    )
    @app_commands.choices(game=game_choices())
    @app_commands.guild_only()
    async def stats(
        self,
        interaction: discord.Interaction,
        user: discord.User | None = None,
        game: app_commands.Choice[str] | None = None,
        public: bool = False,
    ) -> None:
        if public:  # said to the channel: the server's language (issue 41)
            speak(await self.tables.languages.public(interaction.guild_id))
        who = user or interaction.user
        rows = await self.manager.player_stats(interaction.guild_id or 0, who.id)
        if game is not None:
            rows = [r for r in rows if r.game == game.value]
        if rows:
            text = "\n".join(stats_line(r) for r in rows)
        else:
            text = (
                _("No finished games of {game} yet.", game=game.name)
                if game is not None
                else _("No finished games yet.")
            )
        embed = discord.Embed(
            title=_("{name} on this server", name=who.display_name), description=text
        )
        await interaction.response.send_message(
            embed=embed, ephemeral=not public, allowed_mentions=discord.AllowedMentions.none()
        )

    @app_commands.command(name="leaderboard", description="The server's best players of a game")
    @app_commands.describe(
        game="Which game",
        page="Page number (10 players a page)",
        public="Show the answer to the whole channel",
    )
    @app_commands.choices(game=game_choices())
    @app_commands.guild_only()
    async def leaderboard(
        self,
        interaction: discord.Interaction,
        game: app_commands.Choice[str],
        page: app_commands.Range[int, 1, 10_000] = 1,
        public: bool = False,
    ) -> None:
        speak(await self.tables.languages.public(interaction.guild_id))  # the server's (issue 41)
        rows, total = await self.manager.leaderboard(
            interaction.guild_id or 0, game.value, page - 1, PER_PAGE
        )
        pages = max(1, -(-total // PER_PAGE))
        if not rows:
            if total:
                raise NotAllowed(_("There are only {n} pages.", n=pages))
            text = _("Nobody has finished a rated game of it here yet.")
        else:
            text = "\n".join(board_lines(rows, (page - 1) * PER_PAGE + 1))
        embed = discord.Embed(title=_("{game} · leaderboard", game=game.name), description=text)
        embed.set_footer(
            text=_(
                "Page {page} of {pages} · {players}",
                page=page,
                pages=pages,
                players=_n("{n} rated player", "{n} rated players", total),
            )
        )
        await interaction.response.send_message(
            embed=embed, ephemeral=not public, allowed_mentions=discord.AllowedMentions.none()
        )

    @app_commands.command(name="history", description="Recent finished games on this server")
    @app_commands.describe(user="Only this player's games")
    @app_commands.guild_only()
    async def history(
        self, interaction: discord.Interaction, user: discord.User | None = None
    ) -> None:
        rows = await self.manager.history(
            interaction.guild_id or 0, None if user is None else user.id, limit=40
        )
        lines = history_lines(rows)[:10]
        text = "\n".join(lines) if lines else _("No finished games yet.")
        title = (
            _("Recent games of {name}", name=user.display_name)
            if user is not None
            else _("Recent games")
        )
        embed = discord.Embed(title=title, description=text[:4000])
        await interaction.response.send_message(
            embed=embed, ephemeral=True, allowed_mentions=discord.AllowedMentions.none()
        )

    @app_commands.command(name="replay", description="A finished game, move by move")
    @app_commands.describe(game="The game's number (see /history)")
    @app_commands.guild_only()
    async def replay(
        self, interaction: discord.Interaction, game: app_commands.Range[int, 1, MAX_ID]
    ) -> None:
        manager = self.manager
        info = await manager.get(game)
        if info.guild_id != interaction.guild_id:
            raise GameNotFound(_("There is no game #{id} in this server.", id=game))
        if info.status in ("lobby", "live"):
            raise NotAllowed(
                _("Game #{id} is not over yet: replays are of finished games.", id=game)
            )
        actions = await manager.actions(game)
        if not actions:
            raise NotAllowed(
                _("Game #{id} ended before anyone moved: there is nothing to replay.", id=game)
            )
        engine = registry.get(info.game)
        speak(await self.tables.languages.public(info.guild_id))  # the server's (issue 41)
        ctx = dataclasses.replace(self.tables.presenter.context(info), log=())
        built = replays.build(info, actions, engine, renderer_for(info.game), ctx)
        files = [discord.File(io.BytesIO(built.text().encode()), f"replay-{game}.txt")]
        played = info.seat_of(interaction.user.id) is not None
        if played:  # the seed reveals every hand: only for those who held one
            files.append(discord.File(io.BytesIO(built.json().encode()), f"replay-{game}.json"))
        text = "\n".join(built.lines[-12:])
        embed = discord.Embed(
            title=_("{title} #{id} · replay", title=engine.title, id=game),
            description=(
                (
                    _n(  # English says "moves" even for one, as it always has
                        "{n} moves. The whole log is attached with the game's record (options,"
                        " seed, moves).",
                        "{n} moves. The whole log is attached with the game's record (options,"
                        " seed, moves).",
                        len(actions),
                    )
                    if played
                    else _n(
                        "{n} moves. The whole log is attached.",
                        "{n} moves. The whole log is attached.",
                        len(actions),
                    )
                )
                + "\n\n…\n"
                + text
            )[:4000],
        )
        await interaction.response.send_message(
            embed=embed,
            files=files,
            ephemeral=True,
            allowed_mentions=discord.AllowedMentions.none(),
        )

    privacy = app_commands.Group(name="privacy", description="What the bot keeps about you")

    @privacy.command(name="delete", description="Delete your stats and ratings, hide your name")
    async def delete(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message(
            _(
                "This deletes your games, wins and skill ratings on every server, and replaces"
                " your name by “(deleted)” in the games you played (they stay replayable). It"
                " cannot be undone."
            ),
            view=controls.privacy_view(interaction.user.id),
            ephemeral=True,
        )


async def setup(bot: TidewaterBot) -> None:
    await bot.add_cog(Standings(bot.manager, bot.tables))
