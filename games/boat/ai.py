"""Boat's AI seats: ``easy``, ``normal`` and ``strong`` (plus the shared ``random``).

* *normal* plays as a club player would: it bids up to a little under the points its hand is
  expected to take as declarer (a fitted estimate: declaring is worth a lot, so it competes) and
  lets a partner's bid stand; as declarer it names its longest strong suit, keeps its trumps
  and side Aces, discards low side cards (point cards first: the declarer usually wins the
  last trick, which banks them, while in hand they may be lost), and draws trump with the
  top trump; in play it follows with the lowest card that wins, does not take a partner's sure
  winner, returns the partner's lead, feeds points to a partner who is winning the trick, and
  cashes its sure winners.
* *easy* is that player with mistakes: about 30% of its moves are random legal moves, and it
  forgets which cards have been played (only the current trick counts as seen).
* *strong* searches: perfect-information Monte Carlo over determinized worlds
  (:mod:`games.boat.determinize`), each candidate played out to the end of the hand by the
  normal heuristic for all four seats, scored by the team's score change; bids too are chosen by
  simulated expected score.

Every policy reads only its ``Observation`` (worlds it builds itself by determinization; the
heuristic reads only its own hand and the public cards of such a world), and is deterministic
for a given seed (``games.search.Rng``).
"""

from __future__ import annotations

from games.boat import fast
from games.boat.cards import BOAT, POINTS
from games.boat.determinize import knowledge, to_fast
from games.boat.fast import (
    BID,
    EFF,
    P_BID,
    P_DISCARD,
    P_DONE,
    P_PLAY,
    P_TRUMP,
    PASS,
    RANK,
    TRUMP_MOVE,
    Fast,
)
from games.boat.rules import discard_choices, discard_pool
from games.core import AnytimePolicy, Budget, Observation, Policy, told
from games.search import RACE_FIRST, RACE_SURE, RACE_Z, Rng, pimc_race, random_policy
from games.text import messages

msg, msg_n = messages("boat")

#: search iterations per move (PIMC playouts, spread over the candidate moves)
BUDGETS: dict[str, int] = {"strong": 1000}
#: the race (``games.search.pimc_race``) of a bid, the trump and the discard: rounds before a
#: candidate may go (for being behind, or equal in every world: a bid that a rival outbids
#: in the first worlds scores what a pass scores there), and by how many standard errors
SKEWED_RACE: tuple[int, float] = (64, 4.0)
#: share of easy's moves that are random
EASY_MISTAKES = 0.3

#: SUIT_CARDS[trump][suit]: the cards of that effective suit once ``trump`` is named
SUIT_CARDS: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    tuple(tuple(c for c in range(41) if EFF[t][c] == s) for s in range(4)) for t in range(4)
)


# ---------------------------------------------------------------- bidding and the widow


def suit_strength(hand: list[int], suit: int) -> int:
    """How good ``suit`` is as trump: length first, then high cards (the Boat joins any)."""
    cards = [c for c in hand if c // 10 == suit and c != BOAT]
    return 10 * len(cards) + sum(c % 10 for c in cards)


def best_trump(hand: list[int]) -> int:
    return max(range(4), key=lambda s: (suit_strength(hand, s), -s))


#: how far under its expected points a hand still bids: a declarer's points spread about 21
#: around the estimate, and letting the other side declare costs about 40 points a hand, so a
#: contract a little under the estimate pays even when it sometimes fails
BID_MARGIN = 5
#: how much more than a partner's bid this hand must expect before bidding over it
OVER_PARTNER = 20


def estimate(hand: list[int]) -> int:
    """The points this hand expects its team to take as declarer, widow and lead included.

    Fitted (least squares) on 20,000 hands declared at random with the normal heuristic at
    every seat: a random hand takes 87 on average as declarer, so the widow, the choice of
    trump and the lead are worth a lot. The points held barely matter once the Boat, the
    aces and the trumps are counted (they are mostly those cards)."""
    trump = best_trump(hand)
    trumps = [c for c in hand if c == BOAT or c // 10 == trump]
    top = sum(1 for c in trumps if c == BOAT or c % 10 >= 7)
    aces = sum(1 for c in hand if c != BOAT and c % 10 == 9 and c // 10 != trump)
    trump_ace = any(c != BOAT and c % 10 == 9 for c in trumps)
    lengths = [sum(1 for c in hand if c != BOAT and c // 10 == s) for s in range(4)]
    voids = sum(1 for s in range(4) if s != trump and lengths[s] == 0)
    singletons = sum(1 for s in range(4) if s != trump and lengths[s] == 1)
    value = 62 + 3 * len(trumps) + top + 6 * aces + 6.6 * trump_ace
    value += 16.8 * (BOAT in hand) + 2.5 * voids + singletons
    return int(value)


def bid_move(fs: Fast, seat: int) -> int:
    """Bid one step over the high bid while the contract stays ``BID_MARGIN`` under the
    hand's expected points; let a partner's bid stand unless this hand is much stronger."""
    value = min(120, estimate(fs.hands[seat]) - BID_MARGIN)
    lowest = max(65, fs.high_bid + 5)
    if fs.high_bidder == (seat + 2) % 4 and value < fs.high_bid + OVER_PARTNER:
        return PASS
    return BID + lowest if lowest <= value else PASS


#: what keeps a side card in the declarer's hand, besides its rank: its suit's length (short
#: suits are voided first), a King next to its Ace, and its points (negative: discarded points
#: are banked by the last trick, which the declarer usually wins; measured against
#: bench/baseline.py, +0.8 scored about 9 points a hand less than -0.5)
LENGTH_WEIGHT = 4.0
KING_WEIGHT = 30.0
POINT_WEIGHT = -0.5


def discard_for(hand: list[int], trump: int, points_allowed: bool) -> int:
    """Keep ``trump`` and the Boat and the side Aces; throw the short side suits first (to
    void them), low cards and point cards first."""
    lengths = [sum(1 for c in hand if c != BOAT and c // 10 == s) for s in range(4)]

    def keep(card: int) -> float:
        if card == BOAT:
            return 2000
        if card // 10 == trump:
            return 70 + card % 10
        rank = card % 10
        value = rank + LENGTH_WEIGHT * lengths[card // 10]
        if rank == 9:
            value += 60
        elif rank == 8 and any(c == card + 1 for c in hand):
            value += KING_WEIGHT
        return value + POINTS[card] * POINT_WEIGHT

    held = tuple(hand)
    must, extra = discard_pool(held, points_allowed)
    pool = [c for c in discard_choices(held, points_allowed) if c not in must]
    pool.sort(key=keep)
    return fast.discard_move([*must, *pool[:extra]])


def discard_move(fs: Fast, seat: int) -> int:
    hand = fs.hands[seat]
    return discard_for(hand, best_trump(hand), fs.points_allowed)


def trump_move(fs: Fast, seat: int) -> int:
    return TRUMP_MOVE + best_trump(fs.hands[seat])


# ---------------------------------------------------------------- card play

# The rules of thumb of card play in a player's words: a hint (:func:`hint`) says which one
# chose its card, so the reason is the policy's own and cannot drift from what it does.
ONLY = msg("it is the only card you may play")
FEED = msg("your partner is sure to take this trick, so you give it points")
LEAVE = msg("your partner is winning this trick, so you keep your good cards")
LOWEST_WIN = msg("the lowest card that takes the trick")
LOWEST_TRUMP = msg("takes the trick with your lowest trump that wins it")
SAFE_WIN = msg("takes the trick with a card nobody can beat any more")
FIGHT = msg("fights for a trick with many points in it")
CHEAP = msg("you cannot take this trick cheaply, so you throw your least useful card")
DRAW_TRUMPS = msg("your top trump draws the other side's trumps")
RETURN_LEAD = msg("returns your partner's lead")
CASH = msg("cashes a card nobody can beat any more")
LONG_LEAD = msg("leads from your longest side suit, keeping your trumps")


def _outranked(card: int, trump: int, mine: int, seen: int) -> bool:
    """Whether a card that could beat ``card`` in its own suit is still out (not seen, not in
    this hand)."""
    suit = EFF[trump][card]
    rank = RANK[card]
    for other in SUIT_CARDS[trump][suit]:
        if RANK[other] > rank and not (seen >> other & 1) and not (mine >> other & 1):
            return True
    return False


def _beats(card: int, best: int, led: int, trump: int) -> bool:
    eff = EFF[trump]
    s, b = eff[card], eff[best]
    if s == trump:
        return b != trump or RANK[card] > RANK[best]
    return s == led and b == led and RANK[card] > RANK[best]


def _cheap(card: int, trump: int) -> tuple[int, int, int]:
    """Order for throwing a card away: side cards before trumps, no points, low rank."""
    return (EFF[trump][card] == trump, POINTS[card], RANK[card])


def play_move(fs: Fast, seat: int, memory: bool = True, why: list[str] | None = None) -> int:
    """The card to play; ``why`` (a hint asks) receives the rule of thumb that chose it."""
    moves = fast.playable(fs)
    if len(moves) == 1:
        return told(why, moves[0], ONLY)
    trump = fs.trump
    eff = EFF[trump]
    hand = fs.hands[seat]
    mine = 0
    for c in hand:
        mine |= 1 << c
    trick = fs.trick
    seen = fs.played
    if not memory:
        seen = 0
        for c in trick:
            seen |= 1 << c
    partner = (seat + 2) % 4
    declaring = fs.declarer % 2 == seat % 2
    if not trick:
        return _lead(fs, moves, trump, mine, seen, partner, declaring, memory, why)
    led = eff[trick[0]]
    best_i = 0
    for i in range(1, len(trick)):
        if _beats(trick[i], trick[best_i], led, trump):
            best_i = i
    best = trick[best_i]
    winner = (fs.leader + best_i) % 4
    last = len(trick) == 3
    winners = [c for c in moves if _beats(c, best, led, trump)]
    if winner == partner:
        sure = last or not _outranked(best, trump, mine, seen)
        if sure and (eff[best] == trump or last or led == trump):
            pass
        elif sure:
            # a side-suit boss may still be trumped by the player after me: sure only if last
            sure = not _may_trump(fs, mine, seen, led, trump, memory)
        losers = [c for c in moves if c not in winners]
        if losers:
            if sure:
                card = max(losers, key=lambda c: (POINTS[c], -(eff[c] == trump), -RANK[c]))
                return told(why, card, FEED)
            return told(why, min(losers, key=lambda c: _cheap(c, trump)), LEAVE)
        return told(why, min(moves, key=lambda c: _cheap(c, trump)), LEAVE)
    if winners:
        trick_points = sum(POINTS[c] for c in trick)
        if last:
            card = min(winners, key=lambda c: (eff[c] == trump, RANK[c], -POINTS[c]))
            return told(why, card, LOWEST_TRUMP if eff[card] == trump else LOWEST_WIN)
        safe = [c for c in winners if not _outranked(c, trump, mine, seen)]
        if safe:
            card = min(safe, key=lambda c: (eff[c] == trump, RANK[c]))
            return told(why, card, LOWEST_TRUMP if eff[card] == trump else SAFE_WIN)
        if eff[winners[0]] == trump and led != trump:
            return told(why, min(winners, key=lambda c: RANK[c]), LOWEST_TRUMP)
        if trick_points >= 10:
            return told(why, max(winners, key=lambda c: RANK[c]), FIGHT)
    return told(why, min(moves, key=lambda c: _cheap(c, trump)), CHEAP)


def _may_trump(fs: Fast, mine: int, seen: int, led: int, trump: int, memory: bool) -> bool:
    """Whether the next player may be void in the led suit: with fewer than three of the suit
    still out (not seen, not held), one of the others probably is."""
    if not memory:
        return False
    out = sum(1 for c in SUIT_CARDS[trump][led] if not (seen >> c & 1) and not (mine >> c & 1))
    return out < 3


def _lead(
    fs: Fast,
    moves: list[int],
    trump: int,
    mine: int,
    seen: int,
    partner: int,
    declaring: bool,
    memory: bool,
    why: list[str] | None = None,
) -> int:
    eff = EFF[trump]
    trumps = [c for c in moves if eff[c] == trump]
    side = [c for c in moves if eff[c] != trump]
    # trump control: the declaring side draws the defenders' trumps with its top trump
    if declaring and trumps:
        out = [c for c in SUIT_CARDS[trump][trump] if not (seen >> c & 1) and not (mine >> c & 1)]
        top = max(trumps, key=lambda c: RANK[c])
        if out and not _outranked(top, trump, mine, seen):
            return told(why, top, DRAW_TRUMPS)
    # return the partner's lead
    if memory and fs.led_by[partner]:
        suit = fs.led_by[partner][-1]
        if suit != trump:
            ours = [c for c in side if eff[c] == suit]
            if ours:
                top = max(ours, key=lambda c: RANK[c])
                if not _outranked(top, trump, mine, seen):
                    return told(why, top, RETURN_LEAD)
                return told(why, min(ours, key=lambda c: RANK[c]), RETURN_LEAD)
    # cash a side winner
    bosses = [c for c in side if not _outranked(c, trump, mine, seen)]
    if bosses:
        return told(why, max(bosses, key=lambda c: (POINTS[c], RANK[c])), CASH)
    if side:
        lengths = [0, 0, 0, 0]
        for c in side:
            lengths[eff[c]] += 1
        card = min(side, key=lambda c: (POINTS[c] > 0, -lengths[eff[c]], RANK[c]))
        return told(why, card, LONG_LEAD)
    return told(why, min(moves, key=lambda c: RANK[c]), CHEAP)


# ---------------------------------------------------------------- policies


def heuristic(fs: Fast, memory: bool = True) -> int:
    """The normal player's move for the seat to act in ``fs`` (reads its hand and the
    public record only)."""
    seat = fs.turn
    phase = fs.phase
    if phase == P_PLAY:
        return play_move(fs, seat, memory)
    if phase == P_BID:
        return bid_move(fs, seat)
    if phase == P_DISCARD:
        return discard_move(fs, seat)
    return trump_move(fs, seat)


def _world(obs: Observation, seed: int) -> Fast:
    return to_fast(knowledge(obs), Rng(seed))


def _checked(obs: Observation, move: int) -> str:
    code = fast.move_code(move)
    if code not in obs.legal:
        raise AssertionError(f"boat AI chose {code!r}, not a legal move")
    return code


def normal(observation: Observation, seed: int) -> str:
    """The club player's move."""
    if len(observation.legal) == 1:
        return observation.legal[0]
    return _checked(observation, heuristic(_world(observation, seed)))


def easy(observation: Observation, seed: int) -> str:
    """The club player's move about 70% of the time, without card memory; else random."""
    if len(observation.legal) == 1:
        return observation.legal[0]
    rng = Rng(seed)
    if rng.random() < EASY_MISTAKES:
        return random_policy(observation, rng.fork())
    return _checked(observation, heuristic(_world(observation, seed), memory=False))


def rollout(fs: Fast) -> tuple[int, int]:
    """The normal heuristic for every seat to the end of the hand; the score change."""
    while fs.phase != P_DONE:
        fast.step(fs, heuristic(fs))
    assert fs.change is not None
    return fs.change


def candidates(fs: Fast, seat: int) -> list[int]:
    """The moves the search compares, the heuristic's first: every card to play, every
    trump; for bids, passing and the next bid; for the discard, the heuristic's discard for
    each possible trump (the 2,002 discards are far too many to sample)."""
    first = heuristic(fs)
    phase = fs.phase
    if phase in (P_PLAY, P_TRUMP):
        others = fast.legal(fs)
    elif phase == P_BID:
        lowest = max(65, fs.high_bid + 5)
        others = [PASS] + ([BID + lowest] if lowest <= 120 else [])
    else:
        hand = fs.hands[seat]
        others = [discard_for(hand, t, fs.points_allowed) for t in range(4)]
    out = [first]
    for move in others:
        if move not in out:
            out.append(move)
    return out


def search(
    observation: Observation, seed: int, iterations: int, budget: Budget | None = None
) -> str:
    """PIMC: each iteration deals one world and plays every candidate out in it with the
    heuristic; the candidate with the best mean team score change wins. In trick play the
    candidates clearly behind, or equal to another in every world, leave the race early
    (:func:`games.search.pimc_race`): nearly always the same choice at a fraction of the
    playouts."""
    if len(observation.legal) == 1:
        return observation.legal[0]
    known = knowledge(observation)
    seat = observation.seat
    team = seat % 2
    root = to_fast(known, Rng(seed))
    moves = candidates(root, seat)
    codes = [fast.move_code(m) for m in moves]

    def sample(rng: Rng) -> Fast:
        return to_fast(known, rng)

    def value(world: Fast, code: str, _rng: Rng) -> float:
        fs = world.copy()
        fast.step(fs, fast.parse_code(code))
        change = rollout(fs)
        return change[team] - change[1 - team]

    # a bid, the trump and the discard weigh few candidates whose values are skewed (rarely
    # ahead, but by a lot): their race waits longer and asks for a wider lead
    sure, z = (RACE_SURE, RACE_Z) if root.phase == P_PLAY else SKEWED_RACE
    first = RACE_FIRST if root.phase == P_PLAY else sure
    chosen = pimc_race(codes, iterations, seed, sample, value, budget, sure, z, first)
    return _checked(observation, fast.parse_code(chosen))


def strong(observation: Observation, seed: int) -> str:
    return search(observation, seed, BUDGETS["strong"])


def strong_timed(observation: Observation, seed: int, budget: Budget) -> str:
    """``strong`` stopping at a time budget too (the bot's ``[tables] ai_seconds``)."""
    return search(observation, seed, BUDGETS["strong"], budget)


def playout(observation: Observation, seed: int) -> object:
    """Determinize, then random legal moves to the end of the hand (``bench/search.py``)."""
    rng = Rng(seed)
    return fast.random_playout(to_fast(knowledge(observation), rng), rng)


def hint(observation: Observation, seed: int) -> tuple[str, str]:
    """``normal``'s move for this observation, with the rule that chose it in plain words
    (the 💡 Hint button). The same move as :func:`normal`: the same world, the same rules."""
    legal = observation.legal
    if len(legal) == 1:
        return legal[0], msg("it is the only move you have")
    fs = _world(observation, seed)
    seat = fs.turn
    if fs.phase == P_PLAY:
        why: list[str] = []
        code = _checked(observation, play_move(fs, seat, True, why))
        return code, why[-1] if why else CHEAP
    code = _checked(observation, heuristic(fs))
    if fs.phase == P_BID:
        if code == "pass":
            return code, msg("your hand is not worth more than the bid already made")
        return code, msg(
            "your hand should take about {points} points as declarer",
            points=estimate(fs.hands[seat]),
        )
    if fs.phase == P_DISCARD:
        return code, msg("keeps your trumps, the Boat and your side Aces; throws your short suits")
    return code, msg("your longest, strongest suit makes the best trump")


LEVELS: dict[str, Policy] = {"easy": easy, "normal": normal, "strong": strong}
#: the levels that can stop at a time budget
ANYTIME: dict[str, AnytimePolicy] = {"strong": strong_timed}
