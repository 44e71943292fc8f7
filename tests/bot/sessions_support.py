"""A tiny engine and helpers for the session-manager tests.

Why a toy engine: the manager is engine-agnostic, so its tests should not depend on a card game
being finished; "tally" is small enough to reason about yet has what the manager must handle:
turns, a simultaneous phase (``mode="together"``), options with validation, a seeded state,
an end with winners, and illegal actions with readable messages.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any, ClassVar, Literal, NamedTuple

from pydantic import BaseModel, Field

from games import registry
from games.core import Action, BaseEngine, Event, GameOptions, IllegalAction, Result


class TallyOptions(GameOptions):
    target: int = Field(default=12, ge=2, le=10_000)
    mode: Literal["turns", "together"] = "turns"


class TallyState(NamedTuple):
    players: int
    target: int
    together: bool
    seed: int
    total: int
    turn: int
    scores: tuple[int, ...]
    picks: tuple[int, ...]  # together mode: 0 = not picked yet
    last: int  # the seat that moved last (the winner in turns mode)


class Tally(BaseEngine):
    name = "tally"
    title = "Tally"
    min_players = 2
    max_players = 4
    Options = TallyOptions
    card_copies: ClassVar[Mapping[str, int]] = {}
    verbs: ClassVar[Mapping[str, bool]] = {"add": True}

    def new_game(
        self,
        players: int,
        options: BaseModel | Mapping[str, Any] | None = None,
        seed: int = 0,
        deck: Any = None,
    ) -> TallyState:
        self.check_players(players)
        opts = self.options(options)
        zeros = (0,) * players
        return TallyState(
            players, opts.target, opts.mode == "together", seed, 0, seed % players, zeros, zeros, -1
        )

    def is_over(self, state: TallyState) -> bool:
        return state.total >= state.target

    def to_act(self, state: TallyState) -> list[int]:
        if self.is_over(state):
            return []
        if state.together:
            return [s for s in range(state.players) if not state.picks[s]]
        return [state.turn]

    def legal_actions(self, state: TallyState, seat: int) -> list[Action]:
        if seat not in self.to_act(state):
            return []
        return [Action("add", "1"), Action("add", "2")]

    def apply(
        self, state: TallyState, seat: int, action: Action | str
    ) -> tuple[TallyState, list[Event]]:
        action = self.coerce(action)
        if action.arg not in ("1", "2"):
            raise IllegalAction("You may add 1 or 2.")
        if seat not in self.to_act(state):
            raise IllegalAction(f"It is not seat {seat}'s turn.")
        n = int(action.arg)
        scores = list(state.scores)
        scores[seat] += n
        if not state.together:
            new = state._replace(
                total=state.total + n,
                turn=(seat + 1) % state.players,
                scores=tuple(scores),
                last=seat,
            )
            return new, [Event("added", None, {"seat": seat, "n": n})]
        picks = list(state.picks)
        picks[seat] = n
        events = [Event("picked", (seat,), {"n": n}), Event("ready", None, {"seat": seat})]
        if all(picks):
            new = state._replace(
                total=state.total + sum(picks),
                scores=tuple(scores),
                picks=(0,) * state.players,
                last=seat,
            )
            return new, [*events, Event("round", None, {"total": new.total})]
        return state._replace(scores=tuple(scores), picks=tuple(picks), last=seat), events

    def view(self, state: TallyState, seat: int | None) -> dict[str, Any]:
        return {"total": state.total, "scores": list(state.scores), "hand": []}

    def result(self, state: TallyState) -> Result:
        if not self.is_over(state):
            return Result(list(state.scores), [])
        if state.together:
            best = max(state.scores)
            return Result(list(state.scores), [s for s, v in enumerate(state.scores) if v == best])
        return Result(list(state.scores), [state.last])

    def dump(self, state: TallyState) -> str:
        return json.dumps(state._asdict())

    def load(self, text: str) -> TallyState:
        raw = json.loads(text)
        raw["scores"] = tuple(raw["scores"])
        raw["picks"] = tuple(raw["picks"])
        return TallyState(**raw)


TALLY = Tally()


def engines(name: str) -> Any:
    """The engine lookup the tests inject: the toy engine plus every registered game."""
    if name == "tally":
        return TALLY
    return registry.get(name)


def replay(engine: Any, players: int, options: Mapping[str, Any], seed: int, log: Any) -> Any:
    """The state a log leads to, replayed from the start (the log is the truth)."""
    state = engine.new_game(players, dict(options), seed)
    for _, seat, code in log:
        state, _ = engine.apply(state, seat, code)
    return state
