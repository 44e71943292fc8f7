"""A cheap path for AI search: the same rules on a compact, mutable state, with no events and
no ``Action`` objects (issue 19 item 3).

Why a second path: the public ``legal_actions`` checks every candidate by planning it in full
(``rules.plan``), and ``apply`` copies the whole state and builds events, which is right for the
bot but makes "determinize and play out the round" run ~70 times a second. Here a hand is a
count per card code (53 codes) plus a count per kind (the 11 natural ranks, 2s, Jokers, black
3s), melds are ``[naturals, twos, jokers, value]``, and a step mutates the state in place, so
a search copies once per playout and every legality test is arithmetic on counts.

The public engine stays the reference: :func:`from_state` reads a public ``State``,
:func:`legal` lists exactly the codes ``legal_actions`` lists (same order), and :func:`step`
leaves the state :func:`from_state` of the public ``apply`` would give, card for card and RNG
included; ``tests/games/boat_canasta/test_fast.py`` pins both over seeded random games. Only
the ``deal`` between rounds is left to the public engine (a search stops at the round's end).
"""

from __future__ import annotations

from collections.abc import Callable

from games.boat_canasta.deck import CODES, NATURAL_RANKS, PENALTY, RED_THREES, VALUE
from games.boat_canasta.melds import THREES_KEY, WILD_KEY, opening_minimum
from games.boat_canasta.scoring import BLACK_THREES_BONUS, CLOSE_BONUS, red_three_bonus
from games.boat_canasta.state import DRAW, NO, NOT_ASKED, OVER, PLAY, SCORED, WAITING, YES, State
from games.cards import shuffled

#: card index = position in ``CODES`` (2C … AS, JK); kinds: 0-10 natural ranks 4…A, then:
TWO, JOKER_K, BLACK3 = 11, 12, 13
N_CARDS = len(CODES)
INDEX = {code: i for i, code in enumerate(CODES)}
RANK_KIND = {rank: k for k, rank in enumerate(NATURAL_RANKS)}


def _kind(code: str) -> int:
    if code == "JK":
        return JOKER_K
    if code[0] == "2":
        return TWO
    if code[0] == "3":
        return BLACK3 if code not in RED_THREES else -1
    return RANK_KIND[code[0]]


KIND = [_kind(c) for c in CODES]
CVALUE = [VALUE[c] for c in CODES]
CPENALTY = [PENALTY[c] for c in CODES]
IS_RED3 = [c in RED_THREES for c in CODES]
#: card indices of each kind in sorted (suit) order: the engine takes the first ones (rules.py)
OF_KIND: list[list[int]] = [[i for i in range(N_CARDS) if KIND[i] == k] for k in range(14)]
#: a discard that blocks the pile (wilds always; black 3s when ``black_three_freezes``)
IS_WILD = [k in (TWO, JOKER_K) for k in KIND]
KEYS = (*NATURAL_RANKS, WILD_KEY)
PHASES = {DRAW: 0, PLAY: 1, SCORED: 2, OVER: 3}
F_DRAW, F_PLAY, F_SCORED, F_OVER = 0, 1, 2, 3
BONUS_MIXED, BONUS_NATURAL, BONUS_SMALL, BONUS_BIG = 300, 600, 1000, 2000


class Fast:
    """The mutable search state (one public ``State``'s round, as counts)."""

    __slots__ = (
        "ask",
        "b3freeze",
        "closer",
        "dealer",
        "frozen",
        "g",
        "hc",
        "hk",
        "hn",
        "max_turns",
        "melds",
        "minimums",
        "nsides",
        "permission",
        "phase",
        "pile",
        "players",
        "red3",
        "red_neg",
        "rng",
        "round_totals",
        "scores",
        "staged",
        "stock",
        "target",
        "turn",
        "winners",
    )

    players: int
    nsides: int
    target: int
    b3freeze: bool
    red_neg: bool
    permission: bool
    max_turns: int
    rng: int
    dealer: int
    scores: list[int]
    minimums: list[int]
    hc: list[list[int]]  # per seat: count per card index
    hk: list[list[int]]  # per seat: count per kind (14)
    hn: list[int]  # per seat: hand size (staged cards excluded)
    stock: list[int]  # top last
    pile: list[int]  # top last
    frozen: bool
    melds: list[dict[str, list[int]]]  # per side: key -> [naturals, twos, jokers, value]
    red3: list[int]  # per side: red 3s laid out
    turn: int
    g: int
    phase: int
    staged: dict[str, list[int]]  # key -> card indices, in the order they were staged
    ask: int
    closer: int  # after the round: the seat that closed, -1 for none
    round_totals: list[int]  # after the round: each side's round score
    winners: list[int]

    def copy(self) -> Fast:
        """A copy deep enough for a playout (immutable fields shared)."""
        f = Fast.__new__(Fast)
        f.players = self.players
        f.nsides = self.nsides
        f.target = self.target
        f.b3freeze = self.b3freeze
        f.red_neg = self.red_neg
        f.permission = self.permission
        f.max_turns = self.max_turns
        f.rng = self.rng
        f.dealer = self.dealer
        f.scores = self.scores[:]
        f.minimums = self.minimums
        f.hc = [h[:] for h in self.hc]
        f.hk = [h[:] for h in self.hk]
        f.hn = self.hn[:]
        f.stock = self.stock[:]
        f.pile = self.pile[:]
        f.frozen = self.frozen
        f.melds = [{k: m[:] for k, m in side.items()} for side in self.melds]
        f.red3 = self.red3[:]
        f.turn = self.turn
        f.g = self.g
        f.phase = self.phase
        f.staged = {k: v[:] for k, v in self.staged.items()}
        f.ask = self.ask
        f.closer = self.closer
        f.round_totals = self.round_totals[:]
        f.winners = self.winners[:]
        return f

    def snapshot(self) -> tuple:
        """Everything as plain tuples, for comparing two fast states in tests."""
        return (
            self.players,
            self.rng,
            self.dealer,
            tuple(self.scores),
            tuple(self.minimums),
            tuple(map(tuple, self.hc)),
            tuple(map(tuple, self.hk)),
            tuple(self.hn),
            tuple(self.stock),
            tuple(self.pile),
            self.frozen,
            tuple(tuple(sorted((k, tuple(m)) for k, m in side.items())) for side in self.melds),
            tuple(self.red3),
            self.turn,
            self.g,
            self.phase,
            tuple(sorted((k, tuple(sorted(v))) for k, v in self.staged.items())),
            self.ask,
            tuple(self.winners),
        )


def _meld_counts(key: str, cards: tuple[str, ...] | list[str]) -> list[int]:
    nat = two = jok = value = 0
    for c in cards:
        k = KIND[INDEX[c]]
        if k == JOKER_K:
            jok += 1
        elif k == TWO:
            two += 1
        else:
            nat += 1
        value += VALUE[c]
    if key == THREES_KEY:
        value = 0
    return [nat, two, jok, value]


def blank(players: int) -> Fast:
    f = Fast.__new__(Fast)
    f.players = players
    f.nsides = 2 if players == 4 else players
    f.closer = -1
    f.round_totals = []
    f.winners = []
    return f


def from_state(s: State) -> Fast:
    """The fast form of a public state (hands, melds and staged cards by card code)."""
    f = blank(s.players)
    f.target = s.target
    f.b3freeze = s.black_three_freezes
    f.red_neg = s.red_threes_negative
    f.permission = s.permission and s.players == 4
    f.max_turns = s.max_turns
    f.rng = s.rng
    f.dealer = s.dealer
    f.scores = list(s.scores)
    f.minimums = list(s.minimums)
    f.hc, f.hk, f.hn = [], [], []
    for hand in s.hands:
        hc = [0] * N_CARDS
        hk = [0] * 14
        for c in hand:
            i = INDEX[c]
            hc[i] += 1
            hk[KIND[i]] += 1
        f.hc.append(hc)
        f.hk.append(hk)
        f.hn.append(len(hand))
    f.stock = [INDEX[c] for c in s.stock]
    f.pile = [INDEX[c] for c in s.pile]
    f.frozen = s.frozen
    f.melds = [{key: _meld_counts(key, cards) for key, cards in side} for side in s.melds]
    f.red3 = [len(r) for r in s.red3]
    f.turn = s.turn
    f.g = s.g
    f.phase = PHASES[s.phase]
    f.staged = {key: [INDEX[c] for c in cards] for key, cards in s.staged}
    f.ask = s.ask
    f.winners = list(s.winners)
    if s.phase in (SCORED, OVER) and s.last_round:
        f.closer = s.last_closer
        f.round_totals = [row[-1] for row in s.last_round]
    return f


# --- legality ------------------------------------------------------------------------------


def side_of(f: Fast, seat: int) -> int:
    return seat % f.nsides


def restricted(f: Fast) -> bool:
    return f.g <= 3 * f.players


def _canasta(key: str, m: list[int]) -> bool:
    return m[0] + m[1] + m[2] >= 7 and key != THREES_KEY


def has_canasta(melds: dict[str, list[int]]) -> bool:
    return any(m[0] + m[1] + m[2] >= 7 and key != THREES_KEY for key, m in melds.items())


def _may_close_with(f: Fast, melds: dict[str, list[int]], key: str, after: list[int]) -> bool:
    """``may_close`` once the meld ``key`` becomes ``after`` (counts) in ``melds``."""
    if f.g <= 3 * f.players or f.ask == NO:
        return False
    if after[0] + after[1] + after[2] >= 7 and key != THREES_KEY:
        return True
    return has_canasta(melds)


def _may_close(f: Fast, melds: dict[str, list[int]]) -> bool:
    return f.g > 3 * f.players and f.ask != NO and has_canasta(melds)


def _ok(key: str, nat: int, wild: int) -> bool:
    """``meld_problem`` on counts: 3+ cards, and fewer wilds than naturals (wild meld: no
    naturals ever join it, the codes cannot name one)."""
    if nat + wild < 3:
        return False
    return key == WILD_KEY or wild < nat


def _wild_suffixes(twos: int, jokers: int, most: int) -> list[tuple[str, int, int]]:
    """Wild suffixes of a code with up to ``most`` wilds: ("", 0, 0), (":2", 1, 0), …"""
    out = [("", 0, 0)]
    for w in range(1, min(most, twos + jokers) + 1):
        for t in range(min(w, twos), -1, -1):
            if w - t <= jokers:
                out.append((":2" * t + ":JK" * (w - t), t, w - t))
    return out


def _staged_value(f: Fast) -> int:
    return sum(CVALUE[i] for cards in f.staged.values() for i in cards)


def _staged_counts(f: Fast) -> dict[str, list[int]]:
    return {key: _meld_counts(key, [CODES[i] for i in cards]) for key, cards in f.staged.items()}


def legal(f: Fast, seat: int) -> list[str]:
    """The public ``legal_actions`` codes, in the same order, from counts alone."""
    phase = f.phase
    if phase == F_OVER:
        return []
    if phase == F_SCORED:
        return ["deal"] if seat == (f.dealer + 1) % f.players else []
    if f.ask == WAITING:
        return ["answer:yes", "answer:no"] if seat == (f.turn + 2) % 4 else []
    if seat != f.turn:
        return []
    hk = f.hk[seat]
    hn = f.hn[seat]
    side = seat % f.nsides
    melds = f.melds[side]
    is_open = bool(melds)
    restr = f.g <= 3 * f.players
    out: list[str] = []
    if phase == F_DRAW:
        out.append("draw")
        if f.pile and not restr:
            top = f.pile[-1]
            k = KIND[top]
            if k < 11:
                out.extend(_takes(f, seat, side, k, is_open))
    if not restr and (phase == F_PLAY or not is_open):
        out.extend(_melds(f, seat, side, is_open))
    if f.staged:
        if phase == F_PLAY and not hn and _staged_value(f) >= f.minimums[side]:
            if _may_close(f, _staged_counts(f)):
                out.append("open")
        elif phase == F_PLAY and _staged_value(f) >= f.minimums[side]:
            out.append("open")
        out.append("cancel")
    if phase == F_PLAY and not f.staged:
        hc = f.hc[seat]
        if hn == 1:
            if _may_close(f, melds):
                out.extend("discard:" + CODES[i] for i in range(N_CARDS) if hc[i])
            else:
                out.append("keep")
        else:
            out.extend("discard:" + CODES[i] for i in range(N_CARDS) if hc[i])
        if hn == 4 and hk[BLACK3] == 4 and _may_close(f, melds):
            out.append("close")
        if f.permission and f.ask == NOT_ASKED and _may_close(f, melds):
            out.append("ask")
    return out


def _takes(f: Fast, seat: int, side: int, k: int, is_open: bool) -> list[str]:
    hk = f.hk[seat]
    rank = NATURAL_RANKS[k]
    a = hk[k]
    hn = f.hn[seat]
    rest = len(f.pile) - 1
    top_value = CVALUE[f.pile[-1]]
    out = []
    if is_open:
        existing = f.melds[side].get(rank)
        base = existing if existing else (0, 0, 0, 0)
        suffixes = _wild_suffixes(hk[TWO], hk[JOKER_K], 1)
        for n in range(a + 1):
            if f.frozen and n < 2:
                continue
            for suffix, t, j in suffixes:
                nat = base[0] + 1 + n
                wild = base[1] + base[2] + t + j
                if not _ok(rank, nat, wild):
                    continue
                if hn - n - t - j + rest == 0:
                    after = [nat, base[1] + t, base[2] + j, 0]
                    if not _may_close_with(f, f.melds[side], rank, after):
                        continue
                out.append(f"take:{n}{suffix}")
        return out
    if rank in f.staged:
        return out
    staged_value = _staged_value(f)
    staged = None
    for n in range(a + 1):
        if f.frozen and n < 2:
            continue
        for suffix, t, j in _wild_suffixes(hk[TWO], hk[JOKER_K], n):
            if not _ok(rank, n + 1, t + j):
                continue
            value = top_value + n * CVALUE[OF_KIND[k][0]] + 20 * t + 50 * j + staged_value
            if value < f.minimums[side]:
                continue
            if hn - n - t - j + rest == 0:
                if staged is None:
                    staged = _staged_counts(f)
                if not _may_close_with(f, staged, rank, [n + 1, t, j, 0]):
                    continue
            out.append(f"take:{n}{suffix}")
    return out


def _melds(f: Fast, seat: int, side: int, is_open: bool) -> list[str]:
    hk = f.hk[seat]
    hn = f.hn[seat]
    twos, jokers = hk[TWO], hk[JOKER_K]
    staging = not is_open
    targets = _staged_counts(f) if staging else f.melds[side]
    one_wild = _wild_suffixes(twos, jokers, 1)
    out: list[str] = []
    for k in range(11):
        a = hk[k]
        rank = NATURAL_RANKS[k]
        before = targets.get(rank)
        if before is not None:
            for n in range(a + 1):
                for suffix, t, j in one_wild:
                    used = n + t + j
                    if not used:
                        continue
                    nat = before[0] + n
                    wild = before[1] + before[2] + t + j
                    if not _ok(rank, nat, wild):
                        continue
                    if not staging and used == hn:
                        after = [nat, before[1] + t, before[2] + j, 0]
                        if not _may_close_with(f, targets, rank, after):
                            continue
                    out.append(f"add:{rank}:{n}{suffix}")
        elif a >= 2:
            for n in range(2, a + 1):
                for suffix, t, j in one_wild:
                    if not _ok(rank, n, t + j):
                        continue
                    closes = not staging and n + t + j == hn
                    if closes and not _may_close_with(f, targets, rank, [n, t, j, 0]):
                        continue
                    out.append(f"meld:{rank}:{n}{suffix}")
    wild_meld = targets.get(WILD_KEY)
    if wild_meld is not None:
        for token, count, t, j in (("2", twos, 1, 0), ("JK", jokers, 0, 1)):
            if count:
                if not staging and hn == 1:
                    after = [0, wild_meld[1] + t, wild_meld[2] + j, 0]
                    if not _may_close_with(f, targets, WILD_KEY, after):
                        continue
                out.append(f"add:W:{token}")
    else:
        for t in range(4):
            if t <= twos and 3 - t <= jokers:
                closes = not staging and hn == 3
                if closes and not _may_close_with(f, targets, WILD_KEY, [0, t, 3 - t, 0]):
                    continue
                out.append(f"meld:W:{t}:{3 - t}")
    return out


# --- effects -------------------------------------------------------------------------------


def _take_from_hand(f: Fast, seat: int, k: int, n: int) -> list[int]:
    """Remove ``n`` cards of kind ``k`` from the hand, first suits first (as ``rules.py``)."""
    hc = f.hc[seat]
    out = []
    for i in OF_KIND[k]:
        while hc[i] and n:
            hc[i] -= 1
            n -= 1
            out.append(i)
        if not n:
            break
    f.hk[seat][k] -= len(out)
    f.hn[seat] -= len(out)
    return out


def _to_hand(f: Fast, seat: int, i: int) -> None:
    f.hc[seat][i] += 1
    f.hk[seat][KIND[i]] += 1
    f.hn[seat] += 1


def _add_cards(m: list[int], cards: list[int]) -> None:
    for i in cards:
        k = KIND[i]
        if k == TWO:
            m[1] += 1
        elif k == JOKER_K:
            m[2] += 1
        else:
            m[0] += 1
        m[3] += CVALUE[i]


def _parse(code: str) -> tuple[str, list[str]]:
    verb, _, arg = code.partition(":")
    return verb, arg.split(":") if arg else []


def step(f: Fast, seat: int, code: str) -> None:
    """Apply a legal code in place (the caller checked it: :func:`legal` lists it)."""
    verb, parts = _parse(code)
    side = seat % f.nsides
    if verb == "draw":
        f.phase = F_PLAY
        if not draw(f, seat):
            end_round(f, -1)
    elif verb == "discard":
        i = INDEX[parts[0]]
        discard(f, seat, i)
    elif verb == "take":
        top = f.pile[-1]
        k = KIND[top]
        cards = _take_from_hand(f, seat, k, int(parts[0]))
        wilds = parts[1:]
        cards += _take_from_hand(f, seat, TWO, wilds.count("2"))
        cards += _take_from_hand(f, seat, JOKER_K, wilds.count("JK"))
        take(f, seat, side, top, cards)
    elif verb in ("meld", "add"):
        key = parts[0]
        if key == WILD_KEY:
            if verb == "meld":
                t, j = int(parts[1]), int(parts[2])
            else:
                t, j = (1, 0) if parts[1] == "2" else (0, 1)
            cards = _take_from_hand(f, seat, TWO, t) + _take_from_hand(f, seat, JOKER_K, j)
        else:
            cards = _take_from_hand(f, seat, RANK_KIND[key], int(parts[1]))
            if len(parts) == 3:
                cards += _take_from_hand(f, seat, TWO if parts[2] == "2" else JOKER_K, 1)
        meld_cards(f, seat, side, key, cards)
    elif verb == "open":
        melds = f.melds[side]
        for key, cards in f.staged.items():
            m = [0, 0, 0, 0]
            _add_cards(m, cards)
            melds[key] = m
        f.staged = {}
        if not f.hn[seat]:
            end_round(f, seat)
    elif verb == "cancel":
        for cards in f.staged.values():
            for i in cards:
                _to_hand(f, seat, i)
        f.staged = {}
    elif verb == "keep":
        next_turn(f)
    elif verb == "close":
        f.melds[side][THREES_KEY] = [4, 0, 0, 0]
        f.hc[seat] = [0] * N_CARDS
        f.hk[seat] = [0] * 14
        f.hn[seat] = 0
        end_round(f, seat, BLACK_THREES_BONUS)
    elif verb == "ask":
        f.ask = WAITING
    elif verb == "answer":
        f.ask = YES if parts[0] == "yes" else NO
    else:
        raise ValueError(f"the fast path does not play {code!r}")


def draw(f: Fast, seat: int) -> bool:
    """One stock draw with red-3 replacement and reshuffle (``Table.draw``); False when the
    stock and the pile are both empty."""
    side = seat % f.nsides
    while True:
        if not f.stock:
            if not f.pile:
                return False
            f.stock, f.rng = shuffled(f.pile, f.rng)
            f.pile = []
            f.frozen = False
        i = f.stock.pop()
        if IS_RED3[i]:
            f.red3[side] += 1
            continue
        _to_hand(f, seat, i)
        return True


def discard(f: Fast, seat: int, i: int) -> None:
    f.hc[seat][i] -= 1
    k = KIND[i]
    f.hk[seat][k] -= 1
    f.hn[seat] -= 1
    f.pile.append(i)
    if k >= TWO and (k != BLACK3 or f.b3freeze):
        f.frozen = True
    if not f.hn[seat]:
        end_round(f, seat)
    else:
        next_turn(f)


def take(f: Fast, seat: int, side: int, top: int, cards: list[int]) -> None:
    """Take the pile: ``cards`` (already out of the hand) and the top card meld; the rest of
    the pile joins the hand; a staged opening goes down with it."""
    f.pile.pop()
    melds = f.melds[side]
    rank = NATURAL_RANKS[KIND[top]]
    m = melds.get(rank)
    if m is None:
        m = melds[rank] = [0, 0, 0, 0]
    _add_cards(m, [top])
    _add_cards(m, cards)
    if f.staged:
        for key, staged in f.staged.items():
            sm = [0, 0, 0, 0]
            _add_cards(sm, staged)
            melds[key] = sm
        f.staged = {}
    for i in f.pile:
        _to_hand(f, seat, i)
    f.pile = []
    f.frozen = False
    f.phase = F_PLAY
    if not f.hn[seat]:
        end_round(f, seat)


def meld_cards(f: Fast, seat: int, side: int, key: str, cards: list[int]) -> None:
    """Meld or add ``cards`` (already out of the hand) to the table, or to the staged opening
    while the side has not opened; a table meld that empties the hand closes."""
    if f.melds[side]:
        m = f.melds[side].get(key)
        if m is None:
            m = f.melds[side][key] = [0, 0, 0, 0]
        _add_cards(m, cards)
        if not f.hn[seat]:
            end_round(f, seat)
    else:
        f.staged.setdefault(key, []).extend(cards)


def next_turn(f: Fast) -> None:
    f.g += 1
    f.ask = NOT_ASKED
    if f.g > f.max_turns:
        end_round(f, -1)
        return
    f.turn = (f.turn + 1) % f.players
    f.phase = F_DRAW


def side_total(f: Fast, side: int, closing: int) -> int:
    """One side's round score (``scoring.side_score``) from counts."""
    table = bonus = 0
    canasta = False
    for key, m in f.melds[side].items():
        table += m[3]
        if m[0] + m[1] + m[2] >= 7 and key != THREES_KEY:
            canasta = True
            if key == WILD_KEY:
                bonus += BONUS_BIG if m[2] > m[1] else BONUS_SMALL
            else:
                bonus += BONUS_NATURAL if not (m[1] or m[2]) else BONUS_MIXED
    hand = 0
    for seat in (side, side + 2) if f.players == 4 else (side,):
        hc = f.hc[seat]
        for i in range(N_CARDS):
            if hc[i]:
                hand += hc[i] * CPENALTY[i]
    red = red_three_bonus(f.red3[side])
    if canasta:
        return table + bonus + red + closing - hand
    return -table + (-red if f.red_neg else red) - hand


def end_round(f: Fast, closer: int, bonus: int = CLOSE_BONUS) -> None:
    """Score the round (``Table.end_round``); the phase becomes SCORED or OVER."""
    if f.staged:
        for cards in f.staged.values():
            for i in cards:
                _to_hand(f, f.turn, i)
        f.staged = {}
    closer_side = closer % f.nsides if closer >= 0 else -1
    f.round_totals = [
        side_total(f, side, bonus if side == closer_side else 0) for side in range(f.nsides)
    ]
    f.scores = [a + b for a, b in zip(f.scores, f.round_totals, strict=True)]
    f.closer = closer
    f.ask = NOT_ASKED
    best = max(f.scores)
    leaders = [side for side, score in enumerate(f.scores) if score == best]
    if best >= f.target and len(leaders) == 1:
        side = leaders[0]
        f.winners = [side, side + 2] if f.players == 4 else [side]
        f.phase = F_OVER
    else:
        f.phase = F_SCORED


def next_minimums(f: Fast) -> list[int]:
    """The opening minimums the next round would have (for evaluations past the round)."""
    return [opening_minimum(score) for score in f.scores]


# --- a cheap playout policy ------------------------------------------------------------------


def _meld_all(f: Fast, seat: int, side: int, keep: int) -> None:
    """Greedy melding for playouts: every natural of a rank the side has melded, every rank
    held three times, wilds onto melds of five or six (toward canastas); at least ``keep``
    cards stay in hand unless the meld closes legally."""
    hk = f.hk[seat]
    melds = f.melds[side]
    for k in range(11):
        a = hk[k]
        if not a:
            continue
        rank = NATURAL_RANKS[k]
        m = melds.get(rank)
        if m is None and a < 3:
            continue
        if f.hn[seat] - a < keep and not (
            f.hn[seat] == a and _may_close_with(f, melds, rank, [(m or [0])[0] + a, 0, 0, 0])
        ):
            a = f.hn[seat] - keep
            if a <= 0 or (m is None and a < 3):
                continue
        cards = _take_from_hand(f, seat, k, a)
        if m is None:
            m = melds[rank] = [0, 0, 0, 0]
        _add_cards(m, cards)
        if not f.hn[seat]:
            end_round(f, seat)
            return
    for rank, m in melds.items():
        while 5 <= m[0] + m[1] + m[2] < 7 and m[1] + m[2] + 1 < m[0] and rank != WILD_KEY:
            kind = TWO if hk[TWO] else JOKER_K if hk[JOKER_K] else -1
            if kind < 0 or f.hn[seat] <= keep:
                return
            _add_cards(m, _take_from_hand(f, seat, kind, 1))


def _open(f: Fast, seat: int, side: int) -> None:
    """Open in one action with every rank held three times, if that reaches the minimum (the
    staged-then-open effect of the public path, without the intermediate steps)."""
    hk = f.hk[seat]
    value = 0
    ranks = []
    for k in range(11):
        if hk[k] >= 3:
            value += hk[k] * CVALUE[OF_KIND[k][0]]
            ranks.append(k)
    if value < f.minimums[side] or not ranks:
        return
    total = sum(hk[k] for k in ranks)
    if total >= f.hn[seat]:
        return  # opening must leave a card (no canasta yet to close with, mostly)
    melds = f.melds[side]
    for k in ranks:
        m = melds[NATURAL_RANKS[k]] = [0, 0, 0, 0]
        _add_cards(m, _take_from_hand(f, seat, k, hk[k]))


def _try_take(f: Fast, seat: int, side: int) -> bool:
    """Take the pile when a simple pickup is legal: onto an existing meld, or with the
    naturals of its rank (plus wilds to reach an opening minimum)."""
    top = f.pile[-1]
    k = KIND[top]
    if k >= 11 or f.g <= 3 * f.players:
        return False
    hk = f.hk[seat]
    rank = NATURAL_RANKS[k]
    melds = f.melds[side]
    rest = len(f.pile) - 1
    if melds:
        m = melds.get(rank)
        if m is not None and not f.frozen:
            n = 0
        elif hk[k] >= 2:
            n = 2
        else:
            return False
        if f.hn[seat] - n + rest <= 0:
            return False
        take(f, seat, side, top, _take_from_hand(f, seat, k, n))
        return True
    if f.staged:
        return False
    n = hk[k]
    if n < 2 and (f.frozen or n < 1):
        return False
    value = (n + 1) * CVALUE[top]
    t = j = 0
    while value < f.minimums[side] and t + j < n:
        if hk[JOKER_K] > j:
            j += 1
            value += 50
        elif hk[TWO] > t:
            t += 1
            value += 20
        else:
            break
    if value < f.minimums[side] or (n == 1 and t + j == 0):
        return False
    if f.hn[seat] - n - t - j + rest <= 0:
        return False
    cards = _take_from_hand(f, seat, k, n)
    cards += _take_from_hand(f, seat, TWO, t) + _take_from_hand(f, seat, JOKER_K, j)
    take(f, seat, side, top, cards)
    return True


def _discard_pick(f: Fast, seat: int, rng_below: Callable[[int], int]) -> int:
    """A black 3 if held, else a random natural of a rank held once that the next player's
    side has not melded (an open pile would go to them), else any card: wilds and pairs are
    kept, as a careful player keeps them."""
    hc = f.hc[seat]
    hk = f.hk[seat]
    if hk[BLACK3]:
        return next(i for i in OF_KIND[BLACK3] if hc[i])
    theirs = f.melds[(seat + 1) % f.players % f.nsides]
    frozen = f.frozen
    singles = []
    for k in range(11):  # kinds are contiguous in card order, so this keeps that order
        if hk[k] == 1 and (frozen or NATURAL_RANKS[k] not in theirs):
            for i in OF_KIND[k]:
                if hc[i]:
                    singles.append(i)
                    break
    if singles:
        return singles[rng_below(len(singles))]
    cards = [i for i in range(N_CARDS) if hc[i]]
    return cards[rng_below(len(cards))]


def play_turn(f: Fast, rng_below: Callable[[int], int]) -> None:
    """One whole turn (or what is left of it) by the playout policy."""
    seat = f.turn
    side = seat % f.nsides
    if f.ask == WAITING:
        f.ask = YES
        return
    if f.staged:
        step(f, seat, "cancel")
    if f.phase == F_DRAW:
        if not (f.pile and _try_take(f, seat, side)):
            f.phase = F_PLAY
            if not draw(f, seat):
                end_round(f, -1)
                return
        if f.phase != F_PLAY:
            return
    if f.g > 3 * f.players:
        if not f.melds[side]:
            _open(f, seat, side)
        if f.melds[side]:
            _meld_all(f, seat, side, 1)
            if f.phase != F_PLAY:
                return
    if f.hn[seat] == 1 and not _may_close(f, f.melds[side]):
        next_turn(f)
        return
    discard(f, seat, _discard_pick(f, seat, rng_below))


def rollout(f: Fast, rng_below: Callable[[int], int]) -> None:
    """Play the round out (close, exhaustion or the turn cap) with :func:`play_turn`."""
    while f.phase < F_SCORED:
        play_turn(f, rng_below)
