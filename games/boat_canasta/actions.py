"""Which actions a seat may take now: cheap candidates filtered through :func:`rules.plan`.

Codes are per rank and count, never per card subset, so a list stays small even for a 40-card
hand: at most 20 entries per (verb, meld) group, which a Discord select menu can hold.
"""

from __future__ import annotations

from games.boat_canasta.deck import JOKER, NATURAL_RANKS, RANK_OF, TWOS, WILD_TOKENS
from games.boat_canasta.melds import WILD_KEY
from games.boat_canasta.rules import naturals_of, opened, partner, plan, restricted, wild_of
from games.boat_canasta.state import DRAW, OVER, PLAY, SCORED, WAITING, State, side_of
from games.core import Action


def _nw_codes(verb: str, prefix: str, n_from: int, n_to: int, hand: tuple[str, ...]) -> list:
    has = {tok: wild_of(hand, tok) is not None for tok in WILD_TOKENS}
    out = []
    for n in range(n_from, n_to + 1):
        out.append(Action(verb, f"{prefix}{n}"))
        out.extend(Action(verb, f"{prefix}{n}:{tok}") for tok in WILD_TOKENS if has[tok])
    return out


def candidates(s: State, seat: int) -> list[Action]:
    """A cheap superset of the legal actions; :func:`legal` filters it through :func:`plan`."""
    if s.phase == OVER:
        return []
    if s.phase == SCORED:
        return [Action("deal")]
    if s.ask == WAITING:
        return [Action("answer", "yes"), Action("answer", "no")] if seat == partner(s.turn) else []
    if seat != s.turn:
        return []
    hand = s.hands[seat]
    out: list[Action] = []
    if s.phase == DRAW:
        out.append(Action("draw"))
        if s.pile and RANK_OF[s.pile[-1]] in NATURAL_RANKS and not restricted(s):
            rank = RANK_OF[s.pile[-1]]
            a = len(naturals_of(hand, rank))
            if opened(s, side_of(s.players, seat)):
                out.extend(_nw_codes("take", "", 0, a, hand))
            else:
                out.extend(_opening_takes(a, hand))
    if (s.phase == PLAY or not opened(s, side_of(s.players, seat))) and not restricted(s):
        out.extend(_meld_candidates(s, seat, hand))
    if s.staged:
        out.extend((Action("open"), Action("cancel")))
    if s.phase == PLAY:
        out.extend(Action("discard", c) for c in dict.fromkeys(hand))
        out.extend((Action("keep"), Action("close"), Action("ask")))
    return out


def _opening_takes(a: int, hand: tuple[str, ...]) -> list[Action]:
    """Pickups of a side that has not opened: ``take:<n>`` then its wilds, 2s before Jokers.

    Up to ``n`` wilds (the new meld holds ``n + 1`` naturals and needs fewer wilds), so a meld
    such as 4-4-4-2-2 that reaches the minimum only with two wilds is reachable (issue 15).
    """
    twos = sum(1 for c in hand if c in TWOS)
    jokers = sum(1 for c in hand if c == JOKER)
    out = []
    for n in range(a + 1):
        for w in range(min(n, twos + jokers) + 1):
            for t in range(min(w, twos), -1, -1):
                if w - t <= jokers:
                    out.append(Action("take", ":".join((str(n), *["2"] * t, *["JK"] * (w - t)))))
    return out


def _meld_candidates(s: State, seat: int, hand: tuple[str, ...]) -> list[Action]:
    side = side_of(s.players, seat)
    keys = {k for k, _ in (s.melds[side] or s.staged)}
    out: list[Action] = []
    for rank in NATURAL_RANKS:
        a = len(naturals_of(hand, rank))
        if rank in keys:
            out.extend(_nw_codes("add", f"{rank}:", 0, a, hand)[1:])
        elif a >= 2:
            out.extend(_nw_codes("meld", f"{rank}:", 2, a, hand))
    twos = sum(1 for c in hand if c in TWOS)
    jokers = sum(1 for c in hand if c == JOKER)
    if WILD_KEY in keys:
        out.extend(Action("add", f"W:{tok}") for tok, k in (("2", twos), (JOKER, jokers)) if k)
    else:
        out.extend(
            Action("meld", f"W:{t}:{3 - t}") for t in range(4) if t <= twos and 3 - t <= jokers
        )
    return out


def legal(s: State, seat: int) -> list[Action]:
    return [a for a in candidates(s, seat) if not isinstance(plan(s, seat, a), str)]
