"""Loading: a game's record rebuilt from its rows, as a pure function of those rows.

Why pure: the action log is the truth and a snapshot only shortens the way to it, so a game is
its last snapshot plus the actions after it, applied through the engine. Nothing here reads
the database or touches the manager: the manager reads the rows through the store and hands
them over, which lets the replay be tested on rows alone and lets any backend feed it.
A game whose replay fails (an engine bug, a removed game) is reported, not raised, so one
broken game never stops the bot from starting.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

from bot.sessions.record import GameRecord, json_memo, seats_from_json
from bot.sessions.types import Status
from bot.store import ActionRow, GameRow, OpenGames, SnapshotRow

log = logging.getLogger("bot.sessions")

Engines = Callable[[str], Any]


def replay(
    row: GameRow,
    engine: Any,
    snapshot: SnapshotRow | None,
    tail: Iterable[ActionRow],
    status: Status | None = None,
) -> GameRecord:
    """The record of game ``row``: a lobby as stored; a started game (``status`` overrides the
    row's, so a finished game is replayed like a live one) as its snapshot plus ``tail``,
    or ``new_game`` plus ``tail`` when it has no snapshot. Raises if the log has a gap."""
    status = status or row.status  # type: ignore[assignment]
    g = GameRecord(
        row.id,
        row.guild_id,
        row.channel_id,
        row.game,
        row.host_id,
        row.status,  # type: ignore[arg-type]
        seats_from_json(row.seats),
        json_memo(row.options),
        row.seed,
        0,
        json_memo(row.messages),
        row.created,
        engine,
        end_reason=row.end_reason,
        updated=row.updated,
        pace=row.pace,
        hints=bool(row.hints),
        hinted=bool(row.hinted),
        practice=bool(row.practice),
        ai_secret=row.ai_secret or "",  # none before migration 11: the manager gives one
    )
    if status == "lobby":
        return g
    if snapshot is not None:
        g.snap_version = snapshot.seq
        state = engine.load(snapshot.state)
    else:
        state = engine.new_game(len(g.seats), dict(g.options), row.seed)
    at = g.snap_version
    for action in tail:
        if action.seq != at + 1:
            raise RuntimeError(f"game {row.id}: action log jumps from {at} to {action.seq}")
        state, _ = engine.apply(state, action.seat, action.code)
        at = action.seq
    if at != row.version:  # the log is the truth; the column is only a convenience
        log.warning(
            "game %s: version column %s disagrees with the log (%s)", row.id, row.version, at
        )
    g.state, g.version = state, at
    return g


@dataclass(slots=True)
class Loaded:
    """What start-up found: the games that replayed, and the rows of those that did not."""

    games: list[GameRecord] = field(default_factory=list)
    unloadable: list[GameRow] = field(default_factory=list)


def load_open(rows: OpenGames, engines: Engines) -> Loaded:
    """Every unfinished game of ``rows`` replayed; a failure is logged and set aside."""
    loaded = Loaded()
    for row in rows.games:
        try:
            g = replay(
                row, engines(row.game), rows.snapshots.get(row.id), rows.tails.get(row.id, ())
            )
        except Exception:
            log.exception("game %s could not be loaded; it stays in the database untouched", row.id)
            loaded.unloadable.append(row)
            continue
        loaded.games.append(g)
    return loaded
