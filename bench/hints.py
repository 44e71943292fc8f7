"""Hint time: how long the 💡 Hint (each game's ``hint``: the normal level's move and its
reason) takes per decision, p50 and p95 over decision points of games the normal level plays.

Why: a hint runs in the AI's process pool while the person waits on a "thinking" line, so its
p95 is what they wait at worst (issue 37 asks for it in the closing note). CPU time of this
process, one core, the levels' fixed iteration counts.

Usage:
    python bench/hints.py                 # every game, 100 decisions each, 4 players (or fewer)
    python bench/hints.py --game game_of_rows --decisions 200
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from games import registry
from games.search import SeatHistory


def measure(name: str, decisions: int, players: int) -> list[float]:
    """CPU seconds of each hint, at every decision of games the normal level plays for every
    seat (new games, seeds 1, 2, ..., until ``decisions`` are measured)."""
    engine = registry.get(name)
    hint = registry.hinter(name)
    assert hint is not None
    normal = registry.policies(name)["normal"]
    options = dict(registry.package(name).profile.options)
    times: list[float] = []
    seed = 0
    while len(times) < decisions:
        seed += 1
        state, history = SeatHistory.begun(engine, players, options, seed)
        for step in range(400):
            if engine.is_over(state) or len(times) >= decisions:
                break
            seat = engine.to_act(state)[0]
            obs = history.observe(engine, state, seat)
            started = time.process_time()
            code, reason = hint(obs, seed * 1000 + step)
            times.append(time.process_time() - started)
            assert code in obs.legal and reason
            state, events = engine.apply(state, seat, normal(obs, seed * 1000 + step))
            history.record(events)
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", action="append")
    parser.add_argument("--decisions", type=int, default=100)
    args = parser.parse_args()
    for name in args.game or registry.names():
        if registry.hinter(name) is None:
            continue
        players = min(4, registry.get(name).max_players)
        times = sorted(measure(name, args.decisions, players))
        p50 = times[len(times) // 2] * 1000
        p95 = times[min(len(times) - 1, int(len(times) * 0.95))] * 1000
        print(f"{name:14} {players}p  n={len(times)}  p50 {p50:7.1f} ms  p95 {p95:7.1f} ms")


if __name__ == "__main__":
    main()
