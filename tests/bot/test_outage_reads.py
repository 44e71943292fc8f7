"""Reads while PostgreSQL is away (issue 38): a person who opens their hand, lists the games or
asks for the standings while the server is down hears that the storage is unreachable, in the
same private words as a refused move, not the generic "Something went wrong"; once the server
is back the same reads are answered as usual."""

from __future__ import annotations

import asyncio

import pytest

from bot.controls import OOPS
from tests.bot.flows import Table
from tests.bot.harness import Clock, Token, start_bot
from tests.bot.test_interactions import ALICE, BOB
from tests.bot.test_outage import OPTIONS, RESUME_WITHIN, until
from tests.postgres import OwnServer

pytestmark = pytest.mark.slow  # a server of its own, stopped and started


async def reads(table: Table) -> dict[str, Token]:
    """Every read a person may ask for at a table, each answered (whatever the answer)."""
    fake, bot = table.fake, table.bot
    tokens = {
        "/games": fake.command(bot, ALICE, "games"),
        "/leaderboard": fake.command(bot, ALICE, "leaderboard", {"game": "rowboat"}),
        "/stats": fake.command(bot, ALICE, "stats"),
        "/history": fake.command(bot, ALICE, "history"),
        "/hand": fake.command(bot, BOB, "hand"),
        "My hand": fake.click(bot, BOB, table.lobby, fake.button(table.lobby, "My hand")),
    }
    for token in tokens.values():
        await asyncio.wait_for(token.answered.wait(), 10)
    return tokens


async def test_reads_during_an_outage_say_the_storage_is_unreachable(
    fake, own_postgres: OwnServer
) -> None:
    bot = await start_bot(fake, own_postgres.url, clock=Clock())
    table = Table(fake, bot)
    try:
        await table.start_game("rowboat", (ALICE, BOB), 1, OPTIONS)
        await asyncio.to_thread(own_postgres.stop)
        await until(lambda: not bot.manager.store.writable(), 10, "the outage noticed")
        during = {what: fake.reply_text(token) for what, token in (await reads(table)).items()}
        assert not [what for what, text in during.items() if OOPS in text], during
        # what could not be read says why, in the words a refused move gets
        failed = [what for what, text in during.items() if "unreachable" in text]
        assert failed, during

        await asyncio.to_thread(own_postgres.start)
        await until(bot.manager.store.writable, RESUME_WITHIN, "the store back")
        after = {what: fake.reply_text(token) for what, token in (await reads(table)).items()}
        assert not [what for what, text in after.items() if "unreachable" in text or OOPS in text]
    finally:
        await bot.close()
