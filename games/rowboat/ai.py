"""Rowboat AI seats: ``easy``, ``normal`` and ``strong`` (``LEVELS``), from the observation only.

Why three shapes of one idea: *normal* is a club player's rules of thumb (count winners, then
bid what scores best on average for the tricks such a count usually takes; win cheaply, leave a
partner's sure trick alone, keep the Rowboat for a pot, stop winning once the bid is made);
*easy* is the same player without card memory and with one move in three at random (a bid only
off by one: random bids fail so often that a table would never end); *strong* searches
(perfect-information Monte Carlo over determinized worlds from :mod:`games.rowboat.determinize`,
played out on the cheap path :mod:`games.rowboat.fast` with the normal rules of thumb as the
playout policy), and chooses bids and the Moon by simulated expected score. Every policy is
``(observation, seed) -> code``: the same inputs give the same move (``games.search.Rng``), and
none reads another seat's cards (the no-cheating tests in ``tests/games/rowboat/test_ai.py``
swap them).
"""

from __future__ import annotations

import math

from games.core import AnytimePolicy, Budget, Observation, Policy, told
from games.rowboat import fast
from games.rowboat.deck import ALL_CARDS, BIT, CARD_OF, legal_rows, strengths
from games.rowboat.determinize import Knowledge, knowledge, sample_fast
from games.rowboat.rules import hand_score
from games.rowboat.state import BIDDING, EXCHANGE, MOON, SEATS_OF, SIDE, TRICK_PLAY
from games.search import Rng, pimc_choose, spent
from games.text import messages

msg, msg_n = messages("rowboat")

#: search iterations per decision (PIMC rollouts: worlds x candidates) of each search level
BUDGETS: dict[str, int] = {"strong": 1200}
#: the share of easy's moves chosen at random
EASY_RANDOM = 0.3

_STRENGTH = tuple(strengths(r) for r in range(52))
_ROWBOAT_STRENGTH = 600


# ---------------------------------------------------------------- card values per Tide

_value_cache: dict[tuple[int, ...], tuple[tuple[int, ...], ...]] = {}


def future_values(tide: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    """Per trick t, per card: its best strength in the tricks after t (what keeping it is
    worth). Cached per Tide: every playout of a hand shares it."""
    rows = _value_cache.get(tide)
    if rows is not None:
        return rows
    size = len(tide)
    out: list[tuple[int, ...]] = [()] * size
    best = [0] * 52
    for t in range(size - 1, -1, -1):
        out[t] = tuple(best)
        strength = _STRENGTH[tide[t]]
        best = [max(b, strength[c]) for c, b in enumerate(best)]
    if len(_value_cache) > 4096:
        _value_cache.clear()
    result = tuple(out)
    _value_cache[tide] = result
    return result


def _win_chance(card: int, tide: tuple[int, ...], start: int) -> float:
    """A club player's count of one card's chance to take a trick from trick ``start`` on."""
    best = 0.0
    rows = legal_rows(tide)
    for t in range(start, len(tide)):
        ruling = tide[t]
        s = _STRENGTH[ruling][card]
        if BIT[card] & rows[t][0]:
            chance = 0.9
        elif s >= 400:
            chance = (0.15, 0.15, 0.15, 0.15, 0.2, 0.2, 0.25, 0.3, 0.35, 0.5, 0.65, 0.75, 0.85)[
                card % 13
            ]
        elif s >= 300:
            chance = 0.15
        elif card % 13 == 12:
            chance = 0.1
        else:
            chance = 0.0
        best = max(best, chance)
    return best


def counted_winners(hand: int, tide: tuple[int, ...], start: int = 0) -> float:
    """Expected tricks of a hand by counting winners (Knobs, high trumps), at most one trick
    per card and per Tide suit no more than the tricks that suit rules."""
    by_suit: dict[int, list[float]] = {}
    for c in fast.cards(hand):
        chance = _win_chance(c, tide, start)
        if chance:
            by_suit.setdefault(c // 13, []).append(chance)
    total = 0.0
    for values in by_suit.values():
        values.sort(reverse=True)
        total += sum(values[: max(2, len(tide) // 2)])
    return min(total, float(len(tide) - start))


# ---------------------------------------------------------------- the playout policy (fast state)


def _side_needs(f: list, seat: int) -> bool:
    """Whether ``seat``'s side still wants tricks this hand (novice: always; else until its
    bid is made, then overtricks are sandbags)."""
    if f[fast.NOVICE]:
        return True
    seats = SEATS_OF[f[fast.N]][SIDE[f[fast.N]][seat]]
    bids = f[fast.BIDS]
    bid = sum([bids[x] for x in seats])
    return sum([f[fast.WON][x] for x in seats]) < bid


_orders_last: tuple[tuple[int, ...], tuple] = ((), ())
_orders_cache: dict[tuple[int, ...], tuple] = {}


def _orders(tide: tuple[int, ...]) -> tuple:
    """Per trick: (each card's place when ordered by what keeping it is worth, then by its
    strength now; the strengths), so the playout compares one int per card instead of sorting
    tuples at every step; cached per Tide (by identity first, as ``legal_rows``)."""
    global _orders_last
    if _orders_last[0] is tide:
        return _orders_last[1]
    rows = _orders_cache.get(tide)
    if rows is None:
        keep = future_values(tide)
        out = []
        for t in range(len(tide)):
            strength = _STRENGTH[tide[t]]
            by_keep = sorted(range(52), key=lambda c: (keep[t][c], strength[c], c))
            rank = [0] * 52
            for i, c in enumerate(by_keep):
                rank[c] = i
            out.append((tuple(rank), strength))
        rows = tuple(out)
        if len(_orders_cache) > 4096:
            _orders_cache.clear()
        _orders_cache[tide] = rows
    _orders_last = (tide, rows)
    return rows


def fast_card(f: list, seat: int, mask: int, rowboat: bool) -> int:
    """The normal rules of thumb on a perfect-information world (search playouts): win with
    the lowest winner unless the partner is winning or the bid is made, the Rowboat for a
    pot, otherwise give up the card least worth keeping."""
    keep, strength = _orders(f[fast.TIDE])[f[fast.TRICK]]
    plays = f[fast.PLAYS]
    best = 0
    partner_best = False
    if plays:
        vals = [strength[c] for c in plays]
        best = max(vals)
        if f[fast.N] == 4 and (vals.count(best) == 1 or best == _ROWBOAT_STRENGTH):
            partner_best = (f[fast.LEADER] + vals.index(best)) % 4 == (seat + 2) % 4
    want = _side_needs(f, seat)
    hand = []
    m = mask
    while m:
        low = m & -m
        hand.append(low.bit_length() - 1)
        m ^= low
    if want and not partner_best:
        win = 999
        for c in hand:
            s = strength[c]
            if best < s < win:
                win = s
                card = c
        if win < 999:
            return card
        if rowboat and f[fast.PENDING] and best != _ROWBOAT_STRENGTH:
            return fast.ROWBOAT
    elif not want and plays:
        top = -1
        for c in hand:
            if strength[c] <= best and keep[c] > top:
                top = keep[c]
                card = c
        if top >= 0:
            return card
    low_key = 1 << 30
    card = fast.ROWBOAT
    for c in hand:
        if keep[c] < low_key:
            low_key = keep[c]
            card = c
    return card


#: the tricks a seat takes, as ``a + b·counted winners + c·(Tide size / players) + d·(its
#: Rowboat unused)`` per player count: least squares over 60 games of normal seats per count
#: (about 850 / 5,400 / 6,300 bids). Why fitted and not the count itself: counted winners
#: overlap between hands, so at 3 and 4 players every seat counted about one trick too many,
#: most bids failed, and a table of normal seats drifted below zero and never ended.
TRICKS_FIT: dict[int, tuple[float, float, float, float]] = {
    2: (0.32, 0.65, 0.34, 0.22),
    3: (0.44, 0.79, -0.22, 0.16),
    4: (0.13, 0.74, -0.34, 0.01),
}
#: the spread of that estimate (the fit's residual, in tricks)
TRICKS_SD = 1.0
#: what one overtrick costs in the long run: five sandbags capsize for 100 points
BAG_COST = 20.0


def expected_tricks(f: list, seat: int) -> float:
    """The tricks ``seat`` expects from its own hand (:data:`TRICKS_FIT`)."""
    n = f[fast.N]
    a, b, c, d = TRICKS_FIT[n]
    counted = counted_winners(f[fast.HANDS][seat], f[fast.TIDE])
    unused = not f[fast.USED][SIDE[n][seat]] & 1
    return a + b * counted + c * len(f[fast.TIDE]) / n + d * unused


def best_bid(mean: float, bids: range, sd: float = TRICKS_SD) -> int:
    """The bid with the best expected hand score when the tricks taken are about ``mean``
    (normal, spread ``sd``): a made bid scores 10 a trick and each overtrick costs
    :data:`BAG_COST`; a failed bid loses 10 a trick bid. So the bid sits below the mean by
    as much as failing is worse than sandbagging."""
    top = bids.stop + 2
    cdf = [0.5 * (1 + math.erf((w + 0.5 - mean) / (sd * math.sqrt(2)))) for w in range(top)]
    chance = [cdf[0]] + [cdf[w] - cdf[w - 1] for w in range(1, top)]
    best, best_value = bids.start, -math.inf
    for bid in bids:
        value = 0.0
        for w, p in enumerate(chance):
            value += p * (10 * bid - BAG_COST * (w - bid) if w >= bid else -10 * bid)
        if value > best_value:
            best, best_value = bid, value
    return best


def fast_bid(f: list, seat: int) -> int:
    """Bid by expected score from the tricks the hand should take (the playout's and the
    normal level's rule); in 4p the side bids at least one between the partners."""
    r = fast.bid_range(f, seat)
    target = best_bid(expected_tricks(f, seat), r)
    if f[fast.N] == 4:
        partner = f[fast.BIDS][(seat + 2) % 4]
        if partner >= 0:
            target = max(target, 1 - partner)
    return fast.BID + min(max(target, r.start), r.stop - 1)


def fast_pass(f: list, seat: int) -> int:
    """4p exchange: give the partner a real winner (the best card of the longest suit)."""
    hand = f[fast.HANDS][seat]
    tide = f[fast.TIDE]
    counts = [(hand >> (13 * s) & 0x1FFF).bit_count() for s in range(4)]
    cards = fast.cards(hand)
    return fast.PASS + max(cards, key=lambda c: (counts[c // 13], _win_chance(c, tide, 0), c))


def play_hand(f: list, rng: Rng, eps: float = 0.0) -> list[int]:
    """Play the rest of the hand (exchange, bids, tricks) with the playout policy (a share
    ``eps`` of cards at random); returns the tricks won per seat. The Lighthouse is never
    used: the world is fully known."""
    n = f[fast.N]
    size = len(f[fast.TIDE])
    while True:
        phase = f[fast.PHASE]
        if phase == TRICK_PLAY:
            seat = (f[fast.LEADER] + len(f[fast.PLAYS])) % n
            mask, rowboat, save = fast.play_options(f, seat)
            if eps and rng.random() < eps:
                count = mask.bit_count()
                pick = rng.below(count + rowboat)
                if pick == count:
                    card = fast.ROWBOAT
                else:
                    for _ in range(pick):
                        mask &= mask - 1
                    card = (mask & -mask).bit_length() - 1
            else:
                card = fast_card(f, seat, mask, rowboat)
            if f[fast.TRICK] == size - 1 and len(f[fast.PLAYS]) == n - 1:
                # the hand's last card: score it before end_hand resets the counters
                won = list(f[fast.WON])
                fast_play_last(f, seat, card, won)
                return won
            fast.play(f, seat, card, save)
        elif phase == BIDDING:
            seat = fast.bidder(f)
            fast.step(f, seat, fast_bid(f, seat))
        elif phase == EXCHANGE:
            seat = next(x for x in range(4) if f[fast.PASSES][x] < 0)
            fast.step(f, seat, fast_pass(f, seat))
        else:  # pragma: no cover - a hand always ends in trick play
            return list(f[fast.WON])


def fast_play_last(f: list, seat: int, card: int, won: list[int]) -> None:
    """The hand's last card: award the trick into ``won`` without starting the next hand."""
    plays = [*f[fast.PLAYS], card]
    idx = fast.winner_index(f, plays)
    if idx >= 0:
        won[(f[fast.LEADER] + idx) % f[fast.N]] += 1 + f[fast.PENDING]


#: what a Rowboat still in hand at the end of a hand is worth (points): it takes some trick
#: later in the game, so a search spends it only where it gains more than that
ROWBOAT_KEPT = 12


def side_value(f: list, won: list[int], seat: int) -> float:
    """Score change of ``seat``'s side minus the opponents', each side credited
    :data:`ROWBOAT_KEPT` for a Rowboat it still holds; with three players, the seat's total
    after the hand minus the best total of the other two."""
    n = f[fast.N]
    novice = bool(f[fast.NOVICE])
    deltas = []
    used = f[fast.USED]
    for side, seats in enumerate(SEATS_OF[n]):
        w = sum([won[x] for x in seats])
        bid = -1 if novice else sum([f[fast.BIDS][x] for x in seats])
        score, _ = hand_score(novice, bid, w, 0, f[fast.BAGS][side])
        deltas.append(score + (0 if used[side] & 1 else ROWBOAT_KEPT))
    mine = SIDE[n][seat]
    if n == 3:
        # three rivals: a game is won against the leader of the other two, so the hand is
        # judged on the totals it leaves (a point taken from a trailing rival is worth less)
        totals = [f[fast.SCORES][side] + d for side, d in enumerate(deltas)]
        return totals[mine] - max(t for i, t in enumerate(totals) if i != mine)
    others = [d for i, d in enumerate(deltas) if i != mine]
    return deltas[mine] - sum(others) / len(others)


# ---------------------------------------------------------------- the observation-level heuristic


# The rules of thumb of trick play in a player's words: a hint (:func:`hint`) says which one
# chose its card, so the reason is the policy's own.
PARTNER_SURE = msg("your partner is sure to take this trick: you keep your good cards for later")
SURE_WIN = msg("the cheapest card that surely takes this trick, keeping stronger ones for later")
ROWBOAT = msg("the Rowboat takes a trick your cards cannot")
MAY_WIN = msg("the lowest card that beats the trick so far")
STRONG_NOW = msg("leads a card that is strong in this trick only (its trump or Knob)")
ENOUGH = msg("your side has the tricks it bid: you lose this one with a card worth keeping least")
CHEAPEST = msg("you cannot take this trick, so you give the card worth least later")


def _normal_card(
    obs: Observation,
    k: Knowledge,
    memory: bool,
    report: list[int] | None = None,
    why: list[str] | None = None,
) -> str:
    """Trick play by the rules of thumb, knowing only the observation. ``report`` (if given)
    receives the strength a card must exceed to win and whether the partner's card is a sure
    winner (1/0), so the search can leave such tricks alone; ``why`` (if given, a hint asks)
    receives the rule of thumb that chose the card."""
    f = k.template
    me = k.me
    n = k.n
    tide = f[fast.TIDE]
    t = f[fast.TRICK]
    strength = _STRENGTH[tide[t]]
    keep = future_values(tide)[t]
    plays = f[fast.PLAYS]
    legal = obs.legal
    cards = [CARD_OF[c[5:]] for c in legal if c.startswith("play:")]
    rowboat = "rowboat" in legal
    best = 0
    partner_best = False
    tie = False
    leader = f[fast.LEADER]
    if plays:
        vals = [strength[c] for c in plays]
        best = max(vals)
        tie = vals.count(best) > 1 and best != _ROWBOAT_STRENGTH
        partner_best = n == 4 and (leader + vals.index(best)) % 4 == (me + 2) % 4 and not tie
    # who plays after me, and what each of them may hold
    later = [(me + i) % n for i in range(1, n - len(plays))]
    tide_mask = sum(BIT[c] for c in tide)
    trick_mask = sum(BIT[c] for c in plays if c < 52)
    unseen = ALL_CARDS & ~tide_mask & ~k.hand_me & ~trick_mask
    if memory:
        unseen &= ~k.gone
    side_of = SIDE[n]
    not_last = legal_rows(tide)[t][3]

    def threatened(level: int) -> bool:
        for x in later:
            if side_of[x] == side_of[me]:
                continue
            if not_last and not f[fast.USED][side_of[x]] & 1 and level < _ROWBOAT_STRENGTH:
                return True
            known = k.snap.get(x) if memory and k.snap and not k.exchange_snap else None
            possible = (known & ~k.gone) if known is not None else unseen & ~k.forbid[x]
            for c in fast.cards(possible):
                if strength[c] > level:
                    return True
        return False

    want = _side_needs(f, me)
    cheapest = min(cards, key=lambda c: (keep[c], strength[c])) if cards else 52
    partner_sure = partner_best and not threatened(best)
    if report is not None:
        report[:] = [best, int(partner_sure)]
    if partner_sure:
        return told(why, fast.code(cheapest), PARTNER_SURE)  # do not over-take it
    rowboat_played = any(c == 52 for c in plays)
    if want and not partner_best:
        # spend a card that will be weak later before one that will be strong, then the
        # lowest card that wins
        winners = sorted(
            (c for c in cards if strength[c] > best),
            key=lambda c: (keep[c] >= 400, strength[c]),
        )
        sure = [c for c in winners if not threatened(strength[c])]
        if sure:
            return told(why, fast.code(sure[0]), SURE_WIN)
        if rowboat and not rowboat_played and f[fast.PENDING] >= 1:
            return told(why, "rowboat", ROWBOAT)
        if winners:
            if plays:
                return told(why, fast.code(winners[0]), MAY_WIN)
            strong_now = [c for c in winners if strength[c] >= 400 and keep[c] < 400]
            if strong_now:  # lead the best card that is strong only in this trick
                card = max(strong_now, key=strength.__getitem__)
                return told(why, fast.code(card), STRONG_NOW)
        if rowboat and not rowboat_played and f[fast.HAND_NO] >= 2 and plays:
            return told(why, "rowboat", ROWBOAT)  # once per game: a trick it takes is won
    if not want and cards:
        losers = [c for c in cards if strength[c] < best or (plays and strength[c] == best)]
        if losers:
            card = max(losers, key=lambda c: (keep[c], strength[c]))
            return told(why, fast.code(card), ENOUGH)
    if not cards:
        return told(why, "rowboat", ROWBOAT)
    return told(why, fast.code(cheapest), CHEAPEST)


def _world_view(k: Knowledge) -> list:
    """A fast state holding only what the seat knows (its own hand), for the bid and pass
    rules, which read nothing else."""
    f = fast.copy(k.template)
    f[fast.HANDS][k.me] = k.hand_me
    return f


def _normal(obs: Observation, seed: int, memory: bool = True) -> str:
    legal = obs.legal
    if len(legal) == 1:
        return legal[0]
    k = knowledge(obs)
    phase = k.template[fast.PHASE]
    if phase == MOON:
        return _normal_moon(obs, k)
    if phase == EXCHANGE:
        if obs.legal[0].startswith("pass:"):
            return fast.code(fast_pass(_world_view(k), k.me))
        return legal[0]
    if phase == BIDDING:
        if legal[0].startswith("bid:"):
            return fast.code(fast_bid(_world_view(k), k.me))
        return legal[0]
    if phase == TRICK_PLAY:
        if "lighthouse" in legal and _lighthouse_helps(k):
            return "lighthouse"
        if legal == ("lighthouse",):
            return legal[0]
        return _normal_card(obs, k, memory)
    return legal[0]


def _lighthouse_helps(k: Knowledge) -> bool:
    """Use the Lighthouse when there is a lot left to learn and the seat is to play now: at the
    first trick of a long hand (never on a short one or late, where it shows little)."""
    f = k.template
    if k.me != (f[fast.LEADER] + len(f[fast.PLAYS])) % k.n:
        return False
    return f[fast.TRICK] == 0 and len(f[fast.TIDE]) >= 8


def _normal_moon(obs: Observation, k: Knowledge) -> str:
    """The Moon, before any card is seen: a long Tide gives the trailing side more tricks to
    catch up with; otherwise keep it for later."""
    if "nomoon" not in obs.legal:
        return obs.legal[0]
    f = k.template
    side = SIDE[k.n][k.me]
    scores = f[fast.SCORES]
    behind = max(s for i, s in enumerate(scores) if i != side) - scores[side]
    if behind >= 60 and f[fast.HAND_NO] >= 3:
        return f"moon:{10 if k.n == 4 else 12}"
    return "nomoon"


def normal(obs: Observation, seed: int) -> str:
    """The ``normal`` level: the rules of thumb, with card memory."""
    return _normal(obs, seed, True)


def easy(obs: Observation, seed: int) -> str:
    """The ``easy`` level: normal without card memory, and ~30% random moves."""
    rng = Rng(seed)
    mistake = rng.random() < EASY_RANDOM
    if mistake and obs.legal[0].startswith("bid:"):
        # a beginner's bid is off by one, not anywhere: random bids fail so often that a
        # table of easy seats could drift below zero and never end
        bid = _normal(obs, seed, False)
        shifted = f"bid:{int(bid[4:]) + (1 if rng.below(2) else -1)}"
        return shifted if shifted in obs.legal else bid
    if mistake:
        return obs.legal[rng.below(len(obs.legal))]
    code = _normal(obs, seed, False)
    if code == "lighthouse" and len(obs.legal) > 1:
        return next(c for c in obs.legal if c != "lighthouse")
    return code


# ---------------------------------------------------------------- search


def search(obs: Observation, seed: int, iterations: int, budget: Budget | None = None) -> str:
    """PIMC over determinized worlds with the rules of thumb as the playout policy; bids and the
    Moon by simulated expected score. ``iterations`` counts rollouts (worlds x candidates)."""
    legal = obs.legal
    if len(legal) == 1:
        return legal[0]
    k = knowledge(obs)
    phase = k.template[fast.PHASE]
    me = k.me
    if phase == TRICK_PLAY and legal == ("lighthouse",):
        return legal[0]
    if "lighthouse" in legal and phase == TRICK_PLAY and _lighthouse_helps(k):
        return "lighthouse"
    candidates = [c for c in legal if c != "lighthouse"]
    if len(candidates) == 1:
        return candidates[0]
    heuristic = _normal(obs, seed, True)
    if phase == TRICK_PLAY:
        candidates = _sensible(obs, k, candidates, heuristic)
        if len(candidates) == 1:
            return candidates[0]
    if heuristic in candidates:  # ties go to the rule of thumb
        candidates.remove(heuristic)
        candidates.insert(0, heuristic)
    if phase == BIDDING:
        return _search_bid(obs, k, candidates, seed, iterations, budget)
    if phase == MOON:
        return _search_moon(obs, k, candidates, seed, iterations, budget)
    moves = [fast.move(c) for c in candidates]

    def value(world: list, code: str, rng: Rng) -> float:
        f = fast.copy(world)
        m = moves[candidates.index(code)]
        if (
            phase == TRICK_PLAY
            and f[fast.TRICK] == len(f[fast.TIDE]) - 1
            and len(f[fast.PLAYS]) == f[fast.N] - 1
        ):
            won = list(f[fast.WON])
            fast_play_last(f, me, m, won)
            return side_value(f, won, me)
        fast.step(f, me, m)
        won = play_hand(f, rng)
        return side_value(f, won, me)

    def sample(rng: Rng) -> list:
        return sample_fast(obs, rng)

    return pimc_choose(candidates, iterations, seed, sample, value, budget)


def _sensible(obs: Observation, k: Knowledge, candidates: list[str], heuristic: str) -> list[str]:
    """The card plays worth searching: never over-take a partner's sure winner, and the
    Rowboat only for a pot or when the rules of thumb want it (it is once a game, and a
    playout that ends with the hand cannot see what keeping it is worth)."""
    report: list[int] = []
    _normal_card(obs, k, True, report)
    best, partner_sure = report or [0, 0]
    strength = _STRENGTH[k.template[fast.TIDE][k.template[fast.TRICK]]]
    out = []
    for code in candidates:
        if code == "rowboat":
            if heuristic == "rowboat" or k.template[fast.PENDING] >= 1:
                out.append(code)
            continue
        if partner_sure and strength[CARD_OF[code[5:]]] > best:
            continue
        out.append(code)
    return out or candidates


def _search_bid(
    obs: Observation,
    k: Knowledge,
    candidates: list[str],
    seed: int,
    iterations: int,
    budget: Budget | None = None,
) -> str:
    """Each world is played out once (later bidders by the rule of thumb) and every candidate
    bid is scored on the tricks it made: the bid with the best mean score is chosen."""
    rng = Rng(seed)
    me = k.me
    bids = [int(c[4:]) for c in candidates]
    totals = [0.0] * len(bids)
    worlds = max(1, iterations // len(bids))
    for done in range(worlds):
        if spent(budget, done * len(bids)):
            break
        world = sample_fast(obs, rng)
        f = fast.copy(world)
        fast.step(f, me, fast_bid(f, me))
        won = play_hand(f, rng)
        for i, b in enumerate(bids):
            f[fast.BIDS][me] = b
            totals[i] += side_value(f, won, me)
    best = max(range(len(bids)), key=lambda i: (totals[i], -i))
    return candidates[best]


def _search_moon(
    obs: Observation,
    k: Knowledge,
    candidates: list[str],
    seed: int,
    iterations: int,
    budget: Budget | None = None,
) -> str:
    """Each candidate Tide is dealt at random many times and played out by the rules of thumb;
    the Moon (or none) with the best mean score for the dealer's side wins."""
    me = k.me
    rng = Rng(seed)
    totals = [0.0] * len(candidates)
    worlds = max(1, iterations // len(candidates))
    for done in range(worlds):
        if spent(budget, done * len(candidates)):
            break
        world = sample_fast(obs, rng)
        for i, code in enumerate(candidates):
            f = fast.copy(world)
            f[fast.RNG] = world[fast.RNG]  # the same shuffle for every candidate
            fast.step(f, me, fast.move(code))
            won = play_hand(f, rng)
            totals[i] += side_value(f, won, me)
    best = max(range(len(candidates)), key=lambda i: (totals[i], -i))
    return candidates[best]


def strong(obs: Observation, seed: int) -> str:
    """The ``strong`` level: :func:`search` at its budget."""
    return search(obs, seed, BUDGETS["strong"])


def strong_timed(obs: Observation, seed: int, budget: Budget) -> str:
    """``strong`` stopping at a time budget too (the bot's ``[tables] ai_seconds``)."""
    return search(obs, seed, BUDGETS["strong"], budget)


def playout(observation: Observation, seed: int) -> object:
    """One determinization and a random playout to the end of the hand on the cheap path
    (``bench/search.py`` times this)."""
    rng = Rng(seed)
    f = sample_fast(observation, rng)
    if f[fast.PHASE] not in (TRICK_PLAY, BIDDING):
        if f[fast.PHASE] == EXCHANGE:
            while f[fast.PHASE] == EXCHANGE:
                seat = next(x for x in range(4) if f[fast.PASSES][x] < 0)
                passes = fast.cards(f[fast.HANDS][seat])
                fast.lock_pass(f, seat, passes[rng.below(len(passes))])
        else:
            return f
    return fast.random_hand(f, rng)


def hint(obs: Observation, seed: int) -> tuple[str, str]:
    """``normal``'s move for this observation, with the rule that chose it in plain words
    (the 💡 Hint button); the same move as :func:`normal` (its steps, in the same order)."""
    legal = obs.legal
    code = normal(obs, seed)
    if len(legal) == 1:
        return code, msg("it is the only move you have")
    k = knowledge(obs)
    phase = k.template[fast.PHASE]
    if phase == MOON:
        if code == "nomoon":
            return code, msg("your side is not far enough behind: keep the Moon for a later hand")
        return code, msg("your side is behind: a long Tide gives it more tricks to catch up")
    if phase == EXCHANGE:
        return code, msg("gives your partner a real winner: the best card of your longest suit")
    if phase == BIDDING:
        if code.startswith("bid:"):
            tricks = expected_tricks(_world_view(k), k.me)
            return code, msg(
                "your hand should take about {tricks} tricks (Knobs, high trumps)",
                tricks=f"{tricks:.0f}",
            )
        return code, msg("the best bid for the tricks your hand should take")
    if code == "lighthouse":
        return code, msg("early in a long hand, a look at the other hands shows the most")
    why: list[str] = []
    again = _normal_card(obs, k, True, why=why)
    return code, why[-1] if why and again == code else CHEAPEST


LEVELS: dict[str, Policy] = {"easy": easy, "normal": normal, "strong": strong}
#: the levels that can stop at a time budget
ANYTIME: dict[str, AnytimePolicy] = {"strong": strong_timed}

__all__ = ["ANYTIME", "BUDGETS", "LEVELS", "easy", "normal", "playout", "search", "strong"]
