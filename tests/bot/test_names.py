"""Display names made inert when a person takes a seat (bot/names.py): a name cannot draw a
mention, a masked link or a code block in the messages that show it to the channel."""

from __future__ import annotations

import json

import pytest

from bot.names import MAX_NAME, seat_name
from tests.bot.flows import Table
from tests.bot.harness import User, start_bot


@pytest.mark.parametrize(
    ("raw", "shown"),
    [
        ("Alice", "Alice"),
        ("  Bo   b ", "Bo b"),
        ("<@1002>", "‹@1002›"),
        ("[Free gift](https://e.vil)", "(Free gift)(https://e.vil)"),
        ("```x", "´´´x"),
        ("a\\*b*", "a/*b*"),
        ("", "Player"),
        ("x" * 40, "x" * MAX_NAME),
    ],
)
def test_seat_name(raw: str, shown: str) -> None:
    assert seat_name(raw) == shown


def test_the_swapped_characters_are_in_the_pictures_font() -> None:
    """A name is drawn on the table picture too: its look-alikes must not be empty boxes."""
    from bot.render.images.draw import font

    face = font(40)
    missing = bytes(face.getmask("\ue000"))  # a private-use point: the font's empty box
    for char in seat_name("<>`[]\\"):
        assert bytes(face.getmask(char)) != missing, char


async def test_a_hostile_name_is_shown_inert_on_the_lobby_and_the_table(fake, tmp_path) -> None:
    mallory = User(1003, "<@1001> [gift](http://e.vil) ```")
    alice = User(1001, "Alice")
    bot = await start_bot(fake, tmp_path / "tw.sqlite3")
    table = Table(fake, bot)
    try:
        await table.start_game("rowboat", [alice, mallory], options="novice = true")
        info = await bot.manager.get(table.game_id)
        assert info.seats[1].name == "‹@1001› (gift)(http://e.vil) ´´´"
        hand = await table.open_hand(mallory)
        for message in (table.lobby, hand):
            shown = json.dumps(fake.messages[message]["embeds"], ensure_ascii=False)
            assert "‹@1001›" in shown  # the name is there, recognisable
            assert "<@1001>" not in shown and "](" not in shown and "`" not in shown
    finally:
        await bot.close()
