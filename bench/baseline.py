"""A sensible rule-based player per game: the yardstick ``bench/ai.py`` measures levels against.

Why here and not in ``games/``: it is not a level the bot offers, only an opponent for the
benchmark (issue 43: "100% against random" says little, since a player who knows the rules beats
random too). It plays like someone who has read the rules and keeps a few rules of thumb, and
nothing more: no card counting beyond what is on the table, no search, no memory between moves.
Like every level it sees only its seat's :class:`~games.core.Observation` (the view and the legal
codes; Boat Canasta also reads its own events of the turn).

The rules of thumb, per game:

* Rowboat: decline the Moon, never use the Lighthouse or the Rowboat; bid by counting the cards
  that are a Knob or a high trump (Dolphin or better) in some trick of the Tide, leaning on the
  even share of the tricks; in play, while the side is
  short of its bid win with the cheapest card that beats the trick (or follow with the cheapest
  card when none does, or when the partner already wins it), and once the bid is made duck with
  the highest card that still loses (the cheapest card when none loses); the 4p exchange passes
  the weakest card.
* Boat: bid by counting aces, the Boat, the longest suit and kings, never over a partner; as
  declarer keep the longest suit and the aces, name the longest suit trump; in play, when the
  partner is winning follow cheaply, else win with the cheapest winning card, else throw the
  cheapest card without points; lead an ace outside trump, else the lowest card.
* Turn the Tide: play the highest card only when taking the low tide card would lower the
  level (lo below it), else the lowest card.
* Boat Canasta: take the pile when it can with naturals alone, else draw; open when the
  natural melds in hand reach the minimum, then meld and add naturals; discard a black 3, else
  the lowest card of the rank held least often, never a wild.
* Game of Rows: place the first card that fits (a new row last), then end; never block,
  unblock, bluff or call a bluff.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping, Sequence

from games.core import Observation, Policy

__all__ = ["POLICIES", "policy"]


def policy(game: str) -> Policy:
    """The baseline player of ``game``."""
    return POLICIES[game]


def _pick(legal: Sequence[str], *prefixes: str) -> list[str]:
    return [c for c in legal if c.startswith(prefixes)]


#: the weight of the counted high cards in a 2p/3p Rowboat bid, against the even share of the
#: tricks (calibrated in self-play: 0.3 scored 18 points a hand at 2p, 0.7 scored 10)
BID_SHARE = 0.3


# ---- Rowboat ------------------------------------------------------------------------------------
def _rowboat(obs: Observation, seed: int) -> str:
    from games.rowboat.deck import CODES, strengths

    view = obs.view
    legal = obs.legal
    phase = view["phase"]
    index = {code: i for i, code in enumerate(CODES)}
    if phase == "moon":
        return "nomoon"
    if phase == "exchange":
        passes = _pick(legal, "pass:")

        def total(code: str) -> int:
            card = index[code[5:]]
            return sum(strengths(index[r])[card] for r in view["tide"])

        return min(passes, key=total)
    if phase == "bidding":
        bids = sorted(int(c[4:]) for c in _pick(legal, "bid:"))
        rulers = [strengths(index[r]) for r in view["tide"]]
        count = 0
        for code in view["hand"]:
            best = max(s[index[code]] for s in rulers)
            count += best >= 500 or best >= 409  # a Knob, or a trump Dolphin or better
        # a card is strong in one trick only, and the others hold strong cards too
        if view["players"] == 4:  # two partners' bids add up: each claims half its count
            count = round(0.5 * count)
        else:  # the rest leans on the even share: bidding low only collects sandbags
            fair = len(view["tide"]) / view["players"]
            count = round(BID_SHARE * count + (1 - BID_SHARE) * fair)
        return f"bid:{min(bids, key=lambda b: (abs(b - count), b))}"
    plays = _pick(legal, "play:")
    if not plays:
        return next(c for c in legal if c != "lighthouse")
    trick = view["trick"]
    strength = strengths(index[trick["ruling"]])
    side = view["sides"][view["side"]]
    short = side["bid"] is not None and side["tricks"] < side["bid"]

    def power(code: str) -> int:
        return strength[index[code[5:]]]

    best, best_seat = -1, -1
    tied = False
    for play in trick["plays"]:
        value = 600 if play["card"] == "rowboat" else strength[index[play["card"]]]
        if value > best or (value == 600 and best < 600):
            best, best_seat, tied = value, play["seat"], False
        elif value == best and value != 600:
            tied = True
    partner_wins = best_seat >= 0 and not tied and view["seat_side"][best_seat] == view["side"]
    ordered = sorted(plays, key=power)
    if short and not partner_wins:
        if not trick["plays"]:
            return ordered[-1]
        winners = [c for c in ordered if power(c) > best]
        return winners[0] if winners else ordered[0]
    if not short:
        losers = [c for c in ordered if power(c) < best]
        return losers[-1] if losers else ordered[0]
    return ordered[0]


# ---- Boat ---------------------------------------------------------------------------------------
_BOAT_RANKS = "56789TJQKA"
_BOAT_POINTS = {"A": 10, "T": 10, "5": 5}


def _boat_points(code: str) -> int:
    return 20 if code == "BOAT" else _BOAT_POINTS.get(code[0], 0)


def _boat_rank(code: str) -> int:
    return 10 if code == "BOAT" else _BOAT_RANKS.index(code[0])


def _longest_suit(hand: Sequence[str]) -> str:
    suits = Counter(c[1] for c in hand if c != "BOAT")
    return max("CDHS", key=lambda s: (suits[s], sum(_boat_rank(c) for c in hand if c[1:] == s)))


def _boat(obs: Observation, seed: int) -> str:
    view = obs.view
    legal = obs.legal
    hand: list[str] = list(view["hand"])
    phase = view["phase"]
    if phase == "bidding":
        trump = _longest_suit(hand)
        length = sum(1 for c in hand if c[1:] == trump) + ("BOAT" in hand)
        aces = sum(1 for c in hand if c[0] == "A" and c != "BOAT")
        kings = sum(1 for c in hand if c[0] == "K")
        estimate = 30 + 10 * aces + 7 * length + 20 * ("BOAT" in hand) + 5 * kings
        partner = (obs.seat + 2) % 4
        if view.get("high_bidder") == partner:
            return "pass"
        bids = sorted(int(c[4:]) for c in _pick(legal, "bid:"))
        affordable = [b for b in bids if b <= estimate]
        return f"bid:{affordable[0]}" if affordable else "pass"
    if phase in ("discard", "widow"):
        trump = _longest_suit(hand)

        def keep(code: str) -> tuple[int, int, int]:
            return (code == "BOAT" or code[1:] == trump, code[0] == "A", _boat_rank(code))

        out = set(sorted(hand, key=keep)[:5])
        for code in _pick(legal, "discard:"):
            if set(code[8:].split(",")) == out:
                return code
        return _pick(legal, "discard:")[0]
    if phase in ("trump", "name_trump"):
        return f"trump:{_longest_suit(hand)}"
    plays = _pick(legal, "play:")
    if not plays:
        return legal[0]
    trump = view["trump"]
    trick = view["trick"] or []

    def power(code: str, led: str | None) -> int:
        suit = trump if code == "BOAT" else code[1]
        if suit == trump:
            return 100 + _boat_rank(code)
        return _boat_rank(code) if suit == led else -1

    def cheap(code: str) -> tuple[int, int, int]:
        return (_boat_points(code), code[1:] == trump or code == "BOAT", _boat_rank(code))

    if not trick:
        aces = [c[5:] for c in plays if c[5] == "A" and c[6] != trump]
        if aces:
            return f"play:{aces[0]}"
        return min(plays, key=lambda c: cheap(c[5:]))
    first = trick[0]["card"]
    led = trump if first == "BOAT" else first[1]
    best_seat, best = -1, -2
    for play in trick:
        value = power(play["card"], led)
        if value > best:
            best, best_seat = value, play["seat"]
    if best_seat % 2 == obs.seat % 2:
        return min(plays, key=lambda c: cheap(c[5:]))
    winners = [c for c in plays if power(c[5:], led) > best]
    if winners:
        return min(winners, key=lambda c: power(c[5:], led))
    return min(plays, key=lambda c: cheap(c[5:]))


# ---- Turn the Tide ------------------------------------------------------------------------------
def _turn_the_tide(obs: Observation, seed: int) -> str:
    view = obs.view
    cards = sorted(int(c[5:]) for c in _pick(obs.legal, "play:"))
    lo = min(int(t) for t in view["tide"])
    level = view["seats"][obs.seat]["level"]
    return f"play:{cards[-1] if lo < level else cards[0]}"


# ---- Boat Canasta -------------------------------------------------------------------------------
_CANASTA_VALUE = {"4": 5, "5": 5, "6": 5, "7": 5}


def _canasta_value(rank: str) -> int:
    return 20 if rank == "A" else _CANASTA_VALUE.get(rank, 10)


def _natural(code: str) -> bool:
    """A meld, add or take of naturals only (no wild named)."""
    return len(code.split(":")) == 3 and ":W:" not in code


def _cancelled_this_turn(obs: Observation) -> bool:
    for event in reversed(obs.events):
        if event.kind == "turn":
            return False
        if event.kind == "cancel":
            return True
    return False


def _boat_canasta(obs: Observation, seed: int) -> str:
    view = obs.view
    legal = obs.legal
    phase = view["phase"]
    if len(legal) == 1:
        return legal[0]
    if phase == "answer":
        return "answer:yes"
    side = view["side_of_seat"][obs.seat]
    opened = view["opened"][side]
    staged = bool(view.get("staged"))
    if "open" in legal:
        return "open"
    melds = [c for c in _pick(legal, "meld:", "add:") if _natural(c)]
    if phase == "draw":
        takes = [c for c in _pick(legal, "take:") if c.count(":") == 1]
        if takes:
            return max(takes, key=lambda c: int(c[5:]))
        if staged and "cancel" in legal:
            return "cancel"
        return "draw" if "draw" in legal else legal[0]
    if not opened:
        if staged:
            return max(melds, key=lambda c: int(c.split(":")[2])) if melds else "cancel"
        hand = Counter(c[:-1] for c in view["hand"] if c not in ("JK",) and c[0] not in "23")
        worth = sum(n * _canasta_value(r) for r, n in hand.items() if n >= 3)
        minimum = view["minimums"][side]
        if worth >= minimum and melds and not _cancelled_this_turn(obs):
            return max(melds, key=lambda c: int(c.split(":")[2]))
    elif melds:
        return max(melds, key=lambda c: int(c.split(":")[2]))
    discards = _pick(legal, "discard:")
    if not discards:
        for code in ("keep", "cancel"):
            if code in legal:
                return code
        return legal[0]
    held = Counter(c[8:][:-1] for c in discards)

    def order(code: str) -> tuple[int, int, int]:
        card = code[8:]
        if card in ("3C", "3S"):
            return (0, 0, 0)
        wild = card == "JK" or card[0] == "2"
        return (1 + wild, held[card[:-1]], _canasta_value(card[:-1]))

    return min(discards, key=order)


# ---- Game of Rows -------------------------------------------------------------------------------
def _game_of_rows(obs: Observation, seed: int) -> str:
    legal = obs.legal
    if obs.view["phase"] == "challenge":
        return "pass" if "pass" in legal else legal[0]
    if not obs.view["placed_number"]:
        places = _pick(legal, "place:")
        if places:
            old = [c for c in places if "@new." not in c]
            return (old or places)[0]
    if "end" in legal:
        return "end"
    places = _pick(legal, "place:")
    return places[0] if places else legal[0]


POLICIES: Mapping[str, Callable[[Observation, int], str]] = {
    "rowboat": _rowboat,
    "boat": _boat,
    "turn_the_tide": _turn_the_tide,
    "boat_canasta": _boat_canasta,
    "game_of_rows": _game_of_rows,
}
