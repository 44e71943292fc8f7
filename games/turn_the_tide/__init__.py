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
)


__all__ = ["ENGINE", "GAME", "TurnTheTideEngine", "TurnTheTideOptions"]
