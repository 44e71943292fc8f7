"""Simultaneous choices never bounce: every seat's click made at the same version lands exactly
once, however many other seats commit first (issue 12), and a double click stays refused."""

from __future__ import annotations

import asyncio
import random
from pathlib import Path
from typing import Any

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


@pytest.mark.slow
async def test_a_second_card_from_before_my_own_move_is_refused_within_one_run(
    tmp_path: Path,
) -> None:
    """Issue 36: Alice plays a card from her hand drawn at ``seen``, the others play theirs,
    a new round begins; a second card clicked on that same old hand is not a new move (the
    record's memory of the moves since says she moved, without a restart)."""
    mgr = await SessionManager.open(tmp_path / "t.sqlite3", autoplay=False)
    try:
        gid = await table(mgr, "turn_the_tide", 3, 5, 1)
        info, state = await mgr.state(gid)
        engine = registry.get("turn_the_tide")
        seen = info.version
        first, second = (a.code for a in engine.legal_actions(state, 0)[:2])
        await mgr.act_from(gid, 0, first, seen)
        for seat in (1, 2):  # the others choose from hands drawn at the same version
            await mgr.act_from(gid, seat, engine.legal_actions(state, seat)[0].code, seen)
        info, now = await mgr.state(gid)
        assert second in {a.code for a in engine.legal_actions(now, 0)}  # a new round
        with pytest.raises(StaleVersion) as refused:
            await mgr.act_from(gid, 0, second, seen)
        assert refused.value.events  # what happened since travels with the refusal
        assert [s for _, s, _ in await mgr.actions(gid)] == [0, 1, 2]
    finally:
        await mgr.close()


async def test_a_hand_drawn_before_my_turn_came_does_not_play(tmp_path: Path) -> None:
    """A hand drawn while the others were still to move (nothing legal for the seat then) is
    not clicked into a move once the seat's turn has come: the table changed under it."""
    mgr = await SessionManager.open(tmp_path / "b.sqlite3", autoplay=False)
    try:
        gid = await table(mgr, "turn_the_tide", 3, 5, 1)
        info, state = await mgr.state(gid)
        engine = registry.get("turn_the_tide")
        for seat in (0, 1):
            info, state = await mgr.state(gid)
            await mgr.act(gid, seat, engine.legal_actions(state, seat)[0].code, info.version)
        info, state = await mgr.state(gid)
        seen = info.version  # seat 0 waits for seat 2: nothing is legal for it
        assert not engine.legal_actions(state, 0)
        await mgr.act(gid, 2, engine.legal_actions(state, 2)[0].code, seen)
        _, now = await mgr.state(gid)
        code = engine.legal_actions(now, 0)[0].code
        with pytest.raises(StaleVersion):
            await mgr.act_from(gid, 0, code, seen)
        await mgr.act_from(gid, 0, code, seen + 1)  # from the hand drawn now it plays
    finally:
        await mgr.close()


@pytest.mark.slow
async def test_concurrent_clicks_on_hands_of_any_age_never_corrupt(tmp_path: Path) -> None:
    """Many people clicking at once on hands of random ages: every click lands at most once,
    no seat's move is played from a hand drawn before its own previous move, the versions are
    contiguous, and the state in memory equals a replay of the log (also after a restart)."""
    path = tmp_path / "c.sqlite3"
    mgr = await SessionManager.open(path, autoplay=False)
    engine = registry.get("turn_the_tide")
    rng = random.Random(36)
    gids = [await table(mgr, "turn_the_tide", 4, rng.randrange(1 << 62), c) for c in range(4)]
    seen_states: dict[tuple[int, int], Any] = {}
    applied: list[tuple[int, int, int, int]] = []  # (game, seat, seen, produced version)

    moved = {gid: asyncio.Event() for gid in gids}

    async def heard(update: Any) -> None:  # wakes the people who wait for a move
        event = moved.get(update.info.id)
        if event is not None:
            moved[update.info.id] = asyncio.Event()
            event.set()

    mgr.add_listener(heard)

    async def person(gid: int, seat: int, r: random.Random) -> None:
        for _ in range(500):
            wake = moved[gid]
            info, state = await mgr.state(gid)
            if info.status != "live" or info.version >= 40:
                return
            seen_states[gid, info.version] = state
            # a hand drawn now or a few versions ago
            seen = max(0, info.version - r.choice((0, 0, 1, 2, 5)))
            old = seen_states.get((gid, seen), state if seen == info.version else None)
            if old is None:
                seen = info.version
                old = state
            legal = engine.legal_actions(old, seat)
            if not legal:
                if seen == info.version:
                    await wake.wait()
                continue
            code = r.choice(legal).code
            clicks = [mgr.act_from(gid, seat, code, seen) for _ in range(r.choice((1, 1, 2)))]
            for result in await asyncio.gather(*clicks, return_exceptions=True):
                if isinstance(result, StaleVersion):
                    continue
                if isinstance(result, BaseException):
                    raise result
                applied.append((gid, seat, seen, result.info.version))
            await asyncio.sleep(0)

    await asyncio.gather(
        *(person(gid, seat, random.Random(rng.random())) for gid in gids for seat in range(4))
    )
    assert len(applied) >= 4 * 40
    for gid in gids:
        log = await mgr.actions(gid)
        assert [seq for seq, _, _ in log] == list(range(1, len(log) + 1))
        for g, seat, seen, produced in applied:
            if g == gid:  # the seat did not move between the hand it clicked and this move
                assert all(s != seat for seq, s, _ in log if seen < seq < produced)
        info, now = await mgr.state(gid)
        state = engine.new_game(len(info.seats), dict(info.options), info.seed)
        for _, seat, code in log:
            state, _ = engine.apply(state, seat, code)
        assert engine.dump(state) == engine.dump(now)
    await mgr.close()
    mgr = await SessionManager.open(path, autoplay=False)
    try:
        for gid in gids:
            info, now = await mgr.state(gid)
            assert info.version == len(await mgr.actions(gid))
    finally:
        await mgr.close()
