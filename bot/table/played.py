"""This hand's history for one seat (the hand's **Played** button): what the seat was shown
since the current hand began.

Why replayed from the action log on each click rather than kept in memory: a game is a function
of (options, seed, actions), so the log is the whole truth, and a restart needs nothing rebuilt.
A long game replays in well under a second (a 4-player Boat Canasta game of ~600 actions: about
50 ms; Game of Rows, the slowest engine per action, ~240 µs an action), and the replay runs in a
worker thread, never on the event loop. Why the events are filtered here, with
``Event.visible(seat)``, before the renderer sees one: a hidden event then cannot reach the
answer by construction, whatever the renderer does.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from bot.render.base import Renderer
from bot.store import ActionRow
from games import Event
from games.core import Engine


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
    """The events ``seat`` was shown since the last one that starts a hand
    (:meth:`Renderer.starts_hand`, which is kept as the first), replaying ``log`` from
    ``new_game`` up to the version ``upto`` (the state the hand shows; None: the whole log)."""
    state = engine.new_game(players, dict(options), seed)
    shown: list[Event] = []
    for row in log:
        if upto is not None and row.seq > upto:
            break
        state, events = engine.apply(state, row.seat, row.code)
        for event in events:
            if render.starts_hand(event):
                shown.clear()
            if event.visible(seat):
                shown.append(event)
    return shown
