"""Random-playout speed of the Rowboat engine, next to OpenSpiel's oh_hell when installed.

Run: ``.venv/bin/python bench/engine.py [--games N] [--repeats R]``.

Rowboat games are full games through the contract API (``registry.get("rowboat")``:
``new_game``, ``to_act``, ``legal_actions``, ``apply``) with novice scoring, because random bids
under regular scoring need not ever reach the target (rowboat.md implementation note). OpenSpiel's
``oh_hell`` (3 players) is driven from Python the same way: chance nodes sampled from
``chance_outcomes()`` with a seeded ``random.Random``. Each rate is the median of the repeats.
Timing lives here only, never in tests.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from games import registry


def rowboat_games(players: int, games: int, seed: int, hands: list[int] | None = None) -> float:
    """Play ``games`` random full games; returns games per second (and appends the number of
    hands played to ``hands``, for the per-hand figure)."""
    engine = registry.get("rowboat")
    rng = random.Random(seed)
    options = {"novice": True}
    new_game, to_act, legal, apply = (
        engine.new_game,
        engine.to_act,
        engine.legal_actions,
        engine.apply,
    )
    played = 0
    start = time.perf_counter()
    for g in range(games):
        state = new_game(players, options=options, seed=seed * 100_003 + g)
        while True:
            waiting = to_act(state)
            if not waiting:
                break
            seat = waiting[0] if len(waiting) == 1 else rng.choice(waiting)
            state, _ = apply(state, seat, rng.choice(legal(state, seat)))
        played += state.hand_no
    elapsed = time.perf_counter() - start
    if hands is not None:
        hands.append(played)
    return games / elapsed


def oh_hell_games(games: int, seed: int) -> float | None:
    """The same loop over OpenSpiel's oh_hell with 3 players; None when pyspiel is missing."""
    try:
        import pyspiel
    except ImportError:
        return None
    game = pyspiel.load_game("oh_hell", {"players": 3})
    rng = random.Random(seed)
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
    return games / (time.perf_counter() - start)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="games per repeat")
    parser.add_argument("--repeats", type=int, default=5, help="repeats (the median is printed)")
    args = parser.parse_args(argv)
    print(f"Random playouts, full games, median of {args.repeats} repeats of {args.games} games.")
    print("Rowboat uses novice scoring (random regular-scoring games need not end).")
    # the workloads take turns within each repeat, so a busy machine slows them alike
    rates: dict[str, list[float]] = {f"{p}p": [] for p in (2, 3, 4)}
    hands: dict[str, list[int]] = {f"{p}p": [] for p in (2, 3, 4)}
    oh_hell: list[float] = []
    ratios: list[float] = []
    for seed in range(1, args.repeats + 1):
        for players in (2, 3, 4):
            key = f"{players}p"
            rates[key].append(rowboat_games(players, args.games, seed, hands[key]))
        rate = oh_hell_games(args.games, seed)
        if rate is not None:
            oh_hell.append(rate)
            ratios.append(rates["2p"][-1] / rate)
    for key, values in rates.items():
        rate = statistics.median(values)
        per_game = sum(hands[key]) / (len(hands[key]) * args.games)
        print(
            f"  rowboat {key} (novice): {rate:9.1f} games/s"
            f"  ({per_game:.1f} hands a game, {rate * per_game:8.1f} hands/s)"
        )
    if not oh_hell:
        print("  open_spiel oh_hell 3p: pyspiel not installed (pip install open-spiel)")
        return 0
    print(f"  open_spiel oh_hell 3p: {statistics.median(oh_hell):9.1f} games/s  (one hand a game)")
    print(
        f"Ratio rowboat 2p / oh_hell 3p (median of per-repeat ratios): "
        f"{statistics.median(ratios):.2f}x (target >= 3x)"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
