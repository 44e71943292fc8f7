"""The README's set-up commands are the ones CI and the Procfile really use."""

from __future__ import annotations

import pathlib
import re

ROOT = pathlib.Path(__file__).resolve().parents[1]


def shell_blocks(text: str) -> list[str]:
    return [b.strip() for b in re.findall(r"```sh\n(.*?)```", text, re.S)]


def test_ci_runs_exactly_the_readme_test_command() -> None:
    readme = (ROOT / "README.md").read_text()
    test_commands = [b for b in shell_blocks(readme) if "pytest" in b]
    assert len(test_commands) == 1
    ci_lines = [line.strip() for line in (ROOT / ".ci" / "run").read_text().splitlines()]
    assert test_commands[0] in ci_lines


def test_readme_run_command_and_procfile_use_python_m_bot() -> None:
    readme = (ROOT / "README.md").read_text()
    assert any("python -m bot" in b for b in shell_blocks(readme))
    assert (ROOT / "Procfile").read_text().strip() == "worker: python -m bot"
