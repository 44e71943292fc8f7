"""``/rules game:<choice>``: the bot's own short summary of each game (written for Tidewater,
not copied from any rulebook; the binding details are the specs behind the engines)."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from bot.client import TidewaterBot
from bot.cogs import game_choices
from games import registry

SUMMARIES: dict[str, str] = {
    "rowboat": (
        "**Goal.** Bid how many tricks you will take, then take them: first side to the target "
        "score (200; 150 with three players) wins. Four players play as two teams of partners "
        "sitting opposite.\n\n"
        "**The Tide.** Each hand starts with a row of face-up Tide cards, one per trick. The "
        "Tide card of the current trick names the trump suit, and its *Knob*: the same rank in "
        "the other suit of the same colour (oars and waves are blue, shells and maps green). "
        "Cards of that rank in the other colour are off-coloured knobs.\n\n"
        "**Playing.** There is no suit to follow: if you hold trump you must play trump (or the "
        "Knob, or your Rowboat). Strength runs Rowboat > Knob > trump by rank > off-coloured "
        "knobs > any other card by rank. Equal best cards tie: the trick goes into a pot that "
        "the next trick's winner collects, but a tie on the last trick loses them all. If your "
        "only trump is the Knob of a later trick you may keep it, but then it is locked until "
        "that trick.\n\n"
        "**Specialty cards** (once a game per side): the **Moon** lets the dealer fix the "
        "number of Tide cards before anything is seen; the **Rowboat** beats every card "
        "(never on the last trick); the **Lighthouse** gives a short private look at the "
        "opponents' hands (in teams, both partners see all other hands).\n\n"
        "**Scoring.** Make your bid: 10 per bid trick, extra tricks are sandbags; five sandbags "
        "cost 100. Miss it: lose 10 per bid trick. Novice tables skip bidding and score 10 per "
        "trick."
    ),
    "turn_the_tide": (
        "**Goal.** Keep your life preservers dry over as many rounds as there are players.\n\n"
        "**Each hand** two tide cards are turned up. Everyone secretly picks one weather card "
        "and all are shown together. The highest weather card takes the lower tide card, the "
        "second highest takes the higher one; each goes on top of your own tide pile. Whoever "
        "now has the highest water level loses a preserver, and someone with none left is out "
        "for the round.\n\n"
        "**Rounds** end after twelve hands or when only two players are still in. You score a "
        "point per preserver left, a bonus point for the lowest water level, and lose a point "
        "if you were washed out. Hands of weather cards move one seat on each round; the best "
        "total after the last round wins."
    ),
    "boat_canasta": (
        "**Goal.** Canasta with two decks: meld cards of a rank (wild twos and jokers help) "
        "and build canastas of seven cards, for side totals that reach the target.\n\n"
        "**A turn**: draw from the stock or take the whole treasure pile (when you can meld "
        "its top card), lay down melds, then discard one card. A side's first meld of a round "
        "must reach a minimum value that grows with its score. Discarding a wild card or a "
        "black three blocks the pile for the next player.\n\n"
        "**Going out** needs a canasta on your side; it ends the round. Cards melded count for "
        "you, cards left in hand against you, with bonuses for each kind of canasta and for "
        "red threes."
    ),
    "boat": (
        "**Goal.** Four players in two partnerships; first team past 500 points wins.\n\n"
        "**Bidding.** Bids go round in steps of five from 65 up to 120, the points the bidding "
        "team promises to take; a pass is final. The last bidder picks up the five bonus cards, "
        "puts five cards back face down, and names trump. The **Boat** card is the highest "
        "trump of all.\n\n"
        "**Tricks.** Follow the suit led; if you cannot, you must trump when you can. Fives, "
        "tens and aces and the Boat carry the points, and the cards put back go to whoever "
        "takes the last trick.\n\n"
        "**Scoring.** The bidders score their points if they reached the bid, or lose the bid "
        "if not; the defenders always keep what they took."
    ),
    "game_of_rows": (
        "**Goal.** Be the first to get rid of every card, building shared rows that run from "
        "2 to 10.\n\n"
        "**On your turn** place at least one card if you can: a 2 or a 10 starts a row from a "
        "corner, other numbers fill the free positions next to what is already there, and "
        "jokers stand in for any number. Picture cards block a position (and higher ones can "
        "lift the block). Finished rows leave the table. At the end of your turn you draw, more "
        "when you could not play.\n\n"
        "**Variants** the host can switch on: rows of one suit only, skipping a turn, placing "
        "cards face down as a bluff that others may challenge, and Mayhem (all of these plus a "
        "corner rule). If nobody can go out, the best poker hand decides the places."
    ),
}


def summary(game: str) -> discord.Embed:
    engine = registry.get(game)
    players = (
        f"{engine.min_players} players"
        if engine.min_players == engine.max_players
        else f"{engine.min_players}–{engine.max_players} players"
    )
    text = SUMMARIES.get(game, "The rules summary for this game is being written.")
    embed = discord.Embed(title=f"{engine.title} · {players}", description=text, color=0x2B6CB0)
    embed.set_footer(text="Start a table with /play. Only legal moves are offered on your hand.")
    return embed


class Rules(commands.Cog):
    def __init__(self, bot: TidewaterBot) -> None:
        self.bot = bot

    @app_commands.command(name="rules", description="A short summary of a game's rules")
    @app_commands.describe(game="Which game")
    @app_commands.choices(game=game_choices())
    async def rules(self, interaction: discord.Interaction, game: app_commands.Choice[str]) -> None:
        await interaction.response.send_message(embed=summary(game.value), ephemeral=True)


async def setup(bot: TidewaterBot) -> None:
    await bot.add_cog(Rules(bot))
