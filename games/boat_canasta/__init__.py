"""Boat Canasta (spec ``rules/boat_canasta.md``): see :mod:`games.boat_canasta.engine`."""

from games.boat_canasta.engine import BoatCanastaEngine
from games.boat_canasta.summary import SUMMARY
from games.core import GamePackage, PlayoutProfile

ENGINE = BoatCanastaEngine()

GAME = GamePackage(
    engine=ENGINE,
    summary=SUMMARY,
    profile=PlayoutProfile(
        options={"target_score": 2000},
        typical_steps=460,
    ),
    position=3,
    # practice: two seats, no partner's melds to track; seed 9 deals the learner a wild card
    # and lets them take the treasure pile within their first turns
    practice_seed=9,
    practice_players=2,
)


__all__ = ["ENGINE", "GAME", "BoatCanastaEngine"]
