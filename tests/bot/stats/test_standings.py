"""Standings written by the session manager when a game ends, on SQLite and PostgreSQL:
counted for people, rated only when at least two sides of people remain, never for AI seats,
admin-ended games or seats the clock played; leaderboard, history and privacy deletion."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from openskill.models import PlackettLuce

from bot.sessions import SessionManager
from tests.bot.sessions_support import engines

GUILD = 9


@pytest.fixture(params=["sqlite", "postgresql"])
async def mgr(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[SessionManager]:
    target = (
        str(tmp_path / "s.sqlite3")
        if request.param == "sqlite"
        else request.getfixturevalue("postgres_url")
    )
    manager = await SessionManager.open(target, engines=engines, autoplay=False)
    yield manager
    await manager.close()


async def tally(
    mgr: SessionManager, people: list[tuple[int, str]], ai: int = 0, ch: int = 1
) -> int:
    host, name = people[0]
    info = await mgr.create_lobby(
        guild_id=GUILD, channel_id=ch, game="tally", host_id=host, host_name=name,
        options={"target": 6}, seed=0,
    )  # fmt: skip
    for uid, who in people[1:]:
        await mgr.join(info.id, uid, who)
    for _ in range(ai):
        await mgr.add_ai(info.id, host)
    await mgr.start(info.id, host)
    return info.id


async def play_out(mgr: SessionManager, gid: int, winner_moves_last: int | None = None) -> None:
    """Everyone adds 1 until the total reaches 6 (seed 0: seat 0 starts, so seat 1 of two
    players makes the sixth point)."""
    while True:
        info, state = await mgr.state(gid)
        if info.status != "live":
            return
        seat = engines("tally").to_act(state)[0]
        cause = "act" if info.seats[seat].user_id is not None else "ai"
        if cause == "ai":
            await move(mgr, gid, seat, info.version, "ai")
        else:
            await mgr.act(gid, seat, "add:1", info.version)


async def move(mgr: SessionManager, gid: int, seat: int, version: int, cause: str) -> None:
    """A move made by an AI seat or by the turn clock, through the AI driver's apply path."""
    applied = await mgr._apply_if(mgr._games[gid], seat, "add:1", version, cause, lambda: True)
    assert applied


async def test_a_two_player_game_rates_both_as_the_library_does(mgr: SessionManager) -> None:
    gid = await tally(mgr, [(1, "Ann"), (2, "Bob")])
    await play_out(mgr, gid)
    winners = [r for r in await mgr.results(gid) if r.winner]
    assert [w.user_id for w in winners] == [2]
    model = PlackettLuce()
    expected = model.rate([[model.rating()], [model.rating()]], ranks=[2, 1])
    ann = {r.game: r for r in await mgr.player_stats(GUILD, 1)}["tally"]
    bob = {r.game: r for r in await mgr.player_stats(GUILD, 2)}["tally"]
    assert (ann.games, ann.wins, ann.rated) == (1, 0, 1)
    assert (bob.games, bob.wins, bob.rated) == (1, 1, 1)
    assert ann.mu == pytest.approx(expected[0][0].mu)
    assert bob.mu == pytest.approx(expected[1][0].mu)
    assert bob.skill == pytest.approx(max(0.0, bob.mu - 3 * bob.sigma))
    page, total = await mgr.leaderboard(GUILD, "tally")
    assert [r.user_id for r in page] == [2, 1] and total == 2


async def test_ai_seats_count_for_people_only_and_one_person_is_not_rated(
    mgr: SessionManager,
) -> None:
    gid = await tally(mgr, [(1, "Ann")], ai=2)
    await play_out(mgr, gid)
    rows = await mgr.player_stats(GUILD, 1)
    assert [(r.games, r.rated) for r in rows] == [(1, 0)]
    page, total = await mgr.leaderboard(GUILD, "tally")
    assert page == [] and total == 0


async def test_an_admin_ended_game_is_not_counted(mgr: SessionManager) -> None:
    gid = await tally(mgr, [(1, "Ann"), (2, "Bob")])
    info, _ = await mgr.state(gid)
    await mgr.act(gid, 0, "add:1", info.version)
    await mgr.end(gid, reason="admin", by_user=1)
    assert await mgr.player_stats(GUILD, 1) == []
    assert await mgr.history(GUILD, 1) == []


async def test_a_seat_the_clock_played_for_most_of_the_game_is_not_rated(
    mgr: SessionManager,
) -> None:
    gid = await tally(mgr, [(1, "Ann"), (2, "Bob"), (3, "Cy")])
    while True:
        info, state = await mgr.state(gid)
        if info.status != "live":
            break
        seat = engines("tally").to_act(state)[0]
        await move(mgr, gid, seat, info.version, "timeout" if seat == 0 else "act")
    rated = {r.user_id: r.rated for r in (await mgr.leaderboard(GUILD, "tally"))[0]}
    assert rated == {2: 1, 3: 1}  # Ann's moves were all made by the clock
    ann = await mgr.player_stats(GUILD, 1)
    assert [(r.games, r.rated) for r in ann] == [(1, 0)]


async def test_standings_add_up_over_games_and_history_lists_them(mgr: SessionManager) -> None:
    for n in range(3):
        gid = await tally(mgr, [(1, "Ann"), (2, "Bob")], ch=10 + n)
        await play_out(mgr, gid)
    bob = (await mgr.player_stats(GUILD, 2))[0]
    assert (bob.games, bob.wins, bob.rated) == (3, 3, 3)
    mine = await mgr.history(GUILD, 1, limit=2)
    assert len(mine) == 2 and all(h.user_id == 1 and not h.winner for h in mine)
    assert mine[0].game_id > mine[1].game_id  # newest first
    server = await mgr.history(GUILD, None, limit=2)
    assert len(server) == 4  # two games, every seat


async def test_privacy_delete_leaves_nothing_of_the_person_in_the_standings(
    mgr: SessionManager,
) -> None:
    gid = await tally(mgr, [(1, "Ann"), (2, "Bob")])
    await play_out(mgr, gid)
    assert await mgr.forget_user(1) == 1
    assert await mgr.player_stats(GUILD, 1) == []
    rows = await mgr._store.fetchall("SELECT * FROM ratings WHERE user_id = ?", (1,))
    assert rows == []
    names = {r.user_id: r.name for r in await mgr.results(gid)}
    assert names == {1: "(deleted)", 2: "Bob"}
    info = await mgr.get(gid)
    assert [s.name for s in info.seats] == ["(deleted)", "Bob"]
    assert len(await mgr.actions(gid)) == 6  # still replayable
