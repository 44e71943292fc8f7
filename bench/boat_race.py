"""Boat's strong: the raced PIMC search (``games.search.pimc_race``) against the full one.

Why: the race must keep the full search's choice, only cheaper. Both searches run at the same
decisions (every 4th decision with a choice of seeded games that normal plays at every seat)
on the same worlds; for a different choice the full search's own estimate of what the race's
choice gives up (mean team score per world, and its standard error) is printed.

Usage (bench/README.md, "Boat's strong, cheaper"):
    python bench/boat_race.py --seeds 1-3
"""

from __future__ import annotations

import argparse
import math
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import games.boat.ai as ai
from games import registry
from games.cards import rng_next, seed_rng
from games.search import Rng, SeatHistory, pimc_race

Value = Callable[[Any, str, Rng], float]


def move_seed(game_seed: int, step: int, seat: int) -> int:
    """``bench/ai.py``'s move seeds (a copy: that script's name shadows ``games.boat.ai``)."""
    state = seed_rng(game_seed, "bench-ai")
    for value in (step, seat):
        state, state = rng_next(state ^ value)
    return state


class Spy:
    """The two searches, keeping what each chose and the full search's values per world."""

    def __init__(self) -> None:
        self.per: dict[str, list[float]] = {}
        self.full_choice = ""
        self.race_choice = ""

    def full(
        self,
        candidates: Sequence[str],
        iterations: int,
        seed: int,
        sample: Callable[[Rng], Any],
        value: Value,
        *_rest: Any,
    ) -> str:
        rng = Rng(seed)
        per: list[list[float]] = [[] for _ in candidates]
        for _ in range(max(1, iterations // len(candidates))):
            world = sample(rng)
            for index, code in enumerate(candidates):
                per[index].append(value(world, code, rng))
        best = max(range(len(candidates)), key=lambda i: (sum(per[i]), -i))
        self.per = dict(zip(candidates, per, strict=True))
        self.full_choice = candidates[best]
        return candidates[best]

    def race(self, *args: Any) -> str:
        self.race_choice = pimc_race(*args)
        return self.race_choice


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n")[0])
    parser.add_argument("--seeds", default="1-3", help="first-last game seeds")
    args = parser.parse_args(argv)
    first, last = (int(x) for x in args.seeds.split("-"))
    engine = registry.get("boat")
    spy = Spy()
    same = total = 0
    spent = {"full": 0.0, "race": 0.0}
    for seed in range(first, last + 1):
        state, history = SeatHistory.begun(engine, 4, None, seed)
        step = 0
        while not engine.is_over(state) and step < 400:
            seat = engine.to_act(state)[0]
            obs = history.observe(engine, state, seat)
            if len(obs.legal) > 1 and step % 4 == 0:
                for name, search in (("full", spy.full), ("race", spy.race)):
                    ai.pimc_race = search  # type: ignore[assignment]
                    started = time.process_time()
                    ai.search(obs, move_seed(seed, step, seat), ai.BUDGETS["strong"])
                    spent[name] += time.process_time() - started
                ai.pimc_race = pimc_race
                total += 1
                same += spy.full_choice == spy.race_choice
                if spy.full_choice != spy.race_choice:
                    a, b = spy.per[spy.full_choice], spy.per[spy.race_choice]
                    diffs = [x - y for x, y in zip(a, b, strict=True)]
                    mean = sum(diffs) / len(diffs)
                    var = sum((d - mean) ** 2 for d in diffs) / (len(diffs) - 1)
                    phase = obs.view.get("phase")
                    print(
                        f"seed {seed} step {step} ({phase}): the race gives up {mean:.2f} "
                        f"points (se {math.sqrt(var / len(diffs)):.2f})",
                        flush=True,
                    )
            code = ai.normal(obs, step)
            state, events = engine.apply(state, seat, code)
            history.record(events)
            step += 1
    print(
        f"same move in {same} of {total} decisions; CPU full {spent['full']:.1f} s, "
        f"race {spent['race']:.1f} s"
    )


if __name__ == "__main__":
    main()
