"""Fewer requests per move with people at the table (issue 19): a person who is playing sees
their turn on their open hand and in the table's text, without a notification and without the
table being posted anew; someone who has been away for a while is notified by the table posted
at the bottom; and an open hand whose moves did not change waits a few seconds before it shows
another seat's move, then catches up."""

from __future__ import annotations

from typing import Any

from games import registry
from tests.bot.flows import Table
from tests.bot.harness import Clock, User, start_bot

ALICE, BOB, CAROL = User(1001, "Alice"), User(1002, "Bob"), User(1003, "Carol")
PEOPLE = [ALICE, BOB, CAROL]
OPTIONS = "novice = true\nfirst_dealer = 1"


def table_writes(fake: Any, game_id: int, since: int = 0) -> list[Any]:
    """Public posts and edits of the game's table from request number ``since`` on."""
    return [
        s
        for s in fake.sent[since:]
        if s.kind in ("edit", "send") and s.audience is None and f"t:{game_id}:hand" in s.text
    ]


async def move(table: Table) -> tuple[int, int]:
    """The seat to act clicks its first legal move; returns (that seat, the next one)."""
    info, state = await table.bot.manager.state(table.game_id)
    engine = registry.get(info.game)
    seat = engine.to_act(state)[0]
    await table.act(table.users[seat], engine.legal_actions(state, seat)[0].code)
    info, state = await table.bot.manager.state(table.game_id)
    return seat, engine.to_act(state)[0]


async def test_a_person_at_the_table_is_shown_the_turn_without_a_notification(
    fake, tmp_path
) -> None:
    clock = Clock()
    bot = await start_bot(
        fake, tmp_path / "tw.sqlite3", clock=clock, active_seconds=60.0, repost_after=120.0
    )
    table = Table(fake, bot)
    try:
        await table.start_game("rowboat", PEOPLE, 0, OPTIONS)
        for person in PEOPLE:
            await table.open_hand(person)
        # everyone is at the table: the next person's turn edits the table in place, naming
        # them in its text, and notifies nobody
        since = len(fake.sent)
        _seat, nxt = await move(table)
        await table.settle()
        writes = table_writes(fake, table.game_id, since)
        assert [w.kind for w in writes] == ["edit"]
        assert f"<@{table.users[nxt].id}>" in writes[0].payload["content"]
        assert writes[0].payload["allowed_mentions"] == {"parse": []}
        # a minute later, the person to act moves; the one after them has not touched their
        # hand for that minute: the table is posted anew at the bottom, notifying them
        clock.now += 61
        since = len(fake.sent)
        _seat, nxt = await move(table)
        await table.settle()
        writes = table_writes(fake, table.game_id, since)
        assert [w.kind for w in writes] == ["send"]
        assert writes[0].payload["allowed_mentions"]["users"] == [table.users[nxt].id]
        info = await bot.manager.get(table.game_id)
        assert fake.channel_messages(info.channel_id) == [info.messages["table"]]
        # a table posted more than repost_after ago is posted anew at a person's turn even when
        # that person is at the table (it may have scrolled away), still notifying nobody
        clock.now += 121
        info, state = await bot.manager.state(table.game_id)
        engine = registry.get(info.game)
        current = engine.to_act(state)[0]
        for person in PEOPLE:
            await table.open_hand(person)
        since = len(fake.sent)
        seat, nxt = await move(table)
        assert seat == current and nxt != seat
        await table.settle()
        writes = table_writes(fake, table.game_id, since)
        assert [w.kind for w in writes] == ["send"]
        assert writes[0].payload["allowed_mentions"]["users"] == []
        assert f"<@{table.users[nxt].id}>" in writes[0].payload["content"]
    finally:
        await bot.close()


async def test_a_waiting_hand_catches_up_later_and_a_hand_whose_moves_change_at_once(
    fake, tmp_path
) -> None:
    clock = Clock()
    bot = await start_bot(fake, tmp_path / "tw.sqlite3", clock=clock, hand_context_seconds=10.0)
    table = Table(fake, bot)
    try:
        await table.start_game("rowboat", PEOPLE, 0, OPTIONS)
        for person in PEOPLE:
            await table.open_hand(person)
        engine = registry.get("rowboat")
        for _ in range(60):  # until a move leaves a third seat's moves as they were
            info, state = await bot.manager.state(table.game_id)
            before = engine.to_act(state)
            if len(before) != 1:
                await move(table)
                continue
            seat = before[0]
            others = [s for s in range(3) if s != seat]
            moves = {s: [a.code for a in engine.legal_actions(state, s)] for s in others}
            since = len(fake.sent)
            _, nxt = await move(table)
            await table.settle()
            _info, state = await bot.manager.state(table.game_id)
            waiting = [
                s
                for s in others
                if s != nxt and moves[s] == [a.code for a in engine.legal_actions(state, s)]
            ]
            if nxt == seat or not waiting:
                continue
            hand_of = {s: table.hands[table.users[s].id] for s in range(3)}
            edited = {
                s
                for s in range(3)
                for sent in fake.sent[since:]
                if sent.kind == "hook-edit" and sent.audience == table.users[s].id
            }
            # the seat whose turn began was redrawn at once; the waiting one was not
            assert nxt in edited and waiting[0] not in edited
            assert table.game_id in bot.publisher._later  # its catch-up is scheduled
            # ten seconds on, the catch-up publishes: the waiting hand shows the move
            clock.now += 10
            since = len(fake.sent)
            bot.publisher.touch(table.game_id)
            await table.settle()
            catch_up = [
                s
                for s in fake.sent[since:]
                if s.kind == "hook-edit" and s.audience == table.users[waiting[0]].id
            ]
            assert len(catch_up) == 1 and hand_of[waiting[0]] in fake.messages
            info, state = await bot.manager.state(table.game_id)
            embed, _view = bot.tables.presenter.hand_message(info, state, waiting[0])
            assert catch_up[0].payload["embeds"][0] == embed.to_dict()  # the hand as it is now
            return
        raise AssertionError("no move left a third seat waiting")
    finally:
        await bot.close()
