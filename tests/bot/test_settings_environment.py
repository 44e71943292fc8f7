"""Settings from the environment, as containers set them: ``TIDEWATER_<SECTION>__<KEY>`` for
every setting, ``..._FILE`` for secrets, the environment over the file over the defaults; and a
relative database path anchored to the config file's folder, wherever the bot is started from."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot import __main__ as entry
from bot.settings import ConfigError, load_settings, parse_settings

GOOD = "MTAxMDEwMTAxMDEwMTAxMDEw.GaBcDe.abcdefghijklmnopqrstuvwxyz0123456789"


def test_every_section_can_come_from_the_environment() -> None:
    settings = parse_settings(
        {},
        env={
            "TIDEWATER_TABLES__EDIT_INTERVAL": "2",
            "TIDEWATER_TABLES__PICTURES": "false",
            "TIDEWATER_DISCORD__DEV_GUILD_IDS": "[42, 43]",
            "TIDEWATER_DISCORD__SHARD_COUNT": "4",
            "TIDEWATER_DISCORD__SHARD_IDS": "[0, 1]",
            "TIDEWATER_STORAGE__PATH": "/data/tidewater.sqlite3",
            "TIDEWATER_LOGGING__LEVEL": "debug",
            "TIDEWATER_AI__PROCESSES": "2",
            "TIDEWATER_GAMES__ROWBOAT__NOVICE": "true",
            "UNRELATED": "x",
        },
    )
    assert settings.tables.edit_interval == 2.0 and settings.tables.pictures is False
    assert settings.discord.dev_guild_ids == [42, 43]
    assert (settings.discord.shard_count, settings.discord.shard_ids) == (4, [0, 1])
    assert settings.storage.path == "/data/tidewater.sqlite3"
    assert settings.logging.level == "DEBUG" and settings.ai.processes == 2
    assert settings.games == {"rowboat": {"novice": True}}
    whole = parse_settings({}, env={"TIDEWATER_GAMES__ROWBOAT": '{"novice": true}'})
    assert whole.game_options("rowboat") == {"novice": True}


def test_the_environment_wins_over_the_file_key_by_key() -> None:
    raw = {"tables": {"edit_interval": 3.0, "away_after": 5}}
    settings = parse_settings(raw, env={"TIDEWATER_TABLES__EDIT_INTERVAL": "0.5"})
    assert settings.tables.edit_interval == 0.5  # the environment's
    assert settings.tables.away_after == 5  # the file's, in the same section
    assert settings.tables.repost_after == 120.0  # the default


def test_secrets_from_files(tmp_path) -> None:
    token = tmp_path / "token"
    token.write_text(GOOD + "\n")  # secret files usually end with a newline
    url = tmp_path / "url"
    url.write_text("postgresql://tide:pw@db/tidewater\n")
    for token_name, url_name in (
        ("DISCORD_TOKEN_FILE", "DATABASE_URL_FILE"),
        ("TIDEWATER_DISCORD__TOKEN_FILE", "TIDEWATER_STORAGE__URL_FILE"),
    ):
        settings = parse_settings({}, env={token_name: str(token), url_name: str(url)})
        assert settings.discord.token == GOOD
        assert settings.storage.url == "postgresql://tide:pw@db/tidewater"


@pytest.mark.parametrize(
    ("env", "words"),
    [
        ({"TIDEWATER_TABLES__EDIT_INTERVAL": "fast"}, "TIDEWATER_TABLES__EDIT_INTERVAL: "),
        ({"TIDEWATER_TABLES__EDIT_INTERVAL": "600"}, "TIDEWATER_TABLES__EDIT_INTERVAL: "),
        ({"TIDEWATER_DISCROD__TOKEN": GOOD}, "TIDEWATER_DISCROD__TOKEN: not a setting"),
        ({"TIDEWATER_TABLES__EDIT": "1"}, "TIDEWATER_TABLES__EDIT: [tables] has no key edit"),
        ({"TIDEWATER_TABLES": "1"}, "TIDEWATER_TABLES: not a setting"),
        ({"TIDEWATER_DISCORD__DEV_GUILD_IDS": "42,43"}, "give this setting as JSON"),
        ({"DISCORD_TOKEN_FILE": "/nonexistent/token"}, "DISCORD_TOKEN_FILE: cannot read"),
        ({"DISCORD_TOKEN": GOOD, "DISCORD_TOKEN_FILE": "/x"}, "set DISCORD_TOKEN or"),
        ({"TIDEWATER_GAMES__ROWBOAT__NOVICE": "perhaps"}, "TIDEWATER_GAMES__ROWBOAT__NOVICE:"),
    ],
)
def test_a_bad_variable_is_one_line_naming_it(env, words) -> None:
    with pytest.raises(ConfigError) as caught:
        parse_settings({}, env=env)
    assert words in str(caught.value)
    assert "\n" not in str(caught.value)


def test_the_bot_exits_2_on_a_bad_variable(tmp_path, monkeypatch, capsys) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("DISCORD_TOKEN", GOOD)
    monkeypatch.setenv("TIDEWATER_TABLES__EDIT_INTERVAL", "fast")
    assert entry.main([]) == 2
    err = capsys.readouterr().err
    assert err.startswith("tidewater: config error: TIDEWATER_TABLES__EDIT_INTERVAL: ")
    assert err.count("\n") == 1


def test_a_relative_database_path_is_the_config_files_folders(tmp_path, monkeypatch) -> None:
    home = tmp_path / "etc" / "tidewater"
    home.mkdir(parents=True)
    config = home / "config.toml"
    config.write_text('[storage]\npath = "db/tw.sqlite3"\n')
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    monkeypatch.chdir(elsewhere)
    settings = load_settings(config, env={})
    assert Path(settings.storage.path) == home / "db" / "tw.sqlite3"
    # the default path too, and one from the environment: the config's folder is the anchor
    config.write_text("")
    assert Path(load_settings(config, env={}).storage.path) == home / "data/tidewater.sqlite3"
    env = {"TIDEWATER_STORAGE__PATH": "x.sqlite3"}
    assert Path(load_settings(config, env=env).storage.path) == home / "x.sqlite3"
    # an absolute path is kept
    env = {"TIDEWATER_STORAGE__PATH": str(tmp_path / "abs.sqlite3")}
    assert Path(load_settings(config, env=env).storage.path) == tmp_path / "abs.sqlite3"
