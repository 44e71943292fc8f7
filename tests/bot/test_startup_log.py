"""What ``python -m bot`` says when it starts: its version, the database schema, and which
database it opened (a relative path that resolved elsewhere opened an empty database without a
word), never a PostgreSQL password."""

from __future__ import annotations

import asyncio
import logging
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlsplit

import discord
import pytest

from bot import __main__ as entry
from bot import __version__
from bot.client import TidewaterBot
from bot.settings import parse_settings
from bot.store import LATEST, describe
from tests.bot.harness import APP_ID, TOKEN, start_bot


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


#: the README's permission list, in Discord's words, as the attributes discord.py names them
README_PERMISSIONS = {
    "View Channels": "view_channel",
    "Send Messages": "send_messages",
    "Embed Links": "embed_links",
    "Attach Files": "attach_files",
    "Read Message History": "read_message_history",
    "Create Public Threads": "create_public_threads",
    "Send Messages in Threads": "send_messages_in_threads",
}


async def test_the_start_logs_the_invite_with_the_readmes_permissions(
    fake, tmp_path, caplog
) -> None:
    readme = " ".join((Path(__file__).resolve().parents[2] / "README.md").read_text().split())
    for name in README_PERMISSIONS:
        assert name in readme
    wanted = discord.Permissions(**dict.fromkeys(README_PERMISSIONS.values(), True)).value
    assert f"permissions={wanted}" in readme  # the invite URL the quick start gives
    with caplog.at_level(logging.INFO, logger="bot"):
        bot = await start_bot(fake, tmp_path / "tw.sqlite3")
    await bot.close()
    [line] = [m for m in caplog.messages if m.startswith("invite the bot with ")]
    url = urlsplit(line.removeprefix("invite the bot with "))
    query = parse_qs(url.query)
    assert query["permissions"] == [str(wanted)]
    assert query["scope"] == ["bot applications.commands"]
    assert query["client_id"] == [str(APP_ID)]
