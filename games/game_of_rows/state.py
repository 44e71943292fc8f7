"""The immutable game state and its JSON form.

Everything is small ints, strings and tuples so that ``apply`` can copy what it changes and
AI search stays cheap (engine guide). A board entry is ``(card, owner)``: ``owner`` is -1 for a
face-up card and the placing seat for a face-down one (§3.7), whose identity only the state
and the owner's view hold.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, fields
from typing import Any, NamedTuple

Entry = tuple[str, int]
Stack = tuple[Entry, ...]
#: (suit or "" in straight, nine stacks for positions 2..10)
Row = tuple[str, tuple[Stack, ...]]

TURN, CHALLENGE, OVER = 0, 1, 2


class Opts(NamedTuple):
    """The table options the rules read, with Mayhem already folded into skipping/bluffing."""

    flush: bool  # format == straight_flush
    skipping: bool
    bluffing: bool
    mayhem: bool
    max_rows: int
    all_valid: bool  # play_obligation == all_valid
    joker_high: bool  # joker_poker == high
    play_for_places: bool
    reveal_bluffs_at_end: bool
    challenge_seconds: int


class Reveal(NamedTuple):
    """The last called challenge: who bluffed, who called, and the cards turned up."""

    bluffer: int
    caller: int
    caught: bool
    #: (row number 1.., position 2..10, card, valid)
    cards: tuple[tuple[int, int, str, bool], ...]


@dataclass(frozen=True, slots=True)
class State:
    players: int
    opts: Opts
    rng: int
    deck: tuple[str, ...]  # index 0 is the top
    hands: tuple[tuple[str, ...], ...]
    rows: tuple[Row | None, ...]  # one per row slot (max_rows)
    gone: tuple[Entry, ...]  # cards of completed rows, out of the game (D4)
    completed: int
    phase: int
    turn: int
    must_place: bool
    placed: bool  # placed_number (§4.1)
    actions: int  # actions taken this turn (SKIP only as the first, D13)
    stayed: bool  # a card stayed on the board this turn (stalemate check, D20)
    facedown: tuple[tuple[int, int], ...]  # (slot, position index) of this turn's face-down cards
    pending: tuple[int, ...]  # seats still to answer the challenge
    quiet: int  # consecutive quiet turns with an empty deck (D20)
    removed: tuple[int, ...]  # in order of removal (D18)
    finished: tuple[int, ...]  # seats that emptied their hand, in order
    places: tuple[int, ...]  # final place per seat (1 = first), empty until the end
    reveal: Reveal | None


#: the first element of the compact dump; a dump that starts with "{" is the first release's
#: JSON object, still loaded so saved games survive
_FORMAT = "gor2"


def _entry_text(entry: Entry) -> str:
    card, owner = entry
    return card if owner < 0 else f"{card}@{owner}"


def _stacks_text(stacks: tuple[Stack, ...]) -> str:
    """Nine stacks as one string: stacks apart by spaces, "." for an empty one, entries
    bottom-to-top joined by "/", a face-down entry written ``card@owner``."""
    return " ".join("/".join(map(_entry_text, st)) if st else "." for st in stacks)


def _entry(text: str) -> Entry:
    card, _, owner = text.partition("@")
    return (card, int(owner) if owner else -1)


def _stacks(text: str) -> tuple[Stack, ...]:
    return tuple(
        () if part == "." else tuple(map(_entry, part.split("/"))) for part in text.split(" ")
    )


def dump_state(state: State) -> str:
    """Deterministic compact JSON: a list of fields, cards joined into strings.

    Why not ``asdict``-style objects: dump/load sits on the save path and in search, and
    nested lists of tuples cost ~200 us to load (issue 19 asks for <= 50 us). Cards are codes
    without spaces, so space-joined strings parse back with ``split``.
    """
    s = state
    rev = s.reveal
    raw = [
        _FORMAT,
        s.players,
        list(s.opts),
        s.rng,
        " ".join(s.deck),
        [" ".join(h) for h in s.hands],
        [None if r is None else [r[0], _stacks_text(r[1])] for r in s.rows],
        " ".join(map(_entry_text, s.gone)),
        s.completed,
        s.phase,
        s.turn,
        s.must_place,
        s.placed,
        s.actions,
        s.stayed,
        [i for pair in s.facedown for i in pair],
        list(s.pending),
        s.quiet,
        list(s.removed),
        list(s.finished),
        list(s.places),
        None if rev is None else [*rev[:3], [list(c) for c in rev.cards]],
    ]
    return json.dumps(raw, separators=(",", ":"))


def _words(text: str) -> tuple[str, ...]:
    return tuple(text.split(" ")) if text else ()


def load_state(text: str) -> State:
    """Inverse of :func:`dump_state` (and of the first release's JSON object)."""
    raw = json.loads(text)
    if isinstance(raw, dict):
        return _load_object(raw)
    (
        _,
        players,
        opts,
        rng,
        deck,
        hands,
        rows,
        gone,
        completed,
        phase,
        turn,
        must_place,
        placed,
        actions,
        stayed,
        facedown,
        pending,
        quiet,
        removed,
        finished,
        places,
        rev,
    ) = raw
    return State(
        players=players,
        opts=Opts(*opts),
        rng=rng,
        deck=_words(deck),
        hands=tuple(_words(h) for h in hands),
        rows=tuple(None if r is None else (r[0], _stacks(r[1])) for r in rows),
        gone=tuple(map(_entry, gone.split(" "))) if gone else (),
        completed=completed,
        phase=phase,
        turn=turn,
        must_place=must_place,
        placed=placed,
        actions=actions,
        stayed=stayed,
        facedown=tuple(zip(facedown[::2], facedown[1::2], strict=True)),
        pending=tuple(pending),
        quiet=quiet,
        removed=tuple(removed),
        finished=tuple(finished),
        places=tuple(places),
        reveal=None
        if rev is None
        else Reveal(rev[0], rev[1], rev[2], tuple(tuple(c) for c in rev[3])),
    )


def _tuples(value: Any) -> Any:
    if isinstance(value, list):
        return tuple(_tuples(v) for v in value)
    return value


def _load_object(raw: dict[str, Any]) -> State:
    """The first release's dump: one JSON object keyed by field name."""
    kwargs: dict[str, Any] = {}
    for f in fields(State):
        kwargs[f.name] = _tuples(raw[f.name])
    kwargs["opts"] = Opts(*raw["opts"])
    rev = raw["reveal"]
    kwargs["reveal"] = None if rev is None else Reveal(*_tuples(rev))
    return State(**kwargs)
