"""What each seat may see (spec §5), as JSON-able dicts the Discord table renders from.

Secrets: each hand (its owner only), the widow (nobody until the declarer takes it, then the
declarer only, inside their 14-card hand), the discards (the declarer only until the hand is
scored, then everyone: §5). The declarer's view also lists the widow's cards it took (``widow``)
until the next deal, so its hand can mark them; nobody else ever sees them. The next hand is
dealt in the scoring step, after which those cards sit in new hands, so the reveal travels in
that step's public events; only the final hand of the game stays revealed in the view.
"""

from __future__ import annotations

from typing import Any

from games.boat.cards import SUITS, codes, points
from games.boat.rules import discard_choices, discard_pool, legal_bids, playable
from games.boat.state import BIDDING, DISCARD, OVER, PLAY, State

TEAMS = ((0, 2), (1, 3))


def _trick(cards: tuple[int, ...], leader: int) -> list[dict[str, Any]]:
    return [{"seat": (leader + i) % 4, "card": c} for i, c in enumerate(codes(cards))]


def _summary(state: State) -> dict[str, Any] | None:
    s = state.last_hand
    if s is None:
        return None
    return {
        "declarer": s.declarer,
        "bid": s.bid,
        "made": s.made,
        "card_points": list(s.card_points),
        "score_change": list(s.change),
        "discard_points": s.discard_points,
        "last_trick_team": s.last_trick_team,
    }


def to_act(state: State) -> list[int]:
    return [] if state.turn < 0 else [state.turn]


def build_view(state: State, seat: int | None) -> dict[str, Any]:
    r = state.rules
    finished = state.phase == OVER
    view: dict[str, Any] = {
        "game": "boat",
        "players": 4,
        "phase": state.phase,
        "hand_number": state.hand_number,
        "dealer": state.dealer,
        "turn": state.turn if state.turn >= 0 else None,
        "to_act": to_act(state),
        "teams": [list(t) for t in TEAMS],
        "scores": list(state.scores),
        "target_score": r.target_score,
        "bids": [{"seat": s, "bid": a} if a else {"seat": s, "pass": True} for s, a in state.bids],
        "high_bid": state.high_bid or None,
        "high_bidder": state.high_bidder if state.high_bidder >= 0 else None,
        "passed": list(state.passed),
        "declarer": state.declarer if state.declarer >= 0 else None,
        "bid": state.contract or None,
        "stuck": state.stuck,
        "trump": SUITS[state.trump] if state.trump >= 0 else None,
        "hand_counts": [len(h) for h in state.hands],
        "widow_count": len(state.widow),
        "discard_count": len(state.discards) if not finished else 0,
        "trick_number": min(state.tricks_played + 1, 9) if state.phase == PLAY else None,
        "leader": state.leader if state.phase == PLAY else None,
        "trick": _trick(state.trick, state.leader),
        "tricks_won": list(state.tricks_won),
        "last_trick": None,
        "card_points": None,
        "reveal": None,
        "last_hand": _summary(state),
        "winner_team": state.winner if state.winner >= 0 else None,
        "winners": list(TEAMS[state.winner]) if state.winner >= 0 else [],
        "options": {
            "target_score": r.target_score,
            "all_pass": "redeal" if r.redeal_on_all_pass else "stick_last",
            "boat_free_play": r.boat_free_play,
            "discard_points_allowed": r.discard_points_allowed,
            "show_running_points": r.show_running_points,
            "show_last_trick": r.show_last_trick,
        },
    }
    # §5: the last completed trick stays up until the next trick's first card
    if r.show_last_trick and state.last_trick and not state.trick:
        view["last_trick"] = {
            "cards": _trick(state.last_trick, state.last_leader),
            "winner": state.last_winner,
        }
    # D8: running card points are hidden (tricks lie face down) unless the table shows them
    if r.show_running_points and state.phase == PLAY:
        view["card_points"] = [points(pile) for pile in state.won]
    if finished:
        view["card_points"] = list(state.last_hand.card_points) if state.last_hand else None
        view["reveal"] = {
            "discards": codes(state.discards),
            "discard_points": points(state.discards),
        }
    if state.phase == BIDDING and state.turn >= 0:
        view["open_bids"] = list(legal_bids(state.high_bid))
    if seat is not None:
        view["seat"] = seat
        view["team"] = seat % 2
        view["hand"] = codes(state.hands[seat])
        if seat == state.declarer and not finished and state.phase != DISCARD:
            view["discards"] = codes(state.discards)
        if seat == state.declarer and not finished and state.taken:
            view["widow"] = codes(state.taken)
        if state.phase == PLAY and seat == state.turn:  # the hand greys the other cards
            view["playable"] = codes(
                playable(state.hands[seat], state.trick, state.trump, r.boat_free_play)
            )
        if seat == state.declarer and state.phase == DISCARD:
            hand = state.hands[seat]
            allowed = r.discard_points_allowed
            must, extra = discard_pool(hand, allowed)
            pool = discard_choices(hand, allowed)
            # one multi-select: pick ``choose`` of ``choose_from``; ``must_discard`` are forced
            view["discard_rule"] = {
                "count": 5,
                "must_discard": codes(must),
                "choose": extra,
                "choose_from": codes(c for c in pool if c not in must),
            }
    return view
