"""Replays of finished games: a readable log of what happened, and the record that replays it.

Why rebuilt from the action log rather than stored: a game is a function of (options, seed,
actions), so the log is the replay; the engine is run once more from ``new_game`` and the
renderer words every *public* event as the table showed it, naming every card that was
revealed (:meth:`Renderer.replay_line`: a log may leave to the table the cards it showed there).
The JSON record (game, player count, options, seed, action codes) replays the game to the same
final state with any copy of the engines, but the seed decides every deal, so it reveals every
hand that was ever held: it is handed only to people who played in that game, once it is over.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from bot.model import GameInfo
from bot.render import TableContext
from bot.render.base import Renderer
from games.core import Engine

#: written between hands/rounds in the log (where the renderer clears the table log)
BREAK = "────────"


@dataclass(frozen=True, slots=True)
class Replay:
    lines: tuple[str, ...]  # the public log, hand by hand
    record: dict[str, Any]  # options, seed and action codes (players of the game only)
    final: Any  # the engine state after the last action

    def text(self) -> str:
        return "\n".join(self.lines) + "\n"

    def json(self) -> str:
        return json.dumps(self.record, indent=1)


def build(
    info: GameInfo,
    actions: Sequence[tuple[int, int, str]],
    engine: Engine,
    render: Renderer,
    ctx: TableContext,
) -> Replay:
    """Run the game again from its start and collect the public lines of every event."""
    state = engine.new_game(len(info.seats), dict(info.options), info.seed)
    lines: list[str] = []
    for _seq, seat, code in actions:
        state, events = engine.apply(state, seat, code)
        for event in events:
            if render.clears_log(event) and lines and lines[-1] != BREAK:
                lines.append(BREAK)
            if event.visible_to is None:
                line = render.replay_line(ctx, event)
                if line:
                    lines.append(line)
    record = {
        "game": info.game,
        "number": info.id,
        "players": len(info.seats),
        "names": [s.name for s in info.seats],
        "options": dict(info.options),
        "seed": info.seed,
        "actions": [[seat, code] for _seq, seat, code in actions],
    }
    return Replay(tuple(lines), record, state)


def replay_record(record: dict[str, Any], engine: Engine) -> Any:
    """The final state a JSON record leads to (what a player can check with the engines)."""
    state = engine.new_game(int(record["players"]), record["options"], int(record["seed"]))
    for seat, code in record["actions"]:
        state, _events = engine.apply(state, int(seat), str(code))
    return state
