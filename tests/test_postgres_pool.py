"""The test server's databases are handed out again only once they are as empty as new ones
(``tests/postgres.py``): a test must never meet the tables, rows or sessions of another."""

from __future__ import annotations

import asyncpg

from tests.postgres import Databases


async def test_a_database_handed_back_comes_again_empty(postgres_databases: Databases) -> None:
    url = postgres_databases.take()
    first = await asyncpg.connect(url)
    try:
        await first.execute("CREATE TABLE left_over (x int); INSERT INTO left_over VALUES (1)")
        await first.execute("CREATE SEQUENCE left_seq")
        # a session still open, mid-transaction, holding a lock on the table
        await first.execute("BEGIN; LOCK TABLE left_over IN ACCESS EXCLUSIVE MODE")
        postgres_databases.give_back(url)
    finally:
        first.terminate()  # its server side was ended by the hand-back
    again = postgres_databases.take()
    assert again == url  # the same database, not a new one
    second = await asyncpg.connect(again)
    try:
        names = await second.fetch(
            "SELECT relname FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace"
            " WHERE n.nspname = 'public'"
        )
        assert names == []
        # and the schema works as a new database's does
        await second.execute("CREATE TABLE fresh (x int)")
    finally:
        await second.close()
    postgres_databases.give_back(again)
