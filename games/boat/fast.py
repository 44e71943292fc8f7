"""Boat's cheap path for AI search: one hand on a small mutable record, moves as ints.

Why: a strong seat plays thousands of hands per decision, and the public engine builds an
immutable state, ``Action`` objects and events on every move (and 2,002 discard actions per
hand). Here a move is an int, ``step`` mutates in place without events, and a copy is a few
list copies. The search only needs the current hand's outcome, so the record stops when the
hand is scored (the next deal is the engine's business). ``tests/games/boat/test_fast.py``
pins every step to the public engine over many seeded random games.

Moves: a card id (0..40) plays that card; ``PASS``; ``BID + amount``; ``TRUMP + suit``;
``DISCARD | mask`` (the bitmask of the 5 discarded card ids).
"""

from __future__ import annotations

from itertools import combinations

from games.boat.cards import BOAT, CODES, IDS, POINTS, SUITS, TRICKS
from games.boat.rules import discard_choices, discard_pool
from games.boat.state import BIDDING, DISCARD, PLAY, TRUMP, State
from games.search import Rng

PASS = 41
BID = 100
TRUMP_MOVE = 300
DISCARD_FLAG = 1 << 45

#: phases as small ints
P_BID, P_DISCARD, P_TRUMP, P_PLAY, P_DONE = range(5)
PHASES = {BIDDING: P_BID, DISCARD: P_DISCARD, TRUMP: P_TRUMP, PLAY: P_PLAY}

#: EFF[trump][card]: the effective suit (the Boat joins trump, D3)
EFF: tuple[tuple[int, ...], ...] = tuple(
    tuple(t if c == BOAT else c // 10 for c in range(41)) for t in range(4)
)
#: RANK[card]: rank within its effective suit (the Boat above the Ace)
RANK: tuple[int, ...] = tuple(10 if c == BOAT else c % 10 for c in range(41))


class Fast:
    """One hand in progress, mutable; ``copy`` before a speculative ``step``."""

    __slots__ = (
        "change",
        "contract",
        "dealer",
        "declarer",
        "discards",
        "free_boat",
        "hands",
        "high_bid",
        "high_bidder",
        "leader",
        "led_by",
        "passed",
        "phase",
        "played",
        "points",
        "points_allowed",
        "redeal",
        "scores",
        "trick",
        "tricks_played",
        "trump",
        "turn",
        "widow",
    )

    def __init__(self) -> None:
        self.phase = P_BID
        self.turn = 0
        self.dealer = 0
        self.hands: list[list[int]] = [[], [], [], []]
        self.widow: list[int] = []
        self.passed: list[int] = []
        self.high_bid = 0
        self.high_bidder = -1
        self.declarer = -1
        self.contract = 0
        self.discards: list[int] = []
        self.trump = -1
        self.leader = -1
        self.trick: list[int] = []
        self.tricks_played = 0
        #: card points won this hand per team (without the discards until trick 9)
        self.points = [0, 0]
        self.scores = (0, 0)
        #: the hand's score change per team once scored (``None`` before; (0, 0) on a redeal)
        self.change: tuple[int, int] | None = None
        self.redeal = False
        self.free_boat = False
        self.points_allowed = True
        #: bitmask of the cards played this hand (for heuristics: card memory)
        self.played = 0
        #: suits each seat led this hand, first lead first (a partner's lead to return)
        self.led_by: list[list[int]] = [[], [], [], []]

    def copy(self) -> Fast:
        new = Fast.__new__(Fast)
        for name in Fast.__slots__:
            setattr(new, name, getattr(self, name))
        new.hands = [h[:] for h in self.hands]
        new.widow = self.widow[:]
        new.passed = self.passed[:]
        new.discards = self.discards[:]
        new.trick = self.trick[:]
        new.points = self.points[:]
        new.led_by = [x[:] for x in self.led_by]
        return new


def from_state(state: State) -> Fast:
    """The cheap record of an engine state (the engine state itself is never mutated)."""
    fs = Fast()
    fs.phase = PHASES.get(state.phase, P_DONE)
    fs.turn = state.turn
    fs.dealer = state.dealer
    fs.hands = [list(h) for h in state.hands]
    fs.widow = list(state.widow)
    fs.passed = list(state.passed)
    fs.high_bid = state.high_bid
    fs.high_bidder = state.high_bidder
    fs.declarer = state.declarer
    fs.contract = state.contract
    fs.discards = list(state.discards)
    fs.trump = state.trump
    fs.leader = state.leader
    fs.trick = list(state.trick)
    fs.tricks_played = state.tricks_played
    fs.points = [sum(POINTS[c] for c in pile) for pile in state.won]
    fs.scores = state.scores
    rules = state.rules
    fs.redeal = rules.redeal_on_all_pass
    fs.free_boat = rules.boat_free_play
    fs.points_allowed = rules.discard_points_allowed
    played = 0
    for pile in state.won:
        for c in pile:
            played |= 1 << c
    for c in state.trick:
        played |= 1 << c
    fs.played = played
    return fs


def playable(fs: Fast) -> list[int]:
    """The cards the seat to play may play (§3.4, D3, D6), as ids in hand order."""
    hand = fs.hands[fs.turn]
    trick = fs.trick
    if not trick:
        return hand[:]
    eff = EFF[fs.trump]
    led = eff[trick[0]]
    follow = [c for c in hand if eff[c] == led]
    if not follow:
        trump = fs.trump
        follow = [c for c in hand if eff[c] == trump]
        if not follow:
            return hand[:]
    if fs.free_boat and BOAT in hand and BOAT not in follow:
        follow.append(BOAT)
        follow.sort()
    return follow


def legal(fs: Fast) -> list[int]:
    """Every legal move, in the public engine's order. The discard phase enumerates all
    discards (2,002): search never calls it there, it uses :func:`random_discard`."""
    phase = fs.phase
    if phase == P_PLAY:
        return playable(fs)
    if phase == P_BID:
        return [PASS, *(BID + b for b in range(max(65, fs.high_bid + 5), 121, 5))]
    if phase == P_TRUMP:
        return [TRUMP_MOVE + s for s in range(4)]
    if phase == P_DISCARD:
        hand = tuple(fs.hands[fs.turn])
        must, extra = discard_pool(hand, fs.points_allowed)
        pool = discard_choices(hand, fs.points_allowed)
        base = 0
        for c in must:
            base |= 1 << c
        out = []
        for combo in combinations(pool, extra):
            mask = base
            for c in combo:
                mask |= 1 << c
            out.append(DISCARD_FLAG | mask)
        return out
    return []


def random_discard(fs: Fast, rng: Rng) -> int:
    """A uniformly random legal discard, without listing the 2,002."""
    hand = tuple(fs.hands[fs.turn])
    must, extra = discard_pool(hand, fs.points_allowed)
    pool = list(discard_choices(hand, fs.points_allowed))
    mask = DISCARD_FLAG
    for c in must:
        mask |= 1 << c
    for i in range(extra):
        j = i + rng.below(len(pool) - i)
        pool[i], pool[j] = pool[j], pool[i]
        mask |= 1 << pool[i]
    return mask


def discard_move(cards: list[int] | tuple[int, ...]) -> int:
    mask = DISCARD_FLAG
    for c in cards:
        mask |= 1 << c
    return mask


def mask_cards(mask: int) -> list[int]:
    return [c for c in range(41) if mask >> c & 1]


def step(fs: Fast, move: int) -> None:
    """Apply a legal move in place (no checks: callers pass moves from :func:`legal`)."""
    phase = fs.phase
    seat = fs.turn
    if phase == P_PLAY:
        fs.hands[seat].remove(move)
        trick = fs.trick
        if not trick:
            fs.led_by[seat].append(EFF[fs.trump][move])
        trick.append(move)
        fs.played |= 1 << move
        if len(trick) < 4:
            fs.turn = (seat + 1) % 4
            return
        trump = fs.trump
        eff = EFF[trump]
        led = eff[trick[0]]
        best, best_key = 0, -1
        pts = 0
        for i, c in enumerate(trick):
            pts += POINTS[c]
            s = eff[c]
            key = 100 + RANK[c] if s == trump else RANK[c] if s == led else -1
            if key > best_key:
                best, best_key = i, key
        winner = (fs.leader + best) % 4
        fs.points[winner % 2] += pts
        fs.trick = []
        fs.leader = fs.turn = winner
        fs.tricks_played += 1
        if fs.tricks_played == TRICKS:
            fs.points[winner % 2] += sum(POINTS[c] for c in fs.discards)
            _score(fs)
        return
    if phase == P_BID:
        if move == PASS:
            fs.passed.append(seat)
            if len(fs.passed) < 3:
                fs.turn = _next_active(seat, fs.passed)
                return
            last = 6 - sum(fs.passed)
            if fs.high_bid == 0 and fs.redeal:
                fs.phase = P_DONE
                fs.change = (0, 0)
                return
            fs.contract = fs.high_bid or 65
            fs.declarer = fs.turn = last
            hand = fs.hands[last] + fs.widow
            hand.sort()
            fs.hands[last] = hand
            fs.widow = []
            fs.phase = P_DISCARD
            return
        fs.high_bid = move - BID
        fs.high_bidder = seat
        fs.turn = _next_active(seat, fs.passed)
        return
    if phase == P_DISCARD:
        cards = mask_cards(move & (DISCARD_FLAG - 1))
        fs.hands[seat] = [c for c in fs.hands[seat] if not (move >> c & 1)]
        fs.discards = cards
        fs.phase = P_TRUMP
        return
    if phase == P_TRUMP:
        fs.trump = move - TRUMP_MOVE
        fs.leader = seat
        fs.trick = []
        fs.phase = P_PLAY


def _next_active(seat: int, passed: list[int]) -> int:
    for k in (1, 2, 3, 4):
        nxt = (seat + k) % 4
        if nxt not in passed:
            return nxt
    raise AssertionError("bidding with no active player")


def _score(fs: Fast) -> None:
    """§3.5: the bidding team scores its points if it made the bid, else loses the bid."""
    team = fs.declarer % 2
    change = fs.points[:]
    if change[team] < fs.contract:
        change[team] = -fs.contract
    fs.change = (change[0], change[1])
    fs.scores = (fs.scores[0] + change[0], fs.scores[1] + change[1])
    fs.phase = P_DONE
    fs.turn = -1


def random_playout(fs: Fast, rng: Rng) -> tuple[int, int]:
    """Uniformly random legal moves to the end of the hand; returns the score change."""
    while fs.phase != P_DONE:
        if fs.phase == P_DISCARD:
            step(fs, random_discard(fs, rng))
        elif fs.phase == P_PLAY:
            moves = playable(fs)
            step(fs, moves[rng.below(len(moves))] if len(moves) > 1 else moves[0])
        else:
            moves = legal(fs)
            step(fs, moves[rng.below(len(moves))])
    assert fs.change is not None
    return fs.change


def move_code(move: int) -> str:
    """The public action code of a move."""
    if move < 41:
        return "play:" + CODES[move]
    if move == PASS:
        return "pass"
    if BID <= move < TRUMP_MOVE:
        return f"bid:{move - BID}"
    if TRUMP_MOVE <= move < TRUMP_MOVE + 4:
        return "trump:" + SUITS[move - TRUMP_MOVE]
    return "discard:" + ",".join(CODES[c] for c in mask_cards(move & (DISCARD_FLAG - 1)))


def parse_code(code: str) -> int:
    """The move of a (legal, well-formed) public action code."""
    verb, _, arg = code.partition(":")
    if verb == "play":
        return IDS[arg.upper()]
    if verb == "pass":
        return PASS
    if verb == "bid":
        return BID + int(arg)
    if verb == "trump":
        return TRUMP_MOVE + SUITS.index(arg.upper())
    return discard_move([IDS[c.strip().upper()] for c in arg.split(",")])
