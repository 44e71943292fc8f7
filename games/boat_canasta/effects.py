"""What a checked action does to the table (spec §3, §3.5)."""

from __future__ import annotations

from games.boat_canasta.deck import BLACK_THREES, BLOCKERS
from games.boat_canasta.melds import canasta_kind
from games.boat_canasta.rules import Plan, partner
from games.boat_canasta.state import NO, PLAY, WAITING, YES, State, side_of
from games.boat_canasta.table import Table
from games.cards import next_seat
from games.core import Event


def execute(s: State, seat: int, p: Plan) -> tuple[State, list[Event]]:
    """Apply a checked plan to a copy of ``s``."""
    t = Table(s)
    kind = p[0]
    side = side_of(s.players, seat)
    if kind == "deal":
        t.dealer = next_seat(s.dealer, s.players)
        t.deal()
    elif kind == "answer":
        t.ask = YES if p[1] else NO
        t.emit("answer", None, seat=seat, answer="yes" if p[1] else "no")
    elif kind == "draw":
        t.phase = PLAY
        t.emit("draw", None, seat=seat)
        if not t.draw(seat):
            t.end_round(-1, "exhausted")
    elif kind == "take":
        _, rank, cards, closes = p
        _remove(t.hands[seat], cards)
        top = t.pile.pop()
        before = t.melds[side].get(rank, ())
        t.melds[side][rank] = (*before, top, *cards)
        t.emit("take", None, seat=seat, top=top, cards=list(cards), taken=len(t.pile))
        if t.staged:
            t.melds[side].update(t.staged)
            t.emit("open", None, seat=seat, melds={k: list(v) for k, v in t.staged.items()})
            t.staged = {}
        t.emit("took", (seat,), seat=seat, cards=list(t.pile))
        t.hands[seat].extend(t.pile)
        t.pile = []
        t.frozen = False
        t.phase = PLAY
        if closes:
            t.end_round(seat, "closed")
    elif kind in ("meld", "add"):
        _, key, cards, staging, closes = p
        _remove(t.hands[seat], cards)
        where = t.staged if staging else t.melds[side]
        where[key] = (*where.get(key, ()), *cards)
        if staging:
            t.emit(kind, (seat,), seat=seat, meld=key, cards=list(cards), staged=True)
        else:
            kind_after = canasta_kind(key, where[key])
            t.emit(kind, None, seat=seat, meld=key, cards=list(cards), canasta=kind_after)
        if closes:
            t.end_round(seat, "closed")
    elif kind == "open":
        t.melds[side].update(t.staged)
        t.emit("open", None, seat=seat, melds={k: list(v) for k, v in t.staged.items()})
        t.staged = {}
        if p[1]:
            t.end_round(seat, "closed")
    elif kind == "cancel":
        for cards in t.staged.values():
            t.hands[seat].extend(cards)
        t.staged = {}
        t.emit("cancel", (seat,), seat=seat)
    elif kind == "discard":
        _, card, closes = p
        t.hands[seat].remove(card)
        t.pile.append(card)
        if card in BLOCKERS and (card not in BLACK_THREES or s.black_three_freezes):
            t.frozen = True
        t.emit("discard", None, seat=seat, card=card, blocked=t.frozen)
        if closes:
            t.end_round(seat, "closed")
        else:
            t.next_turn()
    elif kind == "keep":
        t.emit("keep", None, seat=seat)
        t.next_turn()
    elif kind == "close":
        t.melds[side]["3"] = tuple(t.hands[seat])
        t.emit("close", None, seat=seat, cards=list(t.hands[seat]))
        t.hands[seat] = []
        t.end_round(seat, "black_threes")
    elif kind == "ask":
        t.ask = WAITING
        t.emit("ask", None, seat=seat, partner=partner(seat))
    else:  # pragma: no cover - plan() only returns the kinds above
        raise AssertionError(kind)
    return t.freeze(), t.events


def _remove(hand: list[str], cards: tuple[str, ...] | list[str]) -> None:
    for c in cards:
        hand.remove(c)
