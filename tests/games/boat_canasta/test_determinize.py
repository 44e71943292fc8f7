"""``determinize`` keeps everything the seat saw, over many random positions per player count:
the same view and legal codes, every card's copies conserved, the cards a player took from the
pile still in that hand, the pile exactly as discarded, the seat's own hand untouched."""

from __future__ import annotations

from collections import Counter

import pytest

from games.boat_canasta import ENGINE
from games.boat_canasta.deck import DECK
from games.boat_canasta.determinize import knowledge
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
        k = knowledge(obs)
        for other in range(players):
            assert not Counter(k.known[other]) - Counter(state.hands[other]), "known is wrong"
            assert not Counter(k.known[other]) - Counter(sampled.hands[other]), "known lost"
        assert ENGINE.view(sampled, None) == ENGINE.view(state, None)


def test_determinize_varies_the_hidden_cards() -> None:
    _state, seat, obs = next(iter(random_positions(ENGINE, 2, 1, seed=4)))
    others = {ENGINE.determinize(obs, seed).hands[1 - seat] for seed in range(5)}
    assert len(others) == 5
