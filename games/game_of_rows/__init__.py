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
)


__all__ = ["ENGINE", "GAME", "GameOfRowsEngine"]
