"""Turn the Tide: simultaneous secret choices, tide levels and life preservers (issue 5)."""

from games.turn_the_tide.engine import TurnTheTideEngine, TurnTheTideOptions

ENGINE = TurnTheTideEngine()

__all__ = ["ENGINE", "TurnTheTideEngine", "TurnTheTideOptions"]
