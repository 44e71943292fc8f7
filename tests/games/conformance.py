"""Helpers for the conformance suite: random playouts and the checks run after every step.

Kept apart from the test module so per-game tests can reuse ``random_playout`` and the secrecy
checks on their own scenarios.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Iterator, Mapping
from typing import Any

from games import registry
from games.core import Action, Engine, Event, IllegalAction, open_windows, snapshot_lifetime


class _PlayoutOptions(Mapping[str, dict[str, Any]]):
    """Each game's options under which random play ends, read from its package's profile
    (``GAME.profile``), so no game is named here and a new game needs no edit."""

    def __getitem__(self, name: str) -> dict[str, Any]:
        return dict(registry.package(name).profile.options)

    def __iter__(self) -> Iterator[str]:
        return iter(registry.names())

    def __len__(self) -> int:
        return len(registry.names())


PLAYOUT_OPTIONS: Mapping[str, dict[str, Any]] = _PlayoutOptions()

MAX_STEPS = 20_000


def string_leaves(value: Any) -> Iterator[str]:
    """Every string in a JSON-like value, dict keys included, in document order.

    Gathered into a list by a plain recursive function: a generator nested as deep as the value
    passed every string up through each level, and the secrecy checks walk every view and event
    of every step (half the conformance runs' time went here)."""
    found: list[str] = []
    _strings(value, found)
    return iter(found)


def _strings(value: Any, found: list[str]) -> None:
    kind = type(value)
    if kind is str:
        found.append(value)
    elif kind is dict or (kind is not list and kind is not tuple and isinstance(value, Mapping)):
        for key, item in value.items():
            if isinstance(key, str):
                found.append(key)
            _strings(item, found)
    elif kind is list or kind is tuple or isinstance(value, (list, tuple, str)):
        if isinstance(value, str):  # a str subclass
            found.append(value)
            return
        for item in value:
            _strings(item, found)


def hands(engine: Engine, state: Any, players: int) -> list[list[str]]:
    return [list(engine.view(state, seat).get("hand", [])) for seat in range(players)]


def declared_reveals(shown: Any, seen_by: set[int]) -> Counter[str]:
    """Cards an engine declares as shown to the table from a hand, under a ``revealed`` key:
    ``[{"seat": s, "cards": [...]}]`` (e.g. a caught bluff taken back into the bluffer's hand).

    Those cards are public knowledge although they sit in a hand again, so the check does not
    count them as hidden; every other card of that hand stays hidden.
    """
    found: Counter[str] = Counter()
    _add_reveals(shown, seen_by, found)
    return found


def _add_reveals(shown: Any, seen_by: set[int], found: Counter[str]) -> None:
    """:func:`declared_reveals` into one counter (a counter a level, merged upward, cost the
    conformance runs more than the games they check)."""
    if isinstance(shown, str):
        return
    if isinstance(shown, (dict, Mapping)):
        for key, item in shown.items():
            if key == "revealed" and isinstance(item, list):
                for entry in item:
                    if isinstance(entry, Mapping) and entry.get("seat") not in seen_by:
                        found.update(entry.get("cards", ()))
            else:
                _add_reveals(item, seen_by, found)
    elif isinstance(shown, (list, tuple)):
        for item in shown:
            _add_reveals(item, seen_by, found)


def assert_no_foreign_cards(
    engine: Engine, shown: Any, seen_by: set[int], all_hands: list[list[str]], what: str
) -> None:
    """No card held in a hand outside ``seen_by`` may appear in ``shown``.

    Counted with the deck's copies so games with duplicate cards (two decks) are judged fairly:
    the copies shown plus the copies hidden in other hands cannot exceed the copies that exist.
    """
    shown_counts = Counter(c for c in string_leaves(shown) if c in engine.card_copies)
    hidden = Counter(
        card for seat, hand in enumerate(all_hands) if seat not in seen_by for card in hand
    )
    hidden -= declared_reveals(shown, seen_by)
    for card, count in hidden.items():
        if shown_counts[card] + count > engine.card_copies[card]:
            raise AssertionError(f"{what} shows {card!r}, which is hidden in another hand")


def check_views(engine: Engine, state: Any, players: int) -> None:
    """The public view hides every hand; each seat's view hides every other seat's hand."""
    views = [engine.view(state, seat) for seat in range(players)]  # each built once
    all_hands = [list(view.get("hand", [])) for view in views]
    public = engine.view(state, None)
    json.dumps(public)
    assert "hand" not in public or not public["hand"], "the public view has a hand"
    assert_no_foreign_cards(engine, public, set(), all_hands, "the public view")
    for seat, view in enumerate(views):
        json.dumps(view)
        assert_no_foreign_cards(engine, view, {seat}, all_hands, f"seat {seat}'s view")


def check_events(engine: Engine, state: Any, players: int, events: list[Event]) -> None:
    """Each event shows no card hidden in a hand its audience may not see.

    Judged against the hands as they stood when the event was emitted: a private ``deal`` event
    carrying its seat's new ``hand`` marks a fresh deal inside the step (a new round right after
    the last trick or reveal), so the events before it are judged without the cards it dealt.
    """
    all_hands = hands(engine, state, players)
    for event in reversed(events):
        assert isinstance(event.kind, str) and event.kind
        json.dumps(event.to_dict())
        # a public event is seen by spectators too, so it may show no hand card at all
        seen_by = set() if event.visible_to is None else set(event.visible_to)
        # an event that shows hands on purpose (Rowboat's Lighthouse) lists them in
        # data["hands"] as {"seat": s, "cards": [...]}: its audience may see those seats' cards
        if seen_by:
            seen_by |= {h["seat"] for h in event.data.get("hands", ()) if isinstance(h, Mapping)}
        assert_no_foreign_cards(
            engine, event.data, seen_by, all_hands, f"event {event.kind!r} to {event.visible_to}"
        )
        if event.kind == "deal" and event.visible_to is not None and len(event.visible_to) == 1:
            seat = event.visible_to[0]
            left = Counter(all_hands[seat]) - Counter(event.data.get("hand", []))
            all_hands[seat] = list(left.elements())


def choose(engine: Engine, state: Any, players: int, rng: random.Random) -> tuple[int, Action]:
    """A random legal (seat, action): usually a seat the game waits for, sometimes an off-turn
    action (such as Rowboat's Lighthouse) so that those paths are exercised too."""
    waiting = engine.to_act(state)
    if rng.random() < 0.05:
        others = [s for s in range(players) if s not in waiting and engine.legal_actions(state, s)]
        if others:
            seat = rng.choice(others)
            return seat, rng.choice(engine.legal_actions(state, seat))
    seat = rng.choice(waiting)
    actions = engine.legal_actions(state, seat)
    assert actions, f"seat {seat} is waited for but has no legal action"
    return seat, rng.choice(actions)


def random_playout(
    engine: Engine,
    players: int,
    seed: int,
    *,
    options: Mapping[str, Any] | None = None,
    checks: bool = False,
    max_steps: int = MAX_STEPS,
) -> tuple[Any, list[tuple[int, str]]]:
    """Play random legal moves to the end; returns the final state and the (seat, code) log.

    With ``checks`` every step also verifies the contract's invariants (no mutation, illegal
    actions refused without change, codes and dumps round-trip, views and events keep secrets).
    """
    rng = random.Random(seed)
    if options is None:
        options = PLAYOUT_OPTIONS.get(engine.name, {})
    state = engine.new_game(players, options=options, seed=seed)
    log: list[tuple[int, str]] = []
    seen_codes: set[str] = set()
    for _ in range(max_steps):
        if engine.is_over(state):
            assert engine.to_act(state) == []
            result = engine.result(state)
            assert result.winners, "a finished game names its winners"
            assert len(result.scores) == players
            return state, log
        seat, action = choose(engine, state, players, rng)
        if checks:
            check_step(engine, state, players, seat, action, seen_codes, rng)
        state, events = engine.apply(state, seat, action)
        log.append((seat, action.code))
        if checks:
            check_events(engine, state, players, events)
            check_views(engine, state, players)
    raise AssertionError(f"{engine.name} {players}p seed {seed}: no end after {max_steps} steps")


def check_step(
    engine: Engine,
    state: Any,
    players: int,
    seat: int,
    action: Action,
    seen_codes: set[str],
    rng: random.Random,
) -> None:
    before = engine.dump(state)
    loaded = engine.load(before)
    assert loaded == state, "load(dump(s)) differs from s"
    assert engine.dump(loaded) == before
    legal_by_seat = {s: engine.legal_actions(state, s) for s in range(players)}
    for actions in legal_by_seat.values():
        for legal in actions:
            assert engine.parse_action(legal.code) == legal
            seen_codes.add(legal.code)
    # an action outside legal_actions raises IllegalAction and changes nothing
    for other in rng.sample(sorted(seen_codes), min(6, len(seen_codes))):
        probe_seat = rng.randrange(players)
        if any(a.code == other for a in legal_by_seat[probe_seat]):
            continue
        try:
            engine.apply(state, probe_seat, engine.parse_action(other))
        except IllegalAction as exc:
            assert str(exc), "an IllegalAction needs a message for the player"
        else:
            raise AssertionError(f"seat {probe_seat} could apply {other!r} outside legal_actions")
        assert engine.dump(state) == before, "a refused action changed the state"
    engine.apply(state, seat, action)
    assert engine.dump(state) == before, "apply mutated its input"


def check_windows(engine: Engine, players: int, seed: int, *, max_steps: int = MAX_STEPS) -> int:
    """Random play with the timed-window and snapshot hooks checked at every step; returns how
    many window openings were seen.

    * every open window has a non-empty key (at most 200 characters), positive seconds, and
      timeout actions only for seats the game waits for, each legal for its seat;
    * applying the timeout actions one by one (as the bot does when time runs out) keeps each
      legal, and after each the window is either closed or still open under the same key;
    * a key names one opening: once closed it never opens again in the same game;
    * a snapshot lifetime is positive and only given to private events.
    """
    rng = random.Random(seed)
    state = engine.new_game(players, options=PLAYOUT_OPTIONS.get(engine.name, {}), seed=seed)
    open_keys: set[str] = set()
    closed: set[str] = set()
    openings = 0
    for _ in range(max_steps):
        if engine.is_over(state):
            assert open_windows(engine, state) == [], "a finished game has no open window"
            return openings
        windows = open_windows(engine, state)
        keys = {w.key for w in windows}
        assert len(keys) == len(windows), "two open windows share a key"
        assert not keys & closed, f"a closed window's key opened again: {keys & closed}"
        closed |= open_keys - keys
        openings += len(keys - open_keys)
        open_keys = keys
        waiting = set(engine.to_act(state))
        for window in windows:
            assert isinstance(window.key, str) and 0 < len(window.key) <= 200
            assert window.seconds > 0
            timed = state
            pending = dict(window.on_timeout)
            for seat, code in window.on_timeout.items():
                assert seat in waiting, f"{window.key}: seat {seat} is not waited for"
                legal = {a.code for a in engine.legal_actions(timed, seat)}
                assert code in legal, f"{window.key}: timeout {code} is not legal for {seat}"
                timed, _ = engine.apply(timed, seat, code)
                del pending[seat]
                after = open_windows(engine, timed)
                if window.key not in {w.key for w in after}:
                    # closed; not the same window again under a new key (the rest still due)
                    assert not pending or not any(
                        pending.items() <= w.on_timeout.items() for w in after
                    ), f"{window.key} changed its key while seats were still waiting"
                    break
            else:
                assert window.key not in {w.key for w in open_windows(engine, timed)}, (
                    f"{window.key} stays open after every timeout action"
                )
        seat, action = choose(engine, state, players, rng)
        state, events = engine.apply(state, seat, action)
        for event in events:
            lifetime = snapshot_lifetime(engine, event)
            if lifetime is not None:
                assert event.visible_to is not None and lifetime > 0
    raise AssertionError(f"{engine.name}: no end after {max_steps} steps")
