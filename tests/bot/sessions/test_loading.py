"""The loader alone: rows in, replayed records out (no database, no manager)."""

from __future__ import annotations

import json

import pytest

from bot.sessions.loading import load_open, replay
from bot.store import ActionRow, GameRow, OpenGames, SnapshotRow
from tests.bot.sessions_support import TALLY, engines
from tests.bot.sessions_support import replay as full_replay

SEATS = json.dumps([[10, "A", None], [11, "B", None]])


def row(gid: int, status: str, version: int, game: str = "tally") -> GameRow:
    return GameRow(gid, 1, 100 + gid, game, 10, status, SEATS, '{"target":40}', 3, version,
                   '{"table":5}', 0.0, None)  # fmt: skip


def log(moves: int) -> list[ActionRow]:
    state = TALLY.new_game(2, {"target": 40}, 3)
    out = []
    for seq in range(1, moves + 1):
        seat = TALLY.to_act(state)[0]
        code = "add:1" if seq % 2 else "add:2"
        state, _ = TALLY.apply(state, seat, code)
        out.append(ActionRow(seq, seat, code))
    return out


def test_snapshot_plus_tail_equals_the_whole_log() -> None:
    actions = log(11)
    at8 = full_replay(TALLY, 2, {"target": 40}, 3, [(a.seq, a.seat, a.code) for a in actions[:8]])
    g = replay(row(1, "live", 11), TALLY, SnapshotRow(8, TALLY.dump(at8)), actions[8:])
    whole = full_replay(TALLY, 2, {"target": 40}, 3, [(a.seq, a.seat, a.code) for a in actions])
    assert g.state == whole and g.version == 11 and g.snap_version == 8
    assert g.info().messages == {"table": 5} and [s.name for s in g.seats] == ["A", "B"]
    # without a snapshot the log is replayed from new_game
    again = replay(row(1, "live", 11), TALLY, None, actions)
    assert again.state == whole and again.snap_version == 0


def test_a_gap_in_the_log_is_refused() -> None:
    actions = log(5)
    with pytest.raises(RuntimeError, match="jumps from 2 to 4"):
        replay(row(1, "live", 5), TALLY, None, [*actions[:2], *actions[3:]])


def test_a_lobby_has_no_state_and_a_closed_game_replays_as_live() -> None:
    assert replay(row(2, "lobby", 0), TALLY, None, ()).state is None
    finished = replay(row(3, "finished", 3), TALLY, None, log(3), status="live")
    assert finished.status == "finished" and finished.version == 3 and finished.state.total == 4


def test_load_open_sets_a_broken_game_aside() -> None:
    rows = OpenGames(
        [row(1, "live", 3), row(2, "live", 0, game="no_such_game"), row(4, "lobby", 0)],
        {1: SnapshotRow(0, TALLY.dump(TALLY.new_game(2, {"target": 40}, 3)))},
        {1: log(3)},
    )
    loaded = load_open(rows, engines)
    assert [g.id for g in loaded.games] == [1, 4]
    assert [r.id for r in loaded.unloadable] == [2]
    assert loaded.games[0].version == 3
