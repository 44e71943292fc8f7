"""Rowboat's rules on the int state: dealing, legality, tricks, scoring, game end.

Every function takes a :class:`State` and returns a new one (plus events); none mutates. The
numbered references (§, D) are to ``shared/rules/rowboat.md``.
"""

from __future__ import annotations

from games.cards import rigged_order, rng_below
from games.core import Event
from games.rowboat.deck import ALL_CARDS, BIT, CODES, ROWBOAT, codes_of, tricks_for
from games.rowboat.state import (
    BIDDING,
    EXCHANGE,
    MOON,
    OVER,
    TRICK_PLAY,
    USED_LIGHTHOUSE,
    USED_MOON,
    USED_ROWBOAT,
    State,
)

#: side of each seat: individuals in 2p/3p, partners opposite in 4p (§1.4)
SIDE: dict[int, tuple[int, ...]] = {2: (0, 1), 3: (0, 1, 2), 4: (0, 1, 0, 1)}
NSIDES: dict[int, int] = {2: 2, 3: 3, 4: 2}
SEATS_OF: dict[int, tuple[tuple[int, ...], ...]] = {
    2: ((0,), (1,)),
    3: ((0,), (1,), (2,)),
    4: ((0, 2), (1, 3)),
}
_UNIVERSE = tuple(range(52))


def cap(n: int) -> int:
    """Largest Tide: 12, or 10 with four players (card budget, §1.4 and D3)."""
    return 10 if n == 4 else 12


# ---------------------------------------------------------------- hands


def begin_hand(s: State, events: list[Event]) -> State:
    """Start a hand: the Moon decision if the dealer's side still has its Moon (§3.1), else
    the Tide and the deal at once."""
    if not s.used[SIDE[s.n][s.dealer]] & USED_MOON:
        return s._replace(phase=MOON)
    return deal(s, 0, events)


def _shuffle_prefix(order: list[int], start: int, stop: int, rng: int) -> int:
    """Fisher-Yates steps for positions ``start..stop-1`` (each drawn from the cards not yet
    placed), through the shared seeded RNG; returns the new RNG state."""
    size = len(order)
    for i in range(start, stop):
        rng, r = rng_below(rng, size - i)
        j = i + r
        order[i], order[j] = order[j], order[i]
    return rng


def deal(s: State, moon: int, events: list[Event]) -> State:
    """Shuffle the 52 suited cards (D1), turn the Tide (§3.2), deal N cards each.

    Order off the top of the deck: the Tide first, then hands one card at a time, starting
    left of the dealer and going clockwise (§2, D29). A rigged deck (``State.rig``) replaces the
    top of the first hand's deck only.
    """
    n = s.n
    limit = moon or cap(n)
    if s.rig:
        order, rng = rigged_order(_UNIVERSE, s.rig, s.rng)
        shuffled_to = 52
    else:
        # Fisher-Yates from the top, only as deep as the hand uses: the undealt rest is never
        # seen, so its order needs no random draws (AI playouts deal thousands of hands)
        order = list(_UNIVERSE)
        rng = _shuffle_prefix(order, 0, limit, s.rng)
        shuffled_to = limit
    if moon:
        size = moon
    else:
        seen = 0
        size = 0
        while True:
            seen |= 1 << (order[size] // 13)
            size += 1
            if seen == 15 or size == limit:
                break
    tide = tuple(order[:size])
    if shuffled_to < size * (n + 1):
        rng = _shuffle_prefix(order, shuffled_to, size * (n + 1), rng)
    hands = [0] * n
    pos = size
    dealer = s.dealer
    for _ in range(size):
        for j in range(1, n + 1):
            hands[(dealer + j) % n] |= BIT[order[pos]]
            pos += 1
    undealt = 0
    for c in order[pos:]:
        undealt |= BIT[c]
    phase = EXCHANGE if n == 4 else (TRICK_PLAY if s.opts.novice else BIDDING)
    events.append(
        Event(
            "tide",
            None,
            {
                "hand": s.hand_no,
                "dealer": dealer,
                "tide": [CODES[c] for c in tide],
                "tricks": size,
                "moon": moon,
            },
        )
    )
    for seat in range(n):
        events.append(Event("deal", (seat,), {"seat": seat, "hand": codes_of(hands[seat])}))
    return s._replace(
        rng=rng,
        rig=(),
        phase=phase,
        moon=moon,
        tide=tide,
        hands=tuple(hands),
        undealt=undealt,
        leader=(dealer + 1) % n,
        last=(),
    )


def new_hand_fields(s: State, dealer: int, hand_no: int) -> State:
    """Reset everything that lives for one hand only."""
    n = s.n
    return s._replace(
        hand_no=hand_no,
        dealer=dealer,
        moon=0,
        tide=(),
        hands=(0,) * n,
        undealt=ALL_CARDS,
        passes=(-1,) * n if n == 4 else (),
        bids=(-1,) * n,
        trick=0,
        leader=(dealer + 1) % n,
        plays=(),
        won=(0,) * n,
        pending=0,
        married=(0,) * n,
        gone=0,
    )


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
    made = sum(1 for b in s.bids if b >= 0)
    return (s.dealer + 1 + made) % s.n


# ---------------------------------------------------------------- trick play


_memo: tuple = (None, -1, (0, False, 0))


def play_options(s: State, seat: int) -> tuple[int, bool, int]:
    """(mask of legal hand cards, Rowboat legal, card saved by step 2b or 0): §3.5.1 in order.

    ``legal_actions`` and then ``apply`` ask the same question of the same state, so the last
    answer is remembered (states are immutable, and the memo holds the state, so identity is
    a safe key).
    """
    global _memo
    memo = _memo
    if memo[0] is s and memo[1] == seat:
        return memo[2]
    result = _play_options(s, seat)
    _memo = (s, seat, result)
    return result


def _play_options(s: State, seat: int) -> tuple[int, bool, int]:
    tr = tricks_for(s.tide)[s.trick]
    hand = s.hands[seat]
    married = s.married[seat]
    if married & tr.knob_bit:  # step 1: a married card is due, nothing else (D8)
        return tr.knob_bit, False, 0
    rowboat = not s.used[SIDE[s.n][seat]] & USED_ROWBOAT and s.trick < len(s.tide) - 1
    trumps = hand & tr.trump_mask
    if s.opts.knob_obligatory:
        trumps |= hand & tr.knob_bit
    playable = trumps & ~married
    if not playable:  # 2a
        return hand & ~married, rowboat, 0
    if not trumps & (trumps - 1) and trumps & tr.future_knobs:  # 2b: saving a Knob
        return hand & ~married, rowboat, trumps
    return playable | (hand & tr.knob_bit), rowboat, 0  # 2c: trump or the current Knob (D6)


_new = tuple.__new__
_F = {name: i for i, name in enumerate(State._fields)}
I_HANDS, I_USED, I_GONE, I_PLAYS, I_MARRIED = (
    _F["hands"],
    _F["used"],
    _F["gone"],
    _F["plays"],
    _F["married"],
)
I_WON, I_PENDING, I_LEADER, I_LAST, I_TRICK = (
    _F["won"],
    _F["pending"],
    _F["leader"],
    _F["last"],
    _F["trick"],
)


def play(s: State, seat: int, card: int, save: int, events: list[Event]) -> State:
    """Put ``card`` (or ``ROWBOAT``) on the trick; ``save`` is the 2b card, if any.

    The hottest path of AI search, so the new state is built from a list of fields rather
    than with ``_replace``.
    """
    fields = list(s)
    if card == ROWBOAT:
        side = SIDE[s.n][seat]
        used = list(s.used)
        used[side] |= USED_ROWBOAT
        fields[I_USED] = tuple(used)
        events.append(Event("rowboat", None, {"seat": seat, "side": side, "trick": s.trick + 1}))
    else:
        bit = BIT[card]
        hands = list(s.hands)
        hands[seat] &= ~bit
        fields[I_HANDS] = tuple(hands)
        fields[I_GONE] = s.gone | bit
        events.append(Event("play", None, {"seat": seat, "card": CODES[card]}))
        if save and bit != save and card != tricks_for(s.tide)[s.trick].knob:
            married = list(s.married)
            married[seat] |= save
            fields[I_MARRIED] = tuple(married)
            x = save.bit_length() - 1
            due = next(k for k, t in enumerate(tricks_for(s.tide)) if t.knob == x)
            events.append(
                Event("married", (seat,), {"seat": seat, "card": CODES[x], "trick": due + 1})
            )
    plays = (*s.plays, card)
    if len(plays) < s.n:
        fields[I_PLAYS] = plays
        return _new(State, fields)
    return _finish(s, fields, plays, events)


def trick_winner(s: State) -> int:
    """Index in ``plays`` of the winner, or -1 on a tie (§3.5.2, D9, D10, D13)."""
    return _winner(s, s.plays)


def _winner(s: State, plays: tuple[int, ...]) -> int:
    strength = tricks_for(s.tide)[s.trick].strength
    best = -1
    first = -1
    count = 0
    for i, c in enumerate(plays):
        v = 600 - i if c == ROWBOAT else strength[c]
        if v > best:
            best, first, count = v, i, 1
        elif v == best:
            count += 1
    if count == 1:
        return first
    if s.n == 4 and s.opts.partner_tie_wins:
        parity = {
            (s.leader + i) % 2 for i, c in enumerate(plays) if c != ROWBOAT and strength[c] == best
        }
        if len(parity) == 1:
            return first
    return -1


def trick_plays(leader: int, n: int, plays: tuple[int, ...]) -> list[dict[str, object]]:
    """A trick as [{seat, card}] in order of play (card: a code or "rowboat")."""
    return [
        {"seat": (leader + i) % n, "card": "rowboat" if c == ROWBOAT else CODES[c]}
        for i, c in enumerate(plays)
    ]


def finish_trick(s: State, events: list[Event]) -> State:
    """Award the trick and the pot, or grow / lose the pot on a tie (§3.5.2, D11, D14)."""
    return _finish(s, list(s), s.plays, events)


def _finish(s: State, fields: list, plays: tuple[int, ...], events: list[Event]) -> State:
    """``fields`` is ``s`` as a list with the last card already applied; ``plays`` is the
    complete trick."""
    n = s.n
    idx = _winner(s, plays)
    last_trick = s.trick == len(s.tide) - 1
    pending = s.pending
    if idx >= 0:
        winner = (s.leader + idx) % n
        won = list(s.won)
        won[winner] += 1 + pending
        fields[I_WON] = tuple(won)
        data = {"trick": s.trick + 1, "winner": winner, "tricks": 1 + pending, "tied": False}
        fields[I_PENDING] = 0
        fields[I_LEADER] = winner
    else:
        winner = -1
        data = {
            "trick": s.trick + 1,
            "winner": None,
            "tied": True,
            "lost": pending + 1 if last_trick else 0,
        }
        fields[I_PENDING] = 0 if last_trick else pending + 1
    data["plays"] = trick_plays(s.leader, n, plays)
    events.append(Event("trick", None, data))
    fields[I_LAST] = (s.trick, s.leader, winner, *plays)
    fields[I_PLAYS] = ()
    if not last_trick:
        fields[I_TRICK] = s.trick + 1
        return _new(State, fields)
    return end_hand(_new(State, fields), events)


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
    n = s.n
    novice = bool(s.opts.novice)
    scores = list(s.scores)
    bags = list(s.bags)
    summary = []
    for side, seats in enumerate(SEATS_OF[n]):
        won = sum(s.won[x] for x in seats)
        bid = -1 if novice else sum(s.bids[x] for x in seats)
        new_score, new_bags = hand_score(novice, bid, won, scores[side], bags[side])
        summary.append((bid, won, new_score - scores[side], new_bags - bags[side]))
        scores[side], bags[side] = new_score, new_bags
    leftovers = 0
    for h in s.hands:
        leftovers |= h
    events.append(
        Event(
            "hand_scored",
            None,
            {
                "hand": s.hand_no,
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
    s = s._replace(
        scores=tuple(scores),
        bags=tuple(bags),
        hands=(0,) * n,
        gone=s.gone | leftovers,
        last_hand=tuple(summary),
    )
    side = game_winner(s.scores, s.bags, s.opts.target)
    if side >= 0:
        winners = SEATS_OF[n][side]
        events.append(
            Event("game_over", None, {"winners": list(winners), "scores": list(s.scores)})
        )
        return s._replace(phase=OVER, winners=winners)
    s = new_hand_fields(s, (s.dealer + 1) % n, s.hand_no + 1)  # D20: 2p alternates, else left
    return begin_hand(s, events)


# ---------------------------------------------------------------- specialty cards


def lighthouse(s: State, seat: int, events: list[Event]) -> State:
    """Use the side's Lighthouse (§5, D16, D17): a public notice and a private snapshot."""
    n = s.n
    side = SIDE[n][seat]
    used = (*s.used[:side], s.used[side] | USED_LIGHTHOUSE, *s.used[side + 1 :])
    seconds = s.opts.lighthouse_seconds
    if n == 4:
        audience = tuple(sorted((seat, (seat + 2) % 4)))
        shown = tuple(range(4))  # each partner sees the other three; one event serves both
        count = 3
    else:
        audience = (seat,)
        shown = tuple(x for x in range(n) if x != seat)
        count = len(shown)
    events.append(Event("lighthouse", None, {"seat": seat, "side": side}))
    events.append(
        Event(
            "lighthouse_view",
            audience,
            {
                "seat": seat,
                "hands": [{"seat": x, "cards": codes_of(s.hands[x])} for x in shown],
                "seconds": seconds * count,
            },
        )
    )
    return s._replace(used=used)


def moon(s: State, k: int, events: list[Event]) -> State:
    side = SIDE[s.n][s.dealer]
    used = (*s.used[:side], s.used[side] | USED_MOON, *s.used[side + 1 :])
    events.append(Event("moon", None, {"seat": s.dealer, "side": side, "tide": k}))
    return deal(s._replace(used=used), k, events)


def lock_pass(s: State, seat: int, card: int, events: list[Event]) -> State:
    """4p exchange (§3.3, D28): the choice is final and hidden; all four cards move together."""
    hands = list(s.hands)
    hands[seat] &= ~BIT[card]
    passes = (*s.passes[:seat], card, *s.passes[seat + 1 :])
    events.append(Event("pass_locked", None, {"seat": seat}))
    if min(passes) < 0:
        events.append(Event("pass_chosen", (seat,), {"seat": seat, "card": CODES[card]}))
        return s._replace(hands=tuple(hands), passes=passes)
    for giver in range(4):
        receiver = (giver + 2) % 4
        hands[receiver] |= BIT[passes[giver]]
    events.append(Event("exchange_done", None, {}))
    for giver in range(4):
        receiver = (giver + 2) % 4
        events.append(
            Event(
                "received",
                (receiver,),
                {"seat": receiver, "from": giver, "card": CODES[passes[giver]]},
            )
        )
    phase = TRICK_PLAY if s.opts.novice else BIDDING
    return s._replace(hands=tuple(hands), passes=(-1,) * 4, phase=phase)


def bid(s: State, seat: int, amount: int, events: list[Event]) -> State:
    bids = (*s.bids[:seat], amount, *s.bids[seat + 1 :])
    events.append(Event("bid", None, {"seat": seat, "bid": amount}))
    if seat == s.dealer:  # the dealer bids last (§2)
        return s._replace(bids=bids, phase=TRICK_PLAY)
    return s._replace(bids=bids)
