"""Session manager: lobby rules, play, AI seats, listeners, bad input (on a real SQLite file)."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.sessions import (
    GameNotFound,
    LobbyError,
    NotAllowed,
    SessionError,
    SessionManager,
    StaleVersion,
    Update,
)
from games import BadOptions, IllegalAction
from tests.bot.sessions_support import TALLY, engines, replay
from tests.postgres import Db

HOST = 100


@pytest.fixture
async def mgr(tmp_path: Path, db: Db) -> AsyncIterator[SessionManager]:
    manager = await SessionManager.open(db("t"), engines=engines)
    yield manager
    await manager.close()


async def lobby(mgr: SessionManager, channel: int = 1, **options: object) -> int:
    info = await mgr.create_lobby(
        guild_id=9,
        channel_id=channel,
        game="tally",
        host_id=HOST,
        host_name="Host",
        options=options,
        seed=3,
    )
    return info.id


async def two_player_game(mgr: SessionManager, **options: object) -> int:
    gid = await lobby(mgr, **options)
    await mgr.join(gid, 200, "Bea")
    await mgr.start(gid, HOST)
    return gid


async def snapshot_of_db(mgr: SessionManager, gid: int) -> tuple[object, ...]:
    info = await mgr.get(gid)
    return (info, await mgr.actions(gid))


# ---- lobby rules ---------------------------------------------------------------------------
async def test_lobby_join_leave_and_host_passes(mgr: SessionManager) -> None:
    gid = await lobby(mgr)
    await mgr.join(gid, 200, "Bea")
    info = await mgr.join(gid, 300, "Cy")
    assert [s.user_id for s in info.seats] == [HOST, 200, 300]
    info = await mgr.leave(gid, HOST)
    assert info.host_id == 200
    assert [(s.seat, s.user_id) for s in info.seats] == [(0, 200), (1, 300)]
    with pytest.raises(NotAllowed, match="not seated"):
        await mgr.leave(gid, HOST)
    await mgr.leave(gid, 200)
    info = await mgr.leave(gid, 300)
    assert info.status == "abandoned"
    assert await mgr.game_in_channel(1) is None
    with pytest.raises(GameNotFound):
        await mgr.join(gid, 400, "Dee")


async def test_lobby_refusals_change_nothing(mgr: SessionManager) -> None:
    gid = await lobby(mgr)
    before = await mgr.get(gid)
    with pytest.raises(LobbyError, match="already seated"):
        await mgr.join(gid, HOST, "Host again")
    with pytest.raises(NotAllowed, match="Only the host"):
        await mgr.add_ai(gid, 200)
    with pytest.raises(NotAllowed, match="Only the host"):
        await mgr.start(gid, 200)
    with pytest.raises(LobbyError, match="needs 2 to 4 players"):
        await mgr.start(gid, HOST)
    with pytest.raises(BadOptions, match="tagret"):
        await mgr.set_options(gid, HOST, {"tagret": 5})
    with pytest.raises(BadOptions, match="target"):
        await mgr.set_options(gid, HOST, {"target": 1})
    with pytest.raises(LobbyError, match="not an AI seat"):
        await mgr.remove_ai(gid, 0, HOST)
    with pytest.raises(LobbyError, match="Unknown AI level"):
        await mgr.add_ai(gid, HOST, "genius")
    with pytest.raises(LobbyError, match="not started"):
        await mgr.act(gid, 0, "add:1", 0)
    assert await mgr.get(gid) == before


async def test_full_lobby_and_ai_seats(mgr: SessionManager) -> None:
    gid = await lobby(mgr)
    for _ in range(3):
        info = await mgr.add_ai(gid, HOST)
    assert [s.name for s in info.seats] == ["Host", "AI 1", "AI 2", "AI 3"]
    with pytest.raises(LobbyError, match="full"):
        await mgr.join(gid, 500, "Eve")
    with pytest.raises(LobbyError, match="full"):
        await mgr.add_ai(gid, HOST)
    info = await mgr.remove_ai(gid, 2, HOST)
    assert [s.name for s in info.seats] == ["Host", "AI 1", "AI 3"]
    info = await mgr.add_ai(gid, HOST)
    assert [s.name for s in info.seats] == ["Host", "AI 1", "AI 3", "AI 2"]


async def test_options_merge_and_one_game_per_channel(mgr: SessionManager) -> None:
    gid = await lobby(mgr, target=30)
    info = await mgr.set_options(gid, HOST, {"mode": "together"})
    assert dict(info.options) == {"target": 30, "mode": "together"}
    with pytest.raises(LobbyError, match="already has a game"):
        await lobby(mgr)
    other = await lobby(mgr, channel=2)
    assert other != gid
    with pytest.raises(GameNotFound, match="Unknown game"):
        await mgr.create_lobby(
            guild_id=9, channel_id=3, game="chess", host_id=HOST, host_name="Host"
        )
    with pytest.raises(BadOptions):
        await lobby(mgr, channel=4, nonsense=1)
    assert await mgr.game_in_channel(4) is None


async def test_cancel(mgr: SessionManager) -> None:
    gid = await lobby(mgr)
    with pytest.raises(NotAllowed):
        await mgr.cancel(gid, 200)
    info = await mgr.cancel(gid, HOST)
    assert info.status == "abandoned"
    assert (await mgr.get(gid)).status == "abandoned"
    await lobby(mgr)  # the channel is free again


# ---- play ----------------------------------------------------------------------------------
async def test_act_versions_and_bad_input(mgr: SessionManager) -> None:
    gid = await two_player_game(mgr)
    _, state = await mgr.state(gid)
    seat = TALLY.to_act(state)[0]
    update = await mgr.act(gid, seat, "add:2", 0)
    assert update.info.version == 1 and update.code == "add:2" and update.cause == "act"
    assert update.events[0].kind == "added"
    before = await snapshot_of_db(mgr, gid)
    with pytest.raises(StaleVersion) as stale:
        await mgr.act(gid, 1 - seat, "add:1", 0)
    assert stale.value.current == 1
    with pytest.raises(IllegalAction, match="not seat"):
        await mgr.act(gid, seat, "add:1", 1)
    with pytest.raises(IllegalAction, match=r"malformed|not an action"):
        await mgr.act(gid, 1 - seat, "add", 1)
    with pytest.raises(IllegalAction):
        await mgr.act(gid, 1 - seat, "jump:3", 1)
    with pytest.raises(NotAllowed, match="no seat"):
        await mgr.act(gid, 7, "add:1", 1)
    with pytest.raises(GameNotFound):
        await mgr.act(9999, 0, "add:1", 1)
    assert await snapshot_of_db(mgr, gid) == before
    assert (await mgr.state(gid))[1] == TALLY.apply(TALLY.new_game(2, {}, 3), seat, "add:2")[0]


async def test_game_finishes_with_results(mgr: SessionManager) -> None:
    gid = await two_player_game(mgr, target=6)
    info, state = await mgr.state(gid)
    while info.status == "live":
        seat = TALLY.to_act(state)[0]
        update = await mgr.act(gid, seat, "add:2", None)
        info, state = update.info, (await mgr.state(gid))[1]
    assert info.status == "finished" and info.version == 3
    results = await mgr.results(gid)
    assert [r.winner for r in results].count(True) == 1
    assert sum(r.score for r in results) == 6
    assert await mgr.game_in_channel(1) is None
    log = await mgr.actions(gid)
    assert replay(TALLY, 2, {"target": 6}, 3, log) == state
    with pytest.raises(GameNotFound):
        await mgr.act(gid, 0, "add:1", None)


async def test_ai_seats_play_and_listeners_hear_in_order(mgr: SessionManager) -> None:
    heard: list[Update] = []

    async def listener(update: Update) -> None:
        heard.append(update)

    async def broken(update: Update) -> None:
        raise RuntimeError("a listener bug must not break the game")

    mgr.add_listener(broken)
    mgr.add_listener(listener)
    gid = await lobby(mgr, target=40)
    for _ in range(3):
        await mgr.add_ai(gid, HOST)
    await mgr.start(gid, HOST)
    info, state = await mgr.state(gid)
    while info.status == "live":
        await mgr.settle()
        info, state = await mgr.state(gid)
        if info.status == "live":
            assert TALLY.to_act(state) == [0]  # the AIs have moved; the person is to act
            await mgr.act(gid, 0, "add:1", info.version)
    await mgr.settle()
    versions = [u.info.version for u in heard]
    assert versions == list(range(len(heard)))
    assert heard[0].cause == "start" and {u.cause for u in heard[1:]} == {"act", "ai"}
    assert all(u.seat == 0 for u in heard if u.cause == "act")
    assert heard[-1].info.status == "finished"


async def test_simultaneous_phase_mixing_people_and_ai(mgr: SessionManager) -> None:
    gid = await lobby(mgr, target=10, mode="together")
    await mgr.join(gid, 200, "Bea")
    await mgr.add_ai(gid, HOST)
    await mgr.start(gid, HOST)
    await mgr.settle()
    info, state = await mgr.state(gid)
    assert info.version == 1 and TALLY.to_act(state) == [0, 1]  # the AI picked alone
    await mgr.act(gid, 0, "add:1", None)
    await mgr.act(gid, 1, "add:1", None)
    await mgr.settle()
    info, state = await mgr.state(gid)
    # both people picked, the round resolved, and the AI has already picked for the next one
    assert info.version == 4 and TALLY.to_act(state) == [0, 1]
    assert state.total == 2 + state.scores[2] - state.picks[2]
    assert [a[1] for a in await mgr.actions(gid)] == [2, 0, 1, 2]


async def test_end_and_kick(mgr: SessionManager) -> None:
    gid = await two_player_game(mgr)
    update = await mgr.kick(gid, 200)
    assert update.cause == "kick" and update.info.seats[1].is_ai
    await mgr.settle()
    info, state = await mgr.state(gid)
    assert TALLY.to_act(state) == [0] or info.status == "finished"
    with pytest.raises(NotAllowed):
        await mgr.kick(gid, 200)
    update = await mgr.end(gid, reason="admin", by_user=1)
    assert update.info.status == "abandoned" and update.cause == "end"
    assert await mgr.live_games() == []
    with pytest.raises(GameNotFound):
        await mgr.end(gid, reason="again")


async def test_settings(mgr: SessionManager) -> None:
    assert (await mgr.guild_settings(5)).turn_timeout == 0
    new = await mgr.update_guild_settings(5, turn_timeout=30, use_threads=True)
    assert new.turn_timeout == 30 and new.use_threads
    with pytest.raises(SessionError, match="Unknown setting"):
        await mgr.update_guild_settings(5, colour="red")
    with pytest.raises(SessionError, match="turn_timeout"):
        await mgr.update_guild_settings(5, turn_timeout=-1)
    assert await mgr.guild_settings(5) == new
    assert new.pictures is None  # no choice made: the bot's config decides
    new = await mgr.update_guild_settings(5, pictures=False)
    assert new.pictures is False and new.turn_timeout == 30
    with pytest.raises(SessionError, match="pictures"):
        await mgr.update_guild_settings(5, pictures="no")
    assert await mgr.guild_settings(5) == new


async def test_listeners_run_outside_the_lock(mgr: SessionManager) -> None:
    """A listener may call back into the manager, even act on the same game (the Discord layer
    re-renders from ``state`` inside its listener); were it called under the lock, this would
    deadlock."""
    gid = await two_player_game(mgr, target=100)
    replies: list[int] = []

    async def answer(update: Update) -> None:
        info, state = await mgr.state(gid)
        if update.cause == "act" and update.seat == 0 and info.version < 7:
            seat = TALLY.to_act(state)[0]
            replies.append((await mgr.act(gid, seat, "add:1", info.version)).info.version)

    mgr.add_listener(answer)
    _, state = await mgr.state(gid)
    if TALLY.to_act(state) == [1]:
        await mgr.act(gid, 1, "add:1", 0)
    for _ in range(3):
        info = await mgr.get(gid)
        await mgr.act(gid, 0, "add:2", info.version)
        await asyncio.wait_for(mgr.settle(), 5)
    assert replies == [3, 5, 7]
    assert (await mgr.get(gid)).version == len(await mgr.actions(gid))


async def test_kicking_the_last_person_closes_the_table(mgr: SessionManager) -> None:
    """An all-AI table would play on with nobody watching (and may never finish)."""
    gid = await two_player_game(mgr)
    await mgr.kick(gid, 200)
    update = await mgr.kick(gid, HOST)
    assert update.cause == "end" and update.info.status == "abandoned"
    assert all(seat.is_ai for seat in update.info.seats)
    await mgr.settle()
    version = (await mgr.get(gid)).version
    assert await mgr.live_games() == []
    with pytest.raises(GameNotFound):
        await mgr.act(gid, 0, "add:1", None)
    assert len(await mgr.actions(gid)) == version
