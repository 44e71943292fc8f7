"""The Boat engine (``shared/rules/boat.md``): four players in partnerships 0+2 and 1+3.

Action codes (CONTRACT §1): ``bid:<n>``, ``pass``, ``discard:<c>,<c>,<c>,<c>,<c>`` (any order;
``legal_actions`` lists each discard once, cards in deck order), ``trump:<C|D|H|S>``,
``play:<card>``. Card codes: rank ``5-9 T J Q K A`` + suit ``C D H S``, and ``BOAT``.

Deal order (what ``deck`` rigs, first hand only): cards leave the top one at a time, clockwise
from the dealer's left, 9 rounds (36 cards); the next 5 are the widow. Later hands reshuffle
all 41 cards with the seeded RNG in the state.

Decisions where the spec is silent:

* The next hand is dealt in the step that scores the last one (no extra action, as the
  contract's codes have none). The discards and trick 9, revealed at scoring (§5), are shown in
  the public ``trick`` and ``hand_scored`` events of that step; views after the new deal keep
  only the numbers (``last_hand``), since those cards now sit in new, secret hands. The final
  hand of the game stays revealed in the view (``reveal``).
* A redeal after four passes (``all_pass = "redeal"``, D1) happens at once with the same
  dealer.
* Each deal emits a public ``new_hand`` event and, per seat, a private ``deal`` event with that
  seat's ``hand``.
* ``target_score`` accepts 1..10000; a team "reaches" it at a score ≥ the target (§3.6).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import lru_cache
from typing import Any, ClassVar, Literal

from pydantic import BaseModel, Field

from games.boat import determinize, teach
from games.boat import view as view_mod
from games.boat.cards import (
    CODES,
    DECK,
    HAND_SIZE,
    SUITS,
    TRICKS,
    WIDOW_SIZE,
    card_id,
    code,
    codes,
    points,
)
from games.boat.rules import (
    MIN_BID,
    bid_problem,
    discard_problem,
    game_winner,
    hand_change,
    legal_bids,
    legal_discards,
    play_problem,
    playable,
    trick_winner,
)
from games.boat.state import (
    BIDDING,
    DISCARD,
    OVER,
    PLAY,
    TRUMP,
    HandSummary,
    Rules,
    State,
    dump,
    load,
)
from games.cards import rigged_order, seed_rng, shuffled
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
from games.search import Rng
from games.text import Msg, messages

msg, msg_n = messages("boat")

PLAYERS = 4


#: what every new hand starts from: no bids, no contract, no trump, no tricks (§3)
FRESH_HAND: dict[str, Any] = {
    "bids": (),
    "passed": (),
    "high_bid": 0,
    "high_bidder": -1,
    "declarer": -1,
    "contract": 0,
    "stuck": False,
    "discards": (),
    "trump": -1,
    "leader": -1,
    "trick": (),
    "tricks_played": 0,
    "taken": (),
    "won": ((), ()),
    "tricks_won": (0, 0),
    "last_trick": (),
    "last_leader": -1,
    "last_winner": -1,
}


class BoatOptions(GameOptions):
    """Table options of spec §2 with their defaults."""

    # each description is a Msg: the lobby reads it in the table's language (bot.i18n.translate)
    target_score: int = Field(500, ge=1, le=10_000, description=msg("Points that end the game."))
    all_pass: Literal["stick_last", "redeal"] = Field(
        "stick_last",
        description=msg("If three pass, the fourth plays the minimum bid, or redeal."),
    )
    boat_free_play: bool = Field(
        False, description=msg("The Boat card may be played at any time, not only as a trump.")
    )
    discard_points_allowed: bool = Field(
        True, description=msg("The declarer may bury point cards and the Boat in the widow.")
    )
    show_running_points: bool = Field(
        False, description=msg("The table shows card points taken during the hand.")
    )
    show_last_trick: bool = Field(
        True, description=msg("The last finished trick stays on the table until the next.")
    )
    first_dealer: int | None = Field(
        None, ge=0, le=PLAYERS - 1, description=msg("Who deals first (auto: drawn at random).")
    )


def _next_active(seat: int, passed: tuple[int, ...]) -> int:
    for step in range(1, PLAYERS + 1):
        nxt = (seat + step) % PLAYERS
        if nxt not in passed:
            return nxt
    raise AssertionError("bidding with no active player")


def _without(hand: tuple[int, ...], cards: tuple[int, ...] | int) -> tuple[int, ...]:
    gone = (cards,) if isinstance(cards, int) else cards
    return tuple(c for c in hand if c not in gone)


class BoatEngine(BaseEngine):
    """Boat: bid, take the widow and discard 5, name trump, play 9 tricks (see module doc)."""

    name: ClassVar[str] = "boat"
    title: ClassVar[str] = "Boat"  # untranslated: the game's name, one in every language
    min_players: ClassVar[int] = PLAYERS
    max_players: ClassVar[int] = PLAYERS
    Options: ClassVar[type[BaseModel]] = BoatOptions
    card_copies: ClassVar[Mapping[str, int]] = {c: 1 for c in CODES}
    verbs: ClassVar[Mapping[str, bool]] = {
        "bid": True,
        "pass": False,
        "discard": True,
        "trump": True,
        "play": True,
    }

    # ---------------------------------------------------------------- setup

    def teams(self, players: int) -> list[tuple[int, ...]]:
        """Partners sit opposite (spec §2)."""
        return [(0, 2), (1, 3)]

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
        assert isinstance(opts, BoatOptions)
        rng = seed_rng(seed, "boat")
        # D9: the first dealer is random (seeded) unless the host names one
        rng, dealer = self.first_seat(opts.first_dealer, players, rng, "first_dealer")
        if deck is not None:
            if isinstance(deck, str) or not all(isinstance(c, str) for c in deck):
                raise BadOptions(msg("A rigged Boat deck is a list of card codes such as 'TH'."))
            try:
                order, rng = rigged_order(CODES, [c.upper() for c in deck], rng)
            except ValueError as exc:
                raise BadOptions(str(exc)) from None
            cards = [CODES.index(c) for c in order]
        else:
            cards, rng = shuffled(DECK, rng)
        rules = Rules(
            opts.target_score,
            opts.all_pass == "redeal",
            opts.boat_free_play,
            opts.discard_points_allowed,
            opts.show_running_points,
            opts.show_last_trick,
        )
        blank = State(
            rules=rules,
            rng=rng,
            hand_number=0,
            dealer=dealer,
            phase=BIDDING,
            turn=-1,
            hands=((), (), (), ()),
            widow=(),
            **FRESH_HAND,
            scores=(0, 0),
            last_hand=None,
            winner=-1,
        )
        state = self._deal(blank, dealer, cards)
        return state, self._deal_events(state)

    def _deal(self, state: State, dealer: int, cards: list[int]) -> State:
        """Deal ``cards`` (top first) one at a time clockwise from the dealer's left (§2)."""
        hands: list[list[int]] = [[], [], [], []]
        for i in range(HAND_SIZE * PLAYERS):
            hands[(dealer + 1 + i) % PLAYERS].append(cards[i])
        widow = cards[HAND_SIZE * PLAYERS : HAND_SIZE * PLAYERS + WIDOW_SIZE]
        return state._replace(
            hand_number=state.hand_number + 1,
            dealer=dealer,
            phase=BIDDING,
            turn=(dealer + 1) % PLAYERS,
            hands=tuple(tuple(sorted(h)) for h in hands),
            widow=tuple(sorted(widow)),
            **FRESH_HAND,
        )

    def _shuffle_and_deal(self, state: State, dealer: int) -> tuple[State, list[Event]]:
        cards, rng = shuffled(DECK, state.rng)
        state = self._deal(state._replace(rng=rng), dealer, cards)
        return state, self._deal_events(state)

    def _deal_events(self, state: State) -> list[Event]:
        """A hand began: who deals (public) and each seat's cards (to that seat alone)."""
        events = [
            Event("new_hand", None, {"dealer": state.dealer, "hand_number": state.hand_number})
        ]
        events += [
            Event("deal", (seat,), {"seat": seat, "hand": codes(state.hands[seat])})
            for seat in range(PLAYERS)
        ]
        return events

    # ---------------------------------------------------------------- queries

    def to_act(self, state: State) -> list[int]:
        return view_mod.to_act(state)

    def is_over(self, state: State) -> bool:
        return state.phase == OVER

    def result(self, state: State) -> Result:
        ns, ew = state.scores
        winners = [] if state.winner < 0 else list(self.teams(PLAYERS)[state.winner])
        return Result(scores=[ns, ew, ns, ew], winners=winners)

    def effects(self, view: Mapping[str, Any], legal: Sequence[str]) -> tuple[str, ...]:
        """What the special controls offered now do (``games.core.Effects``)."""
        return teach.effects(view, legal)

    def decision(
        self, view: Mapping[str, Any], legal: Sequence[str], names: Sequence[str]
    ) -> tuple[str, ...]:
        """This decision explained, or what the seat waits for (``games.core.Decisions``)."""
        return teach.decision(view, legal, names)

    def explain(self, state: State, seat: int) -> tuple[str, ...]:
        """Why some of the seat's cards are not offered now (``games.core.Explainer``): the
        same words as the refusal of such a card."""
        if state.phase != PLAY or seat != state.turn or not state.trick:
            return ()
        hand = state.hands[seat]
        if len(playable(hand, state.trick, state.trump, state.rules.boat_free_play)) == len(hand):
            return ()
        return (play_problem(hand, state.trick, state.trump),)

    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        return view_mod.build_view(state, seat)

    def determinize(self, observation: Observation, rng: int) -> State:
        """A full state consistent with everything ``observation.seat`` saw, the unseen cards
        placed at random from ``rng`` (the :class:`games.core.Determinizer` hook, for AI
        search); see :mod:`games.boat.determinize` for what is kept."""
        return determinize.to_state(determinize.knowledge(observation), Rng(rng))

    def dump(self, state: State) -> str:
        return dump(state)

    def load(self, text: str) -> State:
        return load(text)

    def legal_actions(self, state: State, seat: int) -> list[Action]:
        if seat != state.turn:
            return []
        phase = state.phase
        if phase == PLAY:
            hand = state.hands[seat]
            return [
                Action("play", CODES[c])
                for c in playable(hand, state.trick, state.trump, state.rules.boat_free_play)
            ]
        if phase == BIDDING:
            return [Action("pass"), *(Action("bid", str(b)) for b in legal_bids(state.high_bid))]
        if phase == DISCARD:
            return list(_discard_actions(state.hands[seat], state.rules.discard_points_allowed))
        if phase == TRUMP:
            return [Action("trump", s) for s in SUITS]
        return []

    # ---------------------------------------------------------------- apply

    def apply(self, state: State, seat: int, action: Action | str) -> tuple[State, list[Event]]:
        # re-parse Actions too, so a hand-built Action("pass", "x") is refused like its code
        act = self.parse_action(action.code if isinstance(action, Action) else action)
        if not isinstance(seat, int) or not 0 <= seat < PLAYERS:
            raise IllegalAction(
                msg("Seat {seat} is not at this Boat table (seats 0 to 3).", seat=repr(seat))
            )
        if state.phase == OVER:
            raise IllegalAction(msg("The game is over."))
        if seat in state.passed and state.phase == BIDDING and act.verb == "bid":
            raise IllegalAction(msg("You passed, so you cannot bid again this hand."))
        if seat != state.turn:
            raise IllegalAction(self._not_your_turn(state))
        handler = {
            BIDDING: self._bidding,
            DISCARD: self._discard,
            TRUMP: self._trump,
            PLAY: self._play,
        }[state.phase]
        return handler(state, seat, act)

    @staticmethod
    def _not_your_turn(state: State) -> Msg:
        """Who the game waits for and what for: one whole sentence per phase, so that each
        language can build it its own way."""
        seat = state.turn
        if state.phase == BIDDING:
            return msg("It is not your turn: seat {seat} is to bid or pass.", seat=seat)
        if state.phase == DISCARD:
            return msg("It is not your turn: seat {seat} is to discard 5 cards.", seat=seat)
        if state.phase == TRUMP:
            return msg("It is not your turn: seat {seat} is to name trump.", seat=seat)
        if state.phase == PLAY:
            return msg("It is not your turn: seat {seat} is to play a card.", seat=seat)
        return msg("It is not your turn: seat {seat} is to act.", seat=seat)

    @staticmethod
    def _expect(act: Action, verbs: tuple[str, ...]) -> None:
        """Refuse an action of another phase, saying what this phase asks for."""
        if act.verb in verbs:
            return
        verb = act.verb
        if "bid" in verbs:
            wrong = msg(
                "Now is the time to bid or pass ('bid' or 'pass'), not '{verb}'.", verb=verb
            )
        elif "discard" in verbs:
            wrong = msg("Now is the time to discard 5 cards ('discard'), not '{verb}'.", verb=verb)
        elif "trump" in verbs:
            wrong = msg("Now is the time to name trump ('trump'), not '{verb}'.", verb=verb)
        else:
            wrong = msg("Now is the time to play a card ('play'), not '{verb}'.", verb=verb)
        raise IllegalAction(wrong)

    def _bidding(self, state: State, seat: int, act: Action) -> tuple[State, list[Event]]:
        self._expect(act, ("bid", "pass"))
        if act.verb == "bid":
            if not act.arg.isascii() or not act.arg.isdigit() or len(act.arg) > 4:
                raise IllegalAction(
                    msg("'{arg}' is not a bid: write a number such as bid:70.", arg=act.arg)
                )
            amount = int(act.arg)
            problem = bid_problem(amount, state.high_bid)
            if problem:
                raise IllegalAction(problem)
            new = state._replace(
                bids=(*state.bids, (seat, amount)),
                high_bid=amount,
                high_bidder=seat,
                turn=_next_active(seat, state.passed),
            )
            return new, [Event("bid", None, {"seat": seat, "bid": amount})]
        passed = (*state.passed, seat)
        new = state._replace(bids=(*state.bids, (seat, 0)), passed=passed)
        events = [Event("pass", None, {"seat": seat})]
        if len(passed) < PLAYERS - 1:
            return new._replace(turn=_next_active(seat, passed)), events
        # §3.1: bidding ends as soon as three have passed
        last = next(s for s in range(PLAYERS) if s not in passed)
        if state.high_bid == 0 and state.rules.redeal_on_all_pass:
            new, deal_events = self._shuffle_and_deal(new, state.dealer)  # D1 redeal
            return new, [*events, Event("redeal", None, {"dealer": state.dealer}), *deal_events]
        stuck = state.high_bid == 0  # D1 stick_last: the fourth player declares at 65
        contract = MIN_BID if stuck else state.high_bid
        hand = tuple(sorted(state.hands[last] + state.widow))
        hands = tuple(hand if s == last else h for s, h in enumerate(state.hands))
        new = new._replace(
            phase=DISCARD,
            turn=last,
            declarer=last,
            contract=contract,
            stuck=stuck,
            hands=hands,
            widow=(),
            taken=state.widow,
        )
        events += [
            Event("declarer", None, {"seat": last, "bid": contract, "stuck": stuck}),
            Event("widow", (last,), {"seat": last, "cards": codes(state.widow)}),
        ]
        return new, events

    def _discard(self, state: State, seat: int, act: Action) -> tuple[State, list[Event]]:
        self._expect(act, ("discard",))
        hand = state.hands[seat]
        parts = act.arg.split(",")
        if len(parts) != WIDOW_SIZE:
            raise IllegalAction(
                msg(
                    "Discard exactly {count} cards, e.g. discard:6C,7C,8D,9H,JS ({given} given).",
                    count=WIDOW_SIZE,
                    given=len(parts),
                )
            )
        cards: list[int] = []
        for part in parts:
            card = card_id(part)
            if card is None:
                raise IllegalAction(
                    msg("'{code}' is not a Boat card code (e.g. TH, 5S, BOAT).", code=part)
                )
            if card not in hand:
                raise IllegalAction(msg("You do not hold {card}.", card=code(card)))
            if card in cards:
                raise IllegalAction(
                    msg("{card} is named twice: discard 5 different cards.", card=code(card))
                )
            cards.append(card)
        chosen = tuple(sorted(cards))
        problem = discard_problem(hand, chosen, state.rules.discard_points_allowed)
        if problem:
            raise IllegalAction(problem)
        hands = tuple(_without(h, chosen) if s == seat else h for s, h in enumerate(state.hands))
        new = state._replace(phase=TRUMP, hands=hands, discards=chosen)
        return new, [
            Event("discard", (seat,), {"seat": seat, "cards": codes(chosen)}),
            Event("discarded", None, {"seat": seat, "count": WIDOW_SIZE}),
        ]

    def _trump(self, state: State, seat: int, act: Action) -> tuple[State, list[Event]]:
        self._expect(act, ("trump",))
        suit = act.arg.strip().upper()
        if len(suit) != 1 or suit not in SUITS:
            raise IllegalAction(
                msg(
                    "'{arg}' is not a suit: name trump:C, trump:D, trump:H or trump:S "
                    "(there is no no-trump).",
                    arg=act.arg,
                )
            )
        new = state._replace(phase=PLAY, trump=SUITS.index(suit), leader=seat, trick=())
        return new, [Event("trump", None, {"seat": seat, "suit": suit})]

    def _play(self, state: State, seat: int, act: Action) -> tuple[State, list[Event]]:
        self._expect(act, ("play",))
        card = card_id(act.arg)
        if card is None:
            raise IllegalAction(
                msg("'{code}' is not a Boat card code (e.g. TH, 5S, BOAT).", code=act.arg)
            )
        hand = state.hands[seat]
        if card not in hand:
            raise IllegalAction(msg("You do not hold {card}.", card=code(card)))
        free = state.rules.boat_free_play
        if card not in playable(hand, state.trick, state.trump, free):
            raise IllegalAction(play_problem(hand, state.trick, state.trump))
        hands = tuple(_without(h, card) if s == seat else h for s, h in enumerate(state.hands))
        trick = (*state.trick, card)
        events = [Event("play", None, {"seat": seat, "card": code(card)})]
        if len(trick) < PLAYERS:
            return state._replace(hands=hands, trick=trick, turn=(seat + 1) % PLAYERS), events
        winner = (state.leader + trick_winner(trick, state.trump)) % PLAYERS
        team = winner % 2
        piles, counts = state.won, state.tricks_won
        won = (piles[0] + trick, piles[1]) if team == 0 else (piles[0], piles[1] + trick)
        tricks_won = (counts[0] + 1, counts[1]) if team == 0 else (counts[0], counts[1] + 1)
        played = state.tricks_played + 1
        events.append(
            Event(
                "trick",
                None,
                {
                    "trick_number": played,
                    "leader": state.leader,
                    "cards": codes(trick),
                    "winner": winner,
                },
            )
        )
        new = state._replace(
            hands=hands,
            trick=(),
            leader=winner,
            turn=winner,
            tricks_played=played,
            won=won,
            tricks_won=tricks_won,
            last_trick=trick,
            last_leader=state.leader,
            last_winner=winner,
        )
        if played < TRICKS:
            return new, events
        return self._score(new, events)

    def _score(self, state: State, events: list[Event]) -> tuple[State, list[Event]]:
        """§3.5: the discards go to the team that won trick 9; then §3.6 game end, or the next
        hand, dealt by the next seat to the left (D9)."""
        last_team = state.last_winner % 2
        discard_points = points(state.discards)
        card_points = [points(pile) for pile in state.won]
        card_points[last_team] += discard_points
        pts = (card_points[0], card_points[1])
        declarer_team = state.declarer % 2
        change, made = hand_change(pts, declarer_team, state.contract)
        scores = (state.scores[0] + change[0], state.scores[1] + change[1])
        winner = game_winner(scores, state.rules.target_score)
        summary = HandSummary(
            state.declarer, state.contract, made, pts, change, discard_points, last_team
        )
        new = state._replace(
            phase=OVER,
            turn=-1,
            leader=-1,
            scores=scores,
            last_hand=summary,
            winner=winner,
        )
        events.append(
            Event(
                "hand_scored",
                None,
                {
                    "declarer": state.declarer,
                    "bid": state.contract,
                    "made": made,
                    "card_points": list(pts),
                    "score_change": list(change),
                    "scores": list(scores),
                    "discards": codes(state.discards),
                    "discard_points": discard_points,
                    "last_trick_team": last_team,
                },
            )
        )
        if winner >= 0:
            events.append(
                Event(
                    "game_over",
                    None,
                    {
                        "winner_team": winner,
                        "winners": list(self.teams(PLAYERS)[winner]),
                        "scores": list(scores),
                    },
                )
            )
            return new, events
        new, deal_events = self._shuffle_and_deal(new, (state.dealer + 1) % PLAYERS)
        return new, [*events, *deal_events]


@lru_cache(maxsize=32)
def _discard_actions(hand: tuple[int, ...], points_allowed: bool) -> tuple[Action, ...]:
    """All legal discards as actions, built once per 14-card hand: the contract has
    ``legal_actions`` list every one (2002 when points may be discarded)."""
    return tuple(
        Action("discard", ",".join(CODES[c] for c in combo))
        for combo in legal_discards(hand, points_allowed)
    )
