"""The store: migrations from every schema version, group commit, failure isolation."""

from __future__ import annotations

import ast
import asyncio
import json
import re
import sqlite3
from pathlib import Path

import aiosqlite
import pytest

from bot.sessions import SessionManager
from bot.store import Batch, SchemaTooNew, Store, check, migrate, migrations
from bot.store import sqlite as store
from tests.bot.sessions_support import TALLY, engines

NOW = 1_700_000_000.0


def tables(path: Path) -> set[str]:
    with sqlite3.connect(path) as conn:
        rows = conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'").fetchall()
    return {name for (name,) in rows}


def version_of(path: Path) -> int:
    with sqlite3.connect(path) as conn:
        return conn.execute("SELECT version FROM schema_version").fetchone()[0]


async def test_migrations_from_an_empty_file(tmp_path: Path) -> None:
    path = tmp_path / "empty.sqlite3"
    path.touch()
    s = await Store.open(path)
    await s.close()
    assert version_of(path) == migrations.LATEST
    assert {"games", "actions", "snapshots", "guild_settings", "deadlines", "results"} <= tables(
        path
    )
    with sqlite3.connect(path) as conn:
        assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    s = await Store.open(path)  # re-opening is a no-op
    await s.close()
    assert version_of(path) == migrations.LATEST


def _seed_data(conn: sqlite3.Connection, version: int) -> None:
    """What a bot at schema ``version`` would have written: a lobby, a live game with a
    snapshot and a tail of actions, and (from version 2) settings and a deadline."""
    seats = json.dumps([[100, "Host", None], [200, "Bea", None]])
    cols = "id, guild_id, channel_id, game, host_id, status, seats, options, seed, version,"
    cols += " messages, created, updated"
    for gid, status, ver in ((1, "lobby", 0), (2, "live", 3)):
        conn.execute(
            f"INSERT INTO games ({cols})"
            " VALUES (?, 9, ?, 'tally', 100, ?, ?, ?, 7, ?, '{}', ?, ?)",
            (gid, 10 + gid, status, seats, json.dumps({"target": 40}), ver, NOW, NOW),
        )
    state = TALLY.new_game(2, {"target": 40}, 7)
    conn.execute("INSERT INTO snapshots VALUES (2, 0, ?)", (TALLY.dump(state),))
    for seq in (1, 2, 3):
        seat = TALLY.to_act(state)[0]
        state, _ = TALLY.apply(state, seat, "add:2")
        conn.execute("INSERT INTO actions VALUES (2, ?, ?, 'add:2', 'act', ?)", (seq, seat, NOW))
    if version >= 2:
        conn.execute(
            "INSERT INTO guild_settings (guild_id, admin_role_id, use_threads, turn_timeout)"
            " VALUES (9, 42, 1, 0)"
        )
        conn.execute("INSERT INTO deadlines VALUES (1, 2, 'fade', ?, '{}')", (NOW + 1e9,))


@pytest.mark.parametrize("start", range(1, migrations.LATEST))
async def test_migrations_from_every_earlier_version(tmp_path: Path, start: int) -> None:
    path = tmp_path / f"v{start}.sqlite3"
    async with aiosqlite.connect(path, isolation_level=None) as conn:
        assert await migrate(conn, upto=start) == start
    with sqlite3.connect(path) as conn:
        _seed_data(conn, start)
    mgr = await SessionManager.open(path, engines=engines)
    try:
        assert version_of(path) == migrations.LATEST
        live = {g.id: g for g in await mgr.live_games()}
        assert set(live) == {1, 2} and live[2].version == 3
        _, state = await mgr.state(2)
        assert state.total == 6
        await mgr.act(2, TALLY.to_act(state)[0], "add:1", 3)
        if start >= 2:
            assert (await mgr.guild_settings(9)).admin_role_id == 42
            assert [d.kind for d in await mgr.deadlines(2)] == ["fade"]
    finally:
        await mgr.close()


async def test_a_newer_database_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "new.sqlite3"
    await (await Store.open(path)).close()
    with sqlite3.connect(path) as conn:
        conn.execute("UPDATE schema_version SET version = 999")
    with pytest.raises(SchemaTooNew, match="999"):
        await Store.open(path)


async def test_a_failing_migration_leaves_the_previous_version(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "bad.sqlite3"
    broken = (*migrations.MIGRATIONS, "CREATE TABLE extra (x); CREATE TABLE games (y);")
    monkeypatch.setattr(store, "MIGRATIONS", broken)
    monkeypatch.setattr(store, "LATEST", len(broken))
    with pytest.raises(sqlite3.OperationalError):
        await Store.open(path)
    assert version_of(path) == migrations.LATEST
    assert "extra" not in tables(path)


def _action(game: int, seq: int) -> Batch:
    return Batch(actions=[(game, seq, 0, "add:1", "act", NOW)])


async def test_group_commit_shares_transactions(tmp_path: Path) -> None:
    s = await Store.open(tmp_path / "g.sqlite3")
    try:
        await asyncio.gather(*(s.commit(_action(g, 1)) for g in range(300)))
        assert s.batches == 300 and s.transactions < 300
        rows = await s.fetchall("SELECT COUNT(*) FROM actions")
        assert rows == [(300,)]
        await s.commit(_action(1000, 1))  # a lone commit is written on its own
        assert s.batches == 301
    finally:
        await s.close()


async def test_a_failing_batch_fails_alone(tmp_path: Path) -> None:
    s = await Store.open(tmp_path / "f.sqlite3")
    try:
        await s.commit(_action(1, 1))
        good = [s.submit(_action(2, seq)) for seq in (1, 2)]
        bad = s.submit(Batch(actions=[(3, 1, 0, "x", "act", NOW), (1, 1, 0, "dup", "act", NOW)]))
        more = s.submit(_action(2, 3))
        assert bad[0] is more[0]  # one merged transaction, which fails and is split
        with pytest.raises(sqlite3.IntegrityError):
            check(await bad[0], bad[1])
        for done, index in [*good, more]:
            check(await done, index)
        rows = await s.fetchall("SELECT game_id, seq, code FROM actions ORDER BY game_id, seq")
        assert rows == [(1, 1, "add:1"), (2, 1, "add:1"), (2, 2, "add:1"), (2, 3, "add:1")]
    finally:
        await s.close()


async def test_commit_order_within_a_merged_batch(tmp_path: Path) -> None:
    """A deadline created and deleted in batches merged into one transaction stays deleted;
    a game inserted and updated in one transaction keeps the update."""
    s = await Store.open(tmp_path / "o.sqlite3")
    try:
        row = (5, 1, 1, "tally", 100, "lobby", "[]", "{}", 1, "{}", NOW, NOW, None, None)
        await s.commit(Batch())  # the writer is idle: what follows is one transaction
        futs = [
            s.submit(Batch(actions=[(77, 1, 0, "x", "act", NOW)])),  # another game's move
            s.submit(Batch(deadlines_add=[(1, 5, "k", NOW, "{}")], games=[row])),
            s.submit(Batch(deadlines_del=[(1,)], games=[(*row[:5], "live", *row[6:])])),
            s.submit(Batch(actions=[(5, 1, 0, "x", "act", NOW)])),
        ]
        for done, index in futs:
            check(await done, index)
        assert s.transactions < 4
        assert await s.fetchall("SELECT status, version FROM games") == [("live", 1)]
        assert await s.fetchall("SELECT * FROM deadlines") == []
    finally:
        await s.close()


async def test_close_writes_what_is_queued(tmp_path: Path) -> None:
    path = tmp_path / "q.sqlite3"
    s = await Store.open(path)
    pending = [s.submit(_action(1, seq)) for seq in (1, 2, 3)]
    async with asyncio.timeout(10):  # close runs in this task, before the writer wakes
        await s.close()
    for done, index in pending:
        check(await done, index)
    with pytest.raises(RuntimeError, match="closed"):
        s.submit(_action(1, 4))
    with sqlite3.connect(path) as conn:
        assert conn.execute("SELECT COUNT(*) FROM actions").fetchone() == (3,)


# ---- every SQL statement lives in bot/store/ ---------------------------------------------------
BOT = Path(__file__).resolve().parents[2] / "bot"
SQL = re.compile(
    r"\bSELECT\b[\s\S]*\bFROM\b|\bINSERT\s+INTO\b|\bUPDATE\s+\w+\s+SET\b|\bDELETE\s+FROM\b"
    r"|\b(CREATE|DROP|ALTER)\s+(TABLE|INDEX|TRIGGER|UNIQUE)\b|\bPRAGMA\s+\w+|\bBEGIN\s+IMMEDIATE\b"
)


def sql_strings(source: str) -> list[str]:
    """The string literals (f-string parts included) of ``source`` that look like SQL."""
    texts = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            texts.append(node.value)
        elif isinstance(node, ast.JoinedStr):  # an f-string: its parts joined around "{}"
            texts.append(
                "".join(v.value if isinstance(v, ast.Constant) else "{}" for v in node.values)
            )
    return [text for text in texts if SQL.search(text)]


def test_the_sql_detector_finds_sql() -> None:
    assert sql_strings('x = f"SELECT {cols} FROM games WHERE id = ?"')
    assert sql_strings("conn.execute('INSERT INTO actions VALUES (?)')")
    assert sql_strings('"UPDATE games SET version = 1"')
    assert sql_strings('"PRAGMA journal_mode = WAL"')
    assert not sql_strings('"Select a card from your hand; the update is sent."')


def test_no_sql_outside_the_store() -> None:
    offenders = {}
    for path in sorted(BOT.rglob("*.py")):
        if (BOT / "store") in path.parents:
            continue
        found = sql_strings(path.read_text(encoding="utf-8"))
        if found:
            offenders[str(path.relative_to(BOT))] = found
    assert offenders == {}
    assert sql_strings((BOT / "store" / "sqlite.py").read_text(encoding="utf-8"))
