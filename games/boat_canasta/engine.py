"""Boat Canasta: the rules engine (spec ``rules/boat_canasta.md``).

2 or 3 players play alone; 4 players play in partnerships, seats 0+2 against 1+3, sharing melds
and a score. Two 54-card decks (108 cards), 14-card hands, one stock draw per turn (D4).

Action codes (``verb`` or ``verb:args``). ``<n>`` is a count of natural cards; ``<wild>`` is
``2`` or ``JK`` and names ONE wild card (copies are identical, so the engine picks which 2 it
is). Naturals are chosen by rank, never by suit: suits do not matter in melds (§1.1).

* ``draw`` — take the top stock card (a red 3 is laid out and replaced automatically).
* ``take:<n>[:<wild>]`` — take the Treasure pile: the top card plus ``n`` naturals of its rank
  (and optionally one wild) from your hand go to your side's meld of that rank (new or
  existing); the rest of the pile joins your hand. ``take:0`` just lays the top card on an
  existing meld. If your side has not opened, the opening melds you staged go down with it.
* ``take:<n>:<wild>:<wild>[…]`` — a side that has not opened may bring several wilds (2s
  first, e.g. ``take:2:2:2``, ``take:2:2:JK``, ``take:3:JK:JK``): the pickup's new meld may
  need them to reach the minimum (4-4-2-2 onto a 4 = 55, D20, issue 15).
* ``meld:<rank>:<n>[:<wild>]`` — a new natural meld of ``rank`` (4…9, T, J, Q, K, A) from
  ``n`` naturals and optionally one wild; ``meld:W:<twos>:<jokers>`` — the wild meld, started
  with three wilds.
* ``add:<rank>:<n>[:<wild>]`` — add naturals and/or one wild to your side's meld of ``rank``;
  ``add:W:<wild>`` — add one wild to the wild meld. Meld ids are ranks because a side has one
  meld per rank and one wild meld (D7).
* ``open`` / ``cancel`` — before its first meld a side must put down a minimum value in one
  action (§3.1, D10). Until then ``meld``/``add`` only *stage* melds privately (also in the draw
  phase, to combine with ``take``); ``open`` puts the staged melds down, ``cancel`` returns
  them to your hand.
* ``discard:<card>`` — discard a hand card (card code, e.g. ``3C``); ends the turn. Discarding
  the last card closes the round.
* ``keep`` — end the turn without discarding when one card is left and you may not close (D12).
* ``close`` — meld the four black 3s when they are your whole hand (D11): closes for 1000.
* ``ask`` — (4p, ``partner_permission``) ask your partner "may I close?";
  ``answer:yes`` / ``answer:no`` — the partner's answer, their only action until given (D13).
* ``deal`` — after a round is scored, the next dealer (left of the last one) deals.

A turn is therefore a short sequence of small steps, each offered by ``legal_actions`` as a list
that stays small even with a 40-card hand (one entry per rank and count, never per card subset).
Each action adds at most one wild; add more with further ``add`` steps.

Events (``visible_to`` None = public): ``round_start``, ``red_three``, ``hand`` (each seat its
own), ``turn``, ``draw`` + ``drew`` (the card, drawer only), ``reshuffle``, ``take`` + ``took``
(the pile cards, taker only), ``meld``/``add`` (private while staged), ``open``, ``cancel``
(private), ``discard`` (with ``blocked``), ``keep``, ``close``, ``ask``, ``answer``,
``round_end`` (per side: table, canasta_bonus, red_threes, hand_penalty, closing, total) and
``game_over``.

AI search does not go through this class move by move: :mod:`.fast` replays the same rules on
counts (pinned to this engine by tests), :mod:`.determinize` samples the hidden cards of an
observation (``determinize`` below), and :mod:`.ai` holds the levels.

Rigged deals (``deck``): card codes from the top of the deck. Cards are dealt one at a time,
starting with the dealer's left neighbour and going clockwise, 14 each; the rest is the stock,
next card on top. Red 3s are then replaced from the top of the stock, seat by seat from the
dealer's left (§2).

Decisions where the spec leaves room:

* Closing by melding: any meld, add, open or take that empties the hand closes the round when
  closing is allowed, and is illegal otherwise (§3.3 hand-emptying rule).
* The staged opening is private until ``open``/``take``; staged cards still count as hand cards
  (hand sizes, and the hand penalty if the round ends meanwhile).
* A ``take`` by a side that has not opened may not target a rank it has staged: the top card's
  meld is built from ``take``'s own cards (cancel, or take with those cards).
* A new round is dealt by a ``deal`` action of the next dealer, so the round's scoring can be
  shown before new cards appear (and no event of one apply mixes two rounds' cards).
* At most one wild per ``meld``/``add`` (and per ``take`` of a side that has opened) and a
  wild meld starts with exactly three wilds: this keeps each list small; further wilds go on
  with more ``add`` steps. An opening pickup may carry as many wilds as its meld allows,
  because nothing can be added to it before it must reach the minimum.
* The four black 3s of a ``close`` lie on the table as a meld with id ``3`` (value 0) until
  the next deal.
* Round-end and game-end events carry numbers only (scores per side), never the hands.
* ``first_dealer`` (a seat) fixes the first dealer; otherwise the seed draws it (D1). Teams in
  4p are the seats 0+2 and 1+3 (CONTRACT.md); the lobby seats players to choose partners.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from pydantic import BaseModel, Field

from games.boat_canasta import actions, effects, rules, teach
from games.boat_canasta.deck import CARD_COPIES
from games.boat_canasta.determinize import determinize
from games.boat_canasta.explain import explain
from games.boat_canasta.state import (
    DRAW,
    NOT_ASKED,
    OVER,
    SCORED,
    State,
    dump,
    load,
    side_of,
    sides,
)
from games.boat_canasta.table import Table
from games.boat_canasta.view import view as build_view
from games.cards import seed_rng
from games.core import (
    Action,
    BadOptions,
    BaseEngine,
    Event,
    GameOptions,
    IllegalAction,
    Observation,
    Result,
)
from games.text import messages

msg, msg_n = messages("boat_canasta")


class BoatCanastaOptions(GameOptions):
    """Table options of spec §2. Each ``title`` is the option's name as the lobby writes it from
    its key (``target_score`` → "Target score"), marked so that the lobby can say it in the
    reader's language; each ``description`` says what it does."""

    target_score: int = Field(
        10000,
        gt=0,
        multiple_of=5,
        le=1_000_000,
        title=msg("Target score"),
        description=msg("Points that end the game (5000 is short)."),
    )
    black_three_freezes: bool = Field(
        True,
        title=msg("Black three freezes"),
        description=msg("Discarding a black three or a wild card blocks the Treasure pile."),
    )
    red_threes_negative_without_canasta: bool = Field(
        True,
        title=msg("Red threes negative without canasta"),
        description=msg("A side without a canasta loses points for its red 3s."),
    )
    partner_permission: bool = Field(
        True,
        title=msg("Partner permission"),
        description=msg("4 players: you may ask your partner 'may I close?'."),
    )
    max_round_turns: int = Field(
        400,
        ge=1,
        le=100_000,
        title=msg("Max round turns"),
        description=msg("Turns after which a round ends with no closer."),
    )
    show_pile_count: bool = Field(
        True,
        title=msg("Show pile count"),
        description=msg("The table shows how many cards the pile holds."),
    )
    first_dealer: int | None = Field(
        None,
        ge=0,
        le=3,
        title=msg("First dealer"),
        description=msg("Who deals first (auto: drawn at random)."),
    )


class BoatCanastaEngine(BaseEngine):
    """Boat Canasta for 2-4 players (see the module docstring for codes and decisions)."""

    name = "boat_canasta"
    title = "Boat Canasta"  # untranslated: the game's name, one in every language
    min_players = 2
    max_players = 4
    Options = BoatCanastaOptions
    card_copies: ClassVar[Mapping[str, int]] = CARD_COPIES
    verbs: ClassVar[Mapping[str, bool]] = {
        "draw": False,
        "take": True,
        "meld": True,
        "add": True,
        "open": False,
        "cancel": False,
        "discard": True,
        "keep": False,
        "close": False,
        "ask": False,
        "answer": True,
        "deal": False,
    }

    def new_game(
        self,
        players: int,
        options: BaseModel | Mapping[str, Any] | None = None,
        seed: int = 0,
        deck: Any = None,
    ) -> State:
        return self.start(players, options, seed, deck)[0]

    def start(
        self,
        players: int,
        options: BaseModel | Mapping[str, Any] | None = None,
        seed: int = 0,
        deck: Any = None,
    ) -> tuple[State, list[Event]]:
        """``new_game`` with the events of the start (the ``Opening`` hook)."""
        self.check_players(players)
        opts = self.options(options)
        assert isinstance(opts, BoatCanastaOptions)
        rng = seed_rng(seed, "boat_canasta")
        rng, dealer = self.first_seat(opts.first_dealer, players, rng, "first_dealer")
        if deck is not None and (
            isinstance(deck, str) or not all(isinstance(c, str) for c in deck)
        ):
            raise BadOptions(msg("deck must be a list of card codes, top card first."))
        n_sides = sides(players)
        blank = State(
            players=players,
            target=opts.target_score,
            black_three_freezes=opts.black_three_freezes,
            red_threes_negative=opts.red_threes_negative_without_canasta,
            permission=opts.partner_permission and players == 4,
            max_turns=opts.max_round_turns,
            show_pile_count=opts.show_pile_count,
            rng=rng,
            round_no=0,
            dealer=dealer,
            scores=(0,) * n_sides,
            minimums=(0,) * n_sides,
            hands=((),) * players,
            stock=(),
            pile=(),
            frozen=False,
            melds=((),) * n_sides,
            red3=((),) * n_sides,
            turn=0,
            g=1,
            phase=DRAW,
            staged=(),
            ask=NOT_ASKED,
            last_round=(),
            last_closer=-1,
            last_end="",
            winners=(),
        )
        table = Table(blank)
        try:
            table.deal(list(deck) if deck is not None else None)
        except ValueError as exc:
            raise BadOptions(str(exc)) from None
        return table.freeze(), table.events

    def to_act(self, state: State) -> list[int]:
        return rules.to_act(state)

    def legal_actions(self, state: State, seat: int) -> list[Action]:
        return actions.legal(state, seat)

    def automatic_step(self, state: State) -> tuple[int, str] | None:
        """The next round's ``deal`` is nobody's decision (``games.core.AutomaticSteps``): the
        shell deals it by itself once the round is scored, and it stays an action of the next
        dealer so replays and the scoring shown between rounds are as before."""
        if state.phase != SCORED:
            return None
        return rules.to_act(state)[0], "deal"

    def apply(self, state: State, seat: int, action: Action | str) -> tuple[State, list[Event]]:
        act = self.coerce(action)
        if act.verb not in self.verbs or self.verbs[act.verb] != bool(act.arg):
            act = self.parse_action(act.code)
        plan = rules.plan(state, seat, act)
        if isinstance(plan, str):
            raise IllegalAction(plan)
        return effects.execute(state, seat, plan)

    def effects(self, view: Mapping[str, Any], legal: Sequence[str]) -> tuple[str, ...]:
        """What the special controls offered now do (``games.core.Effects``)."""
        return teach.effects(view, legal)

    def decision(
        self, view: Mapping[str, Any], legal: Sequence[str], names: Sequence[str]
    ) -> tuple[str, ...]:
        """This decision explained, or what the seat waits for (``games.core.Decisions``)."""
        return teach.decision(view, legal, names)

    def explain(self, state: State, seat: int) -> tuple[str, ...]:
        """Why the pile or Open is not offered now (``games.core.Explainer``)."""
        return explain(state, seat)

    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        return build_view(state, seat)

    def is_over(self, state: State) -> bool:
        return state.phase == OVER

    def result(self, state: State) -> Result:
        scores = [state.scores[side_of(state.players, seat)] for seat in range(state.players)]
        return Result(scores=scores, winners=list(state.winners))

    def dump(self, state: State) -> str:
        return dump(state)

    def load(self, text: str) -> State:
        return load(text)

    def determinize(self, observation: Observation, rng: int) -> State:
        """A full state consistent with what ``observation.seat`` saw (the AI search hook:
        :mod:`games.boat_canasta.determinize`)."""
        return determinize(observation, rng)

    def teams(self, players: int) -> list[tuple[int, ...]]:
        """4 players: partners sit opposite (seats 0+2 and 1+3, spec §2)."""
        if players == 4:
            return [(0, 2), (1, 3)]
        return [(seat,) for seat in range(players)]
