"""The Game of Rows renderer on engine states: every legal action is reachable through the
two-step hand (top level + one focus per card) and fits Discord's limits at every focus, also
with Bluffing and Mayhem (many face-down targets); the board line; the bluff window's timer."""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

import pytest

from bot import controls
from bot.render import TableContext
from bot.render import game_of_rows as render
from bot.render.game_of_rows import RENDERER as R
from games import registry
from games.core import Window, open_windows
from tests.bot.test_render_limits import NAMES, check_components, check_embed

ENGINE = registry.get("game_of_rows")
OPTIONS = [
    {"format": "straight"},
    {"format": "straight_flush", "skipping": True},
    {"format": "straight", "bluffing": True},
    {"format": "straight_flush", "mayhem": True},
]


def ctx(players: int, log: tuple[str, ...] = (), timers: dict[str, float] | None = None):
    return TableContext(
        game_id=987_654_321_012,
        title="Game of Rows",
        names=tuple(NAMES[:players]),
        user_ids=tuple(range(players)),
        status="live",
        log=log,
        timers=timers or {},
    )


def offered(spec: Any) -> set[str]:
    return {b.code for b in spec.buttons} | {a.code for c in spec.choices for a in c.actions}


def check_hand(spec: Any, seat: int) -> None:
    check_embed(controls.to_embed(spec.embed).to_dict())  # type: ignore[arg-type]
    view = controls.hand_view(987_654_321_012, seat, 123_456, spec, snapshot=None)
    check_components(view.to_components())


def reach(
    c: TableContext, view: dict[str, Any], seat: int, legal: list[Any]
) -> tuple[set[str], int]:
    """Every action code a person can reach from the top level of the hand by following navs
    (suits of a big hand, then cards), checking each drawn hand against Discord's limits."""
    top = R.hand(c, view, seat, legal)
    check_hand(top, seat)
    reachable = offered(top)
    assert all(a.verb in render.TURN_VERBS for a in legal if a.code in reachable)
    todo, seen, suits = [n.focus for n in top.navs], set(), 0
    while todo:
        where = todo.pop()
        if where in seen:
            continue
        seen.add(where)
        focused = R.hand(c, view, seat, legal, focus=where)
        check_hand(focused, seat)
        assert "" in [n.focus for n in focused.navs]  # Back to the top level
        codes = offered(focused)
        if where.startswith(render.SUIT_FOCUS):
            todo.extend(n.focus for n in focused.navs if n.focus)
            suits += 1
            continue
        assert codes and all(x.partition(":")[2].startswith(where + "@") for x in codes)
        reachable |= codes
    return reachable, suits


def test_a_big_hand_is_opened_by_suit_and_every_card_stays_reachable() -> None:
    state = ENGINE.new_game(2, {"bluffing": True, "first_player": 0}, seed=0)
    hand = state.hands[0] + state.deck[:25]
    state = replace(state, hands=(hand, state.hands[1]), deck=state.deck[25:])
    legal = ENGINE.legal_actions(state, 0)
    view = ENGINE.view(state, 0)
    top = R.hand(ctx(2), view, 0, legal)
    assert all(n.focus.startswith(render.SUIT_FOCUS) for n in top.navs) and len(top.navs) <= 5
    reachable, suits = reach(ctx(2), view, 0, legal)
    assert suits == len(top.navs) and reachable == {a.code for a in legal}


@pytest.mark.parametrize("options", OPTIONS, ids=lambda o: "-".join(f"{k}" for k in o))
@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_legal_action_is_reachable_and_every_focus_fits(options, players) -> None:
    checked = 0
    for seed in range(1):  # one game per size and options (nine in all)
        rng = random.Random(seed)
        state = ENGINE.new_game(players, options, seed=seed)
        log: list[str] = []
        for _ in range(150):
            c = ctx(players, tuple(log[-6:]))
            table = R.table(c, ENGINE.view(state, None), ENGINE.result(state), [])
            check_embed(controls.to_embed(table).to_dict())  # type: ignore[arg-type]
            for seat in range(players):
                legal = ENGINE.legal_actions(state, seat)
                if not legal:  # nothing to reach (its hand's limits: test_render_limits)
                    continue
                view = ENGINE.view(state, seat)
                reachable, _suits = reach(c, view, seat, legal)
                assert reachable == {a.code for a in legal}
                checked += 1
            if ENGINE.is_over(state):
                break
            seat = rng.choice(ENGINE.to_act(state))
            state, events = ENGINE.apply(state, seat, rng.choice(ENGINE.legal_actions(state, seat)))
            log.extend(line for e in events if (line := R.event_line(c, e, None)))
    assert checked > 50  # hands with something to reach, over one game


def test_an_unknown_focus_falls_back_to_the_top_level() -> None:
    state = ENGINE.new_game(2, {"bluffing": True}, seed=1)
    seat = ENGINE.to_act(state)[0]
    legal = ENGINE.legal_actions(state, seat)
    view = ENGINE.view(state, seat)
    held = set(view["hand"])
    missing = next(c for c in ("2C", "3C", "4C", "5C", "6C", "7C") if c not in held)
    spec = R.hand(ctx(2), view, seat, legal, focus=missing)
    assert spec == R.hand(ctx(2), view, seat, legal)
    assert spec.navs and all(n.focus in held for n in spec.navs)


def test_a_focus_shows_the_card_and_its_targets_by_place() -> None:
    state = ENGINE.new_game(2, {"format": "straight_flush", "bluffing": True}, seed=3)
    seat = ENGINE.to_act(state)[0]
    legal = ENGINE.legal_actions(state, seat)
    card = next(a.arg.partition("@")[0] for a in legal if a.verb == "down")
    spec = R.hand(ctx(2), ENGINE.view(state, seat), seat, legal, focus=card)
    assert render.card_label(card) in spec.embed.description
    labels = [b.label for b in spec.buttons] + [a.label for c in spec.choices for a in c.actions]
    assert any("Face down on a new" in label and "(claim 2)" in label for label in labels)
    assert not any("2C" in label or "10S" in label for label in labels)  # no codes as names


def test_the_board_line_marks_cards_blocks_and_face_down_claims() -> None:
    def pos(n: int, state: str, top: str | None = None) -> dict[str, Any]:
        return {"pos": n, "state": state, "top": top, "under": []}

    row = {
        "row": 2,
        "suit": "H",
        "anchored": True,
        "frontiers": [4, 8],
        "positions": [
            pos(2, "filled", "2H"),
            pos(3, "face_down"),
            pos(4, "empty"),
            pos(5, "blocked", "JC"),
            pos(6, "open", "QD"),
            pos(7, "filled", "JK"),
            pos(8, "empty"),
            pos(9, "filled", "9H"),
            pos(10, "filled", "TH"),
        ],
    }
    line = render.row_line(row, 1)
    assert line.startswith("**Row 2** ♥")
    assert "**2♥** 🂠3 `▸4` ⛔5:J♣ 🔓6:Q♦ **Joker**(7) `▸8` **9♥** **10♥**" in line
    assert line.endswith("next: 4, 8")
    assert render.row_line(None, 3) == "Row 4: free"


def window_state(seed: int = 0) -> Any:
    """Seat 0 plays one card face down on a new row and ends: the window opens (3 players)."""
    state = ENGINE.new_game(3, {"bluffing": True, "first_player": 0}, seed=seed)
    down = next(a for a in ENGINE.legal_actions(state, 0) if a.verb == "down")
    state, _ = ENGINE.apply(state, 0, down)
    state, _ = ENGINE.apply(state, 0, "end")
    return state


def timer(state: Any) -> Window | None:
    """The engine's one timed window (the challenge), as the shell times it, or None."""
    windows = open_windows(ENGINE, state)
    assert len(windows) <= 1
    return windows[0] if windows else None


def test_the_timer_key_holds_while_people_pass_and_names_the_waiting_seats() -> None:
    state = window_state()
    first = timer(state)
    assert isinstance(first, Window)
    assert first.seconds == 30 and tuple(first.on_timeout.items()) == ((1, "pass"), (2, "pass"))
    state, _ = ENGINE.apply(state, 1, "pass")
    second = timer(state)
    assert second is not None and second.key == first.key
    assert tuple(second.on_timeout.items()) == ((2, "pass"),)
    state, _ = ENGINE.apply(state, 2, "pass")
    assert timer(state) is None
    assert len(first.key) <= 40


def test_each_window_of_a_game_has_its_own_key() -> None:
    """Random games with Bluffing: the key stays while a window is open and no two windows of
    one game share it (the shell stores one deadline row per new key)."""
    windows = 0
    for seed in range(6):
        rng = random.Random(seed)
        state = ENGINE.new_game(3, {"mayhem": True}, seed=seed)
        keys: list[str] = []
        current = None
        while not ENGINE.is_over(state):
            spec = timer(state)
            if spec is None:
                current = None
            elif current is None:
                current = spec.key
                keys.append(spec.key)
            else:
                assert spec.key == current
            seat = rng.choice(ENGINE.to_act(state))
            state, _ = ENGINE.apply(state, seat, rng.choice(ENGINE.legal_actions(state, seat)))
        assert len(set(keys)) == len(keys)
        windows += len(keys)
    assert windows > 30


def test_the_table_counts_the_window_down() -> None:
    state = window_state()
    view = ENGINE.view(state, None)
    spec = timer(state)
    assert spec is not None
    shown = R.table(ctx(3, timers={spec.key: 1_800_000_030.0}), view, ENGINE.result(state), [1, 2])
    assert "<t:1800000030:R>" in shown.description
    assert "Call bluff or pass" in shown.description
    assert "<t:" not in R.table(ctx(3), view, ENGINE.result(state), [1, 2]).description


def test_challenge_hand_offers_call_bluff_to_the_others_only() -> None:
    state = window_state()
    for seat in (1, 2):
        spec = R.hand(ctx(3), ENGINE.view(state, seat), seat, ENGINE.legal_actions(state, seat))
        assert [b.label for b in spec.buttons] == ["Call bluff", "Pass"] and not spec.navs
    spec = R.hand(ctx(3), ENGINE.view(state, 0), 0, ENGINE.legal_actions(state, 0))
    assert not spec.buttons and not spec.navs
    assert "Your face-down cards" in spec.embed.description  # the bluffer sees its own card


def test_the_caller_reads_what_a_call_or_a_pass_costs() -> None:
    """Issue 15: the bluff window says the price of each answer before the click."""
    state = window_state()
    count = ENGINE.view(state, 1)["challenge"]["count"]
    text = R.hand(ctx(3), ENGINE.view(state, 1), 1, ENGINE.legal_actions(state, 1))
    description = text.embed.description
    assert f"if every card is true, you draw {count} penalty card" in description
    assert "A pass costs nothing" in description
    own = R.hand(ctx(3), ENGINE.view(state, 0), 0, ENGINE.legal_actions(state, 0))
    assert "A call costs" not in own.embed.description


def test_the_standing_line_counts_cards_left_and_marks_who_is_out() -> None:
    """A live hand's footer follows the cards each player has left (fewest leads), not the
    engine's running score, which is only how many players a seat outranks."""
    view = {"players": 4, "hand_sizes": [3, 0, 1, 5], "finished": [1], "removed": [3]}
    line = R.standing(ctx(4), view, ENGINE.result(ENGINE.new_game(4, seed=1)))
    assert line == f"Cards left: {NAMES[0]} 3 · {NAMES[1]} out of cards · {NAMES[2]} 1 · " + (
        f"{NAMES[3]} removed"
    )
