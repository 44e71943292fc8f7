"""The rigged positions of the golden pictures: a rigged first deal, then seeded legal moves.

Each entry names the game, the player count, the rig, the number of moves and the seat whose
hand is drawn, chosen so that the picture shows what a reviewer should see: Rowboat mid-trick
with trump and Knob, Boat with the Boat card in play, a Game of Rows board with face-down
claims and open ends, Boat Canasta melds, a Turn the Tide reveal.
"""

from __future__ import annotations

from typing import Any

from games import registry
from tests.bot.images.support import rigged

#: name -> (game, players, deck, moves, options, hand seat or None for the seat to act)
GOLDEN: dict[str, tuple[str, int, Any, int, dict[str, Any], int | None]] = {
    "rowboat_3p": (
        "rowboat",
        3,
        ["7w", "Ds", "3o", "9m", "7o", "Ms", "Wo", "2w", "Dm", "Aw", "9s", "4m", "Sw"],
        9,
        {"first_dealer": 0},
        None,
    ),
    "boat_4p": (
        "boat",
        4,
        ["BOAT", "AS", "TH", "5C", "KD", "QS", "9H", "8C"],
        15,
        {"first_dealer": 0},
        None,
    ),
    "game_of_rows_3p": ("game_of_rows", 3, ["2H", "TH", "5S", "JC", "JK", "QD"], 40, {}, 0),
    "boat_canasta_4p": ("boat_canasta", 4, ["JK", "2C", "AS", "AD", "AH"], 361, {}, None),
    "turn_the_tide_4p": (
        "turn_the_tide",
        4,
        {"weather": [str(v) for v in (30, 59, 2, 44, 13, 25, 60, 1)], "tide": ["6", "11"]},
        12,
        {},
        0,
    ),
}


def views(key: str) -> tuple[str, dict[str, Any], dict[str, Any]]:
    """(game, public view, hand-seat view) of a golden position."""
    game, players, deck, moves, options, seat = GOLDEN[key]
    engine = registry.get(game)
    state = rigged(game, players, deck, moves, options=options)
    if seat is None:
        waiting = engine.to_act(state)
        seat = waiting[0] if waiting else 0
    return game, engine.view(state, None), engine.view(state, seat)
