"""``determinize`` keeps everything the seat saw, over many random positions per player count:
the same view and legal codes, every card's copies conserved, the cards a player took from the
pile still in that hand, the pile exactly as discarded, the seat's own hand untouched."""

from __future__ import annotations

from collections import Counter

import pytest

from games.boat_canasta import ENGINE, fast
from games.boat_canasta.deck import DECK, RED_THREES
from games.boat_canasta.determinize import knowledge, sample_fast
from games.search import Rng
from tests.games.ai_support import check_determinization, random_positions
from tests.games.boat_canasta.helpers import card_census


@pytest.mark.parametrize("players", [2, 3, 4])
def test_determinize_keeps_what_the_seat_saw(players: int) -> None:
    positions = random_positions(ENGINE, players, 150, seed=20 + players)
    for index, (state, seat, obs) in enumerate(positions):
        sampled = check_determinization(ENGINE, state, obs, seed=index)
        assert card_census(sampled) == Counter(DECK)
        assert sampled.hands[seat] == state.hands[seat] and sampled.staged == state.staged
        assert sampled.pile == state.pile and sampled.frozen == state.frozen
        assert len(sampled.stock) == len(state.stock)
        assert not any(c in RED_THREES for h in sampled.hands for c in h), "a red 3 in a hand"
        k = knowledge(obs)
        for other in range(players):
            assert not Counter(k.known[other]) - Counter(state.hands[other]), "known is wrong"
            assert not Counter(k.known[other]) - Counter(sampled.hands[other]), "known lost"
        assert ENGINE.view(sampled, None) == ENGINE.view(state, None)


def test_determinize_varies_the_hidden_cards() -> None:
    _state, seat, obs = next(iter(random_positions(ENGINE, 2, 1, seed=4)))
    others = {ENGINE.determinize(obs, seed).hands[1 - seat] for seed in range(5)}
    assert len(others) == 5


@pytest.mark.parametrize("players", [2, 3, 4])
def test_search_samples_keep_what_the_seat_saw(players: int) -> None:
    """``sample_fast`` (the search's own determinization) gives the seat's legal codes, its
    hand, the public table and every card once, with the known pickups where they are."""
    for index, (state, seat, obs) in enumerate(random_positions(ENGINE, players, 60, seed=7)):
        f = sample_fast(obs, Rng(index))
        assert fast.legal(f, seat) == list(obs.legal)
        public = fast.from_state(state)
        assert f.hc[seat] == public.hc[seat] and f.hn == public.hn
        assert f.pile == public.pile and f.melds == public.melds and f.red3 == public.red3
        assert len(f.stock) == len(public.stock)
        census: Counter[int] = Counter(f.stock + f.pile)
        census.update(i for cards in f.staged.values() for i in cards)
        for hc in f.hc:
            census.update({i: n for i, n in enumerate(hc) if n})
        truth: Counter[int] = Counter(public.stock + public.pile)
        truth.update(i for cards in public.staged.values() for i in cards)
        for hc in public.hc:
            truth.update({i: n for i, n in enumerate(hc) if n})
        assert census == truth
        assert not any(hc[i] for hc in f.hc for i in range(fast.N_CARDS) if fast.IS_RED3[i])
        for other, cards in enumerate(knowledge(obs).known):
            held = Counter({fast.CODES[i]: n for i, n in enumerate(f.hc[other]) if n})
            assert not Counter(cards) - held
