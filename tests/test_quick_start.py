"""The README's quick start, as a self-hoster in a container runs it: ``python -m bot`` in an
empty folder, no config file, configured by environment variables alone, against the loopback
Discord of ``bench/bot.py`` (REST and a real gateway websocket). It must connect, sync its
commands, open its database where the environment says, and open a lobby for ``/play``."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.bench.loader import load

pytestmark = pytest.mark.slow  # starts the bot as a process of its own: not the inner loop

ROOT = Path(__file__).resolve().parents[1]
HOST = (900_000_000_000_000_001, "Alice")


async def test_the_bot_runs_from_environment_variables_alone(tmp_path: Path) -> None:
    bench = load("bot")
    fake = bench.Loopback(1)
    runner = await fake.start()
    db = tmp_path / "volume" / "tidewater.sqlite3"
    env = {
        key: value
        for key, value in os.environ.items()
        if not key.startswith(("TIDEWATER_", "DISCORD_", "DATABASE_URL"))
    }
    env.update(
        {
            "PYTHONPATH": str(ROOT),
            "DISCORD_TOKEN": bench.TOKEN,
            "TIDEWATER_STORAGE__PATH": str(db),
            "TIDEWATER_DISCORD__REST_BASE_URL": f"http://127.0.0.1:{fake.port}/api/v10",
            "TIDEWATER_LOGGING__LEVEL": "INFO",
        }
    )
    here = tmp_path / "empty"
    here.mkdir()
    child = subprocess.Popen(
        [sys.executable, "-m", "bot"],
        cwd=here,
        env=env,
        stderr=subprocess.PIPE,
        text=True,
    )
    channel = fake.channels[0]
    try:
        assert await bench.wait_until(fake.ready.is_set, 60), "the bot never connected"
        assert await bench.wait_until(lambda: fake.commands, 30), "the bot synced no commands"
        token = await fake.command(*HOST, channel, "play", {"game": "rowboat"})
        await bench.wait_until(lambda: fake.tokens[token].answered or child.poll() is not None)
        assert child.poll() is None, "the bot process exited"
        assert fake.tokens[token].answered
        lobby = fake.public(channel)
        assert lobby, "no lobby was posted"
        assert db.exists(), "the database is not where TIDEWATER_STORAGE__PATH says"
        assert list(here.iterdir()) == [], "the bot wrote into its working directory"
    finally:
        child.terminate()
        try:
            _, err = child.communicate(timeout=20)
        except subprocess.TimeoutExpired:
            child.kill()
            _, err = child.communicate()
        await runner.cleanup()
    assert child.returncode == 0, err[-2000:]
    assert f"opened the SQLite database {db}" in err
