"""Game of Rows' ``explain`` hook (issue 15): the seat to act reads why a card, a block, the
end of the turn, a skip or a face-down play is not offered, one line per kind; nothing when
everything it may look for is offered; nothing for a seat not to act; and only what its own
view shows (checked by changing what it cannot see). Boards written as in spec §8."""

from __future__ import annotations

import pytest

from games import registry
from games.core import Explainer
from games.game_of_rows import ENGINE
from games.game_of_rows.cards import BLOCKERS, NUMBERS, UNBLOCKERS, label
from games.game_of_rows.state import TURN
from tests.games.ai_support import random_positions
from tests.games.game_of_rows.helpers import play, scenario

MAYHEM = {"mayhem": True}


def test_the_engine_offers_the_hook() -> None:
    assert isinstance(registry.get("game_of_rows"), Explainer)


def test_inner_numbers_wait_for_both_corners() -> None:
    """Vector 1: an empty board; 7♦ and 9♥ have no row with both corners, K♠ must wait for a
    placement, and the turn cannot end while 2♣ or the Joker can go down."""
    s = scenario(hands=[["2C", "7D", "KS", "9H", "JK"], ["3C"]], deck=10)
    assert ENGINE.explain(s, 0) == (
        "Your 7♦ and 9♥ must wait: 3 to 9 go only into a row that has both its 2 and its 10.",
        "Place a card in a row before blocking or unblocking.",
        "You must place a card in a row first: one of yours has a spot.",
    )
    assert ENGINE.explain(s, 1) == ()  # not seat 1's turn
    s, _ = play(s, "place:2C@new.2")
    reasons = ENGINE.explain(s, 0)
    assert reasons[0].startswith("Your 7♦ and 9♥ must wait")
    assert reasons[1].startswith("Your K♠ has nothing to block")
    assert len(reasons) == 2  # placed: blocks are allowed now and the turn may end


def test_numbers_the_rows_have_not_reached_name_the_open_spots() -> None:
    """Vector 2: 6♣ waits while the open spots are 5 and 8; once 5♥ is down it fits."""
    s = scenario(rows=["2C 3D 4S · · · · 9H TD"], hands=[["5H", "6C", "8S", "QD"], []], deck=10)
    assert ENGINE.explain(s, 0)[0] == (
        "Your 6♣ cannot be played yet: rows fill inward from the 2 and the 10 with no gaps"
        " (open now: 5 and 8)."
    )
    s, _ = play(s, "place:5H@1.5")
    assert ENGINE.explain(s, 0) == ("Your Q♦ has nothing to unblock: no blocker is on the board.",)
    s, _ = play(s, "place:6C@1.6", "place:8S@1.8")
    assert ENGINE.explain(s, 0) == (
        "Your Q♦ has nothing to unblock: no blocker is on the board.",
    )  # the 7 is still open: Q♦ has nothing to lift


def test_nothing_withheld_gives_no_line() -> None:
    s = scenario(rows=["2C 3D 4S · · · · 9H TD"], hands=[["5H", "8S", "6C"], []], deck=10)
    s, _ = play(s, "place:5H@1.5")
    assert {a.verb for a in ENGINE.legal_actions(s, 0)} == {"place", "end"}
    assert ENGINE.explain(s, 0) == ()


def test_a_blocked_spot_and_the_value_rule() -> None:
    """Mayhem, R1 blocked at 4 by K♣: the 4♦ is blocked; 5♣ and 9♠ wait for the 7 to be
    reached; K♥ can lift the K♣, so unblocking is not explained."""
    s = scenario(
        rows=["2D 3D [B:KC] · · · 8C 9C TC"],
        hands=[["KH", "5C", "4D", "9S", "AC"], ["3C"]],
        deck=10,
        options=MAYHEM,
    )
    assert ENGINE.explain(s, 0) == (
        "Your 4♦ is blocked (row 1 at 4): a red card of the same or higher value must lift the"
        " blocker first.",
        "Your 5♣ and 9♠ cannot be played yet: rows fill inward from the 2 and the 10 with no"
        " gaps (open now: 7).",
    )
    # a J♥ cannot lift a K♣ (vector 4)
    low = scenario(rows=["2D 3D [B:KC] · · · 8C 9C TC"], hands=[["JH", "5C"], ["3C"]], deck=10)
    assert "Your J♥ has nothing to unblock: it lifts only a blocker of the same or lower" in (
        " ".join(ENGINE.explain(low, 0))
    )


def test_straight_flush_suits_and_full_rows() -> None:
    rows = [
        ("2D 3D · · · · · 9D TD", "D"),
        ("2S · · · · · · · TS", "S"),
        ("2H · · · · · · · ·", "H"),
    ]
    s = scenario(
        rows=rows,
        hands=[["TH", "4C", "4D", "5S", "QH"], ["3C"]],
        deck=10,
        options={"format": "straight_flush", "max_rows": 3},
    )
    reasons = ENGINE.explain(s, 0)
    assert reasons[0] == (
        "Your 4♣: that number is open only in a row of another suit (each row keeps one suit)."
    )
    assert reasons[1].startswith("Your 5♠ cannot be played yet")
    assert not any("4♦" in r or "10♥" in r for r in reasons)  # both have a spot
    # the ♠ row's 2 is a face-down claim, so the real 2♠ has nowhere to go
    rows[1] = ("?5C@1 · · · · · · · TS", "S")
    full = scenario(
        rows=rows, hands=[["TC", "2S"], ["3C"]], deck=10,
        options={"format": "straight_flush", "max_rows": 3},
    )  # fmt: skip
    assert ENGINE.explain(full, 0)[:2] == (
        "Your 2♠ cannot start a row: its suit already has one, and it has that corner (one row"
        " per suit).",
        "Your 10♣ must wait: all 3 rows are in play and none is of its suit.",
    )


def test_turn_rules_skip_face_down_and_all_valid() -> None:
    rows = ["2D 3D · · · · · 9D TD", "2S · · · · · · · TS"]
    opts = {"play_obligation": "all_valid", "bluffing": True, "skipping": True}
    s = scenario(rows=rows, hands=[["4S", "5C", "KC"], ["3C"]], deck=10, options=opts)
    assert ENGINE.explain(s, 0) == (
        "Your 5♣ cannot be played yet: rows fill inward from the 2 and the 10 with no gaps"
        " (open now: 3, 4, 8 and 9).",
        "Place a card in a row before blocking or unblocking.",
        "You must place a card in a row first: one of yours has a spot.",
        "All valid cards must be played face up before any face-down.",
    )
    s, _ = play(s, "place:4S@1.4")  # now 5♣ fits, and all_valid wants it
    assert ENGINE.explain(s, 0) == (
        "Every card that fits must be placed before you end the turn.",
        "You may skip only as the first action of your turn.",
        "All valid cards must be played face up before any face-down.",
    )
    bluff = scenario(rows=rows, hands=[["4S", "4C", "KC"], ["3C"]], deck=10, options=MAYHEM)
    bluff, _ = play(bluff, "down:KC@1.4")
    assert ENGINE.explain(bluff, 0) == (
        "After a face-down card only more face-down cards or the end follow.",
        "You may skip only as the first action of your turn.",
    )


def test_four_rows_done_leaves_only_the_end() -> None:
    s = scenario(rows=["2C · · · · · · · ·"], hands=[["3C", "TH"], ["4C"]], deck=4, completed=4)
    assert ENGINE.explain(s, 0) == ("Four rows are complete: only ending the turn is left.",)


def test_the_lines_ignore_what_the_seat_cannot_see() -> None:
    """Another hand and the identity of another seat's face-down card change; seat 0's view
    stays the same, and so do its lines."""
    rows = ["2C 3D ?4S@1 · · · · 9H TD"]
    hands = [["6C", "7D", "KS", "QH"], ["5H", "8S", "QD"]]
    s = scenario(rows=rows, hands=hands, deck=10, options=MAYHEM)
    other = scenario(
        rows=["2C 3D ?JC@1 · · · · 9H TD"],
        hands=[["6C", "7D", "KS", "QH"], ["5D", "2S", "JD"]],
        deck=10,
        options=MAYHEM,
    )
    assert ENGINE.view(s, 0) == ENGINE.view(other, 0)
    assert ENGINE.explain(s, 0) == ENGINE.explain(other, 0) != ()
    # the same for seat 1 when it is to act: seat 0's hand does not matter to it
    s1 = scenario(rows=rows, hands=hands, deck=10, options=MAYHEM, turn=1)
    o1 = scenario(rows=rows, hands=[["9C", "AS", "3H", "TS"], hands[1]], deck=10,
                  options=MAYHEM, turn=1)  # fmt: skip
    assert ENGINE.view(s1, 1) == ENGINE.view(o1, 1)
    assert ENGINE.explain(s1, 1) == ENGINE.explain(o1, 1) != ()


@pytest.mark.parametrize(
    ("players", "options"),
    [(2, {}), (3, MAYHEM), (4, {"format": "straight_flush", "bluffing": True})],
)
def test_every_stuck_card_is_explained_in_random_games(players: int, options: dict) -> None:
    """Seeded random games: a hand card without a legal play is named for the seat to act;
    no other seat reads a line; a determinization of the seat's observation (another state it
    cannot tell apart) gives the same lines."""
    explained = 0
    for state, seat, obs in random_positions(ENGINE, players, 250, 7, options=options):
        if state.phase == TURN and seat == state.turn:
            reasons = ENGINE.explain(state, seat)
            assert all(0 < len(r) <= 200 for r in reasons)
            playable = {a.arg.partition("@")[0] for a in ENGINE.legal_actions(state, seat)
                        if a.verb in ("place", "block", "unblock")}  # fmt: skip
            stuck = set(state.hands[seat]) - playable
            if not state.facedown and state.completed < 4:
                for card in stuck & (NUMBERS | BLOCKERS | UNBLOCKERS):
                    if card in BLOCKERS | UNBLOCKERS and "before blocking" in " ".join(reasons):
                        continue
                    assert any(label(card) in r for r in reasons), (card, reasons)
            explained += bool(reasons)
            others = set().union(*(state.hands[o] for o in range(players) if o != seat))
            for card in others - set(state.hands[seat]):  # "Joker" only to a Joker's holder
                assert not any(label(card) in r for r in reasons)
            sampled = ENGINE.determinize(obs, 3)
            assert ENGINE.view(sampled, seat) == ENGINE.view(state, seat)
            assert ENGINE.explain(sampled, seat) == reasons
        for other in range(players):
            if other not in ENGINE.to_act(state):
                assert ENGINE.explain(state, other) == ()
    assert explained > 20  # (a silent position is hand-built above: random hands rarely fit)
