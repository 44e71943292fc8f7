"""Boat: the four-player partnership bidding game with a widow and the Boat card
(``shared/rules/boat.md``)."""

from games.boat.engine import BoatEngine
from games.boat.summary import SUMMARY
from games.core import GamePackage, PlayoutProfile

ENGINE = BoatEngine()

GAME = GamePackage(
    engine=ENGINE,
    summary=SUMMARY,
    profile=PlayoutProfile(
        # random bids climb towards 120 and fail, so scores drift down; a low target ends each
        # game in its first hand
        options={"target_score": 10},
        typical_steps=45,
    ),
    position=4,
    # practice: four seats, the only count (the learner and the AI opposite are partners);
    # seed 3 deals the Boat card to the learner, so they play it in the first hand
    practice_seed=3,
    practice_players=4,
)


__all__ = ["ENGINE", "GAME", "BoatEngine"]
