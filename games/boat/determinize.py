"""Determinizations for Boat's AI seats: full states consistent with what one seat has seen.

Why split in two: reading an observation (view plus events) costs far more than dealing the
unseen cards, and a search deals thousands of worlds from one observation. So
:func:`knowledge` reads it once (cached per observation object) into a :class:`Known`, and
:func:`deal` places the unseen cards at random for each world, keeping every void the seat saw
(a player who did not follow the led suit holds none of it; one who then did not trump holds no
trump, the Boat included, D3/D6). Known cards stay where they are: the seat's own hand, the
cards played this hand, and the declarer's own discards (the widow it took is in its hand).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from games.boat.cards import BOAT, IDS, POINTS, SUITS
from games.boat.fast import EFF, P_BID, PHASES, Fast
from games.boat.state import OVER, HandSummary, Rules, State
from games.core import Observation
from games.search import Rng

#: slot names beside the seats 0..3
WIDOW_SLOT = 4
DISCARD_SLOT = 5


@dataclass(frozen=True, slots=True)
class Known:
    """What one seat knows about the current hand, read once from its observation."""

    seat: int
    view: Any
    rules: Rules
    phase: str
    own: tuple[int, ...]
    #: known discards (the declarer's own), else ``None``
    discards: tuple[int, ...] | None
    #: this hand's completed tricks: (leader, cards, winner)
    tricks: tuple[tuple[int, tuple[int, ...], int], ...]
    trick: tuple[int, ...]
    leader: int
    #: the cards nobody has shown this seat, and the slots they fill: (slot, count)
    unseen: tuple[int, ...]
    slots: tuple[tuple[int, int], ...]
    #: suits each seat is known to hold none of
    voids: tuple[frozenset[int], ...]
    #: suits each seat led this hand, in order
    led_by: tuple[tuple[int, ...], ...]
    #: the unseen cards a void keeps out of some slot, with the slots that may take them
    homes: dict[int, tuple[int, ...]]


_CACHE: dict[int, tuple[Observation, Known]] = {}


def knowledge(obs: Observation) -> Known:
    """The seat's knowledge of the hand (cached: a search asks many times per observation)."""
    hit = _CACHE.get(id(obs))
    if hit is not None and hit[0] is obs:
        return hit[1]
    known = _read(obs)
    if len(_CACHE) > 64:
        _CACHE.clear()
    _CACHE[id(obs)] = (obs, known)
    return known


def _ids(cards: Sequence[str]) -> tuple[int, ...]:
    return tuple(sorted(IDS[c] for c in cards))


def _read(obs: Observation) -> Known:
    view = obs.view
    seat = obs.seat
    opts = view["options"]
    rules = Rules(
        view["target_score"],
        opts["all_pass"] == "redeal",
        opts["boat_free_play"],
        opts["discard_points_allowed"],
        opts["show_running_points"],
        opts["show_last_trick"],
    )
    phase = view["phase"]
    trump = SUITS.index(view["trump"]) if view["trump"] else -1
    own = _ids(view.get("hand", []))
    # this hand's events start after the last deal (the first hand has no new_hand event)
    start = 0
    for i in range(len(obs.events) - 1, -1, -1):  # backwards: a long game has many hands
        if obs.events[i].kind == "new_hand":
            start = i + 1
            break
    tricks = []
    for event in obs.events[start:]:
        if event.kind == "trick":
            data = event.data
            cards = tuple(IDS[c] for c in data["cards"])
            tricks.append((int(data["leader"]), cards, int(data["winner"])))
    trick = tuple(IDS[entry["card"]] for entry in view["trick"])
    leader = view["leader"] if view["leader"] is not None else -1
    discards: tuple[int, ...] | None = None
    if phase == OVER and view.get("reveal"):
        discards = _ids(view["reveal"]["discards"])
    elif "discards" in view and view["declarer"] == seat:
        discards = _ids(view["discards"])
    voids: list[set[int]] = [set(), set(), set(), set()]
    led_by: list[list[int]] = [[], [], [], []]
    plays = [(lead, cards) for lead, cards, _w in tricks]
    if trick:
        plays.append((leader, trick))
    for lead, cards in plays:
        eff = EFF[trump]
        led = eff[cards[0]]
        led_by[lead].append(led)
        for i in range(1, len(cards)):
            who = (lead + i) % 4
            card = cards[i]
            if rules.boat_free_play and card == BOAT:
                continue
            if eff[card] != led:
                voids[who].add(led)
                if eff[card] != trump:
                    voids[who].add(trump)
    seen = set(own) | set(trick) | set(discards or ())
    for _lead, cards, _w in tricks:
        seen.update(cards)
    unseen = tuple(c for c in range(41) if c not in seen)
    slots = [(s, view["hand_counts"][s]) for s in range(4) if s != seat]
    if view["widow_count"]:
        slots.append((WIDOW_SLOT, view["widow_count"]))
    if view["discard_count"] and discards is None:
        slots.append((DISCARD_SLOT, view["discard_count"]))
    homes: dict[int, tuple[int, ...]] = {}
    if trump >= 0:
        eff = EFF[trump]
        for card in unseen:
            allowed = tuple(s for s, n in slots if n and (s >= 4 or eff[card] not in voids[s]))
            if len(allowed) < sum(1 for _s, n in slots if n):
                homes[card] = allowed
    return Known(
        seat=seat,
        view=view,
        rules=rules,
        phase=phase,
        own=own,
        discards=discards,
        tricks=tuple(tricks),
        trick=trick,
        leader=leader,
        unseen=unseen,
        slots=tuple((s, n) for s, n in slots if n),
        voids=tuple(frozenset(v) for v in voids),
        led_by=tuple(tuple(x) for x in led_by),
        homes=homes,
    )


def deal(known: Known, rng: Rng) -> dict[int, list[int]]:
    """The unseen cards placed at random, slot by slot, every void kept.

    Cards a void rules out of some slot go first, each to an open slot that may hold it,
    chosen in proportion to its free room; the rest fill the remaining room in shuffled order.
    A dead end (rare: only when voids leave little room) starts over; after 50 tries an
    augmenting-path matching finds a placement, which always exists for a real observation.
    """
    if not known.homes:
        cards = list(known.unseen)
        rng.shuffle(cards)
        return _fill(known.slots, cards)
    homes = known.homes
    easy = [c for c in known.unseen if c not in homes]
    hard = list(homes)
    rng.shuffle(easy)
    rng.shuffle(hard)
    for _attempt in range(50):
        room = dict(known.slots)
        placed: dict[int, list[int]] = {s: [] for s, _n in known.slots}
        ok = True
        for card in hard:
            open_slots = [s for s in homes[card] if room[s]]
            if not open_slots:
                ok = False
                break
            total = sum(room[s] for s in open_slots)
            pick = rng.below(total)
            for s in open_slots:
                pick -= room[s]
                if pick < 0:
                    break
            placed[s].append(card)
            room[s] -= 1
        if ok:
            rest = iter(easy)
            for s, _n in known.slots:
                placed[s].extend(next(rest) for _ in range(room[s]))
            return placed
        rng.shuffle(hard)
    return _matching(known, [*hard, *easy])


def _trump(known: Known) -> int:
    value = known.view["trump"]
    return SUITS.index(value) if value else -1


def _fill(slots: tuple[tuple[int, int], ...], cards: list[int]) -> dict[int, list[int]]:
    placed: dict[int, list[int]] = {}
    at = 0
    for s, n in slots:
        placed[s] = cards[at : at + n]
        at += n
    return placed


def _matching(known: Known, cards: list[int]) -> dict[int, list[int]]:
    """Kuhn's augmenting paths from cards to slot places (a fallback for tight voids)."""
    places = [s for s, n in known.slots for _ in range(n)]
    owner: list[int] = [-1] * len(places)

    def augment(card_index: int, seen: set[int]) -> bool:
        for p, slot in enumerate(places):
            card = cards[card_index]
            if p in seen or (card in known.homes and slot not in known.homes[card]):
                continue
            seen.add(p)
            if owner[p] < 0 or augment(owner[p], seen):
                owner[p] = card_index
                return True
        return False

    for index in range(len(cards)):
        if not augment(index, set()):
            raise ValueError("no placement of the unseen cards keeps every void")
    placed: dict[int, list[int]] = {s: [] for s, _n in known.slots}
    for p, index in enumerate(owner):
        placed[places[p]].append(cards[index])
    return placed


def to_fast(known: Known, rng: Rng) -> Fast:
    """One world as the search's cheap record (see :mod:`games.boat.fast`): a copy of the
    public part, read once per observation, with the unseen cards dealt anew."""
    placed = deal(known, rng)
    base = _BASES.get(id(known))
    if base is None or base[0] is not known:
        if len(_BASES) > 64:
            _BASES.clear()
        base = (known, _base(known))
        _BASES[id(known)] = base
    fs = base[1].copy()
    hands = [sorted(placed.get(s, ())) for s in range(4)]
    hands[known.seat] = list(known.own)
    fs.hands = hands
    fs.widow = sorted(placed.get(WIDOW_SLOT, ()))
    if known.discards is None:
        fs.discards = sorted(placed.get(DISCARD_SLOT, []))
    return fs


_BASES: dict[int, tuple[Known, Fast]] = {}


def _base(known: Known) -> Fast:
    """The public part of every world of ``known``: bids, contract, trump, tricks so far."""
    view = known.view
    fs = Fast()
    fs.phase = PHASES.get(known.phase, 4)
    fs.turn = view["turn"] if view["turn"] is not None else -1
    fs.dealer = view["dealer"]
    fs.passed = list(view["passed"])
    fs.high_bid = view["high_bid"] or 0
    fs.high_bidder = view["high_bidder"] if view["high_bidder"] is not None else -1
    fs.declarer = view["declarer"] if view["declarer"] is not None else -1
    fs.contract = view["bid"] or 0
    fs.discards = sorted(known.discards or ())
    fs.trump = _trump(known)
    fs.leader = known.leader
    fs.trick = list(known.trick)
    fs.tricks_played = len(known.tricks)
    points = [0, 0]
    played = 0
    for _lead, cards, winner in known.tricks:
        points[winner % 2] += sum(POINTS[c] for c in cards)
        for c in cards:
            played |= 1 << c
    for c in known.trick:
        played |= 1 << c
    fs.points = points
    fs.played = played
    fs.scores = (view["scores"][0], view["scores"][1])
    fs.redeal = known.rules.redeal_on_all_pass
    fs.free_boat = known.rules.boat_free_play
    fs.points_allowed = known.rules.discard_points_allowed
    fs.led_by = [list(x) for x in known.led_by]
    if fs.phase == P_BID and view["turn"] is None:
        fs.phase = 4
    return fs


def to_state(known: Known, rng: Rng) -> State:
    """One world as a full engine state (the public ``determinize``)."""
    view = known.view
    fs = to_fast(known, rng)
    won: list[tuple[int, ...]] = [(), ()]
    for _lead, cards, winner in known.tricks:
        won[winner % 2] += cards
    last = known.tricks[-1] if known.tricks else None
    summary = view["last_hand"]
    last_hand = None
    if summary is not None:
        last_hand = HandSummary(
            summary["declarer"],
            summary["bid"],
            summary["made"],
            (summary["card_points"][0], summary["card_points"][1]),
            (summary["score_change"][0], summary["score_change"][1]),
            summary["discard_points"],
            summary["last_trick_team"],
        )
    bids = tuple((b["seat"], 0 if b.get("pass") else b["bid"]) for b in view["bids"])
    return State(
        rules=known.rules,
        rng=rng.next64(),
        hand_number=view["hand_number"],
        dealer=view["dealer"],
        phase=known.phase,
        turn=fs.turn,
        hands=tuple(tuple(h) for h in fs.hands),
        widow=tuple(fs.widow),
        bids=bids,
        passed=tuple(view["passed"]),
        high_bid=fs.high_bid,
        high_bidder=fs.high_bidder,
        declarer=fs.declarer,
        contract=fs.contract,
        stuck=bool(view["stuck"]),
        discards=tuple(fs.discards),
        trump=fs.trump,
        leader=fs.leader,
        trick=tuple(known.trick),
        tricks_played=len(known.tricks),
        won=(won[0], won[1]),
        tricks_won=(view["tricks_won"][0], view["tricks_won"][1]),
        last_trick=last[1] if last else (),
        last_leader=last[0] if last else -1,
        last_winner=last[2] if last else -1,
        scores=(view["scores"][0], view["scores"][1]),
        last_hand=last_hand,
        winner=view["winner_team"] if view["winner_team"] is not None else -1,
        taken=tuple(sorted(IDS[c] for c in view.get("widow") or ())),
    )
