"""``/stats``, ``/leaderboard`` and ``/history``: a server's record of its finished games.

Why here and so thin: the numbers are written by the session manager in the transaction that
finishes a game (``bot.sessions.standings``) and read through the store; this cog only words
them. The skill shown is the rating's conservative estimate (mu - 3 sigma, openskill's
ordinal), the figure the leaderboard sorts by, so a newcomer with one lucky win does not top
the board. Answers are private unless the asker chooses ``public``.
"""

from __future__ import annotations

import datetime as dt

import discord
from discord import app_commands
from discord.ext import commands

from bot.client import TidewaterBot
from bot.cogs import game_choices
from bot.sessions import NotAllowed
from bot.store import HistoryRow, RatingRow
from games import registry

#: players per leaderboard page
PER_PAGE = 10


def _title(game: str) -> str:
    try:
        return registry.get(game).title
    except KeyError:
        return game


def stats_line(row: RatingRow) -> str:
    """One game of a person's record: games, wins, win rate and the rated skill."""
    rate = f"{row.wins / row.games:.0%}" if row.games else "–"
    skill = f" · skill {row.skill:.1f} ({row.rated} rated)" if row.rated else " · not rated yet"
    return f"**{_title(row.game)}**: {row.games} games, {row.wins} wins ({rate}){skill}"


def board_lines(rows: list[RatingRow], first_rank: int) -> list[str]:
    return [
        f"{first_rank + n}. **{row.name}** · skill {row.skill:.1f} · {row.wins}/{row.games} wins"
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
    def __init__(self, bot: TidewaterBot) -> None:
        self.bot = bot

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
        who = user or interaction.user
        rows = await self.bot.manager.player_stats(interaction.guild_id or 0, who.id)
        if game is not None:
            rows = [r for r in rows if r.game == game.value]
        if rows:
            text = "\n".join(stats_line(r) for r in rows)
        else:
            where = f" of {game.name}" if game is not None else ""
            text = "No finished games" + where + " yet."
        embed = discord.Embed(title=f"{who.display_name} on this server", description=text)
        await interaction.response.send_message(
            embed=embed, ephemeral=not public, allowed_mentions=discord.AllowedMentions.none()
        )

    @app_commands.command(name="leaderboard", description="The server's best players of a game")
    @app_commands.describe(game="Which game", page="Page number (10 players a page)")
    @app_commands.choices(game=game_choices())
    @app_commands.guild_only()
    async def leaderboard(
        self,
        interaction: discord.Interaction,
        game: app_commands.Choice[str],
        page: app_commands.Range[int, 1, 10_000] = 1,
    ) -> None:
        rows, total = await self.bot.manager.leaderboard(
            interaction.guild_id or 0, game.value, page - 1, PER_PAGE
        )
        pages = max(1, -(-total // PER_PAGE))
        if not rows:
            if total:
                raise NotAllowed(f"There are only {pages} pages.")
            text = "Nobody has finished a rated game of it here yet."
        else:
            text = "\n".join(board_lines(rows, (page - 1) * PER_PAGE + 1))
        embed = discord.Embed(title=f"{game.name} · leaderboard", description=text)
        embed.set_footer(text=f"Page {page} of {pages} · {total} rated players")
        await interaction.response.send_message(
            embed=embed, ephemeral=True, allowed_mentions=discord.AllowedMentions.none()
        )

    @app_commands.command(name="history", description="Recent finished games on this server")
    @app_commands.describe(user="Only this player's games")
    @app_commands.guild_only()
    async def history(
        self, interaction: discord.Interaction, user: discord.User | None = None
    ) -> None:
        rows = await self.bot.manager.history(
            interaction.guild_id or 0, None if user is None else user.id, limit=40
        )
        lines = history_lines(rows)[:10]
        text = "\n".join(lines) if lines else "No finished games yet."
        whose = f" of {user.display_name}" if user is not None else ""
        embed = discord.Embed(title="Recent games" + whose, description=text[:4000])
        await interaction.response.send_message(
            embed=embed, ephemeral=True, allowed_mentions=discord.AllowedMentions.none()
        )


async def setup(bot: TidewaterBot) -> None:
    await bot.add_cog(Standings(bot))
