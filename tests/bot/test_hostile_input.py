"""Forged gateway frames and interactions: the process keeps running, every interaction gets an
answer that says nothing was changed, and no game moves. The frames go through a real
discord.py gateway socket (JSON parsing, the event's parser, dispatch), as Discord's would."""

from __future__ import annotations

import json
import logging
import zlib
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any, cast

import pytest

from bot.controls import UNKNOWN, UNREADABLE
from bot.lobbies import FORM_UNKNOWN
from bot.tree import NOT_A_COMMAND
from tests.bot.flows import Table
from tests.bot.harness import OTHER_CHANNEL_ID, FakeDiscord, Token
from tests.bot.test_interactions import ALICE, BOB, DAVE, live_table, private_reply


@pytest.fixture
async def table(fake: FakeDiscord, tmp_path: Path) -> AsyncIterator[Table]:
    """A live two-person Rowboat table (Alice and Bob) on a bot of its own."""
    table = await live_table(fake, tmp_path, ai=0, people=(ALICE, BOB))
    yield table
    await table.bot.close()


def tracebacks(caplog: pytest.LogCaptureFixture) -> list[str]:
    """Log records that carry a traceback or stand above a warning."""
    return [
        r.getMessage()
        for r in caplog.records
        if r.levelno > logging.WARNING or (r.exc_info and r.levelno >= logging.INFO)
    ]


def frame(payload: dict[str, Any]) -> str:
    """A gateway dispatch frame as text; ``json.dumps`` writes a lone surrogate as ``\\udc80``,
    which is valid JSON, as a hostile client can send it."""
    return json.dumps({"op": 0, "s": 7, "t": "INTERACTION_CREATE", "d": payload})


def compressed(raw: bytes) -> bytes:
    """``raw`` as one frame of a zlib-stream gateway connection (ending in the sync flush)."""
    stream = zlib.compressobj()
    return stream.compress(raw) + stream.flush(zlib.Z_SYNC_FLUSH)


def answered(fake: FakeDiscord, token: Token) -> str:
    """The interaction's answers, which exist and reached only the person who sent it."""
    replies = fake.replies_to(token)
    assert replies, "the interaction was never answered"
    assert all(s.audience in (None, token.user_id) for s in replies if s.readable)
    assert all(s.audience == token.user_id for s in replies if s.kind == "callback" and s.text)
    return " ".join(s.text for s in replies)


async def moves(table: Table) -> list[Any]:
    return list(await table.bot.manager.actions(table.game_id))


async def test_a_lone_surrogate_in_a_custom_id_costs_nothing(fake, table, caplog) -> None:
    """The frame that ended the process: a hand's id with ``\\udc80`` in its action code."""
    bot = table.bot
    before = await moves(table)
    version = (await bot.manager.get(table.game_id)).version
    for custom_id in (
        f"g:{table.game_id}:s0:v{version}:play:\udc80x",
        f"t:{table.game_id}:hand\udc80",
        "\udc80",
    ):
        token, payload = fake.payload(
            ALICE,
            3,
            {"custom_id": custom_id, "component_type": 2},
            channel_id=int(fake.messages[table.lobby]["channel_id"]),
            message_id=table.lobby,
        )
        await fake.frame(bot, frame(payload))
        await table.settle()
        assert "nothing was changed" in answered(fake, token)
    assert await moves(table) == before
    assert tracebacks(caplog) == []
    await table.press(ALICE, "My hand")  # the bot still serves its players
    assert (await bot.manager.get(table.game_id)).status == "live"


async def test_frames_that_cannot_be_read_are_dropped_with_one_warning(fake, table, caplog) -> None:
    bot = table.bot
    before = await moves(table)
    caplog.set_level(logging.WARNING)
    for text in (
        "{not json",
        "[1, 2]",
        '"text"',
        json.dumps({"op": 0, "s": 8, "t": "INTERACTION_CREATE", "d": []}),
        json.dumps({"op": 0, "s": 9, "t": "GUILD_CREATE", "d": {"id": "x"}}),
        json.dumps({"op": 10, "d": None}),  # a HELLO without its interval
        compressed(b"\xff\xfe not UTF-8"),
    ):
        caplog.clear()
        await fake.frame(bot, text)
        warnings = [r for r in caplog.records if r.levelno >= logging.WARNING]
        assert len(warnings) == 1, (text, [r.getMessage() for r in warnings])
        assert "dropped" in warnings[0].getMessage()
        assert warnings[0].exc_info is None
    await table.settle()
    assert await moves(table) == before
    await table.press(ALICE, "My hand")


async def test_an_interaction_discord_py_cannot_read_is_still_answered(fake, table, caplog) -> None:
    bot = table.bot
    before = await moves(table)
    for kind, data, drop in (
        (3, {"component_type": 2}, ()),  # a click without its custom_id
        (3, ["not", "an", "object"], ()),
        (5, {"custom_id": "lo:1"}, ()),  # a form without its fields
        (3, {"custom_id": "x", "component_type": 2}, ("attachment_size_limit",)),
        (2, {"name": "play", "options": "none"}, ()),
    ):
        token, payload = fake.payload(BOB, kind, data)
        for key in drop:
            payload.pop(key)
        await fake.frame(bot, frame(payload))
        await table.settle()
        text = answered(fake, token)
        assert "nothing was changed" in text, (kind, data, text)
    assert await moves(table) == before
    assert tracebacks(caplog) == []


async def test_a_form_with_an_id_the_bot_does_not_know_is_answered(fake, table) -> None:
    bot = table.bot
    lines = [{"type": 1, "components": [{"type": 4, "custom_id": "t", "value": "x = 1"}]}]
    for custom_id, words in (
        ("lo:" + "1" * 25, FORM_UNKNOWN),
        ("lo:", FORM_UNKNOWN),
        ("zz:1", FORM_UNKNOWN),
        ("lo:9999999999999999999", "There is no game #9999999999999999999"),
    ):
        token = await table.run(
            fake._interaction(bot, ALICE, 5, {"custom_id": custom_id, "components": lines})
        )
        private_reply(fake, token, words)
    # rows and fields that are not what a form holds: read as no options, not a failure
    for rows in ("x", [1], [{"components": "x"}], [{"components": [{"value": 5}]}]):
        token = await table.run(
            fake._interaction(bot, ALICE, 5, {"custom_id": "lo:1", "components": rows})
        )
        assert fake.replies_to(token), rows


async def test_commands_and_types_the_bot_does_not_know_are_answered(fake, table, caplog) -> None:
    bot = table.bot
    token = await table.run(fake.command(bot, ALICE, "chess"))
    private_reply(fake, token, NOT_A_COMMAND)
    token = await table.run(fake.command(bot, ALICE, "rules", {"game": 5}))
    assert fake.replies_to(token)
    token = await table.run(
        fake._interaction(bot, ALICE, 2, {"name": "play", "type": 1, "options": [{}]})
    )
    private_reply(fake, token, NOT_A_COMMAND)
    autocomplete = {
        "name": "play",
        "type": 1,
        "options": [{"name": "game", "type": 3, "value": "ro", "focused": True}],
    }
    token = await table.run(fake._interaction(bot, ALICE, 4, autocomplete))
    assert token.callback_type == 8  # the choices answer (none), the only one it takes
    for kind in (6, 99):
        token = await table.run(fake._interaction(bot, ALICE, kind, {}))
        private_reply(fake, token, UNREADABLE)
    token = await table.run(fake.forge(bot, ALICE, table.lobby, "zz"))
    private_reply(fake, token, UNKNOWN)
    assert tracebacks(caplog) == []


def test_the_answers_say_nothing_was_changed() -> None:
    """The answers say, in a person's words, that nothing was changed."""
    for text in (UNKNOWN, UNREADABLE, FORM_UNKNOWN, NOT_A_COMMAND):
        assert "nothing was changed" in text
        assert "custom_id" not in text and "Traceback" not in text


async def test_found_by_the_fuzzer(fake, table, caplog) -> None:
    """A menu's id sent as a button click (discord.py serves neither: it matches the type too),
    and a form of the lobby's host sent with no message under it (nothing to update in place),
    were left unanswered or answered with an error."""
    bot = table.bot
    hand = await table.open_hand(BOB)  # the dealer's hand: the Moon prompt and a menu
    menu = next(c["custom_id"] for c in fake.components(hand) if c["type"] == 3)
    token = await table.run(fake.forge(bot, BOB, hand, menu, 2))
    private_reply(fake, token, UNKNOWN)
    # the menu's own type with "values" that is not a list: discord.py's item failed in a
    # task of its own, and nobody answered
    token = await table.run(fake.forge(bot, BOB, hand, menu, 3, cast(Any, True)))
    private_reply(fake, token, UNREADABLE)
    play = {"game": "game_of_rows"}
    await table.run(fake.command(bot, DAVE, "play", play, channel_id=OTHER_CHANNEL_ID))
    info = await bot.manager.game_in_channel(OTHER_CHANNEL_ID)
    assert info is not None
    field = {"type": 4, "custom_id": "t", "value": "skipping = on"}
    form = {"custom_id": f"lo:{info.id}", "components": [{"type": 1, "components": [field]}]}
    token = await table.run(fake._interaction(bot, DAVE, 5, form))  # no message
    private_reply(fake, token, "Options saved")
    assert (await bot.manager.get(info.id)).options.get("skipping") is True
    assert tracebacks(caplog) == []
