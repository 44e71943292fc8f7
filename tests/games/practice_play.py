"""The first hand of a practice table, played by easy AIs in every seat (the learner's too).

Why a helper: the practice seeds (``GamePackage.practice_seed``) are chosen so that the first
hand shows the game's special rules; the tests check that claim by playing that hand here, and
the search that picked the seeds used this same play."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from games import Event, registry
from games.core import automatic_step, observe

#: events that close a hand (or a round, or a one-hand game)
HAND_END = frozenset({"hand_scored", "round_end", "game_over"})


@dataclass
class Step:
    seat: int
    code: str
    events: list[Event]
    #: the public view before the step (a trick's Knob, the board)
    before: dict[str, Any]
    #: the learner's (seat 0's) legal codes before the step
    learner_legal: tuple[str, ...]


@dataclass
class FirstHand:
    game: str
    players: int
    start_hand: tuple[str, ...]
    steps: list[Step] = field(default_factory=list)

    def events(self) -> list[Event]:
        return [e for s in self.steps for e in s.events]

    def kinds(self) -> set[str]:
        return {e.kind for e in self.events()}

    def learner_could(self, verb: str) -> bool:
        """Whether seat 0 had a ``verb`` action to choose at some point of the hand."""
        return any(code.split(":")[0] == verb for s in self.steps for code in s.learner_legal)


def first_hand(game: str, seed: int | None = None, limit: int = 2000) -> FirstHand:
    """Play the practice table's first hand (its seed, seats and options) with easy AIs."""
    package = registry.package(game)
    engine = package.engine
    players = package.practice_players or engine.min_players
    seed = package.practice_seed if seed is None else seed
    assert seed is not None
    state = engine.new_game(players, dict(package.practice_options), seed)
    policy = registry.policies(game)["easy"]
    played = FirstHand(game, players, tuple(engine.view(state, 0).get("hand", ())))
    shown: list[Event] = []
    for n in range(limit):
        seats = engine.to_act(state)
        if seats:
            seat = seats[0]
            code = policy(observe(engine, state, seat, shown), n * 7919 + seat)
        else:
            auto = automatic_step(engine, state)
            assert auto is not None, "nobody to act and no automatic step"
            seat, code = auto
        legal = tuple(a.code for a in engine.legal_actions(state, 0))
        before = engine.view(state, None)
        state, events = engine.apply(state, seat, code)
        shown.extend(events)
        played.steps.append(Step(seat, code, list(events), before, legal))
        if any(e.kind in HAND_END for e in events):
            return played
    raise AssertionError(f"{game}: the first hand did not end in {limit} steps")
