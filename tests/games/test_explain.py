"""The engines' ``explain`` hook (issue 15): whenever a card in the hand is not offered in a
trick, the seat is told why, in one short line per kind; when every card is offered, nothing.
Checked over seeded random games of Rowboat (2-4 players) and Boat."""

from __future__ import annotations

import random

import pytest

from games import registry
from games.core import Explainer


def positions(game: str, players: int, seeds: range) -> list[tuple[object, int]]:
    """(state, seat to act) of every position of a few seeded random games."""
    engine = registry.get(game)
    found = []
    for seed in seeds:
        rng = random.Random(seed)
        state = engine.new_game(players, {}, seed)
        for _ in range(400):
            if engine.is_over(state):
                break
            seat = engine.to_act(state)[0]
            found.append((state, seat))
            state, _ = engine.apply(state, seat, rng.choice(engine.legal_actions(state, seat)))
    return found


@pytest.mark.parametrize(("game", "players"), [("rowboat", 2), ("rowboat", 3), ("rowboat", 4),
                                               ("boat", 4)])  # fmt: skip
def test_a_withheld_card_is_always_explained(game: str, players: int) -> None:
    engine = registry.get(game)
    assert isinstance(engine, Explainer)
    explained = silent = 0
    for state, seat in positions(game, players, range(6)):
        view = engine.view(state, seat)
        held = set(view.get("hand") or ())
        legal = {a.arg for a in engine.legal_actions(state, seat) if a.verb == "play"}
        reasons = engine.explain(state, seat)
        others = [s for s in range(players) if s != seat]
        assert all(engine.explain(state, s) == () for s in others if s not in engine.to_act(state))
        if legal and held - legal:
            assert reasons, (game, view)
            assert all(0 < len(r) <= 160 for r in reasons)
            explained += 1
        elif legal:
            assert not any("trump" in r or "follow" in r for r in reasons)
            silent += 1
    assert explained > 20 and silent > 20  # both kinds of position were met


def test_reasons_say_only_what_the_seat_may_know() -> None:
    """A reason names the trump and the seat's own cards, never another hand's."""
    engine = registry.get("rowboat")
    for state, seat in positions("rowboat", 3, range(3)):
        mine = set(engine.view(state, seat).get("hand") or ())
        hidden = set()
        for other in range(3):
            if other != seat:
                hidden |= set(engine.view(state, other).get("hand") or ())
        for reason in engine.explain(state, seat):
            for code in hidden - mine:
                assert f" {code} " not in f" {reason} "


@pytest.mark.parametrize("players", [2, 3, 4])
def test_canasta_says_why_the_pile_or_open_is_missing(players: int) -> None:
    engine = registry.get("boat_canasta")
    assert isinstance(engine, Explainer)
    pile = staged = 0
    for state, seat in positions("boat_canasta", players, range(4)):
        verbs = {a.verb for a in engine.legal_actions(state, seat)}
        reasons = engine.explain(state, seat)
        view = engine.view(state, seat)
        if state.phase == "draw" and state.pile and seat == state.turn and "take" not in verbs:
            assert any("pile" in r for r in reasons), view
            pile += 1
        if state.staged and seat == state.turn and "open" not in verbs:
            assert any("points" in r for r in reasons), view
            staged += 1
        if "take" in verbs and not state.staged:
            assert reasons == ()
    assert pile > 10
