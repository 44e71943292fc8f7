"""``bench/rows_ceiling.py`` swaps the Game of Rows determinizer for its own deal, so a change
of the determinizer's signature breaks it without touching its code: the ``stuck`` argument
once did, unnoticed until the next run. These play one deal of each 2-player mode, as a
separate process because the script replaces a module function for the whole process."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

SCRIPT = Path(__file__).resolve().parents[2] / "bench" / "rows_ceiling.py"


pytestmark = pytest.mark.slow  # a child process each, seconds long


def _run(*args: str) -> str:
    done = subprocess.run(
        [sys.executable, str(SCRIPT), "--pairs", "1", "--level", "easy", *args],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    return done.stdout


@pytest.mark.parametrize("see", ["all", "endgame"])
def test_two_player_modes_play_a_deal(see: str) -> None:
    out = _run("--see", see)
    assert "win rate" in out
    assert "over 2 games" in out


def test_endgame_mode_reports_its_solves() -> None:
    out = _run("--see", "endgame", "--seed", "3")
    assert "decisions with the deck empty" in out
    assert "'solved'" in out


def test_against_normal_plays_the_duels_pairs() -> None:
    """Two games of one deal, the seeing side on either seat, against ``normal``."""
    out = _run("--against", "normal", "--games", "2")
    assert "easy seeing every card against normal" in out
    assert "over 2 games" in out
