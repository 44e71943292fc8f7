"""Legal actions and their effects: the turn, the challenge, the draws and the end checks
(spec §4). ``apply_action`` works on a mutable copy (:class:`Work`) and freezes it at the end,
so a refused action never leaves a trace on the input state.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from games.cards import shuffled
from games.core import Action, Event, IllegalAction
from games.game_of_rows import board
from games.game_of_rows.board import Target
from games.game_of_rows.cards import BLOCKERS, JOKER, NUMBERS, UNBLOCKERS, VALUE, label
from games.game_of_rows.poker import hand_key
from games.game_of_rows.state import CHALLENGE, OVER, TURN, Entry, Reveal, Row, Stack, State
from games.text import messages

msg, msg_n = messages("game_of_rows")

HAND_SIZE = 5
MAX_FACE_DOWN = 5
ROWS_TO_END = 4  # D20: four sequences are the full set

PLACE, DOWN, BLOCK, UNBLOCK, SKIP, END, CALL, PASS = (
    "place",
    "down",
    "block",
    "unblock",
    "skip",
    "end",
    "call",
    "pass",
)
VERBS = {PLACE: True, DOWN: True, BLOCK: True, UNBLOCK: True, SKIP: False, END: False}
VERBS.update({CALL: False, PASS: False})


# --------------------------------------------------------------------------- queries


def active_seats(state: State) -> list[int]:
    """Seats still playing: neither removed (D18) nor already placed (D22)."""
    out = set(state.removed) | set(state.finished)
    return [s for s in range(state.players) if s not in out]


def face_up_place_legal(state: State, seat: int) -> bool:
    return board.any_place(state.rows, state.opts, state.hands[seat])


def end_allowed(state: State) -> bool:
    """END_TURN (§4.1): always once a face-down card is down (D14: only more face-down cards
    or the end may follow); otherwise per the play obligation (D5)."""
    if state.facedown or state.completed >= ROWS_TO_END:
        return True
    if state.opts.all_valid or not state.placed:
        return not face_up_place_legal(state, state.turn)
    return True


def specials_allowed(state: State) -> bool:
    """BLOCK/UNBLOCK only after a placement or when none was possible (D6), and never after a
    face-down card (D14)."""
    return not state.facedown and (state.placed or not state.must_place)


def down_allowed(state: State) -> bool:
    if not state.opts.bluffing or len(state.facedown) >= MAX_FACE_DOWN:
        return False
    return not (state.opts.all_valid and face_up_place_legal(state, state.turn))


def legal_actions(state: State, seat: int) -> list[Action]:
    if state.phase == CHALLENGE:
        return [Action(CALL), Action(PASS)] if seat in state.pending else []
    if state.phase != TURN or seat != state.turn:
        return []
    out: list[Action] = []
    if state.completed < ROWS_TO_END:
        rows, opts = state.rows, state.opts
        hand = sorted(set(state.hands[seat]), key=_card_order)
        if not state.facedown:
            for card in hand:
                for t in board.place_targets(rows, opts, card):
                    out.append(Action(PLACE, f"{card}@{board.target_code(t)}"))
            if specials_allowed(state):
                for card in hand:
                    verb = BLOCK if card in BLOCKERS else UNBLOCK
                    for t in board.special_targets(rows, opts, card):
                        out.append(Action(verb, f"{card}@{board.target_code(t)}"))
        if down_allowed(state):
            targets = board.joker_targets(rows, opts)
            for card in hand:
                for t in targets:
                    out.append(Action(DOWN, f"{card}@{board.target_code(t)}"))
        if state.opts.skipping and state.actions == 0:
            out.append(Action(SKIP))
    if end_allowed(state):
        out.append(Action(END))
    return out


def _card_order(card: str) -> tuple[int, str]:
    return (VALUE[card], card[-1])


# --------------------------------------------------------------------------- mutable copy


@dataclass(slots=True)
class Work:
    """A mutable copy of the parts of a state an action may change."""

    state: State
    deck: list[str]
    hands: list[list[str]]
    rows: list[Row | None]
    gone: list[Entry]
    events: list[Event]
    changes: dict[str, Any]

    @classmethod
    def of(cls, state: State) -> Work:
        return cls(
            state,
            list(state.deck),
            [list(h) for h in state.hands],
            list(state.rows),
            list(state.gone),
            [],
            {},
        )

    def get(self, name: str) -> Any:
        return self.changes.get(name, getattr(self.state, name))

    def set(self, **values: Any) -> None:
        self.changes.update(values)

    def view_state(self) -> State:
        """The state as it stands now (used for mid-action queries such as must_place)."""
        return replace(
            self.state,
            deck=tuple(self.deck),
            hands=tuple(tuple(h) for h in self.hands),
            rows=tuple(self.rows),
            gone=tuple(self.gone),
            **self.changes,
        )

    def emit(self, kind: str, data: dict[str, Any], to: tuple[int, ...] | None = None) -> None:
        self.events.append(Event(kind, to, data))

    def draw(self, seat: int, count: int, reason: str) -> int:
        """Draw up to ``count`` from the top, stopping at an empty deck (D12)."""
        take = self.deck[:count]
        if count <= 0 or not take:
            return 0
        del self.deck[: len(take)]
        self.hands[seat].extend(take)
        self.emit("draw", {"seat": seat, "count": len(take), "reason": reason})
        self.emit("drew", {"seat": seat, "cards": list(take), "reason": reason}, (seat,))
        return len(take)

    def replenish(self, seat: int) -> None:
        self.draw(seat, HAND_SIZE - len(self.hands[seat]), "replenish")

    def bluff_penalty(self, seat: int, count: int) -> None:
        """§4.4: on an empty deck the penalized player is removed (D18)."""
        if self.deck:
            self.draw(seat, count, "bluff penalty")  # untranslated: event code, rendered
            return
        hand = self.hands[seat]
        cards, rng = shuffled(hand, self.get("rng"))
        self.deck.extend(cards)
        self.hands[seat] = []
        self.set(rng=rng, removed=(*self.get("removed"), seat))
        self.emit("removed", {"seat": seat, "cards_to_deck": len(cards)})


# --------------------------------------------------------------------------- apply


def _parse_play(state: State, seat: int, action: Action) -> tuple[str, Target]:
    card, sep, where = action.arg.partition("@")
    target = board.parse_target(where) if sep else None
    if target is None or card not in VALUE:
        raise IllegalAction(
            msg(
                "'{code}' is malformed: write {verb}:<card>@<row>.<position> "
                "or {verb}:<card>@new.<2 or 10>.",
                code=action.code,
                verb=action.verb,
            )
        )
    if card not in state.hands[seat]:
        raise IllegalAction(msg("You do not hold {card}.", card=card))
    return card, target


def _refuse(state: State, seat: int, action: Action) -> None:
    """Explain why a well-formed action is not among the legal ones."""
    if state.phase == OVER:
        raise IllegalAction(msg("The game is over."))
    if state.phase == CHALLENGE:
        if seat in state.pending:
            raise IllegalAction(msg("The challenge window is open: call the bluff or pass."))
        raise IllegalAction(msg("The challenge window is open; it is not yours to answer."))
    if seat != state.turn:
        raise IllegalAction(msg("It is seat {seat}'s turn, not yours.", seat=state.turn))
    verb = action.verb
    if verb in (CALL, PASS):
        raise IllegalAction(msg("There is no face-down play to challenge right now."))
    if verb == SKIP:
        if not state.opts.skipping:
            raise IllegalAction(msg("Skipping is not allowed at this table."))
        raise IllegalAction(msg("You may skip only as the first action of your turn."))
    if verb == END:
        raise IllegalAction(
            msg("You must place a number card or Joker first: one of them has a legal target.")
        )
    if state.completed >= ROWS_TO_END:
        raise IllegalAction(msg("Four rows are complete: only ending the turn is left."))
    card, _ = _parse_play(state, seat, action)
    if verb == DOWN:
        if not state.opts.bluffing:
            raise IllegalAction(msg("Face-down plays need the Bluffing rule."))
        if len(state.facedown) >= MAX_FACE_DOWN:
            raise IllegalAction(
                msg_n(
                    "At most {n} face-down card per turn.",
                    "At most {n} face-down cards per turn.",
                    MAX_FACE_DOWN,
                )
            )
        if state.opts.all_valid and face_up_place_legal(state, seat):
            raise IllegalAction(msg("All valid cards must be played face up before any face-down."))
        raise IllegalAction(msg("A face-down card goes only where a Joker could go."))
    if state.facedown:
        raise IllegalAction(
            msg("After a face-down card only more face-down cards or the end follow.")
        )
    if verb == PLACE:
        if card not in NUMBERS and card != JOKER:
            raise IllegalAction(
                msg("{card} is not a number card or Joker; block or unblock with it.", card=card)
            )
        raise IllegalAction(
            msg("{card} cannot go there (rows grow from both corners, no gaps).", card=card)
        )
    if verb == BLOCK and card not in BLOCKERS:
        raise IllegalAction(msg("{card} is not a blocker (black J, Q, K or A).", card=card))
    if verb == UNBLOCK and card not in UNBLOCKERS:
        raise IllegalAction(msg("{card} is not an unblocker (red J, Q, K or A).", card=card))
    if not specials_allowed(state):
        raise IllegalAction(msg("Place a number card or Joker before blocking or unblocking."))
    if verb == BLOCK:
        raise IllegalAction(
            msg("{card} cannot block that position (check the value rule).", card=card)
        )
    if verb == UNBLOCK:
        raise IllegalAction(
            msg("{card} cannot unblock that position (check the value rule).", card=card)
        )


def apply_action(state: State, seat: int, action: Action) -> tuple[State, list[Event]]:
    if action not in legal_actions(state, seat):
        _refuse(state, seat, action)
        raise IllegalAction(msg("'{code}' is not allowed now.", code=action.code))
    work = Work.of(state)
    verb = action.verb
    if verb in (PLACE, DOWN, BLOCK, UNBLOCK):
        card, target = _parse_play(state, seat, action)
        _play(work, seat, verb, card, target)
    elif verb == SKIP:
        work.emit("skip", {"seat": seat})
        _end_turn(work, skipped=True)
    elif verb == END:
        _end_turn(work)
    elif verb == PASS:
        pending = tuple(s for s in state.pending if s != seat)
        work.set(pending=pending)
        work.emit("pass", {"seat": seat})
        if not pending:
            work.emit("challenge_closed", {"bluffer": state.turn, "called": False})
            _after_challenge(work)
    elif verb == CALL:
        _call(work, seat)
    return _freeze(work), work.events


def _freeze(work: Work) -> State:
    return work.view_state()


def _play(work: Work, seat: int, verb: str, card: str, target: Target) -> None:
    slot, idx, suit = target
    owner = seat if verb == DOWN else -1
    work.hands[seat].remove(card)
    if slot < 0:
        slot = work.rows.index(None)
        row_suit = (suit or card[1]) if work.state.opts.flush else ""
        stacks: list[Stack] = [()] * 9
        stacks[idx] = ((card, owner),)
        work.rows[slot] = (row_suit, tuple(stacks))
    else:
        row = work.rows[slot]
        assert row is not None
        stacks = list(row[1])
        stacks[idx] = (*stacks[idx], (card, owner))
        work.rows[slot] = (row[0], tuple(stacks))
    data: dict[str, Any] = {"seat": seat, "row": slot + 1, "pos": idx + 2}
    work.set(actions=work.get("actions") + 1)
    if verb == DOWN:
        # an old reveal may name the very card now laid face down (a caught bluff's cards go
        # back to the hand), so the table stops showing it once a new face-down card lands
        work.set(placed=True, facedown=(*work.get("facedown"), (slot, idx)), reveal=None)
        new_row = work.rows[slot]
        assert new_row is not None
        work.emit("face_down", {**data, "claim": idx + 2, "suit": new_row[0] or None})
        work.emit("your_face_down", {**data, "card": card}, (seat,))
        return
    data["card"] = card
    if verb == PLACE:
        work.set(placed=True, stayed=True)
        if target[0] < 0:
            data["new_row"] = True
        work.emit("place", data)
    else:
        work.set(stayed=True)
        work.emit(verb, data)
    row = work.rows[slot]
    assert row is not None
    if verb == PLACE and board.complete(row):
        _complete(work, slot)


def _complete(work: Work, slot: int) -> None:
    """D4: a completed row leaves the game at once and frees its slot."""
    row = work.rows[slot]
    assert row is not None
    cards: list[str | None] = []
    for stack in row[1]:
        work.gone.extend(stack)
        top_card, owner = stack[-1]
        cards.append(None if owner >= 0 else top_card)
    work.rows[slot] = None
    done = work.get("completed") + 1
    work.set(completed=done)
    work.emit("row_completed", {"row": slot + 1, "cards": cards, "completed_rows": done})


def _end_turn(work: Work, skipped: bool = False) -> None:
    state = work.state
    seat = state.turn
    if state.facedown:
        others = tuple(s for s in active_seats(state) if s != seat)
        work.set(phase=CHALLENGE, pending=others)
        work.emit(
            "challenge_open",
            {"bluffer": seat, "count": len(state.facedown), "seats": list(others)},
        )
        if not others:
            _after_challenge(work)
        return
    work.emit("end_turn", {"seat": seat})
    _draws(work, skipped=skipped)


def _call(work: Work, caller: int) -> None:
    """§4.2 Called: every face-down card of this turn is turned up; one invalid card makes
    the whole batch a bluff (D14)."""
    state = work.state
    bluffer = state.turn
    shown = []
    for slot, idx in state.facedown:
        row = work.rows[slot]
        assert row is not None
        card = row[1][idx][-1][0]
        shown.append((slot + 1, idx + 2, card, board.valid_face_down(card, idx + 2, row[0])))
    caught = not all(v for *_, v in shown)
    count = len(shown)
    work.set(pending=(), reveal=Reveal(bluffer, caller, caught, tuple(shown)))
    work.emit("call", {"seat": caller, "bluffer": bluffer})
    reveal_data: dict[str, Any] = {
        "bluffer": bluffer,
        "caller": caller,
        "outcome": "caught" if caught else "wrong_call",
        "cards": [
            {"row": r, "pos": p, "card": c, "label": label(c), "valid": v} for r, p, c, v in shown
        ],
    }
    if caught:
        # shown to the table, then taken back: public knowledge although in a hand again
        reveal_data["revealed"] = [{"seat": bluffer, "cards": [c for _, _, c, _ in shown]}]
    work.emit("reveal", reveal_data)
    if caught:
        # §4.2 / D15: replenish, take the cards back, then draw the penalty
        work.replenish(bluffer)
        for slot, idx in reversed(state.facedown):
            row = work.rows[slot]
            assert row is not None
            stacks = list(row[1])
            card, _ = stacks[idx][-1]
            stacks[idx] = stacks[idx][:-1]
            work.hands[bluffer].append(card)
            work.rows[slot] = None if not any(stacks) else (row[0], tuple(stacks))
        work.emit("taken_back", {"seat": bluffer, "count": count})
        work.bluff_penalty(bluffer, count)
        work.set(facedown=())
        _end_checks(work)
        return
    # wrong call: the cards stay, face up; the caller pays
    for slot, idx in state.facedown:
        row = work.rows[slot]
        assert row is not None
        stacks = list(row[1])
        card, _ = stacks[idx][-1]
        stacks[idx] = (*stacks[idx][:-1], (card, -1))
        work.rows[slot] = (row[0], tuple(stacks))
    work.bluff_penalty(caller, count)
    # a removed caller's cards are already at the bottom, so the bluffer's replenish can draw
    # them (vector 8, removal)
    work.set(stayed=True)
    _draws(work)


def _after_challenge(work: Work) -> None:
    """No call: the face-down cards stay face down for good (D16)."""
    work.set(stayed=True)
    _draws(work)


def _draws(work: Work, skipped: bool = False) -> None:
    """§4.3: replenish to 5, then the penalty (D10, D11, D13), then deferred completions."""
    seat = work.state.turn
    work.replenish(seat)
    if skipped:
        work.draw(seat, 2, "skip penalty")  # untranslated: event code, rendered
    elif not work.get("placed"):
        work.draw(seat, 1, "no-move penalty")  # untranslated: event code, rendered
    for slot in sorted({s for s, _ in work.get("facedown")}):
        row = work.rows[slot]
        if row is not None and board.complete(row):
            _complete(work, slot)
    _end_checks(work)


def _end_checks(work: Work) -> None:
    """§4.5: win, four rows, stalemate, last one standing; then the next player's turn."""
    state = work.state
    seat = state.turn
    finished = work.get("finished")
    removed = work.get("removed")
    if seat not in removed and not work.hands[seat]:
        finished = (*finished, seat)
        work.set(finished=finished)
        work.emit("out_of_cards", {"seat": seat, "place": len(finished)})
    # D20 stalemate: a full cycle of quiet turns taken on an empty deck
    deck_empty = not state.deck and not work.deck
    quiet = work.get("quiet") + 1 if deck_empty and not work.get("stayed") else 0
    work.set(quiet=quiet)
    live = [s for s in range(state.players) if s not in removed and s not in finished]
    not_removed = [s for s in range(state.players) if s not in removed]
    reason = ""
    if finished and not state.opts.play_for_places:
        reason = "emptied hand"  # untranslated: event code, rendered
    elif work.get("completed") >= ROWS_TO_END:
        reason = "four rows completed"  # untranslated: event code, rendered
    elif len(not_removed) <= 1:
        reason = "last one standing"  # untranslated: event code, rendered
    elif len(live) <= 1:
        reason = "one player left"  # untranslated: event code, rendered
    elif deck_empty and quiet >= len(live):
        reason = "stalemate"
    if reason:
        _finish(work, reason)
        return
    nxt = (seat + 1) % state.players
    while nxt not in live:
        nxt = (nxt + 1) % state.players
    _start_turn(work, nxt)


def _start_turn(work: Work, seat: int) -> None:
    work.set(
        phase=TURN,
        turn=seat,
        placed=False,
        actions=0,
        stayed=False,
        facedown=(),
        pending=(),
    )
    must = board.any_place(tuple(work.rows), work.state.opts, tuple(work.hands[seat]))
    work.set(must_place=must)
    # public: whose turn it is, not whether their hand can place (that comes from the hand,
    # private by §7; the player's own view says it)
    work.emit("turn", {"seat": seat})


def _finish(work: Work, reason: str) -> None:
    state = work.state
    places = ranking(
        state.players,
        [tuple(h) for h in work.hands],
        work.get("finished"),
        work.get("removed"),
        state.opts.joker_high,
    )
    work.set(phase=OVER, places=tuple(places), pending=(), facedown=())
    winners = [s for s, p in enumerate(places) if p == 1]
    work.emit("game_over", {"reason": reason, "places": list(places), "winners": winners})


def ranking(
    players: int,
    hands: list[tuple[str, ...]],
    finished: tuple[int, ...],
    removed: tuple[int, ...],
    joker_high: bool,
) -> list[int]:
    """Places (1 = first) per §4.5 and §5: players out of cards in the order they went out,
    then the rest by fewest cards and best poker hand (ties share), then removed players with
    the later removed above the earlier (D18)."""
    order: list[list[int]] = [[s] for s in finished]
    rest = [s for s in range(players) if s not in finished and s not in removed]
    by_count: dict[int, list[int]] = {}
    for s in rest:
        by_count.setdefault(len(hands[s]), []).append(s)
    for count in sorted(by_count):
        group = by_count[count]
        if len(group) == 1:  # the poker tie-break is needed only between equal counts
            order.append(group)
            continue
        keys = {s: hand_key(hands[s], joker_high) for s in group}
        for s in sorted(group, key=keys.__getitem__, reverse=True):
            if order and order[-1][0] in keys and keys[order[-1][0]] == keys[s]:
                order[-1].append(s)
            else:
                order.append([s])
    order.extend([s] for s in reversed(removed))
    places = [0] * players
    place = 1
    for group in order:
        for s in group:
            places[s] = place
        place += len(group)
    return places


def begin(state: State) -> tuple[State, list[Event]]:
    """Compute the first player's must_place and announce the turn."""
    work = Work.of(state)
    _start_turn(work, state.turn)
    return _freeze(work), work.events
