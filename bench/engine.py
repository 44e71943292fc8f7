"""Random-playout speed of the Rowboat engine, next to OpenSpiel's oh_hell when installed.

Run: ``.venv/bin/python bench/engine.py [--games N] [--repeats R]``.

Rowboat games are full games through the contract API (``registry.get("rowboat")``:
``new_game``, ``to_act``, ``legal_actions``, ``apply``) with novice scoring, because random bids
under regular scoring need not ever reach the target (rowboat.md implementation note). OpenSpiel's
``oh_hell`` (3 players) is driven from Python the same way: chance nodes sampled from
``chance_outcomes()`` with a seeded ``random.Random``. Each rate is the median of the repeats.
Timing lives here only, never in tests.

What is compared: an OpenSpiel ``oh_hell`` game is one hand, a Rowboat game runs to the target
score (about five hands with two players). The issue's target (Rowboat 2p at least 3x
oh_hell) is judged per hand; the per-game ratio is printed as well. "Steps" are the loop's
``apply`` calls (for oh_hell including its chance nodes: every dealt card is one).
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path
from typing import NamedTuple

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from games import registry


class Run(NamedTuple):
    """One timed workload: how many games, hands and engine steps it played, in how long."""

    games: int
    hands: int
    steps: int
    seconds: float


def rowboat_games(players: int, games: int, seed: int) -> Run:
    """Play ``games`` random full games through the contract API."""
    engine = registry.get("rowboat")
    rng = random.Random(seed)
    options = {"novice": True}
    new_game, to_act, legal, apply = (
        engine.new_game,
        engine.to_act,
        engine.legal_actions,
        engine.apply,
    )
    hands = 0
    steps = 0
    start = time.perf_counter()
    for g in range(games):
        state = new_game(players, options=options, seed=seed * 100_003 + g)
        while True:
            waiting = to_act(state)
            if not waiting:
                break
            seat = waiting[0] if len(waiting) == 1 else rng.choice(waiting)
            state, _ = apply(state, seat, rng.choice(legal(state, seat)))
            steps += 1
        hands += state.hand_no
    return Run(games, hands, steps, time.perf_counter() - start)


def oh_hell_games(games: int, seed: int) -> Run | None:
    """The same loop over OpenSpiel's oh_hell with 3 players (one hand a game; chance nodes
    count as steps); None when pyspiel is missing."""
    try:
        import pyspiel
    except ImportError:
        return None
    game = pyspiel.load_game("oh_hell", {"players": 3})
    rng = random.Random(seed)
    steps = 0
    start = time.perf_counter()
    for _ in range(games):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                actions = [a for a, _ in outcomes]
                weights = [p for _, p in outcomes]
                state.apply_action(rng.choices(actions, weights)[0])
            else:
                state.apply_action(rng.choice(state.legal_actions()))
            steps += 1
    return Run(games, games, steps, time.perf_counter() - start)


def _line(name: str, runs: list[Run]) -> str:
    """Median games/s, hands/s and µs per step of one workload's repeats."""
    games = statistics.median(r.games / r.seconds for r in runs)
    hands = statistics.median(r.hands / r.seconds for r in runs)
    micros = statistics.median(r.seconds / r.steps * 1e6 for r in runs)
    per_game = sum(r.hands for r in runs) / sum(r.games for r in runs)
    steps = sum(r.steps for r in runs) / sum(r.games for r in runs)
    return (
        f"  {name:24s} {games:9.1f} games/s {hands:9.1f} hands/s {micros:6.2f} us/step"
        f"  ({per_game:.1f} hands, {steps:.0f} steps a game)"
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="games per repeat")
    parser.add_argument("--repeats", type=int, default=5, help="repeats (the median is printed)")
    args = parser.parse_args(argv)
    print(f"Random playouts, full games, median of {args.repeats} repeats of {args.games} games.")
    print("Rowboat uses novice scoring (random regular-scoring games need not end).")
    # warm-up, untimed: first calls fill lazily built tables (Rowboat's action rows, CPython's
    # specialised bytecode) that every later game reuses
    for players in (2, 3, 4):
        rowboat_games(players, 20, 0)
    oh_hell_games(20, 0)
    # the workloads take turns within each repeat, so a busy machine slows them alike
    runs: dict[str, list[Run]] = {f"{p}p": [] for p in (2, 3, 4)}
    oh_hell: list[Run] = []
    game_ratios: list[float] = []
    hand_ratios: list[float] = []
    for seed in range(1, args.repeats + 1):
        for players in (2, 3, 4):
            runs[f"{players}p"].append(rowboat_games(players, args.games, seed))
        run = oh_hell_games(args.games, seed)
        if run is not None:
            oh_hell.append(run)
            two = runs["2p"][-1]
            game_ratios.append((two.games / two.seconds) / (run.games / run.seconds))
            hand_ratios.append((two.hands / two.seconds) / (run.hands / run.seconds))
    for key, values in runs.items():
        print(_line(f"rowboat {key} (novice)", values))
    if not oh_hell:
        print("  open_spiel oh_hell 3p: pyspiel not installed (pip install open-spiel)")
        return 0
    print(_line("open_spiel oh_hell 3p", oh_hell) + "  [one hand a game]")
    per_hand = statistics.median(hand_ratios)
    print("Ratios rowboat 2p / oh_hell 3p (medians of the per-repeat ratios):")
    print(f"  per game: {statistics.median(game_ratios):.2f}x  (a Rowboat game is several hands)")
    print(
        f"  per hand: {per_hand:.2f}x  <- the target (>= 3x) is judged on this one: an oh_hell"
        " game is a single hand"
    )
    print(f"  target {'met' if per_hand >= 3 else 'NOT met'} ({per_hand:.2f}x per hand vs 3x)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
