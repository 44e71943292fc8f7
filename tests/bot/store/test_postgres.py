"""The PostgreSQL backend against a real server: the same schema as SQLite, the same answers
to the same writes, group commit with failure isolation over the network. The store's own tests
(``test_store.py``) run on this backend too; this file holds what only PostgreSQL does."""

from __future__ import annotations

import asyncio
import random
import sqlite3
from pathlib import Path

import asyncpg

from bot.store import (
    ActionWrite,
    Batch,
    DeadlineWrite,
    GameWrite,
    ResultWrite,
    SettingsWrite,
    SnapshotWrite,
    Store,
    check,
)
from bot.store.migrations import LATEST as SQLITE_LATEST
from bot.store.postgres import PostgresStore
from bot.store.postgres_migrations import LATEST as PG_LATEST

NOW = 1_700_000_000.0


def test_both_dialects_have_the_same_numbered_migrations() -> None:
    assert PG_LATEST == SQLITE_LATEST


async def test_the_schema_matches_sqlite(tmp_path: Path, postgres_url: str) -> None:
    lite = await Store.open(tmp_path / "a.sqlite3")
    await lite.close()
    with sqlite3.connect(tmp_path / "a.sqlite3") as conn:
        names = [n for (n,) in conn.execute("SELECT name FROM sqlite_master WHERE type='table'")]
        sqlite_columns = {
            (table, row[1])
            for table in names
            for row in conn.execute(f"PRAGMA table_info({table})")
        }
    pg = await PostgresStore.open(postgres_url)
    rows = await pg.fetchall(
        "SELECT table_name, column_name FROM information_schema.columns"
        " WHERE table_schema = 'public'"
    )
    await pg.close()
    assert {(t, c) for t, c in rows} == sqlite_columns


def random_batches(rng: random.Random, games: int, steps: int) -> list[Batch]:
    """Writes a session manager could make: lobbies, moves with snapshots, deadlines added
    and removed, settings, finished games with results."""
    out = [
        Batch(
            games=[
                GameWrite(
                    g,
                    9,
                    100 + g,
                    "tally",
                    5,
                    "live",
                    '[[1,"A",null]]',
                    "{}",
                    2**62 + g,
                    "{}",
                    NOW,
                    NOW,
                    None,
                )
                for g in range(1, games + 1)
            ]
        )
    ]
    seq = dict.fromkeys(range(1, games + 1), 0)
    deadline = 0
    live = set(seq)
    for _ in range(steps):
        batch = Batch()
        for g in rng.sample(sorted(live), k=min(len(live), rng.randint(1, 3))):
            seq[g] += 1
            batch.actions.append(
                ActionWrite(g, seq[g], seq[g] % 3, f"play:{seq[g]}", "player", NOW + seq[g])
            )
            if seq[g] % 4 == 0:
                batch.snapshots.append(SnapshotWrite(g, seq[g], f"state-{g}-{seq[g]}"))
            if rng.random() < 0.3:
                deadline += 1
                batch.deadlines_add.append(DeadlineWrite(deadline, g, "turn", NOW + 30, "{}"))
            if rng.random() < 0.2:
                batch.deadlines_del_game.append((g,))
            if rng.random() < 0.05:
                live.discard(g)
                batch.games.append(
                    GameWrite(
                        g,
                        9,
                        100 + g,
                        "tally",
                        5,
                        "finished",
                        "[]",
                        "{}",
                        2**62 + g,
                        '{"table": 7}',
                        NOW,
                        NOW + seq[g],
                        "over",
                    )
                )
                batch.results.append(ResultWrite(g, 0, 1, "A", seq[g], 1))
        if rng.random() < 0.1:
            batch.settings.append(
                SettingsWrite(9, rng.choice([None, 2**62]), rng.randint(0, 1), 30)
            )
        out.append(batch)
    return out


async def reads(store: Store | PostgresStore, games: int) -> list[object]:
    got: list[object] = [
        await store.counters(),
        await store.guild_settings(),
        await store.load_open_games(),
        await store.deadlines(),
    ]
    for g in range(1, games + 1):
        got += [
            await store.game_row(g),
            await store.snapshot(g),
            await store.actions_after(g, 0),
            await store.actions_after(g, 3),
            await store.results(g),
        ]
    return got


async def test_same_writes_give_the_same_reads_as_sqlite(tmp_path: Path, postgres_url: str) -> None:
    batches = random_batches(random.Random(5), games=12, steps=200)
    lite = await Store.open(tmp_path / "b.sqlite3")
    pg = await PostgresStore.open(postgres_url)
    try:
        for store in (lite, pg):
            # submitted together, so merged transactions are exercised as well as lone ones
            for start in range(0, len(batches), 17):
                chunk = [store.submit(b) for b in batches[start : start + 17]]
                for done, index in chunk:
                    check(await done, index)
        assert await reads(pg, 12) == await reads(lite, 12)
    finally:
        await lite.close()
        await pg.close()


async def test_a_bad_batch_fails_alone_and_the_rest_lands(postgres_url: str) -> None:
    pg = await PostgresStore.open(postgres_url)
    try:
        game = GameWrite(1, 9, 10, "tally", 5, "live", "[]", "{}", 7, "{}", NOW, NOW, None)
        await pg.commit(Batch(games=[game], actions=[ActionWrite(1, 1, 0, "a", "player", NOW)]))
        good = Batch(actions=[ActionWrite(1, 2, 0, "b", "player", NOW)])
        bad = Batch(actions=[ActionWrite(1, 1, 0, "again", "player", NOW)])  # duplicate key
        later = Batch(actions=[ActionWrite(1, 3, 0, "c", "player", NOW)])
        handles = [pg.submit(b) for b in (good, bad, later)]
        failures = await handles[0][0]
        assert set(failures) == {1}
        assert isinstance(failures[1], asyncpg.UniqueViolationError)
        assert [a.code for a in await pg.actions_after(1)] == ["a", "b", "c"]
        assert (await pg.game_row(1)).version == 3  # type: ignore[union-attr]
    finally:
        await pg.close()


async def test_a_commit_is_visible_to_a_new_connection_when_it_returns(postgres_url: str) -> None:
    pg = await PostgresStore.open(postgres_url)
    other = await asyncpg.connect(postgres_url)
    try:
        game = GameWrite(1, 9, 10, "tally", 5, "live", "[]", "{}", 7, "{}", NOW, NOW, None)
        await pg.commit(Batch(games=[game]))
        for seq in range(1, 21):
            await pg.commit(Batch(actions=[ActionWrite(1, seq, 0, "x", "player", NOW)]))
            assert await other.fetchval("SELECT version FROM games WHERE id = 1") == seq
    finally:
        await other.close()
        await pg.close()


async def test_concurrent_commits_share_transactions(postgres_url: str) -> None:
    pg = await PostgresStore.open(postgres_url)
    try:
        await pg.commit(
            Batch(
                games=[
                    GameWrite(g, 9, g, "tally", 5, "live", "[]", "{}", 7, "{}", NOW, NOW, None)
                    for g in range(1, 201)
                ]
            )
        )
        before = pg.transactions

        async def player(g: int) -> None:
            for seq in range(1, 11):
                await pg.commit(Batch(actions=[ActionWrite(g, seq, 0, "x", "player", NOW)]))

        await asyncio.gather(*(player(g) for g in range(1, 201)))
        assert pg.batches >= 2000 and pg.transactions - before < 2000  # merged
        rows = await pg.fetchall("SELECT COUNT(*), MIN(version), MAX(version) FROM games")
        assert rows == [(200, 10, 10)]
    finally:
        await pg.close()
