"""Tidewater's rules engines: pure functions of (options, seed, actions), no Discord, no I/O.

``from games import registry`` is the entry point (CONTRACT §1).
"""

from games import registry
from games.core import Action, BadOptions, Engine, Event, IllegalAction, Result

__all__ = ["Action", "BadOptions", "Engine", "Event", "IllegalAction", "Result", "registry"]
