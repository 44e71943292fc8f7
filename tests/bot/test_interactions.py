"""Who may do what, double clicks and stale buttons, a restart mid-game, and the other commands,
all through real discord.py code and the real session manager on SQLite."""

from __future__ import annotations

import copy
import logging
import random

from bot.controls import OOPS, table_id
from games import registry
from tests.bot.flows import Table, new_table
from tests.bot.harness import (
    ADMIN_PERMS,
    CHANNEL_ID,
    GUILD_ID,
    OTHER_CHANNEL_ID,
    FakeDiscord,
    Mention,
    User,
    start_bot,
)

ALICE, BOB, DAVE = User(1001, "Alice"), User(1002, "Bob"), User(1004, "Dave")
ADMIN = User(1099, "Admin", permissions=ADMIN_PERMS)
ROLE = 5555
MOD = User(1098, "Mod", roles=(ROLE,))


def private_reply(fake: FakeDiscord, token, words: str) -> None:
    """The interaction was answered once, privately, with ``words`` in it."""
    replies = [s for s in fake.replies_to(token) if s.kind in ("callback", "followup", "hook-edit")]
    assert replies, "the interaction was never answered"
    assert all(s.audience == token.user_id for s in replies), [s.text for s in replies]
    assert words.lower() in " ".join(s.text for s in replies).lower()


async def live_table(fake: FakeDiscord, tmp_path, *, ai: int = 1, people=(ALICE,)) -> Table:
    table = await new_table(fake, tmp_path)
    options = "novice = true\ntarget_score = 30\nfirst_dealer = 1"
    await table.start_game("rowboat", people, ai, options)
    return table


async def test_lobby_host_controls_refuse_others_and_change_nothing(fake, tmp_path) -> None:
    bot = await start_bot(fake, tmp_path / "tw.sqlite3")
    table = Table(fake, bot)
    try:
        await table.open(ALICE)
        await table.press(BOB, "Join")
        before_msg = copy.deepcopy(fake.messages[table.lobby])
        before = await bot.manager.get(table.game_id)
        for label, words in (
            ("Start", "host"),
            ("Add AI", "host"),
            ("Cancel", "host"),
            ("Options", "Only the host"),
        ):
            token = await table.press(BOB, label)
            private_reply(fake, token, words)
        assert fake.messages[table.lobby] == before_msg
        assert await bot.manager.get(table.game_id) == before
        # A second /play in the same channel is refused while this lobby is open.
        token = await table.run(fake.command(bot, BOB, "play", {"game": "rowboat"}))
        private_reply(fake, token, "")
        assert len(await bot.manager.live_games()) == 1
        # Bad options get a readable line and change nothing.
        token = await table.set_options(ALICE, "lighthouse_seconds = 5")
        private_reply(fake, token, "lighthouse_seconds")
        token = await table.set_options(ALICE, "tagret_score = 10")
        private_reply(fake, token, "Unknown option")
        assert (await bot.manager.get(table.game_id)).options == before.options
        # The host cancels: the lobby closes and loses its buttons.
        await table.press(ALICE, "Cancel")
        assert fake.messages[table.lobby]["components"] == []
        assert (await bot.manager.get(table.game_id)).status == "abandoned"
    finally:
        await bot.close()


async def test_seat_buttons_work_only_for_their_seat(fake, tmp_path) -> None:
    table = await live_table(fake, tmp_path, ai=0, people=(ALICE, BOB))
    bot = table.bot
    try:
        await table.act(BOB, "nomoon")  # Bob deals (first_dealer = 1)
        hand = await table.open_hand(ALICE)
        _code, cid, value = table.controls(hand)[0]
        info_before = await bot.manager.get(table.game_id)
        for intruder, words in ((BOB, "another player's seat"), (DAVE, "no seat")):
            token = await table.click(intruder, hand, cid, value)
            private_reply(fake, token, words)
        token = await table.run(fake.click(bot, DAVE, table.lobby, table_id(table.game_id, "hand")))
        private_reply(fake, token, "no seat")
        token = await table.run(fake.command(bot, DAVE, "hand"))
        private_reply(fake, token, "no seat")
        assert (await bot.manager.get(table.game_id)).version == info_before.version
    finally:
        await bot.close()


async def test_double_clicks_and_stale_buttons_apply_once(fake, tmp_path) -> None:
    table = await live_table(fake, tmp_path, ai=0, people=(ALICE, BOB))
    bot = table.bot
    try:
        hand = await table.open_hand(BOB)
        old = copy.deepcopy(fake.messages[hand])
        [(_, cid, _)] = [c for c in table.controls(hand) if c[0] == "nomoon"]
        # Two clicks in flight at once, then a third on the same (now old) button.
        first = fake.click(bot, BOB, hand, cid)
        second = fake.click(bot, BOB, hand, cid)
        await table.settle()
        fake.messages[hand] = old  # the client still shows the old message
        third = await table.run(fake.click(bot, BOB, hand, cid))
        log = await bot.manager.actions(table.game_id)
        assert [code for _, seat, code in log if seat == 1] == ["nomoon"]
        moved_on = [t for t in (first, second, third) if "moved on" in fake.reply_text(t)]
        assert len(moved_on) == 2
        for token in moved_on:  # answered privately, with the current hand
            private_reply(fake, token, "Your hand")
    finally:
        await bot.close()


async def test_restart_mid_game_resumes_and_old_buttons_work(fake, tmp_path) -> None:
    table = await live_table(fake, tmp_path, ai=1, people=(ALICE,))
    rng = random.Random(7)
    info, state = await table.bot.manager.state(table.game_id)
    engine = registry.get("rowboat")
    # Play a few of Alice's moves, then stop the bot between two of them.
    for _ in range(3):
        info, state = await table.bot.manager.state(table.game_id)
        hand = await table.open_hand(ALICE)
        offered = [c for c in table.controls(hand) if c[0] != "lighthouse"]
        _, cid, value = rng.choice(offered)
        await table.click(ALICE, hand, cid, value)
    hand = await table.open_hand(ALICE)
    before = await table.bot.manager.state(table.game_id)
    await table.bot.close()

    def writes() -> int:  # posts or edits of the table, wherever it is in the channel
        mark = f"t:{table.game_id}:hand"
        return len([s for s in fake.sent if s.kind in ("edit", "send") and mark in s.text])

    edits = writes()
    bot = await start_bot(fake, tmp_path / "tw.sqlite3")
    table.bot = bot
    try:
        await table.settle()
        # The new process brings the resumed table up to date by itself.
        assert writes() > edits
        info, state = await bot.manager.state(table.game_id)
        assert info.version == before[0].version and engine.dump(state) == engine.dump(before[1])
        # The old hand message's controls still work on the new process.
        offered = [c for c in table.controls(hand) if c[0] != "lighthouse"]
        code, cid, value = offered[0]
        token = await table.click(ALICE, hand, cid, value)
        assert "moved on" not in fake.reply_text(token)
        log = await bot.manager.actions(table.game_id)
        assert (0, code) in [(seat, c) for _, seat, c in log]
        # And the old table's My hand button too; then the game plays to its end.
        token = await table.press(ALICE, "My hand")
        private_reply(fake, token, "Your hand")
        await table.play_out(rng)
        assert (await bot.manager.get(table.game_id)).status == "finished"
    finally:
        await bot.close()


async def test_admin_commands_are_checked_on_use(fake, tmp_path) -> None:
    table = await live_table(fake, tmp_path, ai=0, people=(ALICE, BOB))
    bot = table.bot
    try:
        for sub in ("end", "games", "settings"):
            token = await table.run(fake.command(bot, ALICE, "admin", sub=sub))
            private_reply(fake, token, "Only server admins")
        token = await table.run(fake.command(bot, ALICE, "admin", {"user": BOB}, sub="kick"))
        private_reply(fake, token, "Only server admins")
        assert (await bot.manager.get(table.game_id)).status == "live"
        assert (await bot.manager.get(table.game_id)).seats[1].user_id == BOB.id

        token = await table.run(fake.command(bot, ADMIN, "admin", sub="games"))
        private_reply(fake, token, f"#{table.game_id}")
        # The admin role counts once it is set.
        role = {
            "roles": {
                str(ROLE): {
                    "id": str(ROLE),
                    "name": "mods",
                    "color": 0,
                    "hoist": False,
                    "position": 1,
                    "permissions": "0",
                    "managed": False,
                    "mentionable": False,
                }
            }
        }
        token = await table.run(
            fake.command(
                bot, ADMIN, "admin", {"admin_role": Mention(8, ROLE)}, sub="settings", resolved=role
            )
        )
        private_reply(fake, token, "Saved")
        assert (await bot.manager.guild_settings(GUILD_ID)).admin_role_id == ROLE
        token = await table.run(fake.command(bot, MOD, "admin", {"user": BOB}, sub="kick"))
        private_reply(fake, token, "removed")
        info = await bot.manager.get(table.game_id)
        assert info.seat_of(BOB.id) is None and info.seats[1].is_ai
        token = await table.run(fake.command(bot, MOD, "admin", sub="end"))
        private_reply(fake, token, "ended")
        assert (await bot.manager.get(table.game_id)).status == "abandoned"
        assert fake.messages[table.lobby]["components"] == []
        assert "was ended" in fake.messages[table.lobby]["content"]  # said on the table itself
    finally:
        await bot.close()


async def test_threads_games_rules_and_hand(fake, tmp_path) -> None:
    bot = await start_bot(fake, tmp_path / "tw.sqlite3")
    table = Table(fake, bot)
    try:
        token = await table.run(fake.command(bot, ALICE, "games"))
        private_reply(fake, token, "No games")
        for game in registry.names():
            token = await table.run(fake.command(bot, ALICE, "rules", {"game": game}))
            private_reply(fake, token, registry.get(game).title)
        token = await table.run(fake.command(bot, ALICE, "hand"))
        private_reply(fake, token, "no game in this channel")

        token = await table.run(
            fake.command(bot, ADMIN, "admin", {"threads": True}, sub="settings")
        )
        private_reply(fake, token, "Thread per game: on")
        token = await table.run(fake.command(bot, ALICE, "play", {"game": "rowboat"}))
        [thread] = [s for s in fake.sent if s.kind == "thread"]
        lobby = [s for s in fake.sent if s.kind == "send" and s.channel_id == thread.channel_id]
        assert lobby and "Join" in lobby[0].text
        private_reply(fake, token, f"<#{thread.channel_id}>")
        # A second game in the same channel gets its own thread.
        await table.run(fake.command(bot, BOB, "play", {"game": "rowboat"}))
        assert len([s for s in fake.sent if s.kind == "thread"]) == 2
        token = await table.run(fake.command(bot, DAVE, "games", channel_id=OTHER_CHANNEL_ID))
        private_reply(fake, token, "lobby")
        assert fake.reply_text(token).count("Rowboat") == 2
    finally:
        await bot.close()


async def test_an_unexpected_error_reaches_the_user_as_one_polite_line(fake, tmp_path) -> None:
    bot = await start_bot(fake, tmp_path / "tw.sqlite3")
    table = Table(fake, bot)

    async def broken(*args, **kwargs):
        raise RuntimeError("database on fire")

    try:
        bot.manager.live_games = broken
        token = await table.run(fake.command(bot, ALICE, "games"))
        private_reply(fake, token, OOPS)
        assert "database on fire" not in fake.reply_text(token)
        assert "Traceback" not in fake.reply_text(token)
        await table.open(ALICE)
        bot.manager.join = broken
        token = await table.press(BOB, "Join")
        private_reply(fake, token, OOPS)
    finally:
        await bot.close()


async def test_an_options_form_sent_before_a_restart_is_still_answered(fake, tmp_path) -> None:
    bot = await start_bot(fake, tmp_path / "tw.sqlite3")
    table = Table(fake, bot)
    await table.open(ALICE)
    token = await table.press(ALICE, "Options")
    modal = next(s for s in fake.replies_to(token) if s.kind == "modal")
    await bot.close()
    bot = await start_bot(fake, tmp_path / "tw.sqlite3")
    table.bot = bot
    try:
        data = (modal.payload or {})["data"]
        token = await table.run(fake.submit_modal(bot, ALICE, data, "novice = yes", table.lobby))
        assert "Options saved" in fake.reply_text(token)
        assert (await bot.manager.get(table.game_id)).options.get("novice") is True
        # Someone else's submission (a forged one) is refused like the button.
        token = await table.run(fake.submit_modal(bot, BOB, data, "novice = no", table.lobby))
        private_reply(fake, token, "host")
        assert (await bot.manager.get(table.game_id)).options.get("novice") is True
    finally:
        await bot.close()


async def test_a_click_made_before_another_seats_move_still_counts_once(fake, tmp_path) -> None:
    # 4p exchange: everyone passes at once; Bob's pass makes Alice's open hand one version old.
    table = await live_table(fake, tmp_path, ai=2, people=(ALICE, BOB))
    bot = table.bot
    try:
        await table.act(BOB, "nomoon")  # Bob deals (first_dealer = 1)
        alice = await table.open_hand(ALICE)
        old = copy.deepcopy(fake.messages[alice])
        await table.act(
            BOB,
            next(c for c in table.controls(await table.open_hand(BOB)) if c[0].startswith("pass:"))[
                0
            ],
        )
        fake.messages[alice] = copy.deepcopy(old)  # Alice's screen has not caught up yet
        code, cid, value = next(c for c in table.controls(alice) if c[0].startswith("pass:"))
        token = await table.run(fake.click(bot, ALICE, alice, cid, [value] if value else None))
        assert "moved on" not in fake.reply_text(token)
        log = await bot.manager.actions(table.game_id)
        assert [c for _, seat, c in log if seat == 0] == [code]
        fake.messages[alice] = copy.deepcopy(old)  # and the same old button again: now it is stale
        token = await table.run(fake.click(bot, ALICE, alice, cid, [value] if value else None))
        assert "moved on" in fake.reply_text(token)
        assert [c for _, seat, c in await bot.manager.actions(table.game_id) if seat == 0] == [code]
    finally:
        await bot.close()


async def test_admin_changes_to_a_lobby_show_on_the_lobby_message(fake, tmp_path) -> None:
    bot = await start_bot(fake, tmp_path / "tw.sqlite3")
    table = Table(fake, bot)
    try:
        await table.open(ALICE)
        await table.press(BOB, "Join")
        assert f"<@{BOB.id}>" in str(fake.messages[table.lobby]["embeds"])
        token = await table.run(fake.command(bot, ADMIN, "admin", {"user": BOB}, sub="kick"))
        private_reply(fake, token, "removed")
        assert f"<@{BOB.id}>" not in str(fake.messages[table.lobby]["embeds"])
        assert "Join" in fake.labels(table.lobby)
        token = await table.run(fake.command(bot, ADMIN, "admin", sub="end"))
        private_reply(fake, token, "ended")
        assert fake.messages[table.lobby]["components"] == []
        assert await bot.manager.game_in_channel(CHANNEL_ID) is None
    finally:
        await bot.close()


async def test_kicking_the_last_person_ends_the_game_and_says_so(fake, tmp_path) -> None:
    table = await live_table(fake, tmp_path)
    bot = table.bot
    try:
        token = await table.run(fake.command(bot, ADMIN, "admin", {"user": ALICE}, sub="kick"))
        private_reply(fake, token, "the game has ended")
        info = await bot.manager.get(table.game_id)
        assert info.status == "abandoned"
        assert await bot.manager.game_in_channel(CHANNEL_ID) is None
        # the public table no longer offers controls
        assert fake.messages[table.lobby]["components"] == [] or "My hand" not in fake.labels(
            table.lobby
        )
    finally:
        await bot.close()


# ---- every interaction gets an answer (issue 12 items 5, 6 and 8) ----------------------------


def plant(fake: FakeDiscord, message: int, custom_id: str) -> None:
    """Put a button with ``custom_id`` on ``message`` (a forged or older message's control)."""
    button = {"type": 2, "custom_id": custom_id, "label": "x", "style": 2}
    fake.messages[message]["components"].append({"type": 1, "components": [button]})


def no_traceback(caplog) -> None:
    """Nothing above a WARNING line reached the log."""
    assert [r.getMessage() for r in caplog.records if r.levelno > logging.WARNING] == []


async def test_forged_and_unknown_controls_get_a_private_answer(fake, tmp_path, caplog) -> None:
    table = await live_table(fake, tmp_path, ai=0, people=(ALICE, BOB))
    bot = table.bot
    try:
        before = await bot.manager.actions(table.game_id)
        big = "9999999999999999999"  # 19 digits: more than SQLite's INTEGER holds
        cases = [
            ("zz:1:nothing", 2, "not one Tidewater knows"),
            ("g:1", 2, "not one Tidewater knows"),
            (f"t:{big}:hand", 2, f"no game #{big}"),
            (f"h:{big}:refresh", 2, f"no game #{big}"),
            (f"l:{big}:join", 2, f"no game #{big}"),
            (f"g:{big}:s0:v1:nomoon", 2, f"no game #{big}"),
            (f"gn:{big}:s0:v1:x", 2, f"no game #{big}"),
        ]
        for custom_id, kind, words in cases:
            # a click on a control that is not on the message, then on a message forged with it
            token = await table.run(fake.forge(bot, ALICE, table.lobby, custom_id, kind))
            private_reply(fake, token, "not one Tidewater knows")
            button = {"type": kind, "custom_id": custom_id, "label": "x", "style": 2}
            fake.messages[table.lobby]["components"].append({"type": 1, "components": [button]})
            token = await table.run(fake.forge(bot, ALICE, table.lobby, custom_id, kind))
            private_reply(fake, token, words)
            fake.messages[table.lobby]["components"].pop()
        token = await table.run(fake.command(bot, ADMIN, "admin", {"game": 2**63}, sub="end"))
        private_reply(fake, token, f"no game #{2**63}")
        token = await table.run(fake.command(bot, ALICE, "play", {"game": "chess"}))
        private_reply(fake, token, "'chess' is not a value this option takes")
        assert await bot.manager.actions(table.game_id) == before
        assert (await bot.manager.get(table.game_id)).status == "live"
        no_traceback(caplog)
    finally:
        await bot.close()


async def test_controls_of_a_cancelled_lobby_answer_clearly(fake, tmp_path, caplog) -> None:
    table = await new_table(fake, tmp_path)
    bot = table.bot
    try:
        await table.open(ALICE)
        join = fake.button(table.lobby, "Join")
        await table.press(ALICE, "Cancel")
        plant(fake, table.lobby, join)
        token = await table.run(fake.forge(bot, BOB, table.lobby, join))
        replies = fake.replies_to(token)
        assert replies and all(s.audience == BOB.id for s in replies)
        for custom_id in (f"g:{table.game_id}:s0:v0:nomoon", table_id(table.game_id, "hand")):
            plant(fake, table.lobby, custom_id)
            token = await table.run(fake.forge(bot, ALICE, table.lobby, custom_id))
            private_reply(fake, token, "This game has ended")
        no_traceback(caplog)
    finally:
        await bot.close()


async def test_old_controls_of_an_ended_game_say_so_with_the_result(fake, tmp_path) -> None:
    table = await live_table(fake, tmp_path, ai=0, people=(ALICE, BOB))
    bot = table.bot
    try:
        hands = {user.id: await table.open_hand(user) for user in (ALICE, BOB)}
        waiting = [u for s, u in table.users.items() if s in await waiting_seats(table)]
        other = next(u for u in (ALICE, BOB) if u not in waiting)
        old = table.controls(hands[waiting[0].id])[0][1]
        token = await table.run(fake.command(bot, ADMIN, "admin", sub="end"))
        private_reply(fake, token, "ended")
        await table.settle()
        # the open hand messages were refreshed: one line says the game ended (issue 36: it
        # was said twice, above the old hand and its picture), with no controls
        for user in (ALICE, BOB):
            message = fake.messages[hands[user.id]]
            assert not message.get("content")
            (embed,) = message["embeds"]
            line = embed["description"]
            assert line.startswith("🏁 This game has ended") and "\n" not in line
            assert "Scores when it stopped" in line
            assert not embed.get("title") and not embed.get("fields") and "image" not in embed
            assert not message.get("attachments")
            assert table.controls(hands[user.id]) == []
        # an old action button answers the same, and nothing is applied
        count = len(await bot.manager.actions(table.game_id))
        plant(fake, hands[waiting[0].id], old)  # as on a copy whose token had expired
        token = await table.run(fake.forge(bot, waiting[0], hands[waiting[0].id], old))
        private_reply(fake, token, "This game has ended")
        assert len(await bot.manager.actions(table.game_id)) == count
        plant(fake, table.lobby, table_id(table.game_id, "hand"))  # a table drawn earlier
        token = await table.run(
            fake.forge(bot, other, table.lobby, table_id(table.game_id, "hand"))
        )
        private_reply(fake, token, "This game has ended")
    finally:
        await bot.close()


async def waiting_seats(table: Table) -> list[int]:
    info, state = await table.bot.manager.state(table.game_id)
    return registry.get(info.game).to_act(state)
