"""Game of Rows (issue 8): see :mod:`games.game_of_rows.engine` for codes and decisions."""

from games.game_of_rows.engine import GameOfRowsEngine

ENGINE = GameOfRowsEngine()

__all__ = ["ENGINE", "GameOfRowsEngine"]
