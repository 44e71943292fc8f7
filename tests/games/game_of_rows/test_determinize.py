"""Determinization keeps everything the seat saw, and nothing the seat could not see decides
it: over many random positions per player count and table rules, the sampled state shows the
seat the same view and legal codes, the cards it counts as unseen are exactly the true hidden
ones, and the turn bookkeeping it rebuilds from events (actions, stayed, quiet turns) is the
real one."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from games import registry
from games.core import Observation
from games.game_of_rows import ENGINE
from games.game_of_rows.cards import JOKER
from games.game_of_rows.determinize import UNKNOWN, analyse, sample
from games.search import Rng
from tests.games.ai_support import check_determinization, policy_positions, random_positions

OPTIONS: list[dict[str, Any]] = [
    {"mayhem": True},
    {"bluffing": True, "format": "straight_flush"},
    {"skipping": True, "max_rows": 3, "play_obligation": "all_valid"},
]


def true_hidden(state: Any, seat: int) -> Counter[str]:
    """The cards ``seat`` cannot see in the real state: other hands, the deck, other seats'
    face-down cards on the board and unseen face-down cards that left with their row."""
    hidden: Counter[str] = Counter(state.deck)
    for s, hand in enumerate(state.hands):
        if s != seat:
            hidden.update(hand)
    for row in state.rows:
        if row is not None:
            hidden.update(st[-1][0] for st in row[1] if st and st[-1][1] not in (-1, seat))
    return hidden


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("options", range(len(OPTIONS)))
def test_determinize_is_consistent(players: int, options: int) -> None:
    positions = random_positions(
        registry.get("game_of_rows"), players, 120, seed=players, options=OPTIONS[options]
    )
    for index, (state, seat, obs) in enumerate(positions):
        check_determinization(ENGINE, state, obs, seed=index)
        k = analyse(obs)
        assert (k.actions, k.stayed, k.quiet) == (state.actions, state.stayed, state.quiet)
        assert k.facedown == state.facedown
        for s, cards in enumerate(k.known):
            assert not Counter(cards) - Counter(state.hands[s]), "a known card is not there"
        gone_hidden = Counter(c for c, o in state.gone if o >= 0 and o != seat)
        known_elsewhere = Counter(c for s, h in enumerate(k.known) if s != seat for c in h)
        expected = true_hidden(state, seat) - known_elsewhere
        unknown_gone = Counter(c for c, _ in state.gone) - Counter(
            c for c, _ in k.gone if c != UNKNOWN
        )
        assert Counter(k.unseen) == expected + unknown_gone
        assert k.hidden_gone == sum(gone_hidden.values())
        sim = sample(k, Rng(index))
        assert sim.legal_codes(seat) == list(obs.legal)
        assert [len(h) for h in sim.hands] == [len(h) for h in state.hands]
        assert len(sim.deck) == len(state.deck)


def placer(obs: Observation) -> str:
    """One card a turn when it must, else end: a cheap policy whose turns often begin with
    nothing to place, as real ones do."""
    legal = obs.legal
    if "end" in legal and obs.view["placed_number"]:
        return "end"
    places = [c for c in legal if c.startswith("place:")]
    if places:
        return places[0]
    return "end" if "end" in legal else legal[0]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_stuck_turn_rules_cards_out_of_that_hand(players: int) -> None:
    """A turn that began with nothing to place says the hand then fit nowhere: the count of
    cards still known to be outside the cards that fit is never more than the real hand has,
    and strong's samples deal those hands that way (and stay consistent with the view)."""
    active = 0
    positions = policy_positions(ENGINE, players, placer, range(50, 56))
    for step, (state, seat, obs) in enumerate(positions):
        k = analyse(obs)
        for s in range(players):
            count, fits = k.stuck_hand(s)
            if count <= 0:
                continue
            assert s != seat
            active += 1
            assert sum(1 for c in state.hands[s] if c not in fits) >= count
            assert JOKER in fits or not fits
            sim = sample(k, Rng(step), stuck=True)
            assert sum(1 for c in sim.hands[s] if c not in fits) >= count
            assert sim.legal_codes(seat) == list(obs.legal)
    assert active >= 100 * (players - 1), "stuck turns should be common"
