"""Configuration: TOML + pydantic, DISCORD_TOKEN wins, one clear line and exit code 2."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from bot.__main__ import main
from bot.settings import ConfigError, check_token, load_settings, parse_settings

ROOT = Path(__file__).resolve().parents[2]
GOOD = "MTAxMDEwMTAxMDEwMTAxMDEw.GaBcDe.abcdefghijklmnopqrstuvwxyz0123456789"


def test_a_missing_default_file_means_all_defaults(tmp_path, monkeypatch) -> None:
    monkeypatch.chdir(tmp_path)
    settings = load_settings(None, env={})
    assert settings.storage.path == "data/tidewater.sqlite3"
    assert settings.discord.dev_guild_ids == [] and settings.discord.sync_commands
    assert settings.logging.level == "INFO"
    # a host's Add AI seats a player that tries: random play is for tests only
    assert settings.tables.ai_level == "normal"
    # a searching AI thinks at most 0.8 s of CPU a move (issue 43: within a second)
    assert settings.tables.ai_seconds == 0.8
    # people at the table are shown their turn quietly; hands catch up with context in 10 s
    assert (settings.tables.active_seconds, settings.tables.repost_after) == (60.0, 120.0)
    assert settings.tables.hand_context_seconds == 10.0


def test_the_example_config_is_valid_and_documents_every_key() -> None:
    example = ROOT / "config.example.toml"
    settings = load_settings(example, env={})
    text = example.read_text()
    for section in type(settings).model_fields:
        if section == "games":
            continue
        assert f"[{section}]" in text
        for key in type(getattr(settings, section)).model_fields:
            assert f"{key} =" in text, f"{section}.{key} is not documented"
    assert "[games.rowboat]" in text


def test_environment_token_wins_over_the_file(tmp_path) -> None:
    config = tmp_path / "c.toml"
    config.write_text('[discord]\ntoken = "from-file"\n')
    assert load_settings(config, env={}).discord.token == "from-file"
    assert load_settings(config, env={"DISCORD_TOKEN": GOOD}).discord.token == GOOD


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("[discrod]\ntoken = 'x'\n", "discrod: unknown key"),
        ("[storage]\npath = 3\n", "storage.path"),
        ("[games.rowboat]\ntagret_score = 10\n", "Unknown option 'tagret_score'"),
        ("[games.rowboat]\nlighthouse_seconds = 5\n", "lighthouse_seconds"),
        ("[games.chess]\n", "Unknown game"),
        ("[logging]\nlevel = 'LOUD'\n", "logging.level"),
        ("[tables]\ngame_idle_days = 0.5\n", "at least 1 day"),
        ("not = [toml", "not valid TOML"),
    ],
)
def test_bad_config_is_one_readable_line(tmp_path, text, words) -> None:
    config = tmp_path / "c.toml"
    config.write_text(text)
    with pytest.raises(ConfigError) as err:
        load_settings(config, env={})
    assert words in str(err.value) and "\n" not in str(err.value)


def test_game_defaults_are_validated_by_the_engine_options() -> None:
    settings = parse_settings({"games": {"rowboat": {"novice": True}}}, env={})
    assert settings.game_options("rowboat") == {"novice": True}
    assert settings.game_options("boat") == {}


@pytest.mark.parametrize("token", ["", "   ", "not-a-token", "client-secret-abcdefghijklmnop"])
def test_missing_or_malformed_token_is_refused(token) -> None:
    with pytest.raises(ConfigError):
        check_token(parse_settings({"discord": {"token": token}}, env={}))
    assert check_token(parse_settings({}, env={"DISCORD_TOKEN": GOOD})) == GOOD


def test_main_exits_2_with_one_line(tmp_path, monkeypatch, capsys) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("DISCORD_TOKEN", raising=False)
    assert main([]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "DISCORD_TOKEN" in err
    assert main(["--config", str(tmp_path / "nope.toml")]) == 2
    assert "does not exist" in capsys.readouterr().err


def test_python_m_bot_without_a_token_exits_2(tmp_path) -> None:
    env = {k: v for k, v in os.environ.items() if k != "DISCORD_TOKEN"}
    proc = subprocess.run(
        [sys.executable, "-m", "bot"],
        cwd=tmp_path,
        env={**env, "PYTHONPATH": str(ROOT)},
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert proc.returncode == 2
    assert len(proc.stderr.strip().splitlines()) == 1 and "token" in proc.stderr
