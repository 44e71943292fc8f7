"""The contract types and the shared card helpers."""

from __future__ import annotations

import ast
import pathlib

import pytest

from games.cards import rigged_order, rng_below, seed_rng, shuffled
from games.core import Action, BadOptions, BaseEngine, Event, IllegalAction, split_code

GAMES_DIR = pathlib.Path(__file__).resolve().parents[2] / "games"

#: modules an engine may not import: I/O, clocks, global randomness, Discord, the database
FORBIDDEN = {
    "aiosqlite",
    "asyncio",
    "datetime",
    "discord",
    "http",
    "io",
    "os",
    "pathlib",
    "random",
    "requests",
    "shutil",
    "socket",
    "sqlite3",
    "subprocess",
    "sys",
    "threading",
    "time",
    "urllib",
}
FORBIDDEN_CALLS = {"open", "print", "input", "exec", "eval", "__import__"}
GOLDEN_DRAWS = [48, 41, 18]
GOLDEN_SHUFFLE = [3, 4, 7, 2, 0, 6, 1, 5]


def test_action_codes_round_trip() -> None:
    assert Action("play", "3m").code == "play:3m"
    assert Action("nomoon").code == "nomoon"
    assert split_code("play:3m") == Action("play", "3m")
    assert split_code("discard:5S,6S") == Action("discard", "5S,6S")
    for bad in ("", "play:", ":3m"):
        with pytest.raises(IllegalAction):
            split_code(bad)


def test_event_visibility() -> None:
    public = Event("bid", None, {"seat": 0, "bid": 3})
    secret = Event("lighthouse", (0, 2), {})
    assert public.visible(None) and public.visible(3)
    assert secret.visible(2) and not secret.visible(1) and not secret.visible(None)
    assert secret.to_dict() == {"kind": "lighthouse", "visible_to": [0, 2], "data": {}}


def test_rng_is_fixed_across_versions() -> None:
    """Golden values: a replay must not change when Python does (STYLE.md 'chance is data')."""
    state = seed_rng(42)
    draws = []
    for _ in range(3):
        state, value = rng_below(state, 52)
        draws.append(value)
    assert draws == GOLDEN_DRAWS
    assert shuffled(range(8), seed_rng(7))[0] == GOLDEN_SHUFFLE


def test_rigged_order_puts_named_cards_first() -> None:
    deck = ["a", "b", "c", "d", "a"]
    order, _ = rigged_order(deck, ["a", "d", "a"], seed_rng(1))
    assert order[:3] == ["a", "d", "a"] and sorted(order) == sorted(deck)
    with pytest.raises(ValueError, match="named too often"):
        rigged_order(deck, ["d", "d"], 0)
    with pytest.raises(ValueError, match="not in the deck"):
        rigged_order(deck, ["z"], 0)


def test_engines_are_pure() -> None:
    """Nothing under games/ does I/O, reads a clock or uses global randomness."""
    problems = []
    for path in GAMES_DIR.rglob("*.py"):
        tree = ast.parse(path.read_text(), str(path))
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                roots = [alias.name.split(".")[0] for alias in node.names]
            elif isinstance(node, ast.ImportFrom):
                roots = [(node.module or "").split(".")[0]] if node.level == 0 else []
            elif isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
                if node.func.id in FORBIDDEN_CALLS:
                    problems.append(f"{path.name}:{node.lineno} calls {node.func.id}()")
                continue
            else:
                continue
            problems += [f"{path.name}:{node.lineno} imports {r}" for r in roots if r in FORBIDDEN]
    assert not problems, problems


def test_first_seat_is_chosen_or_drawn_and_checked() -> None:
    engine = BaseEngine()
    rng = seed_rng(3)
    assert engine.first_seat(2, 4, rng, "first_dealer") == (rng, 2)
    drawn_rng, seat = engine.first_seat(None, 4, rng, "first_dealer")
    assert (drawn_rng, seat) == rng_below(rng, 4)
    # always_draw advances the generator as a draw would, but keeps the host's seat
    assert engine.first_seat(1, 4, rng, "first_player", always_draw=True) == (drawn_rng, 1)
    with pytest.raises(BadOptions, match="Option 'first_dealer': seats are 0 to 2"):
        engine.first_seat(3, 3, rng, "first_dealer")


def test_has_hook_answers_as_isinstance_for_every_game() -> None:
    """The cached hook check gives isinstance's answer for every registered engine and every
    optional hook, the first time and again (the cache keys on the engine's class), and an
    engine class without the hook is not confused with one that has it."""
    from games import registry
    from games.core import Determinizer, Explainer, SnapshotHooks, WindowHooks, has_hook

    hooks = (Determinizer, Explainer, SnapshotHooks, WindowHooks)
    answers = set()
    for name in registry.names():
        engine = registry.get(name)
        for hook in hooks:
            expected = isinstance(engine, hook)
            answers.add(expected)
            assert has_hook(engine, hook) is expected
            assert has_hook(engine, hook) is expected

    class Bare:
        pass

    class Explains:
        def explain(self, state: object, seat: int) -> tuple[str, ...]:
            return ()

    assert has_hook(Explains(), Explainer) and not has_hook(Bare(), Explainer)
    assert answers == {True, False}, "the games cover both answers"
