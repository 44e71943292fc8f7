"""Card pictures: time to draw a table and a hand, and PNG size, per game and player count.

Why: issue 16's budgets are <= 30 ms median to draw one picture on this machine and <= 150 KB
per PNG, so that a picture can be drawn inside Discord's 3 s answer window next to the rest of
the work. Positions come from random legal games (the conformance suite's options), sampled at
several points of each game; every picture is drawn cold (no cache). Wall-clock medians are
the budget's figure; the table's CPU-time median is printed beside it because on a shared
machine the wall clock also counts time spent waiting for a core.

Usage (bench/README.md):
    python bench/images.py                          # every game with a drawer, every player count
    python bench/images.py --game rowboat --players 4 --positions 40
    python bench/images.py --tables 100             # as the bot draws: see ``sequence``
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bot.render.base import renderer_for
from games import registry

#: options that make random games end (the conformance suite's)
OPTIONS: dict[str, dict[str, Any]] = {
    "rowboat": {"novice": True, "target_score": 100},
    "boat_canasta": {"target_score": 2000},
    "boat": {"target_score": 10},
    "game_of_rows": {"mayhem": True},
}
NAMES = ["Ann", "Bartholomew", "Cid", "Dee", "Eve"]
TABLE_MS = 30.0
HAND_MS = 30.0
MAX_KB = 150.0


def positions(name: str, players: int, count: int, seed: int) -> list[tuple[Any, Any]]:
    """(public view, acting seat's view) pairs at random points of random games."""
    engine = registry.get(name)
    rng = random.Random(seed)
    out: list[tuple[Any, Any]] = []
    game = 0
    while len(out) < count:
        state = engine.new_game(players, options=OPTIONS.get(name, {}), seed=seed + game)
        game += 1
        for _ in range(5000):
            if engine.is_over(state):
                break
            waiting = engine.to_act(state)
            seat = rng.choice(waiting)
            if rng.random() < 0.08:
                out.append((engine.view(state, None), engine.view(state, seat)))
                if len(out) >= count:
                    break
            state, _ = engine.apply(state, seat, rng.choice(engine.legal_actions(state, seat)))
        else:
            continue
        if engine.is_over(state):
            out.append((engine.view(state, None), engine.view(state, 0)))
    return out[:count]


def measure(name: str, players: int, count: int, seed: int) -> dict[str, float]:
    views = positions(name, players, count, seed)
    names = NAMES[:players]
    drawer = renderer_for(name).pictures
    assert drawer is not None, f"{name} draws no pictures"
    drawer.table_image(views[0][0], names)  # fonts and modules load once, outside the timing
    table_ms, hand_ms, cpu_ms, sizes = [], [], [], []
    for public, private in views:
        c0, t0 = time.process_time(), time.perf_counter()
        table = drawer.table_image(public, names)
        c1, t1 = time.process_time(), time.perf_counter()
        hand = drawer.hand_image(private, names)
        t2 = time.perf_counter()
        table_ms.append((t1 - t0) * 1000)
        hand_ms.append((t2 - t1) * 1000)
        cpu_ms.append((c1 - c0) * 1000)
        sizes += [len(table) / 1024, len(hand) / 1024]
    return {
        "table_ms": statistics.median(table_ms),
        "hand_ms": statistics.median(hand_ms),
        "table_max_ms": max(table_ms),
        "table_cpu_ms": statistics.median(cpu_ms),
        "max_kb": max(sizes),
        "median_kb": statistics.median(sizes),
    }


def sequence(name: str, players: int, tables: int, steps: int, seed: int) -> dict[str, float]:
    """CPU per picture as the bot draws them: ``tables`` games played side by side, one move at
    a time in turn, and after each move the table, the mover's hand and the next seat's hand
    (a move's three pictures, issue 36); measured over the second half of ``steps`` moves a
    table, once the caches of names, cards and texts are warm. Why beside ``measure``: the
    caches are what a picture costs in the bot, and with many tables they hold less of each."""
    engine = registry.get(name)
    drawer = renderer_for(name).pictures
    assert drawer is not None, f"{name} draws no pictures"
    games = []
    for t in range(tables):
        state = engine.new_game(players, options=OPTIONS.get(name, {}), seed=seed + t)
        games.append([state, random.Random(seed + t), [f"P{t}-{s}" for s in range(players)]])
    table_ms: list[float] = []
    hand_ms: list[float] = []
    for step in range(steps):
        for game in games:
            state, rng, names = game
            if engine.is_over(state):
                continue
            mover = rng.choice(engine.to_act(state))
            state, _ = engine.apply(state, mover, rng.choice(engine.legal_actions(state, mover)))
            game[0] = state
            following = (engine.to_act(state) or [mover])[0]
            public = engine.view(state, None)
            own = [engine.view(state, mover), engine.view(state, following)]
            c0 = time.process_time()
            drawer.table_image(public, names)
            c1 = time.process_time()
            for view in own:
                drawer.hand_image(view, names)
            c2 = time.process_time()
            if step >= steps // 2:
                table_ms.append((c1 - c0) * 1000)
                hand_ms.append((c2 - c1) * 500)
    return {
        "table_cpu_ms": statistics.median(table_ms),
        "hand_cpu_ms": statistics.median(hand_ms),
        "all_cpu_ms": statistics.mean(table_ms + hand_ms + hand_ms),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", choices=registry.names())
    parser.add_argument("--players", type=int)
    parser.add_argument("--positions", type=int, default=30)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument(
        "--tables", type=int, default=0, help="draw as the bot does, this many tables side by side"
    )
    parser.add_argument("--steps", type=int, default=30, help="moves a table, with --tables")
    args = parser.parse_args(argv)
    games = [args.game] if args.game else [g for g in registry.names() if renderer_for(g).pictures]
    if args.tables:
        print(f"{'game':<14} {'n':>2} {'table cpu ms':>12} {'hand cpu ms':>11} {'mean ms':>8}")
        for name in games:
            engine = registry.get(name)
            players = args.players or min(engine.max_players, max(engine.min_players, 3))
            r = sequence(name, players, args.tables, args.steps, args.seed)
            print(
                f"{name:<14} {players:>2} {r['table_cpu_ms']:>12.2f} {r['hand_cpu_ms']:>11.2f} "
                f"{r['all_cpu_ms']:>8.2f}"
            )
        return 0
    heads = (
        ("table ms", 9),
        ("cpu ms", 7),
        ("hand ms", 8),
        ("worst", 7),
        ("KB med", 7),
        ("KB max", 7),
    )
    print(f"{'game':<14} {'n':>2} " + " ".join(f"{h:>{w}}" for h, w in heads))
    over = False
    for name in games:
        engine = registry.get(name)
        counts = (
            [args.players] if args.players else range(engine.min_players, engine.max_players + 1)
        )
        for players in counts:
            r = measure(name, players, args.positions, args.seed)
            flag = ""
            if r["table_ms"] > TABLE_MS or r["hand_ms"] > HAND_MS or r["max_kb"] > MAX_KB:
                flag, over = "  over budget", True
            print(
                f"{name:<14} {players:>2} {r['table_ms']:>9.1f} {r['table_cpu_ms']:>7.1f} "
                f"{r['hand_ms']:>8.1f} "
                f"{r['table_max_ms']:>7.1f} {r['median_kb']:>7.1f} {r['max_kb']:>7.1f}{flag}"
            )
    print(f"budgets: median <= {TABLE_MS:.0f} ms per picture, <= {MAX_KB:.0f} KB per PNG")
    return 1 if over else 0


if __name__ == "__main__":
    raise SystemExit(main())
