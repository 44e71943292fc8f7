"""``bench/ai.py`` plays hours-long runs from the command line, so a drift in it shows only
when a run is started. These run each mode on a tiny scale: a duel, a field, a speed run of a
game whose fewest players is not 2 (the default follows the game), and a refused table size."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.bench.loader import load


def test_duel_and_field_record_their_games(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bench = load("ai")
    duel = tmp_path / "duel.jsonl"
    bench.main(["duel", "--game", "game_of_rows", "--a", "easy", "--b", "random", "--pairs", "1",
                "--record", str(duel)])  # fmt: skip
    assert "over 2 games" in capsys.readouterr().out
    assert len(duel.read_text().splitlines()) == 2
    bench.main(["duel", "--game", "game_of_rows", "--a", "easy", "--b", "random", "--pairs", "1",
                "--record", str(duel)])  # fmt: skip
    assert len(duel.read_text().splitlines()) == 2  # read back, not played again
    field = tmp_path / "field.jsonl"
    bench.main(["field", "--game", "turn_the_tide", "--level", "easy", "--vs", "random",
                "--games", "3", "--record", str(field)])  # fmt: skip
    assert "over 3 games" in capsys.readouterr().out


def test_speed_defaults_to_the_games_fewest_players(capsys: pytest.CaptureFixture[str]) -> None:
    load("ai").main(["speed", "--game", "boat", "--level", "easy", "--moves", "3"])
    assert "easy:" in capsys.readouterr().out


def test_a_table_size_the_game_refuses_is_a_usage_error() -> None:
    with pytest.raises(SystemExit) as exc:
        load("ai").main(["speed", "--game", "turn_the_tide", "--players", "2"])
    assert exc.value.code == 2


def test_soak_plays_every_table_size_and_names_a_game_that_does_not_end(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """The marathons of AI moves live here now: a few moves show every table size is played,
    and a cap no game can meet makes the run fail with the game named."""
    bench = load("ai")
    bench.main(["soak", "--game", "turn_the_tide", "--moves", "60", "--levels", "easy,normal"])
    out = capsys.readouterr().out
    assert "turn_the_tide 3-5p:" in out and "all legal" in out
    with pytest.raises(SystemExit) as exc:
        bench.main(["soak", "--game", "rowboat", "--moves", "5", "--cap", "3"])
    assert exc.value.code == 1
    assert "did not end within 3 decisions: seed 1, 2p" in capsys.readouterr().out
