"""The Rowboat renderer on hand-made views: what a player reads, and what it must not show."""

from __future__ import annotations

from bot.render import TableContext
from bot.render.rowboat import RENDERER as R
from games import Action, Event, Result

CTX = TableContext(7, "Rowboat", ("Ann", "Ben", "Cy", "Di"), (1, 2, 3, 4), "live")


def view(**extra):
    base = {
        "phase": "trick_play",
        "hand_number": 2,
        "dealer": 3,
        "moon": None,
        "tide": ["3m", "7w", "Ms", "Ss"],
        "tricks_in_hand": 4,
        "trick_number": 2,
        "trick": {
            "number": 2,
            "leader": 1,
            "trump": "w",
            "ruling": "7w",
            "knob": {"rank": "7", "suit": "o"},
            "knob_in_play": True,
            "off_knobs_rank": "7",
            "plays": [{"seat": 1, "card": "rowboat"}],
        },
        "bids": [1, 2, 0, 1],
        "tricks_won": [1, 0, 0, 0],
        "pending": 1,
        "sides": [
            {
                "seats": [0, 2],
                "score": 120,
                "sandbags": 3,
                "bid": 1,
                "tricks": 1,
                "rowboat": True,
                "lighthouse": False,
                "moon": True,
            },
            {
                "seats": [1, 3],
                "score": -40,
                "sandbags": 0,
                "bid": 3,
                "tricks": 0,
                "rowboat": False,
                "lighthouse": True,
                "moon": False,
            },
        ],
        "options": {"novice": False, "target_score": 200},
        "to_act": [2],
        "winners": [],
    }
    base.update(extra)
    return base


def test_table_shows_tide_trick_bids_scores_specials_and_turn() -> None:
    spec = R.table(CTX, view(), Result([120, -40, 120, -40], []), [2])
    assert "**[7🌊]**" in spec.description and "~~3🗺️~~" in spec.description
    assert "trump 🌊 Waves" in spec.description and "Knob: 7 of Oars" in spec.description
    assert "Ben 🚣Rowboat" in spec.description and "Pot from tied tricks: 1" in spec.description
    fields = {f.name: f.value for f in spec.fields}
    assert (
        "Score **120** · bags 3" in fields["Ann & Cy"] and "Specials: 🚣 🌙" in fields["Ann & Cy"]
    )
    assert "Ben: bid 2 · tricks 0" in fields["Ben & Di"]
    assert spec.footer.startswith("▶️ Cy to play")


def test_hand_is_sorted_by_suit_then_rank_and_warns_of_a_second_rowboat() -> None:
    hand = ["Wm", "2o", "Ao", "9s", "Dw"]
    legal = [Action("play", "Dw"), Action("rowboat")]
    spec = R.hand(CTX, view(hand=hand, married=[{"card": "9s", "trick": 3}]), 2, legal)
    lines = spec.embed.description.splitlines()
    assert lines[:4] == [
        "🛶 **Oars**: Anchor · 2",
        "🌊 **Waves**: Dolphin",
        "🐚 **Shells**: 9",
        "🗺️ **Maps**: Whale",
    ]
    assert "9 of Shells is kept for trick 3" in spec.embed.description
    assert "**Your move.**" in spec.embed.description
    labels = {b.code: b.label for b in spec.buttons}
    assert labels["play:Dw"] == "Dolphin of Waves"
    assert "rowboat" not in labels  # a second Rowboat is never offered as a control
    assert spec.withheld == ("rowboat",)
    assert "Rowboat would be useless" in spec.embed.description


def test_many_choices_become_a_menu() -> None:
    legal = [Action("bid", str(n)) for n in range(1, 13)] + [Action("lighthouse")]
    spec = R.hand(CTX, view(phase="bidding", trick=None, to_act=[0], hand=["3m"]), 0, legal)
    assert [b.code for b in spec.buttons] == ["lighthouse"]
    [menu] = spec.choices
    assert [a.label for a in menu.actions][:2] == ["Bid 1", "Bid 2"]


def test_private_events_only_for_their_seat_and_snapshots_skip_the_viewer() -> None:
    got = Event("received", (2,), {"seat": 2, "from": 0, "card": "Wo"})
    assert R.event_line(CTX, got, 2) == "🔁 You received Whale of Oars from Ann."
    assert R.event_line(CTX, got, 0) is None and R.event_line(CTX, got, None) is None
    light = Event(
        "lighthouse_view",
        (0, 2),
        {
            "seat": 0,
            "hands": [{"seat": s, "cards": [f"{s + 2}m"]} for s in range(4)],
            "seconds": 90,
        },
    )
    embed = R.snapshot(CTX, light, 2)
    assert embed is not None and "Cy" not in embed.description
    assert "Ann" in embed.description and "Ben" in embed.description
    assert R.snapshot(CTX, light, 1) is None
    assert R.clears_log(Event("tide", None, {})) and not R.clears_log(light)


def test_once_a_game_cards_sit_below_the_card_menu() -> None:
    """The Rowboat and the Lighthouse are never the first control under a thumb: the card menu
    (or the card buttons) come first, the once-a-game buttons on a row below them."""
    from bot import controls

    hand = ["2o", "3o", "4o", "5o", "6o", "7o", "8o"]
    legal = [Action("play", c) for c in hand] + [Action("rowboat"), Action("lighthouse")]
    spec = R.hand(CTX, view(hand=hand), 2, legal)
    rows = controls.hand_view(1, 2, 5, spec, snapshot=None).to_components()
    codes = [[c["custom_id"].rsplit(":", 1)[-1] for c in row["components"]] for row in rows]
    first = next(i for i, row in enumerate(codes) if "rowboat" in row or "lighthouse" in row)
    cards = next(
        i for i, row in enumerate(rows) if any("play" in str(c) for c in row["components"])
    )
    assert cards < first, codes


def test_hand_carries_the_tide_bids_tricks_and_what_the_side_still_needs() -> None:
    """Issue 15: the hand message says enough to decide without the table above."""
    seat_view = view(seat=2, side=0, hand=["5o", "9w"], seat_side=[0, 1, 0, 1], married=[])
    text = R.hand(CTX, seat_view, 2, [Action("play:9w")]).embed.description
    assert "**[7🌊]**" in text  # the Tide, this trick marked, also during the trick
    assert "Trick 2 of 4: trump 🌊 Waves · Knob: 7 of Oars" in text
    assert "Your team (Ann & Cy): bid 1 · took 1 (made)" in text
    assert "Ben & Di: bid 3 · took 0" in text and "need" not in text.split("Ben & Di")[1]
    assert "Pot from tied tricks: 1" in text and "Your side still has: 🚣 Rowboat" in text
    other = R.hand(
        CTX, {**seat_view, "seat": 1, "side": 1, "hand": ["2m"]}, 1, []
    ).embed.description
    assert "Your team (Ben & Di): bid 3 · took 0 (need 3 more)" in other
    assert "Lighthouse" in other and "Rowboat" not in other.split("still has")[1]
    novice = R.hand(CTX, {**seat_view, "options": {"novice": True}}, 2, []).embed.description
    assert "Your team (Ann & Cy): 1 trick" in novice and "bid" not in novice
