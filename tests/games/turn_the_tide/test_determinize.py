"""``determinize`` never contradicts what the seat saw: over many random positions per player
count, a sampled state shows the seat the same view and legal codes, keeps every set the seat
held and every revealed card in its set, gives each set its public allowance, keeps the current
round's stacks and reveals, never reads another seat's locked choice, and plays on legally."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from games.core import observe
from games.turn_the_tide import ENGINE
from games.turn_the_tide.cards import TIDE, allowance
from games.turn_the_tide.knowledge import Knowledge
from games.turn_the_tide.state import State
from tests.games.ai_support import check_determinization, random_positions


def _set_index(seat: int, rnd: int, players: int) -> int:
    return (seat - rnd) % players


def _check_hard_constraints(true: State, sampled: State, seat: int, events: tuple) -> None:
    n = true.players
    rnd = true.round
    # every set the seat held (this round's from its view, earlier rounds' from their deals)
    held = {_set_index(seat, rnd, n)}
    for event in events:
        if event.kind == "deal":
            held.add(_set_index(seat, event.data["round"] - 1, n))
    for k in held:
        assert sampled.sets[k] == true.sets[k], f"set {k} that seat {seat} held was changed"
    # every revealed card stays in the set it was played from
    for event in events:
        if event.kind == "reveal":
            r = event.data["round"] - 1
            for j, card in enumerate(event.data["choices"]):
                if card:
                    assert int(card) in sampled.sets[_set_index(j, r, n)]
    # sets are a partition of dealt cards with their public allowances
    everything = [c for s in sampled.sets for c in s]
    assert len(everything) == len(set(everything)) == 12 * n
    assert all(len(s) == 12 for s in sampled.sets)
    assert sampled.allowances == true.allowances
    assert tuple(allowance(s) for s in sampled.sets) == true.allowances
    # this round's public facts
    assert sampled.stacks == true.stacks and sampled.reveals == true.reveals
    assert sampled.up == true.up and sampled.down == true.down
    assert sampled.eliminated == true.eliminated and sampled.scores == true.scores
    assert sampled.tide_now == true.tide_now and sampled.hand_no == true.hand_no
    used = Counter(TIDE)
    for lo, hi, *_ in sampled.reveals:
        used[lo] -= 1
        used[hi] -= 1
    for card in sampled.tide_now:
        used[card] -= 1
    assert Counter(sampled.tide_deck) == +used
    # hands: own exact; each other seat holds its set minus what it revealed and its lock
    assert sampled.hands[seat] == true.hands[seat] and sampled.chosen[seat] == true.chosen[seat]
    for j in range(n):
        assert bool(sampled.chosen[j]) == bool(true.chosen[j])
        assert len(sampled.hands[j]) == len(true.hands[j])
        in_set = set(sampled.sets[_set_index(j, rnd, n)])
        assert set(sampled.hands[j]) <= in_set
        if sampled.chosen[j]:
            assert sampled.chosen[j] in in_set and sampled.chosen[j] not in sampled.hands[j]


@pytest.mark.parametrize("players", [3, 4, 5])
def test_determinizations_respect_every_hard_constraint(players: int) -> None:
    positions = random_positions(ENGINE, players, 200, seed=40 + players)
    for index, (state, seat, obs) in enumerate(positions):
        sampled = check_determinization(ENGINE, state, obs, seed=index)
        _check_hard_constraints(state, sampled, seat, obs.events)
        # the sampled world plays on to the end under the public engine
        if index % 20 == 0:
            rng = random.Random(index)
            world = sampled
            while not ENGINE.is_over(world):
                who = rng.choice(ENGINE.to_act(world))
                world, _ = ENGINE.apply(world, who, rng.choice(ENGINE.legal_actions(world, who)))


@pytest.mark.parametrize("players", [3, 4, 5])
def test_locked_choices_are_redrawn_not_read(players: int) -> None:
    """Over many samples, another seat's locked card takes several values: it is drawn from the
    seat's possible cards, never copied from the real state."""
    found = 0
    for state, seat, obs in random_positions(ENGINE, players, 150, seed=90 + players):
        others = [j for j in range(players) if j != seat and state.chosen[j]]
        if not others or len(state.hands[others[0]]) < 3:
            continue
        j = others[0]
        drawn = {ENGINE.determinize(obs, k).chosen[j] for k in range(30)}
        assert len(drawn) > 1, "a locked choice came out the same every time"
        found += 1
    assert found >= 10


def test_the_fast_sample_matches_the_public_sample() -> None:
    """The search's compact world and the hook's public state come from the same draw."""
    from games.search import Rng
    from games.turn_the_tide import fast

    for index, (_state, seat, obs) in enumerate(random_positions(ENGINE, 4, 60, seed=7)):
        k = Knowledge(obs)
        public = k.sample_state(Rng(index))
        compact = k.sample_fast(Rng(index))
        assert list(public.sets) == list(compact.sets)
        assert list(public.chosen) == compact.chosen
        assert fast.legal(compact, seat) == [int(a.arg) for a in ENGINE.legal_actions(public, seat)]
        assert observe(ENGINE, public, seat, obs.events).view == obs.view
