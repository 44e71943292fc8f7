"""What each seat may see (spec §7): the whole board, counts of hidden cards, the challenge
window, and its own hand and face-down cards. A face-down card's identity never reaches
another seat's view or the public view before its reveal (D16; with
``reveal_bluffs_at_end`` it is listed once the game is over).

Keys: ``phase`` (turn | challenge | over), ``turn``, ``to_act``, ``rows`` (one entry per row
slot, None when free: ``row``, ``suit``, ``anchored``, ``frontiers``, and ``positions`` 2..10
each with ``state`` empty | filled | face_down | blocked | open, ``top`` card, ``under``
cards beneath it, ``face_down`` {owner, claim} and, for its owner only, ``your_card``),
``completed_rows``, ``deck`` (count), ``hand_sizes``, ``active``, ``removed``, ``finished``,
``must_place`` (the player to act's own view only, else None: whether their hand has a card
to place comes from their hand, which §7 keeps private; others learn it from what they do),
``placed_number``, ``facedown_count``, ``challenge`` {bluffer, count,
positions, waiting, seconds}, ``last_reveal``, ``options``; at the end ``places`` and
``final`` (and ``bluffs`` with ``reveal_bluffs_at_end``); for a seat, ``seat`` and ``hand``.
"""

from __future__ import annotations

from typing import Any

from games.game_of_rows import board
from games.game_of_rows.cards import label
from games.game_of_rows.poker import describe, hand_key
from games.game_of_rows.rules import active_seats
from games.game_of_rows.state import CHALLENGE, OVER, State

_KIND_NAMES = ("empty", "filled", "filled", "face_down", "blocked", "open")
_PHASES = ("turn", "challenge", "over")


def _position(stack: tuple[tuple[str, int], ...], idx: int, seat: int | None) -> dict[str, Any]:
    k = board.kind(stack)
    out: dict[str, Any] = {"pos": idx + 2, "state": _KIND_NAMES[k], "top": None, "under": []}
    if stack:
        card, owner = stack[-1]
        if owner >= 0:
            out["face_down"] = {"owner": owner, "claim": idx + 2}
            if seat == owner:
                out["your_card"] = card
        else:
            out["top"] = card
        out["under"] = [c for c, _ in stack[:-1]]
    return out


def _row(row: tuple[str, Any], slot: int, seat: int | None) -> dict[str, Any]:
    stacks = row[1]
    anchored = board.anchored(row)
    return {
        "row": slot + 1,
        "suit": row[0] or None,
        "anchored": anchored,
        "frontiers": [i + 2 for i in board.frontiers(row)] if anchored else [],
        "positions": [_position(stack, i, seat) for i, stack in enumerate(stacks)],
    }


def _bluffs(state: State) -> list[dict[str, Any]]:
    out = []
    for slot, row in enumerate(state.rows):
        if row is None:
            continue
        for i, stack in enumerate(row[1]):
            for card, owner in stack:
                if owner >= 0:
                    out.append({"row": slot + 1, "pos": i + 2, "owner": owner, "card": card})
    out.extend({"row": None, "owner": o, "card": c} for c, o in state.gone if o >= 0)
    return out


def build_view(state: State, seat: int | None) -> dict[str, Any]:
    opts = state.opts
    view: dict[str, Any] = {
        "phase": _PHASES[state.phase],
        "players": state.players,
        "turn": state.turn,
        "to_act": [] if state.phase == OVER else _to_act(state),
        "rows": [None if r is None else _row(r, i, seat) for i, r in enumerate(state.rows)],
        "completed_rows": state.completed,
        "deck": len(state.deck),
        "hand_sizes": [len(h) for h in state.hands],
        "active": active_seats(state),
        "removed": list(state.removed),
        "finished": list(state.finished),
        "must_place": state.must_place if seat is not None and seat == state.turn else None,
        "placed_number": state.placed,
        "facedown_count": len(state.facedown),
        "challenge": None,
        "last_reveal": None,
        "options": {
            "format": "straight_flush" if opts.flush else "straight",
            "skipping": opts.skipping,
            "bluffing": opts.bluffing,
            "mayhem": opts.mayhem,
            "max_rows": opts.max_rows,
            "play_obligation": "all_valid" if opts.all_valid else "at_least_one",
            "challenge_seconds": opts.challenge_seconds,
            "joker_poker": "high" if opts.joker_high else "wild",
            "play_for_places": opts.play_for_places,
            "reveal_bluffs_at_end": opts.reveal_bluffs_at_end,
        },
    }
    if state.phase == CHALLENGE:
        view["challenge"] = {
            "bluffer": state.turn,
            "count": len(state.facedown),
            "positions": [{"row": s + 1, "pos": i + 2} for s, i in state.facedown],
            "waiting": list(state.pending),
            "seconds": opts.challenge_seconds,
        }
    if state.reveal is not None:
        rev = state.reveal
        view["last_reveal"] = {
            "bluffer": rev.bluffer,
            "caller": rev.caller,
            "outcome": "caught" if rev.caught else "wrong_call",
            "cards": [
                {"row": r, "pos": p, "card": c, "label": label(c), "valid": v}
                for r, p, c, v in rev.cards
            ],
        }
        if rev.caught:
            view["last_reveal"]["revealed"] = [
                {"seat": rev.bluffer, "cards": [c for _, _, c, _ in rev.cards]}
            ]
    if state.phase == OVER:
        view["places"] = list(state.places)
        ranked = [s for s in range(state.players) if s not in state.removed]
        counts = [len(state.hands[s]) for s in ranked]
        view["final"] = [
            {
                "seat": s,
                "place": state.places[s],
                "cards": len(state.hands[s]),
                # the poker category is shown where it broke a tie on cards (§5)
                "poker": describe(hand_key(state.hands[s], opts.joker_high))
                if s in ranked and state.hands[s] and counts.count(len(state.hands[s])) > 1
                else None,
            }
            for s in range(state.players)
        ]
        if opts.reveal_bluffs_at_end:
            view["bluffs"] = _bluffs(state)
    if seat is not None:
        view["seat"] = seat
        view["hand"] = list(state.hands[seat])
    return view


def _to_act(state: State) -> list[int]:
    if state.phase == CHALLENGE:
        return sorted(state.pending)
    return [state.turn]
