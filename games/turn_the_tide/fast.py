"""The cheap path for AI search: the same rules as :mod:`rules`, on a mutable compact state.

Why a second path: a strong AI seat plays thousands of hands per decision, and the public engine
builds a frozen :class:`State`, ``Action`` objects and events at every step (issue 19). Here a
state is a handful of small lists that :meth:`Fast.copy` duplicates cheaply, moves are weather
card ints (``play:<n>`` without the string), and :func:`step` applies a move in place without
building an event. The public engine stays the reference: ``tests/games/turn_the_tide/test_fast.py``
pins this path to it over many seeded random games (same seats waited for, same legal cards at
every step, same scores, the same tide decks in later rounds).
"""

from __future__ import annotations

from games.cards import shuffled

from .cards import HANDS_PER_ROUND, TIDE
from .state import State


class Fast:
    """A Turn the Tide position for search. Lists are owned by this object (mutated by
    :func:`step`); the hand sets and the allowances are shared read-only tuples.

    ``hands`` are ascending lists of the cards each seat has not played (a locked card has left
    it, as in :class:`State`); ``chosen`` the locked cards of this hand (0 = none); ``level`` the
    top of each tide stack (the covered cards never matter to the rules); ``tide``/``tpos`` the
    round's tide deck and how far it has been flipped; ``round_over`` is set when a round ends and
    :func:`step` was told not to start the next one (a playout to the end of the round).
    """

    __slots__ = (
        "alive",
        "allow",
        "chosen",
        "down",
        "hand_no",
        "hands",
        "hi",
        "last",
        "level",
        "lo",
        "n",
        "rnd",
        "rng",
        "round_over",
        "scores",
        "sets",
        "tide",
        "tpos",
        "up",
    )

    n: int
    sets: tuple[tuple[int, ...], ...]
    allow: tuple[int, ...]
    rng: int
    rnd: int
    hand_no: int
    tide: tuple[int, ...]
    tpos: int
    lo: int
    hi: int
    hands: list[list[int]]
    chosen: list[int]
    up: list[int]
    down: list[int]
    level: list[int]
    alive: list[bool]
    scores: list[int]
    last: list[int]
    round_over: bool

    def copy(self) -> Fast:
        """An independent copy (only the mutable lists are duplicated)."""
        other = Fast.__new__(Fast)
        other.n = self.n
        other.sets = self.sets
        other.allow = self.allow
        other.rng = self.rng
        other.rnd = self.rnd
        other.hand_no = self.hand_no
        other.tide = self.tide
        other.tpos = self.tpos
        other.lo = self.lo
        other.hi = self.hi
        other.hands = [h[:] for h in self.hands]
        other.chosen = self.chosen[:]
        other.up = self.up[:]
        other.down = self.down[:]
        other.level = self.level[:]
        other.alive = self.alive[:]
        other.scores = self.scores[:]
        other.last = self.last[:]
        other.round_over = self.round_over
        return other

    @property
    def over(self) -> bool:
        """The game ends after round n-1 (§4)."""
        return self.rnd >= self.n


def from_state(state: State) -> Fast:
    """The compact form of a public state (the tide deck's flipped cards are not needed)."""
    f = Fast.__new__(Fast)
    f.n = state.players
    f.sets = state.sets
    f.allow = state.allowances
    f.rng = state.rng
    f.rnd = state.round
    f.hand_no = state.hand_no
    f.tide = state.tide_deck
    f.tpos = 0
    if state.tide_now:
        f.lo, f.hi = state.tide_now
    else:
        f.lo = f.hi = 0
    f.hands = [list(h) for h in state.hands]
    f.chosen = list(state.chosen)
    f.up = list(state.up)
    f.down = list(state.down)
    f.level = [s[-1] if s else 0 for s in state.stacks]
    f.alive = [not e for e in state.eliminated]
    f.scores = list(state.scores)
    f.last = list(state.last_points)
    f.round_over = False
    return f


def to_act(f: Fast) -> list[int]:
    """Seats the game waits for: every active seat without a locked choice (§3.2)."""
    if f.round_over or f.rnd >= f.n:
        return []
    chosen = f.chosen
    alive = f.alive
    return [s for s in range(f.n) if alive[s] and not chosen[s]]


def legal(f: Fast, seat: int) -> list[int]:
    """The weather cards ``seat`` may play now, ascending (the public order of codes)."""
    if f.round_over or f.rnd >= f.n or not f.alive[seat] or f.chosen[seat]:
        return []
    return f.hands[seat][:]


def step(f: Fast, seat: int, card: int, next_round: bool = True) -> bool:
    """Lock ``card`` for ``seat`` (assumed legal) and, once every active seat has chosen,
    resolve the hand. Returns whether a round ended; with ``next_round`` false the next round is
    not dealt (``round_over`` is set instead), which is where a search playout stops."""
    f.hands[seat].remove(card)
    chosen = f.chosen
    chosen[seat] = card
    alive = f.alive
    n = f.n
    for s in range(n):
        if alive[s] and not chosen[s]:
            return False
    return resolve(f, next_round)


def resolve(f: Fast, next_round: bool = True) -> bool:
    """§3.3 on the compact state: highest takes lo, second takes hi, every active seat at the
    top level loses a preserver or is eliminated (D2, D4); then §3.4's end-of-round check."""
    n = f.n
    chosen = f.chosen
    alive = f.alive
    level = f.level
    first = second = -1
    c1 = c2 = 0
    for s in range(n):
        c = chosen[s]
        if c > c1:
            second, c2 = first, c1
            first, c1 = s, c
        elif c > c2:
            second, c2 = s, c
    level[first] = f.lo
    level[second] = f.hi
    top = 0
    for s in range(n):
        if alive[s] and level[s] > top:
            top = level[s]
    up = f.up
    remaining = 0
    for s in range(n):
        if not alive[s]:
            continue
        if level[s] == top:
            if up[s] > 0:
                up[s] -= 1
                f.down[s] += 1
                remaining += 1
            else:
                alive[s] = False
        else:
            remaining += 1
        chosen[s] = 0
    f.hand_no += 1
    if remaining <= 2 or f.hand_no >= HANDS_PER_ROUND:
        end_round(f, next_round)
        return True
    pos = f.tpos
    a = f.tide[pos]
    b = f.tide[pos + 1]
    f.tpos = pos + 2
    if a <= b:
        f.lo, f.hi = a, b
    else:
        f.lo, f.hi = b, a
    return False


def round_points(f: Fast) -> list[int]:
    """§4 on the compact state: −1 eliminated; face-up preservers, +1 at the lowest active level."""
    alive = f.alive
    level = f.level
    low = min(level[s] for s in range(f.n) if alive[s])
    return [(f.up[s] + (1 if level[s] == low else 0)) if alive[s] else -1 for s in range(f.n)]


def end_round(f: Fast, next_round: bool = True) -> None:
    """Score the round; then deal the next round as :func:`rules.start_round` does (same RNG
    use, so later tide decks match the public engine's), end the game, or stop here."""
    points = round_points(f)
    f.scores = [a + b for a, b in zip(f.scores, points, strict=True)]
    f.last = points
    if not next_round:
        f.round_over = True
        return
    n = f.n
    rnd = f.rnd + 1
    if rnd >= n:
        f.rnd = n
        f.lo = f.hi = 0
        return
    deck, f.rng = shuffled(TIDE, f.rng)
    f.rnd = rnd
    f.hand_no = 0
    f.hands = [list(f.sets[(s - rnd) % n]) for s in range(n)]
    f.up = [f.allow[(s - rnd) % n] for s in range(n)]
    f.down = [0] * n
    f.chosen = [0] * n
    f.level = [0] * n
    f.alive = [True] * n
    lo, hi = sorted(deck[:2])
    f.tide = tuple(deck)
    f.tpos = 2
    f.lo, f.hi = lo, hi


def winners(f: Fast) -> list[int]:
    """Highest total wins, ties share (D8); empty before the end."""
    if f.rnd < f.n:
        return []
    best = max(f.scores)
    return [s for s in range(f.n) if f.scores[s] == best]
