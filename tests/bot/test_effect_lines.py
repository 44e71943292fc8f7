"""Issue 37 item 1 on the hand: the effect lines of the special controls offered (the engine's
``Effects`` hook) close the hand's text, marked 📖, for every game; beside a picture the first
one stays (the phone-fit test holds the height); a seat that is not offered a special control,
and a game without the hook, show none."""

from __future__ import annotations

import asyncio

import pytest

from bot.render import EFFECT_MARK
from games import registry
from games.core import effect_lines
from tests.bot import phone

pytestmark = pytest.mark.slow


@pytest.mark.parametrize("game", list(phone.GAMES))
def test_the_hand_says_what_its_special_controls_do(game: str) -> None:
    engine = registry.get(game)
    said = 0
    for position in phone.positions(game):
        if engine.is_over(position.state):
            continue
        waiting = engine.to_act(position.state)
        seat = waiting[0] if waiting else 0
        lines = effect_lines(engine, position.state, seat)
        if position.state is None or not lines:
            continue
        full = asyncio.run(phone.messages(position, pictures=False))[1]
        text = full.payload["embeds"][0].get("description", "")
        if game == "game_of_rows" and position.kind.endswith("challenge"):
            continue  # its status line says what a call costs, with this bluff's numbers
        assert all(f"{EFFECT_MARK} {line}" in text for line in lines), (lines, text)
        beside = asyncio.run(phone.messages(position, pictures=True))[1]
        brief = beside.payload["embeds"][0].get("description", "")
        if beside.picture is not None:
            assert f"{EFFECT_MARK} {lines[0]}" in brief
        said += 1
    assert said, game


def test_no_lines_for_an_engine_without_the_hook() -> None:
    engine = registry.get("high_card")
    state = engine.new_game(2, {}, 1)
    assert effect_lines(engine, state, engine.to_act(state)[0]) == ()
