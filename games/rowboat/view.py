"""What each seat (or a spectator) may see of a Rowboat game (spec §5).

The layout is documented in the package docstring (``games/rowboat/__init__.py``). The Knob is
named by rank and suit fields, never by its card code: the Knob of a trick usually sits in
somebody's hand, and a card code in a view means "this card is shown here".
"""

from __future__ import annotations

from typing import Any

from games.rowboat.deck import CODES, RANKS, SUITS, codes_of, tricks_for
from games.rowboat.rules import NSIDES, SEATS_OF, SIDE, bidder, play_options, trick_plays
from games.rowboat.state import (
    BIDDING,
    EXCHANGE,
    I_LEADER,
    I_N,
    I_PHASE,
    I_PLAYS,
    MOON,
    PHASE_NAMES,
    TRICK_PLAY,
    USED_LIGHTHOUSE,
    USED_MOON,
    USED_ROWBOAT,
    State,
)


def to_act(s: State) -> list[int]:
    """Seats the game waits for (``Engine.to_act``); trick play, nearly every step, first."""
    phase = s[I_PHASE]
    if phase == TRICK_PLAY:
        return [(s[I_LEADER] + len(s[I_PLAYS])) % s[I_N]]
    if phase == BIDDING:
        return [bidder(s)]
    if phase == EXCHANGE:
        return [seat for seat in range(4) if s.passes[seat] < 0]
    if phase == MOON:
        return [s.dealer]
    return []


def _knob(card: int) -> dict[str, str]:
    return {"rank": RANKS[card % 13], "suit": SUITS[card // 13]}


def view(s: State, seat: int | None) -> dict[str, Any]:
    n = s.n
    o = s.opts
    side_of = SIDE[n]
    sides = []
    for i, seats in enumerate(SEATS_OF[n]):
        bids = [s.bids[x] for x in seats]
        sides.append(
            {
                "seats": list(seats),
                "score": s.scores[i],
                "sandbags": s.bags[i],
                "bid": sum(bids) if bids and min(bids) >= 0 else None,
                "tricks": sum(s.won[x] for x in seats),
                "rowboat": not s.used[i] & USED_ROWBOAT,
                "lighthouse": not s.used[i] & USED_LIGHTHOUSE,
                "moon": not s.used[i] & USED_MOON,
            }
        )
    table = tricks_for(s.tide) if s.tide else ()
    dealt = bool(s.tide) and s.phase != MOON
    current = None
    if s.phase == TRICK_PLAY:
        tr = table[s.trick]
        current = {
            "number": s.trick + 1,
            "leader": s.leader,
            "trump": SUITS[tr.trump],
            "ruling": CODES[tr.ruling],
            "knob": _knob(tr.knob),
            "knob_in_play": bool(tr.knob_bit),
            "off_knobs_rank": RANKS[tr.rank],
            "plays": trick_plays(s.leader, n, s.plays),
        }
    last = None
    if s.last and o.show_last_trick and not s.plays:
        index, leader, winner, *plays = s.last
        last = {
            "number": index + 1,
            "leader": leader,
            "winner": None if winner < 0 else winner,
            "tied": winner < 0,
            "plays": trick_plays(leader, n, tuple(plays)),
        }
    out: dict[str, Any] = {
        "game": "rowboat",
        "players": n,
        "phase": PHASE_NAMES[s.phase],
        "hand_number": s.hand_no,
        "dealer": s.dealer,
        "to_act": to_act(s),
        "teams": [list(x) for x in SEATS_OF[n]],
        "seat_side": list(side_of),
        "sides": sides,
        "moon": s.moon or None,
        "tide": [CODES[c] for c in s.tide] if dealt else [],
        "tide_tricks": [
            {
                "ruling": CODES[tr.ruling],
                "trump": SUITS[tr.trump],
                "knob": _knob(tr.knob),
                "knob_in_play": bool(tr.knob_bit),
            }
            for tr in table
        ]
        if dealt
        else [],
        "tricks_in_hand": len(s.tide) if dealt else 0,
        "trick_number": s.trick + 1 if s.phase == TRICK_PLAY else None,
        "trick": current,
        "last_trick": last,
        "bids": [None if b < 0 else b for b in s.bids],
        "tricks_won": list(s.won),
        "pending": s.pending,
        "hand_sizes": [h.bit_count() for h in s.hands],
        "exchange_locked": [p >= 0 for p in s.passes] if s.phase == EXCHANGE else None,
        "last_hand": [
            {"bid": None if b < 0 else b, "tricks": w, "points": ds, "sandbags": dg}
            for (b, w, ds, dg) in s.last_hand
        ]
        or None,
        "options": {
            "novice": bool(o.novice),
            "target_score": o.target,
            "lighthouse_seconds": o.lighthouse_seconds,
            "knob_obligatory": bool(o.knob_obligatory),
            "partner_tie_wins": bool(o.partner_tie_wins),
            "show_last_trick": bool(o.show_last_trick),
        },
        "winners": list(s.winners),
        "sides_count": NSIDES[n],
    }
    if seat is not None:
        out["seat"] = seat
        out["side"] = side_of[seat]
        out["hand"] = codes_of(s.hands[seat])
        married = s.married[seat]
        out["married"] = [
            {"card": CODES[tr.knob], "trick": k + 1}
            for k, tr in enumerate(table)
            if tr.knob_bit & married
        ]
        out["passing"] = (
            CODES[s.passes[seat]] if s.phase == EXCHANGE and s.passes[seat] >= 0 else None
        )
        if s.phase == TRICK_PLAY and to_act(s) == [seat]:
            mask, _rowboat, _ = play_options(s, seat)
            out["playable"] = codes_of(mask)
    return out
