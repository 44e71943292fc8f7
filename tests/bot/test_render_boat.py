"""The Boat renderer on real engine states: the controls each phase draws, what the table
shows, and that the widow and discards stay out of every message but the declarer's."""

from __future__ import annotations

import json
from typing import Any

from bot.render import TableContext
from bot.render import boat as r
from bot.render.boat import RENDERER as R
from games import Event, registry
from games.boat.cards import codes
from tests.bot.flows import forms

ENGINE = registry.get("boat")
CTX = TableContext(7, "Boat", ("Ann", "Ben", "Cy", "Di"), (1, 2, 3, 4), "live")


def state_after(codes: list[str], **options: Any) -> Any:
    """A seeded game (dealer Di, so Ann bids first) after ``codes`` by the seats to act."""
    state = ENGINE.new_game(4, {"first_dealer": 3, "target_score": 50, **options}, seed=11)
    for code in codes:
        state, _ = ENGINE.apply(state, ENGINE.to_act(state)[0], code)
    return state


def render_hand(state: Any, seat: int) -> Any:
    return R.hand(CTX, ENGINE.view(state, seat), seat, ENGINE.legal_actions(state, seat))


def offered(spec: Any) -> list[str]:
    return [b.code for b in spec.buttons] + [a.code for c in spec.choices for a in c.actions]


def test_card_names_and_order() -> None:
    assert R.card_forms("TH") == ("10♥", "Ten of Hearts")
    assert R.card_forms("BOAT") == ("⛵Boat", "the Boat card")
    cards = ["BOAT", "AH", "5H", "KS"]
    assert sorted(cards, key=lambda c: r.sort_key(c, "H")) == ["5H", "AH", "BOAT", "KS"]
    assert sorted(cards, key=r.sort_key)[-1] == "BOAT"  # no trump yet: the Boat comes last


def test_bidding_offers_the_next_bids_then_pass_as_buttons_and_the_rest_in_a_menu() -> None:
    spec = render_hand(state_after([]), 0)
    assert [b.label for b in spec.buttons] == ["Bid 65", "Bid 70", "Bid 75", "Bid 80", "Pass"]
    (menu,) = spec.choices
    assert [a.code for a in menu.actions] == [f"bid:{n}" for n in range(85, 125, 5)]
    assert sorted(offered(spec)) == sorted(a.code for a in ENGINE.legal_actions(state_after([]), 0))
    late = state_after(["bid:115"])
    spec = render_hand(late, 1)
    assert offered(spec) == ["bid:120", "pass"] and not spec.choices
    assert render_hand(late, 0).buttons == ()  # not Ann's turn


def test_the_table_shows_bids_high_bid_and_turn() -> None:
    state = state_after(["bid:65", "pass", "bid:80"])
    embed = R.table(CTX, ENGINE.view(state, None), ENGINE.result(state), ENGINE.to_act(state))
    assert "**Bids:** Ann 65 · Ben pass · Cy 80" in embed.description
    assert "High bid **80** by Cy" in embed.description
    assert "Widow: 5 cards face down" in embed.description
    assert "Di to bid or pass" in embed.footer and "playing to 50" in embed.footer


def test_the_discard_is_one_five_of_fourteen_menu_and_the_widow_stays_private() -> None:
    state = state_after(["bid:65", "pass", "pass", "pass"])
    assert ENGINE.view(state, None)["declarer"] == 0
    legal = ENGINE.legal_actions(state, 0)
    assert len(legal) == 2002
    spec = render_hand(state, 0)
    (menu,) = spec.choices
    assert (menu.min_values, menu.max_values, menu.verb) == (5, 5, "discard")
    hand = ENGINE.view(state, 0)["hand"]
    assert len(hand) == 14 and sorted(a.code for a in menu.actions) == sorted(hand)
    assert "You took the widow: 14 cards" in spec.embed.description
    # the widow's cards (now in Ann's hand) appear nowhere but in Ann's hand message
    others = [render_hand(state, s) for s in (1, 2, 3)]
    table = R.table(CTX, ENGINE.view(state, None), ENGINE.result(state), [0])
    texts = [str(table)] + [str(o) for o in others]
    for card in hand:
        for pattern in forms(card, "boat"):
            assert not any(pattern.search(t) for t in texts), card


def test_without_point_discards_the_menu_marks_the_cards_that_may_not_go() -> None:
    state = state_after(["bid:65", "pass", "pass", "pass"], discard_points_allowed=False)
    (menu,) = render_hand(state, 0).choices
    notes = {a.code: a.description for a in menu.actions}
    assert len(notes) == 14
    for card, note in notes.items():
        if r.points(card):
            assert "discarded here" in note
        else:
            assert note.startswith("no points")


def test_trump_and_play_controls_and_the_table_during_play() -> None:
    state = state_after(["bid:65", "pass", "pass", "pass"])
    discard = ENGINE.legal_actions(state, 0)[0]
    state, _ = ENGINE.apply(state, 0, discard)
    spec = render_hand(state, 0)
    assert [b.code for b in spec.buttons] == ["trump:C", "trump:D", "trump:H", "trump:S"]
    assert all(b.label.endswith(")") for b in spec.buttons)
    assert "Your discards (face down)" in spec.embed.description
    assert "Your discards" not in str(render_hand(state, 2))
    state, _ = ENGINE.apply(state, 0, "trump:S")
    lead = ENGINE.legal_actions(state, 0)
    assert sorted(offered(render_hand(state, 0))) == sorted(a.code for a in lead)
    for _ in range(5):  # one whole trick and the lead of the next
        seat = ENGINE.to_act(state)[0]
        state, _ = ENGINE.apply(state, seat, ENGINE.legal_actions(state, seat)[0])
    embed = R.table(CTX, ENGINE.view(state, None), ENGINE.result(state), ENGINE.to_act(state))
    assert "**Declarer:** Ann at **65**" in embed.description
    assert "**Trump:** ♠ Spades" in embed.description
    assert "**Trick 2 of 9**" in embed.description
    assert "Discards: 5 cards face down" in embed.description
    assert [f.name for f in embed.fields[:2]] == ["Ann & Cy", "Ben & Di"]
    assert "Bidding team (65)" in embed.fields[0].value
    assert "Card points" not in str(embed.fields)  # D8: face down unless the table shows them


def test_event_lines_keep_the_private_cards_private() -> None:
    widow = Event("widow", (0,), {"seat": 0, "cards": ["TC", "5H", "BOAT", "6S", "7S"]})
    assert R.event_line(CTX, widow, None) is None
    assert R.event_line(CTX, widow, 1) is None
    assert "the Boat card" in (R.event_line(CTX, widow, 0) or "")
    scored = Event(
        "hand_scored",
        None,
        {
            "declarer": 0,
            "bid": 80,
            "made": True,
            "card_points": [90, 30],
            "score_change": [90, 30],
            "scores": [90, 30],
            "discards": ["TC", "5D", "6S", "7S", "8S"],
            "discard_points": 15,
            "last_trick_team": 1,
        },
    )
    line = R.event_line(CTX, scored, None) or ""
    assert "Ann made 80" in line and "+90" in line
    assert not any(p.search(line) for c in ("TC", "5D") for p in forms(c, "boat"))
    assert R.clears_log(scored) and R.clears_log(Event("redeal", None, {"dealer": 3}))
    assert not R.clears_log(Event("play", None, {"seat": 0, "card": "TC"}))


def test_the_hand_carries_points_while_bidding_and_tricks_and_contract_in_play() -> None:
    """Issue 15: what a bid or a play is decided on is in the hand message itself."""
    state = state_after([])
    view = ENGINE.view(state, 0)
    held = sum(r.points(c) for c in view["hand"])
    assert f"Your cards hold {held} card points." in render_hand(state, 0).embed.description
    state = state_after(["bid:65", "pass", "pass", "pass"])
    state, _ = ENGINE.apply(state, 0, ENGINE.legal_actions(state, 0)[0])
    state, _ = ENGINE.apply(state, 0, "trump:S")
    for _ in range(4):  # one whole trick
        seat = ENGINE.to_act(state)[0]
        state, _ = ENGINE.apply(state, seat, ENGINE.legal_actions(state, seat)[0])
    won = ENGINE.view(state, None)["tricks_won"]
    mine = render_hand(state, 1).embed.description
    assert won == [0, 1]  # one trick is "1 trick" (it read "1 tricks" before issue 41)
    assert "📋 Your team (Ben & Di): 1 trick\n" in mine
    assert "Them (Ann & Cy): 0 tricks · contract 65" in mine
    assert "card points" not in mine.split("📋")[1]  # D8: running points stay face down


def test_the_declarer_sees_the_widow_cards_marked_and_nobody_else_sees_them() -> None:
    """Issue 15: after the pickup the declarer's hand marks the widow's cards; the widow stays
    out of every other view, and an old stored state (before the mark existed) still loads."""
    before = state_after(["bid:65", "pass", "pass"])
    widow = set(codes(before.widow))
    state = state_after(["bid:65", "pass", "pass", "pass"])
    view = ENGINE.view(state, 0)
    assert set(view["widow"]) == widow and widow <= set(view["hand"])
    assert all("widow" not in ENGINE.view(state, s) for s in (1, 2, 3, None))
    text = render_hand(state, 0).embed.description
    assert all(f"__{r.card_short(c)}__" in text for c in widow if c != r.BOAT)
    assert "Underlined: the cards you took from the widow." in text
    assert "__" not in render_hand(state, 2).embed.description
    old = json.loads(ENGINE.dump(state))[:-1]
    assert ENGINE.load(json.dumps(old)) == state._replace(taken=())
