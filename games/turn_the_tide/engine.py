"""Turn the Tide (Stefan Dorra's *Land Unter*), 3 to 5 players: spec ``rules/turn_the_tide.md``.

Action codes (CONTRACT §1): ``play:<n>``, ``n`` a weather card (1..60) in the seat's hand.
Every active seat chooses at once: ``to_act`` lists all active seats that have not chosen yet.

``deck`` rigs the first deal with a mapping ``{"weather": [...], "tide": [...]}`` (either key may be
left out; codes as strings, ints accepted):

* ``weather``: the weather deck from the top. Cards are dealt one at a time clockwise starting
  with seat 0 until every seat holds 12 (so seat ``i`` gets cards ``i, i+n, i+2n, ...``). These are
  the hand sets H_0..H_{n-1} for the whole game (D11); the rest are removed unseen.
* ``tide``: round 0's tide deck from the top; each hand flips the next two. Later rounds reshuffle
  from the seed (D7).

Decisions where the spec is silent:

* The locked card leaves the hand at once (it lies face down in front of the seat): the seat's own
  view shows it as ``chosen_card``, ``hand`` holds only the cards still selectable, and
  ``cards_in_hand`` counts those.
* An eliminated seat keeps seeing its own unplayed cards (they are its own, set aside).
* Levels and stack histories are ints in views and events; tide cards are codes only where they
  are flipped or revealed, so one physical card is never written twice in a view.
* The view keeps the last reveal until the next one *within a round*; a new round starts with no
  reveal shown (D9: earlier rounds are not shown) and ``last_round_points`` instead.
* Events: ``round_start``, ``deal`` (private, the seat's whole new hand), ``tide``, ``chosen``
  (public: who, never what), ``your_choice`` (private to the chooser), ``reveal`` (all choices at
  once), ``flood`` (levels, preservers lost, eliminations), ``round_end``, ``game_over``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from pydantic import BaseModel, Field

from games.cards import rigged_order, seed_rng
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
from games.turn_the_tide import teach

from . import rules
from . import state as state_mod
from .cards import CARD_COPIES, TIDE, WEATHER
from .knowledge import knowledge, obs_rng
from .state import State
from .view import public_view, seat_view

msg, msg_n = messages("turn_the_tide")


class TurnTheTideOptions(GameOptions):
    """Table options of spec §2; ``show_history`` is D9's option for casual tables."""

    show_history: bool = Field(
        default=False,
        title=msg("Show history"),
        description=msg("The table shows each player's stack of tide cards (casual)."),
    )


class TurnTheTideEngine(BaseEngine):
    """The engine; see the module docstring for codes, deal order and decisions."""

    name: ClassVar[str] = "turn_the_tide"
    title: ClassVar[str] = "Turn the Tide"  # untranslated: the game's name, a proper noun
    min_players: ClassVar[int] = 3
    max_players: ClassVar[int] = 5
    Options: ClassVar[type[BaseModel]] = TurnTheTideOptions
    card_copies: ClassVar[Mapping[str, int]] = CARD_COPIES
    verbs: ClassVar[Mapping[str, bool]] = {"play": True}

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
        weather_rig, tide_rig = _split_deck(deck)
        rng = seed_rng(seed, self.name)
        try:
            order, rng = rigged_order(WEATHER, weather_rig, rng)
            tide, rng = rigged_order(TIDE, tide_rig, rng)
        except ValueError as exc:
            raise BadOptions(str(exc)) from None
        history = bool(getattr(opts, "show_history", False))
        return rules.initial_state(players, history, order, tide, rng)

    def to_act(self, state: State) -> list[int]:
        if state.over:
            return []
        return [s for s in range(state.players) if not state.eliminated[s] and not state.chosen[s]]

    def legal_actions(self, state: State, seat: int) -> list[Action]:
        if state.over or not 0 <= seat < state.players:
            return []
        if state.eliminated[seat] or state.chosen[seat]:
            return []
        return [Action("play", str(c)) for c in state.hands[seat]]

    def apply(self, state: State, seat: int, action: Action | str) -> tuple[State, list[Event]]:
        action = self.coerce(action)
        card = self._check(state, seat, action)
        return rules.lock_choice(state, seat, card)

    def _check(self, state: State, seat: int, action: Action) -> int:
        """Every reason a ``play`` is refused, in the order a player would want to hear them."""
        if action.verb != "play":
            raise IllegalAction(
                msg("'{code}' is not a Turn the Tide action: write play:<card>.", code=action.code)
            )
        if not isinstance(seat, int) or not 0 <= seat < state.players:
            raise IllegalAction(
                msg(
                    "There is no seat {seat} at this {players}-player table.",
                    seat=seat,
                    players=state.players,
                )
            )
        if state.over:
            raise IllegalAction(msg("The game is over: no more cards can be played."))
        if state.eliminated[seat]:
            raise IllegalAction(
                msg(
                    "You were eliminated this round (you had to lose a preserver and had none "
                    "left); you play again next round."
                )
            )
        if state.chosen[seat]:
            raise IllegalAction(
                msg(
                    "You have already chosen your card for this hand, and a choice is final; "
                    "wait for the others to choose."
                )
            )
        arg = action.arg
        if not (arg.isascii() and arg.isdigit()) or arg != str(int(arg)):
            raise IllegalAction(
                msg("'{arg}' is not a weather card: write play:<number from 1 to 60>.", arg=arg)
            )
        card = int(arg)
        if card not in state.hands[seat]:
            held = ", ".join(str(c) for c in state.hands[seat])
            raise IllegalAction(
                msg(
                    "Weather card {card} is not in your hand; you can play {held}.",
                    card=card,
                    held=held,
                )
            )
        return card

    def effects(self, view: Mapping[str, Any], legal: Sequence[str]) -> tuple[str, ...]:
        """What the special controls offered now do (``games.core.Effects``)."""
        return teach.effects(view, legal)

    def decision(
        self, view: Mapping[str, Any], legal: Sequence[str], names: Sequence[str]
    ) -> tuple[str, ...]:
        """This decision explained, or what the seat waits for (``games.core.Decisions``)."""
        return teach.decision(view, legal, names)

    def explain(self, state: State, seat: int) -> tuple[str, ...]:
        """Why the seat is offered no card (``games.core.Explainer``), in the words of
        :meth:`_check`. A seat still to choose may play any card in its hand, so it gets ();
        the only withheld moves are a locked choice (D5) and an elimination (D2)."""
        if state.over or not 0 <= seat < state.players:
            return ()
        if state.eliminated[seat]:
            if state.round + 1 < state.players:
                return (
                    msg(
                        "You were eliminated this round (you had to lose a preserver and had"
                        " none left): you play again next round."
                    ),
                )
            return (
                msg(
                    "You were eliminated this round (you had to lose a preserver and had none"
                    " left): this is the game's last round."
                ),
            )
        if state.chosen[seat]:
            return (
                msg(
                    "You have chosen for this hand, and a choice is final: waiting for the others."
                ),
            )
        return ()

    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        if seat is None:
            return public_view(state)
        if not isinstance(seat, int) or not 0 <= seat < state.players:
            raise ValueError(f"There is no seat {seat} at this table.")
        return seat_view(state, seat)

    def is_over(self, state: State) -> bool:
        return state.over

    def result(self, state: State) -> Result:
        return Result(scores=list(state.scores), winners=rules.winners(state))

    def dump(self, state: State) -> str:
        return state_mod.dump(state)

    def load(self, text: str) -> State:
        return state_mod.load(text)

    def determinize(self, observation: Observation, rng: int) -> State:
        """A full state ``observation.seat`` cannot tell from the real one (the
        :class:`games.core.Determinizer` hook): the sets it held and every revealed card where
        they are known to be, unseen sets drawn from the cards it never saw with their public
        allowances kept, others' locked choices re-drawn from their possible cards, the rest of
        the tide deck shuffled (see :mod:`games.turn_the_tide.knowledge`)."""
        return knowledge(observation).sample_state(obs_rng(rng))


def _split_deck(deck: Any) -> tuple[list[int] | None, list[int] | None]:
    """Read CONTRACT §1's two-deck mapping; readable errors for a malformed rig."""
    if deck is None:
        return None, None
    if not isinstance(deck, Mapping):
        raise BadOptions(
            msg('Turn the Tide rigs two decks: pass {"weather": [...], "tide": [...]}.')
        )
    unknown = sorted(set(deck) - {"weather", "tide"})
    if unknown:
        raise BadOptions(
            msg(
                "Unknown deck {deck}: Turn the Tide has 'weather' and 'tide'.",
                deck=repr(unknown[0]),
            )
        )
    out: list[list[int] | None] = []
    for key in ("weather", "tide"):
        cards = deck.get(key)
        if cards is None:
            out.append(None)
            continue
        try:
            out.append([int(c) for c in cards])
        except (TypeError, ValueError):
            raise BadOptions(
                msg("The {key} deck must list card codes such as '7'.", key=key)
            ) from None
    return out[0], out[1]
