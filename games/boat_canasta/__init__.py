"""Boat Canasta (spec ``rules/boat_canasta.md``): see :mod:`games.boat_canasta.engine`."""

from games.boat_canasta.engine import BoatCanastaEngine

ENGINE = BoatCanastaEngine()

__all__ = ["ENGINE", "BoatCanastaEngine"]
