"""AI seats for Game of Rows: ``easy``, ``normal`` and ``strong`` (issue 14).

Every level sees only the :class:`~games.core.Observation` (its view, its events, its legal
codes); ``strong`` builds full states itself with :mod:`games.game_of_rows.determinize`.
Moves are repeatable: all chance comes from :class:`games.search.Rng` seeded by the caller.

Why these heuristics (spec §4-§5): the game is won by emptying the hand, and a hand is topped
up to five while the deck lasts, so a card shed counts for good only once the hand is above
five or the deck is gone; until then the aim is to keep turns productive (a turn with no
number placement costs a card) and to keep one's own options open while closing the
opponents'. So ``normal``:

* places the number card or Joker that leaves the most of its own cards playable (Jokers are
  kept while a number card will do, since they fit anywhere), and completes rows;
* unblocks when that lets it place again, blocks an empty frontier it cannot fill itself when
  an opponent is close to going out or when a shed card counts;
* calls a bluff when the claims are impossible by count (every valid card accounted for) or
  unlikely by count (few valid cards unseen), and never when every unseen card would be valid;
* bluffs a dead card now and then, at a rate that falls as the opponents call more often (the
  events show how often they called), and never on a short deck (a caught bluff on an empty
  deck removes the bluffer, §4.4);
* never skips (two cards instead of one, D13).

Measured (bench/ai.py, 2p, default options): the heuristic alone beats ``random`` only ~72%
of the time. Most games end in a stalemate soon after the deck runs out and are ranked by hand
size (§5), about half of all turns place nothing (a card each), and the moves that decide it
(mostly when to spend an unblocker, which opens a spot for whoever holds its number) depend on
who holds what. A short determinized search over the heuristic's best moves reads that far
better than fixed rules (83.0% over 400 games, and 600 iterations score no higher than 150).
How much more is there: the same search handed every hidden card, the deck order included,
wins 88.5% (``bench/rows_ceiling.py``), ``strong`` shown every card 89.4% (400 games), and
solving the endgame exactly once the deck is empty (nothing is hidden then at 2 players) changes
1% of normal's moves there and one result in 400: what is left is the deal's. So:

* ``normal`` is the heuristic, its best few moves checked by :data:`BUDGETS` ``normal``
  determinized playouts (:func:`search_choose`); the heuristic alone still answers a
  challenge and any move with one legal code. Its search stops playing the candidates that
  are out of reach of the heuristic's move (:data:`PRUNE_AFTER`) and deals at most
  :data:`MAX_DEALS` times: 93% of its searched moves keep the heuristic's anyway, and it took
  p50 46 / p95 90 ms a move on the shared machine where "instant" asks 50 (issue 43). On the
  same 780 positions (2p, 8 seeded games) the cut took p50 12 / p95 41 ms against 48 / 79 ms
  for the full search in the same run, and chose the same move in 94% of them; on duplicate
  deals it won 49.0% of 150 games against the full search, and the first 152 of 152 against
  ``bench/baseline.py``;
* ``easy`` is the same with no card memory (it counts only what is on the table now), a
  search of 24 playouts over 3 moves and :data:`EASY_RANDOM` random moves (77.1% against
  ``random``, 400 games);
* ``strong`` searches more candidates with more playouts (:func:`strong_choose`), and its
  playouts are guided (:func:`guided_turn`: one card a turn while the deck is long, number
  cards before Jokers, unblock only a spot the hand can fill, block only one it cannot) and
  run to the real end. The same search as ``normal`` at 1,000 iterations scored 50% against
  it (32 games); guided playouts to the end at 1,000 iterations scored 70.8% (24 games, seed
  600), at 150 only 57.5% (60 games), guided playouts cut at :data:`HORIZON` 51.7% and at 30
  turns 55.8% (52 games, seed 1): the length of the playout matters, more of them help only
  once they are guided. Playouts to the end for all 8 candidates cost p95 1.1 s on a busy
  machine, so the 1,000 are spent by successive halving: a :data:`STRONG_SCREEN`-turn screen
  of all 8, then playouts to the end for the best 3 and the heuristic's move, then for the
  best one and it; every candidate of a deal shares the deal and the playout's random
  numbers. That costs p50 363 ms, p95 695 ms (``speed --moves 150``, 191 decisions, load
  ~2 on 2 cores). Against the current ``normal`` on duplicate deals (``bench/ai.py``, fixed
  1,000 playouts): 60.9% of 400 2p games (95% CI 56.0-65.5%), but only 41.5% of 300 as one
  seat of three (36.1-47.1%; the target there is 45%).

The search (perfect-information Monte Carlo): each round deals the unseen cards (hands, deck,
face-down cards) once, plays every candidate on that deal and then a fast randomised playout
(:func:`rollout`) for :data:`HORIZON` turns, judged by the hand sizes (or by the result if the
game ended). The heuristic's move stands unless another wins clearly (:data:`MARGIN` plus two
standard errors). :func:`playout` (the ``bench/search.py`` figure) plays to the end of the game.
"""

from __future__ import annotations

from collections import Counter

from games.core import AnytimePolicy, Budget, Observation, Policy
from games.game_of_rows import fast
from games.game_of_rows.cards import BLOCKERS, DECK, JOKER, NUMBERS, UNBLOCKERS, VALUE
from games.game_of_rows.determinize import UNKNOWN, Knowledge, analyse, sample
from games.game_of_rows.fast import BLOCK, CALL, DOWN, END, PASS, PLACE, SKIP, UNBLOCK, Move, Sim
from games.game_of_rows.state import CHALLENGE, OVER
from games.search import Rng, spent
from games.text import messages

msg, msg_n = messages("game_of_rows")

#: search iterations (determinized playouts) per move of each search level
BUDGETS: dict[str, int] = {"easy": 24, "normal": 150, "strong": 1000}
#: how many candidate moves each search level scores (the heuristic's best first)
CANDIDATES: dict[str, int] = {"easy": 3, "normal": 6, "strong": 8}
#: turns a search playout runs before the hand sizes judge it (a whole game is ~100 turns
#: early on, too slow for 1,000 iterations a second)
HORIZON = 6
#: turns a strong playout runs (by :func:`guided_turn`) after the first round: a safety cap,
#: in effect to the real end (a whole 2p game from the deal is ~53 guided turns); a 30-turn
#: cut scored 55.8% against ``normal``, to the end 70.8% (see the module docstring)
STRONG_HORIZON = 400
#: turns of the strong search's first round (all candidates, before the first halving): a
#: cheap screen that drops the clearly worse half, so the long playouts go to the close ones
STRONG_SCREEN = 20
#: whether strong deals an opponent whose last turn began with nothing to place a hand that
#: fit nowhere then (determinize.Knowledge.stuck; more than half of all turns begin so). Off:
#: over the first 98 games of the 3p field it won 38.8%, the same deals' 38.8% without it
STRONG_STUCK = False
#: how much better (in win share) a searched move must look than the heuristic's choice
MARGIN = 0.02
#: ``normal``'s search stops playing a candidate found clearly worse than the heuristic's
#: move (:data:`PRUNE_Z` standard errors below it) after this many deals, checked every
#: :data:`PRUNE_EVERY` deals, and ends once none is left: 93% of its searched moves keep the
#: heuristic's, and most candidates are far behind it early (issue 43: normal's p95 per
#: decision was 90 ms on a busy machine, where "instant" asks 50)
PRUNE_AFTER = 8
PRUNE_EVERY = 4
PRUNE_Z = 1.0
#: and deals at most this many (with two or three candidates the budget used to buy 50-75
#: deals, the slowest of its searches)
MAX_DEALS = 30
#: at most this many candidates stay beside the heuristic's move after a check (the best by
#: their mean difference so far)
PRUNE_KEEP = 1
#: the same for ``strong``; its paired playouts share their random numbers (less noise), but
#: 0.01 let 200 iterations overturn the clear "anchor the row" test position, so as normal
STRONG_MARGIN = 0.02
#: ... plus this many standard errors of the paired difference (1.0 with a 0.01 margin left
#: the heuristic's move 6x as often at 3 players, and won 34.3% of the 3p field's first 140
#: games, where these won 39.6% of the same deals)
STRONG_Z = 2.0
#: while the deck holds more than this, a seat at five cards or fewer places one card a turn
CONSERVE_DECK = 6
#: block a spot the hand cannot use even with no opponent close to going out
BLOCK_FREELY = False
#: easy's share of random moves (a random move here is often a costly one: an early end of
#: turn, a block of one's own row; 5% of them, with the search kept to face cards, won 72.9%
#: of 400 games against random, short of the 75% target)
EASY_RANDOM = 0.03
#: call when the chance that every claim is valid is below this
CALL_BELOW = 0.6
#: bluff a dead card at most this often, scaled down by the opponents' call rate
BLUFF_RATE = 0.5
#: playout: chance that a seat calls a challenge, and that it plays an available block/unblock
ROLLOUT_CALL = 0.3
ROLLOUT_SPECIAL = 0.5

_MOVE_END: Move = (END, "", 0, 0, "")
_MOVE_CALL: Move = (CALL, "", 0, 0, "")
_MOVE_PASS: Move = (PASS, "", 0, 0, "")


# --------------------------------------------------------------------------- knowledge cache

_CACHE: dict[int, tuple[Observation, Knowledge]] = {}


def knowledge(obs: Observation) -> Knowledge:
    """:func:`analyse` once per observation object (a search samples thousands of times; the
    bench replays the same observations), keyed by identity and holding the observation so the
    key cannot be reused while cached."""
    hit = _CACHE.get(id(obs))
    if hit is not None and hit[0] is obs:
        return hit[1]
    if len(_CACHE) > 256:
        _CACHE.clear()
    k = analyse(obs)
    _CACHE[id(obs)] = (obs, k)
    return k


# --------------------------------------------------------------------------- playouts


def _open_spots(tops: list, mayhem: bool) -> list[int]:
    """A row's empty spots a blocker may cover: its frontier once both ends are filled, else
    (with Mayhem) an empty end."""
    if fast.filled(tops[0]) and fast.filled(tops[8]):
        return [i for i in fast.frontiers(tops) if tops[i] is None]
    if mayhem:
        return [i for i in (0, 8) if tops[i] is None]
    return []


def placements(sim: Sim, seat: int, jokers: bool = True) -> list[Move]:
    """Face-up PLACE moves of ``seat`` (duplicates of a card's target collapse), without the
    rest of the legal list: the inner loop of a playout. ``jokers=False`` leaves the Joker's
    moves out (a guided playout plays them only when no number card fits, and listing them
    costs most of the list)."""
    out: list[Move] = []
    cache = sim.cache
    targets = [
        (slot, cache[slot] or sim.targets(slot)) for slot, t in enumerate(sim.rows) if t is not None
    ]
    suits = sim.new_row_suits()
    flush = sim.flush
    by_index: dict[int, list[int]] = {}
    for slot, (_sp, numbers) in targets:
        for i in numbers:
            by_index.setdefault(i, []).append(slot)
    for card in dict.fromkeys(sim.hands[seat]):
        if card == JOKER:
            if not jokers:
                continue
            out.extend((PLACE, card, -1, i, s) for i in (0, 8) for s in suits)
            for slot, (sp, _numbers) in targets:
                out.extend((PLACE, card, slot, i, "") for i in sp)
            continue
        idx = VALUE[card] - 2
        if idx > 8:
            continue
        if flush:
            suit = card[1]
            if (idx == 0 or idx == 8) and suit in suits:
                out.append((PLACE, card, -1, idx, suit))
            for slot in by_index.get(idx, ()):
                if sim.suits[slot] == suit:
                    out.append((PLACE, card, slot, idx, ""))
        else:
            if (idx == 0 or idx == 8) and suits:
                out.append((PLACE, card, -1, idx, ""))
            for slot in by_index.get(idx, ()):
                out.append((PLACE, card, slot, idx, ""))
    return out


def _specials(sim: Sim, seat: int) -> list[Move]:
    """BLOCK and UNBLOCK moves of ``seat`` in one pass over the board (the same moves as the
    engine's target lists, order aside)."""
    faces = [c for c in dict.fromkeys(sim.hands[seat]) if VALUE[c] >= 11]
    if not faces:
        return []
    mayhem = sim.mayhem
    out: list[Move] = []
    for slot, tops in enumerate(sim.rows):
        if tops is None:
            continue
        empty = _open_spots(tops, mayhem)
        opened: list[tuple[int, int]] = []
        blocked: list[tuple[int, int]] = []
        for i, top in enumerate(tops):
            if top is None or top[1] >= 0:
                continue
            card = top[0]
            if card in UNBLOCKERS:
                if mayhem or 0 < i < 8:
                    opened.append((i, VALUE[card]))
            elif card in BLOCKERS:
                blocked.append((i, VALUE[card]))
        if not (empty or opened or blocked):
            continue
        for card in faces:
            value = VALUE[card]
            if card in BLOCKERS:
                out.extend((BLOCK, card, slot, i, "") for i in empty)
                out.extend((BLOCK, card, slot, i, "") for i, v in opened if v <= value)
            else:
                out.extend((UNBLOCK, card, slot, i, "") for i, v in blocked if v <= value)
    return out


def rollout_turn(sim: Sim, rng: Rng) -> None:
    """One seat's whole turn (or one challenge answer) by the playout policy: place random
    face-up cards while any fits, sometimes a block or unblock, then end; answer a challenge
    with a call now and then."""
    if sim.phase == CHALLENGE:
        for seat in sorted(sim.pending):
            if rng.random() < ROLLOUT_CALL:
                sim.play(seat, _MOVE_CALL)
                return
            sim.play(seat, _MOVE_PASS)
            if sim.phase != CHALLENGE:
                return
        return
    seat = sim.turn
    tried_special = False
    while not sim.facedown and sim.completed < 4:
        moves = placements(sim, seat)
        if moves:
            sim.play(seat, moves[rng.below(len(moves))])
            continue
        if tried_special or not sim.specials_allowed():
            break
        tried_special = True
        if rng.random() < ROLLOUT_SPECIAL:
            specials = _specials(sim, seat)
            if specials:
                sim.play(seat, specials[rng.below(len(specials))])
                tried_special = False
                continue
        break
    if sim.phase != OVER:
        sim.play(seat, _MOVE_END)


def _fillable(hand: list[str], value: int) -> bool:
    """Whether ``hand`` holds a card for a spot of ``value`` (the number or a Joker)."""
    return any(c == JOKER or (c in NUMBERS and VALUE[c] == value) for c in hand)


def _useful_specials(sim: Sim, hand: list[str]) -> list[Move]:
    """The guided playout's BLOCK and UNBLOCK moves: :func:`_specials` kept to unblocking a
    spot ``hand`` can fill and blocking one it cannot (:func:`_fillable`), in one pass that
    skips what the filter would drop (a Joker fills anything, so that hand never blocks;
    the playouts spend a fifth of their time here)."""
    blockers = [VALUE[c] for c in dict.fromkeys(hand) if c in BLOCKERS]
    unblockers = [VALUE[c] for c in dict.fromkeys(hand) if c in UNBLOCKERS]
    if not blockers and not unblockers:
        return []
    joker = JOKER in hand
    if joker:
        blockers = []
    mine = {VALUE[c] - 2 for c in hand if c in NUMBERS}
    mayhem = sim.mayhem
    out: list[Move] = []
    for slot, tops in enumerate(sim.rows):
        if tops is None:
            continue
        if blockers:
            empty = _open_spots(tops, mayhem)
            for i in empty:
                if i not in mine:
                    out.extend((BLOCK, c, slot, i, "") for c in _faces(hand, BLOCKERS))
        for i, top in enumerate(tops):
            if top is None or top[1] >= 0:
                continue
            card = top[0]
            if card in UNBLOCKERS:
                if blockers and (mayhem or 0 < i < 8) and i not in mine:
                    v = VALUE[card]
                    out.extend(
                        (BLOCK, c, slot, i, "") for c in _faces(hand, BLOCKERS) if VALUE[c] >= v
                    )
            elif card in BLOCKERS and unblockers and (joker or i in mine):
                v = VALUE[card]
                out.extend(
                    (UNBLOCK, c, slot, i, "") for c in _faces(hand, UNBLOCKERS) if VALUE[c] >= v
                )
    return out


def _faces(hand: list[str], kind: frozenset[str]) -> list[str]:
    """The distinct cards of ``hand`` in ``kind`` (blockers or unblockers)."""
    return [c for c in dict.fromkeys(hand) if c in kind]


def guided_turn(sim: Sim, rng: Rng) -> None:
    """One seat's whole turn by the guided playout policy: the heuristic's rules that cost
    nothing to check. While the deck is long and the hand is at five or fewer, one card a
    turn (a hand is topped up to five, so a second placement sheds nothing and a playable
    card kept saves the next turn's penalty, §4.3); else place every card that fits, number
    cards before Jokers (a Joker fits anywhere later). Unblock only a spot the hand can fill,
    block only a spot it cannot. Challenges as :func:`rollout_turn`."""
    if sim.phase == CHALLENGE:
        rollout_turn(sim, rng)
        return
    seat = sim.turn
    hand = sim.hands[seat]
    tried_special = False
    while not sim.facedown and sim.completed < 4:
        if sim.placed and len(hand) <= 5 and len(sim.deck) > CONSERVE_DECK:
            break
        moves = placements(sim, seat, jokers=False)
        if not moves and JOKER in hand:
            moves = placements(sim, seat)
        if moves:
            sim.play(seat, moves[rng.below(len(moves))])
            continue
        if tried_special or not sim.specials_allowed():
            break
        tried_special = True
        useful = _useful_specials(sim, hand)
        if useful:
            sim.play(seat, useful[rng.below(len(useful))])
            tried_special = False
            continue
        break
    if sim.phase != OVER:
        sim.play(seat, _MOVE_END)


def guided_rollout(sim: Sim, rng: Rng, limit: int = 400) -> None:
    """Play ``sim`` on by :func:`guided_turn` to the end of the game or for ``limit`` turns."""
    for _ in range(limit):
        if sim.phase == OVER:
            return
        guided_turn(sim, rng)


def rollout(sim: Sim, rng: Rng, limit: int = 400) -> None:
    """Play ``sim`` to the end of the game (the deal is the whole game, D23), or for
    ``limit`` turns."""
    for _ in range(limit):
        if sim.phase == OVER:
            return
        rollout_turn(sim, rng)


def outcome(sim: Sim, seat: int) -> float:
    """The seat's value of a playout: at the end, 1 for a win and a little for a better place
    (so the search also prefers second to last); cut off earlier, the chance to beat every
    other seat from the hand sizes (fewest cards wins, §5), each card of difference worth a
    tenth of a game against that seat."""
    n = sim.n
    if sim.phase != OVER:
        if seat in sim.removed:
            return 0.0
        mine = len(sim.hands[seat])
        share = 1.0
        for s, hand in enumerate(sim.hands):
            if s != seat and s not in sim.removed:
                share *= min(1.0, max(0.0, 0.5 + 0.1 * (len(hand) - mine)))
        return share
    places = sim.places
    place = places[seat]
    if place == 1:
        return 1.0 / places.count(1)
    return 0.2 * (n - place) / (n - 1)


def playout(observation: Observation, seed: int) -> object:
    """Determinize then play out to the end of the game by the fast path (``bench/search.py``)."""
    rng = Rng(seed)
    sim = sample(knowledge(observation), rng)
    rollout(sim, rng)
    return sim


# --------------------------------------------------------------------------- the heuristic


def _unseen(k: Knowledge, memory: bool) -> Counter[str]:
    """Unseen copies per card: from the whole history, or (no card memory) from what is on the
    table now only."""
    if memory:
        return k.unseen_counts()
    seen: Counter[str] = Counter(k.hand)
    for row in k.rows:
        if row is not None:
            seen.update(c for st in row[1] for c, _ in st if c != UNKNOWN)
    out = Counter(DECK)
    out.subtract(seen)
    return +out


def claim_chance(k: Knowledge, unseen: Counter[str]) -> tuple[float, bool]:
    """(chance that every face-down card of the open challenge is valid, impossible by count).

    Valid cards for a claim v: an unseen number card of value v (in the row's suit in
    straight_flush) or an unseen Joker (§3.7); Jokers are shared between claims."""
    jokers = unseen[JOKER]
    total = max(1, sum(unseen.values()))
    need: Counter[tuple[int, str]] = Counter()
    for slot, idx in k.facedown:
        row = k.rows[slot]
        suit = row[0] if row is not None else ""
        need[(idx + 2, suit)] += 1
    short = 0
    chance = 1.0
    for (value, suit), count in need.items():
        have = sum(
            n
            for card, n in unseen.items()
            if card in NUMBERS and VALUE[card] == value and (not suit or card[1] == suit)
        )
        short += max(0, count - have)
        for i in range(count):
            chance *= min(1.0, max(0.0, (have + jokers - i) / total))
    return chance, short > jokers


def _call_rate(obs: Observation) -> float:
    """How often the others called a challenge so far (prior: one call in three windows)."""
    windows = calls = 0
    for event in obs.events:
        if event.kind == "challenge_open" and event.data["bluffer"] == obs.seat:
            windows += 1
        elif event.kind == "call" and event.data["bluffer"] == obs.seat:
            calls += 1
    return (calls + 1) / (windows + 3)


def _options(sim: Sim, seat: int) -> float:
    """How many of the seat's cards stay playable (distinct cards with a face-up target), plus
    a little for the number of placements."""
    moves = placements(sim, seat)
    return len({m[1] for m in moves}) + 0.05 * len(moves)


def _after(sim: Sim, seat: int, move: Move) -> Sim:
    twin = sim.copy()
    twin.play(seat, move)
    return twin


def _close_to_out(k: Knowledge) -> bool:
    """An opponent who could empty the hand soon: few cards with a thin deck."""
    return any(
        size <= 2 or (size <= 3 and k.deck_count <= 4)
        for s, size in enumerate(k.hand_sizes)
        if s != k.seat and s not in k.removed and s not in k.finished
    )


def ranked_moves(obs: Observation, seed: int, memory: bool = True) -> list[Move]:
    """The heuristic's moves, best first (its choice is the first; ``strong`` searches the
    head of this list)."""
    k = knowledge(obs)
    legal = [fast.parse(c) for c in obs.legal]
    if k.phase == CHALLENGE:
        chance, impossible = claim_chance(k, _unseen(k, memory))
        risky = k.deck_count == 0  # a wrong call on an empty deck removes the caller (§4.4)
        call = impossible or (chance < (0.3 if risky else CALL_BELOW) and chance < 1.0)
        return [_MOVE_CALL, _MOVE_PASS] if call else [_MOVE_PASS, _MOVE_CALL]
    seat = k.seat
    sim = sample(k, Rng(seed))
    scored: list[tuple[float, int, Move]] = []
    shed_counts = len(k.hand) > 5 or k.deck_count <= 2 * k.players
    pressure = _close_to_out(k)
    my_values = {VALUE[c] for c in k.hand if c in NUMBERS}
    has_joker = JOKER in k.hand
    non_joker_place = any(m[0] == PLACE and m[1] != JOKER for m in legal)
    unseen = _unseen(k, memory)
    rate = BLUFF_RATE * max(0.0, 1.0 - 2.0 * _call_rate(obs))
    dead = [c for c in k.hand if not any(m[1] == c for m in legal if m[0] == PLACE)]
    # a hand topped up to five gains nothing from a second placement, while a playable card
    # kept for the next turn saves the no-move penalty then (§4.3, D10)
    conserve = k.placed and len(k.hand) <= 5 and k.deck_count > CONSERVE_DECK
    for order, move in enumerate(legal):
        verb = move[0]
        score = -100.0
        if verb == PLACE:
            twin = _after(sim, seat, move)
            score = 100.0 + _options(twin, seat)
            if twin.completed > sim.completed:
                score += 1.5
            if move[1] == JOKER and non_joker_place:
                score -= 3.0
            if conserve:
                score -= 200.0
            # equal counts at the end are broken by poker (§5): keep the high cards
            score -= VALUE[move[1]] * 0.01
        elif verb == UNBLOCK:
            twin = _after(sim, seat, move)
            gain = _options(twin, seat) - _options(sim, seat)
            if gain > 0:
                score = 60.0 + gain
        elif verb == BLOCK:
            value = move[3] + 2
            mine = value in my_values or has_joker
            if not mine and (pressure or shed_counts or BLOCK_FREELY):
                score = 50.0 if pressure else 25.0
        elif verb == DOWN:
            card = move[1]
            safe_deck = k.deck_count >= len(k.facedown) + 3
            if card in dead and not k.facedown and safe_deck and rate > 0:
                # the most plausible claim: the value with the most valid cards unseen
                value = move[3] + 2
                plausible = unseen[JOKER] + sum(
                    n for c, n in unseen.items() if c in NUMBERS and VALUE[c] == value
                )
                roll = Rng(seed ^ 0x5BD1E995).random()
                if roll < rate:
                    score = 10.0 + plausible * 0.1 - (VALUE[card] >= 11) * 0.01
        elif verb == END:
            score = 0.0
        elif verb == SKIP:
            score = -50.0
        scored.append((score, -order, move))
    scored.sort(reverse=True)
    return [m for _, _, m in scored]


def search_choose(
    obs: Observation,
    seed: int,
    iterations: int,
    width: int = 6,
    memory: bool = True,
    horizon: int = HORIZON,
    guided: bool = False,
    margin: float = MARGIN,
    prune: bool = True,
) -> str:
    """PIMC over the heuristic's best ``width`` moves: each round deals the unseen cards once
    and scores every candidate by a short playout from that deal (the same deal for all, so
    luck cancels between them). The heuristic's choice stands unless another candidate beats
    its mean by more than :data:`MARGIN` plus two standard errors: playouts are noisy, and a
    clear move should not be lost to noise. A challenge is answered by the count alone (the
    playouts call at random, so they know nothing about claims)."""
    if len(obs.legal) == 1:
        return obs.legal[0]
    ranked = ranked_moves(obs, seed, memory)
    k = knowledge(obs)
    if k.phase == CHALLENGE or iterations <= 0:
        return fast.code(ranked[0])
    candidates = ranked[:width]
    seat = k.seat
    rng = Rng(seed)
    rounds = max(1, iterations // len(candidates))
    if prune:
        rounds = min(rounds, MAX_DEALS)
    diffs = [[0.0, 0.0] for _ in candidates]  # sum and sum of squares of (value - first's)
    # the candidates still played: the heuristic's move (the yardstick) and every other one
    # not yet shown clearly worse than it (see PRUNE_AFTER)
    live = list(range(len(candidates)))
    for done in range(rounds):
        if prune and done >= PRUNE_AFTER and done % PRUNE_EVERY == 0:
            rivals = [i for i in live[1:] if not _out_of_reach(diffs[i], done, margin)]
            rivals.sort(key=lambda i: -diffs[i][0])
            live = [0, *rivals[:PRUNE_KEEP]]
            if len(live) == 1:
                return fast.code(candidates[0])
        world = sample(k, rng)
        first = 0.0
        for i in live:
            sim = world.copy()
            sim.play(seat, candidates[i])
            if guided:
                guided_rollout(sim, rng, horizon)
            else:
                rollout(sim, rng, horizon)
            v = outcome(sim, seat)
            if i == 0:
                first = v
                continue
            d = v - first
            diffs[i][0] += d
            diffs[i][1] += d * d
    best, best_gain = 0, 0.0
    for i in live[1:]:
        mean = diffs[i][0] / rounds
        var = max(0.0, diffs[i][1] / rounds - mean * mean)
        bar = margin + 2.0 * (var / rounds) ** 0.5
        if mean > bar and mean > best_gain:
            best, best_gain = i, mean
    return fast.code(candidates[best])


def _out_of_reach(diff: list[float], rounds: int, margin: float) -> bool:
    """Whether a candidate's paired differences against the heuristic's move, over ``rounds``
    deals, leave it more than :data:`PRUNE_Z` standard errors short of ``margin``: to be
    chosen it must end above the margin by two standard errors more, which from there seldom
    happens (see :data:`PRUNE_AFTER` for what the cut changed)."""
    mean = diff[0] / rounds
    var = max(0.0, diff[1] / rounds - mean * mean)
    return mean + PRUNE_Z * (var / rounds) ** 0.5 < margin


def strong_choose(
    obs: Observation,
    seed: int,
    iterations: int,
    horizon: int = STRONG_HORIZON,
    margin: float = STRONG_MARGIN,
    screen: int = STRONG_SCREEN,
    budget: Budget | None = None,
) -> str:
    """The strong level's search: PIMC over the heuristic's best :data:`CANDIDATES` moves
    with guided playouts (:func:`guided_turn`) for ``horizon`` turns, by successive halving.

    Why not :func:`search_choose`: only playouts long enough to reach the real end judge the
    decisions that matter (when to spend an unblocker, whether to keep a playable card), and
    1,000 of them over 8 candidates cost too much. So the ``iterations`` playouts are spent in
    rounds; after each the weaker half of the candidates is dropped (the heuristic's move is
    always kept: it is the yardstick the others are paired against), so most playouts go to
    the close ones. Every candidate of a deal plays the same deal *and* the same playout
    random numbers (common random numbers), so the paired differences carry little luck. The
    heuristic's move stands unless another beats it by ``margin`` plus two standard errors
    over all the deals both played. With a time ``budget`` each stage also ends once its share
    of the time is spent (stage ``s`` of ``n`` at ``(s + 1) / n``), so the halving keeps its
    shape on a slow machine, and the last stage ends at the budget."""
    if len(obs.legal) == 1:
        return obs.legal[0]
    ranked = ranked_moves(obs, seed)
    k = knowledge(obs)
    if k.phase == CHALLENGE or iterations <= 0:
        return fast.code(ranked[0])
    candidates = ranked[: CANDIDATES["strong"]]
    seat = k.seat
    rng = Rng(seed)
    alive = list(range(len(candidates)))
    stages = max(1, (len(candidates) - 1).bit_length())
    per_stage = -(-iterations // stages)
    stats = [[0, 0.0, 0.0] for _ in candidates]  # deals, sum and sum of squares of diffs
    done = 0
    for stage in range(stages):
        worlds = -(-per_stage // len(alive))
        for world_index in range(worlds):
            if world_index and spent(budget, done, (stage + 1) / stages):
                break
            done += len(alive)
            world = sample(k, rng, STRONG_STUCK)
            stream = rng.next64()
            values = []
            for i in alive:
                sim = world.copy()
                sim.play(seat, candidates[i])
                guided_rollout(sim, Rng(stream), screen if stage == 0 else horizon)
                values.append(outcome(sim, seat))
            for i, v in zip(alive, values, strict=True):
                d = v - values[0]
                st = stats[i]
                st[0] += 1
                st[1] += d
                st[2] += d * d
        if stage < stages - 1 and len(alive) > 2:
            rest = sorted(alive[1:], key=lambda i: stats[i][1] / stats[i][0], reverse=True)
            alive = [0, *sorted(rest[: max(1, len(alive) // 2 - 1)])]
    best, best_gain = 0, 0.0
    for i in alive[1:]:
        n, total, squares = stats[i]
        mean = total / n
        var = max(0.0, squares / n - mean * mean)
        bar = margin + STRONG_Z * (var / n) ** 0.5
        if mean > bar and mean > best_gain:
            best, best_gain = i, mean
    return fast.code(candidates[best])


def _normal(obs: Observation, seed: int) -> str:
    return search_choose(obs, seed, BUDGETS["normal"], CANDIDATES["normal"])


def _easy(obs: Observation, seed: int) -> str:
    """Normal's method with mistakes: a random legal move now and then (:data:`EASY_RANDOM`),
    no card memory (only the table as it is now is counted), and a search of a sixth of
    normal's size over its best three moves, so it keeps to 10 ms a move."""
    rng = Rng(seed)
    if rng.random() < EASY_RANDOM:
        return obs.legal[rng.below(len(obs.legal))]
    return search_choose(obs, rng.fork(), BUDGETS["easy"], CANDIDATES["easy"], memory=False)


def make_strong(iterations: int) -> Policy:
    """The strong level at a given budget (tests use small ones)."""

    def policy(obs: Observation, seed: int) -> str:
        return strong_choose(obs, seed, iterations)

    return policy


def strong_timed(obs: Observation, seed: int, budget: Budget) -> str:
    """``strong`` stopping at a time budget too (the bot's ``[tables] ai_seconds``)."""
    return strong_choose(obs, seed, BUDGETS["strong"], budget=budget)


#: how a hint names a spot's value (2 to 14)
_VALUE_WORDS = {11: msg("Jack"), 12: msg("Queen"), 13: msg("King"), 14: msg("Ace")}


def hint(obs: Observation, seed: int) -> tuple[str, str]:
    """``normal``'s move for this observation, with the heuristic's case for it in plain words
    (the 💡 Hint button); a move the playouts preferred over the heuristic's first says so."""
    code = _normal(obs, seed)
    if len(obs.legal) == 1:
        return code, msg("it is the only move you have")
    move = fast.parse(code)
    verb = move[0]
    if verb in (CALL, PASS):
        k = knowledge(obs)
        chance, impossible = claim_chance(k, _unseen(k, True))
        if verb == CALL and impossible:
            return code, msg("the cards you have seen show this claim cannot all be true")
        if verb == CALL and chance < 0.05:
            return code, msg("by the cards you have seen, this claim is very unlikely to hold")
        if verb == CALL:
            return code, msg(
                "the claim holds only about {percent}% of the time, by the cards seen",
                percent=f"{chance * 100:.0f}",
            )
        return code, msg(
            "the claim is likely true (about {percent}%): a wrong call costs you",
            percent=f"{chance * 100:.0f}",
        )
    first = ranked_moves(obs, seed)[0]
    if move != first:
        return code, msg("playouts of the rest of the game found it better than the obvious move")
    value = move[3] + 2
    named = _VALUE_WORDS.get(value, str(value))
    if verb == PLACE and move[2] < 0:
        return code, msg("starts a new row, leaving most of your other cards a place to go")
    if verb == PLACE:
        return code, msg("leaves the most of your other cards a place to go")
    if verb == BLOCK:
        return code, msg(
            "blocks the {named}s spot: you hold none, so only the others could use it",
            named=named,
        )
    if verb == UNBLOCK:
        return code, msg("clears a blocked spot so more of your cards can be played")
    if verb == DOWN:
        return code, msg(
            "none of your cards fits: a face-down card claimed as a {named} may pass",
            named=named,
        )
    if verb == END:
        return code, msg("ends your turn, keeping your playable cards for the next one")
    return code, msg("nothing useful to do this turn")


LEVELS: dict[str, Policy] = {
    "easy": _easy,
    "normal": _normal,
    "strong": make_strong(BUDGETS["strong"]),
}
#: the levels that can stop at a time budget
ANYTIME: dict[str, AnytimePolicy] = {"strong": strong_timed}
