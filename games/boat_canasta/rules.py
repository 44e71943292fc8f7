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
            return "write the number of naturals, then the wilds: 2 or JK, each after a colon"
        return "write the number of naturals, then optionally one wild: 2 or JK"
    n = _count(parts[0])
    assert n is not None
    nats = naturals_of(hand, rank)
    if n > len(nats):
        return f"you hold {len(nats)} natural {rank}, not {n}"
    cards = nats[:n]
    tokens = parts[1:]
    for token in tokens:
        if token not in WILD_TOKENS:
            return f"{token!r} is not a wild: write 2 or JK"
    for token in WILD_TOKENS:
        want = tokens.count(token)
        have = [c for c in hand if matches_wild(c, token)]
        if want > len(have):
            return f"you hold {len(have)} {'Joker' if token == JOKER else '2'}, not {want}"
        cards.extend(have[:want])
    return cards


# --- the decision --------------------------------------------------------------------------


def plan(s: State, seat: int, action: Action) -> Plan | str:
    """The checked effect of ``action`` by ``seat``, or the reason it is illegal."""
    if s.phase == OVER:
        return "The game is over."
    if not 0 <= seat < s.players:
        return f"There is no seat {seat}."
    verb, arg = action
    waiting = to_act(s)
    if verb == "answer":
        return _answer(s, seat, arg)
    if s.ask == WAITING and seat == s.turn and s.phase == PLAY:
        return "Wait for your partner's answer to 'may I close?'."
    if seat not in waiting:
        return f"It is not your turn: waiting for seat {waiting[0]}."
    if s.ask == WAITING:
        return "Your partner asked 'may I close?': answer with answer:yes or answer:no."
    if s.phase == SCORED:
        if verb != "deal":
            return "The round is over: deal the next round (deal)."
        return ("deal",)
    handler = _HANDLERS.get(verb)
    if handler is None:
        return f"'{verb}' is not a Boat Canasta action."
    return handler(s, seat, arg)


def _answer(s: State, seat: int, arg: str) -> Plan | str:
    if s.ask != WAITING or seat != partner(s.turn):
        return "Nobody asked you 'may I close?'."
    if arg not in ("yes", "no"):
        return "Answer with answer:yes or answer:no."
    return ("answer", arg == "yes")


def _draw(s: State, seat: int, arg: str) -> Plan | str:
    if s.phase != DRAW:
        return "You already drew or took the pile this turn."
    return ("draw",)


def _take(s: State, seat: int, arg: str) -> Plan | str:
    if s.phase != DRAW:
        return "You already drew or took the pile this turn."
    if restricted(s):
        return (
            f"The Treasure pile cannot be taken during every player's first three turns "
            f"(turn {s.g} of {3 * s.players}): draw from the stock."
        )
    if not s.pile:
        return "The Treasure pile is empty: draw from the stock."
    top = s.pile[-1]
    rank = RANK_OF[top]
    if rank not in NATURAL_RANKS:
        return f"The top card {top} is a 3, 2 or Joker: the pile cannot be taken now."
    hand = s.hands[seat]
    side = side_of(s.players, seat)
    # a pickup that opens may bring several wilds: its meld may need them to reach the minimum
    # (issue 15); an opened side adds further wilds with add, one per action
    cards = _take_cards(hand, rank, arg.split(":"), 1 if opened(s, side) else len(hand))
    if isinstance(cards, str):
        return f"take:<naturals>[:<wild>…]: {cards}."
    naturals = sum(1 for c in cards if RANK_OF[c] == rank)
    if s.frozen and naturals < 2:
        return (
            f"The pile is blocked: only a natural pair of {rank} from your hand can take it "
            f"(take:2 or more)."
        )
    table = dict(s.melds[side])
    if opened(s, side):
        existing = table.get(rank)
        new_cards = (*existing, top, *cards) if existing else (top, *cards)
    else:
        if any(key == rank for key, _ in s.staged):
            return f"You staged a meld of {rank}: cancel it, or take with those cards instead."
        existing = None
        new_cards = (top, *cards)
    problem = meld_problem(rank, new_cards)
    if problem:
        return f"Taking the pile needs a legal meld with the top card {top}: {problem}"
    melds_after = dict(table)
    melds_after[rank] = new_cards
    if not opened(s, side):
        value = meld_value(new_cards) + sum(meld_value(c) for _, c in s.staged)
        if value < s.minimums[side]:
            return (
                f"Your side's first meld needs {s.minimums[side]} points (only the pile's top "
                f"card counts); this makes {value}."
            )
        melds_after.update(s.staged)
    closes = len(hand) - len(cards) + len(s.pile) - 1 == 0
    if closes and not may_close(s, list(melds_after.items())):
        return "That would empty your hand, which only a closing move may do."
    return ("take", rank, tuple(cards), closes)


def _meld_targets(s: State, seat: int) -> tuple[dict[str, tuple[str, ...]], bool] | str:
    """The melds a meld/add acts on: the side's table melds, or the staged opening."""
    if restricted(s):
        return (
            f"No melding during every player's first three turns (turn {s.g} of "
            f"{3 * s.players}): draw and discard."
        )
    side = side_of(s.players, seat)
    staging = not opened(s, side)
    if s.phase == DRAW and not staging:
        return "Draw from the stock or take the pile first."
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
            return "That would empty your hand, which only a closing move may do."
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
            return "A wild meld is started with three wilds: meld:W:<twos>:<jokers>."
        twos = [c for c in hand if c in TWOS]
        jokers = [c for c in hand if c == JOKER]
        if t > len(twos) or j > len(jokers):
            return f"You hold {len(twos)} twos and {len(jokers)} Jokers."
        cards = twos[:t] + jokers[:j]
    elif key in NATURAL_RANKS:
        cards_or = _take_cards(hand, key, rest)
        if isinstance(cards_or, str):
            return f"meld:{key}:<naturals>[:<wild>]: {cards_or}."
        cards = cards_or
    else:
        return "Meld a rank 4 to A, or W for the wild meld: meld:<rank>:<naturals>[:<wild>]."
    if key in melds:
        return f"Your side already has a meld of {key}: add to it with add:{key}:…"
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
            return "Add one wild to the wild meld: add:W:2 or add:W:JK."
        wild = wild_of(hand, rest[0])
        if wild is None:
            return "You hold no such wild."
        cards = [wild]
    elif key in NATURAL_RANKS:
        cards_or = _take_cards(hand, key, rest)
        if isinstance(cards_or, str):
            return f"add:{key}:<naturals>[:<wild>]: {cards_or}."
        cards = cards_or
        if not cards:
            return "Add at least one card."
    else:
        return "Add to a meld of rank 4 to A, or W: add:<meld>:<naturals>[:<wild>]."
    if key not in melds:
        return f"Your side has no meld of {key}: start one with meld:{key}:…"
    result = _result(s, seat, key, melds[key], cards, staging)
    return result if isinstance(result, str) else ("add", *result)


def _play_phase(s: State, what: str) -> str | None:
    if s.phase != PLAY:
        return f"Draw from the stock or take the pile before you {what}."
    return None


def _open(s: State, seat: int, arg: str) -> Plan | str:
    problem = _play_phase(s, "put down your opening")
    if problem:
        return problem
    if not s.staged:
        return "Nothing is staged: build your opening melds with meld:… first."
    side = side_of(s.players, seat)
    value = sum(meld_value(cards) for _, cards in s.staged)
    if value < s.minimums[side]:
        return f"Your side's first melds need {s.minimums[side]} points; these make {value}."
    closes = not s.hands[seat]
    if closes and not may_close(s, s.staged):
        return "That would empty your hand, which only a closing move may do."
    return ("open", closes)


def _cancel(s: State, seat: int, arg: str) -> Plan | str:
    if not s.staged:
        return "Nothing is staged."
    return ("cancel",)


def _staged_first(s: State) -> str | None:
    if s.staged:
        return "Put down your staged melds (open) or take them back (cancel) first."
    return None


def _discard(s: State, seat: int, arg: str) -> Plan | str:
    problem = _play_phase(s, "discard") or _staged_first(s)
    if problem:
        return problem
    hand = s.hands[seat]
    if arg not in CODES or arg not in hand:
        return f"You hold no {arg}."
    if len(hand) == 1:
        if not may_close(s, s.melds[side_of(s.players, seat)]):
            return "Discarding your last card would close, and you may not close now: keep it."
        return ("discard", arg, True)
    return ("discard", arg, False)


def _keep(s: State, seat: int, arg: str) -> Plan | str:
    problem = _play_phase(s, "end your turn") or _staged_first(s)
    if problem:
        return problem
    if len(s.hands[seat]) != 1:
        return "You keep your card only when one card is left: discard instead."
    if may_close(s, s.melds[side_of(s.players, seat)]):
        return "You may close, so your last card must be discarded (D12)."
    return ("keep",)


def _close(s: State, seat: int, arg: str) -> Plan | str:
    problem = _play_phase(s, "close") or _staged_first(s)
    if problem:
        return problem
    hand = s.hands[seat]
    if len(hand) != 4 or any(c not in BLACK_THREES for c in hand):
        return "close melds the four black 3s: your hand must be exactly those four cards."
    if not may_close(s, s.melds[side_of(s.players, seat)]):
        return "You may not close now: it needs a canasta, after the first three turns."
    return ("close",)


def _ask(s: State, seat: int, arg: str) -> Plan | str:
    if s.players != 4 or not s.permission:
        return "Asking your partner is only for 4 players with partner_permission on."
    problem = _play_phase(s, "ask") or _staged_first(s)
    if problem:
        return problem
    if s.ask != NOT_ASKED:
        return "You already asked your partner this turn."
    if not may_close(s, s.melds[side_of(s.players, seat)]):
        return "Ask only when you could close: it needs a canasta, after the first three turns."
    return ("ask",)


def _deal(s: State, seat: int, arg: str) -> Plan | str:
    return "The next round is dealt only once a round is over."


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
