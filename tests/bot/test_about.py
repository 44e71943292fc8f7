"""``/about``: the version, the uptime, the servers and games, and where to report a problem."""

from __future__ import annotations

from bot import __version__
from bot.cogs.about import uptime
from tests.bot.flows import new_table
from tests.bot.harness import Clock
from tests.bot.test_interactions import ALICE, BOB, private_reply


async def test_about_says_which_bot_this_is(fake, tmp_path) -> None:
    clock = Clock()
    table = await new_table(fake, tmp_path, clock=clock)
    bot = table.bot
    try:
        fake.guild_create(bot)
        await table.start_game("rowboat", (ALICE, BOB), 0, "novice = true")
        clock.now += 2 * 3600 + 5 * 60
        token = await table.run(fake.command(bot, BOB, "about"))
        private_reply(fake, token, f"Tidewater {__version__}")
        private_reply(fake, token, "Up for 2 h 5 min in 1 server: 1 game in play, 0 open lobbies")
        private_reply(fake, token, "Tell this server's admins")
    finally:
        await bot.close()


def test_uptime_in_words() -> None:
    assert uptime(40) == "40 s"
    assert uptime(125) == "2 min 5 s"
    assert uptime(3 * 86400 + 4 * 3600 + 59) == "3 d 4 h"
    assert uptime(-5) == "0 s"
