"""A database the bot cannot open is one line and exit code 1 for the self-hoster: not a
traceback, and not "cannot reach Discord" (which a folder that could not be created once
printed). A PostgreSQL URL may hold a password, so the line never repeats it."""

from __future__ import annotations

import threading
from pathlib import Path

import pytest

from bot import __main__ as entry
from bot.store import StoreUnavailable, open_store
from tests.bot.harness import TOKEN, FakeDiscord


def _main_with(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, path: Path) -> int:
    """``python -m bot`` against a fake Discord, with ``path`` as the SQLite file. Whatever
    it returns, it leaves no database thread running: those threads are not daemons, so one
    left behind kept the process alive after its error line (it never exited)."""
    config = tmp_path / "config.toml"
    config.write_text(f'[storage]\npath = "{path}"\n[discord]\nsync_commands = false\n')
    monkeypatch.setenv("DISCORD_TOKEN", TOKEN)
    monkeypatch.delenv("DATABASE_URL", raising=False)
    FakeDiscord().install(monkeypatch)
    before = set(threading.enumerate())
    code = entry.main(["--config", str(config)])
    left = [t.name for t in set(threading.enumerate()) - before if not t.daemon]
    assert not left, f"threads still running after main() returned: {left}"
    return code


def test_a_folder_as_the_database_file(tmp_path, monkeypatch, capsys) -> None:
    folder = tmp_path / "db"
    folder.mkdir()
    assert _main_with(tmp_path, monkeypatch, folder) == 1
    err = capsys.readouterr().err
    assert err.startswith(f"tidewater: cannot open the SQLite database {folder} (")
    assert err.count("\n") == 1


def test_a_file_where_the_databases_folder_goes(tmp_path, monkeypatch, capsys) -> None:
    (tmp_path / "data").write_text("not a folder")
    assert _main_with(tmp_path, monkeypatch, tmp_path / "data" / "tw.sqlite3") == 1
    err = capsys.readouterr().err
    assert "cannot open the SQLite database" in err and "Discord" not in err
    assert err.count("\n") == 1


def test_a_file_that_is_not_a_database(tmp_path, monkeypatch, capsys) -> None:
    """A path that names some other file (a typo, a backup): one line, exit code 1, and the
    process ends (before, its open connection's thread kept it alive for good)."""
    other = tmp_path / "notes.txt"
    other.write_text("not a database, " * 100)
    assert _main_with(tmp_path, monkeypatch, other) == 1
    err = capsys.readouterr().err
    assert "cannot open the SQLite database" in err and "not a database" in err
    assert err.count("\n") == 1


async def test_a_refused_postgresql_connection_keeps_the_password_out() -> None:
    with pytest.raises(StoreUnavailable) as caught:
        await open_store("postgresql://tidewater:s3cret-pw@127.0.0.1:1/tidewater")
    assert "PostgreSQL" in str(caught.value)
    assert "s3cret-pw" not in str(caught.value)
