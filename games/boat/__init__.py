"""Boat: the four-player partnership bidding game with a widow and the Boat card
(``shared/rules/boat.md``)."""

from games.boat.engine import BoatEngine

ENGINE = BoatEngine()

__all__ = ["ENGINE", "BoatEngine"]
