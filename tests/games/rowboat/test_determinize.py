"""Rowboat's determinize: every sampled world keeps what the seat saw (view, legal moves, hand
sizes), places known cards where they are, respects voids (with the Saving-a-Knob exception)
and is a world the engine can play on."""

from __future__ import annotations

import random
from typing import Any

import pytest

from games import registry
from games.rowboat.deck import BIT, CARD_OF, legal_rows, tricks_for
from games.rowboat.state import TRICK_PLAY
from tests.games.ai_support import check_determinization, random_positions

ENGINE = registry.get("rowboat")
SEEN: dict[str, int] = {"exchange snapshots": 0}
OPTIONS: list[dict[str, Any]] = [
    {"novice": True, "target_score": 100},
    {"target_score": 100},
    {"target_score": 100, "knob_obligatory": True},
]


def _hand_events(obs: Any) -> list[Any]:
    start = 0
    for i, ev in enumerate(obs.events):
        if ev.kind == "tide":
            start = i + 1
    return list(obs.events[start:])


def _check_constraints(state: Any, sampled: Any, obs: Any) -> None:
    me = obs.seat
    n = state.n
    assert sampled.hands[me] == state.hands[me]
    assert sampled.married[me] == state.married[me]
    assert sampled.tide == state.tide and sampled.plays == state.plays
    events = _hand_events(obs) if state.tide else []
    played = 0
    trick = 0
    rows = legal_rows(state.tide) if state.tide else ()
    table = tricks_for(state.tide) if state.tide else ()
    exchange_over = n != 4
    snapshot: dict[int, int] | None = None
    snapshot_in_exchange = False
    for ev in events:
        d = ev.data
        if ev.kind == "exchange_done":
            exchange_over = True
        elif ev.kind == "lighthouse_view":
            snapshot = {}
            for h in d["hands"]:
                mask = 0
                for c in h["cards"]:
                    mask |= BIT[CARD_OF[c]]
                snapshot[h["seat"]] = mask
            snapshot_in_exchange = not exchange_over
        elif ev.kind == "trick":
            trick += 1
        elif ev.kind == "play":
            card = CARD_OF[d["card"]]
            played |= BIT[card]
            x = d["seat"]
            if x == me or card == table[trick].knob:
                continue
            knob_bit, trump_mask, future, _ = rows[trick]
            if BIT[card] & trump_mask:
                continue
            # a void: no trump left but at most one later Knob, which is then married
            held = sampled.hands[x] & trump_mask
            assert not held & ~future, f"seat {x} holds a trump it declined"
            assert held.bit_count() <= 1
            assert held & ~sampled.married[x] == 0, "a saved Knob must be married"
            if state.opts.knob_obligatory:
                assert not sampled.hands[x] & knob_bit
    # no played card is in any hand; nothing lies twice
    seen = 0
    for h in sampled.hands:
        assert not h & played
        assert not h & seen
        seen |= h
    if snapshot is not None and not snapshot_in_exchange:
        for x, mask in snapshot.items():
            assert sampled.hands[x] & mask == state.hands[x] & mask, "Lighthouse cards moved"
    if snapshot is not None and snapshot_in_exchange and exchange_over:
        # 4p, seen during the exchange: each team still holds its shown cards between them
        for team in ((0, 2), (1, 3)):
            shown = (snapshot[team[0]] | snapshot[team[1]]) & ~played
            held = sampled.hands[team[0]] | sampled.hands[team[1]]
            truth = state.hands[team[0]] | state.hands[team[1]]
            assert held & shown == truth & shown, "a team's Lighthouse cards moved"
        SEEN["exchange snapshots"] += 1


@pytest.mark.parametrize("players", [2, 3, 4])
def test_determinize_keeps_every_constraint(players: int) -> None:
    count = 0
    for index, options in enumerate(OPTIONS):
        positions = random_positions(ENGINE, players, 90, seed=40 + index, options=options)
        for k, (state, _seat, obs) in enumerate(positions):
            for draw in range(2):
                sampled = check_determinization(ENGINE, state, obs, seed=k * 7 + draw)
                _check_constraints(state, sampled, obs)
                count += 1
    assert count >= 500
    if players == 4:
        assert SEEN["exchange snapshots"] > 0, "no Lighthouse during an exchange was checked"


def test_same_seed_same_world() -> None:
    for state, _seat, obs in random_positions(ENGINE, 4, 30, seed=8):
        assert ENGINE.determinize(obs, 5) == ENGINE.determinize(obs, 5)
        del state


@pytest.mark.parametrize("players", [2, 3, 4])
def test_sampled_worlds_play_on_legally(players: int) -> None:
    """The engine itself accepts random play from each sampled world to the end of the hand
    (every other seat's legal moves exist, married cards are due where they should be)."""
    rng = random.Random(players)
    for k, (_state, _seat, obs) in enumerate(
        random_positions(ENGINE, players, 60, seed=77, options={"target_score": 100})
    ):
        world = ENGINE.determinize(obs, k)
        hand = world.hand_no
        for _ in range(200):
            if ENGINE.is_over(world) or world.hand_no != hand:
                break
            seat = ENGINE.to_act(world)[0]
            legal = ENGINE.legal_actions(world, seat)
            assert legal
            world, _ = ENGINE.apply(world, seat, rng.choice(legal))
        else:  # pragma: no cover
            raise AssertionError("the hand did not end")
        if world.phase == TRICK_PLAY and world.hand_no == hand:  # pragma: no cover
            raise AssertionError("still in the same hand")
