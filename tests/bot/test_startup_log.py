"""What ``python -m bot`` says when it starts: its version, the database schema, and which
database it opened (a relative path that resolved elsewhere opened an empty database without a
word), never a PostgreSQL password."""

from __future__ import annotations

import asyncio
import logging
from typing import Any

import pytest

from bot import __main__ as entry
from bot import __version__
from bot.client import TidewaterBot
from bot.settings import parse_settings
from bot.store import LATEST, describe
from tests.bot.harness import TOKEN


async def _run_once(settings: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """``bot.__main__.run`` with the gateway replaced by an immediate close."""

    async def connect(self: TidewaterBot, *, reconnect: bool = True) -> None:
        await self.close()

    monkeypatch.setattr(TidewaterBot, "connect", connect)
    await asyncio.wait_for(entry.run(settings, TOKEN), 30)


async def test_the_start_names_version_schema_and_database(
    fake, tmp_path, monkeypatch, caplog
) -> None:
    db = tmp_path / "data" / "tw.sqlite3"
    settings = parse_settings(
        {"storage": {"path": str(db)}, "discord": {"sync_commands": False}}, env={}
    )
    with caplog.at_level(logging.INFO, logger="bot"):
        await _run_once(settings, monkeypatch)
    line = f"Tidewater {__version__} (database schema {LATEST}): opened the SQLite database {db}"
    assert line in caplog.messages


def test_a_postgresql_url_is_named_without_its_password() -> None:
    said = describe("postgresql://tide:s3cret-pw@db.example:5432/tidewater?sslmode=require")
    assert said == "PostgreSQL database postgresql://tide@db.example:5432/tidewater"
    assert describe("postgres://db.example/tw") == "PostgreSQL database postgres://db.example/tw"
