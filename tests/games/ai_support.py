"""Helpers for AI tests: random positions with their observations, and the checks every
``determinize`` hook and every policy must pass.

Kept apart from the test modules so each game's AI tests reuse them (the generic contract test
in ``test_ai_contract.py`` runs them over every game that has an ``ai.py``).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from typing import Any

from games.core import Engine, Event, Observation, Policy, observe
from games.search import SeatHistory
from tests.games.conformance import PLAYOUT_OPTIONS, choose, string_leaves


def random_positions(
    engine: Engine,
    players: int,
    count: int,
    seed: int,
    *,
    options: Mapping[str, Any] | None = None,
) -> Iterator[tuple[Any, int, Observation]]:
    """``count`` decision points from random games: ``(state, seat, observation)`` for a seat
    the game waits for, reached by random legal play (several games if one ends first)."""
    rng = random.Random(seed)
    if options is None:
        options = PLAYOUT_OPTIONS.get(engine.name, {})
    produced = 0
    game = 0
    while produced < count:
        state, history = SeatHistory.begun(engine, players, options, seed * 1000 + game)
        game += 1
        while not engine.is_over(state) and produced < count:
            waiting = engine.to_act(state)
            if rng.random() < 0.3:
                seat = rng.choice(waiting)
                yield state, seat, history.observe(engine, state, seat)
                produced += 1
            seat, action = choose(engine, state, players, rng)
            state, events = engine.apply(state, seat, action)
            history.record(events)


def policy_positions(
    engine: Engine,
    players: int,
    policy: Callable[[Observation], str],
    seeds: Iterable[int],
    cap: int = 400,
) -> Iterator[tuple[Any, int, Observation]]:
    """Every decision point of whole games (one per seed, at most ``cap`` decisions each) in
    which ``policy`` plays every seat: ``(state, seat, observation)`` before each move."""
    for seed in seeds:
        state, history = SeatHistory.begun(engine, players, seed=seed)
        for _ in range(cap):
            if engine.is_over(state):
                break
            seat = engine.to_act(state)[0]
            obs = history.observe(engine, state, seat)
            yield state, seat, obs
            state, events = engine.apply(state, seat, policy(obs))
            history.record(events)


def check_determinization(engine: Any, state: Any, obs: Observation, seed: int) -> Any:
    """One determinization of ``obs`` keeps everything the seat sees: the same view, the same
    legal codes, the same events visible to it (so nothing it saw is contradicted), and the
    deck's cards conserved across all hands. Returns the sampled state."""
    sampled = engine.determinize(obs, seed)
    again = observe(engine, sampled, obs.seat, obs.events)
    assert again.view == obs.view, f"{engine.name}: determinized view differs for seat {obs.seat}"
    assert again.legal == obs.legal, f"{engine.name}: determinized legal codes differ"
    players = obs.players
    true_cards = Counter(_all_hand_cards(engine, state, players))
    new_cards = Counter(_all_hand_cards(engine, sampled, players))
    assert sum(true_cards.values()) == sum(new_cards.values()), "hand sizes changed"
    for card, count in new_cards.items():
        assert count <= engine.card_copies.get(card, 0), f"{card} appears too often"
    return sampled


def _all_hand_cards(engine: Engine, state: Any, players: int) -> list[str]:
    cards: list[str] = []
    for seat in range(players):
        cards += [c for c in string_leaves(engine.view(state, seat).get("hand", [])) if c != "hand"]
    return cards


#: how an observation is built from a state (:func:`games.core.observe` unless a test says)
Observer = Callable[[Any, Any, int, Sequence[Event]], Observation]


def hidden_swaps(
    engine: Any,
    obs: Observation,
    tries: int,
    seed: int,
    *,
    observer: Observer = observe,
) -> Iterator[tuple[Any, Observation]]:
    """Other states that look the same to ``obs.seat``: each a determinization whose
    observation is identical, for the no-cheating check (a policy fed either must agree).
    ``observer`` builds the observations (a test of the check hands over one that leaks)."""
    for k in range(tries):
        sampled = engine.determinize(obs, seed + k)
        again = observer(engine, sampled, obs.seat, obs.events)
        if again.view == obs.view and again.legal == obs.legal:
            yield sampled, again


def blind_comparisons(
    engine: Any,
    level: str,
    policy: Policy,
    positions: Iterable[tuple[Any, int, Observation]],
    *,
    observer: Observer = observe,
) -> int:
    """The no-hidden-information check of one level: at each decision point the policy is
    handed the observation of the real state and of a state with every hidden card dealt
    again (a determinization that looks the same to the seat), and must make the same legal
    move.
    Returns how many pairs were compared; the caller asserts that none was skipped, since a
    view that leaks a hidden card makes every other deal look different and so skips them all.
    """
    compared = 0
    for index, (state, seat, seen) in enumerate(positions):
        real = observer(engine, state, seat, seen.events)
        code = policy(real, index)
        assert code in real.legal, f"{engine.name} {level}: {code!r} is not legal"
        for _other, same in hidden_swaps(engine, real, 1, seed=1000 + index, observer=observer):
            assert policy(same, index) == code, f"{engine.name} {level} reads hidden information"
            compared += 1
    return compared
