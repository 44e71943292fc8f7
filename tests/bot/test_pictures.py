"""Pictures on the real messages: the table picture goes with the public table message and is
drawn from the public view; a hand picture goes only to its player's ephemeral message; with
pictures off nothing is attached and the text carries the game alone."""

from __future__ import annotations

import io
import json
import random

import pytest
from PIL import Image

from bot.table.presentation import seat_label
from games import registry
from tests.bot.flows import Table
from tests.bot.harness import GUILD_ID, User, start_bot
from tests.bot.images.support import draw_table

ALICE, BOB, CARL = User(1001, "Alice"), User(1002, "Bob"), User(1003, "Carl")


def profile_options(game: str) -> str:
    """The options under which random play ends, as the lobby's options form takes them."""
    options = registry.package(game).profile.options
    return "\n".join(f"{k} = {json.dumps(v)}" for k, v in options.items())


@pytest.mark.parametrize(("game", "people"), [("rowboat", 2), ("game_of_rows", 3)])
async def test_pictures_follow_the_secrecy_of_their_messages(fake, tmp_path, game, people) -> None:
    table = Table(fake, await start_bot(fake, tmp_path / "p.sqlite3", pictures=True))
    table.listen()
    players = [ALICE, BOB, CARL][:people]
    await table.start_game(game, players, options=profile_options(game))
    await table.play_out(random.Random(3))
    await table.settle()
    tables = hands = 0
    for sent in fake.sent:
        files = sent.notes.get("files", {})
        for name, data in files.items():
            Image.open(io.BytesIO(data)).verify()
            assert len(data) <= 150 * 1024
            assert f"attachment://{name}" in json.dumps(sent.payload or {})
            if name == "table.png":
                assert sent.public, "the table picture goes with the public table message"
                tables += 1
            else:
                assert name == "hand.png"
                assert sent.audience in {u.id for u in players}, "a hand picture is private"
                hands += 1
        # a public request never carries a hand picture
        assert not (sent.public and "hand.png" in files)
    assert tables > 3 and hands > 3
    # the last table picture is the final public view, drawn with the seats' names
    info, state = await table.bot.manager.state(table.game_id)
    last = [s for s in fake.sent if "table.png" in s.notes.get("files", {})][-1]
    engine = registry.get(game)
    expected = draw_table(game, engine.view(state, None), [seat_label(s) for s in info.seats])
    assert last.notes["files"]["table.png"] == expected


async def test_pictures_off_attach_nothing(fake, tmp_path) -> None:
    table = Table(fake, await start_bot(fake, tmp_path / "q.sqlite3", pictures=False))
    table.listen()
    await table.start_game("rowboat", [ALICE, BOB], options=profile_options("rowboat"))
    await table.play_out(random.Random(4))
    assert not any(s.notes.get("files") for s in fake.sent)
    assert not any("attachment://" in json.dumps(s.payload or {}) for s in fake.sent)


async def test_a_server_turns_pictures_off_and_back_to_the_default(fake, tmp_path) -> None:
    """``/admin settings pictures:false`` overrides ``[tables] pictures = true`` for that server
    from the next message on (the text stays complete); ``default_pictures`` forgets the
    choice, and the choice survives a restart (it is a stored setting)."""
    from tests.bot.test_interactions import ADMIN

    path = tmp_path / "s.sqlite3"
    bot = await start_bot(fake, path, pictures=True)
    table = Table(fake, bot)
    token = await table.run(fake.command(bot, ADMIN, "admin", {"pictures": False}, sub="settings"))
    assert "Card pictures: off" in fake.reply_text(token)
    table.listen()
    await table.start_game("rowboat", [ALICE, BOB], options=profile_options("rowboat"))
    await table.play_out(random.Random(5))
    await table.settle()
    assert not any(s.notes.get("files") for s in fake.sent)
    assert any("Tide" in s.text for s in fake.sent if s.public)  # the text carries the table

    await bot.close()
    bot = await start_bot(fake, path, pictures=True)
    assert (await bot.manager.guild_settings(GUILD_ID)).pictures is False
    table = Table(fake, bot)
    token = await table.run(
        fake.command(bot, ADMIN, "admin", {"default_pictures": True}, sub="settings")
    )
    assert "Card pictures: on (the bot's default)" in fake.reply_text(token)
    sent_before = len(fake.sent)
    await table.start_game("rowboat", [ALICE, BOB], options=profile_options("rowboat"))
    await table.open_hand(ALICE)
    await table.settle()
    later = fake.sent[sent_before:]
    assert any("hand.png" in s.notes.get("files", {}) for s in later)
    assert any("table.png" in s.notes.get("files", {}) for s in later)
    await bot.close()
