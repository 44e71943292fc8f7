"""A stalled owner resumed after a takeover (issue 38, split brain): process A stalls past its
lease, process B takes its shard over, and A wakes up with a click queued and a turn clock run
out. A saves nothing (the database refuses its epoch in the write's own transaction), edits
no table and no hand on the fake Discord, answers later clicks privately without acting on
them, and takes the lost-lease path (exit code 3 in ``python -m bot``)."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from bot.client import HANDED_OVER
from bot.sessions import SessionManager
from bot.sessions.shards import ShardPlan
from tests.bot.flows import Table
from tests.bot.harness import EPHEMERAL, GUILD_ID, Clock, Sent, start_bot
from tests.bot.test_interactions import ALICE, BOB
from tests.bot.test_outage import OPTIONS, click

pytestmark = pytest.mark.slow  # PostgreSQL

#: one shard of one: every guild, the fake Discord's too
PLAN = ShardPlan(1, (0,))
LEASE = 30.0


def discord_writes(sent: Sequence[Sent]) -> list[Sent]:
    """Requests that change a table or a hand: posts, edits and deletes of messages, and
    interaction answers that redraw the message clicked (types 6 and 7). A private reply (a
    new ephemeral message) is not one of them."""
    found = []
    for s in sent:
        data = (s.payload or {}).get("data") or {}
        private = bool(int(data.get("flags") or 0) & EPHEMERAL)
        changes = s.kind in ("send", "edit", "delete", "hook-edit", "thread", "channel")
        redraw = s.kind == "callback" and s.callback_type in (6, 7)
        public = s.kind == "callback" and s.callback_type in (4, 5) and not private
        if changes or redraw or public or (s.kind == "followup" and s.audience is None):
            found.append(s)
    return found


async def test_a_stalled_owner_resumed_after_a_takeover_saves_and_edits_nothing(
    fake, postgres_url: str
) -> None:
    clock = Clock()
    told: list[Sequence[int]] = []
    bot = await start_bot(
        fake,
        postgres_url,
        clock=clock,
        shards=PLAN,
        owner="proc-a",
        lease_seconds=LEASE,
        on_lease_lost=told.append,
    )
    a: SessionManager = bot.manager
    table = Table(fake, bot)
    b: SessionManager | None = None
    try:
        await a.update_guild_settings(GUILD_ID, turn_timeout=120)
        await table.start_game("rowboat", (ALICE, BOB), 1, OPTIONS)
        for _ in range(3):
            await click(table)
        acknowledged = (await a.get(table.game_id)).version
        await table.open_hand(table.users[0])  # an open hand the publisher would refresh
        await table.open_hand(table.users[1])

        # A stalls past its lease (no renewal), and B takes the shard over
        lease = a._lease
        assert lease is not None and lease._task is not None
        lease._task.cancel()
        clock.now += LEASE + 1
        b = await SessionManager.open(
            postgres_url, clock=clock, autoplay=False, shards=PLAN, owner="proc-b",
            lease_seconds=LEASE,
        )  # fmt: skip
        sent_before = len(fake.sent)

        # A wakes up: a turn clock has run out, a click was queued, a table refresh pending
        clock.now += 121
        a.poke_deadlines()
        queued = await click(table, wait=False)
        bot.publisher.touch(table.game_id)
        await table.settle()

        assert told == [[0]]  # the lost-lease path: python -m bot stops and exits 3
        assert a.fencing.fenced
        assert "nothing was changed" in fake.reply_text(queued)
        # nothing of A's saved: B's log is the one acknowledged, and B plays on
        assert (await b.get(table.game_id)).version == acknowledged
        assert len(await b.actions(table.game_id)) == acknowledged
        # and nothing of A's shown: no table, no hand touched since it woke up
        assert discord_writes(fake.sent[sent_before:]) == []

        # a click after that is answered privately, and acts on nothing
        later = await click(table, wait=False)
        await table.settle()
        assert HANDED_OVER in fake.reply_text(later)
        assert discord_writes(fake.sent[sent_before:]) == []
        assert (await b.get(table.game_id)).version == acknowledged
    finally:
        await bot.close()
        if b is not None:
            await b.close()
