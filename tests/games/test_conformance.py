"""One suite over every registered engine and every player count (OpenSpiel's random_sim_test).

A new game is covered as soon as it is registered: nothing here names a game except the
playout options that make random play finish quickly.
"""

from __future__ import annotations

import pytest

from games import IllegalAction, registry
from tests.games.conformance import PLAYOUT_OPTIONS, check_windows, random_playout

CASES = [
    pytest.param(name, players, id=f"{name}-{players}p")
    for name in registry.names()
    for players in range(registry.get(name).min_players, registry.get(name).max_players + 1)
]
#: the same cases, the table sizes beyond each game's fewest marked ``slow``: the inner loop
#: (``-m "not slow"``) plays every game at its fewest players, the full run at every size
PLAYOUT_CASES = [
    pytest.param(
        *case.values,
        id=case.id,
        marks=[pytest.mark.slow] * (case.values[1] > registry.get(case.values[0]).min_players),
    )
    for case in CASES
]


@pytest.mark.parametrize(("name", "players"), PLAYOUT_CASES)
def test_random_games_end(name: str, players: int) -> None:
    engine = registry.get(name)
    for seed in range(12):
        random_playout(engine, players, seed)


@pytest.mark.parametrize(("name", "players"), PLAYOUT_CASES)
def test_every_step_keeps_the_contract(name: str, players: int) -> None:
    engine = registry.get(name)
    # one seed: every step of a whole game checked (test_random_games_end plays 12 more
    # unchecked, and the games' own property tests walk their rules at every step too)
    random_playout(engine, players, 101, checks=True)


@pytest.mark.parametrize(("name", "players"), CASES)
def test_windows_keep_their_keys_and_time_out_legally(name: str, players: int) -> None:
    """The optional timed-window and snapshot hooks (games.core) hold their promises; a game
    without them passes trivially."""
    engine = registry.get(name)
    for seed in (3, 4):
        check_windows(engine, players, seed)


@pytest.mark.parametrize(("name", "players"), CASES)
def test_replay_is_exact(name: str, players: int) -> None:
    engine = registry.get(name)
    options = PLAYOUT_OPTIONS.get(name, {})
    final, log = random_playout(engine, players, 7)
    state = engine.new_game(players, options=options, seed=7)
    for seat, code in log:
        state, _ = engine.apply(state, seat, engine.parse_action(code))
    assert engine.dump(state) == engine.dump(final)
    assert engine.load(engine.dump(final)) == final


@pytest.mark.parametrize(("name", "players"), CASES)
def test_seeds_differ_and_repeat(name: str, players: int) -> None:
    engine = registry.get(name)
    a = engine.dump(engine.new_game(players, seed=1))
    assert a == engine.dump(engine.new_game(players, seed=1))
    assert a != engine.dump(engine.new_game(players, seed=2))


@pytest.mark.parametrize("name", registry.names())
def test_engine_shape(name: str) -> None:
    engine = registry.get(name)
    assert engine.name == name
    assert engine.title and 1 <= engine.min_players <= engine.max_players
    assert engine.card_copies
    engine.Options()  # every option has a default


@pytest.mark.parametrize("name", registry.names())
def test_unknown_option_is_refused_readably(name: str) -> None:
    engine = registry.get(name)
    with pytest.raises(ValueError, match="Unknown option 'no_such_option'"):
        engine.new_game(engine.min_players, options={"no_such_option": 1})


@pytest.mark.parametrize("name", registry.names())
def test_wrong_player_count_is_refused(name: str) -> None:
    engine = registry.get(name)
    with pytest.raises(ValueError):
        engine.new_game(engine.max_players + 1)


@pytest.mark.parametrize("name", registry.names())
def test_malformed_codes_are_refused(name: str) -> None:
    engine = registry.get(name)
    for code in ("", ":", "no_such_verb", "no_such_verb:1", "x" * 300):
        with pytest.raises(IllegalAction):
            engine.parse_action(code)
