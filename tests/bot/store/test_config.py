"""Choosing the backend from the config: SQLite by default, PostgreSQL by URL or DATABASE_URL."""

from __future__ import annotations

import pytest

from bot.settings import ConfigError, parse_settings
from bot.store import is_postgres


def test_sqlite_is_the_default() -> None:
    settings = parse_settings({}, env={})
    assert settings.storage.target == "data/tidewater.sqlite3"
    assert not is_postgres(settings.storage.target)


def test_a_url_in_the_file_selects_postgresql() -> None:
    settings = parse_settings({"storage": {"url": "postgresql://u:p@db/tide"}}, env={})
    assert settings.storage.target == "postgresql://u:p@db/tide"
    assert is_postgres(settings.storage.target)


def test_database_url_in_the_environment_wins() -> None:
    raw = {"storage": {"url": "postgresql://file/db"}}
    settings = parse_settings(raw, env={"DATABASE_URL": "postgres://env/db"})
    assert settings.storage.target == "postgres://env/db"


def test_a_url_that_is_not_postgresql_is_refused_in_one_line() -> None:
    with pytest.raises(ConfigError, match=r"storage\.url: must be a postgresql:// URL"):
        parse_settings({"storage": {"url": "mysql://x"}}, env={})
    with pytest.raises(ConfigError, match="DATABASE_URL"):
        parse_settings({}, env={"DATABASE_URL": "sqlite:///x"})


def test_shard_settings_are_checked() -> None:
    ok = parse_settings({"discord": {"shard_count": 4, "shard_ids": [0, 2]}}, env={})
    assert ok.discord.shard_ids == [0, 2]
    for bad in (
        {"shard_ids": [0]},
        {"shard_count": 2, "shard_ids": [2]},
        {"shard_count": 2, "shard_ids": []},
    ):
        with pytest.raises(ConfigError, match="shard"):
            parse_settings({"discord": bad}, env={})


def test_a_second_process_for_an_owned_shard_exits_with_one_line(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import bot.__main__ as entry
    from bot.sessions.shards import ShardOwned

    async def refused(settings: object, token: str, **_: object) -> None:
        raise ShardOwned("shard(s) 1 are owned by another running process")

    monkeypatch.setattr(entry, "run", refused)
    monkeypatch.setenv(
        "DISCORD_TOKEN", "MTAxMDEwMTAxMDEwMTAxMDEw.GaBcDe.abcdefghijklmnopqrstuvwxyz0123456789"
    )
    assert entry.main(["--config", "config.example.toml"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert err == ["tidewater: shard(s) 1 are owned by another running process"]


def test_a_process_that_lost_its_lease_exits_3_with_one_line(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Not 0: a supervisor set to restart on failure must restart it (issue 38)."""
    import bot.__main__ as entry
    from bot.store import LeaseLost

    async def lost(settings: object, token: str, **_: object) -> None:
        raise LeaseLost("shard(s) 1 are now served by another process: stopped")

    monkeypatch.setattr(entry, "run", lost)
    monkeypatch.setenv(
        "DISCORD_TOKEN", "MTAxMDEwMTAxMDEwMTAxMDEw.GaBcDe.abcdefghijklmnopqrstuvwxyz0123456789"
    )
    assert entry.main(["--config", "config.example.toml"]) == 3
    err = capsys.readouterr().err.strip().splitlines()
    assert err == ["tidewater: shard(s) 1 are now served by another process: stopped"]


def test_wait_for_lease_reaches_the_run(monkeypatch: pytest.MonkeyPatch) -> None:
    import bot.__main__ as entry

    seen: list[object] = []

    async def run(settings: object, token: str, **kwargs: object) -> None:
        seen.append(kwargs.get("wait_for_lease"))

    monkeypatch.setattr(entry, "run", run)
    monkeypatch.setenv(
        "DISCORD_TOKEN", "MTAxMDEwMTAxMDEwMTAxMDEw.GaBcDe.abcdefghijklmnopqrstuvwxyz0123456789"
    )
    assert entry.main(["--config", "config.example.toml", "--wait-for-lease"]) == 0
    assert entry.main(["--config", "config.example.toml"]) == 0
    assert seen == [True, False]
