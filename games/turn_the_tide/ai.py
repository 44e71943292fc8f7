"""AI seats for Turn the Tide: ``easy``, ``normal`` and ``strong`` (issue 14).

The only decision of the game is the simultaneous secret choice of a weather card (``play:<n>``),
so every level answers it from the :class:`~games.core.Observation` alone:

* ``normal`` is a regret-matching search (below) of :data:`BUDGETS` ``normal`` playouts: a
  few milliseconds a move, and a mixed strategy. It used to play the heuristic's single best
  card (described next, still the search's prior and ``easy``'s rule), which a rule-of-thumb
  player matched: on duplicate deals of the 3p field it won 34.3% of 300 games among
  ``bench/baseline.py`` players (parity 33%), where the small search won 52.2% of 150 (issue
  43).
* the heuristic weighs each card by the chance that it is the highest (takes the low tide), the
  second highest (takes the high tide) or neither, against the other seats' possible cards (the
  sets it has held and every revealed card, :mod:`.knowledge`), then by the level it would end
  on and whether that level is the top one (a lost preserver; elimination when none is left). It
  takes the low tide when that is safe, never takes the top tide without a preserver when a
  lower card is safe, and when the hand is lost anyway it plays its highest card (it then ends
  on the lower tide card, and drags the other taker down with it).
* ``easy`` is that heuristic with mistakes: ~30% of moves random, and no card memory (it assumes
  any card it does not hold could be anywhere).
* ``normal``'s search: determinized worlds (:meth:`Knowledge.sample_fast`), each of its
  cards played out to the end of the round on the fast path against the same world, the same
  choices of the seats still to choose and the same continuation (a cheap rule-of-thumb
  playout policy, :func:`_rule_card`), plus the heuristic's value as a fixed prior, with regret
  matching+ at the root. The move is drawn from the (purified) average strategy, a mixed
  strategy, so the choice cannot be read from the hand, and the number of playouts is fixed,
  so the time does not depend on the hand either. It never risks elimination when a safe card
  exists.
* ``strong`` is the same search with the other seats modelled as ``normal`` (:func:`modelled`):
  in each world every other seat's card of this hand, locked or not, is drawn from ``normal``'s
  own mixed strategy at what that seat would know in that world (:func:`seat_knowledge`, a
  smaller search of :data:`MODEL` playouts), and each of strong's cards is played out
  :data:`REST` times against it. Five times normal's playouts with the playout policy as the
  model of the others won only 28.1% of 90 games of the 3p field among normal (parity 33%): a
  sharper reply to a wrong model of the others. With the model it won 64% of the first 30
  games of a trial run (seeds from 1000, not the record's), at p50 ~190 ms a move.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from games.core import AnytimePolicy, Budget, Observation, Policy
from games.search import Rng, spent
from games.text import Msg, messages

from . import fast
from .fast import Fast
from .knowledge import Knowledge, knowledge

#: search iterations (playouts to the end of the round) per move of each search level; strong's
#: count only its own, each of its worlds runs a modelled normal search per other seat too
BUDGETS: dict[str, int] = {"normal": 240, "strong": 320}

#: the heuristic's weights: a lost preserver, an elimination, a level point, a spent extreme card
LOSE = 1.0
ELIMINATED = 3.0
LEVEL = 0.06
KEEP = 0.25
#: weight of the heuristic's card values in the strong search (see :func:`search`)
PRIOR = 1.0
#: continuations per candidate and world in ``strong``'s search (its worlds cost a normal
#: search per other seat, so each is played out several times)
REST = 2
#: playouts of each modelled ``normal`` search inside ``strong``'s (normal's own is 240: fewer
#: keep strong within its time, and the model stays mixed where normal's choice is close)
MODEL = 60

msg, msg_n = messages("turn_the_tide")


def _card(code: str) -> int:
    return int(code.partition(":")[2])


def playout(observation: Observation, seed: int) -> list[int]:
    """One determinization of ``observation`` played out at random to the end of the round on
    the fast path; returns the round's points per seat (``bench/search.py`` times this)."""
    rng = Rng(seed)
    world = knowledge(observation).sample_fast(rng)
    _random_rest(world, rng)
    return world.last


def _random_rest(f: Fast, rng: Rng) -> None:
    """Every waiting seat plays a uniformly random card until the round ends."""
    n = f.n
    step = fast.step
    z = rng.next64()
    while True:
        alive = f.alive
        chosen = f.chosen
        for s in range(n):
            if alive[s] and not chosen[s]:
                hand = f.hands[s]
                if z < _LOW:
                    z = rng.next64()
                size = len(hand)
                card = hand[z % size]
                z //= size
                if step(f, s, card, False):
                    return


def _top_two(f: Fast) -> tuple[int, int]:
    """The highest and second-highest level among active seats (equal when tied)."""
    first = second = -1
    alive = f.alive
    level = f.level
    for s in range(f.n):
        if alive[s]:
            v = level[s]
            if v > first:
                first, second = v, first
            elif v > second:
                second = v
    return first, second


def _rule_card(f: Fast, s: int, first: int, second: int, z: int) -> tuple[int, int]:
    """The playout policy's card for seat ``s`` and the unused entropy ``z``: a seat at the
    top level tries to take the low tide with its highest card; a seat without a preserver
    that could be handed the top tide ducks with its lowest; otherwise (and one move in three)
    a random card. Cheap, and far closer to real play than uniform moves, which throw away the
    worth of a kept high card or of a last preserver (it beat uniform playouts in the bench)."""
    hand = f.hands[s]
    roll = z % 3
    z //= 3
    mine = f.level[s]
    rival = second if mine == first else first
    if roll and mine >= rival and f.lo < mine:
        return hand[-1], z
    if roll and not f.up[s] and f.hi >= rival:
        return hand[0], z
    size = len(hand)
    return hand[z % size], z // size


def _greedy_rest(f: Fast, rng: Rng) -> None:
    """Every waiting seat plays by :func:`_rule_card` until the round ends."""
    n = f.n
    step = fast.step
    z = rng.next64()
    while True:
        first, second = _top_two(f)
        alive = f.alive
        chosen = f.chosen
        for s in range(n):
            if not alive[s] or chosen[s]:
                continue
            if z < _LOW:
                z = rng.next64()
            card, z = _rule_card(f, s, first, second, z)
            if step(f, s, card, False):
                return
            if not chosen[s]:
                break  # the hand was resolved: the next one has new levels and tide cards


_LOW = 1 << 24


# --- the heuristic (normal, easy) -----------------------------------------------------------------


def _below_fraction(cards: Sequence[int], value: int) -> float:
    if not cards:
        return 0.0
    return sum(1 for c in cards if c < value) / len(cards)


def _opponent_models(k: Knowledge, memory: bool) -> list[tuple[list[int], int, list[int]]]:
    """For each other active seat: (cards it surely holds, how many more it holds from the
    ``pool`` below, the pool). With memory: its set when this seat has held it, else the cards
    revealed from its set plus unknown ones; without: anything this seat does not hold."""
    seat = k.seat
    own = set(k.own_hand)
    if k.own_choice:
        own.add(k.own_choice)
    blind = [c for c in range(1, 61) if c not in own]
    models: list[tuple[list[int], int, list[int]]] = []
    for j in range(k.n):
        if j == seat or not k.alive[j]:
            continue
        known = k.possible(j)
        played = len(k.played[j])
        size = 12 - played
        if not memory:
            models.append(([], size, blind))
        elif known:
            models.append((known, 0, []))
        else:
            gone = k.played[j]
            sure = [c for c in k.pinned[k.set_of(j)] if c not in gone]
            models.append((sure, size - len(sure), list(k.pool)))
    return models


def _places(models: Sequence[tuple[list[int], int, list[int]]], card: int) -> tuple[float, ...]:
    """Chances that ``card`` comes first (takes the low tide), second (the high one) or
    neither, each other seat playing uniformly from its possible cards."""
    below = []
    for sure, extra, pool in models:
        total = len(sure) + extra
        if total <= 0:
            below.append(1.0)
            continue
        p = (sum(1 for c in sure if c < card) + extra * _below_fraction(pool, card)) / total
        below.append(p)
    p_first = 1.0
    for p in below:
        p_first *= p
    p_second = 0.0
    for i, p in enumerate(below):
        rest = 1.0 - p
        for j, q in enumerate(below):
            if j != i:
                rest *= q
        p_second += rest
    return p_first, p_second, max(0.0, 1.0 - p_first - p_second)


def _cases(k: Knowledge) -> tuple[tuple[int, int], ...]:
    """(level after, highest rival level) when this seat takes the low tide, the high tide or
    nothing: when it takes one tide card another seat takes the other."""
    seat = k.seat
    lo, hi = k.tide_now
    others = [k.levels[j] for j in range(k.n) if j != seat and k.alive[j]]
    top_other = max(others) if others else 0
    return ((lo, max(top_other, hi)), (hi, top_other), (k.levels[seat], max(top_other, hi)))


def safe_cards(k: Knowledge) -> list[int]:
    """The cards in hand that cannot lose a preserver this hand, whatever the others hold (as
    far as this seat knows): every place the card can come in keeps it below the top level."""
    models = _opponent_models(k, True)
    losing = [level >= rival for level, rival in _cases(k)]
    safe = []
    for card in k.own_hand:
        chances = _places(models, card)
        if not any(p > 1e-9 and lose for p, lose in zip(chances, losing, strict=True)):
            safe.append(card)
    return safe


def card_values(k: Knowledge, memory: bool = True) -> dict[int, float]:
    """The heuristic value of each card in hand (higher is better); see the module docstring."""
    models = _opponent_models(k, memory)
    seat = k.seat
    up = k.up[seat]
    loss = LOSE + (0.3 if up == 1 else 0.0) if up > 0 else ELIMINATED
    hands_left = 12 - k.hand_no
    keep = KEEP if hands_left > 1 else 0.0
    cases = _cases(k)
    if all(level >= rival for level, rival in cases):
        # nothing saves a preserver this hand: keeping cards is worth nothing against ending on a
        # lower level, and a tide card taken at the top level costs the other taker one too
        keep = 0.0
    outcomes = [-(loss if level >= rival else 0.0) - LEVEL * level for level, rival in cases]
    values: dict[int, float] = {}
    for card in k.own_hand:
        chances = _places(models, card)
        expected = sum(p * v for p, v in zip(chances, outcomes, strict=True))
        values[card] = expected - keep * abs(card - 30.5) / 29.5
    return values


def candidates(k: Knowledge) -> list[int]:
    """The cards worth considering: all of them, except that a seat without a preserver never
    risks elimination when a safe card exists (the rule every level but ``easy`` keeps)."""
    if k.up[k.seat] == 0:
        safe = safe_cards(k)
        if safe:
            return safe
    return list(k.own_hand)


def heuristic_choice(k: Knowledge, memory: bool = True) -> int:
    """The best card by :func:`card_values` among :func:`candidates` (with memory); ties go to
    the higher card (it takes the lower tide card when both tied cards end up taking one)."""
    values = card_values(k, memory)
    allowed = candidates(k) if memory else list(values)
    return max(allowed, key=lambda c: (round(values[c], 9), c))


def heuristic(observation: Observation, seed: int) -> str:
    """The heuristic with full card memory (deterministic): ``normal`` until issue 43."""
    del seed
    k = knowledge(observation)
    return f"play:{heuristic_choice(k)}"


def normal(observation: Observation, seed: int) -> str:
    """The ``normal`` level: :func:`search` with its small declared budget."""
    return search(observation, seed, BUDGETS["normal"])


def easy(observation: Observation, seed: int) -> str:
    """The ``easy`` level: about 30% random moves, otherwise the heuristic without card memory."""
    rng = Rng(seed)
    if rng.random() < 0.3:
        return observation.legal[rng.below(len(observation.legal))]
    k = knowledge(observation)
    return f"play:{heuristic_choice(k, memory=False)}"


# --- the search (strong) --------------------------------------------------------------------------


def _value(f: Fast, seat: int) -> float:
    """The seat's round points against the other seats' mean (the game is won on totals)."""
    points = f.last
    n = f.n
    return points[seat] - (sum(points) - points[seat]) / (n - 1)


def search(
    observation: Observation,
    seed: int,
    iterations: int,
    rollout: Callable[[Fast, Rng], None] | None = None,
    budget: Budget | None = None,
) -> str:
    """Regret matching at the root over determinized worlds; returns a code drawn from the
    average strategy. ``iterations`` playouts in all (``iterations // cards`` worlds)."""
    k, legal = _searched(observation)
    if len(legal) == 1:
        return legal[0]
    rng = Rng(seed)
    cards = [_card(code) for code in legal]
    kept = _root(k, cards, iterations, rng, rollout or _greedy_rest, budget)
    return legal[_draw(kept, rng)]


def _draw(weights: Sequence[float], rng: Rng) -> int:
    """An index drawn in proportion to ``weights`` (some positive)."""
    pick = rng.random() * sum(weights)
    for i, w in enumerate(weights):
        pick -= w
        if pick < 0 and w > 0:
            return i
    return max(range(len(weights)), key=lambda i: weights[i])


def _rule_others(k: Knowledge, world: Fast, rng: Rng) -> None:
    """The seats still to choose pick by the playout policy (:func:`_rule_card`); the locked
    choices stay as sampled (uniform over each seat's possible cards)."""
    first, second = _top_two(world)
    for j in fast.to_act(world):
        if j != k.seat:
            card, _z = _rule_card(world, j, first, second, rng.next64())
            world.hands[j].remove(card)
            world.chosen[j] = card


def _root(
    k: Knowledge,
    cards: Sequence[int],
    iterations: int,
    rng: Rng,
    finish: Callable[[Fast, Rng], None],
    budget: Budget | None = None,
    others: Callable[[Knowledge, Fast, Rng], None] = _rule_others,
    rests: int = 1,
) -> list[float]:
    """Regret matching+ over ``cards`` (this seat's candidates) in worlds sampled from ``k``;
    returns the purified average strategy (weights by card). Each world, ``others`` fixes the
    other seats' cards of this hand, then every candidate is played out ``rests`` times
    against the same choices and continuations. ``iterations`` playouts in all."""
    m = len(cards)
    seat = k.seat
    regrets = [0.0] * m
    total = [0.0] * m
    # the heuristic's judgement as a fixed prior added to every playout's value: random playouts
    # see neither the cost of an elimination risk nor the worth of a kept extreme card
    values_now = card_values(k)
    prior = [PRIOR * values_now[card] for card in cards]
    worlds = max(1, iterations // (m * rests))
    step = fast.step
    for weight in range(1, worlds + 1):
        if spent(budget, (weight - 1) * m * rests):
            break
        world = k.sample_fast(rng)
        others(k, world, rng)
        values = [0.0] * m
        for _ in range(rests):
            rest = rng.next64()
            for i, card in enumerate(cards):
                g = world.copy()
                if not step(g, seat, card, False):
                    finish(g, Rng(rest))
                values[i] += _value(g, seat)
        for i in range(m):
            values[i] = values[i] / rests + prior[i]
        # regret matching+ (regrets floored at zero) with linearly weighted averaging: both
        # forget the first, uninformed iterations faster than plain regret matching
        norm = sum(regrets)
        strategy = [r / norm for r in regrets] if norm > 0 else [1.0 / m] * m
        expected = sum(s * v for s, v in zip(strategy, values, strict=True))
        for i in range(m):
            regret = regrets[i] + values[i] - expected
            regrets[i] = regret if regret > 0 else 0.0
            total[i] += weight * strategy[i]
    # the average strategy, purified: actions played less than half as often as the favourite
    # are dropped (early, uninformed iterations spread weight everywhere); the rest stay mixed
    best = max(total)
    return [t if t >= 0.5 * best else 0.0 for t in total]


# --- strong: the other seats modelled as normal ---------------------------------------------------


def seat_knowledge(k: Knowledge, world: Fast, j: int) -> Knowledge:
    """What seat ``j`` would know if ``world`` were the real deal, as its own observation
    would tell it: the public part of ``k``, every hand set ``j`` was dealt by a ``deal`` event
    (sets pass left: in round r it holds set j-r; round 0's deal is in every seat's history
    since the start's events are), and its hand in ``world``; its own choice not yet made."""
    n = k.n
    other = Knowledge.__new__(Knowledge)
    for name in _PUBLIC:
        setattr(other, name, getattr(k, name))
    rnd = k.rnd
    sets: list[tuple[int, ...] | None] = [None] * n
    for r in range(rnd + 1):
        index = (j - r) % n
        sets[index] = world.sets[index]
    seen: set[int] = set()
    for index in range(n):
        known = sets[index]
        if known is not None:
            seen.update(known)
        seen.update(k.pinned[index])
    other.seat = j
    other.sets = sets
    other.own_hand = tuple(sorted(world.hands[j]))
    other.own_choice = 0
    flags = k.chosen_flags[:]
    flags[j] = False
    other.chosen_flags = flags
    other.pool = tuple(c for c in range(1, 61) if c not in seen)
    other.unknown = tuple(index for index in range(n) if sets[index] is None)
    return other


_PUBLIC = (
    "alive",
    "allow",
    "down",
    "hand_no",
    "last",
    "levels",
    "n",
    "pinned",
    "played",
    "reveals",
    "rnd",
    "scores",
    "show_history",
    "stacks",
    "tide_left",
    "tide_now",
    "up",
)


def _normal_others(k: Knowledge, world: Fast, rng: Rng) -> None:
    """Every other active seat's card of this hand drawn from ``normal``'s own mixed strategy
    at that seat's knowledge in ``world`` (:func:`seat_knowledge`), locked or not: the seat
    ``strong`` most often meets is ``normal``, and the playout rule of thumb is not how it
    plays. A locked choice sampled uniformly goes back to its hand and is drawn again so."""
    seat = k.seat
    picks: list[tuple[int, int]] = []
    for j in range(k.n):
        if j == seat or not world.alive[j]:
            continue
        if world.chosen[j]:
            world.hands[j].append(world.chosen[j])
            world.hands[j].sort()
            world.chosen[j] = 0
    for j in range(k.n):
        if j == seat or not world.alive[j]:
            continue
        kj = seat_knowledge(k, world, j)
        options = candidates(kj)
        if len(options) == 1:
            picks.append((j, options[0]))
            continue
        kept = _root(kj, options, MODEL, Rng(rng.next64()), _greedy_rest)
        picks.append((j, options[_draw(kept, rng)]))
    for j, card in picks:
        world.hands[j].remove(card)
        world.chosen[j] = card


def modelled(
    observation: Observation,
    seed: int,
    iterations: int,
    budget: Budget | None = None,
    rests: int = REST,
) -> str:
    """``strong``'s search: :func:`_root` with the other seats played as ``normal`` would
    play them in each sampled world. ``iterations`` counts our own playouts; each world also
    runs one ``normal`` search per other seat, so it costs about as much again."""
    k, legal = _searched(observation)
    if len(legal) == 1:
        return legal[0]
    rng = Rng(seed)
    cards = [_card(code) for code in legal]
    kept = _root(k, cards, iterations, rng, _greedy_rest, budget, _normal_others, rests)
    return legal[_draw(kept, rng)]


def strong(observation: Observation, seed: int) -> str:
    """The ``strong`` level: :func:`modelled` with the declared budget."""
    return modelled(observation, seed, BUDGETS["strong"])


def strong_timed(observation: Observation, seed: int, budget: Budget) -> str:
    """``strong`` stopping at a time budget too (the bot's ``[tables] ai_seconds``)."""
    return modelled(observation, seed, BUDGETS["strong"], budget=budget)


def hint(observation: Observation, seed: int) -> tuple[str, Msg]:
    """``normal``'s card for this observation, with the case of the heuristic it falls in, in
    plain words (the 💡 Hint button). The card is the search's; the reason reads the same
    chances the heuristic weighs (which place the card may come in, against the others'
    possible cards), so it says what the card is likely to do."""
    code = normal(observation, seed)
    if len(observation.legal) == 1:
        return code, msg("it is your only card")
    k = knowledge(observation)
    card = int(code.partition(":")[2])
    if all(level >= rival for level, rival in _cases(k)):
        return code, msg("this hand costs you a preserver whatever you play: spend a high card")
    first, second, neither = _places(_opponent_models(k, True), card)
    if card in safe_cards(k):
        if first > 0.5:
            return code, msg("takes the low tide card without risking a preserver")
        return code, msg("cannot cost you a preserver, whatever the others hold")
    if neither >= max(first, second):
        return code, msg("likely takes no tide card, and keeps your extreme cards for later")
    if first >= second:
        return code, msg("likely the highest card: it takes the low tide card")
    return code, msg("likely the second highest: the high tide card is worth the risk here")


LEVELS: dict[str, Policy] = {"easy": easy, "normal": normal, "strong": strong}
#: the levels that can stop at a time budget
ANYTIME: dict[str, AnytimePolicy] = {"strong": strong_timed}


def _searched(observation: Observation) -> tuple[Knowledge, list[str]]:
    """The seat's knowledge and the legal codes a search weighs (the candidates its
    knowledge leaves), shared by normal's and strong's searches."""
    k = knowledge(observation)
    allowed = set(candidates(k))
    return k, [code for code in observation.legal if _card(code) in allowed]
