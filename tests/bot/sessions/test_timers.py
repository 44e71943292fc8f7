"""The turn-timer planner alone: a pure function of seats, state and running timers."""

from __future__ import annotations

from bot.sessions import Seat
from bot.sessions.timers import TURN, plan_turns
from bot.store import Batch, DeadlineWrite
from tests.bot.sessions_support import TALLY

NOW = 1000.0
PEOPLE = (Seat(0, 10, "A"), Seat(1, 11, "B"), Seat(2, None, "AI 1", "random"))


def plan(state, timers, *, timeout=60, actor=None, seats=PEOPLE, next_id=5):
    return plan_turns(
        game_id=7,
        engine=TALLY,
        seats=seats,
        state=state,
        actor=actor,
        timers=timers,
        timeout=timeout,
        now=NOW,
        next_id=next_id,
    )


def test_nothing_to_do_when_timers_are_off_and_none_runs() -> None:
    state = TALLY.new_game(3, {"mode": "together"}, 0)
    assert plan(state, {}, timeout=0) is None


def test_one_timer_per_person_to_act_never_for_an_ai() -> None:
    state = TALLY.new_game(3, {"mode": "together"}, 0)  # everyone picks at once
    p = plan(state, {})
    assert p is not None
    assert dict(p.timers) == {0: 5, 1: 6} and p.removed == ()
    assert [(d.id, d.game_id, d.kind, d.due, dict(d.data)) for d in p.added] == [
        (5, 7, TURN, NOW + 60, {"seat": 0}),
        (6, 7, TURN, NOW + 60, {"seat": 1}),
    ]
    batch = Batch()
    p.write(batch)
    assert batch.deadlines_add == [
        DeadlineWrite(5, 7, TURN, NOW + 60, '{"seat":0}'),
        DeadlineWrite(6, 7, TURN, NOW + 60, '{"seat":1}'),
    ]
    assert batch.deadlines_del == []


def test_a_running_timer_is_kept_unless_its_seat_acted() -> None:
    state = TALLY.new_game(3, {"mode": "together"}, 0)
    state, _ = TALLY.apply(state, 2, "add:1")  # the AI picked; both people still to act
    kept = plan(state, {0: 1, 1: 2})
    assert kept is not None and dict(kept.timers) == {0: 1, 1: 2}
    assert kept.added == () and kept.removed == ()
    state, _ = TALLY.apply(state, 0, "add:1")  # seat 0 acted: its timer goes
    after = plan(state, {0: 1, 1: 2}, actor=0)
    assert after is not None and dict(after.timers) == {1: 2} and after.removed == (1,)


def test_turns_move_the_timer_and_switching_off_cancels_it() -> None:
    state = TALLY.new_game(2, {}, 0)
    first = TALLY.to_act(state)[0]
    state, _ = TALLY.apply(state, first, "add:1")
    moved = plan(state, {first: 3}, actor=first, seats=PEOPLE[:2])
    assert moved is not None
    assert dict(moved.timers) == {1 - first: 5} and moved.removed == (3,)
    off = plan(state, {1 - first: 5}, timeout=0, seats=PEOPLE[:2])
    assert off is not None and dict(off.timers) == {} and off.removed == (5,)


def test_a_finished_game_has_no_timers() -> None:
    state = TALLY.new_game(2, {"target": 2}, 0)
    seat = TALLY.to_act(state)[0]
    state, _ = TALLY.apply(state, seat, "add:2")
    assert TALLY.is_over(state)
    p = plan(state, {1 - seat: 9}, actor=seat, seats=PEOPLE[:2])
    assert p is not None and dict(p.timers) == {} and p.removed == (9,)
