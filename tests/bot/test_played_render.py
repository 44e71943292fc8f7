"""Issue 37 item 5, the answers themselves: what each game's Played answer holds over random
seeded states, checked against the events and the full state.

* the shell hands a renderer only the events the seat was shown since the hand began;
* Rowboat and Boat: the unseen list is the full deck minus the cards this seat saw (its hand, the
  Tide, the cards played, what it passed, received or picked up), so every card still hidden in
  another hand is listed, and a card the list leaves out is one the seat saw; a Lighthouse's
  cards stay listed (its view fades); each trick so far is listed once, in order;
* Turn the Tide: only the reveals the table shows (the last one, or the round with
  ``show_history``), and never a weather card still in someone's hand;
* Boat Canasta: the ranks in sight are the seat's hand, the melds, the red threes and the pile;
* Game of Rows: one entry per card on a row (a caught bluff's cards leave it), and never a
  face-down card's name before a call.
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from typing import Any

import pytest

from bot.render import TableContext
from bot.render import boat as boat_render
from bot.render import rowboat as rowboat_render
from bot.render import turn_the_tide as tide_render
from bot.render.base import renderer_for
from bot.store import ActionRow
from bot.table.played import HandHistories, hand_events
from games import Event, registry

NAMES = ("Ann", "Bo", "Cy", "Di", "Ed")
GAMES = ("rowboat", "boat", "turn_the_tide", "boat_canasta", "game_of_rows")

pytestmark = pytest.mark.slow


def games_played(
    game: str, players: int, seeds: int, steps: int, **options: Any
) -> Iterator[tuple[Any, list[ActionRow], list[list[Event]], int]]:
    """Random seeded games: after each move, the state, the log so far, and per seat the events
    it was shown since the hand began (kept here independently of the shell's replay)."""
    engine = registry.get(game)
    render = renderer_for(game)
    opts = {**registry.package(game).profile.options, **options}
    for seed in range(seeds):
        rng = random.Random(seed)
        state = engine.new_game(players, opts, seed)
        log: list[ActionRow] = []
        shown: list[list[Event]] = [[] for _ in range(players)]
        for _ in range(steps):
            if engine.is_over(state):
                break
            seat = rng.choice(engine.to_act(state))
            code = rng.choice(engine.legal_actions(state, seat)).code
            state, events = engine.apply(state, seat, code)
            log.append(ActionRow(len(log) + 1, seat, code))
            for event in events:
                for viewer in range(players):
                    if render.starts_hand(event):
                        shown[viewer].clear()
                    if event.visible(viewer):
                        shown[viewer].append(event)
            yield state, log, shown, seed


def context(game: str, players: int) -> TableContext:
    return TableContext(
        game_id=7,
        title=game,
        names=NAMES[:players],
        user_ids=(None,) * players,
        status="live",
    )


def answer(game: str, state: Any, seat: int, events: list[Event]) -> Any:
    players = int(registry.get(game).view(state, None)["players"])
    view = registry.get(game).view(state, seat)
    spec = renderer_for(game).played(context(game, players), view, seat, events)
    assert spec is not None
    return spec


@pytest.mark.parametrize("game", GAMES)
def test_the_shell_hands_over_only_what_the_seat_was_shown_this_hand(game: str) -> None:
    engine = registry.get(game)
    render = renderer_for(game)
    players = engine.max_players
    checked = 0
    opts = registry.package(game).profile.options
    for _state, log, shown, seed in games_played(game, players, seeds=2, steps=150):
        if len(log) % 25:
            continue
        for seat in range(players):
            got = hand_events(engine, render, players, opts, seed, log, seat)
            assert all(event.visible(seat) for event in got)
            assert got == shown[seat]
            checked += 1
    assert checked


@pytest.mark.parametrize("game", ["rowboat", "boat_canasta"])
def test_a_kept_replay_answers_as_a_replay_from_the_start(game: str) -> None:
    """The Played button's cache: each click replays only the moves since the last; the
    answer is the one a replay from ``new_game`` gives, also for an older version (rebuilt)
    and after the game fell out of the cache."""
    engine = registry.get(game)
    render = renderer_for(game)
    players = 4
    opts = registry.package(game).profile.options
    kept = HandHistories(kept=1)
    checked = 0
    for _state, log, shown, seed in games_played(game, players, seeds=1, steps=200):
        if len(log) % 7:
            continue
        seat = len(log) % players
        upto = len(log) if len(log) % 3 else len(log) // 2  # now and then an older version
        args = (engine, render, players, opts, seed, log, seat)
        got = kept.events(1, *args, upto)
        assert got == hand_events(*args, upto)
        if upto == len(log):
            assert got == shown[seat]
        kept.events(2, *args, 1)  # another game pushes this one out now and then
        checked += 1
    assert checked > 10


# ---- Rowboat and Boat: tricks and the unseen cards ------------------------------------------


def unseen_in(spec: Any, game: str) -> set[str]:
    """The cards an answer lists as not seen, read back from its field."""
    [field] = [f for f in spec.fields if f.name == "Not seen by you yet"]
    if game == "rowboat":
        suits = {f"{icon} {name}": code for code, (name, icon) in rowboat_render.SUITS.items()}
    else:
        suits = {f"{icon} {name}": code for code, (name, icon) in boat_render.SUITS.items()}
        suits[f"{boat_render.BOAT_ICON} Boat"] = "B"
    cards: set[str] = set()
    for line in field.value.split("\n"):
        label, _, ranks = line.partition(": ")
        if ranks == "all seen":
            continue
        suit = suits[label]
        for rank in ranks.split():
            if suit == "B":
                cards.add(boat_render.BOAT)
            else:
                cards.add(("T" if rank == "10" else rank) + suit)
    return cards


def seen_by(game: str, view: dict[str, Any], events: list[Event]) -> set[str]:
    """What the seat saw, written out kind by kind (not with the renderer's helper)."""
    seen = set(view.get("hand") or []) | set(view.get("tide") or [])
    for event in events:
        data = event.data
        if event.kind == "play":
            seen.add(str(data["card"]))
        elif event.kind == "trick" and game == "rowboat":
            seen.update(str(p["card"]) for p in data["plays"])
        elif event.kind == "trick":
            seen.update(data["cards"])
        elif event.kind == "deal":
            seen.update(data["hand"])
        elif event.kind in ("pass_chosen", "received", "married"):
            seen.add(str(data["card"]))
        elif event.kind in ("widow", "discard"):
            seen.update(data["cards"])
        elif event.kind == "tide":
            seen.update(data["tide"])
    return seen


@pytest.mark.parametrize(("game", "players"), [("rowboat", 2), ("rowboat", 4), ("boat", 4)])
def test_unseen_cards_are_the_deck_less_what_the_seat_saw(game: str, players: int) -> None:
    engine = registry.get(game)
    deck = set(engine.card_copies)
    checked = lighthouses = 0
    for state, _log, shown, _seed in games_played(game, players, seeds=4, steps=300):
        for seat in range(players):
            view = engine.view(state, seat)
            spec = answer(game, state, seat, shown[seat])
            unseen = unseen_in(spec, game)
            seen = seen_by(game, view, shown[seat])
            assert unseen == deck - seen
            for other in range(players):  # a card hidden in another hand is always listed
                if other != seat:
                    hidden = set(engine.view(state, other)["hand"]) - seen
                    assert hidden <= unseen
            for event in shown[seat]:
                if event.kind == "lighthouse_view":  # its cards stay unseen unless seen else
                    lit = {c for h in event.data["hands"] for c in h["cards"]} - seen
                    assert lit <= unseen
                    lighthouses += bool(lit)
            tricks = [e for e in shown[seat] if e.kind == "trick"]
            listed = re.findall(r"^\*\*(\d+)\*\* .* (?:→|tied)", spec.description, re.M)
            numbers = [str(e.data.get("trick", e.data.get("trick_number"))) for e in tricks]
            assert listed == numbers
            checked += 1
    assert checked > 100
    if game == "rowboat" and players == 4:
        assert lighthouses  # the Lighthouse case came up


# ---- Turn the Tide: reveals as far as the table shows them ----------------------------------


@pytest.mark.parametrize("history", [False, True])
def test_turn_the_tide_shows_the_reveals_the_table_shows(history: bool) -> None:
    game, players = "turn_the_tide", 4
    engine = registry.get(game)
    checked = 0
    for state, _log, shown, _seed in games_played(
        game, players, seeds=3, steps=200, show_history=history
    ):
        for seat in range(players):
            view = engine.view(state, seat)
            spec = answer(game, state, seat, shown[seat])
            revealed = spec.description.count("revealed:**")
            reveals = [e for e in shown[seat] if e.kind == "reveal"]
            assert revealed == (len(reveals) if history else min(1, len(reveals)))
            assert revealed <= len(reveals) if history else revealed <= len(view["reveals"])
            held = set()
            for other in range(players):
                held |= set(engine.view(state, other).get("hand") or [])
            for card in held:  # a card still in a hand was never revealed this round
                assert f"{tide_render.card_text(card)} " not in spec.description + " "
                assert not re.search(
                    re.escape(tide_render.card_text(card)) + r"\b", spec.description
                )
            checked += 1
    assert checked > 100


# ---- Boat Canasta: the ranks in sight -------------------------------------------------------


def test_boat_canasta_counts_the_ranks_in_sight() -> None:
    game, players = "boat_canasta", 4
    engine = registry.get(game)
    checked = 0
    for state, log, shown, _seed in games_played(game, players, seeds=2, steps=400):
        if len(log) % 10:
            continue
        for seat in range(players):
            view = engine.view(state, seat)
            spec = answer(game, state, seat, shown[seat])
            pile: list[str] = []
            for event in shown[seat]:
                if event.kind == "discard":
                    pile.append(event.data["card"])
                elif event.kind in ("take", "reshuffle"):  # taken, or shuffled into the stock
                    pile = []
            assert len(pile) == view["pile_count"]  # every pile card was seen going down
            melded = [c for side in view["melds"] for meld in side for c in meld["cards"]]
            reds = [c for side in view["red_threes"] for c in side]
            sight = list(view["hand"]) + pile + melded + reds
            [field] = spec.fields
            for rank in "3456789TJQKA2":
                count = sum(1 for c in sight if c != "JK" and c[:-1] == rank)
                label = "10" if rank == "T" else rank
                assert f"{label}: {count}/8" in field.value
            assert f": {sight.count('JK')}/4" in field.value
            discards = [e for e in shown[seat] if e.kind == "discard"]
            runs = [line for line in spec.description.split("\n") if line.startswith("🗑️")]
            written = sum(line.count(" · ") + 1 for line in runs)
            assert spec.description.startswith("…") or written == len(discards)
            checked += 1
    assert checked > 50


# ---- Game of Rows: each row's history -------------------------------------------------------


def test_game_of_rows_lists_every_card_put_on_a_row_and_no_face_down_card() -> None:
    game, players = "game_of_rows", 3
    checked = 0
    for state, _log, shown, _seed in games_played(game, players, seeds=3, steps=300):
        for seat in (0, 1):
            spec = answer(game, state, seat, shown[seat])
            rows = " · ".join(f.value for f in spec.fields if f.name.startswith("Row "))
            put = [e for e in shown[seat] if e.kind in ("place", "block", "unblock", "face_down")]
            back = sum(  # a caught bluff's cards went back to a hand: they leave the row
                len(e.data["cards"])
                for e in shown[seat]
                if e.kind == "reveal" and e.data["outcome"] == "caught"
            )
            if "…" not in rows:
                assert rows.count("@") == len(put) - back
            hidden = {
                str(e.data["card"]) for e in shown[seat] if e.kind == "your_face_down"
            }  # the seat's own face-down cards: written by position only, as on the table
            for card in hidden:
                form = renderer_for(game).card_short(card)
                assert f"{form}@" not in rows or any(
                    e.kind == "place" and e.data.get("card") == card for e in shown[seat]
                )
            checked += 1
    assert checked > 100
