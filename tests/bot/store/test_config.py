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
