"""A cheap path for AI search (issue 19 item 3): the same rules as :mod:`rules`, on a mutable
state with no events, no ``Action`` objects and no frozen copies.

Why a second implementation: a search runs thousands of playouts per decision, and the public
engine pays for what only people need (events, immutable states, readable refusals). Here a
board position keeps only its top card (the rules read nothing else; a face-down card
remembers the top it covered, so a caught bluff can be taken back), the deck is a list with
its top at the end (a draw is ``pop``), and a move is a tuple ``(verb, card, slot, index,
suit)``. :func:`code` turns a move into the public action code and :func:`parse` back, and
``tests/games/game_of_rows/test_fast.py`` pins :func:`legal_codes`, :func:`apply_code` and the
outcome to the public engine over many seeded random games.

A :class:`Sim` is built from a public :class:`State` (:func:`from_state`), or by the
determinizer straight from an observation; nothing converts back, the public engine stays the
only source of states that people see.
"""

from __future__ import annotations

from games.cards import shuffled
from games.game_of_rows.cards import BLOCKERS, JOKER, NUMBERS, SUITS, UNBLOCKERS, VALUE
from games.game_of_rows.rules import HAND_SIZE, MAX_FACE_DOWN, ROWS_TO_END, ranking
from games.game_of_rows.state import CHALLENGE, OVER, TURN, State

Entry = tuple[str, int]
#: (verb, card, slot, index 0..8, declared suit); slot -1 is a new row; card "" for skip/end/..
Move = tuple[int, str, int, int, str]

PLACE, DOWN, BLOCK, UNBLOCK, SKIP, END, CALL, PASS = range(8)
VERB_NAMES = ("place", "down", "block", "unblock", "skip", "end", "call", "pass")
_VERB_OF = {name: i for i, name in enumerate(VERB_NAMES)}

#: face-up cards that count as FILLED (§3.1): number cards and Jokers
_FILLS = frozenset(NUMBERS | {JOKER})
_ORDER = {c: (VALUE[c], c[-1]) for c in VALUE}


def filled(entry: Entry | None) -> bool:
    return entry is not None and (entry[1] >= 0 or entry[0] in _FILLS)


def _usable(entry: Entry | None) -> bool:
    """EMPTY or OPEN (a face-up unblocker): where a number card, Joker or face-down card may
    land if the position is a spot at all."""
    return entry is None or (entry[1] < 0 and entry[0] in UNBLOCKERS)


def anchored(tops: list[Entry | None]) -> bool:
    return filled(tops[0]) and filled(tops[8])


def frontiers(tops: list[Entry | None]) -> tuple[int, ...]:
    """§3.3 on an anchored row; () when complete."""
    low = 0
    while low < 8 and filled(tops[low + 1]):
        low += 1
    if low == 8:
        return ()
    high = 8
    while filled(tops[high - 1]):
        high -= 1
    if low + 1 == high - 1:
        return (low + 1,)
    return (low + 1, high - 1)


def spots(tops: list[Entry | None]) -> tuple[int, ...]:
    """Where a number card, Joker or face-down card may go in this row (§3.4 (b), (c))."""
    if filled(tops[0]) and filled(tops[8]):
        return tuple(i for i in frontiers(tops) if _usable(tops[i]))
    return tuple(i for i in (0, 8) if not filled(tops[i]) and _usable(tops[i]))


class Sim:
    """The whole game as plain mutable fields (see the module docstring for why)."""

    __slots__ = (
        "actions",
        "all_valid",
        "bluffing",
        "cache",
        "completed",
        "deck",
        "deck0",
        "facedown",
        "finished",
        "flush",
        "hands",
        "joker_high",
        "max_rows",
        "mayhem",
        "must_place",
        "n",
        "pending",
        "phase",
        "placed",
        "places",
        "play_for_places",
        "quiet",
        "removed",
        "rng",
        "rows",
        "skipping",
        "stayed",
        "suits",
        "turn",
    )

    n: int
    flush: bool
    skipping: bool
    bluffing: bool
    mayhem: bool
    max_rows: int
    all_valid: bool
    joker_high: bool
    play_for_places: bool
    rng: int
    deck: list[str]  # the top is the last element
    hands: list[list[str]]
    suits: list[str]  # the suit of each row slot ("" in straight)
    rows: list[list[Entry | None] | None]  # the top entry of each of the nine positions
    #: per row: (spots, number spots = spots plus face-up Jokers), None until asked after a change
    cache: list[tuple[tuple[int, ...], tuple[int, ...]] | None]
    completed: int
    phase: int
    turn: int
    must_place: bool
    placed: bool
    actions: int
    stayed: bool
    facedown: list[tuple[int, int, Entry | None]]  # (slot, index, the top it covered)
    pending: list[int]
    quiet: int
    removed: list[int]
    finished: list[int]
    places: list[int]
    deck0: int  # deck size when the current action began (the stalemate check reads it)

    def copy(self) -> Sim:
        """A copy a search may mutate: lists are copied one level deep (entries are tuples)."""
        new = Sim.__new__(Sim)
        for name in Sim.__slots__:
            setattr(new, name, getattr(self, name))
        new.deck = self.deck[:]
        new.hands = [h[:] for h in self.hands]
        new.suits = self.suits[:]
        new.rows = [None if r is None else r[:] for r in self.rows]
        new.cache = self.cache[:]
        new.facedown = self.facedown[:]
        new.pending = self.pending[:]
        new.removed = self.removed[:]
        new.finished = self.finished[:]
        new.places = self.places[:]
        return new

    # ------------------------------------------------------------------ queries

    def to_act(self) -> list[int]:
        if self.phase == OVER:
            return []
        if self.phase == CHALLENGE:
            return sorted(self.pending)
        return [self.turn]

    def targets(self, slot: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
        found = self.cache[slot]
        if found is None:
            tops = self.rows[slot]
            if tops is None:
                found = ((), ())
            else:
                sp = spots(tops)
                jokers = tuple(
                    i for i, t in enumerate(tops) if t is not None and t[1] < 0 and t[0] == JOKER
                )
                found = (sp, tuple(sorted(set(sp + jokers))))
            self.cache[slot] = found
        return found

    def spots(self, slot: int) -> tuple[int, ...]:
        """:func:`spots` of a row slot, cached until the row changes (the search's hot query:
        every placement check reads it)."""
        return self.targets(slot)[0]

    def number_spots(self, slot: int) -> tuple[int, ...]:
        """Where a number card of the right value may go in this row: a spot or a face-up
        Joker to overlay (§3.4 (b)-(d))."""
        return self.targets(slot)[1]

    def active(self) -> list[int]:
        return [s for s in range(self.n) if s not in self.removed and s not in self.finished]

    def new_row_suits(self) -> tuple[str, ...]:
        if sum(1 for r in self.rows if r is not None) >= self.max_rows:
            return ()
        if not self.flush:
            return ("",)
        used = {self.suits[i] for i, r in enumerate(self.rows) if r is not None}
        return tuple(s for s in SUITS if s not in used)

    def number_targets(self, card: str) -> list[tuple[int, int, str]]:
        idx = VALUE[card] - 2
        suit = card[1]
        out: list[tuple[int, int, str]] = []
        if idx == 0 or idx == 8:
            suits = self.new_row_suits()
            if (suit in suits) if self.flush else suits:
                out.append((-1, idx, suit if self.flush else ""))
        for slot, tops in enumerate(self.rows):
            if tops is None or (self.flush and self.suits[slot] != suit):
                continue
            if idx in self.number_spots(slot):
                out.append((slot, idx, ""))
        return out

    def joker_targets(self) -> list[tuple[int, int, str]]:
        suits = self.new_row_suits()
        out = [(-1, i, s) for i in (0, 8) for s in suits]
        for slot, tops in enumerate(self.rows):
            if tops is not None:
                out.extend((slot, i, "") for i in self.spots(slot))
        return out

    def blocker_targets(self, card: str) -> list[tuple[int, int, str]]:
        value = VALUE[card]
        out: list[tuple[int, int, str]] = []
        for slot, tops in enumerate(self.rows):
            if tops is None:
                continue
            found: set[int] = set()
            if anchored(tops):
                found.update(i for i in frontiers(tops) if tops[i] is None)
            elif self.mayhem:
                found.update(i for i in (0, 8) if tops[i] is None)
            for i, top in enumerate(tops):
                if (
                    top is not None
                    and top[1] < 0
                    and top[0] in UNBLOCKERS
                    and VALUE[top[0]] <= value
                    and (self.mayhem or 0 < i < 8)
                ):
                    found.add(i)
            out.extend((slot, i, "") for i in sorted(found))
        return out

    def unblocker_targets(self, card: str) -> list[tuple[int, int, str]]:
        value = VALUE[card]
        out: list[tuple[int, int, str]] = []
        for slot, tops in enumerate(self.rows):
            if tops is None:
                continue
            for i, top in enumerate(tops):
                if top is not None and top[1] < 0 and top[0] in BLOCKERS and VALUE[top[0]] <= value:
                    out.append((slot, i, ""))
        return out

    def place_targets(self, card: str) -> list[tuple[int, int, str]]:
        if card == JOKER:
            return self.joker_targets()
        if card in NUMBERS:
            return self.number_targets(card)
        return []

    def any_place(self, seat: int) -> bool:
        """must_place (§4.1): some number card or Joker of ``seat`` has a face-up target
        (the same answer as asking :meth:`place_targets` card by card, in one pass)."""
        hand = self.hands[seat]
        if not hand:
            return False
        suits = self.new_row_suits()
        live = [slot for slot, t in enumerate(self.rows) if t is not None]
        if JOKER in hand and (suits or any(self.spots(slot) for slot in live)):
            return True
        flush = self.flush
        wanted: set[tuple[int, str]] = set()
        for slot in live:
            row_suit = self.suits[slot] if flush else ""
            for i in self.number_spots(slot):
                wanted.add((i, row_suit))
        for card in hand:
            if card not in NUMBERS:
                continue
            idx = VALUE[card] - 2
            suit = card[1] if flush else ""
            if (idx, suit) in wanted:
                return True
            if (idx == 0 or idx == 8) and ((card[1] in suits) if flush else suits):
                return True
        return False

    def end_allowed(self) -> bool:
        if self.facedown or self.completed >= ROWS_TO_END:
            return True
        if self.all_valid or not self.placed:
            return not self.any_place(self.turn)
        return True

    def specials_allowed(self) -> bool:
        return not self.facedown and (self.placed or not self.must_place)

    def down_allowed(self) -> bool:
        if not self.bluffing or len(self.facedown) >= MAX_FACE_DOWN:
            return False
        return not (self.all_valid and self.any_place(self.turn))

    def legal(self, seat: int) -> list[Move]:
        """Every legal move of ``seat``, in the public engine's order."""
        if self.phase == CHALLENGE:
            return [(CALL, "", 0, 0, ""), (PASS, "", 0, 0, "")] if seat in self.pending else []
        if self.phase != TURN or seat != self.turn:
            return []
        out: list[Move] = []
        if self.completed < ROWS_TO_END:
            hand = sorted(set(self.hands[seat]), key=_ORDER.__getitem__)
            if not self.facedown:
                for card in hand:
                    for slot, idx, suit in self.place_targets(card):
                        out.append((PLACE, card, slot, idx, suit))
                if self.specials_allowed():
                    for card in hand:
                        if card in BLOCKERS:
                            for slot, idx, suit in self.blocker_targets(card):
                                out.append((BLOCK, card, slot, idx, suit))
                        elif card in UNBLOCKERS:
                            for slot, idx, suit in self.unblocker_targets(card):
                                out.append((UNBLOCK, card, slot, idx, suit))
            if self.down_allowed():
                targets = self.joker_targets()
                for card in hand:
                    for slot, idx, suit in targets:
                        out.append((DOWN, card, slot, idx, suit))
            if self.skipping and self.actions == 0:
                out.append((SKIP, "", 0, 0, ""))
        if self.end_allowed():
            out.append((END, "", 0, 0, ""))
        return out

    def complete(self, slot: int) -> bool:
        tops = self.rows[slot]
        return tops is not None and all(filled(t) for t in tops)

    # ------------------------------------------------------------------ moves

    def play(self, seat: int, move: Move) -> None:
        """Apply a legal move (not checked: search only plays moves it listed)."""
        self.deck0 = len(self.deck)
        verb = move[0]
        if verb <= UNBLOCK:
            self._play(seat, move)
        elif verb == SKIP:
            self._end_turn(skipped=True)
        elif verb == END:
            self._end_turn()
        elif verb == PASS:
            self.pending = [s for s in self.pending if s != seat]
            if not self.pending:
                self.stayed = True
                self._draws()
        else:
            self._call(seat)

    def _play(self, seat: int, move: Move) -> None:
        verb, card, slot, idx, suit = move
        owner = seat if verb == DOWN else -1
        self.hands[seat].remove(card)
        prev: Entry | None = None
        if slot < 0:
            slot = self.rows.index(None)
            self.suits[slot] = (suit or card[1]) if self.flush else ""
            tops: list[Entry | None] = [None] * 9
            self.rows[slot] = tops
        else:
            tops = self.rows[slot]  # type: ignore[assignment]
            prev = tops[idx]
        tops[idx] = (card, owner)
        self.cache[slot] = None
        self.actions += 1
        if verb == DOWN:
            self.placed = True
            self.facedown.append((slot, idx, prev))
            return
        self.stayed = True
        if verb == PLACE:
            self.placed = True
            if all(filled(t) for t in tops):
                self._complete(slot)

    def _complete(self, slot: int) -> None:
        self.rows[slot] = None
        self.cache[slot] = None
        self.completed += 1

    def _end_turn(self, skipped: bool = False) -> None:
        if self.facedown:
            others = [s for s in self.active() if s != self.turn]
            self.phase = CHALLENGE
            self.pending = others
            if not others:
                self.stayed = True
                self._draws()
            return
        self._draws(skipped)

    def _draw(self, seat: int, count: int) -> None:
        deck = self.deck
        hand = self.hands[seat]
        while count > 0 and deck:
            hand.append(deck.pop())
            count -= 1

    def _penalty(self, seat: int, count: int) -> None:
        """§4.4: on an empty deck the penalized player is removed (D18)."""
        if self.deck:
            self._draw(seat, count)
            return
        cards, self.rng = shuffled(self.hands[seat], self.rng)
        self.deck = cards[::-1] + self.deck
        self.hands[seat] = []
        self.removed.append(seat)

    def _call(self, caller: int) -> None:
        bluffer = self.turn
        caught = False
        for slot, idx, _prev in self.facedown:
            tops = self.rows[slot]
            assert tops is not None
            card = tops[idx][0]  # type: ignore[index]
            if not valid_face_down(card, idx + 2, self.suits[slot]):
                caught = True
        count = len(self.facedown)
        self.pending = []
        if caught:
            self._draw(bluffer, HAND_SIZE - len(self.hands[bluffer]))
            for slot, idx, prev in reversed(self.facedown):
                tops = self.rows[slot]
                assert tops is not None
                self.hands[bluffer].append(tops[idx][0])  # type: ignore[index]
                tops[idx] = prev
                self.cache[slot] = None
                if all(t is None for t in tops):
                    self.rows[slot] = None
            self._penalty(bluffer, count)
            self.facedown = []
            self._end_checks()
            return
        for slot, idx, _prev in self.facedown:
            tops = self.rows[slot]
            assert tops is not None
            tops[idx] = (tops[idx][0], -1)  # type: ignore[index]
            self.cache[slot] = None
        self._penalty(caller, count)
        self.stayed = True
        self._draws()

    def _draws(self, skipped: bool = False) -> None:
        seat = self.turn
        self._draw(seat, HAND_SIZE - len(self.hands[seat]))
        if skipped:
            self._draw(seat, 2)
        elif not self.placed:
            self._draw(seat, 1)
        if self.facedown:
            for slot in sorted({s for s, _, _ in self.facedown}):
                if self.rows[slot] is not None and self.complete(slot):
                    self._complete(slot)
        self._end_checks()

    def _end_checks(self) -> None:
        seat = self.turn
        if seat not in self.removed and not self.hands[seat]:
            self.finished.append(seat)
        deck_empty = not self.deck0 and not self.deck
        self.quiet = self.quiet + 1 if deck_empty and not self.stayed else 0
        live = self.active()
        finished = self.finished
        not_removed = self.n - len(self.removed)
        if (
            (finished and not self.play_for_places)
            or self.completed >= ROWS_TO_END
            or not_removed <= 1
            or len(live) <= 1
            or (deck_empty and self.quiet >= len(live))
        ):
            self._finish()
            return
        nxt = (seat + 1) % self.n
        while nxt not in live:
            nxt = (nxt + 1) % self.n
        self.start_turn(nxt)

    def start_turn(self, seat: int) -> None:
        self.phase = TURN
        self.turn = seat
        self.placed = False
        self.actions = 0
        self.stayed = False
        self.facedown = []
        self.pending = []
        self.must_place = self.any_place(seat)

    def _finish(self) -> None:
        self.places = ranking(
            self.n,
            [tuple(h) for h in self.hands],
            tuple(self.finished),
            tuple(self.removed),
            self.joker_high,
        )
        self.phase = OVER
        self.pending = []
        self.facedown = []

    # ------------------------------------------------------------------ codes

    def legal_codes(self, seat: int) -> list[str]:
        return [code(m) for m in self.legal(seat)]

    def apply_code(self, seat: int, text: str) -> None:
        """Apply a public action code (it must be legal: this path does not check)."""
        self.play(seat, parse(text))


def valid_face_down(card: str, value: int, suit: str) -> bool:
    """§3.7, as :func:`games.game_of_rows.board.valid_face_down`."""
    if card == JOKER:
        return True
    return card in NUMBERS and VALUE[card] == value and (not suit or card[1] == suit)


def code(move: Move) -> str:
    """The public action code of a move."""
    verb, card, slot, idx, suit = move
    if verb >= SKIP:
        return VERB_NAMES[verb]
    where = f"new.{idx + 2}{suit}" if slot < 0 else f"{slot + 1}.{idx + 2}"
    return f"{VERB_NAMES[verb]}:{card}@{where}"


def parse(text: str) -> Move:
    """Inverse of :func:`code` for well-formed codes."""
    verb, _, arg = text.partition(":")
    number = _VERB_OF[verb]
    if not arg:
        return (number, "", 0, 0, "")
    card, _, where = arg.partition("@")
    head, _, tail = where.partition(".")
    if head == "new":
        suit = tail[-1] if tail[-1] in SUITS else ""
        pos = int(tail[:-1] if suit else tail)
        return (number, card, -1, pos - 2, suit)
    return (number, card, int(head) - 1, int(tail) - 2, "")


def from_state(state: State) -> Sim:
    """The search form of a public state."""
    sim = Sim.__new__(Sim)
    o = state.opts
    sim.n = state.players
    sim.flush, sim.skipping, sim.bluffing, sim.mayhem = o.flush, o.skipping, o.bluffing, o.mayhem
    sim.max_rows, sim.all_valid, sim.joker_high = o.max_rows, o.all_valid, o.joker_high
    sim.play_for_places = o.play_for_places
    sim.rng = state.rng
    sim.deck = list(reversed(state.deck))
    sim.hands = [list(h) for h in state.hands]
    sim.suits = ["" if r is None else r[0] for r in state.rows]
    sim.rows = [None if r is None else [s[-1] if s else None for s in r[1]] for r in state.rows]
    sim.cache = [None] * len(sim.rows)
    sim.completed = state.completed
    sim.phase = state.phase
    sim.turn = state.turn
    sim.must_place = state.must_place
    sim.placed = state.placed
    sim.actions = state.actions
    sim.stayed = state.stayed
    sim.facedown = []
    for slot, idx in state.facedown:
        row = state.rows[slot]
        assert row is not None
        stack = row[1][idx]
        sim.facedown.append((slot, idx, stack[-2] if len(stack) > 1 else None))
    sim.pending = list(state.pending)
    sim.quiet = state.quiet
    sim.removed = list(state.removed)
    sim.finished = list(state.finished)
    sim.places = list(state.places)
    sim.deck0 = len(state.deck)
    return sim
