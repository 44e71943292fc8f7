"""Lobbies that would hold channels for nothing: nobody touches them (bot/sessions/idle.py: an
hour after their last change, through a durable deadline that survives a restart; a change
pushes the closing back, a lobby that started is never closed, and the channel is free for
/play afterwards), or one person opens too many. On both store backends, with an injected
clock (no test waits for a clock)."""

from __future__ import annotations

import asyncio

import pytest

from bot.sessions import LobbyError, SessionManager, Update
from bot.sessions.idle import GAME_IDLE, LOBBY_IDLE, idle_reason, stalled_reason
from tests.bot.sessions_support import engines
from tests.postgres import Db

HOUR = 3600.0
HOST, GUEST = 100, 101


class Clock:
    def __init__(self, now: float = 1_000_000.0) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now


async def open_mgr(target: str, clock: Clock, idle: float = HOUR) -> SessionManager:
    return await SessionManager.open(target, engines=engines, clock=clock, lobby_idle=idle)


async def lobby(mgr: SessionManager, channel: int = 1) -> int:
    info = await mgr.create_lobby(
        guild_id=9, channel_id=channel, game="tally", host_id=HOST, host_name="Host", seed=1
    )
    return info.id


async def later(mgr: SessionManager, clock: Clock, seconds: float) -> None:
    """Move the clock on and let every deadline that fell due run to its end."""
    clock.now += seconds
    mgr.poke_deadlines()
    for _ in range(3):  # the dispatcher task wakes, then its handlers run
        await asyncio.sleep(0)
        await mgr.settle()


def listening(mgr: SessionManager) -> list[Update]:
    """Every update the manager sends its listeners from now on, in order."""
    heard: list[Update] = []

    async def listen(update: Update) -> None:
        heard.append(update)

    mgr.add_listener(listen)
    return heard


async def test_a_lobby_closes_an_hour_after_its_last_change(db: Db) -> None:
    clock = Clock()
    mgr = await open_mgr(db("idle"), clock)
    heard = listening(mgr)
    try:
        gid = await lobby(mgr)
        assert [(d.kind, d.due) for d in await mgr.deadlines(gid)] == [
            (LOBBY_IDLE, clock.now + HOUR)
        ]
        await later(mgr, clock, 40 * 60)
        await mgr.join(gid, GUEST, "Guest")  # a change: the hour starts again
        await later(mgr, clock, 30 * 60)  # 70 minutes after opening, 30 after the join
        assert (await mgr.get(gid)).status == "lobby"
        await later(mgr, clock, 29 * 60)
        assert (await mgr.get(gid)).status == "lobby"
        await later(mgr, clock, 61)
        info = await mgr.get(gid)
        assert info.status == "abandoned"
        assert [u.cause for u in heard][-1] == "idle"
        row = await mgr._store.game_row(gid)
        assert row is not None and row.end_reason == idle_reason(HOUR)
        assert idle_reason(HOUR) == "nothing happened in it for 1 hour"
        assert not await mgr.deadlines(gid)
        # the channel is free again
        assert await mgr.game_in_channel(1) is None
        await lobby(mgr)
    finally:
        await mgr.close()


async def test_the_closing_survives_a_restart_and_spares_a_started_game(db: Db) -> None:
    clock = Clock()
    mgr = await open_mgr(db("restart"), clock)
    try:
        idle = await lobby(mgr, 1)
        started = await lobby(mgr, 2)
        await mgr.join(started, GUEST, "Guest")
        await mgr.start(started, HOST)
    finally:
        await mgr.close()
    clock.now += 2 * HOUR  # the bot was down past both deadlines
    mgr = await open_mgr(db("restart"), clock)
    try:
        await later(mgr, clock, 0)
        assert (await mgr.get(idle)).status == "abandoned"
        assert (await mgr.get(started)).status == "live"
    finally:
        await mgr.close()


async def test_a_lobby_from_before_gets_its_deadline_at_start_up(db: Db) -> None:
    clock = Clock()
    mgr = await open_mgr(db("before"), clock, idle=0)  # lobbies did not close then
    try:
        gid = await lobby(mgr)
        assert not await mgr.deadlines(gid)
    finally:
        await mgr.close()
    clock.now += 10 * 60
    mgr = await open_mgr(db("before"), clock)
    try:
        # due an hour after its last change, which the store kept
        assert [(d.kind, d.due) for d in await mgr.deadlines(gid)] == [
            (LOBBY_IDLE, clock.now - 10 * 60 + HOUR)
        ]
        await later(mgr, clock, HOUR)
        assert (await mgr.get(gid)).status == "abandoned"
    finally:
        await mgr.close()


async def test_one_person_hosts_at_most_three_open_lobbies_in_a_server(db: Db) -> None:
    """A bound on what one member can open across a server's channels (each lobby holds its
    channel, and with threads on, each opens a thread): a fourth is refused until one of
    the three starts or closes; other people and other servers are not affected."""
    clock = Clock()
    mgr = await open_mgr(db("hosts"), clock)
    try:
        first, _second, _third = [await lobby(mgr, channel) for channel in (1, 2, 3)]
        with pytest.raises(LobbyError, match="3 open lobbies"):
            await lobby(mgr, 4)
        assert await mgr.game_in_channel(4) is None  # nothing was reserved
        other = await mgr.create_lobby(
            guild_id=9, channel_id=4, game="tally", host_id=GUEST, host_name="Guest", seed=1
        )
        await mgr.create_lobby(
            guild_id=8, channel_id=5, game="tally", host_id=HOST, host_name="Host", seed=1
        )
        await mgr.join(first, GUEST + 1, "Third")
        await mgr.start(first, HOST)  # a started game is no longer an open lobby
        await lobby(mgr, 6)
        assert other.host_id == GUEST
    finally:
        await mgr.close()


DAY = 86400.0
WEEK = 7 * DAY


async def live_game(mgr: SessionManager, channel: int = 1) -> int:
    gid = await lobby(mgr, channel)
    await mgr.join(gid, GUEST, "Guest")
    await mgr.start(gid, HOST)
    return gid


async def move(mgr: SessionManager, gid: int) -> None:
    """The seat to act adds 1."""
    _info, state = await mgr.state(gid)
    await mgr.act(gid, state.turn, "add:1", None)


async def hours_until_over(mgr: SessionManager, clock: Clock, gid: int) -> float:
    """Let time pass an hour at a time (the dispatcher looks at every step) until the game is
    no longer live, for at most two weeks; the clock's time then."""
    end = clock.now + 2 * WEEK
    while (await mgr.get(gid)).status == "live" and clock.now < end:
        await later(mgr, clock, HOUR)
    return clock.now


async def test_a_live_game_nobody_moves_in_ends_a_week_after_its_last_move(db: Db) -> None:
    """Each move starts the week again; the game ends within a quarter of a week after the
    week is over, never before, unscored, with its channel free again."""
    clock = Clock()
    mgr = await SessionManager.open(
        db("stalled"), engines=engines, clock=clock, lobby_idle=HOUR, game_idle=WEEK
    )
    heard = listening(mgr)
    try:
        gid = await live_game(mgr)
        assert [(d.kind, d.due) for d in await mgr.deadlines(gid) if d.kind == GAME_IDLE] == [
            (GAME_IDLE, clock.now + WEEK / 4)
        ]
        for _ in range(3):  # a move every six days keeps it going for weeks
            for _ in range(6 * 24):
                await later(mgr, clock, HOUR)
            assert (await mgr.get(gid)).status == "live"
            await move(mgr, gid)
        last_move = clock.now
        assert WEEK <= await hours_until_over(mgr, clock, gid) - last_move <= 1.25 * WEEK + HOUR
        assert (await mgr.get(gid)).status == "abandoned"
        assert [u.cause for u in heard][-1] == "idle"
        row = await mgr._store.game_row(gid)
        assert row is not None and row.end_reason == stalled_reason(WEEK)
        assert stalled_reason(WEEK) == "nobody moved in it for 7 days"
        assert not await mgr.deadlines(gid)
        assert await mgr.game_in_channel(1) is None
        assert await mgr.leaderboard(9, "tally") == ([], 0)  # unscored: nobody won or lost
    finally:
        await mgr.close()


async def test_downtime_does_not_count_and_a_finished_game_is_left(db: Db) -> None:
    """Two weeks with the bot down, when nobody could move, do not end a game: the week
    starts again at the first look after the restart."""
    clock = Clock()
    target = db("stall-restart")
    mgr = await SessionManager.open(target, engines=engines, clock=clock, game_idle=WEEK)
    try:
        stalled = await live_game(mgr, 1)
        finished = await live_game(mgr, 2)
        while (await mgr.get(finished)).status == "live":
            await move(mgr, finished)
    finally:
        await mgr.close()
    clock.now += 2 * WEEK
    mgr = await SessionManager.open(target, engines=engines, clock=clock, game_idle=WEEK)
    try:
        restarted = clock.now
        await later(mgr, clock, 0)
        assert WEEK <= await hours_until_over(mgr, clock, stalled) - restarted <= 1.25 * WEEK + HOUR
        assert (await mgr.get(stalled)).status == "abandoned"
        assert (await mgr.get(finished)).status == "finished"
    finally:
        await mgr.close()


async def test_a_live_game_from_before_gets_its_watch_at_start_up(db: Db) -> None:
    clock = Clock()
    target = db("stall-before")
    mgr = await SessionManager.open(target, engines=engines, clock=clock)  # no watch then
    try:
        gid = await live_game(mgr)
        assert not [d for d in await mgr.deadlines(gid) if d.kind == GAME_IDLE]
    finally:
        await mgr.close()
    mgr = await SessionManager.open(target, engines=engines, clock=clock, game_idle=WEEK)
    try:
        assert [(d.kind, d.due) for d in await mgr.deadlines(gid) if d.kind == GAME_IDLE] == [
            (GAME_IDLE, clock.now + WEEK / 4)
        ]
        for _ in range(5):
            await later(mgr, clock, WEEK / 4)
        assert (await mgr.get(gid)).status == "abandoned"
    finally:
        await mgr.close()
