"""Per-table turn clocks (issue 17): the host's pace, the reminder, the takeover, away after
missed turns in a row, I'm back, and all of it across a restart.

Real session manager on a real database file (SQLite, and PostgreSQL where the suite runs
one); time is an injected clock, so no test waits for a clock to run out.
"""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest

from bot.sessions import LobbyError, NotAllowed, SessionManager, Update
from bot.sessions.ai import AiConfig
from bot.sessions.timers import REMIND, TURN
from tests.bot.sessions_support import TALLY, engines
from tests.postgres import Db

HOST = 100
GUEST = 101


class Clock:
    def __init__(self, now: float = 1_000_000.0) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now


class Heard:
    """Every update the manager announces, and a way to wait for one of a cause."""

    def __init__(self) -> None:
        self.updates: list[Update] = []
        self._changed = asyncio.Condition()

    async def __call__(self, update: Update) -> None:
        async with self._changed:
            self.updates.append(update)
            self._changed.notify_all()

    async def wait(self, cause: str, count: int = 1) -> list[Update]:
        async with self._changed:
            await asyncio.wait_for(
                self._changed.wait_for(lambda: len(self.of(cause)) >= count), timeout=10
            )
        return self.of(cause)

    def of(self, cause: str) -> list[Update]:
        return [u for u in self.updates if u.cause == cause]


async def open_mgr(path: Path, clock: Clock, away_after: int = 2) -> SessionManager:
    return await SessionManager.open(
        path, engines=engines, clock=clock, ai=AiConfig(away_after=away_after)
    )


async def new_table(mgr: SessionManager, channel: int, pace: int | None) -> int:
    info = await mgr.create_lobby(
        guild_id=9,
        channel_id=channel,
        game="tally",
        host_id=HOST,
        host_name="Host",
        options={"target": 1000},
        seed=channel,
    )
    await mgr.join(info.id, GUEST, "Guest")
    await mgr.set_pace(info.id, HOST, pace)
    await mgr.start(info.id, HOST)
    return info.id


async def kinds(mgr: SessionManager, gid: int) -> list[tuple[str, int, float]]:
    return [(d.kind, int(d.data["seat"]), d.due) for d in await mgr.deadlines(gid)]


async def to_act(mgr: SessionManager, gid: int) -> int:
    _, state = await mgr.state(gid)
    [seat] = TALLY.to_act(state)
    return int(seat)


async def advance(mgr: SessionManager, clock: Clock, seconds: float) -> None:
    clock.now += seconds
    mgr.poke_deadlines()


async def test_the_hosts_pace_beats_the_servers_timeout_and_plans_a_reminder(
    tmp_path: Path, db: Db
) -> None:
    clock = Clock()
    mgr = await open_mgr(db("pace"), clock)
    try:
        await mgr.update_guild_settings(9, turn_timeout=0)  # the server has no clock
        gid = await new_table(mgr, 1, 60)
        assert (await mgr.get(gid)).pace == 60
        seat = await to_act(mgr, gid)
        assert await kinds(mgr, gid) == [
            (REMIND, seat, clock.now + 45),  # a quarter of the time left
            (TURN, seat, clock.now + 60),
        ]
        assert mgr.turn_due(gid, seat) == clock.now + 60
        # a move ends both; the next person gets their own pair
        await mgr.act(gid, seat, "add:1", None)
        assert await kinds(mgr, gid) == [
            (REMIND, 1 - seat, clock.now + 45),
            (TURN, 1 - seat, clock.now + 60),
        ]

        # no clock for this table although the server has one
        await mgr.update_guild_settings(9, turn_timeout=15)
        quiet = await new_table(mgr, 2, 0)
        assert await kinds(mgr, quiet) == []
        # the server's timeout when the host left it to the server; a short clock has no reminder
        served = await new_table(mgr, 3, None)
        assert await kinds(mgr, served) == [(TURN, await to_act(mgr, served), clock.now + 15)]
    finally:
        await mgr.close()


async def test_only_the_host_sets_a_pace_and_only_a_sane_one(tmp_path: Path, db: Db) -> None:
    mgr = await open_mgr(db("host"), Clock())
    try:
        info = await mgr.create_lobby(
            guild_id=9, channel_id=5, game="tally", host_id=HOST, host_name="Host"
        )
        await mgr.join(info.id, GUEST, "Guest")
        with pytest.raises(NotAllowed):
            await mgr.set_pace(info.id, GUEST, 60)
        with pytest.raises(LobbyError):
            await mgr.set_pace(info.id, HOST, -1)
        with pytest.raises(LobbyError):
            await mgr.set_pace(info.id, HOST, 10**9)
        assert (await mgr.get(info.id)).pace is None
    finally:
        await mgr.close()


async def test_reminder_takeover_away_and_back_across_restarts(tmp_path: Path, db: Db) -> None:
    """The whole life of a clock: reminded, played for (auto-played), a second miss makes the
    seat away (the AI keeps it, even after a restart, with no clock), the person's clicks are
    refused until I'm back, which gives the seat and the clock back; every step survives a
    restart because it is rows."""
    path = db("life")
    clock = Clock()
    mgr = await open_mgr(path, clock)
    heard = Heard()
    mgr.add_listener(heard)
    gid = await new_table(mgr, 1, 60)
    sleeper = await to_act(mgr, gid)  # this person never moves by themselves
    other = 1 - sleeper
    try:
        await advance(mgr, clock, 46)
        [remind] = await heard.wait("remind")
        assert remind.seat == sleeper and remind.info.version == 0
        assert [k for k, _, _ in await kinds(mgr, gid)] == [TURN]  # the reminder fired once
    finally:
        await mgr.close()

    # restart before the time is out: the turn clock is still there and still fires
    mgr = await open_mgr(path, clock)
    heard = Heard()
    mgr.add_listener(heard)
    try:
        await advance(mgr, clock, 15)
        [first] = await heard.wait("timeout")
        assert first.seat == sleeper and first.info.version == 1
        assert first.info.seats[sleeper].missed == 1 and not first.info.seats[sleeper].away
        # the other person moves; the sleeper misses again
        await mgr.act(gid, other, "add:1", None)
        assert await to_act(mgr, gid) == sleeper
        await advance(mgr, clock, 61)
        [_, second] = await heard.wait("timeout", 2)
        assert second.info.seats[sleeper].away  # two in a row: away_after=2
        await mgr.act(gid, other, "add:1", None)
        # away: the AI moves at once with cause "takeover", and no clock runs for the seat
        [taken] = await heard.wait("takeover")
        assert taken.seat == sleeper
        assert all(seat != sleeper for _, seat, _ in await kinds(mgr, gid))
        with pytest.raises(NotAllowed, match="I'm back"):
            await mgr.act(gid, sleeper, "add:1", None)
    finally:
        await mgr.settle()
        await mgr.close()

    # restart while away: still away, still played by the AI
    mgr = await open_mgr(path, clock)
    heard = Heard()
    mgr.add_listener(heard)
    try:
        info = await mgr.get(gid)
        assert info.seats[sleeper].away and info.seats[sleeper].missed == 2
        await mgr.act(gid, other, "add:1", None)
        [taken] = await heard.wait("takeover")
        assert taken.seat == sleeper
        await mgr.settle()
        with pytest.raises(NotAllowed):
            await mgr.back(gid, other)  # the other person is not away
        with pytest.raises(NotAllowed):
            await mgr.back(gid, 999)  # not seated
        # I'm back: the seat is the person's again, with a fresh count
        back = await mgr.back(gid, GUEST if sleeper == 1 else HOST)
        assert back.cause == "back" and back.seat == sleeper
        assert not back.info.seats[sleeper].away and back.info.seats[sleeper].missed == 0
        await mgr.act(gid, other, "add:1", None)
        await mgr.settle()
        assert await to_act(mgr, gid) == sleeper  # no AI moved for them this time
        assert [(k, s) for k, s, _ in await kinds(mgr, gid)] == [(REMIND, sleeper), (TURN, sleeper)]
    finally:
        await mgr.close()

    # and that too survives a restart; a move of their own is accepted again
    mgr = await open_mgr(path, clock)
    try:
        assert not (await mgr.get(gid)).seats[sleeper].away
        update = await mgr.act(gid, sleeper, "add:1", None)
        assert update.cause == "act"
        causes = [c for _, c in await cause_log(mgr, gid)]
        assert causes.count("timeout") == 2 and causes.count("takeover") == 2
    finally:
        await mgr.close()


async def test_a_move_of_ones_own_clears_the_missed_count(tmp_path: Path, db: Db) -> None:
    clock = Clock()
    mgr = await open_mgr(db("clear"), clock, away_after=3)
    heard = Heard()
    mgr.add_listener(heard)
    try:
        gid = await new_table(mgr, 1, 60)
        sleeper = await to_act(mgr, gid)
        await advance(mgr, clock, 61)
        await heard.wait("timeout")
        await mgr.act(gid, 1 - sleeper, "add:1", None)
        update = await mgr.act(gid, sleeper, "add:1", None)  # they came back in time
        assert update.info.seats[sleeper].missed == 0
    finally:
        await mgr.close()


async def cause_log(mgr: SessionManager, gid: int) -> list[tuple[int, Any]]:
    """(seat, cause) of every logged action (the store keeps why each move was made)."""
    causes = await mgr._store.seat_causes(gid)  # seat -> {cause: count}
    return [(seat, cause) for seat, counts in causes.items() for cause, n in counts.items()
            for _ in range(n)]  # fmt: skip
