"""Golden replays: the Rowboat engine's exact behaviour, frozen as digests.

Why: the engine is tuned for speed (AI search, bench/engine.py), and every such change must keep
behaviour byte-identical: the same dumps (saved games must still load and replay), the same
events (the Discord layer and the action log read them), the same legal actions, views and
IllegalAction messages. Each case plays a seeded random game (bounded in steps, since regular
scoring under random bids need not end) and hashes, per category, everything observable after
every step. The digests in ``golden.json`` were recorded before the speed work began.

Regenerate (only for an intended behaviour change, and say so in the commit):
``.venv/bin/python -m tests.games.rowboat.test_golden --write``.
"""

from __future__ import annotations

import hashlib
import json
import random
import sys
from pathlib import Path
from typing import Any

import pytest

from games import registry
from games.core import IllegalAction

ENGINE = registry.get("rowboat")
GOLDEN = Path(__file__).with_name("golden.json")
MAX_STEPS = 500
SEEDS = (1, 2, 3)

_TIDE_RIG = ["3m", "7w", "Ms", "Ss", "8w", "5m", "3w", "8o"]

#: (players, options, rigged deck or None): every player count, both scorings, options flipped
CASES: dict[str, tuple[int, dict[str, Any], list[str] | None]] = {
    "2p-novice": (2, {"novice": True}, None),
    "2p-regular-50": (2, {"target_score": 50}, None),
    "2p-regular-knob": (
        2,
        {"target_score": 60, "knob_obligatory": True, "show_last_trick": False, "first_dealer": 1},
        None,
    ),
    "2p-novice-rigged": (2, {"novice": True, "first_dealer": 0}, _TIDE_RIG),
    "3p-novice": (3, {"novice": True}, None),
    "3p-regular-knob": (3, {"target_score": 60, "knob_obligatory": True}, None),
    "3p-regular-default": (3, {}, None),
    "4p-novice": (4, {"novice": True}, None),
    "4p-novice-tie": (4, {"novice": True, "partner_tie_wins": True}, None),
    "4p-regular-tie-knob": (
        4,
        {"target_score": 50, "partner_tie_wins": True, "knob_obligatory": True},
        None,
    ),
    "4p-regular-default": (4, {"lighthouse_seconds": 60}, None),
    "4p-novice-rigged": (4, {"novice": True, "first_dealer": 2}, _TIDE_RIG),
    "2p-tie-ignored": (2, {"novice": True, "partner_tie_wins": True}, None),
}

_CARDS = [r + s for s in "owsm" for r in "A23456789DMSW"]
#: codes probed at random, legal or not, so validation messages are frozen too
_PROBES = (
    [f"play:{c}" for c in _CARDS]
    + [f"pass:{c}" for c in _CARDS]
    + [f"bid:{b}" for b in range(-1, 15)]
    + [f"moon:{k}" for k in range(2, 14)]
    + ["nomoon", "rowboat", "lighthouse", "play:ZZ", "pass:1x", "bid", "play", "moon", "swim", ""]
)


def _text(value: Any) -> bytes:
    return json.dumps(value, separators=(",", ":")).encode()


def record(players: int, options: dict[str, Any], deck: list[str] | None, seed: int) -> dict:
    """Play one seeded random game and digest everything observable after every step."""
    rng = random.Random(seed * 7919 + players)
    digests = {k: hashlib.sha256() for k in ("dumps", "events", "legal", "views", "probes")}
    state = ENGINE.new_game(players, options=options, seed=seed, deck=deck)
    steps = 0
    while steps < MAX_STEPS:
        digests["dumps"].update(ENGINE.dump(state).encode())
        waiting = ENGINE.to_act(state)
        legal = {x: [a.code for a in ENGINE.legal_actions(state, x)] for x in range(players)}
        digests["legal"].update(_text([waiting, legal, ENGINE.is_over(state)]))
        result = ENGINE.result(state)
        digests["legal"].update(_text([result.scores, result.winners]))
        for seat in (None, *range(players)):
            digests["views"].update(_text(ENGINE.view(state, seat)))
        if rng.random() < 0.3:
            probe_seat = rng.choice([*range(players), players, -1])
            probe = rng.choice(_PROBES)
            try:
                after, events = ENGINE.apply(state, probe_seat, probe)
                outcome: Any = [ENGINE.dump(after), [e.to_dict() for e in events]]
            except IllegalAction as exc:
                outcome = ["illegal", str(exc)]
            digests["probes"].update(_text([probe_seat, probe, outcome]))
        if not waiting:
            break
        seat = rng.choice(waiting)
        if rng.random() < 0.05:
            others = [x for x in range(players) if x not in waiting and legal[x]]
            if others:
                seat = rng.choice(others)
        choice = rng.choice(ENGINE.legal_actions(state, seat))
        action = choice.code if rng.random() < 0.2 else choice
        state, events = ENGINE.apply(state, seat, action)
        digests["events"].update(_text([seat, [e.to_dict() for e in events]]))
        steps += 1
    digests["dumps"].update(ENGINE.dump(state).encode())
    return {"steps": steps, **{k: d.hexdigest()[:32] for k, d in digests.items()}}


def record_all() -> dict[str, dict]:
    return {
        f"{name}/seed{seed}": record(players, options, deck, seed)
        for name, (players, options, deck) in CASES.items()
        for seed in SEEDS
    }


@pytest.fixture(scope="module")
def golden() -> dict[str, dict]:
    return json.loads(GOLDEN.read_text())


@pytest.mark.parametrize("name", sorted(CASES))
@pytest.mark.parametrize("seed", SEEDS)
def test_golden_replay(golden: dict[str, dict], name: str, seed: int) -> None:
    players, options, deck = CASES[name]
    assert record(players, options, deck, seed) == golden[f"{name}/seed{seed}"]


def test_golden_covers_game_ends(golden: dict[str, dict]) -> None:
    """The cases must reach game ends too, not only stop at the step bound."""
    ended = [k for k, v in golden.items() if v["steps"] < MAX_STEPS]
    assert len(ended) >= len(golden) // 2


if __name__ == "__main__" and "--write" in sys.argv:
    GOLDEN.write_text(json.dumps(record_all(), indent=1, sort_keys=True) + "\n")
    print(f"wrote {GOLDEN}")


def test_shared_play_events_stay_equal_to_fresh_ones() -> None:
    """``play`` events are handed out as shared objects (games.rowboat.events): each must be
    an ordinary Event equal to a freshly built one, before and after whole games."""
    from games.core import Event
    from games.rowboat.deck import CODES
    from games.rowboat.events import PLAY_EVENTS

    def pristine() -> bool:
        return all(
            type(ev) is Event and ev == Event("play", None, {"seat": seat, "card": CODES[c]})
            for seat, row in enumerate(PLAY_EVENTS)
            for c, ev in enumerate(row)
        )

    assert pristine()
    record(4, {"novice": True}, None, 11)
    assert pristine()
