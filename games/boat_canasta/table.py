"""A mutable working copy of the state, and the round's automatic steps.

``apply`` copies the frozen state into a :class:`Table`, changes it, and freezes it again, so
the input state is never touched. The steps that happen without a player's choice live here:
the deal with red-3 replacement (§2), stock draws with reshuffle and exhaustion (§3.2, D16,
D17), the end of a turn with the turn cap (§3.6), and round scoring (§4).
"""

from __future__ import annotations

from games.boat_canasta.deck import DECK, RED_THREES, sort_cards
from games.boat_canasta.melds import opening_minimum, sort_melds
from games.boat_canasta.scoring import BLACK_THREES_BONUS, CLOSE_BONUS, game_winners, side_score
from games.boat_canasta.state import (
    DRAW,
    NOT_ASKED,
    OVER,
    SCORED,
    State,
    side_of,
    side_seats,
    sides,
)
from games.cards import next_seat, rigged_order, shuffled
from games.core import Event

HAND_SIZE = 14


class Table:
    """The state's fields as plain lists and dicts, for one ``apply``."""

    def __init__(self, s: State) -> None:
        self.s = s
        self.rng = s.rng
        self.round_no = s.round_no
        self.dealer = s.dealer
        self.scores = list(s.scores)
        self.minimums = list(s.minimums)
        self.hands = [list(h) for h in s.hands]
        self.stock = list(s.stock)
        self.pile = list(s.pile)
        self.frozen = s.frozen
        self.melds = [dict(m) for m in s.melds]
        self.red3 = [list(r) for r in s.red3]
        self.turn = s.turn
        self.g = s.g
        self.phase = s.phase
        self.staged = dict(s.staged)
        self.ask = s.ask
        self.last_round = s.last_round
        self.last_closer = s.last_closer
        self.last_end = s.last_end
        self.winners = s.winners
        self.events: list[Event] = []

    @property
    def players(self) -> int:
        return self.s.players

    def freeze(self) -> State:
        s = self.s
        return State(
            players=s.players,
            target=s.target,
            black_three_freezes=s.black_three_freezes,
            red_threes_negative=s.red_threes_negative,
            permission=s.permission,
            max_turns=s.max_turns,
            show_pile_count=s.show_pile_count,
            rng=self.rng,
            round_no=self.round_no,
            dealer=self.dealer,
            scores=tuple(self.scores),
            minimums=tuple(self.minimums),
            hands=tuple(sort_cards(h) for h in self.hands),
            stock=tuple(self.stock),
            pile=tuple(self.pile),
            frozen=self.frozen,
            melds=tuple(sort_melds((k, sort_cards(v)) for k, v in m.items()) for m in self.melds),
            red3=tuple(sort_cards(r) for r in self.red3),
            turn=self.turn,
            g=self.g,
            phase=self.phase,
            staged=sort_melds((k, sort_cards(v)) for k, v in self.staged.items()),
            ask=self.ask,
            last_round=self.last_round,
            last_closer=self.last_closer,
            last_end=self.last_end,
            winners=self.winners,
        )

    def emit(self, kind: str, visible_to: tuple[int, ...] | None = None, **data: object) -> None:
        self.events.append(Event(kind, visible_to, data))

    # --- drawing -------------------------------------------------------------------------

    def draw(self, seat: int) -> bool:
        """Draw one card for ``seat``; a red 3 goes to the table and is replaced.

        Returns False when the stock and the pile are both empty (the round must end, D16).
        """
        side = side_of(self.players, seat)
        while True:
            if not self.stock:
                if not self.pile:
                    return False
                # §3.2: the whole Treasure pile is shuffled into a new stock; the block ends
                self.stock, self.rng = shuffled(self.pile, self.rng)
                self.pile = []
                self.frozen = False
                self.emit("reshuffle", None, stock_count=len(self.stock))
            card = self.stock.pop()
            if card in RED_THREES:
                self.red3[side].append(card)
                self.emit("red_three", None, seat=seat, card=card)
                continue
            self.hands[seat].append(card)
            self.emit("drew", (seat,), seat=seat, card=card)
            return True

    # --- rounds --------------------------------------------------------------------------

    def deal(self, rigged: list[str] | None = None) -> None:
        """Shuffle, deal 14 each one at a time from the dealer's left, replace red 3s (§2)."""
        order, self.rng = rigged_order(DECK, rigged, self.rng)
        n = self.players
        self.hands = [[] for _ in range(n)]
        first = next_seat(self.dealer, n)
        for i in range(HAND_SIZE * n):
            self.hands[next_seat(first, n, i)].append(order[i])
        self.stock = list(reversed(order[HAND_SIZE * n :]))  # top card last
        self.pile = []
        self.frozen = False
        self.melds = [{} for _ in range(sides(n))]
        self.red3 = [[] for _ in range(sides(n))]
        self.staged = {}
        self.ask = NOT_ASKED
        self.minimums = [opening_minimum(score) for score in self.scores]
        self.round_no += 1
        self.emit(
            "round_start",
            None,
            round=self.round_no,
            dealer=self.dealer,
            minimums=list(self.minimums),
        )
        for i in range(n):
            seat = next_seat(first, n, i)
            reds = [c for c in self.hands[seat] if c in RED_THREES]
            for card in reds:
                self.hands[seat].remove(card)
                self.red3[side_of(n, seat)].append(card)
                self.emit("red_three", None, seat=seat, card=card)
            for _ in reds:
                if not self.draw(seat):  # pragma: no cover - 52+ stock cards, 4 red 3s
                    raise AssertionError("the stock ran out during the deal")
        for seat in range(n):
            self.emit("hand", (seat,), seat=seat, cards=list(sort_cards(self.hands[seat])))
        self.turn = first
        self.g = 1
        self.phase = DRAW

    def next_turn(self) -> None:
        """Play passes left; past ``max_round_turns`` the round ends with no closer (D16)."""
        self.g += 1
        self.ask = NOT_ASKED
        if self.g > self.s.max_turns:
            self.end_round(-1, "turn_cap")
            return
        self.turn = next_seat(self.turn, self.players)
        self.phase = DRAW
        self.emit("turn", None, seat=self.turn, turn_number=self.g)

    def end_round(self, closer: int, how: str) -> None:
        """Score the round (§4); the game ends at the target unless the lead is tied (D14)."""
        n = self.players
        closer_side = side_of(n, closer) if closer >= 0 else -1
        bonus = BLACK_THREES_BONUS if how == "black_threes" else CLOSE_BONUS
        if self.staged:
            self.hands[self.turn].extend(c for cards in self.staged.values() for c in cards)
            self.staged = {}
        rows = []
        for side in range(sides(n)):
            hand = [c for seat in side_seats(n, side) for c in self.hands[seat]]
            rows.append(
                side_score(
                    tuple(self.melds[side].items()),
                    len(self.red3[side]),
                    hand,
                    bonus if side == closer_side else 0,
                    self.s.red_threes_negative,
                )
            )
        self.scores = [score + row[-1] for score, row in zip(self.scores, rows, strict=True)]
        self.last_round = tuple(rows)
        self.last_closer = closer
        self.last_end = how
        self.ask = NOT_ASKED
        winning = game_winners(self.scores, self.s.target)
        self.emit(
            "round_end",
            None,
            round=self.round_no,
            closer=closer,
            how=how,
            rows=[list(r) for r in rows],
            scores=list(self.scores),
        )
        if winning:
            self.winners = tuple(seat for side in winning for seat in side_seats(n, side))
            self.phase = OVER
            self.emit("game_over", None, winners=list(self.winners), scores=list(self.scores))
        else:
            self.phase = SCORED
