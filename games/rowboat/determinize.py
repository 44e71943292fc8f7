"""Determinization for AI search: full Rowboat states consistent with what one seat has seen.

Why a module of its own: a search level samples hundreds of worlds per decision, so what the
observation says (the seat's view and the events of the current hand) is read once into a
:class:`Knowledge` record, and each sample only shuffles the unknown cards into the free slots.

What is kept (``games.core.Determinizer``; spec references to ``shared/rules/rowboat.md``):

* the Tide, the scores, bids, tricks, the pot, used specialty cards, the current trick: public;
* the seat's own hand and marriages (its view), its exchange card and the one it received (4p);
* Lighthouse snapshots (its own ``lighthouse_view`` events, and its partner's in 4p): each shown
  hand minus the cards played since; a snapshot taken during the 4p exchange is resolved by
  drawing which shown card each opponent passed (or, if it had locked before the snapshot, an
  unseen card that went to its partner);
* voids: a player who played neither trump nor the current Knob (nor the Rowboat) in a trick held
  no playable trump then, except one lone trump that is a later Knob, which the Saving-a-Knob
  rule then married (§3.5.1 step 2b, D8). Every sampled hand is checked by replaying its owner's
  plays of this hand under the exact legality rules (married cards follow from the replay), and
  a sample that fails is drawn again, so no sampled world contradicts a play that was seen;
* hand sizes; the undealt rest of the deck gets whatever is left.
"""

from __future__ import annotations

from typing import Any

from games.core import Observation
from games.rowboat import fast
from games.rowboat.deck import ALL_CARDS, BIT, CARD_OF, legal_rows, tricks_for
from games.rowboat.state import (
    EXCHANGE,
    MOON,
    OVER,
    PHASE_NAMES,
    TRICK_PLAY,
    USED_LIGHTHOUSE,
    USED_MOON,
    USED_ROWBOAT,
    Opts,
    State,
)
from games.search import Rng

_MASK64 = (1 << 64) - 1


def _mask(codes: Any) -> int:
    out = 0
    for c in codes:
        out |= BIT[CARD_OF[c]]
    return out


class Knowledge:
    """What an observation fixes, read once: the public fields (as a fast-state template) and
    the per-seat facts the sampler needs."""

    __slots__ = (
        "dealt",
        "exchange_done",
        "exchange_snap",
        "forbid",
        "gone",
        "hand_me",
        "known",
        "last",
        "last_hand",
        "lists",
        "locked",
        "me",
        "mine_married",
        "my_pass",
        "n",
        "plays_by",
        "received",
        "seconds",
        "show_last",
        "sizes",
        "snap",
        "snap_locked",
        "template",
    )

    def __init__(self, obs: Observation) -> None:
        v = obs.view
        n = int(v["players"])
        me = obs.seat
        self.n = n
        self.me = me
        phase = PHASE_NAMES.index(v["phase"])
        o = v["options"]
        self.lists: dict[int, list[int]] = {}  # card lists of masks the sampler met
        self.seconds = int(o["lighthouse_seconds"])
        self.show_last = int(o["show_last_trick"])
        sides = v["sides"]
        used = []
        for side in sides:
            bits = 0
            if not side["rowboat"]:
                bits |= USED_ROWBOAT
            if not side["lighthouse"]:
                bits |= USED_LIGHTHOUSE
            if not side["moon"]:
                bits |= USED_MOON
            used.append(bits)
        dealt = bool(v["tide"]) and phase not in (MOON,)
        tide = tuple(CARD_OF[c] for c in v["tide"]) if dealt else ()
        self.dealt = dealt and phase != OVER
        trick = v["trick"]
        plays = []
        if trick is not None:
            plays = [52 if p["card"] == "rowboat" else CARD_OF[p["card"]] for p in trick["plays"]]
        dealer = int(v["dealer"])
        exchange = phase == EXCHANGE
        passes = [-1] * 4 if n == 4 else []
        if exchange and v.get("passing"):
            passes[me] = CARD_OF[v["passing"]]
        self.template = [
            n,
            int(o["novice"]),
            int(o["target_score"]),
            int(o["knob_obligatory"]),
            int(o["partner_tie_wins"]),
            0,  # rng: drawn per sample
            phase,
            int(v["hand_number"]),
            dealer,
            used,
            [s["score"] for s in sides],
            [s["sandbags"] for s in sides],
            v["moon"] or 0,
            tide,
            [0] * n,
            passes,
            [-1 if b is None else b for b in v["bids"]],
            (v["trick_number"] - 1) if phase == TRICK_PLAY else 0,
            trick["leader"] if trick is not None else (dealer + 1) % n,
            plays,
            list(v["tricks_won"]),
            v["pending"],
            [0] * n,
            0,  # gone
            tuple(v["winners"]),
            (),
            ALL_CARDS,
        ]
        self.last_hand = tuple(
            (-1 if h["bid"] is None else h["bid"], h["tricks"], h["points"], h["sandbags"])
            for h in (v["last_hand"] or ())
        )
        self.sizes = list(v["hand_sizes"])
        self.hand_me = _mask(v.get("hand", ()))
        self.mine_married = _mask(m["card"] for m in v.get("married", ()))
        self.locked = list(v["exchange_locked"]) if v["exchange_locked"] else [False] * n
        self._read_events(obs, tide, passes)

    def _read_events(self, obs: Observation, tide: tuple[int, ...], passes: list[int]) -> None:
        n, me = self.n, self.me
        events = obs.events
        # walk back to this hand's Tide: a long game holds thousands of earlier events, and
        # reading them all on every decision made a move's cost grow with the game's length
        start = 0
        last: tuple[int, ...] = ()
        for i in range(len(events) - 1, -1, -1):
            ev = events[i]
            if ev.kind == "tide":
                start = i + 1
                break
            if ev.kind == "trick" and not last:
                d = ev.data
                seats = [p["seat"] for p in d["plays"]]
                cards = [52 if p["card"] == "rowboat" else CARD_OF[p["card"]] for p in d["plays"]]
                winner = -1 if d["winner"] is None else d["winner"]
                last = (d["trick"] - 1, seats[0], winner, *cards)
        self.last = last
        self.plays_by: list[list[tuple[int, int]]] = [[] for _ in range(n)]
        self.gone = 0
        self.snap: dict[int, int] = {}
        self.snap_locked: set[int] = set()
        self.exchange_snap = False
        self.exchange_done = n != 4
        self.my_pass = passes[me] if passes else -1
        self.received = -1
        locked_so_far: set[int] = set()
        trick = 0
        if not self.dealt:
            events = ()
        for ev in events[start:]:
            kind = ev.kind
            d = ev.data
            if kind == "play":
                card = CARD_OF[d["card"]]
                self.plays_by[d["seat"]].append((trick, card))
                self.gone |= BIT[card]
            elif kind == "rowboat":
                self.plays_by[d["seat"]].append((trick, 52))
            elif kind == "trick":
                trick += 1
            elif kind == "pass_locked":
                locked_so_far.add(d["seat"])
            elif kind == "pass_chosen" and d["seat"] == me:
                self.my_pass = CARD_OF[d["card"]]
            elif kind == "received" and d["seat"] == me:
                self.received = CARD_OF[d["card"]]
            elif kind == "exchange_done":
                self.exchange_done = True
            elif kind == "lighthouse_view":
                self.snap = {h["seat"]: _mask(h["cards"]) for h in d["hands"] if h["seat"] != me}
                self.exchange_snap = not self.exchange_done
                self.snap_locked = set(locked_so_far)
        # the proposal's voids: suits a seat cannot hold after declining them (checked exactly
        # by the replay in _consistent)
        rows = legal_rows(tide) if tide else ()
        table = tricks_for(tide) if tide else ()
        obl = self.template[fast.KNOB_OBL]
        self.forbid = [0] * n
        for x in range(n):
            for t, card in self.plays_by[x]:
                if card == 52 or card == table[t].knob:
                    continue
                trump_mask = rows[t][1]
                if BIT[card] & trump_mask:
                    continue
                self.forbid[x] |= trump_mask & ~rows[t][2]
                if obl:
                    self.forbid[x] |= rows[t][0]


_cache: dict[int, tuple[Observation, Knowledge]] = {}


def knowledge(obs: Observation) -> Knowledge:
    """The :class:`Knowledge` of an observation, remembered by identity (a search samples the
    same observation many times)."""
    hit = _cache.get(id(obs))
    if hit is not None and hit[0] is obs:
        return hit[1]
    if len(_cache) > 512:
        _cache.clear()
    k = Knowledge(obs)
    _cache[id(obs)] = (obs, k)
    return k


def _consistent(k: Knowledge, f: list, x: int, hand: int) -> int:
    """Replay seat ``x``'s plays of this hand from ``hand`` plus the cards it played; returns
    its married mask now, or -1 if some play would have been illegal (spec §3.5.1)."""
    plays = k.plays_by[x]
    if not plays:
        return 0
    start = hand
    for _t, card in plays:
        if card != 52:
            start |= BIT[card]
    tide = f[fast.TIDE]
    rows = legal_rows(tide)
    table = tricks_for(tide)
    obl = f[fast.KNOB_OBL]
    married = 0
    h = start
    for t, card in plays:
        knob_bit, trump_mask, future, _ = rows[t]
        if married & knob_bit:
            if card != table[t].knob:
                return -1
            h &= ~knob_bit
            married &= ~knob_bit
            continue
        if card == 52:
            continue
        trumps = h & trump_mask
        if obl:
            trumps |= h & knob_bit
        playable = trumps & ~married
        bit = BIT[card]
        if not playable:
            ok = True
        elif not trumps & (trumps - 1) and trumps & future:
            ok = True
            if bit != trumps and card != table[t].knob:
                married |= trumps
        else:
            ok = bool(bit & (playable | (h & knob_bit)))
        if not ok:
            return -1
        h &= ~bit
    return married


def sample_fast(obs: Observation, rng: Rng) -> list:
    """One determinization as a fast state (:mod:`games.rowboat.fast`)."""
    k = knowledge(obs)
    f = fast.copy(k.template)
    f[fast.RNG] = rng.next64()
    f[fast.GONE] = k.gone
    if not k.dealt:
        return f
    for _ in range(500):
        if _fill(k, f, rng):
            return f
    raise RuntimeError("no Rowboat world fits this observation")  # pragma: no cover


def _fill(k: Knowledge, f: list, rng: Rng) -> bool:
    n, me = k.n, k.me
    gone = k.gone
    hands = [0] * n
    hands[me] = k.hand_me
    extra = [0] * n  # unknown cards each seat needs
    passes = f[fast.PASSES]
    pass_slots: list[int] = []  # seats whose locked exchange card is unknown
    partner = (me + 2) % 4 if n == 4 else -1
    ongoing = n == 4 and f[fast.PHASE] == EXCHANGE
    # 4p passes this step decides: p[x] = card, or -2 = an unseen card
    if k.snap and k.exchange_snap:
        p = [-1] * 4
        p[me] = k.my_pass
        if partner >= 0 and k.received >= 0:
            p[partner] = k.received
        for x in range(4):
            if x == me or p[x] >= 0:
                continue
            if not ongoing or k.locked[x]:
                if x in k.snap_locked:
                    p[x] = -2
                else:
                    y = (x + 2) % 4
                    shown = k.snap[x]
                    by_y = shown & _played_mask(k, y)
                    if by_y:
                        p[x] = by_y.bit_length() - 1
                    else:
                        cands = fast.cards(shown & ~_played_mask(k, x))
                        p[x] = cands[rng.below(len(cands))]
        for x in range(4):
            if x == me:
                continue
            base = k.snap[x]
            if p[x] >= 0:
                base &= ~BIT[p[x]]
            if ongoing:
                hands[x] = base
                if k.locked[x]:
                    if p[x] >= 0:
                        passes[x] = p[x]
                    else:
                        pass_slots.append(x)
            else:
                y = (x + 2) % 4
                if p[y] >= 0:
                    base |= BIT[p[y]]
                else:
                    extra[x] += 1
                hands[x] = base & ~gone
    else:
        for x in range(n):
            if x == me:
                continue
            base = k.snap.get(x, 0)
            if x == partner and k.exchange_done and k.my_pass >= 0:
                base |= BIT[k.my_pass]
            hands[x] = base & ~gone
            if ongoing and k.locked[x]:
                pass_slots.append(x)
    known = 0
    for x in range(n):
        known |= hands[x]
    for c in passes:
        if c >= 0:
            known |= BIT[c]
    tide_mask = 0
    for c in f[fast.TIDE]:
        tide_mask |= BIT[c]
    for x in range(n):
        if x != me:
            extra[x] = k.sizes[x] - hands[x].bit_count()
            if extra[x] < 0:
                return False
    free = ALL_CARDS & ~known & ~tide_mask & ~gone
    # the most constrained seat draws first; each draws only the cards it needs (a partial
    # Fisher-Yates over the cards it may hold)
    order = sorted(
        (x for x in range(n) if x != me and extra[x]), key=lambda x: -k.forbid[x].bit_count()
    )
    below = rng.below
    for x in order:
        need = extra[x]
        allowed = free & ~k.forbid[x]
        listed = k.lists.get(allowed)
        if listed is None:
            listed = k.lists[allowed] = fast.cards(allowed)
        cand = listed[:]
        size = len(cand)
        if size < need:
            return False
        drawn = 0
        for i in range(need):
            j = i + below(size - i)
            cand[i], cand[j] = cand[j], cand[i]
            drawn |= BIT[cand[i]]
        hands[x] |= drawn
        free &= ~drawn
    for x in pass_slots:
        cand = fast.cards(free)
        passes[x] = cand[below(len(cand))]
        free &= ~BIT[passes[x]]
    married = [0] * n
    for x in range(n):
        if x == me:
            continue
        m = _consistent(k, f, x, hands[x])
        if m < 0:
            return False
        married[x] = m
    married[me] = k.mine_married
    f[fast.HANDS] = hands
    f[fast.MARRIED] = married
    used = 0
    for h in hands:
        used |= h
    for c in passes:
        if c >= 0:
            used |= BIT[c]
    f[fast.UNDEALT] = ALL_CARDS & ~used & ~tide_mask & ~gone
    return True


def _played_mask(k: Knowledge, x: int) -> int:
    out = 0
    for _t, card in k.plays_by[x]:
        if card != 52:
            out |= BIT[card]
    return out


def to_state(k: Knowledge, f: list) -> State:
    """The public :class:`State` of a sampled fast state."""
    return State(
        n=f[fast.N],
        opts=Opts(
            f[fast.NOVICE],
            f[fast.TARGET],
            k.seconds,
            f[fast.KNOB_OBL],
            f[fast.PTW],
            k.show_last,
        ),
        rng=f[fast.RNG],
        rig=(),
        phase=f[fast.PHASE],
        hand_no=f[fast.HAND_NO],
        dealer=f[fast.DEALER],
        used=tuple(f[fast.USED]),
        scores=tuple(f[fast.SCORES]),
        bags=tuple(f[fast.BAGS]),
        moon=f[fast.MOONK],
        tide=f[fast.TIDE],
        hands=tuple(f[fast.HANDS]),
        undealt=f[fast.UNDEALT],
        passes=tuple(f[fast.PASSES]),
        bids=tuple(f[fast.BIDS]),
        trick=f[fast.TRICK],
        leader=f[fast.LEADER],
        plays=tuple(f[fast.PLAYS]),
        won=tuple(f[fast.WON]),
        pending=f[fast.PENDING],
        married=tuple(f[fast.MARRIED]),
        gone=f[fast.GONE],
        last=k.last,
        last_hand=k.last_hand,
        winners=f[fast.WINNERS],
    )


def determinize(obs: Observation, rng: int) -> State:
    """``Engine.determinize``: one full state consistent with ``obs`` (see the module doc)."""
    k = knowledge(obs)
    f = sample_fast(obs, Rng(rng & _MASK64))
    return to_state(k, f)


__all__ = [
    "Knowledge",  # untranslated: a Python name
    "determinize",
    "knowledge",
    "sample_fast",
    "to_state",
]
