"""Backups of the SQLite database: ``python -m bot backup FILE`` copies it while the bot plays
(the copy opens and every live game resumes at its last move), PostgreSQL is pointed to
``pg_dump``, and a migration copies the file before it changes the schema."""

from __future__ import annotations

import random
import sqlite3
from pathlib import Path

import aiosqlite
import pytest

from bot import __main__ as entry
from bot.sessions import SessionManager
from bot.store import LATEST, Store, migrate
from games import registry
from tests.bot.flows import new_table
from tests.bot.harness import User


def _config(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, storage: str) -> str:
    config = tmp_path / "config.toml"
    config.write_text(f"[storage]\n{storage}\n")
    for name in ("DATABASE_URL", "DATABASE_URL_FILE", "TIDEWATER_STORAGE__PATH"):
        monkeypatch.delenv(name, raising=False)
    return str(config)


async def test_a_backup_taken_during_play_resumes_every_game(fake, tmp_path, monkeypatch) -> None:
    table = await new_table(fake, tmp_path)
    people = [User(101, "Ada"), User(102, "Bo")]
    await table.start_game("rowboat", people, ai=1)
    rng = random.Random(39)
    for _ in range(6):  # a few of the people's moves: the game is well under way
        info, state = await table.bot.manager.state(table.game_id)
        seat = next(s for s in registry.get(info.game).to_act(state) if s in table.users)
        user = table.users[seat]
        message = await table.open_hand(user)
        _code, cid, value = rng.choice(table.controls(message))
        await table.click(user, message, cid, value)
    before = {g.id: g for g in await table.bot.manager.live_games()}
    assert before and before[table.game_id].version > 0
    states = {
        g: registry.get(i.game).dump((await table.bot.manager.state(g))[1])
        for g, i in before.items()
    }

    config = _config(tmp_path, monkeypatch, f'path = "{tmp_path / "tw.sqlite3"}"')
    copy = tmp_path / "backups" / "tw-copy.sqlite3"
    copy.parent.mkdir()
    assert entry.main(["backup", str(copy), "--config", config]) == 0  # the bot still runs
    await table.bot.close()

    restored = await SessionManager.open(copy)
    try:
        after = {g.id: g for g in await restored.live_games()}
        assert after.keys() == before.keys()
        for game_id, info in before.items():
            assert after[game_id].version == info.version
            _, state = await restored.state(game_id)
            assert registry.get(info.game).dump(state) == states[game_id]
    finally:
        await restored.close()


def test_postgresql_is_pointed_to_pg_dump(tmp_path, monkeypatch, capsys) -> None:
    config = _config(tmp_path, monkeypatch, 'url = "postgresql://tide:pw@db/tidewater"')
    assert entry.main(["backup", str(tmp_path / "copy"), "--config", config]) == 2
    err = capsys.readouterr().err
    assert "pg_dump" in err and err.count("\n") == 1 and "pw" not in err
    assert not (tmp_path / "copy").exists()


def test_no_database_is_one_line(tmp_path, monkeypatch, capsys) -> None:
    config = _config(tmp_path, monkeypatch, 'path = "missing.sqlite3"')
    assert entry.main(["backup", str(tmp_path / "copy"), "--config", config]) == 2
    assert (
        capsys.readouterr().err
        == f"tidewater: no SQLite database at {tmp_path / 'missing.sqlite3'}\n"
    )
    assert not (tmp_path / "missing.sqlite3").exists()  # not created by the attempt


async def test_a_migration_copies_the_database_first(tmp_path) -> None:
    path = tmp_path / "tw.sqlite3"
    async with aiosqlite.connect(path) as conn:
        await migrate(conn, upto=LATEST - 1)
        await conn.execute(
            "INSERT INTO games (id, guild_id, channel_id, game, host_id, status, seats, options,"
            " seed, created, updated) VALUES (7, 1, 2, 'rowboat', 3, 'lobby', '[]', '{}', 0, 0, 0)"
        )
        await conn.commit()
    await (await Store.open(path)).close()
    copy = tmp_path / f"tw.sqlite3.bak-v{LATEST - 1}"
    with sqlite3.connect(copy) as old, sqlite3.connect(path) as new:
        assert old.execute("SELECT version FROM schema_version").fetchone() == (LATEST - 1,)
        assert old.execute("SELECT id FROM games").fetchall() == [(7,)]
        assert new.execute("SELECT version FROM schema_version").fetchone() == (LATEST,)
    old.close()
    new.close()
    # up to date, or new: nothing to copy
    await (await Store.open(path)).close()
    await (await Store.open(tmp_path / "new.sqlite3")).close()
    assert sorted(p.name for p in tmp_path.iterdir() if ".bak-" in p.name) == [copy.name]
