"""What each seat may see (spec §5).

Public: melds with their canasta kind, red 3s, the pile's top card, whether it is blocked and
(``show_pile_count``) its size, the stock size, hand sizes, the turn counter, minimums, the
close question and scores. Private: a seat's own hand and the opening melds it is staging.
Every physical card appears at most once in a view (the generic secrecy check counts copies).
"""

from __future__ import annotations

from typing import Any

from games.boat_canasta.deck import BLOCKERS
from games.boat_canasta.melds import canasta_kind, meld_value
from games.boat_canasta.rules import partner, restricted, to_act
from games.boat_canasta.state import NO, NOT_ASKED, WAITING, YES, State, side_of, side_seats, sides

ASK_NAMES = {NOT_ASKED: None, WAITING: "waiting", YES: "yes", NO: "no"}
ROW_NAMES = ("table", "canasta_bonus", "red_threes", "hand_penalty", "closing", "total")


def view(s: State, seat: int | None) -> dict[str, Any]:
    n = s.players
    top = s.pile[-1] if s.pile else None
    staged_count = sum(len(cards) for _, cards in s.staged)
    hand_counts = [len(h) for h in s.hands]
    hand_counts[s.turn] += staged_count
    out: dict[str, Any] = {
        "game": "boat_canasta",
        "players": n,
        "seat": seat,
        "phase": "answer" if s.ask == WAITING else s.phase,
        "to_act": to_act(s),
        "round": s.round_no,
        "dealer": s.dealer,
        "turn": s.turn,
        "turn_number": s.g,
        "restricted": restricted(s),
        "restricted_until": 3 * n,
        "max_round_turns": s.max_turns,
        "sides": [list(side_seats(n, side)) for side in range(sides(n))],
        "side_of_seat": [side_of(n, p) for p in range(n)],
        "scores": list(s.scores),
        "target_score": s.target,
        "minimums": list(s.minimums),
        "opened": [bool(m) for m in s.melds],
        "melds": [
            [
                {
                    "id": key,
                    "cards": list(cards),
                    "value": meld_value(cards),
                    "canasta": canasta_kind(key, cards),
                }
                for key, cards in side_melds
            ]
            for side_melds in s.melds
        ],
        "red_threes": [list(r) for r in s.red3],
        "pile_top": top,
        "pile_blocked": bool(s.frozen or (top is not None and top in BLOCKERS)),
        "pile_count": len(s.pile) if s.show_pile_count else None,
        "stock_count": len(s.stock),
        "hand_counts": hand_counts,
        "staged_count": staged_count,
        "ask": ASK_NAMES[s.ask],
        "asker": s.turn if s.ask != NOT_ASKED else None,
        "partner_permission": s.permission and n == 4,
        "options": {
            "black_three_freezes": s.black_three_freezes,
            "red_threes_negative_without_canasta": s.red_threes_negative,
        },
        "last_round": (
            {
                "closer": s.last_closer,
                "how": s.last_end,
                "rows": [dict(zip(ROW_NAMES, row, strict=True)) for row in s.last_round],
            }
            if s.last_round
            else None
        ),
        "winners": list(s.winners),
    }
    if seat is not None and 0 <= seat < n:
        out["hand"] = list(s.hands[seat])
        out["staged"] = (
            [{"id": key, "cards": list(cards)} for key, cards in s.staged] if seat == s.turn else []
        )
        out["partner"] = partner(seat) if n == 4 else None
    return out
