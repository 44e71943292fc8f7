"""Turn timers: when a person's turn timer starts, stops and runs out.

Why all of it in one file: a turn timer is planned with the move that starts or ends it (its
rows go into that move's transaction, so after a crash the timers exist exactly when they
should), applied to the dispatcher after the commit, and fired by the dispatcher; those three
steps used to be spread over the manager. Planning is a pure function of the game's seats,
state and running timers, so it is tested alone; firing hands the move to the AI driver (the
``normal`` level plays for the absent person) through the manager's ``apply``.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass
from typing import Any

from bot.deadlines import Dispatcher
from bot.sessions.record import GameRecord
from bot.sessions.types import Deadline, Seat
from bot.store import Batch, DeadlineWrite, dumps

#: the dispatcher kind of a turn timer (the manager's own kind)
TURN = "turn"


@dataclass(frozen=True, slots=True)
class TurnPlan:
    """What a change does to a game's turn timers: the timers after it (seat -> deadline id),
    the deadlines to add and the ids to cancel."""

    timers: Mapping[int, int]
    added: tuple[Deadline, ...]
    removed: tuple[int, ...]

    def write(self, batch: Batch) -> None:
        """Put the plan's rows into the transaction of the change that caused it."""
        batch.deadlines_add.extend(
            DeadlineWrite(d.id, d.game_id, d.kind, d.due, dumps(dict(d.data))) for d in self.added
        )
        batch.deadlines_del.extend((did,) for did in self.removed)


def plan_turns(
    *,
    game_id: int,
    engine: Any,
    seats: tuple[Seat, ...],
    state: Any,
    actor: int | None,
    timers: Mapping[int, int],
    timeout: int,
    now: float,
    next_id: int,
    stride: int = 1,
) -> TurnPlan | None:
    """Turn timers after a change, one per person to act: a seat keeps its running timer
    unless it just acted (``actor``); a seat no longer to act loses it; new timers take ids
    ``next_id``, ``next_id + stride``, ... (processes of a sharded bot use disjoint ids).
    ``None`` when timers are off and none is running (nothing to do)."""
    if timeout <= 0 and not timers:
        return None
    want: set[int] = set()
    if timeout > 0 and not engine.is_over(state):
        want = {s for s in engine.to_act(state) if not seats[s].is_ai}
    removed = tuple(did for s, did in timers.items() if s not in want or s == actor)
    kept = {s: did for s, did in timers.items() if s in want and s != actor}
    added = []
    for s in sorted(want - kept.keys()):
        deadline = Deadline(next_id, game_id, TURN, now + timeout, {"seat": s})
        next_id += stride
        kept[s] = deadline.id
        added.append(deadline)
    return TurnPlan(kept, tuple(added), removed)


def apply_plan(g: GameRecord, plan: TurnPlan | None, dispatcher: Dispatcher) -> None:
    """After the commit: the game's timers and the dispatcher follow the plan."""
    if plan is None:
        return
    g.turn_deadlines = dict(plan.timers)
    for did in plan.removed:
        dispatcher.discard(did)
    for deadline in plan.added:
        dispatcher.add(deadline)


#: plays for ``seat`` of game ``g``: (g, seat, still_due) -> None; the move is applied with
#: cause "timeout" only while ``still_due()`` holds under the game's lock
Takeover = Callable[[GameRecord, int, Callable[[], bool]], Awaitable[None]]


class TurnTimeouts:
    """The dispatcher's handler for ``turn`` deadlines: a person's time ran out."""

    def __init__(
        self,
        games: Callable[[int], GameRecord | None],
        timeout: Callable[[int], int],
        takeover: Takeover,
    ) -> None:
        self._games = games  # an open game by id
        self._timeout = timeout  # a guild's turn timeout (0: off)
        self._takeover = takeover

    async def __call__(self, deadline: Deadline) -> None:
        g = self._games(deadline.game_id)
        seat = int(deadline.data.get("seat", -1))
        if g is None or self._timeout(g.guild_id) <= 0:  # timers were switched off meanwhile
            return

        def still_due() -> bool:
            return g.status == "live" and g.turn_deadlines.get(seat) == deadline.id

        if still_due():
            await self._takeover(g, seat, still_due)
