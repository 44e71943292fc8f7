"""Rowboat's cheap path for AI search: a mutable list state, moves as ints, no events.

Why: a search level plays thousands of positions per decision, and the public engine builds an
``Action`` per legal move, an ``Event`` per step and a new immutable ``State`` per card. Here a
state is a flat list (:data:`F_FIELDS`) with per-seat lists inside, edited in place by
:func:`step`; :func:`copy` gives an independent one in about a microsecond. The rules are the
same as :mod:`games.rowboat.rules` (the same cached Tide tables, the same shuffle), and
``tests/games/rowboat/test_fast.py`` pins this path to the public API over many seeded random
games: the same legal moves at every step, the same scores and winners.

Moves are ints: ``0..51`` play that card, :data:`ROWBOAT` (52), :data:`LIGHTHOUSE` (53),
``PASS + card``, ``BID + b``, ``MOON_BASE + k`` (``MOON_BASE`` itself = no Moon). :func:`code`
and :func:`move` translate to and from the public action codes.
"""

from __future__ import annotations

from games.cards import rigged_order
from games.rowboat.dealing import shuffle_prefix, tide_size
from games.rowboat.deck import ALL_CARDS, BIT, CARD_OF, CODES, legal_rows, strengths, tricks_for
from games.rowboat.rules import game_winner, hand_score
from games.rowboat.state import (
    BIDDING,
    EXCHANGE,
    MOON,
    NSIDES,
    OVER,
    SEATS_OF,
    SIDE,
    TRICK_PLAY,
    USED_LIGHTHOUSE,
    USED_MOON,
    USED_ROWBOAT,
    State,
)

ROWBOAT = 52
LIGHTHOUSE = 53
PASS = 64
BID = 128
MOON_BASE = 160  # MOON_BASE + k = moon:k; MOON_BASE alone = nomoon

#: field positions of the fast state list
(
    N,
    NOVICE,
    TARGET,
    KNOB_OBL,
    PTW,
    RNG,
    PHASE,
    HAND_NO,
    DEALER,
    USED,
    SCORES,
    BAGS,
    MOONK,
    TIDE,
    HANDS,
    PASSES,
    BIDS,
    TRICK,
    LEADER,
    PLAYS,
    WON,
    PENDING,
    MARRIED,
    GONE,
    WINNERS,
    RIG,
    UNDEALT,
) = range(27)
F_FIELDS = 27
_LISTS = (USED, SCORES, BAGS, HANDS, PASSES, BIDS, PLAYS, WON, MARRIED)

_UNIVERSE = tuple(range(52))
_GOLDEN = 0x9E3779B97F4A7C15
_MASK64 = (1 << 64) - 1
_STRENGTHS = tuple(strengths(r) for r in range(52))
_KNOB = tuple(((r // 13) ^ 1) * 13 + r % 13 for r in range(52))


def from_state(s: State) -> list:
    """The fast state of a public :class:`State` (same game, same future deals)."""
    o = s.opts
    return [
        s.n,
        o.novice,
        o.target,
        o.knob_obligatory,
        o.partner_tie_wins,
        s.rng,
        s.phase,
        s.hand_no,
        s.dealer,
        list(s.used),
        list(s.scores),
        list(s.bags),
        s.moon,
        s.tide,
        list(s.hands),
        list(s.passes),
        list(s.bids),
        s.trick,
        s.leader,
        list(s.plays),
        list(s.won),
        s.pending,
        list(s.married),
        s.gone,
        s.winners,
        s.rig,
        s.undealt,
    ]


def copy(f: list) -> list:
    """An independent copy (the inner per-seat lists copied too)."""
    g = f[:]
    for i in _LISTS:
        g[i] = f[i][:]
    return g


def code(m: int) -> str:
    """The public action code of a move int."""
    if m < 52:
        return "play:" + CODES[m]
    if m == ROWBOAT:
        return "rowboat"
    if m == LIGHTHOUSE:
        return "lighthouse"
    if m < BID:
        return "pass:" + CODES[m - PASS]
    if m < MOON_BASE:
        return f"bid:{m - BID}"
    return f"moon:{m - MOON_BASE}" if m > MOON_BASE else "nomoon"


def move(text: str) -> int:
    """The move int of a public action code (``ValueError`` if it is not one)."""
    verb, _, arg = text.partition(":")
    if verb == "play":
        return CARD_OF[arg]
    if verb == "rowboat":
        return ROWBOAT
    if verb == "lighthouse":
        return LIGHTHOUSE
    if verb == "pass":
        return PASS + CARD_OF[arg]
    if verb == "bid":
        return BID + int(arg)
    if verb == "moon":
        return MOON_BASE + int(arg)
    if verb == "nomoon":
        return MOON_BASE
    raise ValueError(f"not a Rowboat action code: {text!r}")


def cards(mask: int) -> list[int]:
    """Cards of a mask, ascending."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


# ---------------------------------------------------------------- queries


def turn(f: list) -> int:
    """The seat to play in trick play."""
    return (f[LEADER] + len(f[PLAYS])) % f[N]


def bidder(f: list) -> int:
    return (f[DEALER] + 1 + f[N] - f[BIDS].count(-1)) % f[N]


def to_act(f: list) -> list[int]:
    """Seats the game waits for, as ``Engine.to_act``."""
    phase = f[PHASE]
    if phase == TRICK_PLAY:
        return [(f[LEADER] + len(f[PLAYS])) % f[N]]
    if phase == BIDDING:
        return [bidder(f)]
    if phase == EXCHANGE:
        return [x for x in range(4) if f[PASSES][x] < 0]
    if phase == MOON:
        return [f[DEALER]]
    return []


def play_options(f: list, seat: int) -> tuple[int, bool, int]:
    """(legal hand cards, Rowboat legal, card saved by step 2b or 0): spec §3.5.1, as
    :func:`games.rowboat.rules.play_options` on the fast state."""
    knob_bit, trump_mask, future_knobs, not_last = legal_rows(f[TIDE])[f[TRICK]]
    married = f[MARRIED][seat]
    if married & knob_bit:
        return knob_bit, False, 0
    hand = f[HANDS][seat]
    rowboat = not_last and not f[USED][SIDE[f[N]][seat]] & USED_ROWBOAT
    trumps = hand & trump_mask
    if f[KNOB_OBL]:
        trumps |= hand & knob_bit
    playable = trumps & ~married
    if not playable:
        return hand & ~married, rowboat, 0
    if not trumps & (trumps - 1) and trumps & future_knobs:
        return hand & ~married, rowboat, trumps
    return playable | (hand & knob_bit), rowboat, 0


def bid_range(f: list, seat: int) -> range:
    size = len(f[TIDE])
    if f[N] != 4:
        return range(1, size + 1)
    partner = f[BIDS][(seat + 2) % 4]
    if partner < 0:
        return range(0, size + 1)
    return range(max(0, 1 - partner), size - partner + 1)


def legal(f: list, seat: int) -> list[int]:
    """Every move of ``seat`` now, in the order of ``Engine.legal_actions``."""
    phase = f[PHASE]
    n = f[N]
    lighthouse = not f[USED][SIDE[n][seat]] & USED_LIGHTHOUSE
    if phase == TRICK_PLAY:
        if seat != (f[LEADER] + len(f[PLAYS])) % n:
            return [LIGHTHOUSE] if lighthouse else []
        mask, rowboat, _ = play_options(f, seat)
        out = cards(mask)
        if rowboat:
            out.append(ROWBOAT)
    elif phase == MOON:
        if seat != f[DEALER]:
            return []
        top = 10 if n == 4 else 12
        return [MOON_BASE + k for k in range(4, top + 1)] + [MOON_BASE]
    elif phase == BIDDING:
        out = [BID + b for b in bid_range(f, seat)] if seat == bidder(f) else []
    elif phase == EXCHANGE:
        out = [PASS + c for c in cards(f[HANDS][seat])] if f[PASSES][seat] < 0 else []
    else:
        return []
    if lighthouse:
        out.append(LIGHTHOUSE)
    return out


def scores_by_seat(f: list) -> list[int]:
    side = SIDE[f[N]]
    return [f[SCORES][side[x]] for x in range(f[N])]


# ---------------------------------------------------------------- moves


def step(f: list, seat: int, m: int) -> None:
    """Apply a legal move in place (no checks: callers pass a move of :func:`legal`)."""
    if m <= ROWBOAT:
        play(f, seat, m)
    elif m == LIGHTHOUSE:
        f[USED][SIDE[f[N]][seat]] |= USED_LIGHTHOUSE
    elif m < BID:
        lock_pass(f, seat, m - PASS)
    elif m < MOON_BASE:
        f[BIDS][seat] = m - BID
        if seat == f[DEALER]:
            f[PHASE] = TRICK_PLAY
    else:
        k = m - MOON_BASE
        if k:
            f[USED][SIDE[f[N]][f[DEALER]]] |= USED_MOON
        deal(f, k)


def play(f: list, seat: int, card: int, save: int = -1) -> None:
    """A card (or the Rowboat) on the trick; ends the trick when it is the last card.
    ``save`` is :func:`play_options`'s third answer when the caller has it already."""
    if card == ROWBOAT:
        f[USED][SIDE[f[N]][seat]] |= USED_ROWBOAT
    else:
        if save < 0:
            save = play_options(f, seat)[2]
        bit = BIT[card]
        f[HANDS][seat] &= ~bit
        f[GONE] |= bit
        if save and bit != save and card != tricks_for(f[TIDE])[f[TRICK]].knob:
            f[MARRIED][seat] |= save  # §3.5.1 step 2b, D8
    plays = f[PLAYS]
    plays.append(card)
    if len(plays) == f[N]:
        finish_trick(f)


def winner_index(f: list, plays: list[int]) -> int:
    """Index in ``plays`` of the trick's winner, or -1 on a tie (§3.5.2, D9, D10, D13)."""
    strength = _STRENGTHS[f[TIDE][f[TRICK]]]
    vals = [strength[c] for c in plays]
    best = max(vals)
    first = vals.index(best)
    if best == 600 or vals.count(best) == 1:
        return first
    if f[PTW]:
        leader = f[LEADER]
        if len({(leader + i) % 2 for i, v in enumerate(vals) if v == best}) == 1:
            return first
    return -1


def finish_trick(f: list) -> None:
    """Award the trick and the pot, or grow / lose the pot on a tie (§3.5.2, D11, D14)."""
    idx = winner_index(f, f[PLAYS])
    last = f[TRICK] == len(f[TIDE]) - 1
    if idx >= 0:
        winner = (f[LEADER] + idx) % f[N]
        f[WON][winner] += 1 + f[PENDING]
        f[PENDING] = 0
        f[LEADER] = winner
    else:
        f[PENDING] = 0 if last else f[PENDING] + 1
    f[PLAYS] = []
    if last:
        end_hand(f)
    else:
        f[TRICK] += 1


def end_hand(f: list) -> None:
    """Score the hand (§4), then end the game or start the next hand."""
    n = f[N]
    novice = bool(f[NOVICE])
    scores = f[SCORES]
    bags = f[BAGS]
    for side, seats in enumerate(SEATS_OF[n]):
        won = sum([f[WON][x] for x in seats])
        bid = -1 if novice else sum([f[BIDS][x] for x in seats])
        scores[side], bags[side] = hand_score(novice, bid, won, scores[side], bags[side])
    for h in f[HANDS]:
        f[GONE] |= h
    f[HANDS] = [0] * n
    side = game_winner(tuple(scores), tuple(bags), f[TARGET])
    if side >= 0:
        f[PHASE] = OVER
        f[WINNERS] = SEATS_OF[n][side]
        return
    dealer = (f[DEALER] + 1) % n
    f[DEALER] = dealer
    f[HAND_NO] += 1
    f[MOONK] = 0
    f[TIDE] = ()
    f[PASSES] = [-1] * 4 if n == 4 else []
    f[BIDS] = [-1] * n
    f[TRICK] = 0
    f[LEADER] = (dealer + 1) % n
    f[WON] = [0] * n
    f[PENDING] = 0
    f[MARRIED] = [0] * n
    f[GONE] = 0
    f[UNDEALT] = ALL_CARDS
    if f[USED][SIDE[n][dealer]] & USED_MOON:
        deal(f, 0)
    else:
        f[PHASE] = MOON


def deal(f: list, moon: int) -> None:
    """The Tide and the hands, with exactly the public engine's shuffle (§2, §3.2)."""
    n = f[N]
    limit = moon or (10 if n == 4 else 12)
    if f[RIG]:
        order, rng = rigged_order(_UNIVERSE, f[RIG], f[RNG])
        size = tide_size(order, moon, limit)
    else:
        order = list(_UNIVERSE)
        rng = shuffle_prefix(order, 0, limit, f[RNG])
        size = tide_size(order, moon, limit)
        if limit < size * (n + 1):
            rng = shuffle_prefix(order, limit, size * (n + 1), rng)
    tide = tuple(order[:size])
    dealer = f[DEALER]
    end = size * (n + 1)
    hands = [0] * n
    for j in range(1, n + 1):
        hands[(dealer + j) % n] = sum([BIT[c] for c in order[size + j - 1 : end : n]])
    f[RNG] = rng
    f[RIG] = ()
    f[PHASE] = EXCHANGE if n == 4 else (TRICK_PLAY if f[NOVICE] else BIDDING)
    f[MOONK] = moon
    f[TIDE] = tide
    f[HANDS] = hands
    f[UNDEALT] = ALL_CARDS ^ sum([BIT[c] for c in tide]) ^ sum(hands)
    f[LEADER] = (dealer + 1) % n


def lock_pass(f: list, seat: int, card: int) -> None:
    """4p exchange (§3.3): the card leaves the hand; the four move once all are locked."""
    f[HANDS][seat] &= ~BIT[card]
    passes = f[PASSES]
    passes[seat] = card
    if min(passes) < 0:
        return
    for giver in range(4):
        f[HANDS][(giver + 2) % 4] |= BIT[passes[giver]]
    f[PASSES] = [-1] * 4
    f[PHASE] = TRICK_PLAY if f[NOVICE] else BIDDING


# ---------------------------------------------------------------- random play


def random_game(f: list, rng: object) -> int:
    """Play ``f`` to the end with uniformly random legal moves (``rng`` has ``below(n)``), the
    way ``bench/engine.py`` drives the public engine (a waiting seat, then a legal move);
    returns the number of moves."""
    below = rng.below  # type: ignore[attr-defined]
    moves = 0
    while f[PHASE] != OVER:
        moves += 1
        if f[PHASE] == TRICK_PLAY:  # the whole hand's tricks at once, no move list built
            moves += _play_tricks(f, rng, True) - 1
            end_hand(f)
            continue
        waiting = to_act(f)
        seat = waiting[0] if len(waiting) == 1 else waiting[below(len(waiting))]
        options = legal(f, seat)
        step(f, seat, options[below(len(options))])
    return moves


def random_hand(f: list, rng: object) -> list[int]:
    """Play the current hand's tricks to its end with random cards (the Lighthouse is
    skipped: it changes nothing a perfect-information playout could use); returns the tricks
    won per seat. ``f`` must be in trick play or bidding (missing bids are drawn at random);
    it is changed (the hand is over, not scored)."""
    below = rng.below  # type: ignore[attr-defined]
    if f[PHASE] == BIDDING:
        while f[PHASE] == BIDDING:
            seat = bidder(f)
            r = bid_range(f, seat)
            step(f, seat, BID + r.start + below(len(r)))
    _play_tricks(f, rng, False)
    return f[WON]


def _play_tricks(f: list, rng: object, lighthouse: bool) -> int:
    """The random trick play of :func:`random_hand` and :func:`random_game`: uniform over the
    legal list (the cards, the Rowboat, and with ``lighthouse`` the Lighthouse while the side
    has it); leaves ``f`` after the last trick (not scored) and returns the moves made."""
    n = f[N]
    tide = f[TIDE]
    rows = legal_rows(tide)
    table = tricks_for(tide)
    last = len(tide) - 1
    hands = f[HANDS]
    married = f[MARRIED]
    used = f[USED]
    side_of = SIDE[n]
    won = f[WON]
    obl = f[KNOB_OBL]
    ptw = f[PTW]
    trick = f[TRICK]
    leader = f[LEADER]
    plays = f[PLAYS]
    pending = f[PENDING]
    gone = f[GONE]
    steps = 0
    # SplitMix64 inline, each draw cut into eight bytes: one generator step per eight cards
    state = rng.state  # type: ignore[attr-defined]
    buf = 0
    left = 0
    while True:
        knob_bit, trump_mask, future, not_last = rows[trick]
        strength = _STRENGTHS[tide[trick]]
        knob_card = table[trick].knob
        best = -1
        first = -1
        tie = False
        for i, c in enumerate(plays):
            v = strength[c]
            if v > best:
                best, first, tie = v, i, False
            elif v == best and v != 600:
                tie = True
        for i in range(len(plays), n):
            seat = (leader + i) % n
            mar = married[seat]
            save = 0
            if mar & knob_bit:
                mask = knob_bit
                rowboat = False
            else:
                hand = hands[seat]
                rowboat = not_last and not used[side_of[seat]] & USED_ROWBOAT
                trumps = hand & trump_mask
                if obl:
                    trumps |= hand & knob_bit
                playable = trumps & ~mar
                if not playable:
                    mask = hand & ~mar
                elif not trumps & (trumps - 1) and trumps & future:
                    mask = hand & ~mar
                    save = trumps
                else:
                    mask = playable | (hand & knob_bit)
            count = mask.bit_count() + rowboat
            lit = lighthouse and not used[side_of[seat]] & USED_LIGHTHOUSE
            count += lit
            if not left:
                state = (state + _GOLDEN) & _MASK64
                z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
                z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
                buf = z ^ (z >> 31)
                left = 8
            pick = ((buf & 0xFF) * count) >> 8
            buf >>= 8
            left -= 1
            steps += 1
            if lit:
                count -= 1
            if lit and pick == count:
                used[side_of[seat]] |= USED_LIGHTHOUSE  # then the same seat plays
                pick = -1
                while pick < 0:  # draw again among the cards and the Rowboat
                    if not left:
                        state = (state + _GOLDEN) & _MASK64
                        z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
                        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
                        buf = z ^ (z >> 31)
                        left = 8
                    pick = ((buf & 0xFF) * count) >> 8
                    buf >>= 8
                    left -= 1
                steps += 1
            if rowboat and pick == count - 1:
                used[side_of[seat]] |= USED_ROWBOAT
                card = ROWBOAT
            else:
                while pick:
                    mask &= mask - 1
                    pick -= 1
                bit = mask & -mask
                card = bit.bit_length() - 1
                hands[seat] ^= bit
                gone |= bit
                if save and bit != save and card != knob_card:
                    married[seat] |= save
            plays.append(card)
            v = strength[card]
            if v > best:
                best, first, tie = v, i, False
            elif v == best and v != 600:
                tie = True
        if tie and ptw:
            tie = len({(leader + i) % 2 for i, c in enumerate(plays) if strength[c] == best}) > 1
        plays.clear()
        if not tie:
            winner = (leader + first) % n
            won[winner] += 1 + pending
            pending = 0
            leader = winner
        else:
            pending = 0 if trick == last else pending + 1
        if trick == last:
            f[TRICK] = trick
            f[LEADER] = leader
            f[PENDING] = 0
            f[GONE] = gone
            f[PLAYS] = []
            rng.state = state  # type: ignore[attr-defined]
            return steps
        trick += 1


def side_points(f: list, won: list[int]) -> list[int]:
    """Score change per side for a finished hand's ``won`` (regular or novice scoring)."""
    n = f[N]
    novice = bool(f[NOVICE])
    out = []
    for side, seats in enumerate(SEATS_OF[n]):
        w = sum([won[x] for x in seats])
        bid = -1 if novice else sum([f[BIDS][x] for x in seats])
        score, _ = hand_score(novice, bid, w, 0, f[BAGS][side])
        out.append(score)
    return out


__all__ = [
    "BID",
    "LIGHTHOUSE",
    "MOON_BASE",
    "NSIDES",
    "PASS",
    "ROWBOAT",
    "code",
    "copy",
    "from_state",
    "legal",
    "move",
    "random_game",
    "random_hand",
    "step",
    "to_act",
]
