"""Random-playout speed of the Rowboat engine, next to OpenSpiel's oh_hell when installed.

Run: ``.venv/bin/python bench/engine.py [--games N] [--repeats R]``.

Rowboat games are full games through the contract API (``registry.get("rowboat")``:
``new_game``, ``to_act``, ``legal_actions``, ``apply``) with novice scoring, because random bids
under regular scoring need not ever reach the target (rowboat.md implementation note). OpenSpiel's
``oh_hell`` (3 players) is driven from Python the same way: chance nodes sampled from
``chance_outcomes()`` with a seeded ``random.Random``. Each rate is the median of the repeats.
Timing lives here only, never in tests.

Two Rowboat paths are timed: the public contract API (``apply`` builds events and immutable
states, as the bot needs) and the search path :mod:`games.rowboat.fast` (moves as ints, a
mutable list state, no events: what AI search runs, pinned to the public API by
``tests/games/rowboat/test_fast.py``). Both play uniformly random legal moves, the Lighthouse
included, to the end of a full game.

What is compared: an OpenSpiel ``oh_hell`` game is one hand, a Rowboat game runs to the target
score (about five hands with two players). The issue's target (Rowboat 2p at least 3x
oh_hell) is judged per hand, on the search path: an oh_hell game is a single hand, so hands/s
is the only like-for-like unit, and search (the reason for the target) runs the fast path. The
per-game ratios and the public API's ratio are printed as well. "Steps" are the loop's
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


def rowboat_fast_games(players: int, games: int, seed: int) -> Run:
    """The same random games on the search path (:func:`games.rowboat.fast.random_game`)."""
    from games.rowboat import fast
    from games.search import Rng

    engine = registry.get("rowboat")
    options = {"novice": True}
    hands = 0
    steps = 0
    start = time.perf_counter()
    for g in range(games):
        f = fast.from_state(engine.new_game(players, options=options, seed=seed * 100_003 + g))
        steps += fast.random_game(f, Rng(seed * 100_003 + g))
        hands += f[fast.HAND_NO]
    return Run(games, hands, steps, time.perf_counter() - start)


def oh_hell_games(games: int, seed: int) -> Run | None:
    """The same loop over OpenSpiel's oh_hell with 3 players (one hand a game; chance nodes
    count as steps); None when pyspiel is missing."""
    try:
        import pyspiel  # type: ignore[import-not-found]
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
        rowboat_fast_games(players, 20, 0)
    oh_hell_games(20, 0)
    # the workloads take turns within each repeat, so a busy machine slows them alike
    runs: dict[str, list[Run]] = {}
    for p in (2, 3, 4):
        runs[f"{p}p public API"] = []
        runs[f"{p}p search path"] = []
    oh_hell: list[Run] = []
    paths = ("search path", "public API")
    ratios: dict[str, list[float]] = {
        f"{path} per {unit}": [] for path in paths for unit in ("hand", "game")
    }
    for seed in range(1, args.repeats + 1):
        for players in (2, 3, 4):
            runs[f"{players}p public API"].append(rowboat_games(players, args.games, seed))
            runs[f"{players}p search path"].append(rowboat_fast_games(players, args.games, seed))
        run = oh_hell_games(args.games, seed)
        if run is not None:
            oh_hell.append(run)
            for path in ("search path", "public API"):
                two = runs[f"2p {path}"][-1]
                ratios[f"{path} per game"].append(
                    (two.games / two.seconds) / (run.games / run.seconds)
                )
                ratios[f"{path} per hand"].append(
                    (two.hands / two.seconds) / (run.hands / run.seconds)
                )
    for key, values in runs.items():
        print(_line(f"rowboat {key}", values))
    if not oh_hell:
        print("  open_spiel oh_hell 3p: pyspiel not installed (pip install open-spiel)")
        return 0
    print(_line("open_spiel oh_hell 3p", oh_hell) + "  [one hand a game]")
    print("Ratios rowboat 2p / oh_hell 3p (medians of the per-repeat ratios):")
    for key, found in ratios.items():
        print(f"  {key:22s} {statistics.median(found):5.2f}x")
    per_hand = statistics.median(ratios["search path per hand"])
    print(
        f"  target (>= 3x, search path per hand: an oh_hell game is one hand) "
        f"{'met' if per_hand >= 3 else 'NOT met'}: {per_hand:.2f}x"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
