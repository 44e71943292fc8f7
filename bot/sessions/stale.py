"""Stale clicks: whether a click made on a hand drawn at an older version may still be played.

Why a rule of its own: a person's hand message is a picture of one version of the game, and
their click is a choice made looking at it. When the table has changed since in a way that
touches that choice (another card on the table, a new trick or phase, their own later move),
playing the click would play a move they did not choose; when only other seats' unrelated
moves came in between (a simultaneous choice, an exchange), refusing it would make a fair click
bounce. The shell holds no rule, so the test is generic: the seat's own move since, or a
change in what the engine lets that seat do (``legal_actions`` at the seen version against
now). The engines are functions of their actions, so the state a hand was drawn from is the
state before the next move: the record keeps the last few moves' states in memory, and an
older version (or one from before a restart) is rebuilt from the log.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from games import Event

#: moves kept in memory per game: a hand is rarely clicked more than a round of moves late
RECENT = 8


@dataclass(frozen=True, slots=True)
class Step:
    """One committed move: the ``version`` it produced, its seat, the state it was applied
    to (the game at ``version - 1``) and its events."""

    version: int
    seat: int
    before: Any
    events: tuple[Event, ...]


def recent_steps() -> deque[Step]:
    """A record's memory of its last moves (bounded: old states are let go)."""
    return deque(maxlen=RECENT)


def steps_since(recent: Sequence[Step], seen: int, now: int) -> tuple[Any, list[Step]] | None:
    """The state at ``seen`` and the moves after it, from memory; None when memory does not
    reach back to ``seen`` (the caller reads the log instead)."""
    steps = [s for s in recent if s.version > seen]
    if len(steps) != now - seen or not steps or steps[0].version != seen + 1:
        return None
    return steps[0].before, steps


def replay_since(
    engine: Any, start: Any, start_version: int, actions: Sequence[tuple[int, int, str]], seen: int
) -> tuple[Any, list[Step]]:
    """The state at ``seen`` and the moves after it, replayed from ``start`` (the state at
    ``start_version`` ≤ ``seen``) through the log's ``(seq, seat, code)`` rows."""
    state, at = start, start_version
    before_seen: Any = start if seen == start_version else None
    steps: list[Step] = []
    for seq, seat, code in actions:
        new_state, events = engine.apply(state, seat, code)
        if seq > seen:
            steps.append(Step(seq, seat, state, tuple(events)))
        state, at = new_state, seq
        if at == seen:
            before_seen = state
    return before_seen, steps


def what_changed(
    engine: Any, seen_state: Any, now_state: Any, seat: int, steps: Sequence[Step]
) -> bool:
    """Whether the moves ``steps`` (from the seen state to now) touch ``seat``'s decision: the
    seat moved itself since, or the engine now offers it other moves than it did (an unknown
    seen state counts as a change)."""
    if seen_state is None or any(step.seat == seat for step in steps):
        return True
    before = engine.legal_actions(seen_state, seat)
    after = engine.legal_actions(now_state, seat)
    return set(before) != set(after)


def events_of(steps: Sequence[Step]) -> tuple[Event, ...]:
    """Every event of ``steps``, in order (the shell words what changed from them)."""
    return tuple(event for step in steps for event in step.events)
