"""A PostgreSQL restart in the middle of play (issue 38): the real bot on a server of the test's
own, against the fake Discord. While the server is down a click is answered, privately and at
once, that nothing was saved, and nothing of it shows; a turn clock that runs out meanwhile is
not lost; once the server is back, play resumes by itself within seconds, with every move that
was acknowledged in the log."""

from __future__ import annotations

import asyncio
import random
import time
from collections.abc import Callable

import asyncpg
import pytest

from bot.sessions.types import UNREACHABLE
from games import registry
from tests.bot.flows import Table
from tests.bot.harness import GUILD_ID, Clock, Token, User, start_bot
from tests.bot.test_interactions import ALICE, BOB
from tests.postgres import OwnServer

pytestmark = pytest.mark.slow  # a server of its own, stopped and started

OPTIONS = "novice = true\ntarget_score = 30\nfirst_dealer = 1"
#: seconds the store may take to be back once the server is: the backoff tops out at 5 s
RESUME_WITHIN = 15.0


async def until(check: Callable[[], bool], timeout: float, what: str) -> float:
    """Poll ``check`` until it holds; the seconds it took (fails after ``timeout``)."""
    started = time.monotonic()
    while not check():
        assert time.monotonic() - started < timeout, f"{what}: not within {timeout} s"
        await asyncio.sleep(0.05)
    return time.monotonic() - started


async def to_act(table: Table) -> tuple[User, int, str, list[str] | None]:
    """A person to act, their hand message and a move offered there (no settle: the bot may
    be waiting for its database)."""
    info, state = await table.bot.manager.state(table.game_id)
    engine = registry.get(info.game)
    user = table.users[next(s for s in engine.to_act(state) if s in table.users)]
    message = table.hands.get(user.id)
    if message is None or not table.controls(message):
        hand = table.fake.button(table.lobby, "My hand")
        token = table.fake.click(table.bot, user, table.lobby, hand)
        await asyncio.wait_for(token.answered.wait(), 10)
        message = table.hands[user.id] = token.original or 0
    rng = random.Random(1)
    offered = [(cid, values) for cid, values, nav in table._offered(message, rng, False) if not nav]
    cid, values = offered[0]
    return user, message, cid, values


async def click(table: Table, wait: bool = True) -> Token:
    """A person to act clicks a move on their hand; with ``wait``, until the bot is quiet,
    else until the click is answered."""
    user, message, cid, values = await to_act(table)
    token = table.fake.click(table.bot, user, message, cid, values)
    if wait:
        await table.settle()
    else:
        await asyncio.wait_for(token.answered.wait(), 10)
    return token


async def logged(url: str, game_id: int) -> list[tuple[int, str]]:
    """The game's action log as the database holds it: (seq, cause), in order."""
    conn = await asyncpg.connect(url)
    try:
        rows = await conn.fetch(
            "SELECT seq, cause FROM actions WHERE game_id = $1 ORDER BY seq", game_id
        )
    finally:
        await conn.close()
    return [(r["seq"], r["cause"]) for r in rows]


async def test_a_database_restart_mid_play_loses_nothing_and_play_resumes(
    fake, own_postgres: OwnServer
) -> None:
    clock = Clock()
    bot = await start_bot(fake, own_postgres.url, clock=clock)
    manager = bot.manager
    table = Table(fake, bot)
    try:
        await manager.update_guild_settings(GUILD_ID, turn_timeout=120)
        await table.start_game("rowboat", (ALICE, BOB), 1, OPTIONS)
        for _ in range(4):
            await click(table)
        acknowledged = (await manager.get(table.game_id)).version
        assert acknowledged >= 4

        # the server goes down: the writer hears its connection close
        await asyncio.to_thread(own_postgres.stop)
        await until(lambda: not manager.store.writable(), 10, "the outage noticed")

        # a click meanwhile: answered at once and privately, nothing saved, nothing shown
        table_before = dict(fake.messages[table.lobby])
        token = await click(table, wait=False)
        assert UNREACHABLE in fake.reply_text(token)
        assert (await manager.get(table.game_id)).version == acknowledged
        assert fake.messages[table.lobby] == table_before
        # a turn clock runs out meanwhile: its move cannot be saved yet, and waits
        failures = manager.commit_failures
        clock.now += 121
        manager.poke_deadlines()
        await until(lambda: manager.commit_failures > failures, 10, "the timeout tried")
        assert (await manager.get(table.game_id)).version == acknowledged

        # the server is back: the store reconnects by itself, the waiting timeout lands
        await asyncio.to_thread(own_postgres.start)
        await until(manager.store.writable, RESUME_WITHIN, "the store back")
        await table.settle()
        after = (await manager.get(table.game_id)).version
        assert after > acknowledged
        causes = [cause for _seq, cause in await logged(own_postgres.url, table.game_id)]
        assert causes[acknowledged] == "timeout"  # the first move after the outage

        # and the same person's next click is taken, as every later one
        for _ in range(3):
            token = await click(table)
            assert UNREACHABLE not in fake.reply_text(token)
        final = (await manager.get(table.game_id)).version
        assert final >= after + 3
        log = await logged(own_postgres.url, table.game_id)
        assert [seq for seq, _cause in log] == list(range(1, final + 1))
    finally:
        await bot.close()
