"""Turn alerts by DM at slow tables, /notify and /turns (issue 37, item 6), as people meet
them: the real bot on a real SQLite file against the fake Discord (with DM channels), the
clock injected. Who gets a DM, how often, what it says (a link, never a card), what a closed
DM does, and that the choice outlives a restart."""

from __future__ import annotations

import dataclasses
import re
from typing import Any

from bot.table.alerts import CANNOT_DM, PRESENT_SECONDS, jump_url
from tests.bot.flows import Table
from tests.bot.harness import (
    CHANNEL_ID,
    GUILD_ID,
    OTHER_CHANNEL_ID,
    Clock,
    FakeDiscord,
    User,
    settle,
    start_bot,
)

ALICE, BOB, CAROL, DAN = (
    User(1001, "Alice"),
    User(1002, "Bob"),
    User(1003, "Carol"),
    User(1004, "Dan"),
)
THIRD_CHANNEL_ID = 710000000000000022
HOUR = 3600
CARD = re.compile(r"\b(?:[2-9TJQKA][CDHS])\b")


async def notify(fake: FakeDiscord, bot: Any, user: User, alerts: str | None = "on") -> str:
    options = {} if alerts is None else {"alerts": alerts}
    token = fake.command(bot, user, "notify", options)
    await settle(bot, fake)
    return fake.reply_text(token)


async def turns(fake: FakeDiscord, bot: Any, user: User) -> Any:
    token = fake.command(bot, user, "turns")
    await settle(bot, fake)
    [answer] = [s for s in fake.replies_to(token) if s.kind == "callback"]
    return answer


async def open_table(
    fake: FakeDiscord,
    bot: Any,
    people: list[User],
    *,
    pace: int,
    channel: int = CHANNEL_ID,
    first: int = 0,
    game: str = "high_card",
) -> Table:
    """A started table in ``channel`` (High Card unless ``game``): ``people`` seated in order,
    ``first`` leads (High Card), the host's pace ``pace`` seconds a move."""
    table = Table(fake, bot, game=game)
    token = fake.command(bot, people[0], "play", {"game": game}, channel_id=channel)
    await settle(bot, fake)
    table.lobby = token.original or 0
    info = await bot.manager.game_in_channel(channel)
    table.game_id = info.id
    for person in people[1:]:
        await table.press(person, "Join")
    if game == "high_card":
        await table.set_options(people[0], f"cards = 2\nfirst_player = {first}")
    await table.click(people[0], table.lobby, f"l:{table.game_id}:pace", str(pace))
    table.users = dict(enumerate(people))
    await table.press(people[0], "Start")
    return table


async def play(table: Table, person: User) -> None:
    """``person`` plays the first card offered to them."""
    table.hands.pop(person.id, None)
    message = await table.open_hand(person)
    code = table.controls(message)[0][0]
    await table.act(person, code)


async def to_act(table: Table) -> User:
    _info, state = await table.bot.manager.state(table.game_id)
    [seat] = table.bot.manager._games[table.game_id].engine.to_act(state)
    return table.users[seat]


def table_link(fake: FakeDiscord, table: Table) -> str:
    return f"https://discord.com/channels/{GUILD_ID}/{fake.messages[table.lobby]['channel_id']}/{table.lobby}"


async def test_one_dm_when_the_turn_comes_at_an_hourly_table_only(
    fake: FakeDiscord, tmp_path: Any
) -> None:
    clock = Clock()
    bot = await start_bot(fake, tmp_path / "tw.sqlite3", clock=clock)
    assert "on" in await notify(fake, bot, ALICE)
    assert "on" in await notify(fake, bot, BOB)
    # an hourly table, Alice to lead: one DM to her, none to Bob (not his turn)
    hourly = await open_table(fake, bot, [ALICE, BOB], pace=HOUR, first=0)
    [dm] = fake.dms(ALICE.id)
    assert fake.dm_attempts(BOB.id) == 0
    assert "Your turn" in dm.text and "High Card" in dm.text
    assert f"table #{hourly.game_id}" in dm.text and table_link(fake, hourly) in dm.text
    assert not CARD.search(dm.text), dm.text  # a DM names no card
    # her move: Bob's turn now, one DM to him; Alice, who just played, gets nothing more
    await play(hourly, ALICE)
    await settle(bot, fake)
    assert len(fake.dms(BOB.id)) == 1 and table_link(fake, hourly) in fake.dms(BOB.id)[0].text
    assert len(fake.dms(ALICE.id)) == 1
    # a fast table (a minute a move): the table's mention is enough, no DM
    fast = await open_table(fake, bot, [CAROL, ALICE], pace=60, channel=OTHER_CHANNEL_ID, first=1)
    assert fast.game_id and len(fake.dms(ALICE.id)) == 1
    # someone who never ran /notify gets nothing, even at an hourly table
    await open_table(fake, bot, [DAN, BOB], pace=HOUR, channel=THIRD_CHANNEL_ID, first=0)
    assert fake.dm_attempts(DAN.id) == 0
    assert "off" in await notify(fake, bot, BOB, "off")


async def test_a_refused_dm_is_not_tried_again_until_notify(
    fake: FakeDiscord, tmp_path: Any
) -> None:
    clock = Clock()
    bot = await start_bot(fake, tmp_path / "tw.sqlite3", clock=clock)
    await notify(fake, bot, ALICE)
    fake.dms_closed.add(ALICE.id)  # she takes no DMs from the bot
    table = await open_table(fake, bot, [ALICE, BOB], pace=HOUR, first=0)
    assert fake.dm_attempts(ALICE.id) == 1 and not fake.dms(ALICE.id)
    row = await bot.manager.store.turn_alerts(ALICE.id)
    assert row.enabled and row.dms_closed
    assert bot.alerts.refused == 1 and CANNOT_DM == 50007
    # her turns come again, long after any window: not one more attempt
    turns_of_hers = 0
    while (await bot.manager.get(table.game_id)).status == "live":
        person = await to_act(table)
        turns_of_hers += person is ALICE
        await play(table, person)
        await table.later(clock, 3 * 600)
    assert turns_of_hers >= 2 and fake.dm_attempts(ALICE.id) == 1
    # she opens her DMs and runs /notify again: the next turn reaches her
    fake.dms_closed.discard(ALICE.id)
    await notify(fake, bot, ALICE, None)  # switching from "closed" turns them back on
    assert not (await bot.manager.store.turn_alerts(ALICE.id)).dms_closed
    again = await open_table(fake, bot, [ALICE, CAROL], pace=HOUR, channel=OTHER_CHANNEL_ID)
    assert len(fake.dms(ALICE.id)) == 1 and table_link(fake, again) in fake.dms(ALICE.id)[0].text


async def test_tables_within_the_window_share_one_dm(fake: FakeDiscord, tmp_path: Any) -> None:
    clock = Clock()
    bot = await start_bot(fake, tmp_path / "tw.sqlite3", clock=clock)
    await notify(fake, bot, ALICE)
    first = await open_table(fake, bot, [ALICE, BOB], pace=HOUR)
    assert len(fake.dms(ALICE.id)) == 1
    clock.now += 60
    second = await open_table(fake, bot, [ALICE, CAROL], pace=HOUR, channel=OTHER_CHANNEL_ID)
    clock.now += 60
    third = await open_table(fake, bot, [ALICE, DAN], pace=86400, channel=THIRD_CHANNEL_ID)
    assert fake.dm_attempts(ALICE.id) == 1  # held: her last DM is not ten minutes old
    await first.later(clock, 479)
    assert fake.dm_attempts(ALICE.id) == 1
    await first.later(clock, 1)  # the window ends: one DM for both tables
    assert fake.dm_attempts(ALICE.id) == 2
    collapsed = fake.dms(ALICE.id)[1].text
    assert "2 tables" in collapsed
    assert table_link(fake, second) in collapsed and table_link(fake, third) in collapsed
    assert table_link(fake, first) not in collapsed  # already told
    await first.later(clock, 3600)
    assert fake.dm_attempts(ALICE.id) == 2


async def test_turns_lists_the_tables_waiting_on_you(fake: FakeDiscord, tmp_path: Any) -> None:
    clock = Clock()
    bot = await start_bot(fake, tmp_path / "tw.sqlite3", clock=clock)
    empty = await turns(fake, bot, ALICE)
    assert "No table here is waiting on you" in empty.text and empty.audience == ALICE.id
    # a day a move, her turn first; an hour a move, her turn later: the later turn is newer,
    # though the day's clock ends later
    mine = await open_table(fake, bot, [ALICE, BOB], pace=86400, first=0)
    clock.now += 100
    newer = await open_table(fake, bot, [CAROL, ALICE], pace=HOUR, channel=OTHER_CHANNEL_ID,
                             first=1)  # fmt: skip
    clock.now += 100
    not_mine = await open_table(fake, bot, [ALICE, DAN], pace=0, channel=THIRD_CHANNEL_ID,
                                first=1)  # fmt: skip
    answer = await turns(fake, bot, ALICE)
    text = answer.text
    assert answer.audience == ALICE.id  # ephemeral
    assert "2 tables waiting on you" in text
    assert table_link(fake, newer) in text and table_link(fake, mine) in text
    assert text.index(table_link(fake, newer)) < text.index(table_link(fake, mine))
    assert f"table #{not_mine.game_id}" not in text
    assert not CARD.search(text)
    # Dan's turn at the third table; Alice's at none once she played her first card there
    assert "1 table waiting on you" in (await turns(fake, bot, DAN)).text
    await play(mine, ALICE)
    assert table_link(fake, mine) not in (await turns(fake, bot, ALICE)).text


async def test_the_choice_outlives_a_restart(fake: FakeDiscord, tmp_path: Any) -> None:
    clock = Clock()
    bot = await start_bot(fake, tmp_path / "tw.sqlite3", clock=clock)
    await notify(fake, bot, ALICE)
    await notify(fake, bot, BOB)
    table = await open_table(fake, bot, [BOB, ALICE], pace=HOUR, first=0)
    assert fake.dm_attempts(ALICE.id) == 0 and fake.dm_attempts(BOB.id) == 1  # Bob leads
    await bot.close()
    clock.now += 2 * 600  # long past Bob's window: only the restart could alert him again
    bot = await start_bot(fake, tmp_path / "tw.sqlite3", clock=clock)
    table.bot = bot
    await settle(bot, fake)
    assert fake.dm_attempts(BOB.id) == 1  # a restart alerts nobody whose turn it already was
    await play(table, BOB)  # Alice's choice was read from the file: her turn reaches her
    await settle(bot, fake)
    assert len(fake.dms(ALICE.id)) == 1


async def test_alert_me_on_the_hand_of_a_slow_table(fake: FakeDiscord, tmp_path: Any) -> None:
    clock = Clock()
    bot = await start_bot(fake, tmp_path / "tw.sqlite3", clock=clock)
    fast = await open_table(fake, bot, [ALICE, BOB], pace=60, first=0)
    assert "Alert me" not in fake.labels(await fast.open_hand(BOB))
    slow = await open_table(fake, bot, [CAROL, BOB], pace=HOUR, channel=OTHER_CHANNEL_ID)
    hand = await slow.open_hand(BOB)
    assert "Alert me" in fake.labels(hand)
    stranger = await slow.press(DAN, "Alert me", hand)  # a forwarded hand: not Dan's
    assert (
        "no seat" in fake.reply_text(stranger)
        and await bot.manager.store.turn_alerts(DAN.id) is None
    )
    answer = await slow.press(BOB, "Alert me", hand)
    [sent] = [s for s in fake.replies_to(answer) if s.kind == "callback"]
    assert "Turn alerts are **on**" in sent.text and sent.audience == BOB.id
    assert (await bot.manager.store.turn_alerts(BOB.id)).enabled


async def test_a_simultaneous_round_alerts_each_person_once(
    fake: FakeDiscord, tmp_path: Any
) -> None:
    """Turn the Tide: everyone chooses at once. The round's start alerts all three; a choice
    made alerts nobody (the others were waiting already); the next round alerts the two who
    chose earlier, not the one whose choice ended the round."""
    clock = Clock()
    bot = await start_bot(fake, tmp_path / "tw.sqlite3", clock=clock)
    for person in (ALICE, BOB, CAROL):
        await notify(fake, bot, person)
    table = await open_table(fake, bot, [ALICE, BOB, CAROL], pace=HOUR, game="turn_the_tide")
    assert [len(fake.dms(p.id)) for p in (ALICE, BOB, CAROL)] == [1, 1, 1]
    await play(table, ALICE)
    await play(table, BOB)
    assert [len(fake.dms(p.id)) for p in (ALICE, BOB, CAROL)] == [1, 1, 1]
    await table.later(clock, PRESENT_SECONDS + 1)  # Alice and Bob have left the table
    await play(table, CAROL)  # the round ends: a new one waits on all three
    _info, state = await bot.manager.state(table.game_id)
    assert set(bot.manager._games[table.game_id].engine.to_act(state)) == {0, 1, 2}
    await table.later(clock, 600)  # their windows end
    assert [len(fake.dms(p.id)) for p in (ALICE, BOB, CAROL)] == [2, 2, 1]


def test_a_starting_game_links_its_lobby_message_which_becomes_the_table() -> None:
    """Start is committed (and alerted) a moment before the table's message id is recorded:
    the lobby message is the one Start turns into the table, so the link goes there, never to
    the bare channel (a DM written in that moment linked the channel: seen under load)."""
    from tests.bot.phone import info_of

    info = info_of("high_card", 2, 1)
    base = f"https://discord.com/channels/{info.guild_id}/{info.channel_id}"
    assert jump_url(dataclasses.replace(info, messages={"lobby": 5})) == f"{base}/5"
    assert jump_url(dataclasses.replace(info, messages={"lobby": 5, "table": 9})) == f"{base}/9"
    assert jump_url(info) == base
