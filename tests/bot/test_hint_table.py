"""Where hints show at the table (issue 37), drawn by the real presenter: the 💡 Hint button
only on the hand of a person with a move at a table that allows hints, and the final table of a
hinted game saying that it was not rated."""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

import pytest

from bot.table.log import TableLog
from bot.table.presentation import Presenter
from games import registry
from tests.bot.phone import _NoSnapshots, _NoWindows, info_of

GAME = "rowboat"
UNRATED = "Hints were used in this game, so it was not rated."


def presenter() -> Presenter:
    return Presenter(TableLog(), _NoSnapshots(), _NoWindows())  # type: ignore[arg-type]


def labels(view: Any) -> list[str]:
    items = [getattr(c, "item", c) for c in view.children]  # a dynamic item wraps its button
    return [str(i.label) for i in items if getattr(i, "label", None)]


def finished_state() -> Any:
    engine = registry.get(GAME)
    rng = random.Random(4)
    state = engine.new_game(2, {"novice": True, "target_score": 100}, 4)
    while not engine.is_over(state):
        seat = engine.to_act(state)[0]
        state, _ = engine.apply(state, seat, rng.choice(engine.legal_actions(state, seat)))
    return state


@pytest.mark.slow
def test_the_hint_button_needs_hints_on_and_a_move() -> None:
    engine = registry.get(GAME)
    state = engine.new_game(2, {}, 4)
    mover = engine.to_act(state)[0]
    info = info_of(GAME, 2, 0)
    _, view = presenter().hand_message(info, state, mover)
    assert "Hint" not in labels(view)  # off by default
    on = replace(info, hints=True)
    _, view = presenter().hand_message(on, state, mover)
    assert labels(view).count("Hint") == 1
    _, view = presenter().hand_message(on, state, 1 - mover)  # nothing to decide: no hint
    assert "Hint" not in labels(view)


def test_the_final_table_says_a_hinted_game_was_not_rated() -> None:
    state = finished_state()
    info = info_of(GAME, 2, 1, "finished")
    embed, _ = presenter().table_message(info, state)
    assert UNRATED not in str(embed.to_dict())
    embed, _ = presenter().table_message(replace(info, hints=True, hinted=True), state)
    assert UNRATED in (embed.footer.text or "")
