"""The compact dump round-trips, and the first release's JSON object still loads (saved games
from before the compact format must survive an upgrade)."""

from __future__ import annotations

import json
import random
from dataclasses import fields

from games.game_of_rows import ENGINE


def test_compact_and_old_dumps_load_to_the_same_state() -> None:
    for players in (2, 3, 4):
        rng = random.Random(players)
        state = ENGINE.new_game(players, options={"mayhem": True}, seed=players)
        while not ENGINE.is_over(state):
            seat = rng.choice(ENGINE.to_act(state))
            state, _ = ENGINE.apply(state, seat, rng.choice(ENGINE.legal_actions(state, seat)))
            assert ENGINE.load(ENGINE.dump(state)) == state
            old = json.dumps({f.name: getattr(state, f.name) for f in fields(state)})
            assert ENGINE.load(old) == state
