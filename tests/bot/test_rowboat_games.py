"""Whole Rowboat games through the real bot, from /play to the final score, with AI seats."""

from __future__ import annotations

import random

import pytest

import bot.render.base as render_base
from bot.render import generic as generic_renderer
from games import registry
from tests.bot.flows import SecrecyWatch, Table, new_table
from tests.bot.harness import FakeDiscord, User, start_bot

ALICE, BOB, CAROL = User(1001, "Alice"), User(1002, "Bob"), User(1003, "Carol")


async def game(fake: FakeDiscord, tmp_path, people: list[User], ai: int, options: str):
    table = await new_table(fake, tmp_path)
    watch = SecrecyWatch(table)
    await table.start_game("rowboat", people, ai, options)
    return table.bot, table, watch


@pytest.mark.parametrize(
    ("people", "ai", "seed", "light"),
    [
        ([ALICE], 1, 1, False),
        ([ALICE, BOB], 1, 2, True),
        ([ALICE, BOB, CAROL], 0, 5, True),
        ([ALICE, BOB], 2, 3, True),
        ([ALICE], 3, 4, False),
    ],
    ids=["2p", "3p", "3p-people", "4p-2people", "4p-1person"],
)
async def test_a_whole_game_to_the_final_score(fake, tmp_path, people, ai, seed, light) -> None:
    bot, table, watch = await game(
        fake, tmp_path, people, ai, "novice = true\ntarget_score = 40\nlighthouse_seconds = 10"
    )
    try:
        await table.play_out(random.Random(seed), light=light)
        info, state = await bot.manager.state(table.game_id)
        engine = registry.get("rowboat")
        assert info.status == "finished"
        result = engine.result(state)
        assert result.winners
        assert max(result.scores) >= 40
        table_msg = fake.messages[table.lobby]
        final = table_msg["embeds"][0]
        assert "Game over" in final["footer"]["text"]
        assert str(max(result.scores)) in str(final["fields"])
        assert fake.labels(table.lobby) == ["Rematch"]  # a finished table offers only that
        names = [info.seats[s].name for s in result.winners]
        assert "is over" in table_msg["content"] and names[0] in table_msg["content"]
        # the game leaves one message in the channel: its final table (no pings left behind)
        assert fake.channel_messages(int(table_msg["channel_id"])) == [table.lobby]
        # Each person is pinged once per turn: never twice without acting in between.
        waiting: dict[int, bool] = {}
        pings = 0
        for sent in fake.sent:
            if sent.kind == "send" and "your move" in sent.text:
                for person in table.users.values():
                    if f"<@{person.id}>" in sent.text:
                        assert not waiting.get(person.id), f"{person.name} pinged twice"
                        waiting[person.id] = True
                        pings += 1
            elif sent.kind == "callback" and sent.callback_type in (6, 7):
                token = fake.tokens[sent.path.split("/")[3]]
                waiting[token.user_id] = False
        assert pings >= len(table.users)
        # Lighthouse snapshots may show other hands only to the seats the engine named.
        allowed: dict[int, set[int]] = {}
        for _version, event in table.events:
            if event.kind == "lighthouse_view":
                for seat in event.visible_to or ():
                    if seat in table.users:
                        allowed.setdefault(table.users[seat].id, set()).update(range(4))
        if light:  # people lit it, and their snapshots were among the checked requests
            assert any(s.audience and "Lighthouse · lit by" in s.text for s in fake.sent), (
                "no person used the Lighthouse in this game"
            )
        assert watch.check(allowed) > 20
    finally:
        await bot.close()


@pytest.mark.parametrize("name", ["turn_the_tide"])
async def test_a_game_without_its_own_renderer_is_playable_through_the_fallback(
    fake, tmp_path, monkeypatch, name
) -> None:
    """A newly registered engine is playable before its renderer exists: every game now has
    one, so the shell is made to use the generic renderer here."""
    monkeypatch.setitem(render_base._CACHE, name, generic_renderer.RENDERER)
    bot = await start_bot(fake, tmp_path / "tw.sqlite3")
    table = Table(fake, bot)
    try:
        await table.open(ALICE, name)
        for _ in range(registry.get(name).min_players - 1):
            await table.press(ALICE, "Add AI")
        table.users = {0: ALICE}
        await table.press(ALICE, "Start")
        await table.play_out(random.Random(9))
        assert (await bot.manager.get(table.game_id)).status == "finished"
        # the generic renderer lists the public view's keys as they are
        assert any("**phase**" in sent.text for sent in fake.sent if sent.public)
    finally:
        await bot.close()
