"""Every registered game runs through the session manager with no game-specific code: a person
and AI seats play a whole game, the results are recorded, the log replays to the same state,
and a restart mid-game changes nothing. Also: a cancelled act keeps memory and log in step."""

from __future__ import annotations

import asyncio
import random
from pathlib import Path

import pytest

from bot.sessions import SessionManager
from games import registry
from tests.bot.sessions_support import TALLY, engines, replay
from tests.games.conformance import PLAYOUT_OPTIONS
from tests.postgres import Db

HOST = 100
MAX_MOVES = 3000


@pytest.mark.slow
@pytest.mark.parametrize("name", registry.names())
async def test_a_whole_game_of_every_engine(tmp_path: Path, db: Db, name: str) -> None:
    engine = registry.get(name)
    path = db(name)
    options = PLAYOUT_OPTIONS.get(name, {})
    mgr = await SessionManager.open(path, snapshot_every=5)
    info = await mgr.create_lobby(
        guild_id=1,
        channel_id=1,
        game=name,
        host_id=HOST,
        host_name="Host",
        options=options,
        seed=11,
    )
    while len(info.seats) < engine.min_players:
        info = await mgr.add_ai(info.id, HOST)
    gid = info.id
    await mgr.start(gid, HOST)
    rng = random.Random(5)
    restarted = False
    for _ in range(MAX_MOVES):
        await mgr.settle()
        info, state = await mgr.state(gid)
        if info.status != "live":
            break
        # a restart mid-game changes nothing (mid-game: a third into a typical game)
        if not restarted and info.version >= min(
            7, registry.package(name).profile.typical_steps // 3
        ):
            await mgr.close()
            mgr = await SessionManager.open(path, snapshot_every=5)
            again, loaded = await mgr.state(gid)
            assert again == info and engine.dump(loaded) == engine.dump(state)
            restarted = True
            continue
        assert engine.to_act(state) == [0] or 0 in engine.to_act(state)
        action = rng.choice(engine.legal_actions(state, 0))
        await mgr.act(gid, 0, action.code, info.version)
    try:
        assert info.status == "finished", f"{name} did not finish in {MAX_MOVES} person moves"
        assert restarted
        results = await mgr.results(gid)
        assert [r.seat for r in results] == list(range(len(info.seats)))
        assert any(r.winner for r in results)
        log = await mgr.actions(gid)
        assert len(log) == info.version
        final = replay(engine, len(info.seats), info.options, info.seed, log)
        assert engine.dump(final) == engine.dump(state)
        assert engine.result(final).winners == [r.seat for r in results if r.winner]
    finally:
        await mgr.close()


async def test_a_cancelled_act_still_lands_whole(tmp_path: Path, db: Db) -> None:
    """Cancelling ``act`` once its batch is queued: the move stands, memory follows the log,
    and the caller still sees the cancellation."""
    mgr = await SessionManager.open(db("c"), engines=engines)
    try:
        info = await mgr.create_lobby(
            guild_id=1, channel_id=1, game="tally", host_id=HOST, host_name="H", seed=2
        )
        await mgr.join(info.id, 200, "B")
        await mgr.start(info.id, HOST)
        _, state = await mgr.state(info.id)
        seat = TALLY.to_act(state)[0]
        task = asyncio.ensure_future(mgr.act(info.id, seat, "add:2", 0))
        await asyncio.sleep(0)  # the act has validated and queued its batch
        task.cancel()
        with pytest.raises(asyncio.CancelledError):
            await task
        info, state = await mgr.state(info.id)
        assert info.version == 1 and await mgr.actions(info.id) == [(1, seat, "add:2")]
        assert state == TALLY.apply(TALLY.new_game(2, {}, 2), seat, "add:2")[0]
        await mgr.act(info.id, 1 - seat, "add:1", 1)  # the game goes on
    finally:
        await mgr.close()


async def test_kick_in_a_lobby_frees_the_seat(tmp_path: Path, db: Db) -> None:
    mgr = await SessionManager.open(db("k"), engines=engines)
    try:
        info = await mgr.create_lobby(
            guild_id=1, channel_id=1, game="tally", host_id=HOST, host_name="H", seed=2
        )
        await mgr.join(info.id, 200, "B")
        update = await mgr.kick(info.id, HOST)
        assert update.cause == "kick" and update.info.status == "lobby"
        assert update.info.host_id == 200 and [s.user_id for s in update.info.seats] == [200]
    finally:
        await mgr.close()
