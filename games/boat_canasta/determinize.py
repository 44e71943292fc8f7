"""What one seat knows, and full states drawn at random from it (the ``Determinizer`` hook).

Why events and not only the view: the view shows the pile's top card only (§5), but every
discard was public when it was made, so the seat knows the whole pile, and it saw what each
player took from the pile (``take`` names the top card and the count, and the seat saw the
cards go onto the pile): those cards stay known to be in the taker's hand until a public
``meld``/``add``/``open``/``discard``/``close`` shows them leaving. Everything else the seat did
not see (other hands, the stock order) is dealt at random from the cards not accounted for:
both decks' copies, the melds, the red 3s, the pile and the seat's own hand are subtracted.
Only the current round's events matter: every deal starts from a full deck.

Known limit: after a reshuffle the seat knows the old pile went into the stock, so those cards
can only be in hands of players who drew since; the sample treats them as unseen like the rest.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from games.boat_canasta import fast
from games.boat_canasta.deck import DECK, RED_THREES, sort_cards
from games.boat_canasta.state import NO, NOT_ASKED, PLAY, WAITING, YES, State
from games.boat_canasta.view import ROW_NAMES
from games.cards import shuffled
from games.core import Observation
from games.search import Rng

ASK_CODES = {None: NOT_ASKED, "waiting": WAITING, "yes": YES, "no": NO}


class Knowledge:
    """The seat's knowledge of the current round, computed once per observation."""

    __slots__ = (
        "frozen",
        "known",
        "obs",
        "pile",
        "red_unseen",
        "template",
        "unknown_counts",
        "unseen",
    )

    def __init__(self, obs: Observation) -> None:
        self.obs = obs
        view = obs.view
        players = int(view["players"])
        me = obs.seat
        events = obs.events
        start = 0
        for index in range(len(events) - 1, -1, -1):
            if events[index].kind == "round_start":
                start = index
                break
        pile: list[str] = []
        frozen = False
        known: list[Counter[str]] = [Counter() for _ in range(players)]
        for event in events[start:]:
            kind = event.kind
            data = event.data
            if kind == "discard":
                seat = data["seat"]
                _forget(known[seat], (data["card"],))
                pile.append(data["card"])
                frozen = bool(data["blocked"])
            elif kind == "take":
                seat = data["seat"]
                _forget(known[seat], data["cards"])
                if seat != me:
                    known[seat].update(pile[:-1])
                pile = []
                frozen = False
            elif kind == "reshuffle":
                pile = []
                frozen = False
            elif kind in ("meld", "add") and event.visible_to is None:
                _forget(known[data["seat"]], data["cards"])
            elif kind == "open":
                _forget(known[data["seat"]], [c for cards in data["melds"].values() for c in cards])
            elif kind == "close":
                _forget(known[data["seat"]], data["cards"])
        known[me] = Counter()
        self.pile = pile
        self.frozen = frozen
        self.known = [sorted(k.elements()) for k in known]
        seen: Counter[str] = Counter(view.get("hand", ()))
        for meld in view.get("staged", ()):
            seen.update(meld["cards"])
        for side in view["melds"]:
            for meld in side:
                seen.update(meld["cards"])
        for reds in view["red_threes"]:
            seen.update(reds)
        seen.update(pile)
        for cards in self.known:
            seen.update(cards)
        unseen = sorted((Counter(DECK) - seen).elements())
        # a red 3 is laid out the moment it is drawn (§2, D19): an unseen one is in the stock
        self.unseen = [c for c in unseen if c not in RED_THREES]
        self.red_unseen = [c for c in unseen if c in RED_THREES]
        counts = list(view["hand_counts"])
        if int(view["turn"]) == me:
            counts[me] -= int(view["staged_count"])
        # another seat's staged cards are hidden: they are dealt into its hand (a seat asked to
        # act never sees them: staging happens only on the staging player's own turn)
        self.unknown_counts = [
            0 if seat == me else counts[seat] - len(self.known[seat]) for seat in range(players)
        ]
        self.template: fast.Fast | None = None


def _forget(known: Counter[str], cards: Any) -> None:
    for c in cards:
        if known[c]:
            known[c] -= 1


_CACHE: dict[int, Knowledge] = {}


def knowledge(obs: Observation) -> Knowledge:
    """The cached :class:`Knowledge` of ``obs`` (a search samples one observation many times)."""
    found = _CACHE.get(id(obs))
    if found is not None and found.obs is obs:
        return found
    if len(_CACHE) > 64:
        _CACHE.clear()
    found = _CACHE[id(obs)] = Knowledge(obs)
    return found


def _deal(k: Knowledge, rng: Rng) -> tuple[list[list[str]], list[str]]:
    """Other hands (known cards plus a random share of the unseen ones) and the stock."""
    pool = k.unseen[:]
    rng.shuffle(pool)
    hands: list[list[str]] = []
    at = 0
    for seat, extra in enumerate(k.unknown_counts):
        hands.append(k.known[seat] + pool[at : at + extra])
        at += extra
    stock = pool[at:]
    for card in k.red_unseen:
        stock.insert(rng.below(len(stock) + 1), card)
    return hands, stock


def determinize(obs: Observation, seed: int) -> State:
    """A full public ``State`` consistent with ``obs`` (see the module docstring)."""
    k = knowledge(obs)
    view = obs.view
    rng = Rng(seed)
    dealt, stock = _deal(k, rng)
    me = obs.seat
    hands = tuple(
        tuple(view["hand"]) if seat == me else sort_cards(cards) for seat, cards in enumerate(dealt)
    )
    last = view["last_round"]
    staged = tuple(
        (meld["id"], tuple(meld["cards"])) for meld in view.get("staged", ()) if me == view["turn"]
    )
    return State(
        players=int(view["players"]),
        target=view["target_score"],
        black_three_freezes=view["options"]["black_three_freezes"],
        red_threes_negative=view["options"]["red_threes_negative_without_canasta"],
        permission=view["partner_permission"],
        max_turns=view["max_round_turns"],
        show_pile_count=view["pile_count"] is not None,
        rng=rng.next64(),
        round_no=view["round"],
        dealer=view["dealer"],
        scores=tuple(view["scores"]),
        minimums=tuple(view["minimums"]),
        hands=hands,
        stock=tuple(stock),
        pile=tuple(k.pile),
        frozen=k.frozen and bool(k.pile),
        melds=tuple(
            tuple((meld["id"], tuple(meld["cards"])) for meld in side) for side in view["melds"]
        ),
        red3=tuple(tuple(r) for r in view["red_threes"]),
        turn=view["turn"],
        g=view["turn_number"],
        phase=PLAY if view["phase"] == "answer" else view["phase"],
        staged=staged,
        ask=ASK_CODES[view["ask"]],
        last_round=(
            tuple(tuple(row[name] for name in ROW_NAMES) for row in last["rows"]) if last else ()
        ),
        last_closer=last["closer"] if last else -1,
        last_end=last["how"] if last else "",
        winners=tuple(view["winners"]),
    )


def sample_fast(obs: Observation, rng: Rng) -> fast.Fast:
    """The same kind of draw as :func:`determinize`, built straight into the search state: a
    template of the public part is made once per observation, then each sample only deals
    the unseen cards (no public ``State``, no sorting: a playout starts here thousands of
    times per move)."""
    k = knowledge(obs)
    if k.template is None:
        k.template = fast.from_state(determinize(obs, 0))
        for seat, cards in enumerate(k.known):
            if seat != obs.seat:
                hc = [0] * fast.N_CARDS
                for c in cards:
                    hc[fast.INDEX[c]] += 1
                k.template.hc[seat] = hc
                k.template.hk[seat] = [sum(hc[i] for i in kind) for kind in fast.OF_KIND]
                k.template.hn[seat] = len(cards)
        k.template.stock = []
    f = k.template.copy()
    pool, f.rng = shuffled([fast.INDEX[c] for c in k.unseen], rng.next64())
    at = 0
    for seat, extra in enumerate(k.unknown_counts):
        if extra:
            hc, hk = f.hc[seat], f.hk[seat]
            for i in pool[at : at + extra]:
                hc[i] += 1
                hk[fast.KIND[i]] += 1
            f.hn[seat] += extra
            at += extra
    f.stock = stock = pool[at:]
    for card in k.red_unseen:
        stock.insert(rng.below(len(stock) + 1), fast.INDEX[card])
    return f
