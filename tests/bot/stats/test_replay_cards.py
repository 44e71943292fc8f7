"""Every game's replay shows every card that was revealed during the game (issue 36: Turn the
Tide's replay left out the weather cards of each reveal, which the table had shown)."""

from __future__ import annotations

import random
import re
from collections.abc import Iterator, Mapping
from typing import Any

import pytest

from bot.model import GameInfo, Seat
from bot.render import TableContext
from bot.render.base import renderer_for
from bot.stats.replay import build
from games import registry

#: card codes by game (CONTRACT §1), so that other strings of an event are not taken for cards
CODES = {
    "rowboat": r"(A|[2-9]|D|M|S|W)[owsm]",
    "turn_the_tide": r"\d{1,2}",
    "boat": r"[5-9TJQKA][CDHS]|BOAT",
    "boat_canasta": r"[2-9TJQKA][CDHS]|JK",
    "game_of_rows": r"[2-9TJQKA][CDHS]|JK",
}
#: keys whose cards are not the game's cards (Turn the Tide's tide levels, written 🌊n)
OTHER_DECK = {"turn_the_tide": {"tide"}}


def cards_in(value: Any, pattern: re.Pattern[str], skip: set[str]) -> Iterator[str]:
    if isinstance(value, str) and pattern.fullmatch(value):
        yield value
    elif isinstance(value, Mapping):
        for key, item in value.items():
            if key not in skip:
                yield from cards_in(item, pattern, skip)
    elif isinstance(value, list | tuple):
        for item in value:
            yield from cards_in(item, pattern, skip)


@pytest.mark.parametrize("game", sorted(CODES))
def test_the_replay_shows_every_revealed_card(game: str) -> None:
    engine = registry.get(game)
    render = renderer_for(game)
    players = engine.min_players if game != "rowboat" else 4
    options = dict(registry.package(game).profile.options)
    state = engine.new_game(players, options, 3)
    rng = random.Random(3)
    actions: list[tuple[int, int, str]] = []
    revealed: list[str] = []
    pattern = re.compile(CODES[game])
    while not engine.is_over(state) and len(actions) < 3000:
        seat = min(engine.to_act(state))
        code = rng.choice(engine.legal_actions(state, seat)).code
        state, events = engine.apply(state, seat, code)
        actions.append((len(actions) + 1, seat, code))
        for event in events:
            if event.visible_to is None:
                revealed += cards_in(dict(event.data), pattern, OTHER_DECK.get(game, set()))
    names = tuple(f"P{s}" for s in range(players))
    info = GameInfo(
        id=1,
        guild_id=1,
        channel_id=1,
        game=game,
        host_id=1,
        status="finished",
        seats=tuple(Seat(seat=s, user_id=100 + s, name=n) for s, n in enumerate(names)),
        options=options,
        seed=3,
        version=len(actions),
    )
    ctx = TableContext(game_id=1, title=game, names=names, user_ids=(None,) * players, status="")
    text = build(info, actions, engine, render, ctx).text()
    missing = sorted({c for c in revealed if not any(f in text for f in render.card_forms(c))})
    assert revealed and not missing, f"{game}: revealed but not in the replay: {missing[:10]}"
