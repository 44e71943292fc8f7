"""Boat's rules as pure functions of small ints: bids, discards, plays, tricks, scoring.

Each function cites the spec section or numbered decision (``shared/rules/boat.md``) it
implements, since that is what a reader needs to check it against.
"""

from __future__ import annotations

from itertools import combinations

from games.boat.cards import BOAT, POINTS, WIDOW_SIZE, rank_of, suit_of
from games.text import Msg, messages

msg, msg_n = messages("boat")

#: the suits as a sentence names them, and at a sentence's start (the glossary's words)
SUIT_NAMES = (msg("clubs"), msg("diamonds"), msg("hearts"), msg("spades"))
SUIT_TITLES = (msg("Clubs"), msg("Diamonds"), msg("Hearts"), msg("Spades"))
MIN_BID = 65
MAX_BID = 120  # D2: only 120 points exist
BID_STEP = 5


def bid_problem(amount: int, high_bid: int) -> Msg | None:
    """Why ``amount`` is not a legal bid over ``high_bid`` (§3.1, D2), or ``None``."""
    lowest = max(MIN_BID, high_bid + BID_STEP)
    if amount % BID_STEP:
        return msg("Bids are multiples of {step}; {amount} is not.", step=BID_STEP, amount=amount)
    if not MIN_BID <= amount <= MAX_BID:
        return msg(
            "Bids run from {low} to {high}; {amount} is outside.",
            low=MIN_BID,
            high=MAX_BID,
            amount=amount,
        )
    if amount <= high_bid:
        return msg(
            "A bid must beat the current {high}: bid {lowest} or more, or pass.",
            high=high_bid,
            lowest=lowest,
        )
    return None


def legal_bids(high_bid: int) -> range:
    """Every bid still open (§3.1): above the high bid, 65..120 in steps of 5."""
    return range(max(MIN_BID, high_bid + BID_STEP), MAX_BID + 1, BID_STEP)


def discard_pool(hand: tuple[int, ...], points_allowed: bool) -> tuple[tuple[int, ...], int]:
    """``(must, free)`` for the discard (§3.2, D4): cards that must be discarded and how the
    rest are chosen.

    With points allowed, any 5 of the 14. With ``discard_points_allowed = false``, zero-point
    cards only; a declarer with fewer than 5 of them discards them all and makes up the rest
    with point cards (D4). Returns ``must`` (cards every legal discard contains) and the number
    of cards left to choose from the other cards in the pool given by :func:`discard_choices`.
    """
    if points_allowed:
        return (), WIDOW_SIZE
    zeros = tuple(c for c in hand if POINTS[c] == 0)
    if len(zeros) >= WIDOW_SIZE:
        return (), WIDOW_SIZE
    return zeros, WIDOW_SIZE - len(zeros)


def discard_choices(hand: tuple[int, ...], points_allowed: bool) -> tuple[int, ...]:
    """The cards a discard may take beyond ``must`` (D4)."""
    if points_allowed:
        return hand
    zeros = tuple(c for c in hand if POINTS[c] == 0)
    if len(zeros) >= WIDOW_SIZE:
        return zeros
    return tuple(c for c in hand if POINTS[c] != 0)


def legal_discards(hand: tuple[int, ...], points_allowed: bool) -> tuple[tuple[int, ...], ...]:
    """Every legal 5-card discard, each sorted. With points allowed that is all
    C(14, 5) = 2002 of them."""
    must, extra = discard_pool(hand, points_allowed)
    pool = discard_choices(hand, points_allowed)
    return tuple(tuple(sorted(must + combo)) for combo in combinations(pool, extra))


def discard_problem(
    hand: tuple[int, ...], cards: tuple[int, ...], points_allowed: bool
) -> Msg | None:
    """Why ``cards`` (5 distinct cards of ``hand``) are not a legal discard (D4), or ``None``."""
    if points_allowed:
        return None
    must, _ = discard_pool(hand, points_allowed)
    pool = set(discard_choices(hand, points_allowed))
    if any(c not in cards for c in must) or any(c not in pool and c not in must for c in cards):
        if must:
            return msg(
                "Point cards may not be discarded at this table, except to make up 5 when you "
                "hold fewer than 5 cards without points: discard all of those first."
            )
        return msg("Point cards (the Boat, Aces, 10s and 5s) may not be discarded at this table.")
    return None


def playable(
    hand: tuple[int, ...], trick: tuple[int, ...], trump: int, free_boat: bool
) -> tuple[int, ...]:
    """The cards ``hand`` may play to ``trick`` (§3.4, D3, D6).

    Follow the led (effective) suit; else trump if able (compulsory, D6); else anything. The
    Boat is a trump (D3); with ``boat_free_play`` it may also be played at any time.
    """
    if not trick:
        return hand
    led = suit_of(trick[0], trump)
    follow = tuple(c for c in hand if suit_of(c, trump) == led)
    if not follow:
        follow = tuple(c for c in hand if suit_of(c, trump) == trump)
    if not follow:
        return hand
    if free_boat and BOAT in hand and BOAT not in follow:
        return tuple(sorted((*follow, BOAT)))
    return follow


def play_problem(hand: tuple[int, ...], trick: tuple[int, ...], trump: int) -> Msg:
    """A player-readable reason why a held card outside :func:`playable` may not be played."""
    led = suit_of(trick[0], trump)
    led_name, trump_name = SUIT_NAMES[led], SUIT_NAMES[trump]
    if any(suit_of(c, trump) == led for c in hand):
        if led == trump:
            return msg(
                "Trump ({suit}) was led and you hold trump: play one (the Boat counts).",
                suit=led_name,
            )
        return msg("{suit} were led and you hold some: follow suit.", suit=SUIT_TITLES[led])
    return msg(
        "You have no {led}, and you hold trump ({trump} or the Boat): you must play a trump.",
        led=led_name,
        trump=trump_name,
    )


def trick_winner(trick: tuple[int, ...], trump: int) -> int:
    """Index in ``trick`` of the winning card (§3.4): highest trump, else highest of the led
    suit; cards of other suits never win."""
    led = suit_of(trick[0], trump)
    best, best_key = 0, -1
    for i, card in enumerate(trick):
        suit = suit_of(card, trump)
        if suit == trump:
            key = 100 + rank_of(card)
        elif suit == led:
            key = rank_of(card)
        else:
            continue
        if key > best_key:
            best, best_key = i, key
    return best


def hand_change(
    card_points: tuple[int, int], declarer_team: int, bid: int
) -> tuple[tuple[int, int], bool]:
    """Score changes for a hand (§3.5): the bidding team scores its card points if it reached
    the bid, else loses the bid; the defenders always score theirs."""
    made = card_points[declarer_team] >= bid
    change = list(card_points)
    if not made:
        change[declarer_team] = -bid
    return (change[0], change[1]), made


def game_winner(scores: tuple[int, int], target: int) -> int:
    """The winning team after a hand, or -1 to play on (§3.6, D7): once a team reaches the
    target, the higher score wins; equal scores at or over the target play another hand."""
    if max(scores) < target or scores[0] == scores[1]:
        return -1
    return 0 if scores[0] > scores[1] else 1
