"""The Rowboat engine: the contract methods of ``shared/CONTRACT.md`` §1 over the int state.

Validation lives here (what a player may do now, and why not), the rules themselves in
:mod:`games.rowboat.rules`. Action codes are decoded through one prebuilt table
(:mod:`games.rowboat.actions`) so the hot path of AI search (``to_act`` → ``legal_actions`` →
``apply``) does no string work.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from pydantic import BaseModel, Field

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
from games.rowboat import rules, teach
from games.rowboat.actions import (
    BID_ACTS,
    CARD_VERBS,
    KEYS,
    LIGHTHOUSE_ACT,
    MOON_CHOICES,
    PLAY_TAILS,
    V_BID,
    V_LIGHTHOUSE,
    V_MOON,
    V_NOMOON,
    V_PASS,
    V_PLAY,
    V_ROWBOAT,
    VERB_IDS,
    pass_actions,
    play_actions,
)
from games.rowboat.deck import (
    BIT,
    CARD_OF,
    CODES,
    ROWBOAT,
    SUIT_NAMES,
    card_name,
    codes_of,
    tricks_for,
)
from games.rowboat.events import event
from games.rowboat.rules import SEATS_OF, SIDE, cap, play_options
from games.rowboat.state import (
    BIDDING,
    EXCHANGE,
    I_LEADER,
    I_N,
    I_PHASE,
    I_PLAYS,
    I_USED,
    MOON,
    OVER,
    PHASE_NAMES,
    TRICK_PLAY,
    USED_LIGHTHOUSE,
    USED_ROWBOAT,
    Opts,
    State,
    dump,
    load,
)
from games.rowboat.view import to_act, view
from games.text import Msg, messages

msg, msg_n = messages("rowboat")


class RowboatOptions(GameOptions):
    """Table options of spec §2 with their defaults (D6, D13, D15, D25, D26)."""

    novice: bool = Field(
        default=False,
        description=msg("No bidding: each side scores 10 points a trick. For a first game."),
    )
    #: None = the spec's default for the player count: 200, or 150 with three players
    target_score: int | None = Field(
        default=None,
        ge=10,
        le=10_000,
        description=msg("Points that end the game (auto: 200; 150 for 3)."),
    )
    lighthouse_seconds: int = Field(
        default=30,
        ge=10,
        le=120,
        description=msg(
            "Seconds the Lighthouse shows each hand (it shows 3 at 4 players: 3 × this)."
        ),
    )
    knob_obligatory: bool = Field(
        default=False,
        description=msg("The trick's Knob counts as a trump you must follow with."),
    )
    partner_tie_wins: bool = Field(
        default=False,
        description=msg("4 players: a trick tied between partners goes to their team."),
    )
    show_last_trick: bool = Field(
        default=True,
        description=msg("The last finished trick stays on the table until the next."),
    )
    first_dealer: int | None = Field(
        default=None,
        ge=0,
        le=3,
        description=msg("Who deals first (auto: drawn at random)."),
    )


_ACTIVE = (EXCHANGE, BIDDING, TRICK_PLAY)  # where the Lighthouse may be used (D16)


def _cards_text(mask: int) -> str:
    return ", ".join(codes_of(mask)) or msg("none")


class RowboatEngine(BaseEngine):
    """Rowboat for 2-4 players; see the package docstring for codes, events and the view."""

    name: ClassVar[str] = "rowboat"
    title: ClassVar[str] = "Rowboat"  # untranslated: the game's own name, as on its box
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 4
    Options: ClassVar[type[BaseModel]] = RowboatOptions
    card_copies: ClassVar[Mapping[str, int]] = dict.fromkeys(CODES, 1)
    verbs: ClassVar[Mapping[str, bool]] = {
        "moon": True,
        "nomoon": False,
        "pass": True,
        "bid": True,
        "play": True,
        "rowboat": False,
        "lighthouse": False,
    }

    # ------------------------------------------------------------ setup

    def teams(self, players: int) -> list[tuple[int, ...]]:
        return list(SEATS_OF[players]) if players in SEATS_OF else super().teams(players)

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
        """A new game and the events of its start (the ``Opening`` hook); ``deck`` lists card
        codes off the top of the first hand's deck: the Tide first, then the hands one card at
        a time clockwise from the dealer's left."""
        self.check_players(players)
        opts = self.options(options)
        assert isinstance(opts, RowboatOptions)
        rng = seed_rng(seed, "rowboat")
        rng, dealer = self.first_seat(opts.first_dealer, players, rng, "first_dealer")
        rig: tuple[int, ...] = ()
        if deck is not None:
            if isinstance(deck, str) or not all(isinstance(c, str) for c in deck):
                raise BadOptions(msg("A rigged Rowboat deck is a list of card codes such as '3m'."))
            unknown = [c for c in deck if c not in CARD_OF]
            if unknown:
                raise BadOptions(
                    msg("Rigged deck: {code} is not a Rowboat card code.", code=repr(unknown[0]))
                )
            if len(set(deck)) != len(deck):
                raise BadOptions(msg("Rigged deck: a card is named twice."))
            rig = tuple(CARD_OF[c] for c in deck)
        target = opts.target_score
        if target is None:
            target = 150 if players == 3 else 200
        o = Opts(
            int(opts.novice),
            target,
            opts.lighthouse_seconds,
            int(opts.knob_obligatory),
            # 4p only (§2); accepted and ignored otherwise, so one server-wide default serves
            # every player count
            int(opts.partner_tie_wins and players == 4),
            int(opts.show_last_trick),
        )
        nsides = rules.NSIDES[players]
        s = State(
            n=players,
            opts=o,
            rng=rng,
            rig=rig,
            phase=MOON,
            hand_no=1,
            dealer=dealer,
            used=(0,) * nsides,
            scores=(0,) * nsides,
            bags=(0,) * nsides,
            moon=0,
            tide=(),
            hands=(0,) * players,
            undealt=0,
            passes=(),
            bids=(),
            trick=0,
            leader=0,
            plays=(),
            won=(),
            pending=0,
            married=(),
            gone=0,
            last=(),
            last_hand=(),
            winners=(),
        )
        s = rules.new_hand_fields(s, dealer, 1)
        events: list[Event] = []
        return rules.begin_hand(s, events), events

    # ------------------------------------------------------------ queries

    #: the view module's function itself, not a method wrapping it: one call less per step
    to_act = staticmethod(to_act)

    def is_over(self, state: State) -> bool:
        return state.phase == OVER

    def legal_actions(self, state: State, seat: int) -> list[Action]:
        """Everything ``seat`` may do now; the Lighthouse also off turn (D16)."""
        s = state
        phase = s[I_PHASE]
        n = s[I_N]
        if phase == TRICK_PLAY and 0 <= seat < n:
            lighthouse = not s[I_USED][SIDE[n][seat]] & USED_LIGHTHOUSE
            if seat != (s[I_LEADER] + len(s[I_PLAYS])) % n:
                return [LIGHTHOUSE_ACT] if lighthouse else []
            mask, rowboat, _ = play_options(s, seat)
            return play_actions(mask, PLAY_TAILS[rowboat][lighthouse])
        if phase == OVER or not 0 <= seat < n:
            return []
        if phase == MOON:
            return list(MOON_CHOICES[n]) if seat == s.dealer else []
        out = []
        if phase == BIDDING:
            if seat == rules.bidder(s):
                out = [BID_ACTS[b] for b in rules.bid_range(s, seat)]
        elif phase == EXCHANGE and s.passes[seat] < 0:
            out = pass_actions(s.hands[seat])
        if not s.used[SIDE[n][seat]] & USED_LIGHTHOUSE:
            out.append(LIGHTHOUSE_ACT)
        return out

    # ------------------------------------------------------------ apply

    def _decode(self, action: Action | str) -> tuple[int, int]:
        """(verb id, number) of an action that is not one of the prebuilt ones: only to raise
        the right message (a well-formed code that names no card, bid or Moon)."""
        key = KEYS.get(action)
        if key is not None:
            return key
        act = self.coerce(action)
        verb = VERB_IDS[act.verb]
        if verb in CARD_VERBS:
            raise IllegalAction(
                msg(
                    "'{code}' is not a Rowboat card: write rank (A, 2-9, D, M, S, W) and suit "
                    "(o oars, w waves, s shells, m maps), e.g. '3m'.",
                    code=act.arg,
                )
            )
        raise IllegalAction(msg("'{code}' is not a possible {verb}.", code=act.code, verb=act.verb))

    def apply(self, state: State, seat: int, action: Action | str) -> tuple[State, list[Event]]:
        """Apply a legal action; anything else raises IllegalAction and changes nothing.

        The checks run in a fixed order (the action's form, the seat, then the phase's rules),
        so a player always gets the first reason that applies.
        """
        key = KEYS.get(action)
        memo = rules._memo
        if memo[0] is state and memo[1] is seat and key is not None and key[0] == V_PLAY:
            # legal_actions just answered for this state and seat, so the seat is the one in
            # turn in trick play; only the card remains to check
            mask, _, save = memo[2]
            card = key[1]
            if mask & BIT[card]:
                events: list[Event] = []
                return rules.play(state, seat, card, save, events), events
        verb, arg = key if key is not None else self._decode(action)
        s = state
        n = s.n
        if not isinstance(seat, int) or not 0 <= seat < n:
            raise IllegalAction(msg("There is no seat {seat} at this table.", seat=seat))
        phase = s.phase
        events = []
        if phase == TRICK_PLAY and verb in (V_PLAY, V_ROWBOAT):
            turn = (s.leader + len(s.plays)) % n
            if seat != turn:
                raise IllegalAction(msg("It is not your turn: seat {seat} plays now.", seat=turn))
            mask, rowboat, save = play_options(s, seat)
            if verb == V_PLAY:
                if not mask & BIT[arg]:
                    raise IllegalAction(self._why_not_card(s, seat, arg, mask, rowboat))
                return rules.play(s, seat, arg, save, events), events
            if not rowboat:
                raise IllegalAction(self._why_no_rowboat(s, seat))
            return rules.play(s, seat, ROWBOAT, 0, events), events
        if verb == V_LIGHTHOUSE:
            if phase not in _ACTIVE:
                raise IllegalAction(
                    msg(
                        "The Lighthouse can be used only once the hands are dealt: during the "
                        "exchange, the bidding or the tricks."
                    )
                )
            if s.used[SIDE[n][seat]] & USED_LIGHTHOUSE:
                raise IllegalAction(msg("Your side has already used its Lighthouse in this game."))
            return rules.lighthouse(s, seat, events), events
        if phase == OVER:
            raise IllegalAction(msg("The game is over."))
        if phase == MOON:
            if verb not in (V_MOON, V_NOMOON):
                raise IllegalAction(
                    msg(
                        "The dealer (seat {seat}) is deciding about the Moon; nothing else "
                        "can happen yet.",
                        seat=s.dealer,
                    )
                )
            if seat != s.dealer:
                raise IllegalAction(
                    msg("Only the dealer (seat {seat}) may play the Moon.", seat=s.dealer)
                )
            if verb == V_NOMOON:
                events.append(event("nomoon", None, {"seat": seat}))
                return rules.deal(s, 0, events), events
            if not 4 <= arg <= cap(n):
                raise IllegalAction(
                    msg("The Moon sets a Tide of 4 to {cap} cards, not {k}.", cap=cap(n), k=arg)
                )
            return rules.moon(s, arg, events), events
        if phase == EXCHANGE:
            if verb != V_PASS:
                raise IllegalAction(self._wrong_phase(s))
            if s.passes[seat] >= 0:
                raise IllegalAction(
                    msg(
                        "You already chose {code} to pass; the choice is final.",
                        code=CODES[s.passes[seat]],
                    )
                )
            if not s.hands[seat] & BIT[arg]:
                raise IllegalAction(
                    msg("You do not hold {card} ({code}).", card=card_name(arg), code=CODES[arg])
                )
            return rules.lock_pass(s, seat, arg, events), events
        if phase == BIDDING:
            if verb != V_BID:
                raise IllegalAction(self._wrong_phase(s))
            turn = rules.bidder(s)
            if seat != turn:
                raise IllegalAction(
                    msg("It is not your turn to bid: seat {seat} bids now.", seat=turn)
                )
            allowed = rules.bid_range(s, seat)
            if arg not in allowed:
                low, high = allowed.start, allowed.stop - 1
                if n == 4 and s.bids[(seat + 2) % 4] >= 0:
                    raise IllegalAction(
                        msg(
                            "You may bid {low} to {high} (your team's total must be 1 to the "
                            "number of tricks), not {bid}.",
                            low=low,
                            high=high,
                            bid=arg,
                        )
                    )
                raise IllegalAction(
                    msg("You may bid {low} to {high}, not {bid}.", low=low, high=high, bid=arg)
                )
            return rules.bid(s, seat, arg, events), events
        raise IllegalAction(self._wrong_phase(s))

    def _wrong_phase(self, s: State) -> Msg:
        if s.phase == EXCHANGE:
            return msg(
                "Not now: this is the exchange phase; each player passes one card to their "
                "partner (pass:<card>)."
            )
        if s.phase == BIDDING:
            return msg("Not now: this is the bidding phase; players bid in turn (bid:<n>).")
        if s.phase == TRICK_PLAY:
            return msg(
                "Not now: this is the trick play phase; players play cards in turn "
                "(play:<card> or rowboat)."
            )
        return msg("Not now: this is the {phase} phase.", phase=PHASE_NAMES[s.phase])

    def _why_no_rowboat(self, s: State, seat: int) -> Msg:
        tr = tricks_for(s.tide)[s.trick]
        if s.married[seat] & tr.knob_bit:
            return msg(
                "You must play your married {code} in this trick, not the Rowboat.",
                code=CODES[tr.knob],
            )
        if s.used[SIDE[s.n][seat]] & USED_ROWBOAT:
            return msg("Your side has already used its Rowboat in this game.")
        return msg("The Rowboat cannot be played in the last trick of a hand.")

    def _why_not_card(self, s: State, seat: int, card: int, mask: int, rowboat: bool) -> Msg:
        tr = tricks_for(s.tide)[s.trick]
        cards = _cards_text(mask)
        allowed = msg("{cards} or the Rowboat", cards=cards) if rowboat else cards
        if not s.hands[seat] & BIT[card]:
            return msg("You do not hold {card} ({code}).", card=card_name(card), code=CODES[card])
        if s.married[seat] & tr.knob_bit:
            return msg("Your married {code} must be played in this trick.", code=CODES[tr.knob])
        if s.married[seat] & BIT[card]:
            return msg(
                "{code} is married: it stays in your hand until its Knob trick. "
                "Allowed now: {allowed}.",
                code=CODES[card],
                allowed=allowed,
            )
        return msg(
            "You must follow the trump: {suit} are trump this trick (the Knob may always be "
            "played instead). Allowed now: {allowed}.",
            suit=SUIT_NAMES[tr.trump],
            allowed=allowed,
        )

    # ------------------------------------------------------------ views and results

    def effects(self, view: Mapping[str, Any], legal: Sequence[str]) -> tuple[str, ...]:
        """What the special controls offered now do (``games.core.Effects``)."""
        return teach.effects(view, legal)

    def decision(
        self, view: Mapping[str, Any], legal: Sequence[str], names: Sequence[str]
    ) -> tuple[str, ...]:
        """This decision explained, or what the seat waits for (``games.core.Decisions``)."""
        return teach.decision(view, legal, names)

    def explain(self, state: State, seat: int) -> tuple[str, ...]:
        """Why some of the seat's cards (or its side's Rowboat) are not offered in this trick
        (``games.core.Explainer``): one short line per kind, in the words of the refusals."""
        s = state
        if s.phase != TRICK_PLAY or not 0 <= seat < s.n or seat != (s.leader + len(s.plays)) % s.n:
            return ()
        mask, rowboat, _ = play_options(s, seat)
        tr = tricks_for(s.tide)[s.trick]
        reasons: list[str] = []
        withheld = s.hands[seat] & ~mask
        if withheld:
            if s.married[seat] & tr.knob_bit:
                reasons.append(
                    msg(
                        "Your married {card} must be played in this trick.", card=card_name(tr.knob)
                    )
                )
            else:
                if withheld & s.married[seat]:
                    reasons.append(msg("A married card waits in your hand for its Knob trick."))
                if withheld & ~s.married[seat]:
                    reasons.append(
                        msg(
                            "{suit} are trump this trick: you must follow them (the Knob may"
                            " always be played instead).",
                            suit=SUIT_NAMES[tr.trump],
                        )
                    )
        if not rowboat and not s.used[SIDE[s.n][seat]] & USED_ROWBOAT:
            reasons.append(self._why_no_rowboat(s, seat))
        return tuple(reasons)

    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        if seat is not None and not 0 <= seat < state.n:
            raise ValueError(f"There is no seat {seat} at this table.")
        return view(state, seat)

    def result(self, state: State) -> Result:
        side_of = SIDE[state.n]
        return Result(
            scores=[state.scores[side_of[x]] for x in range(state.n)],
            winners=list(state.winners),
        )

    def determinize(self, observation: Observation, rng: int) -> State:
        """A full state consistent with what ``observation.seat`` saw (``Determinizer``; the
        rules of the sampling are in :mod:`games.rowboat.determinize`)."""
        from games.rowboat.determinize import determinize

        return determinize(observation, rng)

    def dump(self, state: State) -> str:
        return dump(state)

    def load(self, text: str) -> State:
        return load(text)

    def snapshot_lifetime(self, event: Event) -> float | None:
        """The Lighthouse view is a private snapshot (``games.core`` hook): its seats may look
        for ``lighthouse_seconds`` per hand shown (the event's ``seconds``), then it fades."""
        if event.kind != "lighthouse_view":
            return None
        return float(event.data.get("seconds", 30))
