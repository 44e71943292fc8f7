"""What each seat (and a spectator) may see (spec §5, D9).

Only the public facts are in every view; a seat's view adds its own weather hand, the preserver
mark of each of those cards, and its own locked choice. Levels and stack histories are written as
ints (they are levels), and each tide card appears at most once per view as a code (the current
pair, or in one reveal), so no physical card is listed twice.
"""

from __future__ import annotations

from typing import Any

from .cards import HANDS_PER_ROUND, mark
from .rules import code, winners
from .state import State


def _reveal(number: int, reveal: tuple) -> dict[str, Any]:
    lo, hi, lo_to, hi_to, chosen = reveal
    return {
        "hand": number,
        "tide": [code(lo), code(hi)],
        "choices": [code(c) if c else None for c in chosen],
        "lo_to": lo_to,
        "hi_to": hi_to,
    }


def public_view(state: State) -> dict[str, Any]:
    """The table: §5's public list. Who has chosen is shown, never what (D5)."""
    n = state.players
    over = state.over
    waiting = [] if over else [s for s in state.active() if not state.chosen[s]]
    # D9: by default only the latest reveal (it stays until the next one); the option shows the
    # whole current round. Reveals never outlive their round, so their cards are in no hand.
    first = 0 if state.show_history else max(0, len(state.reveals) - 1)
    seats = []
    for s in range(n):
        seat: dict[str, Any] = {
            "seat": s,
            "level": state.level(s),
            "preservers_up": state.up[s],
            "preservers_down": state.down[s],
            "eliminated": state.eliminated[s],
            "chosen": bool(state.chosen[s]),
            "waiting": s in waiting,
            "cards_in_hand": len(state.hands[s]),
            "score": state.scores[s],
        }
        if state.show_history:
            seat["stack"] = list(state.stacks[s])
        seats.append(seat)
    return {
        "game": "turn_the_tide",
        "phase": "over" if over else "choose",
        "players": n,
        "round": min(state.round, n - 1) + 1,
        "rounds": n,
        "hand_number": min(state.hand_no + (0 if over else 1), HANDS_PER_ROUND),
        "hands_per_round": HANDS_PER_ROUND,
        "tide": [code(c) for c in state.tide_now],
        "tide_deck": len(state.tide_deck),
        "to_act": waiting,
        "seats": seats,
        "reveals": [_reveal(i + 1, state.reveals[i]) for i in range(first, len(state.reveals))],
        "last_round_points": list(state.last_points),
        "scores": list(state.scores),
        "winners": winners(state),
        "options": {"show_history": state.show_history},
    }


def seat_view(state: State, seat: int) -> dict[str, Any]:
    """The table plus this seat's hand (the select's options), marks and locked choice."""
    view = public_view(state)
    hand = state.hands[seat]
    view["seat"] = seat
    view["hand"] = [code(c) for c in hand]
    view["marks"] = {code(c): mark(c) for c in hand}
    view["chosen_card"] = code(state.chosen[seat]) if state.chosen[seat] else None
    return view
