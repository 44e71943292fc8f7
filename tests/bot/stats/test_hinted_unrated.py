"""A game in which someone used a 💡 Hint is not rated (issue 37), on a real SQLite file: the
mark is committed when the hint is asked, holds across a restart, and when the game finishes
its players' games and wins are counted but no rating moves. The same game without a hint, in
the same run, is rated (so the check can fail)."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from bot.sessions import SessionManager
from bot.stats.ratings import NEW
from games import registry

GUILD = 9
GAME = "rowboat"
OPTIONS = {"novice": True, "target_score": 100}  # random play ends (the game's test profile)
PEOPLE = [(1, "Ann"), (2, "Bob")]


async def table(mgr: SessionManager, channel: int, *, hints: bool) -> int:
    (host, name), (other, who) = PEOPLE[0], PEOPLE[1]
    info = await mgr.create_lobby(
        guild_id=GUILD, channel_id=channel, game=GAME, host_id=host + channel * 10,
        host_name=name, options=OPTIONS, seed=7,
    )  # fmt: skip
    await mgr.join(info.id, other + channel * 10, who)
    if hints:
        await mgr.set_hints(info.id, host + channel * 10, True)
    await mgr.start(info.id, host + channel * 10)
    return info.id


async def play_out(mgr: SessionManager, gid: int, rng: random.Random) -> None:
    engine = registry.get(GAME)
    for _ in range(5000):
        info, state = await mgr.state(gid)
        if info.status != "live":
            return
        seat = engine.to_act(state)[0]
        code = rng.choice(engine.legal_actions(state, seat)).code
        await mgr.act(gid, seat, code, info.version)
    raise AssertionError("the game did not end")


@pytest.mark.slow
async def test_a_hinted_game_counts_but_rates_nobody(tmp_path: Path) -> None:
    path = str(tmp_path / "tw.sqlite3")
    mgr = await SessionManager.open(path, autoplay=False)
    hinted = await table(mgr, 1, hints=True)
    plain = await table(mgr, 2, hints=False)
    info, state = await mgr.state(hinted)
    mover = info.seats[registry.get(GAME).to_act(state)[0]].user_id
    assert mover is not None
    hint = await mgr.hint(hinted, mover)
    assert hint.code in {a.code for a in registry.get(GAME).legal_actions(state, hint.seat)}
    assert hint.reason
    await mgr.close()

    mgr = await SessionManager.open(path, autoplay=False)  # the mark survived the restart
    try:
        assert (await mgr.get(hinted)).hinted and not (await mgr.get(plain)).hinted
        await play_out(mgr, hinted, random.Random(1))
        await play_out(mgr, plain, random.Random(1))
        for user, _ in PEOPLE:
            [mark] = await mgr.player_stats(GUILD, user + 10)
            assert (mark.games, mark.rated) == (1, 0)  # counted, not rated
            assert (mark.mu, mark.sigma) == (NEW.mu, NEW.sigma)
            [rated] = await mgr.player_stats(GUILD, user + 20)
            assert (rated.games, rated.rated) == (1, 1)
            assert rated.mu != NEW.mu
        wins = [(await mgr.player_stats(GUILD, u + 10))[0].wins for u, _ in PEOPLE]
        assert sum(wins) == 1  # the winner's win still counts
    finally:
        await mgr.close()
