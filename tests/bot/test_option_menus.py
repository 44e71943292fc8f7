"""Options by menus (issue 15): the host picks an option from the lobby's menu and its value
from a private menu of readable choices (On/Off, Seat 1..N, Auto, round numbers); nobody else
can; the lobby shows the new value; a forged value gets a plain refusal."""

from __future__ import annotations

from typing import Any

from tests.bot.flows import Table
from tests.bot.harness import FakeDiscord, User, start_bot

ALICE, BOB = User(1001, "Alice"), User(1002, "Bob")


async def test_the_host_sets_options_from_menus(fake: FakeDiscord, tmp_path: Any) -> None:
    table = Table(fake, await start_bot(fake, tmp_path / "tw.sqlite3"))
    try:
        await table.open(ALICE, "rowboat")
        await table.press(BOB, "Join")
        menu = f"l:{table.game_id}:opt"
        offered = {o["value"]: o for o in fake.find_component(table.lobby, menu)["options"]}
        assert {"novice", "lighthouse_seconds", "first_dealer"} <= set(offered)
        assert offered["novice"]["label"] == "Novice"
        assert "No bidding" in offered["novice"]["description"]

        refused = await table.click(BOB, table.lobby, menu, "novice")
        assert "Only the host" in fake.reply_text(refused)

        token = await table.click(ALICE, table.lobby, menu, "first_dealer")
        [reply] = [s for s in fake.replies_to(token) if s.kind == "callback"]
        assert reply.audience == ALICE.id  # a private menu
        private = reply.message_id
        values = fake.find_component(private, f"lv:{table.game_id}:first_dealer")["options"]
        assert [o["label"] for o in values] == ["Auto", "Seat 1", "Seat 2", "Seat 3", "Seat 4"]
        assert next(o for o in values if o.get("default"))["label"] == "Auto"

        token = await table.click(ALICE, private, f"lv:{table.game_id}:first_dealer", "1")
        assert "First dealer: **Seat 2**" in fake.reply_text(token)
        info = await table.bot.manager.get(table.game_id)
        assert info.options["first_dealer"] == 1
        assert "First dealer: **Seat 2**" in str(fake.messages[table.lobby]["embeds"])

        token = await table.click(ALICE, table.lobby, menu, "novice")
        private = next(s for s in fake.replies_to(token) if s.kind == "callback").message_id
        await table.click(ALICE, private, f"lv:{table.game_id}:novice", "true")
        assert (await table.bot.manager.get(table.game_id)).options["novice"] is True

        # a control no message shows (a forged click) changes nothing
        cid = f"lv:{table.game_id}:lighthouse_seconds"
        forged = await table.run(fake.forge(table.bot, ALICE, private, cid, 3, ["5"]))
        assert "nothing was changed" in fake.reply_text(forged)
        assert "lighthouse_seconds" not in (await table.bot.manager.get(table.game_id)).options
        # the free-text form stays for the advanced path, and its errors are plain words
        token = await table.set_options(ALICE, "lighthouse_seconds = 5\nnovice = maybe")
        text = fake.reply_text(token)
        assert "Lighthouse seconds (`lighthouse_seconds`) must be at least 10." in text
        assert "Input should" not in text
    finally:
        await table.bot.close()
