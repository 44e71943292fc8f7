"""The store on both backends: migrations from every schema version, group commit, failure
isolation, shutdown, shard leases. Each test runs on SQLite and on PostgreSQL (the ``db``
fixture of ``tests/postgres.py``: one test server for the session), because the writer and the
reads are one code for both and must keep one promise. What only one dialect does is tested in
``test_sqlite.py`` and ``test_postgres.py``."""

from __future__ import annotations

import ast
import asyncio
import json
import re
import sqlite3
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import asyncpg
import pytest

from bot.sessions import SessionManager
from bot.store import (
    Batch,
    GameStore,
    SchemaTooNew,
    StoreUnavailable,
    check,
    is_postgres,
    migrations,
    open_store,
)
from bot.store import postgres as postgres_backend
from bot.store import sqlite as sqlite_backend
from tests.bot.sessions_support import TALLY, engines
from tests.postgres import Db

NOW = 1_700_000_000.0

#: what each backend raises for a second row with the same key
DUPLICATE_KEY: dict[bool, type[Exception]] = {
    False: sqlite3.IntegrityError,
    True: asyncpg.UniqueViolationError,
}


# ---- reading and writing a database behind the store's back --------------------------------
async def execute(target: str, statements: list[tuple[str, tuple[Any, ...]]]) -> list[Any]:
    """Run ``statements`` (``?`` placeholders) in one transaction on a connection of their own,
    as another program would, and return the rows of the last one."""
    if is_postgres(target):
        conn = await asyncpg.connect(target)
        try:
            async with conn.transaction():
                rows: list[Any] = []
                for sql, params in statements:
                    rows = await conn.fetch(postgres_backend._placeholders(sql), *params)
            return [tuple(r) for r in rows]
        finally:
            await conn.close()
    with sqlite3.connect(target) as lite:
        rows = []
        for sql, params in statements:
            rows = lite.execute(sql, params).fetchall()
    lite.close()
    return rows


async def query(target: str, sql: str, params: tuple[Any, ...] = ()) -> list[Any]:
    return await execute(target, [(sql, params)])


async def tables(target: str) -> set[str]:
    if is_postgres(target):
        sql = "SELECT table_name FROM information_schema.tables WHERE table_schema = 'public'"
    else:
        sql = "SELECT name FROM sqlite_master WHERE type = 'table'"
    return {name for (name,) in await query(target, sql)}


async def version_of(target: str) -> int:
    return int((await query(target, "SELECT version FROM schema_version"))[0][0])


async def migrate_to(target: str, version: int) -> None:
    """Bring a new database to schema ``version`` with the backend's own migration runner."""
    if is_postgres(target):
        conn = await asyncpg.connect(target)
        try:
            assert await postgres_backend.migrate(conn, upto=version) == version
        finally:
            await conn.close()
    else:
        import aiosqlite

        async with aiosqlite.connect(target, isolation_level=None) as conn:
            assert await sqlite_backend.migrate(conn, upto=version) == version


# ---- migrations --------------------------------------------------------------------------------
async def test_migrations_from_an_empty_database(db: Db) -> None:
    target = db("empty")
    if not is_postgres(target):
        Path(target).touch()  # an empty file, not only a missing one
    await (await open_store(target)).close()
    assert await version_of(target) == migrations.LATEST
    assert {"games", "actions", "snapshots", "guild_settings", "deadlines", "results"} <= (
        await tables(target)
    )
    await (await open_store(target)).close()  # re-opening is a no-op
    assert await version_of(target) == migrations.LATEST


def _seed_data(version: int) -> list[tuple[str, tuple[Any, ...]]]:
    """What a bot at schema ``version`` would have written: a lobby, a live game with a
    snapshot and a tail of actions, and (from version 2) settings and a deadline."""
    seats = json.dumps([[100, "Host", None], [200, "Bea", None]])
    cols = "id, guild_id, channel_id, game, host_id, status, seats, options, seed, version,"
    cols += " messages, created, updated"
    out: list[tuple[str, tuple[Any, ...]]] = [
        (
            f"INSERT INTO games ({cols})"
            " VALUES (?, 9, ?, 'tally', 100, ?, ?, ?, 7, ?, '{}', ?, ?)",
            (gid, 10 + gid, status, seats, json.dumps({"target": 40}), ver, NOW, NOW),
        )
        for gid, status, ver in ((1, "lobby", 0), (2, "live", 3))
    ]
    state = TALLY.new_game(2, {"target": 40}, 7)
    out.append(
        ("INSERT INTO snapshots (game_id, seq, state) VALUES (2, 0, ?)", (TALLY.dump(state),))
    )
    for seq in (1, 2, 3):
        seat = TALLY.to_act(state)[0]
        state, _ = TALLY.apply(state, seat, "add:2")
        out.append(
            (
                "INSERT INTO actions (game_id, seq, seat, code, cause, at)"
                " VALUES (2, ?, ?, 'add:2', 'act', ?)",
                (seq, seat, NOW),
            )
        )
    if version >= 2:
        out.append(
            (
                "INSERT INTO guild_settings (guild_id, admin_role_id, use_threads, turn_timeout)"
                " VALUES (9, 42, 1, 0)",
                (),
            )
        )
        out.append(
            (
                "INSERT INTO deadlines (id, game_id, kind, due, data)"
                " VALUES (1, 2, 'fade', ?, '{}')",
                (NOW + 1e9,),
            )
        )
    return out


@pytest.mark.parametrize("start", range(1, migrations.LATEST))
async def test_migrations_from_every_earlier_version(db: Db, start: int) -> None:
    target = db(f"v{start}")
    await migrate_to(target, start)
    await execute(target, _seed_data(start))
    mgr = await SessionManager.open(target, engines=engines)
    try:
        assert await version_of(target) == migrations.LATEST
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


async def test_a_newer_database_is_refused(db: Db) -> None:
    target = db("new")
    await (await open_store(target)).close()
    await query(target, "UPDATE schema_version SET version = 999")
    with pytest.raises(SchemaTooNew, match="999"):
        await open_store(target)


async def test_a_failing_migration_leaves_the_previous_version(
    db: Db, monkeypatch: pytest.MonkeyPatch
) -> None:
    target = db("bad")
    backend = postgres_backend if is_postgres(target) else sqlite_backend
    broken = (
        *backend.MIGRATIONS,
        "CREATE TABLE extra (x INTEGER); CREATE TABLE games (y INTEGER);",
    )
    monkeypatch.setattr(backend, "MIGRATIONS", broken)
    monkeypatch.setattr(backend, "LATEST", len(broken))
    with pytest.raises(StoreUnavailable, match="games"):
        await open_store(target)
    assert await version_of(target) == migrations.LATEST
    assert "extra" not in await tables(target)


# ---- the writer ------------------------------------------------------------------------------
@pytest.fixture
async def store(db: Db) -> AsyncIterator[Any]:
    """A store on a fresh database of either backend, closed after the test."""
    opened = await open_store(db("store"))
    yield opened
    await opened.close()


def _action(game: int, seq: int) -> Batch:
    return Batch(actions=[(game, seq, 0, "add:1", "act", NOW)])


async def test_group_commit_shares_transactions(store: Any) -> None:
    await asyncio.gather(*(store.commit(_action(g, 1)) for g in range(300)))
    assert store.batches == 300 and store.transactions < 300
    rows = await store.fetchall("SELECT COUNT(*) FROM actions")
    assert rows == [(300,)]
    await store.commit(_action(1000, 1))  # a lone commit is written on its own
    assert store.batches == 301


async def test_a_failing_batch_fails_alone(db: Db) -> None:
    target = db("f")
    s = await open_store(target)
    try:
        await s.commit(_action(1, 1))
        good = [s.submit(_action(2, seq)) for seq in (1, 2)]
        bad = s.submit(Batch(actions=[(3, 1, 0, "x", "act", NOW), (1, 1, 0, "dup", "act", NOW)]))
        more = s.submit(_action(2, 3))
        assert bad[0] is more[0]  # one merged transaction, which fails and is split
        with pytest.raises(DUPLICATE_KEY[is_postgres(target)]):
            check(await bad[0], bad[1])
        for done, index in [*good, more]:
            check(await done, index)
        rows = await query(target, "SELECT game_id, seq, code FROM actions ORDER BY game_id, seq")
        assert rows == [(1, 1, "add:1"), (2, 1, "add:1"), (2, 2, "add:1"), (2, 3, "add:1")]
    finally:
        await s.close()


async def test_commit_order_within_a_merged_batch(store: Any) -> None:
    """A deadline created and deleted in batches merged into one transaction stays deleted;
    a game inserted and updated in one transaction keeps the update."""
    s = store
    row = (5, 1, 1, "tally", 100, "lobby", "[]", "{}", 1, "{}", NOW, NOW, None, None, None, 0, 0, 0)
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


async def test_close_writes_what_is_queued(db: Db) -> None:
    target = db("q")
    s: GameStore = await open_store(target)
    pending = [s.submit(_action(1, seq)) for seq in (1, 2, 3)]
    async with asyncio.timeout(10):  # close runs in this task, before the writer wakes
        await s.close()
    for done, index in pending:
        check(await done, index)
    with pytest.raises(RuntimeError, match="closed"):
        s.submit(_action(1, 4))
    assert await query(target, "SELECT COUNT(*) FROM actions") == [(3,)]


# ---- shard leases ------------------------------------------------------------------------------
async def test_a_shard_lease_is_refused_while_held_and_taken_after_expiry(store: Any) -> None:
    assert await store.claim_shards([0, 1], "a", now=100.0, ttl=30.0) == [0, 1]
    assert await store.claim_shards([1, 2], "b", now=110.0, ttl=30.0) == [2]  # 1 is a's
    assert await store.claim_shards([0, 1], "a", now=120.0, ttl=30.0) == [0, 1]  # renewal
    assert await store.claim_shards([1], "b", now=149.0, ttl=30.0) == []  # a renewed to 150
    assert await store.claim_shards([1], "b", now=151.0, ttl=30.0) == [1]  # a's lease expired
    assert await store.claim_shards([1], "a", now=152.0, ttl=30.0) == []  # and a lost it
    await store.release_shards([0], "a")
    assert await store.claim_shards([0], "b", now=153.0, ttl=30.0) == [0]


async def test_leases_carry_the_shard_count_and_an_epoch_raised_at_each_takeover(
    store: Any,
) -> None:
    assert await store.lease_shards([0, 1], "a", 100.0, 30.0, 2) == ({0: 1, 1: 1}, None)
    assert await store.lease_shards([0, 1], "a", 110.0, 30.0, 2) == ({0: 1, 1: 1}, None)
    # a process of another count is refused as a whole while a's leases live ...
    assert await store.lease_shards([3], "b", 120.0, 30.0, 4) == ({}, 2)
    assert await store.lease_shards([1], "b", 139.0, 30.0, 2) == ({}, None)  # a's till 140
    # ... and re-shards once they have expired; a shard changing hands gets the next epoch
    assert await store.lease_shards([0, 3], "b", 141.0, 30.0, 4) == ({0: 2, 3: 1}, None)
    assert await store.lease_shards([1], "a", 142.0, 30.0, 2) == ({}, 4)
    # a release keeps the row, so the epoch goes on rising after it
    await store.release_shards([0, 3], "b")
    assert await store.lease_shards([0], "a", 143.0, 30.0, 2) == ({0: 3}, None)


# ---- every SQL statement lives in bot/store/ ---------------------------------------------------
BOT = Path(__file__).resolve().parents[3] / "bot"
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
