"""What a release ships: the version the code reports is the one the package is built with, and
the licence notice and changelog are there (MIT requires the notice to ship with the code)."""

from __future__ import annotations

import importlib.metadata
import pathlib
import re
import tomllib

import bot

ROOT = pathlib.Path(__file__).resolve().parents[1]


def test_the_version_is_pyprojects() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    assert bot.__version__ == project["version"]
    assert importlib.metadata.version("tidewater") == bot.__version__


def test_the_changelog_has_the_version_and_an_unreleased_section() -> None:
    changelog = (ROOT / "CHANGELOG.md").read_text()
    versions = re.findall(r"^## \[([^\]]+)\]", changelog, re.M)
    assert versions[0] == "Unreleased"
    assert bot.__version__ in versions


def test_the_licence_is_the_mit_notice_pyproject_names() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    assert project["license"] == {"text": "MIT"}
    text = (ROOT / "LICENSE").read_text()
    assert text.startswith("MIT License\n")
    assert "Tidewater contributors" in text
    assert "The above copyright notice and this permission notice shall be included" in text
