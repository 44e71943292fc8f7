"""The AI seam, over every game that provides it: determinizations keep what the seat saw,
and every level answers a legal, repeatable move from the observation alone.

The no-hidden-information check lives here alone, over every game, table size and level, at
the levels' real budgets (what the bot runs; Game of Rows' strong at a tenth, see
:data:`LIGHTER`) on a few seeded decision points each; two tests
show it failing on a policy that peeks and on a view that leaks. Per-game AI tests
(``tests/games/<game>/test_ai.py``) add hand-built positions where the right move is clear and
a few seeded whole games of legal moves; win rates and long runs are ``bench/ai.py``'s.
"""

from __future__ import annotations

import pickle
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

import pytest

from games import registry
from games.core import Determinizer, Event, Observation, Policy, observe
from tests.games.ai_support import blind_comparisons, check_determinization, random_positions

CASES = [
    (name, players)
    for name in registry.names()
    for players in range(registry.get(name).min_players, registry.get(name).max_players + 1)
]
SEARCHABLE = [case for case in CASES if isinstance(registry.get(case[0]), Determinizer)]
#: decision points per game, table size and level: the levels that search run at their real
#: budget (up to a second a move in Game of Rows), so on fewer; each game's own tests play
#: seeded whole games of them at small budgets
POSITIONS = 30
SEARCHING_POSITIONS = 3


def _rows_strong() -> Policy:
    from games.game_of_rows import ai

    return ai.make_strong(100)


def _tide_strong() -> Policy:
    from games.turn_the_tide import ai

    def strong(observation: Observation, seed: int) -> str:
        return ai.modelled(observation, seed, 64)

    return strong


#: levels checked at a smaller budget than the bot's, where the real one costs seconds a move
#: and buys nothing this check can see: Game of Rows' strong level spends its 1,000 playouts in
#: the same stages of successive halving at any budget (every candidate screened, the halves
#: dropped, the last pair played to the end), so 100 run every line of its search and of its
#: sampling of the hidden cards, at a tenth of the cost (~10 s of each table size's 12 s).
#: Turn the Tide's strong plays the same search over fewer sampled worlds at 64 of its 320
#: playouts: each world still deals the hidden cards again, models every other seat by a
#: normal search from what that seat would know, and plays each card out (about 6 s of the
#: 3-5 seat cases' 11 s)
LIGHTER: dict[str, dict[str, Callable[[], Policy]]] = {
    "game_of_rows": {"strong": _rows_strong},
    "turn_the_tide": {"strong": _tide_strong},
}


def levels(name: str) -> dict[str, Policy]:
    """The AI levels of ``name`` as the bot runs them, but for those in :data:`LIGHTER`."""
    found = dict(registry.policies(name))
    for level, make in LIGHTER.get(name, {}).items():
        assert level in found, f"{name} has no level {level!r} to lighten"
        found[level] = make()
    return found


@pytest.mark.parametrize(("name", "players"), SEARCHABLE)
def test_determinize_keeps_what_the_seat_saw(name: str, players: int) -> None:
    engine = registry.get(name)
    for index, (state, _seat, obs) in enumerate(random_positions(engine, players, 40, seed=3)):
        check_determinization(engine, state, obs, seed=index)


#: the inner loop (``-m "not slow"``) checks every game and level at its fewest players
EVERY_LEVEL = [
    pytest.param(
        name, players, marks=[pytest.mark.slow] * (players > registry.get(name).min_players)
    )
    for name, players in CASES
]


@pytest.mark.parametrize(("name", "players"), EVERY_LEVEL)
def test_every_level_moves_legally_and_reads_nothing_hidden(name: str, players: int) -> None:
    """Every level answers a legal move from its observation alone. In a game that can deal
    the hidden cards again (``determinize``), this is the no-hidden-information check, the only
    one: the same move for the observation of a state whose every card the seat cannot see was
    dealt again (so also the same move twice: repeatable). Elsewhere: the same move twice."""
    engine = registry.get(name)
    positions = list(random_positions(engine, players, POSITIONS, seed=5))
    searching = registry.searching(name)
    for level, policy in levels(name).items():
        points = positions[:SEARCHING_POSITIONS] if level in searching else positions
        if isinstance(engine, Determinizer):
            compared = blind_comparisons(engine, level, policy, points)
            assert compared == len(points), f"{name}: a determinization changed what it saw"
            continue
        for index, (_state, _seat, obs) in enumerate(points):
            code = policy(obs, index)
            assert code in obs.legal, f"{name} {level}: {code!r} is not legal"
            assert policy(obs, index) == code, f"{name} {level}: same inputs, another move"


@dataclass(frozen=True)
class Peeking(Observation):
    """An observation that also carries the state it was made from: what a policy could read if
    the bot ever handed it more than the seat's observation."""

    world: Any = field(default=None, compare=False)


def peeking(engine: Any, state: Any, seat: int, shown: Sequence[Event]) -> Observation:
    plain = observe(engine, state, seat, shown)
    return Peeking(plain.game, plain.seat, plain.view, plain.events, plain.legal, world=state)


def other_hands(engine: Any, state: Any, seat: int) -> str:
    """What a cheat wants: every other seat's hand, as that seat's own view shows it."""
    players = int(engine.view(state, seat)["players"])
    return repr([engine.view(state, s).get("hand") for s in range(players) if s != seat])


@pytest.mark.parametrize("name", sorted({case[0] for case in SEARCHABLE}))
def test_the_check_catches_a_policy_that_reads_other_hands(name: str) -> None:
    engine = registry.get(name)
    players = engine.min_players

    def cheat(obs: Observation, seed: int) -> str:
        assert isinstance(obs, Peeking)
        seen = other_hands(engine, obs.world, obs.seat)
        return obs.legal[sum(map(ord, seen)) % len(obs.legal)]

    positions = [p for p in random_positions(engine, players, 12, seed=5) if len(p[2].legal) > 1]
    with pytest.raises(AssertionError, match="reads hidden information"):
        blind_comparisons(engine, "cheat", cheat, positions, observer=peeking)
    # a fair policy handed the same peeking observations passes: the check is not just noise
    fair = registry.policies(name)["random"]
    assert blind_comparisons(engine, "random", fair, positions, observer=peeking) == len(positions)


def test_the_check_catches_a_view_that_leaks_another_hand() -> None:
    """A view showing the next seat's hand lets any level cheat; no other deal of the hidden
    cards looks the same then, so the check compares nothing and the count says so."""
    engine = registry.get("rowboat")

    def leaky(engine: Any, state: Any, seat: int, shown: Sequence[Event]) -> Observation:
        plain = observe(engine, state, seat, shown)
        view = {**plain.view, "next_hand": engine.view(state, (seat + 1) % 3).get("hand")}
        return Observation(plain.game, plain.seat, view, plain.events, plain.legal)

    positions = list(random_positions(engine, 3, 6, seed=5))
    normal = registry.policies("rowboat")["normal"]
    # (the hand's last cards may be known by elimination: those deals still look the same)
    assert blind_comparisons(engine, "normal", normal, positions, observer=leaky) < len(positions)
    assert blind_comparisons(engine, "normal", normal, positions) == len(positions)


@pytest.mark.parametrize(("name", "players"), CASES)
def test_observations_cross_to_a_worker_process(name: str, players: int) -> None:
    """Searching levels run in a process pool, so every observation a game can produce must
    pickle and come back equal (a read-only event payload once made every strong move fail)."""
    engine = registry.get(name)
    for _state, _seat, obs in random_positions(engine, players, 12, seed=9):
        back = pickle.loads(pickle.dumps(obs))
        assert back == obs
        assert [dict(e.data) for e in back.events] == [dict(e.data) for e in obs.events]


@pytest.mark.parametrize("name", registry.names())
def test_searching_levels_are_levels_of_the_game(name: str) -> None:
    """The levels a game says search (the bot runs them in its process pool) are levels it
    has; a search level named in ``BUDGETS`` but missing from ``LEVELS`` would be a typo."""
    searching = registry.searching(name)
    assert searching <= set(registry.policies(name))
    assert "random" not in searching


def test_a_level_that_searches_is_known_as_searching() -> None:
    # Game of Rows' normal level checks its best moves by playouts (tens of ms): the bot must
    # not run it in a thread beside the event loop
    assert {"normal", "strong"} <= registry.searching("game_of_rows")
    assert "normal" not in registry.searching("rowboat")
