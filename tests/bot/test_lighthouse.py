"""The Lighthouse through the bot: the snapshot reaches only the allowed seats, privately, and
is replaced by "the light fades" when its deadline row fires."""

from __future__ import annotations

import pytest

from bot.controls import SNAP, table_id
from bot.table import FADE
from tests.bot.flows import SecrecyWatch, new_table
from tests.bot.harness import Clock, FakeDiscord, User, start_bot

ALICE, BOB, CAROL, DAVE = (
    User(1001, "Alice"),
    User(1002, "Bob"),
    User(1003, "Carol"),
    User(1004, "Dave"),
)


async def lit_table(fake: FakeDiscord, tmp_path, people: list[User], ai: int, clock: Clock):
    table = await new_table(fake, tmp_path, clock=clock)
    watch = SecrecyWatch(table)
    dealer = len(people) + ai - 1  # an AI deals, so the hand starts without a human Moon choice
    options = f"novice = true\nlighthouse_seconds = 10\nfirst_dealer = {dealer}"
    await table.start_game("rowboat", people, ai, options)
    return table.bot, table, watch


def snapshots(fake: FakeDiscord, user: User) -> list[int]:
    """Message ids of Lighthouse snapshots sent to ``user``."""
    return [
        s.message_id or 0
        for s in fake.sent
        if s.kind in ("followup", "callback")
        and s.audience == user.id
        and "Lighthouse · lit by" in s.text
    ]


async def test_4p_both_partners_see_the_snapshot_and_it_fades(fake, tmp_path) -> None:
    clock = Clock()
    bot, table, watch = await lit_table(fake, tmp_path, [ALICE, BOB, CAROL], 1, clock)
    try:
        await table.act(ALICE, "lighthouse")
        [mine] = snapshots(fake, ALICE)
        text = str(fake.messages[mine]["embeds"])
        assert "Bob" in text and "Carol" in text and "AI 1" in text
        assert fake.messages[mine]["flags"] & 64  # ephemeral

        # The partner opens it from the table; an opponent and a stranger are refused.
        assert "Lighthouse view" in fake.labels(table.lobby)
        token = await table.press(CAROL, "Lighthouse view")
        [partner] = snapshots(fake, CAROL)
        assert "Alice" in str(fake.messages[partner]["embeds"])
        for intruder, words in ((BOB, "No Lighthouse"), (DAVE, "no seat")):
            before = len(snapshots(fake, intruder))
            token = await table.run(
                fake.click(bot, intruder, table.lobby, table_id(table.game_id, SNAP))
            )
            [reply] = fake.replies_to(token)
            assert reply.audience == intruder.id and words in reply.text
            assert len(snapshots(fake, intruder)) == before == 0

        # 3 hands shown x 10 s: still lit at 29 s, faded after 30 s.
        await table.later(clock, 29)
        assert "Lighthouse · lit by" in str(fake.messages[mine]["embeds"])
        await table.later(clock, 2)
        for message in (mine, partner):
            assert "light fades" in fake.messages[message]["content"]
            assert fake.messages[message]["embeds"] == []
        assert "Lighthouse view" not in fake.labels(table.lobby)

        allowed = {ALICE.id: {1, 2, 3}, CAROL.id: {0, 1, 3}}
        assert watch.check(allowed) > 5
        with pytest.raises(AssertionError):  # the watch does catch a snapshot sent elsewhere
            watch.check({})
    finally:
        await bot.close()


async def test_2p_only_the_user_sees_the_opponent(fake, tmp_path) -> None:
    clock = Clock()
    bot, table, watch = await lit_table(fake, tmp_path, [ALICE, BOB], 0, clock)
    try:
        await table.act(BOB, "nomoon")  # Bob deals: the Moon question comes first
        await table.act(ALICE, "lighthouse")
        [mine] = snapshots(fake, ALICE)
        assert "Bob" in str(fake.messages[mine]["embeds"])
        assert snapshots(fake, BOB) == []
        token = await table.run(fake.click(bot, BOB, table.lobby, table_id(table.game_id, SNAP)))
        assert "No Lighthouse" in fake.reply_text(token)
        assert watch.check({ALICE.id: {1}}) > 3
        await table.later(clock, 11)
        assert "light fades" in fake.messages[mine]["content"]
    finally:
        await bot.close()


async def test_a_light_survives_a_restart_and_still_fades(fake, tmp_path) -> None:
    clock = Clock()
    bot, table, watch = await lit_table(fake, tmp_path, [ALICE, BOB, CAROL], 1, clock)
    await table.act(ALICE, "lighthouse")
    [mine] = snapshots(fake, ALICE)
    await bot.close()
    clock.now += 5
    bot = await start_bot(fake, tmp_path / "tw.sqlite3", clock=clock)
    table.bot = bot
    try:
        await table.settle()
        # The new process knows the light still shines for Alice's partner...
        token = await table.run(fake.click(bot, CAROL, table.lobby, table_id(table.game_id, SNAP)))
        [partner] = snapshots(fake, CAROL)
        assert token.callback_type == 4 and fake.messages[partner]["flags"] & 64
        # ...and fades both snapshots when the deadline rows written before the restart fire.
        await table.later(clock, 26)
        for message in (mine, partner):
            assert "light fades" in fake.messages[message]["content"]
        assert watch.check({ALICE.id: {1, 2, 3}, CAROL.id: {0, 1, 3}}) > 3
    finally:
        await bot.close()


async def test_controls_and_rows_from_before_generic_snapshots_still_work(fake, tmp_path) -> None:
    """A table message sent with the old ``t:<id>:light`` button, and a fade row of the old
    ``lighthouse_fade`` kind without its text, are still served (both are on Discord and in
    databases already)."""
    clock = Clock()
    bot, table, _watch = await lit_table(fake, tmp_path, [ALICE, BOB, CAROL], 1, clock)
    try:
        await table.act(ALICE, "lighthouse")
        [mine] = snapshots(fake, ALICE)
        # the table message as an older bot drew it
        for comp in fake.components(table.lobby):
            if comp.get("custom_id") == table_id(table.game_id, SNAP):
                comp["custom_id"] = table_id(table.game_id, "light")
        old = table_id(table.game_id, "light")
        await table.run(fake.click(bot, CAROL, table.lobby, old))
        [partner] = snapshots(fake, CAROL)
        assert "Alice" in str(fake.messages[partner]["embeds"])
        # Alice's fade row as an older bot wrote it
        [row] = [
            d
            for d in await bot.manager.deadlines(table.game_id)
            if d.kind == FADE and d.data.get("message") == str(mine)
        ]
        data = {k: v for k, v in row.data.items() if k != "faded"}
        await bot.manager.cancel_deadline(row.id)
        await bot.manager.add_deadline(table.game_id, "lighthouse_fade", row.due, data)
        await table.later(clock, 31)
        for message in (mine, partner):
            assert fake.messages[message]["content"] == "🌫️ The light fades."
            assert fake.messages[message]["embeds"] == []
    finally:
        await bot.close()
