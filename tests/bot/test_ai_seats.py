"""AI seats at the table: the lobby's level menu seats an AI of the chosen level, the lobby and
the table show it, and a turn the clock played is said on the table."""

from __future__ import annotations

from bot.controls import LEVEL_LABELS
from tests.bot.flows import new_table
from tests.bot.harness import User

ALICE, BOB = User(1001, "Alice"), User(1002, "Bob")


async def test_the_level_menu_seats_an_ai_of_that_level(fake, tmp_path) -> None:
    table = await new_table(fake, tmp_path)
    await table.open(ALICE, "boat_canasta")
    menu = f"l:{table.game_id}:level"
    offered = [o["value"] for o in fake.find_component(table.lobby, menu)["options"]]
    assert offered == [lv for lv in LEVEL_LABELS if lv in offered] and "strong" in offered
    token = await table.click(BOB, table.lobby, menu, "strong")  # not the host: refused
    assert "host" in fake.reply_text(token).lower()
    await table.click(ALICE, table.lobby, menu, "strong")
    await table.press(ALICE, "Add AI")  # the server's default level
    info = await table.bot.manager.get(table.game_id)
    assert [s.ai_level for s in info.seats] == [None, "strong", "random"]  # random: the default
    lobby_text = str(fake.messages[table.lobby]["embeds"])
    assert "· strong" in lobby_text
    await table.press(ALICE, "Start")
    await table.settle()
    shown = [s for s in fake.sent if s.public and "· strong" in s.text]
    assert shown, "the table names the AI seat's level"
    # said once (issue 36: "AI 1 · normal" beside every mention of the seat, in every line)
    table_message = fake.messages[(await table.bot.manager.get(table.game_id)).messages["table"]]
    assert str(table_message["embeds"]).count("· strong") == 1
