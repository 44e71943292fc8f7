"""Boat Canasta AI seats: ``easy``, ``normal`` and ``strong`` (issue 14).

Every level reads only the :class:`~games.core.Observation` (its view, legal codes and the
events the seat was shown) and answers one legal code; the same observation and seed give the
same move (``games.search.Rng``).

* ``normal`` plays by Canasta sense: take the pile whenever a pickup is legal, open as soon as
  the hand's triples (then pairs with a wild) reach the minimum, meld naturals onto the side's
  melds and wilds onto melds one or two short of a canasta, keep pairs for pickups, discard the
  card the next player is least likely to take (never the rank they just took the pile for, nor
  a rank their side has melded while the pile is open), block the pile with a wild or black 3
  when an opponent is close to going out, and ask/answer "may I close?" by the score.
* ``easy`` is ``normal`` without card memory (it forgets what the next player took and
  discarded) and with a random legal move about 30% of the time.
* ``strong`` plays ``normal``'s turn plan, but at the decisions that shape a turn (draw or
  take the pile, meld now or hold the cards back, and which card to discard) it scores a few
  candidates by Monte Carlo:
  determinized hands and stock (:mod:`.determinize`), the candidate applied on the search path
  (:mod:`.fast`), the round played out by the cheap playout policy, value = the side's round
  score minus the best other side's.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

from games.boat_canasta import fast
from games.boat_canasta.deck import BLACK_THREES, JOKER, RANK_OF, TWOS, VALUE
from games.boat_canasta.determinize import sample_fast
from games.boat_canasta.melds import BONUS as CANASTA_BONUS
from games.boat_canasta.melds import WILD_KEY
from games.core import AnytimePolicy, Budget, Observation, Policy
from games.search import Rng, spent
from games.text import messages

msg, msg_n = messages("boat_canasta")

#: search iterations (playouts) per searched decision
BUDGETS: dict[str, int] = {"strong": 1000}
#: how many discards the strong level compares by search
DISCARD_CANDIDATES = 3
EASY_MISTAKES = 0.3


class Seen:
    """The facts a decision needs, read once from the observation."""

    def __init__(self, obs: Observation, memory: bool = True) -> None:
        view = obs.view
        self.obs = obs
        self.view = view
        self.seat = obs.seat
        self.players = int(view["players"])
        self.side = view["side_of_seat"][self.seat]
        self.nsides = len(view["sides"])
        self.hand: list[str] = list(view.get("hand", ()))
        self.ranks = Counter(RANK_OF[c] for c in self.hand if c not in TWOS and c != JOKER)
        self.twos = sum(1 for c in self.hand if c in TWOS)
        self.jokers = self.hand.count(JOKER)
        self.melds = [{m["id"]: m for m in side} for side in view["melds"]]
        self.mine = self.melds[self.side]
        self.next_seat = (self.seat + 1) % self.players
        self.next_side = view["side_of_seat"][self.next_seat]
        self.legal = obs.legal
        self.pile_count = view["pile_count"]
        self.top = view["pile_top"]
        self.blocked = bool(view["pile_blocked"])
        self.minimum = view["minimums"][self.side]
        self.staged = {m["id"]: m["cards"] for m in view.get("staged", ())}
        # card memory of the current round: what the next player took and discarded
        self.next_took: set[str] = set()
        self.next_discarded: set[str] = set()
        self.cancelled = False
        if memory:
            self._remember(obs)
        else:
            self._this_turn(obs)

    def _remember(self, obs: Observation) -> None:
        for event in _round_events(obs):
            data = event.data
            if event.kind == "take" and data["seat"] == self.next_seat:
                self.next_took.add(RANK_OF[data["top"]])
            elif event.kind == "discard" and data["seat"] == self.next_seat:
                self.next_discarded.add(RANK_OF[data["card"]])
        self._this_turn(obs)

    def _this_turn(self, obs: Observation) -> None:
        for event in reversed(obs.events):
            if event.kind in ("turn", "round_start"):
                break
            if event.kind == "cancel" and event.data["seat"] == self.seat:
                self.cancelled = True

    def has_canasta(self, side: int) -> bool:
        return any(m["canasta"] for m in self.melds[side].values())

    def round_estimate(self, side: int) -> int:
        """The side's round score if the round ended now, hands counted at 10 a card for
        the seats this seat cannot see (its own hand exactly)."""
        table = sum(m["value"] for m in self.melds[side].values())
        bonus = 0
        for m in self.melds[side].values():
            if m["canasta"]:
                bonus += CANASTA_BONUS[m["canasta"]]
        reds = len(self.view["red_threes"][side])
        red = 800 if reds == 4 else 100 * reds
        hand = 0
        for seat in self.view["sides"][side]:
            if seat == self.seat:
                hand += sum(100 if c in BLACK_THREES else VALUE[c] for c in self.hand)
            else:
                hand += 10 * self.view["hand_counts"][seat]
        if bonus:
            return table + bonus + red - hand
        return -table - red - hand


def _round_events(obs: Observation) -> Sequence[Any]:
    events = obs.events
    for index in range(len(events) - 1, -1, -1):
        if events[index].kind == "round_start":
            return events[index:]
    return events


# --- the normal heuristic --------------------------------------------------------------------


def normal_move(obs: Observation, memory: bool = True) -> str:
    """The ``normal`` level's move (``memory`` off for ``easy``)."""
    legal = obs.legal
    if len(legal) == 1:
        return legal[0]
    s = Seen(obs, memory)
    if "answer:yes" in legal:
        return "answer:yes" if _close_is_good(s) else "answer:no"
    if "close" in legal:
        return "close"
    if "draw" in legal:
        return _draw_phase(s)
    plan = _meld_step(s)
    if plan:
        return plan
    if "ask" in legal and _wants_to_close(s):
        return "ask"
    if "keep" in legal:
        return "keep"
    discards = ranked_discards(s)
    if discards:
        return discards[0]
    return legal[0]


def _close_is_good(s: Seen) -> bool:
    """Answer "may I close?": yes when the round would end with the side ahead (or winning
    the game), no when it is far behind and needs the round to go on."""
    mine = s.view["scores"][s.side] + s.round_estimate(s.side) + 200
    best_other = max(
        s.view["scores"][side] + s.round_estimate(side)
        for side in range(s.nsides)
        if side != s.side
    )
    if mine >= s.view["target_score"] and mine > best_other:
        return True
    return mine >= best_other - 300


def _wants_to_close(s: Seen) -> bool:
    """Ask the partner only when closing looks good by the score and the partner still holds
    many cards (the partner knows their hand's penalty; the asker does not)."""
    partner = (s.seat + 2) % 4
    return _close_is_good(s) and s.view["hand_counts"][partner] >= 6


def _take_key(code: str) -> tuple[int, int]:
    parts = code.split(":")[1:]
    wilds = sum(50 if p == "JK" else 20 for p in parts[1:])
    return (wilds, int(parts[0]))


def _draw_phase(s: Seen) -> str:
    takes = [c for c in s.legal if c.startswith("take")]
    if takes:
        return min(takes, key=_take_key)
    staging = _staging_for_take(s)
    if staging:
        return staging
    if "cancel" in s.legal:
        return "cancel"
    return "draw"


def _opening_plan(s: Seen, skip: str = "", need: int | None = None) -> list[str]:
    """Codes of new melds from the hand that reach ``need`` (the minimum), triples first, then
    pairs with a wild, keeping two cards; [] when the hand cannot open."""
    need = s.minimum if need is None else need
    plan: list[str] = []
    value = sum(VALUE[c] for cards in s.staged.values() for c in cards)
    used = 0
    room = len(s.hand) - 2
    triples = sorted(
        (r for r, n in s.ranks.items() if n >= 3 and r != skip and r not in s.staged and r != "3"),
        key=lambda r: -s.ranks[r] * VALUE[r + "C"],
    )
    for rank in triples:
        if value >= need:
            break
        n = s.ranks[rank]
        if used + n > room:
            continue
        plan.append(f"meld:{rank}:{n}")
        value += n * VALUE[rank + "C"]
        used += n
    wilds = ["JK"] * s.jokers + ["2"] * s.twos
    pairs = sorted(
        (r for r, n in s.ranks.items() if n == 2 and r != skip and r not in s.staged and r != "3"),
        key=lambda r: -VALUE[r + "C"],
    )
    for rank in pairs:
        if value >= need or not wilds or used + 3 > room:
            break
        wild = wilds.pop(0)
        plan.append(f"meld:{rank}:2:{wild}")
        value += 2 * VALUE[rank + "C"] + (50 if wild == "JK" else 20)
        used += 3
    return plan if value >= need and plan else []


def _staging_for_take(s: Seen) -> str | None:
    """Before drawing, a side that has not opened may stage melds so the pickup opens."""
    if s.mine or s.cancelled or not s.top or s.view["restricted"]:
        return None
    rank = RANK_OF[s.top]
    if rank in ("2", "3", "X") or (s.pile_count or 0) < 3:
        return None
    n = s.ranks.get(rank, 0)
    if n < 2 and (s.blocked or n < 1 or not (s.twos or s.jokers)):
        return None
    take_value = (n + 1) * VALUE[s.top] + (0 if n >= 2 else (50 if s.jokers else 20))
    plan = _opening_plan(s, skip=rank, need=s.minimum - take_value)
    for code in plan:
        if code in s.legal:
            return code
    return None


def _near_out(s: Seen) -> bool:
    """The side may close and the hand is small enough to meld away soon: melds are then
    played, not weighed (going out ends the round in the side's favour)."""
    return s.has_canasta(s.side) and len(s.hand) <= 4


def _meld_step(s: Seen) -> str | None:
    """The next melding step of the turn, or None when it is time to discard."""
    legal = s.legal
    if s.staged:
        if "open" in legal:
            return "open"
        for code in _opening_plan(s):
            if code in legal:
                return code
        return "cancel" if "cancel" in legal else None
    if s.view["restricted"]:
        return None
    if not s.mine:
        if s.cancelled:
            return None
        for code in _opening_plan(s):
            if code in legal:
                return code
        return None
    going_out = _near_out(s)
    for rank, n in sorted(s.ranks.items()):
        if rank in s.mine and f"add:{rank}:{n}" in legal:
            return f"add:{rank}:{n}"
    for rank, n in sorted(s.ranks.items()):
        if rank not in s.mine and n >= 3 and f"meld:{rank}:{n}" in legal:
            return f"meld:{rank}:{n}"
    wild = "2" if s.twos else "JK" if s.jokers else None
    if wild:
        for key, m in sorted(s.mine.items(), key=lambda kv: -len(kv[1]["cards"])):
            size = len(m["cards"])
            if key != WILD_KEY and 5 <= size < 7 and f"add:{key}:0:{wild}" in legal:
                return f"add:{key}:0:{wild}"
            if key == WILD_KEY and f"add:W:{wild}" in legal and (going_out or size >= 4):
                return f"add:W:{wild}"
    if going_out:
        for code in legal:
            if code.startswith(("meld:", "add:")):
                return code
    return None


def ranked_discards(s: Seen) -> list[str]:
    """Discard codes, best first (the next player least likely to profit)."""
    danger_out = any(
        s.view["hand_counts"][seat] <= 4 and s.has_canasta(s.view["side_of_seat"][seat])
        for seat in range(s.players)
        if s.view["side_of_seat"][seat] != s.side
    )
    next_melds = s.melds[s.next_side]
    pile = s.pile_count if s.pile_count is not None else 5
    scored = []
    for code in s.legal:
        if not code.startswith("discard:"):
            continue
        card = code[8:]
        rank = RANK_OF[card]
        if card in BLACK_THREES:
            score = -60.0
        elif card in TWOS or card == JOKER:
            score = 150.0 + VALUE[card]
            if danger_out and pile >= 4 and not s.blocked:
                score = -80.0 + VALUE[card] / 10
        else:
            score = 0.0
            held = s.ranks.get(rank, 0)
            if held == 2:
                score += 40
            elif held >= 3:
                score += 60
            if rank in s.next_took:
                score += 200
            if rank in next_melds and not s.blocked:
                score += 90
            if rank in s.mine:
                score += 25
            if rank in s.next_discarded:
                score -= 15
            if s.top and RANK_OF[s.top] == rank:
                score -= 5
            score -= VALUE[card] / 10
        scored.append((score, code))
    scored.sort(key=lambda sc: sc[0])
    return [code for _, code in scored]


# --- the levels ------------------------------------------------------------------------------


def normal(observation: Observation, seed: int) -> str:
    """The ``normal`` level (no randomness: the seed is unused)."""
    return normal_move(observation)


def easy(observation: Observation, seed: int) -> str:
    """The ``easy`` level: ``normal`` without card memory, a random move 30% of the time."""
    rng = Rng(seed)
    if rng.random() < EASY_MISTAKES:
        return rng.choice(observation.legal)
    return normal_move(observation, memory=False)


#: which decisions strong searches
SEARCH_PICKUPS = True
SEARCH_DISCARDS = True
SEARCH_HOLDS = True
#: strong leaves normal's choice only for a candidate better by this many points on average
MARGIN = 25.0


def _value(world: fast.Fast, seat: int, code: str, seed: int) -> float:
    """The candidate's playout value: the side's round score minus the best other side's,
    with the game's end counted when the round decides it."""
    f = world.copy()
    fast.step(f, seat, code)
    fast.rollout(f, Rng(seed).below)
    totals = f.round_totals
    side = seat % f.nsides
    value = float(totals[side] - max(t for i, t in enumerate(totals) if i != side))
    if f.winners:
        value += 1000.0 if seat in f.winners else -1000.0
    return value


def evaluate(
    observation: Observation,
    candidates: Sequence[str],
    iterations: int,
    seed: int,
    budget: Budget | None = None,
) -> list[float]:
    """Mean playout value of each candidate over the same determinized worlds, each world
    played out with the same playout seed for every candidate (common random numbers: the
    candidates' difference is what matters, and shared luck cancels in it)."""
    rng = Rng(seed)
    totals = [0.0] * len(candidates)
    rounds = max(1, iterations // len(candidates))
    seat = observation.seat
    done = 0
    for done in range(1, rounds + 1):
        world = sample_fast(observation, rng)
        playout_seed = rng.next64()
        for index, code in enumerate(candidates):
            totals[index] += _value(world, seat, code, playout_seed)
        if spent(budget, done * len(candidates)):
            break
    return [total / done for total in totals]


def candidates(observation: Observation, heuristic: str) -> list[str]:
    """The moves strong weighs at this step, ``normal``'s own first; one move means no search.

    Three decisions are searched: draw or take the pile; which lone card to discard; and, at a
    melding step once the side has opened, whether to meld now at all or to discard and keep
    the cards in hand (a meld shown early tells the next player what to feed and empties the
    hand toward the pile's reach, and only a playout can weigh that against the points)."""
    legal = observation.legal
    s = Seen(observation)
    if "draw" in legal and heuristic.startswith(("take", "draw")) and SEARCH_PICKUPS:
        takes = sorted((c for c in legal if c.startswith("take")), key=_take_key)
        return [heuristic] + [c for c in ("draw", *takes[:1]) if c != heuristic]
    if heuristic.startswith("discard:") and SEARCH_DISCARDS:
        # a pair is worth more than a playout shows (playouts take the pile greedily but never
        # plan for it), so only lone naturals and black 3s challenge the heuristic's discard
        others = [c for c in ranked_discards(s) if c != heuristic and _lone(s, c[8:])]
        return [heuristic, *others[: DISCARD_CANDIDATES - 1]]
    if heuristic.startswith(("meld:", "add:")) and SEARCH_HOLDS and s.mine and not s.staged:
        discards = ranked_discards(s)
        if discards and not _near_out(s):
            return [heuristic, discards[0]]
    return [heuristic]


def search(
    observation: Observation, seed: int, iterations: int, budget: Budget | None = None
) -> str:
    """``strong``: ``normal``'s plan, with the decisions of :func:`candidates` chosen by Monte
    Carlo over ``iterations`` playouts (split between the candidates). The heuristic's own
    choice is the first candidate and is kept unless another beats it by :data:`MARGIN`."""
    heuristic = normal_move(observation)
    if len(observation.legal) == 1 or iterations <= 0:
        return heuristic
    options = candidates(observation, heuristic)
    if len(options) == 1:
        return options[0]
    values = evaluate(observation, options, iterations, seed, budget)
    best = max(range(len(options)), key=lambda i: (values[i], -i))
    if values[best] - values[0] < MARGIN:
        return options[0]
    return options[best]


def _lone(s: Seen, card: str) -> bool:
    if card in BLACK_THREES:
        return True
    return card not in TWOS and card != JOKER and s.ranks.get(RANK_OF[card], 0) == 1


def strong(observation: Observation, seed: int) -> str:
    """The ``strong`` level at its budget (:data:`BUDGETS`)."""
    return search(observation, seed, BUDGETS["strong"])


def strong_timed(observation: Observation, seed: int, budget: Budget) -> str:
    """``strong`` stopping at a time budget too (the bot's ``[tables] ai_seconds``)."""
    return search(observation, seed, BUDGETS["strong"], budget)


def playout(observation: Observation, seed: int) -> object:
    """Determinize and play the round out on the search path (``bench/search.py``): returns
    each side's round score."""
    rng = Rng(seed)
    f = sample_fast(observation, rng)
    fast.rollout(f, rng.below)
    return f.round_totals


def hint(observation: Observation, seed: int) -> tuple[str, str]:
    """``normal``'s move for this observation, with the step of its plan that chose it in plain
    words (the 💡 Hint button)."""
    code = normal_move(observation)
    if len(observation.legal) == 1:
        return code, msg("it is the only move you have")
    return code, _reason(Seen(observation, True), code)


def _reason(s: Seen, code: str) -> str:
    """Which step of :func:`normal_move`'s plan ``code`` is, in a player's words."""
    verb, _, arg = code.partition(":")
    if verb == "answer":
        if arg == "yes":
            return msg("closing now ends the round with your side ahead")
        return msg("your side is behind: the round should go on")
    if verb == "close":
        return msg("the four black 3s close the round for 1000 points")
    if verb == "take":
        return msg("the pile's top card matches cards you hold, and the pile joins your hand")
    if verb == "draw":
        return msg("the pile's top card is of no use to you: draw from the stock")
    if verb == "open":
        return msg("your staged melds reach your side's opening minimum")
    if verb == "cancel":
        return msg("your staged melds cannot open now: take them back into your hand")
    if verb in ("meld", "add") and (s.staged or not s.mine):
        return msg("stages a meld towards your side's opening minimum")
    if code.startswith("add:W:") or (verb == "add" and arg.count(":") >= 2):
        return msg("a wild card brings your meld closer to a canasta")
    if verb == "add":
        return msg("adds your cards to your side's meld, emptying your hand")
    if verb == "meld":
        return msg("three or more of a rank make a new meld")
    if verb == "ask":
        return msg("your side has a canasta and your hand is nearly gone: ask to close")
    if verb == "keep":
        return msg("one card left and you may not close yet: keep it")
    if verb == "discard" and arg in BLACK_THREES:
        return msg("a black 3 on the pile stops the next player taking it")
    if verb == "discard":
        return msg("the card the next player is least likely to use")
    return msg("the usual move here")


LEVELS: dict[str, Policy] = {"easy": easy, "normal": normal, "strong": strong}
#: the levels that can stop at a time budget
ANYTIME: dict[str, AnytimePolicy] = {"strong": strong_timed}
