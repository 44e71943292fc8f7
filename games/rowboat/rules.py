"""Rowboat's rules on the int state: legality, tricks, scoring, game end, specialty cards.

Every function takes a :class:`State` and returns a new one (plus events); none mutates. The
numbered references (§, D) are to ``shared/rules/rowboat.md``. Dealing lives in
:mod:`games.rowboat.dealing`. The per-card path (``play`` and the trick's end) edits the state
as a field list and builds it once, because it runs on every step of AI search.
"""

from __future__ import annotations

from games.core import Event
from games.rowboat.dealing import (
    begin_hand,
    begin_hand_fields,
    deal,
    deal_fields,
    new_hand_fields,
    reset_hand,
)
from games.rowboat.deck import BIT, CODES, ROWBOAT, codes_of, legal_rows, strengths, tricks_for
from games.rowboat.events import PLAY_EVENTS, event
from games.rowboat.state import (
    BIDDING,
    I_BAGS,
    I_BIDS,
    I_DEALER,
    I_GONE,
    I_HAND_NO,
    I_HANDS,
    I_LAST,
    I_LAST_HAND,
    I_LEADER,
    I_MARRIED,
    I_N,
    I_OPTS,
    I_PASSES,
    I_PENDING,
    I_PHASE,
    I_PLAYS,
    I_SCORES,
    I_TIDE,
    I_TRICK,
    I_USED,
    I_WINNERS,
    I_WON,
    KNOB_OBLIGATORY,
    NSIDES,
    OVER,
    SEATS_OF,
    SIDE,
    TRICK_PLAY,
    USED_LIGHTHOUSE,
    USED_MOON,
    USED_ROWBOAT,
    State,
    build,
    cap,
)

__all__ = [
    "NSIDES",
    "SEATS_OF",
    "SIDE",
    "begin_hand",
    "cap",
    "deal",
    "new_hand_fields",
]


# ---------------------------------------------------------------- bidding


def bid_range(s: State, seat: int) -> range:
    """Legal bids (§3.4): 1..N in 2p/3p; in 4p 0..N, the second partner keeping the team total
    within 1..N (D18)."""
    size = len(s.tide)
    if s.n != 4:
        return range(1, size + 1)
    partner = s.bids[(seat + 2) % 4]
    if partner < 0:
        return range(0, size + 1)
    return range(max(0, 1 - partner), size - partner + 1)


def bidder(s: State) -> int:
    """Seats bid in turn from the dealer's left (§2); a missing bid is -1."""
    return (s.dealer + 1 + s.n - s.bids.count(-1)) % s.n


# ---------------------------------------------------------------- trick play


_memo: tuple = (None, -1, (0, False, 0))
_new = tuple.__new__
_STRENGTHS = tuple(strengths(r) for r in range(52))


def play_options(s: State, seat: int) -> tuple[int, bool, int]:
    """(mask of legal hand cards, Rowboat legal, card saved by step 2b or 0): §3.5.1 in order.

    ``legal_actions`` and then ``apply`` ask the same question of the same state, so the last
    answer is remembered (states are immutable, and the memo holds the state, so identity is
    a safe key). The state is read by index: a NamedTuple attribute costs a generic lookup.
    """
    global _memo
    memo = _memo
    if memo[0] is s and memo[1] == seat:
        return memo[2]
    knob_bit, trump_mask, future_knobs, not_last = legal_rows(s[I_TIDE])[s[I_TRICK]]
    married = s[I_MARRIED][seat]
    if married & knob_bit:  # step 1: a married card is due, nothing else (D8)
        result = knob_bit, False, 0
    else:
        hand = s[I_HANDS][seat]
        rowboat = not_last and not s[I_USED][SIDE[s[I_N]][seat]] & USED_ROWBOAT
        trumps = hand & trump_mask
        if s[I_OPTS][KNOB_OBLIGATORY]:
            trumps |= hand & knob_bit
        playable = trumps & ~married
        if not playable:  # 2a
            result = hand & ~married, rowboat, 0
        elif not trumps & (trumps - 1) and trumps & future_knobs:  # 2b: saving a Knob
            result = hand & ~married, rowboat, trumps
        else:  # 2c: trump or the current Knob (D6)
            result = playable | (hand & knob_bit), rowboat, 0
    _memo = (s, seat, result)
    return result


def play(s: State, seat: int, card: int, save: int, events: list[Event]) -> State:
    """Put ``card`` (or ``ROWBOAT``) on the trick; ``save`` is the 2b card, if any."""
    f = list(s)
    if card == ROWBOAT:
        side = SIDE[s[I_N]][seat]
        f[I_USED] = _with_used(s[I_USED], side, USED_ROWBOAT)
        events.append(event("rowboat", None, {"seat": seat, "side": side, "trick": s[I_TRICK] + 1}))
    else:
        bit = BIT[card]
        hands = list(s[I_HANDS])
        hands[seat] &= ~bit
        f[I_HANDS] = tuple(hands)
        f[I_GONE] = s[I_GONE] | bit
        events.append(PLAY_EVENTS[seat][card])
        if save and bit != save:
            _marry(s, f, seat, card, save, events)
    plays = (*s[I_PLAYS], card)
    if len(plays) < s[I_N]:
        f[I_PLAYS] = plays
        return _new(State, f)  # build(f), without the call
    return _finish(s, f, plays, events)


def _marry(s: State, f: list, seat: int, card: int, save: int, events: list[Event]) -> None:
    """Step 2b (§3.5.1, D8): the lone trump ``save`` that is a later Knob stays in the hand,
    married to its Knob trick, unless the card played is the current Knob itself."""
    table = tricks_for(s.tide)
    if card == table[s.trick].knob:
        return
    married = list(s.married)
    married[seat] |= save
    f[I_MARRIED] = tuple(married)
    x = save.bit_length() - 1
    due = next(k for k, t in enumerate(table) if t.knob == x)
    events.append(event("married", (seat,), {"seat": seat, "card": CODES[x], "trick": due + 1}))


def trick_winner(s: State) -> int:
    """Index in ``plays`` of the winner, or -1 on a tie (§3.5.2, D9, D10, D13)."""
    return _winner(s, s.plays)


def _winner(s: State, plays: tuple[int, ...]) -> int:
    """Index in ``plays`` of the winner, or -1 on a tie.

    Strength 600 is the Rowboat's: it beats every card, and with two Rowboats in a trick the
    earlier one wins (D9), so the first 600 decides. Otherwise the strongest card wins alone,
    and equal strongest cards tie (D10) unless, with ``partner_tie_wins``, they all belong
    to one side (D13).
    """
    strength = _STRENGTHS[s[I_TIDE][s[I_TRICK]]]
    vals = list(map(strength.__getitem__, plays))
    best = max(vals)
    first = vals.index(best)
    if best == 600 or vals.count(best) == 1:
        return first
    if s[I_N] == 4 and s[I_OPTS].partner_tie_wins:
        leader = s[I_LEADER]
        if len({(leader + i) % 2 for i, v in enumerate(vals) if v == best}) == 1:
            return first
    return -1


#: card code by card int, the Rowboat (52) included, as tricks show them
_TRICK_CODES = (*CODES, "rowboat")
#: seats in order of play from each leader, per player count
_ORDER = {n: tuple(tuple((lead + i) % n for i in range(n)) for lead in range(n)) for n in (2, 3, 4)}


def trick_plays(leader: int, n: int, plays: tuple[int, ...]) -> list[dict[str, object]]:
    """A trick as [{seat, card}] in order of play (card: a code or "rowboat")."""
    codes = _TRICK_CODES
    seats = _ORDER[n][leader]  # a trick in progress has fewer plays than seats
    return [{"seat": seats[i], "card": codes[c]} for i, c in enumerate(plays)]


def finish_trick(s: State, events: list[Event]) -> State:
    """Award the trick and the pot, or grow / lose the pot on a tie (§3.5.2, D11, D14)."""
    return _finish(s, list(s), s.plays, events)


def _finish(s: State, f: list, plays: tuple[int, ...], events: list[Event]) -> State:
    """``f`` is ``s`` as a list with the last card already applied; ``plays`` is the
    complete trick."""
    n = s[I_N]
    trick = s[I_TRICK]
    leader = s[I_LEADER]
    idx = _winner(s, plays)
    last_trick = trick == len(s[I_TIDE]) - 1
    pending = s[I_PENDING]
    shown = trick_plays(leader, n, plays)
    if idx >= 0:
        winner = (leader + idx) % n
        won = list(s[I_WON])
        won[winner] += 1 + pending
        f[I_WON] = tuple(won)
        data = {
            "trick": trick + 1,
            "winner": winner,
            "tricks": 1 + pending,
            "tied": False,
            "plays": shown,
        }
        f[I_PENDING] = 0
        f[I_LEADER] = winner
    else:
        winner = -1
        data = {
            "trick": trick + 1,
            "winner": None,
            "tied": True,
            "lost": pending + 1 if last_trick else 0,
            "plays": shown,
        }
        f[I_PENDING] = 0 if last_trick else pending + 1
    events.append(event("trick", None, data))
    f[I_LAST] = (trick, leader, winner, *plays)
    f[I_PLAYS] = ()
    if not last_trick:
        f[I_TRICK] = trick + 1
        return _new(State, f)  # build(f), without the call
    return _end_hand(f, events)


# ---------------------------------------------------------------- scoring


def hand_score(novice: bool, bid: int, won: int, score: int, bags: int) -> tuple[int, int]:
    """New (score, sandbags) of one side after a hand (§4.1, §4.3, D21)."""
    if novice:
        return score + 10 * won, bags
    if won >= bid:
        score += 10 * bid
        bags += won - bid
    else:
        score -= 10 * bid
    while bags >= 5:
        score -= 100
        bags -= 5
    return score, bags


def game_winner(scores: tuple[int, ...], bags: tuple[int, ...], target: int) -> int:
    """The winning side, or -1 to play on (§4.4, D22)."""
    top = max(scores)
    if top < target:
        return -1
    cands = [i for i, sc in enumerate(scores) if sc == top]
    if len(cands) > 1:
        fewest = min(bags[i] for i in cands)
        cands = [i for i in cands if bags[i] == fewest]
    return cands[0] if len(cands) == 1 else -1


def end_hand(s: State, events: list[Event]) -> State:
    """Score the hand, discard leftovers unseen (D24), then end the game or deal again."""
    return _end_hand(list(s), events)


def _end_hand(f: list, events: list[Event]) -> State:
    """:func:`end_hand` on a state's field list (which it changes)."""
    n = f[I_N]
    opts = f[I_OPTS]
    novice = bool(opts.novice)
    scores = list(f[I_SCORES])
    bags = list(f[I_BAGS])
    won_by_seat = f[I_WON]
    bids = f[I_BIDS]
    summary = []
    for side, seats in enumerate(SEATS_OF[n]):
        won = sum([won_by_seat[x] for x in seats])
        bid = -1 if novice else sum([bids[x] for x in seats])
        new_score, new_bags = hand_score(novice, bid, won, scores[side], bags[side])
        summary.append((bid, won, new_score - scores[side], new_bags - bags[side]))
        scores[side], bags[side] = new_score, new_bags
    leftovers = 0
    for h in f[I_HANDS]:
        leftovers |= h
    events.append(
        event(
            "hand_scored",
            None,
            {
                "hand": f[I_HAND_NO],
                "sides": [
                    {
                        "bid": None if b < 0 else b,
                        "tricks": w,
                        "points": ds,
                        "sandbags": dg,
                        "score": scores[i],
                        "total_sandbags": bags[i],
                    }
                    for i, (b, w, ds, dg) in enumerate(summary)
                ],
            },
        )
    )
    final_scores = tuple(scores)
    final_bags = tuple(bags)
    f[I_SCORES] = final_scores
    f[I_BAGS] = final_bags
    f[I_HANDS] = (0,) * n
    f[I_GONE] |= leftovers
    f[I_LAST_HAND] = tuple(summary)
    side = game_winner(final_scores, final_bags, opts.target)
    if side >= 0:
        winners = SEATS_OF[n][side]
        events.append(event("game_over", None, {"winners": list(winners), "scores": list(scores)}))
        f[I_PHASE] = OVER
        f[I_WINNERS] = winners
        return build(f)
    reset_hand(f, (f[I_DEALER] + 1) % n, f[I_HAND_NO] + 1)  # D20: 2p alternates, else left
    return begin_hand_fields(f, events)


# ---------------------------------------------------------------- specialty cards


def _with_used(used: tuple[int, ...], side: int, bit: int) -> tuple[int, ...]:
    return (*used[:side], used[side] | bit, *used[side + 1 :])


def lighthouse(s: State, seat: int, events: list[Event]) -> State:
    """Use the side's Lighthouse (§5, D16, D17): a public notice and a private snapshot."""
    n = s.n
    side = SIDE[n][seat]
    seconds = s.opts.lighthouse_seconds
    if n == 4:
        audience = tuple(sorted((seat, (seat + 2) % 4)))
        shown = tuple(range(4))  # each partner sees the other three; one event serves both
        count = 3
    else:
        audience = (seat,)
        shown = tuple(x for x in range(n) if x != seat)
        count = len(shown)
    events.append(event("lighthouse", None, {"seat": seat, "side": side}))
    events.append(
        event(
            "lighthouse_view",
            audience,
            {
                "seat": seat,
                "hands": [{"seat": x, "cards": codes_of(s.hands[x])} for x in shown],
                "seconds": seconds * count,
            },
        )
    )
    f = list(s)
    f[I_USED] = _with_used(s.used, side, USED_LIGHTHOUSE)
    return build(f)


def moon(s: State, k: int, events: list[Event]) -> State:
    """The dealer's Moon (§3.1): the Tide has exactly ``k`` cards, once per game per side."""
    side = SIDE[s.n][s.dealer]
    events.append(event("moon", None, {"seat": s.dealer, "side": side, "tide": k}))
    f = list(s)
    f[I_USED] = _with_used(s.used, side, USED_MOON)
    return deal_fields(f, k, events)


def lock_pass(s: State, seat: int, card: int, events: list[Event]) -> State:
    """4p exchange (§3.3, D28): the choice is final and hidden; all four cards move together."""
    hands = list(s.hands)
    hands[seat] &= ~BIT[card]
    passes = (*s.passes[:seat], card, *s.passes[seat + 1 :])
    events.append(event("pass_locked", None, {"seat": seat}))
    f = list(s)
    if min(passes) < 0:
        events.append(event("pass_chosen", (seat,), {"seat": seat, "card": CODES[card]}))
        f[I_HANDS] = tuple(hands)
        f[I_PASSES] = passes
        return build(f)
    for giver in range(4):
        receiver = (giver + 2) % 4
        hands[receiver] |= BIT[passes[giver]]
    events.append(event("exchange_done", None, {}))
    for giver in range(4):
        receiver = (giver + 2) % 4
        events.append(
            event(
                "received",
                (receiver,),
                {"seat": receiver, "from": giver, "card": CODES[passes[giver]]},
            )
        )
    f[I_HANDS] = tuple(hands)
    f[I_PASSES] = (-1,) * 4
    f[I_PHASE] = TRICK_PLAY if s.opts.novice else BIDDING
    return build(f)


def bid(s: State, seat: int, amount: int, events: list[Event]) -> State:
    """Record a bid (§3.4); the dealer bids last, and then trick play begins (§2)."""
    events.append(event("bid", None, {"seat": seat, "bid": amount}))
    f = list(s)
    f[I_BIDS] = (*s.bids[:seat], amount, *s.bids[seat + 1 :])
    if seat == s.dealer:
        f[I_PHASE] = TRICK_PLAY
    return build(f)
