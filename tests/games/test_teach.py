"""Issue 37 items 1 and 2 in the engines: every special control carries an effect line when it
is offered (``Effects``), and every decision point of every game, for every seat (the one to act
and the ones waiting), has a short explanation (``Decisions``); both say nothing a seat may not
know: they are equal on two states that differ only in what the seat cannot see (made by the
engine's ``determinize``), and they never name a card from another seat's hand."""

from __future__ import annotations

import json
import random
import re
from collections.abc import Iterator, Mapping
from typing import Any

import pytest

from games import Event, registry
from games.core import Decisions, Effects, decision_lines, effect_lines, observe

#: a Discord message holds 2,000 characters; the answer is a few lines well within it
MAX_LINE = 240
MAX_ANSWER = 1500
#: which effect line each special control carries (its verb -> how its line starts)
CONTROLS: dict[str, dict[str, str]] = {
    "rowboat": {
        "moon": "Moon:",
        "bid": "Bid:",
        "pass": "Pass:",
        "rowboat": "Rowboat:",
        "lighthouse": "Lighthouse:",
    },
    "boat": {"bid": "Bid:", "pass": "Pass:", "discard": "Put back 5:", "trump": "Trump:"},
    "boat_canasta": {
        "take": "Take the pile:",
        "open": "Open:",
        "keep": "Keep:",
        "ask": "Ask:",
        "answer": "Yes lets",
        "go out": "Go out:",
    },
    "game_of_rows": {
        "block": "Block:",
        "unblock": "Unblock:",
        "down": "Face down:",
        "call": "Call:",
        "joker": "Joker:",
    },
    "turn_the_tide": {"play": "Weather:", "preserver": "🛟"},
}
#: (players, options) walked per game: the options bring every special control into play
TABLES: dict[str, list[tuple[int, dict[str, Any]]]] = {
    "rowboat": [(4, {"novice": False}), (2, {})],
    "boat": [(4, {})],
    "boat_canasta": [(4, {"partner_permission": True}), (2, {})],
    "game_of_rows": [(4, {"bluffing": True, "skipping": True}), (3, {})],
    "turn_the_tide": [(5, {}), (3, {})],
}
GAMES = list(CONTROLS)
#: seeds walked per table for the effect lines (an unblock is rare in random play: seed 5 has one)
SEEDS = {"game_of_rows": (0, 1, 5)}


def offered(game: str, view: Mapping[str, Any], legal: list[str]) -> set[str]:
    """The special controls (CONTROLS' keys) among the seat's legal codes."""
    verbs = {code.partition(":")[0] for code in legal}
    found = verbs & set(CONTROLS[game])
    if game == "boat_canasta" and len(view.get("hand") or []) == 1 and "discard" in verbs:
        found.add("go out")
    if game == "game_of_rows" and any(c.startswith("place:JK@") for c in legal):
        found.add("joker")
    if game == "turn_the_tide" and "play" in verbs:
        found.add("preserver")
    return found


def walk(
    game: str, players: int, options: dict[str, Any], seed: int
) -> Iterator[tuple[Any, list[Event]]]:
    """Every state of one seeded random game (at most 600 steps), with the events so far."""
    engine = registry.get(game)
    profile = dict(registry.package(game).profile.options)
    state = engine.new_game(players, {**profile, **options}, seed)
    rng = random.Random(seed)
    events: list[Event] = []
    for _ in range(600):
        if engine.is_over(state):
            return
        yield state, events
        seats = engine.to_act(state)
        if not seats:
            return
        seat = rng.choice(seats)
        state, new = engine.apply(state, seat, rng.choice(engine.legal_actions(state, seat)))
        events = [*events, *new]


def names(players: int) -> tuple[str, ...]:
    return tuple(f"Seat{n}" for n in range(players))


@pytest.mark.slow
@pytest.mark.parametrize("game", GAMES)
def test_every_special_control_has_its_effect_line(game: str) -> None:
    engine = registry.get(game)
    assert isinstance(engine, Effects)
    met: set[str] = set()
    for players, options in TABLES[game]:
        for seed in SEEDS.get(game, range(3)):
            for state, _ in walk(game, players, options, seed):
                for seat in range(players):
                    legal = [a.code for a in engine.legal_actions(state, seat)]
                    view = engine.view(state, seat)
                    lines = effect_lines(engine, state, seat)
                    assert all(0 < len(line) <= MAX_LINE for line in lines)
                    for control in offered(game, view, legal):
                        start = CONTROLS[game][control]
                        assert any(line.startswith(start) for line in lines), (control, lines)
                        met.add(control)
                    if not legal:
                        assert lines == ()  # nothing offered, nothing to say
    assert met == set(CONTROLS[game]), set(CONTROLS[game]) - met


@pytest.mark.slow
@pytest.mark.parametrize("game", GAMES)
def test_every_decision_point_is_explained(game: str) -> None:
    """The seat to act and every waiting seat get a few lines that fit a Discord message."""
    engine = registry.get(game)
    assert isinstance(engine, Decisions)
    phases: set[str] = set()
    for players, options in TABLES[game]:
        for seed in range(2):
            for state, _ in walk(game, players, options, seed):
                for seat in range(players):
                    lines = decision_lines(engine, state, seat, names(players))
                    assert lines, (game, seat, engine.view(state, seat).get("phase"))
                    assert all(0 < len(line) <= MAX_LINE for line in lines), lines
                    assert len("\n".join(lines)) <= MAX_ANSWER
                    if seat in engine.to_act(state):
                        phases.add(str(engine.view(state, seat).get("phase")))
                        assert not lines[0].startswith("Waiting for")
                    elif not engine.legal_actions(state, seat):
                        assert any("Waiting for" in line for line in lines), lines
    assert phases  # the walk met decisions


def hidden_codes(engine: Any, state: Any, seat: int, players: int) -> set[str]:
    """Card codes in other seats' hands that the seat's own view does not show."""
    seen = json.dumps(engine.view(state, seat))
    out: set[str] = set()
    for other in range(players):
        if other != seat:
            for code in engine.view(state, other).get("hand") or ():
                if f'"{code}"' not in seen:
                    out.add(str(code))
    return out


@pytest.mark.slow
@pytest.mark.parametrize("game", GAMES)
def test_the_words_reveal_nothing_hidden(game: str) -> None:
    engine = registry.get(game)
    players, options = TABLES[game][0]
    checked = 0
    for seed in range(2):
        for index, (state, events) in enumerate(walk(game, players, options, seed)):
            if index % 7:
                continue  # every seventh position: determinizing is the slow part
            for seat in range(players):
                said = (
                    effect_lines(engine, state, seat),
                    decision_lines(engine, state, seat, names(players)),
                )
                seen = observe(engine, state, seat, events)
                for rng in (1, 2):
                    other = engine.determinize(seen, rng)  # type: ignore[attr-defined]
                    again = (
                        effect_lines(engine, other, seat),
                        decision_lines(engine, other, seat, names(players)),
                    )
                    assert again == said, (game, seat)
                if game != "turn_the_tide":  # its cards are bare numbers, as levels are
                    text = " ".join([*said[0], *said[1]])
                    for code in hidden_codes(engine, state, seat, players):
                        assert not re.search(rf"(?<![\w]){re.escape(code)}(?![\w])", text)
                checked += 1
    assert checked > 20
