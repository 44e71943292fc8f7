"""Secrets stay out of the logs: a failing click is logged by game, seat and version only,
never by the action code that can name a card from a hand."""

from __future__ import annotations

import logging

from bot.controls import redact_custom_id
from tests.bot.flows import Table
from tests.bot.harness import User, start_bot

ALICE = User(1001, "Alice")


def test_redaction_keeps_where_and_drops_what() -> None:
    assert redact_custom_id("g:12:s0:v7:play:3m") == "g:12:s0:v7:…"
    assert redact_custom_id("gm:12:s1:v3:0:discard") == "gm:12:s1:v3:…"
    assert redact_custom_id("n:5:s2:v9:QH") == "n:5:s2:v9:…"
    assert redact_custom_id("t:5:hand") == "t:5:…"
    assert redact_custom_id("hand") == "hand"


async def test_a_failing_click_logs_no_action_code(fake, tmp_path, caplog) -> None:
    bot = await start_bot(fake, tmp_path / "tw.sqlite3")
    table = Table(fake, bot)
    try:
        await table.start_game("rowboat", [ALICE], 1, "first_dealer = 1")
        hand = await table.open_hand(ALICE)
        # a button's custom_id carries its action code (menus carry theirs in the values)
        buttons = [c for c in table.controls(hand) if c[2] is None and c[0] in c[1]]
        assert buttons, "Alice's hand should have an action button"
        code, custom_id, value = buttons[0]
        if custom_id.startswith("gc:"):  # it asks first: its Yes is the button that plays
            await table.click(ALICE, hand, custom_id)
            [(code, custom_id, value)] = [c for c in table.controls(hand) if c[0] == code]

        async def broken(*args, **kwargs):
            raise RuntimeError("store unavailable")

        bot.manager.act = broken  # type: ignore[method-assign]
        bot.manager.act_from = broken  # type: ignore[method-assign]
        with caplog.at_level(logging.DEBUG):
            await table.click(ALICE, hand, custom_id, value)
        failures = [r for r in caplog.records if "failed" in r.getMessage()]
        assert failures, "the failure was not logged at all"
        for record in caplog.records:
            assert code not in record.getMessage(), record.getMessage()
        assert any(f":{table.game_id}:s0:v" in r.getMessage() for r in failures)
    finally:
        await bot.close()
