"""``python -m bot migrate-db``: a SQLite database with live and finished games moves to
PostgreSQL, and every live game resumes there at the same version and state."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from bot.sessions import SessionManager
from tests.bot.sessions_support import engines

ROOT = Path(__file__).resolve().parents[3]


async def test_live_and_finished_games_move_and_resume(tmp_path: Path, postgres_url: str) -> None:
    path = tmp_path / "old.sqlite3"
    mgr = await SessionManager.open(path, engines=engines, autoplay=False)
    try:
        ids = []
        for n, game in enumerate(("rowboat", "boat", "turn_the_tide", "game_of_rows")):
            info = await mgr.create_lobby(
                guild_id=9,
                channel_id=100 + n,
                game=game,
                host_id=1,
                host_name="Ann",
                options={"target_score": 10} if game == "boat" else None,  # ends in one hand
                seed=n,
            )
            for seat in range(1, info_players(game)):
                await mgr.join(info.id, 10 + seat, f"P{seat}")
            await mgr.start(info.id, 1)
            ids.append(info.id)
        # some moves in each; Boat (one hand to 10 points) is played to its end
        for gid in ids:
            for _ in range(25 if gid != ids[1] else 500):
                info, state = await mgr.state(gid)
                engine = engines(info.game)
                if engine.is_over(state):
                    break
                seat = engine.to_act(state)[0]
                code = engine.legal_actions(state, seat)[0].code
                await mgr.act(gid, seat, code, expected_version=info.version)
        before = {gid: (await mgr.get(gid)) for gid in ids}
        assert before[ids[1]].status == "finished"
        assert [before[gid].status for gid in ids].count("live") == 3
        dumps = {gid: engines(before[gid].game).dump((await mgr.state(gid))[1]) for gid in ids}
        await mgr.update_guild_settings(9, pictures=False, turn_timeout=30)
        stats = await mgr.player_stats(9, 1)
        assert stats  # the finished Boat game rated its people
    finally:
        await mgr.close()

    config = tmp_path / "config.toml"
    config.write_text(f'[storage]\npath = "{path}"\n')
    done = subprocess.run(
        [sys.executable, "-m", "bot", "--config", str(config), "migrate-db", "--to", postgres_url],
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert "copied" in done.stdout
    again = subprocess.run(
        [sys.executable, "-m", "bot", "--config", str(config), "migrate-db", "--to", postgres_url],
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=False,
    )
    assert again.returncode == 2 and "already holds games" in again.stderr

    moved = await SessionManager.open(postgres_url, engines=engines, autoplay=False)
    try:
        for gid in ids:
            info = await moved.get(gid)
            assert info.version == before[gid].version and info.status == before[gid].status
            engine = engines(info.game)
            assert engine.dump((await moved.state(gid))[1]) == dumps[gid]
        # standings and the server's settings come along
        assert await moved.player_stats(9, 1) == stats
        settings = await moved.guild_settings(9)
        assert settings.pictures is False and settings.turn_timeout == 30
    finally:
        await moved.close()


def info_players(game: str) -> int:
    return 4 if game == "boat" else 3
