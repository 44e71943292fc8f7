"""What one seat knows, read from its observation, and full states sampled consistently with it.

Why from the events and not the view alone: by default the view shows only the latest reveal
(D9), but a seat saw every reveal and every hand it was dealt. So the seat knows:

* every hand set it has held (the private ``deal`` event of each round, D11: sets pass left, so
  in round r seat s has held H_{(s-r') mod n} for r' <= r, and in the last round every set);
* every weather card revealed in any round, and so which set it belongs to (the seat that
  played it in round r' plays H_{(seat-r') mod n});
* the public table: levels, preservers (so each set's allowance, which constrains the unseen
  sets: a sampled set must give exactly that many tokens), tide cards flipped this round.

It does not know the unseen sets' other cards (drawn from the cards it has never seen), another
seat's locked but unrevealed choice (re-drawn from that seat's possible cards, never read), the
order of the rest of the tide deck, nor the engine's RNG for later rounds.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from games.core import Observation
from games.search import Rng

from .cards import HAND_SIZE, TIDE, allowance, halves
from .fast import Fast
from .state import Reveal, State

_HALVES: tuple[int, ...] = tuple(halves(v) for v in range(61))
#: card code -> value (a dict lookup is cheaper than ``int`` on the event-parsing path)
_VALUE: dict[str | None, int] = {None: 0, **{str(v): v for v in range(1, 61)}}


class Knowledge:
    """One seat's knowledge at a decision, parsed once; :meth:`sample` draws worlds from it.

    ``sets[k]`` is a known hand set (tuple) or ``None``; ``pinned[k]`` the cards known to belong
    to set k (revealed when it was played); ``played[j]`` the cards seat j revealed this round;
    ``pool`` the cards the seat has never seen (the unseen sets' other cards, and the cards
    removed at the deal with 3-4 players).
    """

    __slots__ = (
        "alive",
        "allow",
        "chosen_flags",
        "down",
        "hand_no",
        "last",
        "levels",
        "n",
        "own_choice",
        "own_hand",
        "pinned",
        "played",
        "pool",
        "reveals",
        "rnd",
        "scores",
        "seat",
        "sets",
        "show_history",
        "stacks",
        "tide_left",
        "tide_now",
        "unknown",
        "up",
    )

    def __init__(self, obs: Observation) -> None:
        view = obs.view
        n = self.n = int(view["players"])
        s = self.seat = obs.seat
        rnd = self.rnd = int(view["round"]) - 1
        self.show_history = bool(view["options"]["show_history"])
        seats = view["seats"]
        sets: list[tuple[int, ...] | None] = [None] * n
        pinned: list[set[int]] = [set() for _ in range(n)]
        played: list[list[int]] = [[] for _ in range(n)]
        stacks: list[list[int]] = [[] for _ in range(n)]
        reveals: list[Reveal] = []
        value = _VALUE
        for event in obs.events:
            kind = event.kind
            if kind == "reveal":
                data = event.data
                r = data["round"] - 1
                choices = [value[c] for c in data["choices"]]
                for j in range(n):
                    card = choices[j]
                    if card:
                        pinned[(j - r) % n].add(card)
                if r == rnd:
                    lo, hi = (value[c] for c in data["tide"])
                    lo_to, hi_to = data["lo_to"], data["hi_to"]
                    stacks[lo_to].append(lo)
                    stacks[hi_to].append(hi)
                    reveals.append((lo, hi, lo_to, hi_to, tuple(choices)))
                    for j in range(n):
                        card = choices[j]
                        if card:
                            played[j].append(card)
            elif kind == "deal":
                r = event.data["round"] - 1
                sets[(s - r) % n] = tuple(sorted(value[c] for c in event.data["hand"]))
        own = view.get("chosen_card")
        self.own_choice = int(own) if own else 0
        self.own_hand = tuple(int(c) for c in view["hand"])
        # the seat's current set from its view too, so an observation whose history lacks
        # the start's events (a test's, built by hand) still knows the hand it holds
        current = [*self.own_hand, *played[s]]
        if self.own_choice:
            current.append(self.own_choice)
        sets[(s - rnd) % n] = tuple(sorted(current))
        self.sets = sets
        self.pinned = [tuple(sorted(p)) for p in pinned]
        self.played = [tuple(p) for p in played]
        self.stacks = [tuple(st) for st in stacks]
        self.reveals = tuple(reveals)
        self.hand_no = len(reveals)
        seen: set[int] = set()
        for k in range(n):
            known = sets[k]
            if known is not None:
                seen.update(known)
            seen.update(pinned[k])
        self.pool = tuple(c for c in range(1, 61) if c not in seen)
        self.unknown = tuple(k for k in range(n) if sets[k] is None)
        up = [int(x["preservers_up"]) for x in seats]
        down = [int(x["preservers_down"]) for x in seats]
        self.up, self.down = up, down
        allow = [0] * n
        for j in range(n):
            allow[(j - rnd) % n] = up[j] + down[j]
        self.allow = tuple(allow)
        self.alive = [not x["eliminated"] for x in seats]
        self.levels = [int(x["level"]) for x in seats]
        self.chosen_flags = [bool(x["chosen"]) for x in seats]
        self.tide_now = tuple(int(c) for c in view["tide"])
        used = list(self.tide_now)
        for lo, hi, _a, _b, _c in reveals:
            used += (lo, hi)
        left = list(TIDE)
        for card in used:
            left.remove(card)
        self.tide_left = tuple(left)
        self.scores = [int(x) for x in view["scores"]]
        self.last = [int(x) for x in view["last_round_points"]]

    def set_of(self, seat: int) -> int:
        """The index of the hand set ``seat`` plays this round (§2)."""
        return (seat - self.rnd) % self.n

    def possible(self, seat: int, sets: Sequence[Sequence[int]] | None = None) -> list[int]:
        """The cards ``seat`` may still hold or have locked this hand: its set (known, or the
        given sampled one) minus what it revealed this round. ``[]`` for an unseen set with no
        sample (use :attr:`pool` then)."""
        full = (sets or self.sets)[self.set_of(seat)]
        if full is None:
            return []
        gone = self.played[seat]
        return [c for c in full if c not in gone]

    def sample_sets(self, rng: Rng) -> list[tuple[int, ...]]:
        """Every hand set: the known ones as they are, each unseen one its pinned cards plus
        cards drawn from :attr:`pool`, repaired by random swaps until each gives its public
        allowance (so the sample is one the seat cannot rule out)."""
        sets = self.sets
        unknown = self.unknown
        if not unknown:
            return [s for s in sets if s is not None]
        pool = list(self.pool)
        _draw_front(pool, sum(HAND_SIZE - len(self.pinned[k]) for k in unknown), rng)
        free: list[list[int]] = []
        pos = 0
        for k in unknown:
            need = HAND_SIZE - len(self.pinned[k])
            free.append(pool[pos : pos + need])
            pos += need
        spare = pool[pos:]
        _repair(
            free, spare, [self.pinned[k] for k in unknown], [self.allow[k] for k in unknown], rng
        )
        out: list[tuple[int, ...]] = []
        index = 0
        for k in range(self.n):
            known = sets[k]
            if known is None:
                out.append(tuple(sorted((*self.pinned[k], *free[index]))))
                index += 1
            else:
                out.append(known)
        return out

    def sample_choices(self, sets: Sequence[Sequence[int]], rng: Rng) -> list[int]:
        """Locked choices: the seat's own as it saw it; another seat's drawn from its possible
        cards (D5: a locked card is hidden, so it is never read from the real state)."""
        chosen = [0] * self.n
        for j in range(self.n):
            if j == self.seat:
                chosen[j] = self.own_choice
            elif self.chosen_flags[j] and self.alive[j]:
                chosen[j] = rng.choice(self.possible(j, sets))
        return chosen

    def sample_fast(self, rng: Rng) -> Fast:
        """A world for search, directly in the compact form (no public state built)."""
        n = self.n
        sets = self.sample_sets(rng)
        chosen = self.sample_choices(sets, rng)
        tide = list(self.tide_left)
        _draw_front(tide, len(tide), rng)
        f = Fast.__new__(Fast)
        f.n = n
        f.sets = tuple(sets)
        f.allow = self.allow
        f.rng = rng.next64()
        f.rnd = self.rnd
        f.hand_no = self.hand_no
        f.tide = tuple(tide)
        f.tpos = 0
        if self.tide_now:
            f.lo, f.hi = self.tide_now
        else:
            f.lo = f.hi = 0
        hands = []
        for j in range(n):
            gone = self.played[j]
            mine = chosen[j]
            hands.append([c for c in sets[(j - self.rnd) % n] if c != mine and c not in gone])
        f.hands = hands
        f.chosen = chosen
        f.up = self.up[:]
        f.down = self.down[:]
        f.level = self.levels[:]
        f.alive = self.alive[:]
        f.scores = self.scores[:]
        f.last = self.last[:]
        f.round_over = False
        return f

    def sample_state(self, rng: Rng) -> State:
        """A full public :class:`State` the seat cannot tell from the real one."""
        n = self.n
        sets = self.sample_sets(rng)
        chosen = self.sample_choices(sets, rng)
        tide = list(self.tide_left)
        _draw_front(tide, len(tide), rng)
        hands = []
        for j in range(n):
            gone = self.played[j]
            mine = chosen[j]
            hands.append(tuple(c for c in sets[(j - self.rnd) % n] if c != mine and c not in gone))
        return State(
            players=n,
            show_history=self.show_history,
            sets=tuple(sets),
            allowances=tuple(allowance(s) for s in sets),
            rng=rng.next64(),
            round=self.rnd,
            hand_no=self.hand_no,
            tide_deck=tuple(tide),
            tide_now=self.tide_now,
            hands=tuple(hands),
            chosen=tuple(chosen),
            up=tuple(self.up),
            down=tuple(self.down),
            stacks=tuple(self.stacks),
            eliminated=tuple(not a for a in self.alive),
            scores=tuple(self.scores),
            reveals=self.reveals,
            last_points=tuple(self.last),
        )


_LOW = 1 << 24


def _draw_front(items: list[int], count: int, rng: Rng) -> None:
    """Put ``count`` uniformly drawn items, in random order, at the front of ``items`` (a partial
    Fisher-Yates). Several indices come out of one 64-bit draw (mixed radix, redrawn below
    2**24, so the bias stays under 2**-20): a search draws thousands of worlds per move."""
    size = len(items)
    z = rng.next64()
    for i in range(min(count, size - 1)):
        if z < _LOW:
            z = rng.next64()
        k = size - i
        j = i + z % k
        z //= k
        items[i], items[j] = items[j], items[i]


def _by_halves(cards: Sequence[int]) -> tuple[list[int], list[int], list[int]]:
    """Positions of ``cards`` by icon halves (0, 1, 2)."""
    out: tuple[list[int], list[int], list[int]] = ([], [], [])
    h = _HALVES
    for index, card in enumerate(cards):
        out[h[card]].append(index)
    return out


def _violation(total: int, allow: int) -> int:
    """How far a set's icon halves are from giving ``allow`` tokens (floor(halves/2) == allow)."""
    if total < 2 * allow:
        return 2 * allow - total
    if total > 2 * allow + 1:
        return total - 2 * allow - 1
    return 0


def _repair(
    free: list[list[int]],
    spare: list[int],
    pinned: Sequence[Sequence[int]],
    allows: Sequence[int],
    rng: Rng,
) -> None:
    """Swap drawn cards between the unseen sets and the spare cards until every unseen set
    gives its public allowance. Each swap moves icon halves from a set with too many (or the
    spare cards) to one with too few, and never increases the total violation; the real deal is
    one solution, so this ends (the cards are redrawn if it ever stalls).
    """
    h = _HALVES
    m = len(free)
    totals = [sum(h[c] for c in pinned[i]) + sum(h[c] for c in free[i]) for i in range(m)]
    bad = [_violation(totals[i], allows[i]) for i in range(m)]
    if not any(bad):
        return
    containers = [*free, spare]
    for attempt in range(3_000):
        wrong = [i for i in range(m) if bad[i]]
        if not wrong:
            return
        i = wrong[rng.below(len(wrong))]
        short = totals[i] < 2 * allows[i]
        # swaps grouped by the icon halves of the two cards: (weight, xs, j, ys, d)
        moves: list[tuple[int, list[int], int, list[int], int]] = []
        sideways: list[tuple[int, list[int], int, list[int], int]] = []
        before_i = bad[i]
        mine = _by_halves(free[i])
        for j, box in enumerate(containers):
            if j == i:
                continue
            theirs = _by_halves(box)
            for hx in (0, 1, 2):
                xs = mine[hx]
                if not xs:
                    continue
                for hy in (0, 1, 2):
                    ys = theirs[hy]
                    d = hy - hx
                    if not ys or ((d <= 0) if short else (d >= 0)):
                        continue
                    after = _violation(totals[i] + d, allows[i])
                    before = before_i
                    if j < m:
                        before += bad[j]
                        after += _violation(totals[j] - d, allows[j])
                    if after < before:
                        moves.append((len(xs) * len(ys), xs, j, ys, d))
                    elif after == before:
                        sideways.append((len(xs) * len(ys), xs, j, ys, d))
        if not moves:
            # a plateau: a neutral swap (another set keeps its violation) walks off it
            moves = sideways
        if not moves or attempt % 300 == 299:
            everything = [c for box in containers for c in box]
            rng.shuffle(everything)
            pos = 0
            for box in containers:
                size = len(box)
                box[:] = everything[pos : pos + size]
                pos += size
            totals = [sum(h[c] for c in pinned[k]) + sum(h[c] for c in free[k]) for k in range(m)]
            bad = [_violation(totals[k], allows[k]) for k in range(m)]
            continue
        pick = rng.below(sum(move[0] for move in moves))
        chosen = moves[-1]
        for move in moves:
            if pick < move[0]:
                chosen = move
                break
            pick -= move[0]
        _weight, xs, j, ys, d = chosen
        a = xs[rng.below(len(xs))]
        b = ys[rng.below(len(ys))]
        free[i][a], containers[j][b] = containers[j][b], free[i][a]
        totals[i] += d
        bad[i] = _violation(totals[i], allows[i])
        if j < m:
            totals[j] -= d
            bad[j] = _violation(totals[j], allows[j])
    if any(bad):
        raise RuntimeError("Turn the Tide: no hand sets fit the public preserver allowances")


def knowledge(obs: Observation) -> Knowledge:
    """The parsed knowledge of ``obs``, cached for the last observation seen (a search samples
    hundreds of worlds from one observation; parsing its events once is enough)."""
    cached = _CACHE.get(id(obs))
    if cached is not None and cached[0] is obs:
        return cached[1]
    found = Knowledge(obs)
    _CACHE.clear()
    _CACHE[id(obs)] = (obs, found)
    return found


_CACHE: dict[int, tuple[Observation, Knowledge]] = {}


def obs_rng(rng: Any) -> Rng:
    """The ``rng`` argument of the Determinizer hook (a 64-bit seed) or an :class:`Rng`."""
    return rng if isinstance(rng, Rng) else Rng(int(rng))
