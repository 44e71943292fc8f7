"""``python -m bot migrate-db``: a SQLite database with live and finished games moves to
PostgreSQL, and every live game resumes there at the same version and state."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from bot.sessions import SessionManager
from bot.store import SQLiteStore, StoreUnavailable, open_store
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
        await mgr.update_guild_settings(9, pictures=False, turn_timeout=30, language="pt_BR")
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
        assert settings.language == "pt_BR"  # issue 41
    finally:
        await moved.close()


def info_players(game: str) -> int:
    return 4 if game == "boat" else 3


def migrate(tmp_path: Path, url: str, *extra: str) -> subprocess.CompletedProcess[str]:
    """The real ``python -m bot migrate-db``, bounded: a hang fails the test instead of it."""
    config = tmp_path / "config.toml"
    config.write_text(f'[storage]\npath = "{tmp_path / "old.sqlite3"}"\n')
    return subprocess.run(
        [sys.executable, "-m", "bot", "--config", str(config), "migrate-db", "--to", url, *extra],
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=False,
        timeout=30,
    )


async def an_old_database(tmp_path: Path) -> Path:
    path = tmp_path / "old.sqlite3"
    await (await SQLiteStore.open(path)).close()
    return path


@pytest.mark.parametrize(
    "url",
    [
        "postgresql://localhost:1/tidewater",  # nothing listens there
        "postgresql://u:p@[::1/tidewater",  # malformed
        "postgresql://u:p@localhost:port/tidewater",  # malformed
        "unknown database",
        "unknown role",
    ],
)
async def test_a_postgresql_error_exits_1_with_one_line(
    tmp_path: Path, postgres_server: Any, url: str
) -> None:
    await an_old_database(tmp_path)
    uri = str(postgres_server.get_uri())
    if url == "unknown database":
        url = uri.replace("/postgres?", "/no_such_db?", 1)
    elif url == "unknown role":
        url = uri.replace("://postgres", "://no_such_role", 1)
    done = migrate(tmp_path, url)
    assert done.returncode == 1, done.stderr
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("tidewater: "), done.stderr
    assert "p@" not in lines[0]  # no password repeated


async def test_a_database_a_running_bot_holds_is_refused_unless_forced(
    tmp_path: Path, postgres_url: str
) -> None:
    path = await an_old_database(tmp_path)
    running = await SQLiteStore.open(path)  # what a running bot holds
    try:
        done = migrate(tmp_path, postgres_url)
        assert done.returncode == 2, done.stderr
        assert done.stderr.strip().splitlines() == [
            f"tidewater: {path} is in use by a running bot: stop it first (moves made after"
            " the copy would be lost), or pass --force"
        ]
        forced = migrate(tmp_path, postgres_url, "--force")
        assert forced.returncode == 0, forced.stderr
    finally:
        await running.close()
    # and a bot cannot start on the file while it is being copied
    with open_lock(path), pytest.raises(StoreUnavailable, match="being copied by migrate-db"):
        await open_store(path)
    assert migrate(tmp_path, postgres_url).returncode == 0  # the bot stopped: it goes through


def open_lock(path: Path) -> Any:
    import contextlib

    from bot.store.sqlite import hold_lock, release_lock

    @contextlib.contextmanager
    def held() -> Any:
        fd = hold_lock(path, exclusive=True)
        try:
            yield fd
        finally:
            release_lock(fd)

    return held()
