"""Game of Rows: a shedding game on a shared board of rows 2..10 (``rules/game_of_rows.md``).

Action codes (``verb`` or ``verb:args``; ``<card>`` is a card code such as ``7H`` or ``JK``):

* ``place:<card>@<row>.<pos>`` — put a number card or Joker face up on position ``<pos>``
  (2..10) of row ``<row>`` (row slots are numbered 1..max_rows). Also the overlay of a Joker.
* ``place:<card>@new.<2|10>[<suit>]`` — start a new row on its 2 or 10 corner. In
  ``straight_flush`` the suit is always written (for a number card it is the card's own; a
  Joker declares it), e.g. ``place:JK@new.10D``; in ``straight`` there is none: ``new.10``.
* ``block:<card>@<row>.<pos>`` / ``unblock:<card>@<row>.<pos>`` — black / red J Q K A.
* ``down:<card>@<target>`` (Bluffing) — any hand card face down where a Joker could go; the
  claim is the target itself (the position's number, plus the declared suit for a new row in
  ``straight_flush``).
* ``skip`` (Skipping) — only as the turn's first action; ends the turn, 2 penalty cards.
* ``end`` — end the turn (refills and penalties follow, §4.3).
* ``call`` / ``pass`` — the challenge window after a turn with face-down cards: every other
  active player is in ``to_act`` with both. The first ``call`` closes the window and reveals;
  it also closes when every one of them has passed. The window is timed (``windows``, the
  ``games.core`` hook): after ``challenge_seconds`` ``pass`` applies for each seat still
  waiting (view ``challenge.waiting``).

A Discord control can therefore pick a card first and then one of that card's targets.

Deal (``deck`` rigs it): cards leave the top one at a time, clockwise starting with the first
player, five rounds; the rest is the draw deck, top first. Draws take from the top; a removed
player's hand goes to the bottom in seeded order (D18).

Decisions where the spec is silent:

* After a face-down card, ``end`` is always allowed, also under ``all_valid`` (D14 lets only
  face-down cards or the end follow, so a face-up play it unlocked cannot be demanded).
* Once the fourth row is complete the active player may only ``end`` (draws then run and the
  game ends, D20): no fifth row is ever started.
* The stalemate count (D20) counts turns that begin and end with an empty deck and leave no
  card on the board (a caught bluff leaves none); any other turn resets it. The game ends
  when the count reaches the number of active players.
* With ``play_for_places`` the game also ends when one player is left without a place; that
  player takes the next place.
* A caught bluff's reveal (event and view) names the taken-back cards by code (with a text
  ``label``) and declares them under ``revealed`` [{seat, cards}]: they are public by §4.2
  although back in a hand, and the declaration tells generic secrecy checks so. A wrong
  call's cards stay on the board as ordinary face-up codes.
* Final view (``final``): each player's place and card count, and the poker category where
  it broke a tie on cards; the cards themselves stay hidden.
* ``result().scores``: per seat, how many seats it ranks above (by hand size while playing).
* The poker tie-break uses ``treys`` for five real cards; short hands, five of a kind and
  Jokers are handled in :mod:`games.game_of_rows.poker`.

Events (``visible_to=None`` unless noted): ``turn`` {seat}; ``place`` /
``block`` / ``unblock`` {seat, card, row, pos}; ``face_down`` {seat, row, pos, claim, suit}
with ``your_face_down`` {.., card} to the owner only; ``skip``; ``end_turn``;
``challenge_open`` {bluffer, count, seats}; ``pass``; ``challenge_closed``; ``call``;
``reveal`` {bluffer, caller, outcome: caught|wrong_call, cards: [{row, pos, card, label,
valid}], revealed (caught only): [{seat, cards}]}; ``taken_back``; ``draw`` {seat, count,
reason} with ``drew`` {.., cards} to the drawer only; ``removed``; ``row_completed`` {row,
cards (None for a face-down card), completed_rows}; ``out_of_cards``; ``game_over`` {reason,
places, winners}.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping, Sequence
from typing import Any, ClassVar, Literal

from pydantic import BaseModel, Field

from games.cards import rigged_order, seed_rng
from games.core import (
    Action,
    BadOptions,
    BaseEngine,
    Event,
    GameOptions,
    Observation,
    Result,
    Window,
)
from games.game_of_rows import rules, teach
from games.game_of_rows.cards import CARD_COPIES, DECK
from games.game_of_rows.explain import explain
from games.game_of_rows.state import CHALLENGE, OVER, TURN, Opts, State, dump_state, load_state
from games.game_of_rows.view import build_view
from games.search import Rng
from games.text import messages

msg, msg_n = messages("game_of_rows")


class GameOfRowsOptions(GameOptions):
    """Table options of spec §2 with their defaults.

    Each option's ``title`` (its name as the lobby would show it) and ``description`` are
    :class:`games.text.Msg`: English here, read in the lobby's language by the shell."""

    format: Literal["straight", "straight_flush"] = Field(
        "straight",
        title=msg("Format"),
        description=msg("Rows may mix suits (straight) or keep one suit (straight flush)."),
    )
    skipping: bool = Field(
        False,
        title=msg("Skipping"),
        description=msg("You may pass a turn by taking 2 penalty cards."),
    )
    bluffing: bool = Field(
        False,
        title=msg("Bluffing"),
        description=msg("Cards may go down face down, and be called bluffs."),
    )
    mayhem: bool = Field(
        False,
        title=msg("Mayhem"),
        description=msg("Switches on skipping, bluffing and corner blocks."),
    )
    max_rows: int = Field(
        4, ge=1, le=4, title=msg("Max rows"), description=msg("Rows that may be open at once.")
    )
    play_obligation: Literal["at_least_one", "all_valid"] = Field(
        "at_least_one",
        title=msg("Play obligation"),
        description=msg("Place at least one card a turn, or every card you can."),
    )
    challenge_seconds: int = Field(
        30,
        ge=1,
        le=3600,
        title=msg("Challenge seconds"),
        description=msg("How long the others have to call a bluff."),
    )
    joker_poker: Literal["wild", "high"] = Field(
        "wild",
        title=msg("Joker poker"),
        description=msg("In the poker tie-break, Jokers are wild or simply high."),
    )
    play_for_places: bool = Field(
        False,
        title=msg("Play for places"),
        description=msg("After the winner, the others play on for the next places."),
    )
    reveal_bluffs_at_end: bool = Field(
        False,
        title=msg("Reveal bluffs at end"),
        description=msg("Face-down cards are turned up when the game ends."),
    )
    first_player: int | None = Field(
        None,
        ge=0,
        le=3,
        title=msg("First player"),
        description=msg("Who plays first (auto: drawn at random)."),
    )


class GameOfRowsEngine(BaseEngine):
    name: ClassVar[str] = "game_of_rows"
    title: ClassVar[str] = "Game of Rows"  # untranslated: the game's name, one in every language
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 4
    Options: ClassVar[type[BaseModel]] = GameOfRowsOptions
    card_copies: ClassVar[Mapping[str, int]] = CARD_COPIES
    verbs: ClassVar[Mapping[str, bool]] = rules.VERBS

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
        assert isinstance(opts, GameOfRowsOptions)
        rng = seed_rng(seed, "game_of_rows")
        rng, first = self.first_seat(
            opts.first_player, players, rng, "first_player", always_draw=True
        )
        try:
            order, rng = rigged_order(DECK, list(deck) if deck else None, rng)
        except ValueError as exc:
            raise BadOptions(str(exc)) from None
        hands: list[list[str]] = [[] for _ in range(players)]
        for i in range(rules.HAND_SIZE * players):
            hands[(first + i) % players].append(order[i])
        state = State(
            players=players,
            opts=Opts(
                flush=opts.format == "straight_flush",
                skipping=opts.skipping or opts.mayhem,
                bluffing=opts.bluffing or opts.mayhem,
                mayhem=opts.mayhem,
                max_rows=opts.max_rows,
                all_valid=opts.play_obligation == "all_valid",
                joker_high=opts.joker_poker == "high",
                play_for_places=opts.play_for_places,
                reveal_bluffs_at_end=opts.reveal_bluffs_at_end,
                challenge_seconds=opts.challenge_seconds,
            ),
            rng=rng,
            deck=tuple(order[rules.HAND_SIZE * players :]),
            hands=tuple(tuple(h) for h in hands),
            rows=(None,) * opts.max_rows,
            gone=(),
            completed=0,
            phase=TURN,
            turn=first,
            must_place=False,
            placed=False,
            actions=0,
            stayed=False,
            facedown=(),
            pending=(),
            quiet=0,
            removed=(),
            finished=(),
            places=(),
            reveal=None,
        )
        return rules.begin(state)

    def to_act(self, state: State) -> list[int]:
        if state.phase == OVER:
            return []
        if state.phase == TURN:
            return [state.turn]
        return sorted(state.pending)

    def legal_actions(self, state: State, seat: int) -> list[Action]:
        return rules.legal_actions(state, seat)

    def apply(self, state: State, seat: int, action: Action | str) -> tuple[State, list[Event]]:
        return rules.apply_action(state, seat, self.coerce(action))

    def effects(self, view: Mapping[str, Any], legal: Sequence[str]) -> tuple[str, ...]:
        """What the special controls offered now do (``games.core.Effects``)."""
        return teach.effects(view, legal)

    def decision(
        self, view: Mapping[str, Any], legal: Sequence[str], names: Sequence[str]
    ) -> tuple[str, ...]:
        """This decision explained, or what the seat waits for (``games.core.Decisions``)."""
        return teach.decision(view, legal, names)

    def explain(self, state: State, seat: int) -> tuple[str, ...]:
        """Why moves the seat to act may look for are not offered (``games.core.Explainer``)."""
        return explain(state, seat)

    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        return build_view(state, seat)

    def is_over(self, state: State) -> bool:
        return state.phase == OVER

    def result(self, state: State) -> Result:
        n = state.players
        if state.phase == OVER:
            places = list(state.places)
        else:
            # while playing: fewer cards is better, removed players last (no poker tie-break)
            def standing(s: int) -> tuple[int, int]:
                if s in state.removed:
                    return (1, -state.removed.index(s))
                if s in state.finished:
                    return (-1, state.finished.index(s))
                return (0, len(state.hands[s]))

            places = [1 + sum(standing(o) < standing(s) for o in range(n)) for s in range(n)]
        scores = [sum(places[o] > places[s] for o in range(n)) for s in range(n)]
        winners = [s for s in range(n) if places[s] == 1] if state.phase == OVER else []
        return Result(scores=scores, winners=winners)

    def dump(self, state: State) -> str:
        return dump_state(state)

    def load(self, text: str) -> State:
        return load_state(text)

    def windows(self, state: State) -> list[Window]:
        """The challenge window (spec §4.2) as a timed window (``games.core`` hook): on timeout
        every seat still waiting passes.

        The key is a digest of the public table as the window opened. Why a digest: the state
        has no turn counter, and the key must stay the same while people pass (so who is still
        waiting is left out) yet differ for the next window of the same game. It does: after a
        window with no call the face-down cards stay (the board only grows until a row
        completes, and completed rows only add up); after a call someone draws (the deck only
        shrinks, §4.2), or with an empty deck someone is removed (§4.4). So no two windows of
        one game show the same public table (tested over random games). The digest is the one
        the bot used before windows were an engine hook, so windows timed then still match."""
        if state.phase != CHALLENGE:
            return []
        view = build_view(state, None)
        challenge = view.get("challenge")
        if not challenge:
            return []
        stable = {
            k: v
            for k, v in view.items()
            if k not in ("to_act", "challenge", "seat", "hand", "last_reveal")
        }
        stable["bluffer"] = challenge.get("bluffer")
        stable["positions"] = challenge.get("positions")
        raw = json.dumps(stable, sort_keys=True, separators=(",", ":"), default=str)
        key = "rows-bluff:" + hashlib.sha256(raw.encode()).hexdigest()[:20]
        waiting = challenge.get("waiting") or self.to_act(state)
        seconds = float(challenge.get("seconds") or state.opts.challenge_seconds)
        return [Window(key=key, seconds=seconds, on_timeout={s: "pass" for s in waiting})]

    def determinize(self, observation: Observation, rng: int) -> State:
        """The :class:`games.core.Determinizer` hook: a full state the observing seat cannot
        tell from the real one, its unseen cards dealt at random from ``rng`` (what counts as
        seen: :mod:`games.game_of_rows.determinize`)."""
        from games.game_of_rows.determinize import analyse, sample_state

        return sample_state(analyse(observation), Rng(rng))
