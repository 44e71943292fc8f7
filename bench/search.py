"""Search speed: "determinize the unseen cards, then play out to the end of the hand/round"
per second on one core, per game and player count, and ``dump``/``load`` time.

Why this figure: a strong AI seat runs it thousands of times per decision, so it bounds how
many search iterations fit in the one-second budget (issue targets: Rowboat 2p >= 20,000/s,
Boat and Turn the Tide >= 5,000/s, Game of Rows and Boat Canasta >= 1,000/s; dump/load <= 50 us).
Each game's ``ai.py`` provides ``playout(observation, seed)``; positions come from random games.

Usage (bench/README.md):
    python bench/search.py                       # every game with an ai.py, every player count
    python bench/search.py --game rowboat --players 2 --seconds 3
"""

from __future__ import annotations

import argparse
import importlib
import importlib.util
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from games import registry
from games.search import SeatHistory


def positions(name: str, players: int, count: int, seed: int) -> list:
    """Observations and states at random decision points of random games."""
    engine = registry.get(name)
    rng = random.Random(seed)
    found = []
    game = 0
    while len(found) < count:
        state, history = SeatHistory.begun(
            engine, players, registry.package(name).profile.options, seed + game
        )
        game += 1
        while not engine.is_over(state) and len(found) < count:
            seat = rng.choice(engine.to_act(state))
            if rng.random() < 0.2:
                found.append((state, history.observe(engine, state, seat)))
            legal = engine.legal_actions(state, seat)
            state, events = engine.apply(state, seat, rng.choice(legal))
            history.record(events)
    return found


def measure(name: str, players: int, seconds: float, repeats: int) -> None:
    engine = registry.get(name)
    ai = importlib.import_module(f"games.{name}.ai")
    spots = positions(name, players, 50, seed=11)
    rates = []
    for _ in range(repeats):
        done = 0
        started = time.perf_counter()
        while time.perf_counter() - started < seconds / repeats:
            for _state, obs in spots:
                ai.playout(obs, done)
                done += 1
        rates.append(done / (time.perf_counter() - started))
    dumps, loads = [], []
    for state, _obs in spots:
        t0 = time.perf_counter()
        text = engine.dump(state)
        t1 = time.perf_counter()
        engine.load(text)
        t2 = time.perf_counter()
        dumps.append((t1 - t0) * 1e6)
        loads.append((t2 - t1) * 1e6)
    print(
        f"{name:13} {players}p  {statistics.median(rates):9,.0f} playouts/s "
        f"(min {min(rates):,.0f}, max {max(rates):,.0f})  "
        f"dump {statistics.median(dumps):6.1f} us  load {statistics.median(loads):6.1f} us"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--game", action="append")
    parser.add_argument("--players", type=int, action="append")
    parser.add_argument("--seconds", type=float, default=3.0)
    parser.add_argument("--repeats", type=int, default=5)
    args = parser.parse_args()
    for name in args.game or registry.names():
        if importlib.util.find_spec(f"games.{name}.ai") is None:
            print(f"{name:13} (no ai.py yet)")
            continue
        engine = registry.get(name)
        counts = args.players or range(engine.min_players, engine.max_players + 1)
        for players in counts:
            measure(name, players, args.seconds, args.repeats)


if __name__ == "__main__":
    main()
