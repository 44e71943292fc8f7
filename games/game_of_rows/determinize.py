"""What one seat knows, and full states sampled to agree with it (the ``Determinizer`` hook).

Why in two steps: reading an observation (its view and the events since the game began) is the
slow part and the same for every sample, so :func:`analyse` does it once per decision into a
:class:`Knowledge`; :func:`sample` then deals the unseen cards at random straight into a search
:class:`~games.game_of_rows.fast.Sim` (thousands of times a move), and :func:`sample_state`
into a public :class:`State` (the engine's ``determinize``).

What is known (spec §7): the board as the view shows it, including the cards under each top;
the seat's own hand and its own face-down cards; every card that left with a completed row
(the events name them, except face-down cards nobody saw); the cards of a caught bluff, which
went back to the bluffer's hand in public (they stay known there until the bluffer plays a card
face down, which might be one of them, or is removed). And what a stuck turn shows: a player
who can place a card must (§4.1), so a turn that ended without a number card placed (and not
skipped) began with none to place: the whole hand fit nowhere on the board as it was then, and
the cards of that hand not played since are still outside the cards that fitted then
(:class:`Stuck`; ``sample(..., stuck=True)`` deals them so, straight format only). Whether a
hand can place is not announced (it comes from the hand, private by §7): only the player's own
view says so, and others learn it when the turn ends.
What is unknown, dealt at random from the cards not accounted for: the other hands (sizes
kept), other seats' face-down cards, the deck order.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from games.core import Observation
from games.game_of_rows import board as board_rules
from games.game_of_rows import fast
from games.game_of_rows.cards import DECK, JOKER, NUMBERS
from games.game_of_rows.rules import HAND_SIZE
from games.game_of_rows.state import CHALLENGE, OVER, TURN, Entry, Opts, Reveal, Row, State
from games.search import Rng

_PHASES = {"turn": TURN, "challenge": CHALLENGE, "over": OVER}
#: a face-down entry whose card the seat never saw
UNKNOWN = "?"
#: the cards a turn's must_place asks about
_PLACEABLE = (*sorted(NUMBERS), JOKER)
#: a hand nothing is known to exclude
_FREE: tuple[int, frozenset[str]] = (0, frozenset())


@dataclass(slots=True)
class Knowledge:
    """Everything a seat knows, read once from its observation."""

    seat: int
    players: int
    opts: Opts
    phase: int
    turn: int
    must_place: bool
    placed: bool
    actions: int
    stayed: bool
    facedown: tuple[tuple[int, int], ...]
    pending: tuple[int, ...]
    quiet: int
    removed: tuple[int, ...]
    finished: tuple[int, ...]
    completed: int
    reveal: Reveal | None
    #: per slot: None or (suit, nine stacks bottom-to-top; UNKNOWN cards for unseen face-down)
    rows: tuple[tuple[str, tuple[tuple[Entry, ...], ...]] | None, ...]
    gone: tuple[Entry, ...]  # UNKNOWN for face-down cards that left unseen
    hand: tuple[str, ...]
    hand_sizes: tuple[int, ...]
    deck_count: int
    #: cards known to be in each seat's hand (a caught bluff's cards); own hand excluded
    known: tuple[tuple[str, ...], ...]
    #: the cards not accounted for, in a fixed order (sampling shuffles a copy)
    unseen: tuple[str, ...]
    #: where unseen face-down cards lie on the board: (slot, index)
    hidden_spots: tuple[tuple[int, int], ...]
    hidden_gone: int
    #: per seat: what its last turn that began with nothing to place says (:class:`Stuck`)
    stuck: tuple[Stuck | None, ...] = ()

    def stuck_hand(self, seat: int) -> tuple[int, frozenset[str]]:
        """(how many of ``seat``'s cards are known to be outside ``fits``, ``fits``)."""
        mark = self.stuck[seat] if self.stuck else None
        return _FREE if mark is None else mark.resolve()

    def unseen_counts(self) -> Counter[str]:
        """Copies of each card the seat cannot place (for counting claims)."""
        return Counter(self.unseen)


def _replay(
    obs: Observation, opts: Opts
) -> tuple[list[Entry], list[list[str]], int, bool, int, list[tuple[int, int]], list[Stuck | None]]:
    """Walk the events: cards gone with completed rows, caught bluffs' cards still known in a
    hand, the quiet-turn count (D20), whether a card stayed this turn, this turn's actions, and
    each other seat's last stuck turn (:class:`Stuck`)."""
    players = obs.players
    board: dict[int, list[list[Entry]]] = {}
    gone: list[Entry] = []
    known: list[list[str]] = [[] for _ in range(players)]
    deck = len(DECK) - HAND_SIZE * players
    quiet = 0
    stayed = False
    actions = 0
    drew = False
    downs: list[tuple[int, int]] = []
    sizes = [HAND_SIZE] * players
    stuck: list[Stuck | None] = [None] * players
    # the turn under way: its seat, the board and hand at its start (a Stuck to confirm), and
    # whether it placed a number card or skipped (then it says nothing)
    current = -1
    start: Stuck | None = None
    placed = False
    for event in obs.events:
        kind = event.kind
        data: Mapping[str, Any] = event.data
        seat: int = data.get("seat", -1)
        if kind in ("place", "block", "unblock", "face_down"):
            sizes[seat] -= 1
            for mark in (stuck[seat], start if seat == current else None):
                if mark is not None:
                    mark.later.append(data.get("card", UNKNOWN))
            placed = placed or kind in ("place", "face_down")
        elif kind == "skip":
            placed = True  # a skip is a choice, not a sign of an empty hand
        elif kind in ("draw", "taken_back"):
            sizes[seat] += data["count"]
        elif kind in ("removed", "out_of_cards"):
            sizes[seat] = 0
            stuck[seat] = None
            if seat == current:
                start = None
        if kind == "turn":
            # a turn that ended without a number card placed began with nothing to place
            # (placing is compulsory while one can, §4.1), so the whole hand then fit
            # nowhere: a public inference, the engine announces nothing of the hand
            if current >= 0 and current != obs.seat:
                stuck[current] = start if not placed else None
            current, placed = seat, False
            # (a new row's suit is not in the events, so straight_flush is left out)
            start = Stuck(sizes[seat], board, opts) if not opts.flush else None
        if kind == "turn":
            quiet = quiet + 1 if deck == 0 and not drew and not stayed else 0
            stayed = False
            actions = 0
            drew = False
            downs = []
        elif kind in ("place", "block", "unblock"):
            row = board.setdefault(data["row"], [[] for _ in range(9)])
            row[data["pos"] - 2].append((data["card"], -1))
            actions += 1
            stayed = True
            hand = known[data["seat"]]
            if data["card"] in hand:
                hand.remove(data["card"])
        elif kind == "face_down":
            row = board.setdefault(data["row"], [[] for _ in range(9)])
            row[data["pos"] - 2].append((UNKNOWN, data["seat"]))
            downs.append((data["row"] - 1, data["pos"] - 2))
            actions += 1
            known[data["seat"]].clear()
        elif kind == "your_face_down":
            stack = board[data["row"]][data["pos"] - 2]
            stack[-1] = (data["card"], stack[-1][1])
        elif kind == "reveal":
            caught = data["outcome"] == "caught"
            for shown in data["cards"]:
                row = board[shown["row"]]
                stack = row[shown["pos"] - 2]
                if caught:
                    stack.pop()
                    if not any(row):
                        del board[shown["row"]]
                else:
                    stack[-1] = (shown["card"], -1)
            if caught:
                known[data["bluffer"]].extend(s["card"] for s in data["cards"])
            else:
                stayed = True
        elif kind == "challenge_closed" or (kind == "challenge_open" and not data["seats"]):
            stayed = True
        elif kind == "row_completed":
            stacks = board.pop(data["row"], None)
            if stacks is None:  # a row the events never built: its tops are what is known
                gone.extend((c or UNKNOWN, -1) for c in data["cards"])
            else:
                for stack in stacks:
                    gone.extend(stack)
        elif kind == "draw":
            deck -= data["count"]
            drew = True
        elif kind == "removed":
            deck += data["cards_to_deck"]
            known[data["seat"]].clear()
    if sizes != list(obs.view["hand_sizes"]):  # history the events do not show: infer nothing
        stuck = [None] * players
    return gone, known, quiet, stayed, actions, downs, stuck


class Stuck:
    """A seat's hand when its turn began with no card to place, and the cards the seat played
    since: how many of its cards are still known to fit nowhere on the board as it was then.
    Resolved only when a search asks (:meth:`resolve`), from a snapshot of the board's tops,
    so reading an observation stays cheap for the levels that do not use it."""

    __slots__ = ("_resolved", "later", "opts", "rows", "size")

    def __init__(self, size: int, board: Mapping[int, list[list[Entry]]], opts: Opts) -> None:
        self.size = size
        self.opts = opts
        self.rows: tuple[Row, ...] = tuple(
            ("", tuple(tuple(stack) for stack in stacks)) for stacks in board.values()
        )
        #: cards played since, UNKNOWN for face-down ones
        self.later: list[str] = []
        self._resolved: tuple[int, frozenset[str]] | None = None

    def resolve(self) -> tuple[int, frozenset[str]]:
        """(how many cards of the hand are outside ``fits``, ``fits``): ``fits`` are the cards
        that had a face-up target then (Jokers and number cards). A card played since that
        fitted then came from a later draw; any other may have been one of the stuck ones."""
        if self._resolved is None:
            fits = frozenset(
                c for c in _PLACEABLE if board_rules.place_targets(self.rows, self.opts, c)
            )
            count = self.size - sum(1 for c in self.later if c not in fits)
            self._resolved = (count, fits) if count > 0 else _FREE
        return self._resolved


def analyse(obs: Observation) -> Knowledge:
    """Read an observation once (see the module docstring for what counts as known)."""
    view = obs.view
    seat = obs.seat
    players = obs.players
    o = view["options"]
    opts = Opts(
        flush=o["format"] == "straight_flush",
        skipping=o["skipping"],
        bluffing=o["bluffing"],
        mayhem=o["mayhem"],
        max_rows=o["max_rows"],
        all_valid=o["play_obligation"] == "all_valid",
        joker_high=o["joker_poker"] == "high",
        play_for_places=o["play_for_places"],
        reveal_bluffs_at_end=o["reveal_bluffs_at_end"],
        challenge_seconds=o["challenge_seconds"],
    )
    gone, known, quiet, stayed, actions, downs, marks = _replay(obs, opts)
    seen: Counter[str] = Counter(view.get("hand", []))
    rows: list[tuple[str, tuple[tuple[Entry, ...], ...]] | None] = []
    hidden: list[tuple[int, int]] = []
    for slot, row in enumerate(view["rows"]):
        if row is None:
            rows.append(None)
            continue
        stacks = []
        for idx, pos in enumerate(row["positions"]):
            stack: list[Entry] = [(c, -1) for c in pos["under"]]
            if "face_down" in pos:
                card = pos.get("your_card", UNKNOWN)
                stack.append((card, pos["face_down"]["owner"]))
                if card == UNKNOWN:
                    hidden.append((slot, idx))
            elif pos["top"] is not None:
                stack.append((pos["top"], -1))
            seen.update(c for c, _ in stack if c != UNKNOWN)
            stacks.append(tuple(stack))
        rows.append((row["suit"] or "", tuple(stacks)))
    seen.update(c for c, _ in gone if c != UNKNOWN)
    known[seat] = []
    sizes = tuple(view["hand_sizes"])
    for s in range(players):
        # a known card beyond the hand's size cannot be (defensive: never expected)
        del known[s][sizes[s] :]
        seen.update(known[s])
    unseen = Counter(DECK)
    unseen.subtract(seen)
    challenge = view.get("challenge")
    if challenge is not None:
        facedown = tuple((p["row"] - 1, p["pos"] - 2) for p in challenge["positions"])
        pending = tuple(challenge["waiting"])
    else:
        facedown = tuple(downs)
        pending = ()
    rev = view.get("last_reveal")
    reveal = None
    if rev is not None:
        reveal = Reveal(
            rev["bluffer"],
            rev["caller"],
            rev["outcome"] == "caught",
            tuple((c["row"], c["pos"], c["card"], c["valid"]) for c in rev["cards"]),
        )
    return Knowledge(
        seat=seat,
        players=players,
        opts=opts,
        phase=_PHASES[view["phase"]],
        turn=view["turn"],
        must_place=bool(view["must_place"]),  # None unless this seat is to play
        placed=view["placed_number"],
        actions=actions,
        stayed=stayed,
        facedown=facedown,
        pending=pending,
        quiet=quiet,
        removed=tuple(view["removed"]),
        finished=tuple(view["finished"]),
        completed=view["completed_rows"],
        reveal=reveal,
        rows=tuple(rows),
        gone=tuple(gone),
        hand=tuple(view.get("hand", [])),
        hand_sizes=sizes,
        deck_count=view["deck"],
        known=tuple(tuple(k) for k in known),
        unseen=tuple(sorted(unseen.elements())),
        hidden_spots=tuple(hidden),
        hidden_gone=sum(1 for c, _ in gone if c == UNKNOWN),
        stuck=tuple(marks),
    )


def _deal(
    k: Knowledge, rng: Rng, stuck: bool = False
) -> tuple[list[list[str]], list[str], list[str], list[str]]:
    """Deal the unseen cards: other hands (after their known cards), hidden face-down cards,
    hidden gone cards, then the deck (top first). With ``stuck``, a hand's cards known to fit
    nowhere at its last stuck turn (:attr:`Knowledge.stuck`) are dealt first, from the unseen
    cards that did not fit then."""
    pool = list(k.unseen)
    rng.shuffle(pool)
    firsts: dict[int, list[str]] = {}
    if stuck and k.stuck:
        for s in range(k.players):
            if s == k.seat:
                continue
            count, fits = k.stuck_hand(s)
            if count <= 0:
                continue
            need = k.hand_sizes[s] - len(k.known[s])
            count = min(need, count - sum(1 for c in k.known[s] if c not in fits))
            if count <= 0:
                continue
            picked = [i for i, c in enumerate(pool) if c not in fits][:count]
            firsts[s] = [pool[i] for i in picked]
            for i in reversed(picked):
                del pool[i]
    at = 0
    hands: list[list[str]] = []
    for s in range(k.players):
        if s == k.seat:
            hands.append(list(k.hand))
            continue
        first = firsts.get(s, [])
        need = k.hand_sizes[s] - len(k.known[s]) - len(first)
        hands.append([*k.known[s], *first, *pool[at : at + need]])
        at += need
    faces = pool[at : at + len(k.hidden_spots)]
    at += len(k.hidden_spots)
    gone = pool[at : at + k.hidden_gone]
    at += k.hidden_gone
    # more unseen cards than places for them only if the events miss some history (a
    # hand-built position): the extra cards are treated as out of the game
    return hands, faces, gone, pool[at : at + k.deck_count]


def sample(k: Knowledge, rng: Rng, stuck: bool = False) -> fast.Sim:
    """One determinization as a search state (``stuck``: see :func:`_deal`)."""
    hands, faces, _gone, deck = _deal(k, rng, stuck)
    sim = fast.Sim.__new__(fast.Sim)
    o = k.opts
    sim.n = k.players
    sim.flush, sim.skipping, sim.bluffing, sim.mayhem = o.flush, o.skipping, o.bluffing, o.mayhem
    sim.max_rows, sim.all_valid, sim.joker_high = o.max_rows, o.all_valid, o.joker_high
    sim.play_for_places = o.play_for_places
    sim.rng = rng.next64()
    sim.deck = deck[::-1]
    sim.hands = hands
    sim.suits = ["" if r is None else r[0] for r in k.rows]
    sim.rows = [None if r is None else [s[-1] if s else None for s in r[1]] for r in k.rows]
    sim.cache = [None] * len(sim.rows)
    for (slot, idx), card in zip(k.hidden_spots, faces, strict=True):
        tops = sim.rows[slot]
        assert tops is not None
        tops[idx] = (card, tops[idx][1])  # type: ignore[index]
    sim.completed = k.completed
    sim.phase = k.phase
    sim.turn = k.turn
    sim.must_place = k.must_place
    sim.placed = k.placed
    sim.actions = k.actions
    sim.stayed = k.stayed
    sim.facedown = []
    for slot, idx in k.facedown:
        row = k.rows[slot]
        assert row is not None
        stack = row[1][idx]
        sim.facedown.append((slot, idx, stack[-2] if len(stack) > 1 else None))
    sim.pending = list(k.pending)
    sim.quiet = k.quiet
    sim.removed = list(k.removed)
    sim.finished = list(k.finished)
    sim.places = []
    sim.deck0 = len(deck)
    return sim


def sample_state(k: Knowledge, rng: Rng) -> State:
    """One determinization as a public state (the engine's ``determinize``)."""
    hands, faces, gone_cards, deck = _deal(k, rng)
    rows: list[Any] = [None if r is None else (r[0], list(r[1])) for r in k.rows]
    for (slot, idx), card in zip(k.hidden_spots, faces, strict=True):
        stacks = rows[slot][1]
        top = stacks[idx][-1]
        stacks[idx] = (*stacks[idx][:-1], (card, top[1]))
    fill = iter(gone_cards)
    gone = tuple((next(fill), o) if c == UNKNOWN else (c, o) for c, o in k.gone)
    return State(
        players=k.players,
        opts=k.opts,
        rng=rng.next64(),
        deck=tuple(deck),
        hands=tuple(tuple(h) for h in hands),
        rows=tuple(None if r is None else (r[0], tuple(r[1])) for r in rows),
        gone=gone,
        completed=k.completed,
        phase=k.phase,
        turn=k.turn,
        must_place=k.must_place,
        placed=k.placed,
        actions=k.actions,
        stayed=k.stayed,
        facedown=k.facedown,
        pending=k.pending,
        quiet=k.quiet,
        removed=k.removed,
        finished=k.finished,
        places=(),
        reveal=k.reveal,
    )
