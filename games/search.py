"""Shared pieces of AI seats: a fast seeded RNG, the random level, event histories and a
determinized Monte Carlo chooser.

Why here and not in each game: every game's ``ai.py`` needs the same few tools, and the bench,
the tests and the bot all drive policies through :class:`SeatHistory` and
:func:`games.core.observe`, so one copy keeps them in step. Nothing here knows a rule; a game's
search supplies its own determinizer, rollout and value through callables.

Chance is seeded (``Rng`` is SplitMix64, as in :mod:`games.cards`): the same observation and
seed give the same move, in any process.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import replace
from typing import Any, TypeVar

from games.core import Budget, Engine, Event, Observation, observe, start_game

T = TypeVar("T")

_MASK = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15


class Rng:
    """A small seeded generator for search (SplitMix64 as an object, so a playout can draw
    thousands of times without threading a state integer through every call)."""

    __slots__ = ("state",)

    def __init__(self, seed: int) -> None:
        self.state = seed & _MASK

    def next64(self) -> int:
        self.state = z = (self.state + _GOLDEN) & _MASK
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A value in ``range(n)`` (``n`` > 0)."""
        return self.next64() % n

    def random(self) -> float:
        """A float in [0, 1)."""
        return (self.next64() >> 11) * (1.0 / (1 << 53))

    def choice(self, items: Sequence[T]) -> T:
        return items[self.next64() % len(items)]

    def shuffle(self, items: list[T]) -> None:
        """Fisher-Yates in place."""
        for i in range(len(items) - 1, 0, -1):
            j = self.next64() % (i + 1)
            items[i], items[j] = items[j], items[i]

    def fork(self) -> int:
        """A fresh seed for a sub-search, so sub-searches do not share a stream."""
        return self.next64()


def random_policy(observation: Observation, seed: int) -> str:
    """The ``random`` level: a uniformly random legal code (kept for tests and baselines)."""
    if not observation.legal:
        raise ValueError(f"{observation.game}: seat {observation.seat} has no legal action")
    return observation.legal[Rng(seed).below(len(observation.legal))]


class SeatHistory:
    """The events each seat was shown, in order, so a policy's observation can be built
    without replaying the game (the bot, the bench and the tests keep one per game)."""

    __slots__ = ("shown",)

    def __init__(self, players: int) -> None:
        self.shown: list[list[Event]] = [[] for _ in range(players)]

    @classmethod
    def begun(
        cls, engine: Engine, players: int, options: Any = None, seed: int = 0
    ) -> tuple[Any, SeatHistory]:
        """A new game (``new_game``'s state) and the histories of its seats, holding what
        the start showed each (:func:`start_game`). Why every history begins here: a seat
        shown its first hand when the game began remembers it later, as a person does; a
        history begun empty lost it (Turn the Tide's AI forgot its first hand set)."""
        state, events = start_game(engine, players, options, seed)
        history = cls(players)
        history.record(events)
        return state, history

    def record(self, events: Iterable[Event]) -> None:
        for event in events:
            if event.visible_to is None:
                for seen in self.shown:
                    seen.append(event)
            else:
                for seat in event.visible_to:
                    if 0 <= seat < len(self.shown):
                        self.shown[seat].append(event)

    def observe(self, engine: Engine, state: Any, seat: int) -> Observation:
        """The seat's observation. ``record`` already kept each seat to the events it may
        see, so they are copied as they are: filtering thousands of events again on every
        decision made a long game's moves slower and slower."""
        return replace(observe(engine, state, seat, ()), events=tuple(self.shown[seat]))


def spent(budget: Budget | None, done: int, share: float = 1.0) -> bool:
    """Whether a search that has run ``done`` playouts must stop: its time ``budget`` (if
    any) reports at least ``share`` of the time used. At least one round always runs
    (``done`` > 0), so an answer never rests on nothing."""
    return budget is not None and done > 0 and budget(done) >= share


def pimc_choose(
    candidates: Sequence[str],
    iterations: int,
    seed: int,
    sample: Callable[[Rng], Any],
    value: Callable[[Any, str, Rng], float],
    budget: Budget | None = None,
) -> str:
    """Perfect-information Monte Carlo over determinizations.

    Each iteration draws one full state with ``sample`` (a determinization of the seat's
    observation) and scores every candidate on it with ``value`` (apply the candidate, play out,
    return the seat's value), so all candidates face the same hidden cards and luck cancels
    between them. Returns the candidate with the best mean; ties go to the earlier candidate,
    so callers order candidates by their heuristic preference. With a ``budget`` the rounds
    also stop when it is spent (every candidate has then played the same worlds).
    """
    if len(candidates) == 1 or iterations <= 0:
        return candidates[0]
    rng = Rng(seed)
    totals = [0.0] * len(candidates)
    rounds = max(1, iterations // len(candidates))
    for done in range(rounds):
        if spent(budget, done * len(candidates)):
            break
        world = sample(rng)
        for index, code in enumerate(candidates):
            totals[index] += value(world, code, rng)
    best = max(range(len(candidates)), key=lambda i: (totals[i], -i))
    return candidates[best]


#: :func:`pimc_race`: rounds every candidate plays before one equal to another in every world
#: is dropped, before one behind the leader by ``RACE_Z`` standard errors is, and how often
#: the race looks again
RACE_FIRST = 8
RACE_SURE = 16
RACE_EVERY = 4
RACE_Z = 3.0


def pimc_race(
    candidates: Sequence[str],
    iterations: int,
    seed: int,
    sample: Callable[[Rng], Any],
    value: Callable[[Any, str, Rng], float],
    budget: Budget | None = None,
    sure: int = RACE_SURE,
    z: float = RACE_Z,
    first: int = RACE_FIRST,
) -> str:
    """:func:`pimc_choose` that stops playing the candidates already out of the race.

    Why: most moves of a trick game have one or two serious candidates; the rest lose in
    nearly every world (a high card under a partner's winner) or score exactly what another
    does in every world (touching cards of one suit). After the ``first`` rounds and every
    ``RACE_EVERY`` after, a candidate is dropped when it scored exactly what the leader
    scored in every world so far (the earlier of two equals stays, as ties go to it), and
    from ``sure`` rounds on also when its paired difference to the leader (over the same
    worlds) is more than ``z`` standard errors below zero. A caller whose values are skewed
    asks for more rounds and errors: a bid that a rival outbids in most worlds scores what
    a pass scores there, and is worth more only in the others. (Dropping a candidate
    that had merely not beaten the leader in 8 worlds lost the full search's choice in one
    Boat decision in nine, some by 30 points: a bid's value is skewed, rarely ahead but by a
    lot.) The survivors
    play every round the full search would, on the same worlds when ``value`` draws nothing
    from ``rng``; so the choice is the full search's unless the race dropped its winner, and
    the search ends as soon as one candidate is left. A time ``budget`` stops it as before.
    """
    if len(candidates) == 1 or iterations <= 0:
        return candidates[0]
    rng = Rng(seed)
    scores: list[list[float]] = [[] for _ in candidates]
    alive = list(range(len(candidates)))
    rounds = max(1, iterations // len(candidates))
    done = 0
    for played in range(1, rounds + 1):
        if len(alive) == 1 or spent(budget, done):
            break
        world = sample(rng)
        for index in alive:
            scores[index].append(value(world, candidates[index], rng))
        done += len(alive)
        if played >= first and (played - first) % RACE_EVERY == 0:
            alive = _race(alive, scores, z if played >= sure else None)
    return candidates[_leader(alive, scores)]


def _leader(alive: list[int], scores: list[list[float]]) -> int:
    """The best total among the candidates in the race (all played the same rounds), the
    earlier one on a tie."""
    return max(alive, key=lambda i: (sum(scores[i]), -i))


def _race(alive: list[int], scores: list[list[float]], z: float | None) -> list[int]:
    """The candidates still in the race: every one in ``alive`` played every round so far,
    so each is compared with the leader world by world; ``z``: the standard errors behind it
    that put a candidate out (None: too few rounds yet for that test)."""
    leader = _leader(alive, scores)
    kept = []
    for index in alive:
        if index != leader:
            diffs = [a - b for a, b in zip(scores[leader], scores[index], strict=True)]
            n = len(diffs)
            mean = sum(diffs) / n
            spread = sum((d - mean) ** 2 for d in diffs) / (n - 1)
            if spread == 0.0 and mean == 0.0:
                continue  # the same as the leader in every world (the leader is the earlier)
            if z is not None and mean * mean * n > z * z * spread:
                continue  # behind by more than z standard errors
        kept.append(index)
    return kept
