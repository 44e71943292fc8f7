"""``/stats``, ``/leaderboard`` and ``/history`` through the real bot and the fake Discord, after
whole games played through the buttons (so the numbers are the ones a finished game writes)."""

from __future__ import annotations

import json
import random

from games import registry
from tests.bot.flows import Table
from tests.bot.harness import GUILD_ID, User, start_bot

ALICE, BOB, CARL = User(1001, "Alice"), User(1002, "Bob"), User(1003, "Carl")


def options(game: str) -> str:
    profile = registry.package(game).profile.options
    return "\n".join(f"{k} = {json.dumps(v)}" for k, v in profile.items())


def fake_guild() -> int:
    return GUILD_ID


def embed_of(fake, token) -> dict:
    [reply] = [s for s in fake.replies_to(token) if s.kind == "callback"]
    data = (reply.payload or {})["data"]
    return {"ephemeral": bool(int(data.get("flags") or 0) & 64), **data["embeds"][0]}


async def test_stats_leaderboard_and_history_after_finished_games(fake, tmp_path) -> None:
    bot = await start_bot(fake, tmp_path / "st.sqlite3")
    try:
        played = []
        for n in range(2):
            table = Table(fake, bot)
            await table.start_game("rowboat", [ALICE, BOB], options=options("rowboat"))
            await table.play_out(random.Random(10 + n))
            await table.settle()
            played.append(table.game_id)
        results = {gid: await bot.manager.results(gid) for gid in played}
        alice_wins = sum(
            1 for rows in results.values() for r in rows if r.user_id == ALICE.id and r.winner
        )

        token = await table.run(fake.command(bot, ALICE, "stats"))
        stats = embed_of(fake, token)
        assert stats["ephemeral"] and "Alice" in stats["title"]
        assert f"2 games, {alice_wins} wins" in stats["description"]
        assert "skill" in stats["description"]

        token = await table.run(fake.command(bot, CARL, "stats", {"user": ALICE, "public": True}))
        public = embed_of(fake, token)
        assert not public["ephemeral"] and f"2 games, {alice_wins} wins" in public["description"]

        token = await table.run(fake.command(bot, CARL, "stats"))
        assert "No finished games" in embed_of(fake, token)["description"]

        token = await table.run(fake.command(bot, CARL, "leaderboard", {"game": "rowboat"}))
        board = embed_of(fake, token)
        lines = board["description"].splitlines()
        rows, total = await bot.manager.leaderboard(fake_guild(), "rowboat")
        assert total == 2 and [line.split("**")[1] for line in lines] == [r.name for r in rows]
        assert rows[0].skill >= rows[1].skill
        assert lines[0].startswith("1. ") and lines[1].startswith("2. ")
        assert "Page 1 of 1" in board["footer"]["text"] and board["ephemeral"]
        # issue 36: the board can be shown to the channel (names only: no one is pinged)
        token = await table.run(
            fake.command(bot, CARL, "leaderboard", {"game": "rowboat", "public": True})
        )
        shown = embed_of(fake, token)
        assert not shown["ephemeral"] and shown["description"] == board["description"]
        token = await table.run(
            fake.command(bot, CARL, "leaderboard", {"game": "rowboat", "page": 3})
        )
        assert "only 1 pages" in fake.reply_text(token)

        token = await table.run(fake.command(bot, BOB, "history"))
        history = embed_of(fake, token)["description"]
        for gid in played:
            assert f"#{gid} **Rowboat**" in history
        token = await table.run(fake.command(bot, BOB, "history", {"user": CARL}))
        assert "No finished games" in embed_of(fake, token)["description"]
    finally:
        await bot.close()


async def test_replay_log_and_record_replay_the_game_exactly(fake, tmp_path) -> None:
    """``/replay``: players of the game get the log and the JSON record, which the engine
    replays to the very final state; others get the public log only; unfinished and unknown
    games are refused in words."""
    from bot.stats.replay import replay_record

    bot = await start_bot(fake, tmp_path / "rp.sqlite3")
    try:
        table = Table(fake, bot)
        await table.start_game("rowboat", [ALICE, BOB], options=options("rowboat"))
        token = await table.run(fake.command(bot, ALICE, "replay", {"game": table.game_id}))
        assert "not over yet" in fake.reply_text(token)
        await table.play_out(random.Random(21))
        await table.settle()
        gid = table.game_id

        token = await table.run(fake.command(bot, ALICE, "replay", {"game": gid}))
        [reply] = [s for s in fake.replies_to(token) if s.kind == "callback"]
        files = reply.notes["files"]
        assert set(files) == {f"replay-{gid}.txt", f"replay-{gid}.json"}
        record = json.loads(files[f"replay-{gid}.json"])
        engine = registry.get("rowboat")
        _info, final = await bot.manager.state(gid)
        assert engine.dump(replay_record(record, engine)) == engine.dump(final)
        log = files[f"replay-{gid}.txt"].decode()
        assert log.count("\n") > 20

        token = await table.run(fake.command(bot, CARL, "replay", {"game": gid}))
        [reply] = [s for s in fake.replies_to(token) if s.kind == "callback"]
        assert set(reply.notes["files"]) == {f"replay-{gid}.txt"}  # no seed for onlookers
        assert reply.notes["files"][f"replay-{gid}.txt"].decode() == log

        token = await table.run(fake.command(bot, CARL, "replay", {"game": 987654}))
        assert "no game #987654" in fake.reply_text(token)
    finally:
        await bot.close()


async def test_privacy_delete_leaves_nothing_of_the_person_in_the_standings(fake, tmp_path) -> None:
    import sqlite3

    path = tmp_path / "pv.sqlite3"
    bot = await start_bot(fake, path)
    try:
        table = Table(fake, bot)
        await table.start_game("rowboat", [ALICE, BOB], options=options("rowboat"))
        await table.play_out(random.Random(22))
        await table.settle()
        assert await bot.manager.player_stats(GUILD_ID, ALICE.id)

        token = await table.run(fake.command(bot, ALICE, "privacy", sub="delete"))
        [_reply] = [s for s in fake.replies_to(token) if s.kind == "callback"]
        message = token.original
        button = fake.button(message, "Delete my data")
        intruder = await table.run(fake.click(bot, BOB, message, button))
        assert "not yours" in fake.reply_text(intruder)
        assert await bot.manager.player_stats(GUILD_ID, ALICE.id)
        done = await table.run(fake.click(bot, ALICE, message, button))
        assert "Done" in fake.reply_text(done)
        assert await bot.manager.player_stats(GUILD_ID, ALICE.id) == []
        with sqlite3.connect(path) as conn:
            assert (
                conn.execute(
                    "SELECT COUNT(*) FROM ratings WHERE user_id = ?", (ALICE.id,)
                ).fetchone()[0]
                == 0
            )
            names = [
                r[0]
                for r in conn.execute("SELECT name FROM results WHERE user_id = ?", (ALICE.id,))
            ]
            assert names and set(names) == {"(deleted)"}
            seats = " ".join(r[0] for r in conn.execute("SELECT seats FROM games"))
            assert "Alice" not in seats and "Bob" in seats
        history = await bot.manager.history(GUILD_ID)
        assert {r.name for r in history} == {"(deleted)", "Bob"}
    finally:
        await bot.close()
