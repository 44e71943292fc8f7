"""Restarts: lobbies, live games, AI turns, deadlines and turn timers survive a close/reopen."""

from __future__ import annotations

import asyncio
import threading
from pathlib import Path
from typing import Any

import pytest

from bot.ai import random_policy
from bot.sessions import (
    Deadline,
    GameNotFound,
    LobbyError,
    SessionError,
    SessionManager,
    Update,
)
from games.core import Observation
from tests.bot.sessions_support import TALLY, engines, replay
from tests.postgres import Db

HOST = 100


class Clock:
    """An injected clock, so a timer can be made due without waiting for it."""

    def __init__(self, now: float = 1_000_000.0) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now


async def open_mgr(path: Path, **kwargs: Any) -> SessionManager:
    return await SessionManager.open(path, engines=engines, **kwargs)


async def new_game(mgr: SessionManager, channel: int, *, ai: int = 0, people: int = 2) -> int:
    info = await mgr.create_lobby(
        guild_id=9,
        channel_id=channel,
        game="tally",
        host_id=HOST,
        host_name="Host",
        options={"target": 50},
        seed=channel,
    )
    for n in range(1, people):
        await mgr.join(info.id, HOST + n, f"P{n}")
    for _ in range(ai):
        await mgr.add_ai(info.id, HOST)
    return info.id


async def test_lobbies_and_live_games_reload(tmp_path: Path, db: Db) -> None:
    path = db("r")
    mgr = await open_mgr(path, snapshot_every=4)
    lobby = await new_game(mgr, 1)
    await mgr.set_message(lobby, "lobby", 555)
    live = await new_game(mgr, 2)
    await mgr.start(live, HOST)
    for _ in range(11):  # crosses two snapshots, leaves a tail of three actions
        info, state = await mgr.state(live)
        await mgr.act(live, TALLY.to_act(state)[0], "add:1", info.version)
    done = await new_game(mgr, 3)
    await mgr.cancel(done, HOST)
    before = {g.id: g for g in await mgr.live_games()}
    live_state = (await mgr.state(live))[1]
    await mgr.close()

    mgr = await open_mgr(path, snapshot_every=4)
    try:
        after = {g.id: g for g in await mgr.live_games()}
        assert after == before and set(after) == {lobby, live}
        assert after[lobby].messages == {"lobby": 555}
        info, state = await mgr.state(live)
        assert info.version == 11 and state == live_state
        assert state == replay(TALLY, 2, {"target": 50}, 2, await mgr.actions(live))
        assert (await mgr.get(done)).status == "abandoned"
        # play goes on where it stopped, and a new game gets a fresh id
        await mgr.act(live, TALLY.to_act(state)[0], "add:2", 11)
        assert await new_game(mgr, 4) == done + 1
    finally:
        await mgr.close()


async def test_ai_turn_resumes_after_restart(tmp_path: Path, db: Db) -> None:
    path = db("ai")
    release = threading.Event()

    def stuck(observation: Observation, seed: int) -> str:
        release.wait(10)  # the process "dies" while the AI is thinking
        return random_policy(observation, seed)

    mgr = await open_mgr(path, policy=stuck)
    gid = await new_game(mgr, 1, ai=1, people=1)
    info, state = await mgr.state(gid)
    await mgr.start(gid, HOST)
    await mgr.close()
    release.set()

    mgr = await open_mgr(path)
    try:
        await mgr.settle()
        info, state = await mgr.state(gid)
        first = TALLY.new_game(2, {"target": 50}, 1).turn
        # the AI (seat 1) has moved after the restart; now the person is to act
        assert TALLY.to_act(state) == [0]
        assert info.version == (1 if first == 1 else 0)
        assert [c for _, c, _ in await mgr.actions(gid)] == ([1] if first == 1 else [])
    finally:
        await mgr.close()


async def test_deadlines_fire_once_and_survive_restart(tmp_path: Path, db: Db) -> None:
    path = db("d")
    clock = Clock()
    mgr = await open_mgr(path, clock=clock)
    gid = await new_game(mgr, 1)
    soon = await mgr.add_deadline(gid, "fade", clock.now + 5, {"seat": 1})
    later = await mgr.add_deadline(gid, "fade", clock.now + 50)
    await mgr.close()

    fired: list[Deadline] = []
    got = asyncio.Event()

    async def handler(deadline: Deadline) -> None:
        fired.append(deadline)
        got.set()

    clock.now += 10
    mgr = await open_mgr(path, clock=clock)
    try:
        assert [d.id for d in await mgr.deadlines(gid)] == [soon, later]
        mgr.on_deadline("fade", handler)  # registered after open: the due one fires now
        await asyncio.wait_for(got.wait(), 5)
        await mgr.settle()
        assert [(d.id, dict(d.data)) for d in fired] == [(soon, {"seat": 1})]
        assert [d.id for d in await mgr.deadlines(gid)] == [later]
    finally:
        await mgr.close()

    mgr = await open_mgr(path, clock=clock)  # fired once: not again after a restart
    try:
        mgr.on_deadline("fade", handler)
        await mgr.settle()
        assert [d.id for d in await mgr.deadlines(gid)] == [later]
        assert len(fired) == 1
        await mgr.end(gid, reason="test")  # a game's deadlines end with it
        assert await mgr.deadlines() == []
    finally:
        await mgr.close()
    mgr = await open_mgr(path, clock=clock)
    try:
        assert await mgr.deadlines() == []
    finally:
        await mgr.close()


async def turn_timers(mgr: SessionManager, gid: int) -> list[Deadline]:
    """The game's turn deadlines (its reminders are tested in tests/bot/test_clocks.py)."""
    return [d for d in await mgr.deadlines(gid) if d.kind == "turn"]


async def test_turn_timeout_moves_for_a_person_even_after_restart(tmp_path: Path, db: Db) -> None:
    path = db("turn")
    clock = Clock()
    mgr = await open_mgr(path, clock=clock)
    await mgr.update_guild_settings(9, turn_timeout=60)
    gid = await new_game(mgr, 1)
    await mgr.start(gid, HOST)
    _, state = await mgr.state(gid)
    first = TALLY.to_act(state)[0]
    [timer] = await turn_timers(mgr, gid)
    assert timer.kind == "turn" and timer.data == {"seat": first} and timer.due == clock.now + 60
    # acting replaces the timer: the next person gets a fresh one
    clock.now += 30
    await mgr.act(gid, first, "add:1", 0)
    [timer] = await turn_timers(mgr, gid)
    assert timer.data == {"seat": 1 - first} and timer.due == clock.now + 60
    await mgr.close()

    clock.now += 61
    mgr = await open_mgr(path, clock=clock)
    heard: list[Update] = []
    got = asyncio.Event()

    async def listener(update: Update) -> None:
        if update.cause != "remind":  # the reminder came due too (tests/bot/test_clocks.py)
            heard.append(update)
            got.set()

    mgr.add_listener(listener)
    try:
        mgr.poke_deadlines()
        await asyncio.wait_for(got.wait(), 5)
        await mgr.settle()
        [update] = heard
        assert update.cause == "timeout" and update.seat == 1 - first
        assert update.info.version == 2
        [timer] = await turn_timers(mgr, gid)
        assert timer.data == {"seat": first} and timer.due == clock.now + 60
        log = await mgr.actions(gid)
        assert [seat for _, seat, _ in log] == [first, 1 - first]
    finally:
        await mgr.close()


async def test_turn_timer_is_dropped_when_the_seat_acts(tmp_path: Path, db: Db) -> None:
    clock = Clock()
    mgr = await open_mgr(db("t2"), clock=clock)
    try:
        await mgr.update_guild_settings(9, turn_timeout=60)
        gid = await new_game(mgr, 1, ai=1, people=1)
        await mgr.start(gid, HOST)
        await mgr.settle()
        [timer] = await turn_timers(mgr, gid)
        assert timer.data == {"seat": 0}  # never one for the AI seat
        await mgr.act(gid, 0, "add:1", None)
        await mgr.settle()  # the AI answered; the person has a fresh timer
        [again] = await turn_timers(mgr, gid)
        assert again.id != timer.id and again.data == {"seat": 0}
        clock.now += 30
        mgr.poke_deadlines()
        await mgr.settle()
        assert len(await mgr.actions(gid)) == (await mgr.get(gid)).version
    finally:
        await mgr.close()


async def test_a_game_that_cannot_be_loaded_holds_its_channel_until_ended(
    tmp_path: Path,
    db: Db,
) -> None:
    path = db("broken")
    mgr = await open_mgr(path)
    gid = await new_game(mgr, 1)
    await mgr.start(gid, HOST)
    await mgr.close()

    def no_tally(name: str) -> Any:
        if name == "tally":
            raise RuntimeError("this engine was removed")
        return engines(name)

    mgr = await SessionManager.open(path, engines=no_tally)
    try:
        assert await mgr.live_games() == []
        with pytest.raises(SessionError, match="could not be loaded"):
            await mgr.state(gid)
        with pytest.raises(LobbyError, match=f"#{gid}"):
            await mgr.create_lobby(
                guild_id=9, channel_id=1, game="rowboat", host_id=HOST, host_name="H"
            )
        update = await mgr.end(gid, reason="broken")
        assert update.info.status == "abandoned" and update.cause == "end"
        assert (await mgr.get(gid)).status == "abandoned"
        with pytest.raises(GameNotFound):
            await mgr.end(gid, reason="again")
        again = await mgr.create_lobby(
            guild_id=9, channel_id=1, game="rowboat", host_id=HOST, host_name="H"
        )
        assert again.id == gid + 1
    finally:
        await mgr.close()
