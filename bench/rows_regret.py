"""How far a Game of Rows level's moves fall short of those a search shown the other hand picks.

Why: a duel of 400 games costs hours of CPU, so trying a change of the strong search that way is
slow. This scores single decisions instead. ``make`` plays 2-player normal-vs-normal games and
keeps every fourth turn decision of seat 0 with two moves or more; each of the heuristic's best
:data:`WIDTH` moves there is valued by guided playouts to the end (``ai.guided_rollout``) on the
*true* hands, the deck shuffled anew for each of ``--worlds`` deals (what ``rows_ceiling.py --see
hands`` plays with). ``score`` charges a level's move at each position the difference to the best
value (its regret), and prints the mean, how often the move is not the heuristic's and how often
it is the best.

A lower regret is a hint, not a result: the judge plays the same guided playouts as ``strong``,
so it shares their blind spots (without a bar over the heuristic's move, strong scored better
here but failed clear positions of the tests). Only a duel settles it.

Usage (bench/README.md):
    python bench/rows_regret.py make --positions 240 --file /tmp/rows.pkl   # about 5 minutes
    python bench/rows_regret.py score --file /tmp/rows.pkl --level strong
    python bench/rows_regret.py score --file /tmp/rows.pkl --level strong --set STRONG_Z=1.0
"""

from __future__ import annotations

import argparse
import ast
import pickle
import sys
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from ai import move_seed  # bench/ai.py: the same move seeds as its duels
from rows_ceiling import true_deal

from games import registry
from games.core import Observation
from games.game_of_rows import ai, determinize, fast
from games.game_of_rows.state import State
from games.search import Rng, SeatHistory

#: candidates valued at each position (strong's own width)
WIDTH = ai.CANDIDATES["strong"]


@dataclass
class Position:
    """A decision of seat 0: what it saw, the true state, the candidates and their values."""

    obs: Observation
    state: State
    candidates: list[fast.Move]
    values: list[float]


def judge(obs: Observation, state: State, moves: list[fast.Move], worlds: int) -> list[float]:
    """Each move's mean playout value on the true hands, the deck shuffled for every deal; all
    moves of a deal share the deal and the playout's random numbers."""
    real = determinize._deal

    def seen(
        k: Any, rng: Rng, stuck: bool = False
    ) -> tuple[list[list[str]], list[str], list[str], list[str]]:
        return true_deal(state, rng, shuffle_deck=True)

    determinize._deal = seen  # sample() deals through it; restored below
    try:
        k = ai.knowledge(obs)
        rng = Rng(12345)
        totals = [0.0] * len(moves)
        for _ in range(worlds):
            world = determinize.sample(k, rng)
            stream = rng.next64()
            for i, move in enumerate(moves):
                sim = world.copy()
                sim.play(k.seat, move)
                ai.guided_rollout(sim, Rng(stream), ai.STRONG_HORIZON)
                totals[i] += ai.outcome(sim, k.seat)
        return [t / worlds for t in totals]
    finally:
        determinize._deal = real


def decisions(first_seed: int) -> Iterator[tuple[Observation, State]]:
    """Every fourth turn decision of seat 0 with two moves or more, over normal-vs-normal games
    from ``first_seed`` on (the bluffing-free default options: nothing face down to guess)."""
    engine = registry.get("game_of_rows")
    normal = registry.policies("game_of_rows")["normal"]
    seed = first_seed
    while True:
        state, history = SeatHistory.begun(engine, 2, seed=seed)
        step = count = 0
        while not engine.is_over(state):
            seat = engine.to_act(state)[0]
            obs = history.observe(engine, state, seat)
            if seat == 0 and obs.view["phase"] == "turn" and len(obs.legal) >= 2:
                count += 1
                if count % 4 == 0:
                    yield obs, state
            state, events = engine.apply(state, seat, normal(obs, move_seed(seed, step, seat)))
            history.record(events)
            step += 1
        seed += 1


def make(count: int, worlds: int, first_seed: int = 1001) -> list[Position]:
    out: list[Position] = []
    for obs, state in decisions(first_seed):
        if len(out) >= count:
            break
        candidates = ai.ranked_moves(obs, 1)[:WIDTH]
        out.append(Position(obs, state, candidates, judge(obs, state, candidates, worlds)))
    return out


def chooser(level: str) -> Callable[[Observation, int], str]:
    """The level's move as the bench plays it (strong at its full iteration budget)."""
    if level == "heuristic":
        return lambda obs, seed: fast.code(ai.ranked_moves(obs, seed)[0])
    return registry.policies("game_of_rows")[level]


def score(
    positions: list[Position], choose: Callable[[Observation, int], str], worlds: int
) -> dict[str, float]:
    """Mean regret, and the shares of moves that leave the heuristic's and that are the best."""
    regret = deviates = best = 0.0
    for j, p in enumerate(positions):
        move = fast.parse(choose(p.obs, 777 + j))
        if move in p.candidates:
            value = p.values[p.candidates.index(move)]
        else:
            value = judge(p.obs, p.state, [move], worlds)[0]
        top = max(p.values)
        regret += top - value
        deviates += move != p.candidates[0]
        best += value == top
    n = max(1, len(positions))
    return {"regret": regret / n, "deviates": deviates / n, "best": best / n}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("what", choices=["make", "score"])
    parser.add_argument("--file", type=Path, required=True)
    parser.add_argument("--positions", type=int, default=240)
    parser.add_argument("--worlds", type=int, default=150)
    parser.add_argument(
        "--level", default="strong", choices=["heuristic", "easy", "normal", "strong"]
    )
    parser.add_argument("--set", action="append", default=[], help="ai.NAME=VALUE (Python literal)")
    args = parser.parse_args()
    started = time.process_time()
    if args.what == "make":
        positions = make(args.positions, args.worlds)
        args.file.write_bytes(pickle.dumps(positions))
        print(f"{len(positions)} positions in {time.process_time() - started:.0f} s of CPU")
        return
    for item in args.set:
        name, value = item.split("=", 1)
        setattr(ai, name, ast.literal_eval(value))
    positions = pickle.loads(args.file.read_bytes())
    figures = score(positions, chooser(args.level), args.worlds)
    print(
        f"{args.level} {' '.join(args.set)}: regret {figures['regret']:.4f}, "
        f"leaves the heuristic's move {figures['deviates']:.1%}, the best {figures['best']:.1%} "
        f"of {len(positions)} positions ({time.process_time() - started:.0f} s of CPU)"
    )


if __name__ == "__main__":
    main()
