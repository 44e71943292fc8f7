"""Legality and effects of every action (spec §3).

One function, :func:`plan`, decides whether an action is legal and, if so, what it does; both
``legal_actions`` (:mod:`.actions`: candidates filtered by ``plan``) and ``apply``
(:mod:`.effects`) use it, so the legal list and what ``apply`` accepts can never disagree.
"""

from __future__ import annotations

from games.boat_canasta.deck import (
    BLACK_THREES,
    CODES,
    JOKER,
    NATURAL_RANKS,
    RANK_OF,
    TWOS,
    WILD_TOKENS,
    matches_wild,
)
from games.boat_canasta.melds import (
    WILD_KEY,
    Meld,
    has_canasta,
    meld_problem,
    meld_value,
)
from games.boat_canasta.state import (
    DRAW,
    NO,
    NOT_ASKED,
    OVER,
    PLAY,
    SCORED,
    WAITING,
    State,
    side_of,
)
from games.cards import next_seat
from games.core import Action
from games.text import messages

msg, msg_n = messages("boat_canasta")

#: a plan is the checked action with the cards it moves: (kind, *details)
Plan = tuple


def partner(seat: int) -> int:
    return (seat + 2) % 4


def to_act(s: State) -> list[int]:
    if s.phase == OVER:
        return []
    if s.phase == SCORED:
        return [next_seat(s.dealer, s.players)]
    if s.ask == WAITING:
        return [partner(s.turn)]
    return [s.turn]


def restricted(s: State) -> bool:
    """The first three turns of every player: draw and discard only (D3)."""
    return s.g <= 3 * s.players


def opened(s: State, side: int) -> bool:
    return bool(s.melds[side])


def may_close(s: State, melds_after: tuple[Meld, ...] | list[Meld]) -> bool:
    """§3.5: past the restricted period, a canasta on the table once the action is applied,
    and no "no" from the partner this turn."""
    return not restricted(s) and s.ask != NO and has_canasta(melds_after)


# --- argument parsing ----------------------------------------------------------------------


def _count(text: str) -> int | None:
    if not text.isdigit() or str(int(text)) != text or int(text) > 30:
        return None
    return int(text)


def naturals_of(hand: tuple[str, ...], rank: str) -> list[str]:
    return [c for c in hand if RANK_OF[c] == rank]


def wild_of(hand: tuple[str, ...], token: str) -> str | None:
    for c in hand:
        if matches_wild(c, token):
            return c
    return None


def _take_cards(
    hand: tuple[str, ...], rank: str, parts: list[str], max_wilds: int = 1
) -> list[str] | str:
    """Hand cards for ``<n>[:<wild>...]``: n naturals of ``rank`` and up to ``max_wilds``
    wilds (one per action, except a pickup that opens: issue 15, D20)."""
    if not 1 <= len(parts) <= 1 + max_wilds or _count(parts[0]) is None:
        if max_wilds > 1:
            return msg("write the number of naturals, then the wilds: 2 or JK, each after a colon")
        return msg("write the number of naturals, then optionally one wild: 2 or JK")
    n = _count(parts[0])
    assert n is not None
    nats = naturals_of(hand, rank)
    if n > len(nats):
        return msg("you hold {held} natural {rank}, not {want}", held=len(nats), rank=rank, want=n)
    cards = nats[:n]
    tokens = parts[1:]
    for token in tokens:
        if token not in WILD_TOKENS:
            return msg("{token} is not a wild: write 2 or JK", token=repr(token))
    for token in WILD_TOKENS:
        want = tokens.count(token)
        have = [c for c in hand if matches_wild(c, token)]
        if want > len(have):
            if token == JOKER:
                return msg("you hold {held} Joker, not {want}", held=len(have), want=want)
            return msg("you hold {held} 2, not {want}", held=len(have), want=want)
        cards.extend(have[:want])
    return cards


# --- the decision --------------------------------------------------------------------------


def plan(s: State, seat: int, action: Action) -> Plan | str:
    """The checked effect of ``action`` by ``seat``, or the reason it is illegal."""
    if s.phase == OVER:
        return msg("The game is over.")
    if not 0 <= seat < s.players:
        return msg("There is no seat {seat}.", seat=seat)
    verb, arg = action
    waiting = to_act(s)
    if verb == "answer":
        return _answer(s, seat, arg)
    if s.ask == WAITING and seat == s.turn and s.phase == PLAY:
        return msg("Wait for your partner's answer to 'may I close?'.")
    if seat not in waiting:
        return msg("It is not your turn: waiting for seat {seat}.", seat=waiting[0])
    if s.ask == WAITING:
        return msg("Your partner asked 'may I close?': answer with answer:yes or answer:no.")
    if s.phase == SCORED:
        if verb != "deal":
            return msg("The round is over: deal the next round (deal).")
        return ("deal",)
    handler = _HANDLERS.get(verb)
    if handler is None:
        return msg("'{verb}' is not a Boat Canasta action.", verb=verb)
    return handler(s, seat, arg)


def _answer(s: State, seat: int, arg: str) -> Plan | str:
    if s.ask != WAITING or seat != partner(s.turn):
        return msg("Nobody asked you 'may I close?'.")
    if arg not in ("yes", "no"):
        return msg("Answer with answer:yes or answer:no.")
    return ("answer", arg == "yes")


def _draw(s: State, seat: int, arg: str) -> Plan | str:
    if s.phase != DRAW:
        return msg("You already drew or took the pile this turn.")
    return ("draw",)


def _take(s: State, seat: int, arg: str) -> Plan | str:
    if s.phase != DRAW:
        return msg("You already drew or took the pile this turn.")
    if restricted(s):
        return msg(
            "The Treasure pile cannot be taken during every player's first three turns "
            "(turn {turn} of {last}): draw from the stock.",
            turn=s.g,
            last=3 * s.players,
        )
    if not s.pile:
        return msg("The Treasure pile is empty: draw from the stock.")
    top = s.pile[-1]
    rank = RANK_OF[top]
    if rank not in NATURAL_RANKS:
        return msg("The top card {top} is a 3, 2 or Joker: the pile cannot be taken now.", top=top)
    hand = s.hands[seat]
    side = side_of(s.players, seat)
    # a pickup that opens may bring several wilds: its meld may need them to reach the minimum
    # (issue 15); an opened side adds further wilds with add, one per action
    cards = _take_cards(hand, rank, arg.split(":"), 1 if opened(s, side) else len(hand))
    if isinstance(cards, str):
        return msg("take:<naturals>[:<wild>…]: {why}.", why=cards)
    naturals = sum(1 for c in cards if RANK_OF[c] == rank)
    if s.frozen and naturals < 2:
        return msg(
            "The pile is blocked: only a natural pair of {rank} from your hand can take it "
            "(take:2 or more).",
            rank=rank,
        )
    table = dict(s.melds[side])
    if opened(s, side):
        existing = table.get(rank)
        new_cards = (*existing, top, *cards) if existing else (top, *cards)
    else:
        if any(key == rank for key, _ in s.staged):
            return msg(
                "You staged a meld of {rank}: cancel it, or take with those cards instead.",
                rank=rank,
            )
        existing = None
        new_cards = (top, *cards)
    problem = meld_problem(rank, new_cards)
    if problem:
        return msg(
            "Taking the pile needs a legal meld with the top card {top}: {why}",
            top=top,
            why=problem,
        )
    melds_after = dict(table)
    melds_after[rank] = new_cards
    if not opened(s, side):
        value = meld_value(new_cards) + sum(meld_value(c) for _, c in s.staged)
        if value < s.minimums[side]:
            return msg(
                "Your side's first meld needs {minimum} points (only the pile's top "
                "card counts); this makes {value}.",
                minimum=s.minimums[side],
                value=value,
            )
        melds_after.update(s.staged)
    closes = len(hand) - len(cards) + len(s.pile) - 1 == 0
    if closes and not may_close(s, list(melds_after.items())):
        return msg("That would empty your hand, which only a closing move may do.")
    return ("take", rank, tuple(cards), closes)


def _meld_targets(s: State, seat: int) -> tuple[dict[str, tuple[str, ...]], bool] | str:
    """The melds a meld/add acts on: the side's table melds, or the staged opening."""
    if restricted(s):
        return msg(
            "No melding during every player's first three turns (turn {turn} of "
            "{last}): draw and discard.",
            turn=s.g,
            last=3 * s.players,
        )
    side = side_of(s.players, seat)
    staging = not opened(s, side)
    if s.phase == DRAW and not staging:
        return msg("Draw from the stock or take the pile first.")
    return (dict(s.staged) if staging else dict(s.melds[side])), staging


def _result(
    s: State, seat: int, key: str, before: tuple[str, ...], cards: list[str], staging: bool
) -> Plan | str:
    """Check the meld that ``cards`` make with ``before`` and the hand-emptying rule."""
    problem = meld_problem(key, (*before, *cards))
    if problem:
        return problem
    closes = False
    if not staging and len(s.hands[seat]) == len(cards):
        melds_after = dict(s.melds[side_of(s.players, seat)])
        melds_after[key] = (*before, *cards)
        if not may_close(s, list(melds_after.items())):
            return msg("That would empty your hand, which only a closing move may do.")
        closes = True
    return (key, tuple(cards), staging, closes)


def _meld(s: State, seat: int, arg: str) -> Plan | str:
    targets = _meld_targets(s, seat)
    if isinstance(targets, str):
        return targets
    melds, staging = targets
    parts = arg.split(":")
    key, rest = parts[0], parts[1:]
    hand = s.hands[seat]
    if key == WILD_KEY:
        t = _count(rest[0]) if len(rest) == 2 else None
        j = _count(rest[1]) if len(rest) == 2 else None
        if t is None or j is None or t + j != 3:
            return msg("A wild meld is started with three wilds: meld:W:<twos>:<jokers>.")
        twos = [c for c in hand if c in TWOS]
        jokers = [c for c in hand if c == JOKER]
        if t > len(twos) or j > len(jokers):
            return msg(
                "You hold {twos} twos and {jokers} Jokers.", twos=len(twos), jokers=len(jokers)
            )
        cards = twos[:t] + jokers[:j]
    elif key in NATURAL_RANKS:
        cards_or = _take_cards(hand, key, rest)
        if isinstance(cards_or, str):
            return msg("meld:{key}:<naturals>[:<wild>]: {why}.", key=key, why=cards_or)
        cards = cards_or
    else:
        return msg("Meld a rank 4 to A, or W for the wild meld: meld:<rank>:<naturals>[:<wild>].")
    if key in melds:
        return msg("Your side already has a meld of {key}: add to it with add:{key}:…", key=key)
    result = _result(s, seat, key, (), cards, staging)
    return result if isinstance(result, str) else ("meld", *result)


def _add(s: State, seat: int, arg: str) -> Plan | str:
    targets = _meld_targets(s, seat)
    if isinstance(targets, str):
        return targets
    melds, staging = targets
    parts = arg.split(":")
    key, rest = parts[0], parts[1:]
    hand = s.hands[seat]
    if key == WILD_KEY:
        if len(rest) != 1 or rest[0] not in WILD_TOKENS:
            return msg("Add one wild to the wild meld: add:W:2 or add:W:JK.")
        wild = wild_of(hand, rest[0])
        if wild is None:
            return msg("You hold no such wild.")
        cards = [wild]
    elif key in NATURAL_RANKS:
        cards_or = _take_cards(hand, key, rest)
        if isinstance(cards_or, str):
            return msg("add:{key}:<naturals>[:<wild>]: {why}.", key=key, why=cards_or)
        cards = cards_or
        if not cards:
            return msg("Add at least one card.")
    else:
        return msg("Add to a meld of rank 4 to A, or W: add:<meld>:<naturals>[:<wild>].")
    if key not in melds:
        return msg("Your side has no meld of {key}: start one with meld:{key}:…", key=key)
    result = _result(s, seat, key, melds[key], cards, staging)
    return result if isinstance(result, str) else ("add", *result)


def _play_phase(s: State, what: str) -> str | None:
    if s.phase != PLAY:
        return msg("Draw from the stock or take the pile before you {what}.", what=what)
    return None


def _open(s: State, seat: int, arg: str) -> Plan | str:
    problem = _play_phase(s, msg("put down your opening"))
    if problem:
        return problem
    if not s.staged:
        return msg("Nothing is staged: build your opening melds with meld:… first.")
    side = side_of(s.players, seat)
    value = sum(meld_value(cards) for _, cards in s.staged)
    if value < s.minimums[side]:
        return msg(
            "Your side's first melds need {minimum} points; these make {value}.",
            minimum=s.minimums[side],
            value=value,
        )
    closes = not s.hands[seat]
    if closes and not may_close(s, s.staged):
        return msg("That would empty your hand, which only a closing move may do.")
    return ("open", closes)


def _cancel(s: State, seat: int, arg: str) -> Plan | str:
    if not s.staged:
        return msg("Nothing is staged.")
    return ("cancel",)


def _staged_first(s: State) -> str | None:
    if s.staged:
        return msg("Put down your staged melds (open) or take them back (cancel) first.")
    return None


def _discard(s: State, seat: int, arg: str) -> Plan | str:
    problem = _play_phase(s, msg("discard")) or _staged_first(s)
    if problem:
        return problem
    hand = s.hands[seat]
    if arg not in CODES or arg not in hand:
        return msg("You hold no {card}.", card=arg)
    if len(hand) == 1:
        if not may_close(s, s.melds[side_of(s.players, seat)]):
            return msg("Discarding your last card would close, and you may not close now: keep it.")
        return ("discard", arg, True)
    return ("discard", arg, False)


def _keep(s: State, seat: int, arg: str) -> Plan | str:
    problem = _play_phase(s, msg("end your turn")) or _staged_first(s)
    if problem:
        return problem
    if len(s.hands[seat]) != 1:
        return msg("You keep your card only when one card is left: discard instead.")
    if may_close(s, s.melds[side_of(s.players, seat)]):
        return msg("You may close, so your last card must be discarded (D12).")
    return ("keep",)


def _close(s: State, seat: int, arg: str) -> Plan | str:
    problem = _play_phase(s, msg("close")) or _staged_first(s)
    if problem:
        return problem
    hand = s.hands[seat]
    if len(hand) != 4 or any(c not in BLACK_THREES for c in hand):
        return msg("close melds the four black 3s: your hand must be exactly those four cards.")
    if not may_close(s, s.melds[side_of(s.players, seat)]):
        return msg("You may not close now: it needs a canasta, after the first three turns.")
    return ("close",)


def _ask(s: State, seat: int, arg: str) -> Plan | str:
    if s.players != 4 or not s.permission:
        return msg("Asking your partner is only for 4 players with partner_permission on.")
    problem = _play_phase(s, msg("ask")) or _staged_first(s)
    if problem:
        return problem
    if s.ask != NOT_ASKED:
        return msg("You already asked your partner this turn.")
    if not may_close(s, s.melds[side_of(s.players, seat)]):
        return msg(
            "Ask only when you could close: it needs a canasta, after the first three turns."
        )
    return ("ask",)


def _deal(s: State, seat: int, arg: str) -> Plan | str:
    return msg("The next round is dealt only once a round is over.")


_HANDLERS = {
    "deal": _deal,
    "draw": _draw,
    "take": _take,
    "meld": _meld,
    "add": _add,
    "open": _open,
    "cancel": _cancel,
    "discard": _discard,
    "keep": _keep,
    "close": _close,
    "ask": _ask,
}
