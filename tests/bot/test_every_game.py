"""A whole game of every registered game through the real bot and the fake Discord: lobby,
start, every person's clicks on their hand, to the end. A new game (``tests/fixtures`` has one)
is covered by its package alone: nothing here names a game.

The channel stays readable (issue 15): a turn never leaves a message behind, so after the game
the channel holds one bot message of it, the final table, which names the result; and while it
ran, every public post was the table itself (no separate ping lines)."""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from typing import Any

import pytest

from bot.table.scoresheet import sides_of
from games import registry
from tests.bot.flows import new_table
from tests.bot.harness import User
from tests.bot.test_interactions import plant

PEOPLE = [User(1001 + n, f"P{n}") for n in range(5)]


def names_score_and_turn(players: int, refresh: dict[int, str]) -> Callable[[dict[str, Any]], None]:
    """Every hand a person acts from says how every player stands (the engine's score, or the
    game's own standing line) and whose turn it is (issue 15); ``refresh`` keeps each hand's
    Refresh button, to be pressed once the game is over."""

    def check(hand: dict[str, Any]) -> None:
        for row in hand.get("components", []):
            for comp in row.get("components", []):
                if comp.get("label") == "Refresh":
                    refresh[int(hand["id"])] = comp["custom_id"]
        footer = hand["embeds"][0].get("footer", {}).get("text", "")
        standing, _, turn = footer.rpartition("\n▶ To act: ")
        assert turn and standing, footer
        assert all(p.name in standing.splitlines()[-1] for p in PEOPLE[:players]), footer

    return check


@pytest.mark.parametrize("game", registry.names())
async def test_a_whole_bot_game(fake, tmp_path, game: str) -> None:
    engine = registry.get(game)
    profile = registry.package(game).profile
    options = "\n".join(f"{k} = {json.dumps(v)}" for k, v in profile.options.items())
    table = await new_table(fake, tmp_path)
    await table.start_game(game, PEOPLE[: engine.min_players], options=options)
    refresh: dict[int, str] = {}
    await table.play_out(
        random.Random(11),
        steps=profile.max_steps,
        check=names_score_and_turn(engine.min_players, refresh),
    )
    await table.settle()
    info = await table.bot.manager.get(table.game_id)
    assert info.status == "finished"
    results = await table.bot.manager.results(table.game_id)
    assert any(r.winner for r in results) and len(results) == engine.min_players
    assert fake.channel_messages(info.channel_id) == [table.lobby]
    assert "is over" in fake.messages[table.lobby]["content"]
    mark = f"t:{table.game_id}:hand"
    posts = [s for s in fake.sent if s.kind == "send" and s.channel_id == info.channel_id]
    assert posts and all(mark in s.text for s in posts)  # every post was the table
    assert all(not s.notes.get("error") for s in posts)
    final = fake.messages[table.lobby]["embeds"][0]
    fields = {f["name"]: f["value"] for f in final.get("fields", [])}
    assert "Final standings" in fields
    sheet = next((v for k, v in fields.items() if k.startswith("Score sheet")), "")
    block = sheet.split("```")[1] if "```" in sheet else ""
    # one line a side per hand, the running total last: the last hand's lines, side by side
    rows = [line.split() for line in block.strip().splitlines()[1:]]
    totals = [int(r[-1]) for r in rows if len(r) >= 3 and r[-2][:1] in "+-"]
    by_seat = {r.seat: r.score for r in results}
    sides = [max(by_seat[s] for s in team) for team in sides_of(engine, engine.min_players)]
    if totals:  # a game of two hands or more: the sheet's last hand is the final score
        assert totals[-len(sides) :] == sides
    # a hand's old Refresh button names the winners once the game is over
    info, state = await table.bot.manager.state(table.game_id)
    winners = " & ".join(info.seats[s].name for s in engine.result(state).winners)
    person = PEOPLE[0]
    message = table.hands[person.id]
    # the open hand became one line with no controls (issue 36); its Refresh as on a copy of
    # the message drawn before the end (an expired token leaves that copy on screen)
    (embed,) = fake.messages[message]["embeds"]
    assert embed["description"].startswith(f"🏁 This game has ended: {winners} won.")
    assert "\n" not in embed["description"] and not fake.messages[message]["components"]
    plant(fake, message, refresh[message])
    token = await table.run(fake.forge(table.bot, person, message, refresh[message]))
    replies = fake.replies_to(token)
    assert replies and all(s.audience == person.id for s in replies)
    assert f"This game has ended: {winners} won. Final scores:" in fake.reply_text(token)
    captured = tmp_path / f"final_{game}.json"
    captured.write_text(
        json.dumps({"content": fake.messages[table.lobby]["content"], "embeds": [final]})
    )
