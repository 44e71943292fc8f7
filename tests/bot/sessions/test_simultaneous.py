"""Simultaneous choices never bounce: every seat's click made at the same version lands exactly
once, however many other seats commit first (issue 12), and a double click stays refused."""

from __future__ import annotations

import asyncio
import random
from pathlib import Path

import pytest

from bot.sessions import SessionManager, StaleVersion
from games import registry


async def table(mgr: SessionManager, game: str, players: int, seed: int, channel: int) -> int:
    info = await mgr.create_lobby(
        guild_id=1,
        channel_id=channel,
        game=game,
        host_id=100,
        host_name="P0",
        seed=seed,
        options=registry.package(game).profile.options,  # random play ends under these
    )
    for k in range(1, players):
        await mgr.join(info.id, 100 + k, f"P{k}")
    await mgr.start(info.id, 100)
    return info.id


async def click_together(mgr: SessionManager, gid: int, rng: random.Random) -> int:
    """Everyone the game waits for clicks a legal action drawn at the same version, all at
    once; returns how many clicks landed (each must)."""
    info, state = await mgr.state(gid)
    engine = registry.get(info.game)
    waiting = engine.to_act(state)
    # each seat makes the choice the phase waits for; not a side's once-a-game card, which two
    # partners clicking at once would rightly find spent by the first (a real conflict)
    choices = {
        s: [a.code for a in engine.legal_actions(state, s) if a.code != "lighthouse"]
        for s in waiting
    }
    clicks = [(s, rng.choice(choices[s])) for s in waiting]
    rng.shuffle(clicks)
    results = await asyncio.gather(
        *(mgr.act_from(gid, s, code, info.version) for s, code in clicks), return_exceptions=True
    )
    failed = [r for r in results if isinstance(r, BaseException)]
    assert not failed, failed
    after = await mgr.actions(gid)
    landed = [(s, code) for _, s, code in after[info.version :]]
    assert sorted(landed) == sorted(clicks)  # every click exactly once, nothing else
    return len(clicks)


@pytest.mark.parametrize(("game", "players", "wanted"), [
    ("turn_the_tide", 3, 250), ("turn_the_tide", 4, 250), ("turn_the_tide", 5, 250),
    ("rowboat", 4, 60),  # few of its steps are simultaneous: fewer instants, same kinds
])  # fmt: skip
async def test_simultaneous_clicks_all_land(
    tmp_path: Path, game: str, players: int, wanted: int
) -> None:
    """810 simultaneous instants over all four cases, random seeds."""
    mgr = await SessionManager.open(tmp_path / "s.sqlite3", autoplay=False)
    rng = random.Random(players)
    instants = 0
    channel = 0
    try:
        while instants < wanted:
            channel += 1
            gid = await table(mgr, game, players, rng.randrange(1 << 62), channel)
            while instants < wanted:
                info, state = await mgr.state(gid)
                engine = registry.get(game)
                if info.status != "live":
                    break
                waiting = engine.to_act(state)
                if len(waiting) > 1:
                    await click_together(mgr, gid, rng)
                    instants += 1
                else:  # a sequential step: one seat plays
                    seat = waiting[0]
                    code = rng.choice(engine.legal_actions(state, seat)).code
                    await mgr.act(gid, seat, code, info.version)
    finally:
        await mgr.close()
    assert instants == wanted


async def test_a_double_click_and_an_old_control_stay_refused(tmp_path: Path) -> None:
    mgr = await SessionManager.open(tmp_path / "d.sqlite3", autoplay=False)
    try:
        gid = await table(mgr, "turn_the_tide", 3, 5, 1)
        info, state = await mgr.state(gid)
        engine = registry.get("turn_the_tide")
        code = engine.legal_actions(state, 0)[0].code
        await mgr.act_from(gid, 0, code, info.version)
        other = engine.legal_actions(state, 0)[1].code
        with pytest.raises(StaleVersion):  # seat 0 already chose at this version
            await mgr.act_from(gid, 0, other, info.version)
        await mgr.act_from(gid, 1, engine.legal_actions(state, 1)[0].code, info.version)
        assert [s for _, s, _ in await mgr.actions(gid)] == [0, 1]
    finally:
        await mgr.close()


async def test_after_a_restart_the_log_decides(tmp_path: Path) -> None:
    path = tmp_path / "r.sqlite3"
    mgr = await SessionManager.open(path, autoplay=False)
    gid = await table(mgr, "turn_the_tide", 3, 5, 1)
    info, state = await mgr.state(gid)
    engine = registry.get("turn_the_tide")
    seen = info.version
    await mgr.act_from(gid, 0, engine.legal_actions(state, 0)[0].code, seen)
    await mgr.close()
    mgr = await SessionManager.open(path, autoplay=False)
    try:
        with pytest.raises(StaleVersion):  # seat 0 acted after `seen`, before the restart
            await mgr.act_from(gid, 0, engine.legal_actions(state, 0)[1].code, seen)
        await mgr.act_from(gid, 2, engine.legal_actions(state, 2)[0].code, seen)
    finally:
        await mgr.close()
