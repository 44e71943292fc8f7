"""The Boat Canasta renderer without Discord: every legal action is reachable from the top level
or one nav away, every screen fits Discord's limits (hands past 25 distinct cards included), the
"may I close?" answer is offered to the partner alone, staged melds stay with their owner, and
the table shows what spec §5 makes public."""

from __future__ import annotations

import dataclasses
import random
from typing import Any

import pytest

from bot import controls
from bot.render import (
    HandSpec,
    TableContext,
)
from bot.render import boat_canasta as render
from bot.render.base import SnapshotWording
from bot.render.boat_canasta import RENDERER as R
from games import Action, registry
from games.boat_canasta.deck import CODES, RED_THREES
from games.boat_canasta.state import PLAY
from tests.bot.test_render_limits import NAMES, check_components, check_embed

ENGINE = registry.get("boat_canasta")


def ctx_for(players: int, status: str = "live") -> TableContext:
    return TableContext(
        game_id=987_654_321_012,
        title="Boat Canasta",
        names=tuple(NAMES[:players]),
        user_ids=tuple(range(players)),
        status=status,
    )


def greedy(legal: list[Action], rng: random.Random, steps: int) -> Action:
    """Meld-happy play (random play rarely melds, spec §6 note), to reach rich states."""
    for verbs in (("answer", "deal", "open", "take"),):
        found = [a for a in legal if a.verb in verbs]
        if found:
            return rng.choice(found)
    found = [a for a in legal if a.verb in ("meld", "add", "ask")]
    if found and steps < 6:
        return rng.choice(found)
    for verb in ("cancel", "draw"):
        found = [a for a in legal if a.verb == verb]
        if found:
            return found[0]
    return rng.choice(legal)


def offered(spec: HandSpec) -> set[str]:
    return {b.code for b in spec.buttons} | {a.code for c in spec.choices for a in c.actions}


def check_screen(spec: HandSpec, seat: int) -> None:
    check_embed(controls.to_embed(spec.embed).to_dict())  # type: ignore[arg-type]
    view = controls.hand_view(987_654_321_012, seat, 123_456, spec, snapshot=SnapshotWording())
    rows = view.to_components()
    check_components(rows)
    drawn = {
        c["custom_id"].split(":", 4)[4]
        for row in rows
        for c in row["components"]
        if c["type"] == 2 and c["custom_id"].startswith("g:")
    } | {
        o["value"]
        for row in rows
        for c in row["components"]
        if c["type"] == 3 and c["custom_id"].startswith("gs:")
        for o in c["options"]
    }
    assert drawn == offered(spec), "a control was dropped for lack of room"
    navs = {nav.focus for nav in spec.navs}
    drawn_navs = {
        c["custom_id"].split(":", 4)[4]
        for row in rows
        for c in row["components"]
        if c["type"] == 2 and c["custom_id"].startswith("gn:")
    } | {
        "" if o["value"] == "~" else o["value"]
        for row in rows
        for c in row["components"]
        if c["type"] == 3 and c["custom_id"].startswith("gv:")
        for o in c["options"]
    }
    assert not navs or drawn_navs == navs, (navs, drawn_navs)


def reachable(ctx: TableContext, view: dict[str, Any], seat: int, legal: list[Action]) -> set[str]:
    """Codes offered at the top level and one nav away; every screen checked for limits."""
    top = R.hand(ctx, view, seat, legal)
    check_screen(top, seat)
    codes = offered(top)
    for nav in top.navs:
        focused = R.hand(ctx, view, seat, legal, focus=nav.focus)
        check_screen(focused, seat)
        assert any(n.focus == "" for n in focused.navs), "a focused screen needs a Back nav"
        codes |= offered(focused)
    return codes


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_legal_action_is_reachable_and_fits(players: int) -> None:
    rng = random.Random(players)
    checked = 0
    for seed in range(2):
        state = ENGINE.new_game(players, {"target_score": 3000, "max_round_turns": 80}, seed=seed)
        steps, turn = 0, None
        for _ in range(450):  # 450 positions a seed, the acting seats' hands checked
            if ENGINE.is_over(state):
                break
            ctx = ctx_for(players)
            table = R.table(
                ctx, ENGINE.view(state, None), ENGINE.result(state), ENGINE.to_act(state)
            )
            check_embed(controls.to_embed(table).to_dict())  # type: ignore[arg-type]
            for seat in range(players):
                legal = ENGINE.legal_actions(state, seat)
                if not legal:  # nothing to reach (its hand's limits: test_render_limits)
                    continue
                codes = reachable(ctx, ENGINE.view(state, seat), seat, legal)
                assert codes == {a.code for a in legal}
                checked += 1
            seat = ENGINE.to_act(state)[0]
            steps = steps + 1 if (state.round_no, state.g) == turn else 0
            turn = (state.round_no, state.g)
            action = greedy(ENGINE.legal_actions(state, seat), rng, steps)
            state, events = ENGINE.apply(state, seat, action)
            for event in events:
                line = R.event_line(ctx, event, None)
                assert line is None or len(line) <= 1024
                for viewer in event.visible_to or ():
                    note = R.event_line(ctx, event, viewer)
                    assert note is None or len(note) <= 2000
    assert checked > 600


def test_a_huge_hand_keeps_every_discard_and_meld_within_limits() -> None:
    """51 distinct codes (every card but the red 3s) and 60 cards: more than 25 discard
    options and more than 100 legal actions."""
    state = ENGINE.new_game(4, {}, seed=7)
    codes = [c for c in CODES if c not in RED_THREES]
    big = tuple(sorted(codes + codes[:9], key=CODES.index))
    hands = list(state.hands)
    hands[state.turn] = big
    state = dataclasses.replace(state, hands=tuple(hands), g=20, phase=PLAY)
    seat = state.turn
    legal = ENGINE.legal_actions(state, seat)
    assert len(legal) > 100
    ctx = ctx_for(4)
    view = ENGINE.view(state, seat)
    top = R.hand(ctx, view, seat, legal)
    assert any(n.focus == "discard" for n in top.navs)
    assert reachable(ctx, view, seat, legal) == {a.code for a in legal}
    text = top.embed.description
    assert "**Jokers** (1): Joker" in text and "**Kings** (4): K♣ K♦ K♥ K♠" in text


def test_the_partner_alone_answers_may_i_close() -> None:
    rng = random.Random(11)
    for seed in range(20):
        state = ENGINE.new_game(4, {"target_score": 3000}, seed=seed)
        steps, turn = 0, None
        for _ in range(1500):
            seat = ENGINE.to_act(state)[0]
            legal = ENGINE.legal_actions(state, seat)
            if any(a.verb == "ask" for a in legal):
                state, _ = ENGINE.apply(state, seat, "ask")
                break
            steps = steps + 1 if (state.round_no, state.g) == turn else 0
            turn = (state.round_no, state.g)
            state, _ = ENGINE.apply(state, seat, greedy(legal, rng, steps))
        else:
            continue
        break
    else:
        pytest.fail("no state with an ask was reached")
    ctx = ctx_for(4)
    asker, partner = state.turn, (state.turn + 2) % 4
    for viewer in range(4):
        spec = R.hand(ctx, ENGINE.view(state, viewer), viewer, ENGINE.legal_actions(state, viewer))
        codes = offered(spec)
        if viewer == partner:
            assert codes == {"answer:yes", "answer:no"}
            assert f"{ctx.name(asker)}, your partner, asks: may I close?" in spec.embed.description
            # what each answer costs is said before the click (issue 15)
            assert "Yes: they may end the round now (200 for closing" in spec.embed.description
            assert "No: they may not close this turn." in spec.embed.description
        else:
            assert not codes
        if viewer == asker:
            assert "waiting for them" in spec.embed.description
    table = R.table(ctx, ENGINE.view(state, None), ENGINE.result(state), ENGINE.to_act(state))
    assert f"{ctx.name(partner)} to answer “may I close?” from {ctx.name(asker)}" in table.footer
    state, _ = ENGINE.apply(state, partner, "answer:no")
    table = R.table(ctx, ENGINE.view(state, None), ENGINE.result(state), ENGINE.to_act(state))
    assert "answered **no**" in table.description


def test_staged_melds_show_only_to_their_owner() -> None:
    rng = random.Random(5)
    for seed in range(30):
        state = ENGINE.new_game(2, {}, seed=seed)
        for _ in range(400):
            seat = ENGINE.to_act(state)[0]
            legal = ENGINE.legal_actions(state, seat)
            melds = [a for a in legal if a.verb == "meld" and not state.melds[seat]]
            if melds:
                state, _ = ENGINE.apply(state, seat, melds[0])
                break
            draws = [a for a in legal if a.verb in ("draw", "discard")]
            state, _ = ENGINE.apply(state, seat, rng.choice(draws or legal))
        if state.staged:
            break
    assert state.staged, "no staged meld was reached"
    ctx = ctx_for(2)
    owner, other = state.turn, 1 - state.turn
    mine = R.hand(ctx, ENGINE.view(state, owner), owner, ENGINE.legal_actions(state, owner))
    theirs = R.hand(ctx, ENGINE.view(state, other), other, ENGINE.legal_actions(state, other))
    table = R.table(ctx, ENGINE.view(state, None), ENGINE.result(state), ENGINE.to_act(state))
    assert "Staged, not down yet" in mine.embed.description
    assert "Staged" not in theirs.embed.description
    assert "Staged" not in str(table)
    _key, cards = state.staged[0]
    shown = " ".join(render.card_short(c) for c in cards)
    assert shown in mine.embed.description
    assert "No melds yet." in table.fields[owner].value


def test_the_table_shows_melds_canasta_kinds_red_threes_pile_and_stock() -> None:
    view: dict[str, Any] = {
        "phase": "play",
        "round": 2,
        "dealer": 1,
        "turn": 0,
        "turn_number": 14,
        "restricted": False,
        "restricted_until": 6,
        "max_round_turns": 400,
        "sides": [[0], [1]],
        "scores": [1200, -35],
        "minimums": [50, 15],
        "opened": [True, False],
        "hand_counts": [9, 17],
        "red_threes": [["3H"], []],
        "melds": [
            [
                {"id": "K", "cards": ["KC"] * 7, "value": 70, "canasta": "natural"},
                {"id": "8", "cards": ["8C"] * 5 + ["2C", "JK"], "value": 120, "canasta": "mixed"},
                {"id": "W", "cards": ["JK"] * 4 + ["2D"] * 3, "value": 260, "canasta": "big_wild"},
            ],
            [],
        ],
        "pile_top": "2S",
        "pile_blocked": True,
        "pile_count": 12,
        "stock_count": 30,
        "ask": None,
        "target_score": 5000,
        "winners": [],
    }
    ctx = ctx_for(2)
    table = R.table(ctx, view, ENGINE.result(ENGINE.new_game(2, {}, seed=1)), [0])
    text = table.description + str(table.fields)
    for needle in (
        "Natural canasta (600)",
        "Mixed canasta (300)",
        "Big wild canasta (2000)",
        "**Kings** ×7",
        "**8s** ×5 + 2s×1 Jokers×1",
        "Red 3s: 3♥",
        "2♠ on top · 12 cards · 🔒 **blocked**",
        "**Stock:** 30",
        "Score **1200**",
        "to open: 15",
        "17 cards",
    ):
        assert needle in text, needle
    assert "meld and discard" in table.footer
