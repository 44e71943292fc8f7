"""This hand's history for one seat (the hand's **Played** button): what the seat was shown
since the current hand began.

Why replayed from the action log rather than recorded as moves are committed: a game is a
function of (options, seed, actions), so the log is the whole truth, a restart needs nothing
rebuilt, and the move path pays nothing for a button few press. Measured (random play, 2-core
machine, a replay from ``new_game``): the longest finished game of the five, 2,865 actions,
replays in about 330 ms (430 ms at most); 6,000 actions of a trick-taking game in 200-230 ms.
So the replay runs in a worker thread, never on the event loop, and :class:`HandHistories`
keeps the last replay of each recent game: the next click replays only the moves made since
(0.75 ms after four more moves of that longest game).

Why the events are filtered here, with ``Event.visible(seat)``, before any renderer sees one: a
hidden event then cannot reach the answer by construction, whatever the renderer does.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from bot.render.base import Renderer
from bot.store import ActionRow
from games import Event
from games.core import Engine

#: games whose last replay is kept (a few hundred bytes of events and one state each)
KEPT_GAMES = 64


@dataclass(slots=True)
class _Replay:
    """A game replayed up to ``seq``: its state and, per seat, what it was shown this hand."""

    seq: int
    state: Any
    shown: list[list[Event]] = field(default_factory=list)


def _advance(
    replay: _Replay, engine: Engine, render: Renderer, log: Sequence[ActionRow], upto: int | None
) -> None:
    """Apply the log's moves after ``replay.seq`` up to ``upto``, keeping each seat's events
    since the last one that starts a hand (:meth:`Renderer.starts_hand`, kept as the first)."""
    for row in log:
        if row.seq <= replay.seq:
            continue
        if upto is not None and row.seq > upto:
            break
        replay.state, events = engine.apply(replay.state, row.seat, row.code)
        replay.seq = row.seq
        for event in events:
            for seat, shown in enumerate(replay.shown):
                if render.starts_hand(event):
                    shown.clear()
                if event.visible(seat):
                    shown.append(event)


def hand_events(
    engine: Engine,
    render: Renderer,
    players: int,
    options: Mapping[str, Any],
    seed: int,
    log: Sequence[ActionRow],
    seat: int,
    upto: int | None = None,
) -> list[Event]:
    """The events ``seat`` was shown since the current hand began, replaying ``log`` from
    ``new_game`` up to the version ``upto`` (the state the hand shows; None: the whole log)."""
    replay = _Replay(0, engine.new_game(players, dict(options), seed), [[] for _ in range(players)])
    _advance(replay, engine, render, log, upto)
    return list(replay.shown[seat])


class HandHistories:
    """The last replay of each recent game, so a click replays only the moves since the last
    one. Used from worker threads, hence the lock (two clicks on one game may run at once)."""

    def __init__(self, kept: int = KEPT_GAMES) -> None:
        self._kept = kept
        self._games: OrderedDict[int, _Replay] = OrderedDict()
        self._lock = threading.Lock()

    def events(
        self,
        game_id: int,
        engine: Engine,
        render: Renderer,
        players: int,
        options: Mapping[str, Any],
        seed: int,
        log: Sequence[ActionRow],
        seat: int,
        upto: int,
    ) -> list[Event]:
        """What :func:`hand_events` returns, from the kept replay when it is not past
        ``upto`` (else from ``new_game`` again)."""
        with self._lock:
            replay = self._games.pop(game_id, None)
            if replay is None or replay.seq > upto or len(replay.shown) != players:
                state = engine.new_game(players, dict(options), seed)
                replay = _Replay(0, state, [[] for _ in range(players)])
            _advance(replay, engine, render, log, upto)
            self._games[game_id] = replay
            while len(self._games) > self._kept:
                self._games.popitem(last=False)
            return list(replay.shown[seat])
