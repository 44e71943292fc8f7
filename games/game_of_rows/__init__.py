"""Game of Rows (issue 8): see :mod:`games.game_of_rows.engine` for codes and decisions."""

from games.core import GamePackage, PlayoutProfile
from games.game_of_rows.engine import GameOfRowsEngine
from games.game_of_rows.summary import SUMMARY

ENGINE = GameOfRowsEngine()

GAME = GamePackage(
    engine=ENGINE,
    summary=SUMMARY,
    profile=PlayoutProfile(
        options={"mayhem": True},
        typical_steps=105,
    ),
    position=5,
    # practice: two seats and bluffing on; seed 1's first game sees a Joker placed, a
    # blocker laid and a bluff window opened (tests/games/test_practice_seeds.py)
    practice_seed=1,
    practice_players=2,
    practice_options={"bluffing": True},
)


__all__ = ["ENGINE", "GAME", "GameOfRowsEngine"]
