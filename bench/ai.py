"""Strength and speed of the AI levels: duplicate deals, rotated seats, 95% intervals.

Why duplicate deals: card luck dwarfs skill over a few hundred games, so every deal is played
once per seating (two-sided games: A and B swap sides; one-among-many: the tested level sits in
each seat in turn) and the luck cancels. Every policy sees only its seat's observation, built
here exactly as the bot builds it (``SeatHistory``), and moves are seeded, so a run repeats.

Usage (README "Benchmarks"):
    python bench/ai.py duel --game rowboat --players 2 --a normal --b random --pairs 200
    python bench/ai.py field --game rowboat --players 3 --level strong --vs normal --games 300
    python bench/ai.py speed --game rowboat --players 2 --level strong --moves 200

Each prints the win rate with a Wilson 95% interval, decision time p50/p95 per level, and the
search iterations per move that the level declares (``BUDGETS`` in the game's ``ai.py``).
"""

from __future__ import annotations

import argparse
import importlib
import math
import statistics
import sys
import time
from collections import defaultdict
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from games import registry
from games.cards import rng_next, seed_rng
from games.search import SeatHistory

MAX_STEPS = 50_000


def move_seed(game_seed: int, step: int, seat: int) -> int:
    state = seed_rng(game_seed, "bench-ai")
    for value in (step, seat):
        state, state = rng_next(state ^ value)
    return state


def play(
    game: str,
    players: int,
    seed: int,
    levels: Sequence[str],
    options: Mapping[str, Any] | None,
    times: dict[str, list[float]],
) -> tuple[list[int], list[int]]:
    """One game with ``levels[seat]`` at each seat; returns (winners, scores)."""
    engine = registry.get(game)
    policies = registry.policies(game)
    state = engine.new_game(players, options=options, seed=seed)
    history = SeatHistory(players)
    for step in range(MAX_STEPS):
        if engine.is_over(state):
            result = engine.result(state)
            return result.winners, result.scores
        seat = engine.to_act(state)[0]
        obs = history.observe(engine, state, seat)
        level = levels[seat]
        started = time.perf_counter()
        code = policies[level](obs, move_seed(seed, step, seat))
        times[level].append(time.perf_counter() - started)
        state, events = engine.apply(state, seat, code)
        history.record(events)
    raise RuntimeError(f"{game} {players}p seed {seed}: no end after {MAX_STEPS} steps")


def wilson(wins: float, n: int) -> tuple[float, float]:
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    z = 1.96
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


def teams_of(game: str, players: int) -> list[tuple[int, ...]]:
    return [tuple(t) for t in registry.get(game).teams(players)]


def duel(args: argparse.Namespace, options: Mapping[str, Any] | None) -> None:
    """A against B on the same deals, sides swapped: two-player games and team games."""
    teams = teams_of(args.game, args.players)
    if len(teams) != 2:
        raise SystemExit("duel needs two sides (2 players, or 4 in teams); use 'field'")
    times: dict[str, list[float]] = defaultdict(list)
    score = 0.0
    games = 0
    for pair in range(args.pairs):
        seed = args.seed + pair
        for a_side in (0, 1):
            levels = [""] * args.players
            for side, seats in enumerate(teams):
                for seat in seats:
                    levels[seat] = args.a if side == a_side else args.b
            winners, _ = play(args.game, args.players, seed, levels, options, times)
            a_seats = set(teams[a_side])
            a_won = any(w in a_seats for w in winners)
            b_won = any(w not in a_seats for w in winners)
            score += 1.0 if a_won and not b_won else 0.5 if a_won and b_won else 0.0
            games += 1
    report(args, f"{args.a} vs {args.b}", score, games, times)


def field(args: argparse.Namespace, options: Mapping[str, Any] | None) -> None:
    """One ``level`` among ``vs`` players, its seat rotated through every seat per deal."""
    times: dict[str, list[float]] = defaultdict(list)
    score = 0.0
    games = 0
    seed = args.seed
    while games < args.games:
        for seat in range(args.players):
            if games >= args.games:
                break
            levels = [args.vs] * args.players
            levels[seat] = args.level
            winners, _ = play(args.game, args.players, seed, levels, options, times)
            if seat in winners:
                score += 1.0 / len(winners)
            games += 1
        seed += 1
    share = 1.0 / args.players
    report(args, f"{args.level} among {args.vs} (fair share {share:.0%})", score, games, times)


def speed(args: argparse.Namespace, options: Mapping[str, Any] | None) -> None:
    """Decision time of one level playing every seat, over ``moves`` decisions."""
    times: dict[str, list[float]] = defaultdict(list)
    seed = args.seed
    while len(times[args.level]) < args.moves:
        play(args.game, args.players, seed, [args.level] * args.players, options, times)
        seed += 1
    report(args, f"{args.level} speed", None, 0, times)


def budgets(game: str) -> Mapping[str, int]:
    try:
        return importlib.import_module(f"games.{game}.ai").BUDGETS
    except (ImportError, AttributeError):
        return {}


def report(
    args: argparse.Namespace,
    what: str,
    score: float | None,
    games: int,
    times: Mapping[str, list[float]],
) -> None:
    print(f"{args.game} {args.players}p: {what}")
    if score is not None:
        low, high = wilson(score, games)
        print(f"  win rate {score / games:.1%} over {games} games (95% CI {low:.1%}-{high:.1%})")
    declared = budgets(args.game)
    for level, spent in sorted(times.items()):
        ms = sorted(t * 1000 for t in spent)
        p95 = ms[min(len(ms) - 1, int(0.95 * len(ms)))]
        iters = declared.get(level)
        extra = f", {iters} iterations/move" if iters else ""
        print(
            f"  {level}: {len(ms)} decisions, p50 {statistics.median(ms):.2f} ms, "
            f"p95 {p95:.2f} ms{extra}"
        )


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    sub = parser.add_subparsers(dest="mode", required=True)
    common = argparse.ArgumentParser(add_help=False)
    common.add_argument("--game", default="rowboat", choices=registry.names())
    common.add_argument("--players", type=int, default=2)
    common.add_argument("--seed", type=int, default=1)
    common.add_argument("--option", action="append", default=[], help="name=value (JSON value)")
    d = sub.add_parser("duel", parents=[common])
    d.add_argument("--a", default="normal")
    d.add_argument("--b", default="random")
    d.add_argument("--pairs", type=int, default=200)
    f = sub.add_parser("field", parents=[common])
    f.add_argument("--level", default="strong")
    f.add_argument("--vs", default="normal")
    f.add_argument("--games", type=int, default=300)
    s = sub.add_parser("speed", parents=[common])
    s.add_argument("--level", default="strong")
    s.add_argument("--moves", type=int, default=200)
    args = parser.parse_args(argv)
    import json

    options = {k: json.loads(v) for k, v in (o.split("=", 1) for o in args.option)} or None
    {"duel": duel, "field": field, "speed": speed}[args.mode](args, options)


if __name__ == "__main__":
    main()
