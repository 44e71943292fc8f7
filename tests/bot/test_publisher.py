"""Table edits are coalesced: a burst of AI moves yields one write of the table with the latest
state (a repost at the bottom when it calls a person, else an edit); hand messages refresh
through live tokens only, never through one older than 15 minutes."""

from __future__ import annotations

import dataclasses
import io
import json
import logging
from typing import Any

from PIL import Image

from bot.render import TableContext
from games import registry
from tests.bot.flows import Table
from tests.bot.harness import CHANNEL_ID, Clock, User, start_bot

ALICE, BOB = User(1001, "Alice"), User(1002, "Bob")


def table_writes(fake: Any, game_id: int) -> list[Any]:
    """Every public post or edit of the game's table (wherever it is in the channel)."""
    return [
        s
        for s in fake.sent
        if s.kind in ("edit", "send") and s.audience is None and f"t:{game_id}:hand" in s.text
    ]


async def test_a_burst_of_ai_moves_is_one_table_edit_with_the_latest_state(fake, tmp_path) -> None:
    bot = await start_bot(fake, tmp_path / "tw.sqlite3", edit_interval=5.0)

    async def until_quiet(_seconds: float) -> None:  # the batching window, driven by events
        await bot.manager.settle()

    bot.publisher.sleep = until_quiet
    table = Table(fake, bot)
    try:
        # the AI dealer decides the Moon, AIs pass cards
        await table.start_game("rowboat", [ALICE], 3, "novice = true\nfirst_dealer = 3")
        versions = (await bot.manager.get(table.game_id)).version
        assert versions >= 2  # several AI moves happened in that burst
        edits = table_writes(fake, table.game_id)
        assert len(edits) == 1
        # The one write shows the state after the whole burst; it calls Alice, so it is the
        # table posted anew at the bottom, and the lobby message it was is gone.
        info, state = await bot.manager.state(table.game_id)
        embed, _view = bot.tables.presenter.table_message(info, state)
        assert edits[0].payload["embeds"][0]["footer"] == embed.to_dict()["footer"]
        assert edits[0].kind == "send" and f"<@{ALICE.id}>" in edits[0].payload["content"]
        assert table.first in fake.deleted and table.lobby == edits[0].message_id
        assert fake.channel_messages(info.channel_id) == [table.lobby]
        # Alice passes a card: her click is answered by updating her hand message, and the
        # AIs' bids that follow arrive on the table as one more edit.
        hand = await table.open_hand(ALICE)
        code = next(c for c in table.controls(hand) if c[0].startswith("pass:"))[0]
        token = await table.act(ALICE, code)
        # one answer, sent after the commit: an update of the hand message, no defer + edit
        answers = [s for s in fake.replies_to(token) if s.kind == "callback"]
        assert [s.callback_type for s in answers] == [7]
        # ... which does not ask Discord to send the edited message back (nobody reads it)
        assert answers[0].notes.get("no_response") is True
        assert not any(s.kind == "hook-edit" for s in fake.replies_to(token))
        assert len(table_writes(fake, table.game_id)) == 2
        assert isinstance(bot.tables.presenter.context(info), TableContext)
    finally:
        await bot.close()


async def test_hand_messages_refresh_only_through_live_tokens(fake, tmp_path) -> None:
    clock = Clock()
    bot = await start_bot(fake, tmp_path / "tw.sqlite3", clock=clock)
    table = Table(fake, bot)
    try:
        await table.start_game("rowboat", [ALICE, BOB], 0, "novice = true\nfirst_dealer = 1")
        alice_hand = await table.open_hand(ALICE)
        alice_token = next(t for t, v in fake.tokens.items() if v.original == alice_hand)
        # Bob's Moon choice changes the table: Alice's open hand is refreshed in place.
        await table.act(BOB, "nomoon")
        refreshed = [s for s in fake.sent if s.kind == "hook-edit" and alice_token in s.path]
        assert refreshed and refreshed[-1].audience == ALICE.id
        assert "Your move" in refreshed[-1].text or "Waiting" in refreshed[-1].text
        # At 14 minutes the token still carries refreshes; at 15 it is dead and unused.
        count = len([s for s in fake.sent if alice_token in s.path])
        clock.now += 14 * 60 - 1
        await any_move(bot, table.game_id)
        await table.settle()
        assert len([s for s in fake.sent if alice_token in s.path]) == count + 1
        clock.now += 61
        await any_move(bot, table.game_id)
        await table.settle()
        assert len([s for s in fake.sent if alice_token in s.path]) == count + 1
        # Re-opening via My hand works and gives a fresh private message.
        token = await table.press(ALICE, "My hand")
        assert token.original != alice_hand
    finally:
        await bot.close()


async def test_a_deleted_table_message_is_posted_again(fake, tmp_path) -> None:
    bot = await start_bot(fake, tmp_path / "tw.sqlite3")
    table = Table(fake, bot)
    try:
        await table.start_game("rowboat", [ALICE, BOB], 0, "novice = true\nfirst_dealer = 1")
        fake.fail_next.append((rf"/messages/{table.lobby}$", 404))
        await table.act(BOB, "nomoon")
        info = await bot.manager.get(table.game_id)
        new = info.messages["table"]
        assert new != table.lobby and "My hand" in fake.labels(new)
        assert fake.messages[new]["flags"] == 0  # public, like the table it replaces
    finally:
        await bot.close()


#: pictures on, and people who opened their hand are at the table: a turn edits the table in
#: place rather than posting it anew at the bottom
AT_THE_TABLE: dict[str, Any] = {"pictures": True, "active_seconds": 3600.0, "repost_after": 3600.0}


async def test_a_deleted_table_is_posted_again_with_its_whole_picture(fake, tmp_path) -> None:
    """The failed edit read the picture to its end; the repost must send it from the start
    (discord.py rewinds a file only between retries of one request)."""
    bot = await start_bot(fake, tmp_path / "tw.sqlite3", **AT_THE_TABLE)
    table = Table(fake, bot)
    try:
        await table.start_game("rowboat", [ALICE, BOB], 0, "novice = true\nfirst_dealer = 1")
        await table.open_hand(ALICE)
        fake.fail_next.append((rf"/messages/{table.lobby}$", 404))
        await table.act(BOB, "nomoon")
        new = (await bot.manager.get(table.game_id)).messages["table"]
        assert new != table.first
        [post] = [s for s in fake.sent if s.kind == "send" and s.message_id == new]
        picture = post.notes["files"]["table.png"]
        Image.open(io.BytesIO(picture)).verify()
    finally:
        await bot.close()


async def test_a_thread_that_archived_itself_is_opened_for_the_table_edit(fake, tmp_path) -> None:
    """A game's thread archives itself after a week without a message (the bot asks for the
    longest wait); a move in a slow game then reopens it and edits the table as usual."""
    from tests.bot.test_interactions import ADMIN

    bot = await start_bot(fake, tmp_path / "tw.sqlite3", **AT_THE_TABLE)
    table = Table(fake, bot)
    try:
        await table.run(fake.command(bot, ADMIN, "admin", {"threads": True}, sub="settings"))
        await table.run(fake.command(bot, ALICE, "play", {"game": "rowboat"}))
        [opened] = [s for s in fake.sent if s.kind == "thread"]
        assert (opened.payload or {})["auto_archive_duration"] == 10080
        thread = opened.channel_id or 0
        info = await bot.manager.game_in_channel(thread)
        assert info is not None
        table.game_id, table.lobby = info.id, info.messages["lobby"]
        await table.press(BOB, "Join")
        await table.set_options(ALICE, "novice = true\nfirst_dealer = 1")
        table.users = {0: ALICE, 1: BOB}
        await table.press(ALICE, "Start")
        await table.seat_map()
        await table.open_hand(ALICE)
        await table.open_hand(BOB)
        first = table.lobby
        before = json.dumps(fake.messages[first]["embeds"], ensure_ascii=False)

        fake.archived.add(thread)
        await table.act(BOB, "nomoon")
        await table.settle()
        assert thread not in fake.archived
        [reopen] = [n for n, s in enumerate(fake.sent) if s.kind == "channel"]
        assert fake.sent[reopen].payload == {"archived": False}
        assert fake.sent[reopen - 1].kind == "refused"  # the edit Discord refused first
        # then the table message was edited in place (not posted anew), picture and all
        [edit] = [s for s in fake.sent[reopen:] if s.kind == "edit" and s.message_id == first]
        assert "to decide on the Moon" in before and "Alice to play" in edit.text
        Image.open(io.BytesIO(edit.notes["files"]["table.png"])).verify()
        assert table.lobby == first
    finally:
        await bot.close()


async def test_a_table_discord_refuses_does_not_freeze_the_hands(fake, tmp_path) -> None:
    """The bot lost Send Messages in the channel: the table post that calls the next player
    is refused (403), yet that player's open hand still turns to their move and says why the
    table stands still; the call is made again at the next table write, and the note goes."""
    bot = await start_bot(fake, tmp_path / "tw.sqlite3")
    table = Table(fake, bot)
    try:
        await table.start_game("rowboat", [ALICE, BOB], 0, "novice = true\nfirst_dealer = 1")
        alice_hand = await table.open_hand(ALICE)
        assert "To act: Bob" in fake.messages[alice_hand]["embeds"][0]["footer"]["text"]
        fake.fail_next.append((rf"/channels/{CHANNEL_ID}/messages$", 403))
        since = len(fake.sent)
        await table.act(BOB, "nomoon")
        assert not fake.fail_next  # the table post was refused
        assert not [s for s in fake.sent[since:] if s.kind == "send"]
        assert "To act: you" in fake.messages[alice_hand]["embeds"][0]["footer"]["text"]
        # ... and says why the table stands still
        assert "can't update the table" in str(fake.messages[alice_hand]["embeds"])
        # permission back: the next write of the table calls Alice, whose call was refused
        bot.publisher.touch(table.game_id)
        await table.settle()
        [post] = [s for s in fake.sent[since:] if s.kind == "send"]
        assert f"<@{ALICE.id}>" in str((post.payload or {}).get("content"))
        assert "can't update the table" not in str(fake.messages[alice_hand]["embeds"])
    finally:
        await bot.close()


async def test_a_table_refused_in_an_outage_is_written_again_later(fake, tmp_path, caplog) -> None:
    """Discord answers 503 past discord.py's own retries: the table is written again after
    ``retry_after`` (0 here) instead of standing still until the next move, and the outage is
    a warning line, not an error."""
    caplog.set_level(logging.WARNING)
    bot = await start_bot(fake, tmp_path / "tw.sqlite3")
    table = Table(fake, bot)
    try:
        await table.start_game("rowboat", [ALICE, BOB], 0, "novice = true\nfirst_dealer = 1")
        bot.publisher.retry_after = 0.0
        fake.fail_next.append((rf"/channels/{CHANNEL_ID}/messages", 503))
        since = len(fake.sent)
        await table.act(BOB, "nomoon")
        refused = [s for s in fake.sent[since:] if s.kind == "refused"]
        assert len(refused) == 1 and not fake.fail_next
        written = [s for s in fake.sent[since:] if s.kind in ("send", "edit")]
        assert written and fake.sent.index(written[-1]) > fake.sent.index(refused[0])
        assert f"<@{ALICE.id}>" in fake.messages[table.lobby]["content"]  # her turn shows
        assert not [r for r in caplog.records if r.levelno >= logging.ERROR]
    finally:
        await bot.close()


async def any_move(bot: Any, game_id: int) -> None:
    """The first legal move of the seat to act, through the manager (no click)."""
    info, state = await bot.manager.state(game_id)
    engine = registry.get(info.game)
    seat = engine.to_act(state)[0]
    await bot.manager.act(game_id, seat, engine.legal_actions(state, seat)[0].code, info.version)


async def test_a_move_that_changes_nothing_in_a_hand_sends_it_nothing(fake, tmp_path) -> None:
    """Other players' open hands are edited only when what they show changed: a refresh
    drawing the same hand again sends no request (the controls' version aside)."""
    bot = await start_bot(fake, tmp_path / "tw.sqlite3")
    table = Table(fake, bot)
    try:
        await table.start_game("rowboat", [ALICE, BOB], 0, "novice = true\nfirst_dealer = 1")
        alice_hand = await table.open_hand(ALICE)
        alice_token = next(t for t, v in fake.tokens.items() if v.original == alice_hand)
        await table.act(BOB, "nomoon")
        await table.settle()
        count = len([s for s in fake.sent if alice_token in s.path])
        info, state = await bot.manager.state(table.game_id)
        # the same state at a later version: nothing she sees differs
        await bot.tables.hands.refresh(dataclasses.replace(info, version=info.version + 1), state)
        assert len([s for s in fake.sent if alice_token in s.path]) == count
    finally:
        await bot.close()
