"""Turn the Tide: simultaneous secret choices, tide levels and life preservers (issue 5)."""

from games.core import GamePackage, PlayoutProfile
from games.turn_the_tide.engine import TurnTheTideEngine, TurnTheTideOptions
from games.turn_the_tide.summary import SUMMARY

ENGINE = TurnTheTideEngine()

GAME = GamePackage(
    engine=ENGINE,
    summary=SUMMARY,
    profile=PlayoutProfile(
        options={},
        typical_steps=180,
    ),
    position=2,
    # practice: three seats, the fewest, so each turn's flood is easy to follow; seed 1
    # deals the learner a hand whose first turn takes the highest tide and costs a preserver,
    # the rule newcomers miss (tests/games/test_practice_seeds.py)
    practice_seed=1,
    practice_players=3,
)


__all__ = ["ENGINE", "GAME", "TurnTheTideEngine", "TurnTheTideOptions"]
