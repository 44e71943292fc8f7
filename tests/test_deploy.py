"""The container, compose file and systemd unit, checked as far as a machine without Docker or
systemd allows: the Dockerfile's steps read as a script would run them (what it copies exists and
is what the package needs), the compose file parses and waits for a healthy PostgreSQL, and the
environment each of them sets is a valid configuration of the bot."""

from __future__ import annotations

import configparser
import pathlib
import re
import shlex
import tomllib

import yaml

from bot.settings import parse_settings

ROOT = pathlib.Path(__file__).resolve().parents[1]


def instructions() -> list[tuple[str, str]]:
    """The Dockerfile's (INSTRUCTION, arguments), continuation lines joined, comments dropped."""
    text = re.sub(r"\\\n", " ", (ROOT / "Dockerfile").read_text())
    found = []
    for line in text.splitlines():
        line = line.strip()
        if line and not line.startswith("#"):
            word, _, rest = line.partition(" ")
            found.append((word.upper(), rest.strip()))
    return found


def test_the_dockerfile_copies_what_the_package_needs_and_runs_unprivileged() -> None:
    steps = instructions()
    assert [a for w, a in steps if w == "FROM"] == ["python:3.11-slim AS build", "python:3.11-slim"]
    copied: set[str] = set()
    for word, args in steps:
        if word == "COPY" and not args.startswith("--from"):
            *sources, _dest = shlex.split(args)
            for source in sources:
                assert (ROOT / source).exists(), (
                    f"the Dockerfile copies {source}, which is not here"
                )
                copied.add(source)
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())
    packages = {p.rstrip("*") for p in project["tool"]["setuptools"]["packages"]["find"]["include"]}
    assert packages | {"pyproject.toml", project["project"]["readme"], "LICENSE"} <= copied
    [run] = [a for w, a in steps if w == "RUN" and "pip install" in a]
    # the README's install, into /venv, and not editable (the sources stay in the build stage)
    readme = (ROOT / "README.md").read_text()
    [install] = re.findall(
        r"^(python3 -m venv \.venv && \.venv/bin/pip install -q -e \.) ", readme, re.M
    )
    assert run == install.replace(".venv", "/venv").replace(" -e .", " .")
    users = [a for w, a in steps if w == "USER"]
    assert users and users[-1] not in ("root", "0")
    assert ("VOLUME", "/data") in steps
    env = dict(re.findall(r"(\w+)=(\S+)", " ".join(a for w, a in steps if w == "ENV")))
    assert parse_settings({}, env=env).storage.path == "/data/tidewater.sqlite3"
    [cmd] = [a for w, a in steps if w == "CMD"]
    assert cmd == '["/venv/bin/python", "-m", "bot"]'


def test_the_compose_file_waits_for_a_healthy_postgresql() -> None:
    compose = yaml.safe_load((ROOT / "docker-compose.yml").read_text())
    postgres, bot = compose["services"]["postgres"], compose["services"]["bot"]
    assert postgres["image"] == "postgres:16"
    assert "pg_isready" in " ".join(postgres["healthcheck"]["test"])
    assert bot["depends_on"]["postgres"]["condition"] == "service_healthy"
    env = {k: v for k, v in bot["environment"].items() if not v.startswith("${")}
    user, password, db = (
        postgres["environment"][f"POSTGRES_{k}"] for k in ("USER", "PASSWORD", "DB")
    )
    settings = parse_settings({}, env=env)
    assert settings.storage.url == f"postgresql://{user}:{password}@postgres:5432/{db}"
    assert "DISCORD_TOKEN" in bot["environment"]


def test_the_systemd_unit_restarts_on_failure_but_not_on_a_setting_to_fix() -> None:
    unit = configparser.ConfigParser(strict=False, interpolation=None)
    unit.optionxform = str  # type: ignore[assignment,method-assign]
    unit.read(ROOT / "contrib" / "tidewater.service")
    service = unit["Service"]
    assert service["Restart"] == "on-failure"
    assert service["RestartPreventExitStatus"] == "2"  # bot.__main__: 2 = fix a setting
    assert " -m bot" in service["ExecStart"]
    assert service["Environment"].startswith("DISCORD_TOKEN_FILE=")
    assert unit["Install"]["WantedBy"] == "multi-user.target"
