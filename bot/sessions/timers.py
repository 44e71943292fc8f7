"""Turn clocks: when a person's turn timer starts, reminds, stops and runs out, and what
missing turns does to the seat.

Why all of it in one file: a turn timer is planned with the move that starts or ends it (its
rows go into that move's transaction, so after a crash the timers exist exactly when they
should), applied to the dispatcher after the commit, and fired by the dispatcher; those three
steps used to be spread over the manager. Planning is a pure function of the game's seats,
state and running timers, so it is tested alone; firing hands the move to the AI driver (the
``normal`` level plays for the absent person) through the manager's ``apply``.

A table's clock is its host's pace (``games.pace``), else the server's turn timeout. A clock
long enough gets a reminder deadline at a quarter of the time left (the listeners ping the
person). Each timeout counts a missed turn on the seat (stored with the seats, in the same
transaction as the move); ``away_after`` misses in a row make the seat *away*: the AI driver
plays it at once, no clock runs for it, and the person's clicks are refused until they press
I'm back (:meth:`SessionManager.back`). A move of their own clears the count.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass, replace
from typing import Any

from bot.model import Deadline, MoveCause, Seat
from bot.sessions.deadlines import Dispatcher
from bot.sessions.record import GameRecord
from bot.store import Batch, DeadlineWrite, dumps

#: the dispatcher kind of a turn timer (the manager's own kind)
TURN = "turn"


#: the dispatcher kind of a turn clock's reminder (fired before the turn deadline)
REMIND = "remind"
#: clocks shorter than this get no reminder (a reminder a few seconds before is only noise)
REMIND_MIN_SECONDS = 20


def reminder_lead(timeout: float) -> float | None:
    """How long before a turn clock runs out the person is reminded: when a quarter of the
    time is left (15 s of a minute, 6 hours of a day), or never for a short clock."""
    if timeout < REMIND_MIN_SECONDS:
        return None
    return timeout / 4


@dataclass(frozen=True, slots=True)
class TurnPlan:
    """What a change does to a game's turn timers: the timers after it (seat -> deadline id),
    the reminders after it (``None``: reminders not planned), the deadlines to add and the ids
    to cancel."""

    timers: Mapping[int, int]
    added: tuple[Deadline, ...]
    removed: tuple[int, ...]
    reminders: Mapping[int, int] | None = None

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
    reminders: Mapping[int, int] | None = None,
) -> TurnPlan | None:
    """Turn timers after a change, one per person to act: a seat keeps its running timer
    unless it just acted (``actor``); a seat no longer to act loses it; new timers take ids
    ``next_id``, ``next_id + stride``, ... (processes of a sharded bot use disjoint ids).
    With ``reminders`` (the running ones, seat -> id), each new timer long enough for one
    (:func:`reminder_lead`) gets a reminder deadline too, and a reminder goes with its timer.
    A person who is away gets no timer: the AI plays their seat without waiting.
    ``None`` when timers are off and none is running (nothing to do)."""
    if timeout <= 0 and not timers and not reminders:
        return None
    want: set[int] = set()
    if timeout > 0 and not engine.is_over(state):
        want = {s for s in engine.to_act(state) if not seats[s].ai_plays}
    gone = {s for s in timers if s not in want or s == actor}
    removed = [did for s, did in timers.items() if s in gone]
    kept = {s: did for s, did in timers.items() if s not in gone}
    kept_reminders: dict[int, int] | None = None
    if reminders is not None:
        removed += [did for s, did in reminders.items() if s in gone or s not in kept]
        kept_reminders = {s: did for s, did in reminders.items() if s in kept}
    added = []
    lead = reminder_lead(timeout)
    for s in sorted(want - kept.keys()):
        due = now + timeout
        deadline = Deadline(next_id, game_id, TURN, due, {"seat": s})
        next_id += stride
        kept[s] = deadline.id
        added.append(deadline)
        if kept_reminders is not None and lead is not None:
            remind = Deadline(next_id, game_id, REMIND, due - lead, {"seat": s, "due": due})
            next_id += stride
            kept_reminders[s] = remind.id
            added.append(remind)
    return TurnPlan(kept, tuple(added), tuple(removed), kept_reminders)


def apply_plan(g: GameRecord, plan: TurnPlan | None, dispatcher: Dispatcher) -> None:
    """After the commit: the game's timers and the dispatcher follow the plan."""
    if plan is None:
        return
    g.turn_deadlines = dict(plan.timers)
    if plan.reminders is not None:
        g.reminders = dict(plan.reminders)
    for did in plan.removed:
        dispatcher.discard(did)
    for deadline in plan.added:
        dispatcher.add(deadline)


def seats_after(
    seats: tuple[Seat, ...], seat: int, cause: MoveCause, away_after: int
) -> tuple[Seat, ...] | None:
    """The seats after ``seat`` moved with ``cause``, when the move changes its clock marks:
    a timeout counts a missed turn (``away_after`` in a row and the AI keeps the seat); a move
    of the person's own clears the count. ``None`` when nothing changes (the usual case, so
    the game row is not rewritten on every move)."""
    s = seats[seat]
    if cause == "timeout":
        missed = s.missed + 1
        changed = replace(s, missed=missed, away=s.away or missed >= away_after)
    elif cause == "act" and (s.missed or s.away):
        changed = replace(s, missed=0, away=False)
    else:
        return None
    return (*seats[:seat], changed, *seats[seat + 1 :])


def back(seats: tuple[Seat, ...], seat: int) -> tuple[Seat, ...]:
    """The seats once an away person takes their seat back (their count starts again)."""
    return (*seats[:seat], replace(seats[seat], missed=0, away=False), *seats[seat + 1 :])


def away(seats: tuple[Seat, ...], seat: int) -> tuple[Seat, ...]:
    """The seats once a person steps away by choice: as if their clock had run out often
    enough (the AI plays their turns at once, no clock runs for them), with no missed turn."""
    return (*seats[:seat], replace(seats[seat], away=True), *seats[seat + 1 :])


#: plays for ``seat`` of game ``g``: (g, seat, still_due) -> None; the move is applied with
#: cause "timeout" only while ``still_due()`` holds under the game's lock
Takeover = Callable[[GameRecord, int, Callable[[], bool]], Awaitable[None]]
#: tells the listeners that ``seat``'s clock is about to run out: (g, seat, due) -> None
Remind = Callable[[GameRecord, int, float], Awaitable[None]]


class TurnTimeouts:
    """The dispatcher's handler for ``turn`` deadlines: a person's time ran out."""

    def __init__(
        self,
        games: Callable[[int], GameRecord | None],
        timeout: Callable[[GameRecord], int],
        takeover: Takeover,
    ) -> None:
        self._games = games  # an open game by id
        self._timeout = timeout  # a game's turn clock in seconds (0: off)
        self._takeover = takeover

    async def __call__(self, deadline: Deadline) -> None:
        g = self._games(deadline.game_id)
        seat = int(deadline.data.get("seat", -1))
        if g is None or self._timeout(g) <= 0:  # timers were switched off meanwhile
            return

        def still_due() -> bool:
            return g.status == "live" and g.turn_deadlines.get(seat) == deadline.id

        if still_due():
            await self._takeover(g, seat, still_due)


class TurnReminders:
    """The dispatcher's handler for ``remind`` deadlines: a person's clock is nearly out."""

    def __init__(self, games: Callable[[int], GameRecord | None], remind: Remind) -> None:
        self._games = games
        self._remind = remind

    async def __call__(self, deadline: Deadline) -> None:
        g = self._games(deadline.game_id)
        seat = int(deadline.data.get("seat", -1))
        if g is None or g.reminders.get(seat) != deadline.id:
            return  # the person moved, or the game ended, after the row was read
        await self._remind(g, seat, float(deadline.data.get("due", deadline.due)))
