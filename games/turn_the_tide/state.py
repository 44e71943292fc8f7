"""The game state: one frozen value of ints and tuples, cheap to copy and compare.

Why this shape: AI search calls ``legal_actions``/``apply`` thousands of times per move (STYLE.md),
so the hot state holds plain ints; codes and dicts are built only in views, events and ``dump``.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, fields, replace
from typing import Any

#: one reveal: (tide lo, tide hi, seat given lo, seat given hi, weather card per seat, 0 = none)
Reveal = tuple[int, int, int, int, tuple[int, ...]]


@dataclass(frozen=True, slots=True)
class State:
    """Everything needed to continue a game; ``load(dump(s)) == s``.

    ``sets`` are the hand sets H_0..H_{n-1}, dealt once per game (D11); ``hands`` are the cards each
    seat has not played yet this round, ``chosen`` the locked choices of the current hand (0 = none
    yet), kept apart from ``hands`` so a locked card is in no hand and in no other seat's view (D5).
    """

    players: int
    show_history: bool
    sets: tuple[tuple[int, ...], ...]
    allowances: tuple[int, ...]
    rng: int
    round: int
    hand_no: int
    tide_deck: tuple[int, ...]
    tide_now: tuple[int, ...]
    hands: tuple[tuple[int, ...], ...]
    chosen: tuple[int, ...]
    up: tuple[int, ...]
    down: tuple[int, ...]
    stacks: tuple[tuple[int, ...], ...]
    eliminated: tuple[bool, ...]
    scores: tuple[int, ...]
    reveals: tuple[Reveal, ...]
    last_points: tuple[int, ...]

    @property
    def over(self) -> bool:
        """One round per player (§4): the game ends after round n-1."""
        return self.round >= self.players

    def level(self, seat: int) -> int:
        """The top tide card of the seat's stack, 0 without one (§3.3)."""
        stack = self.stacks[seat]
        return stack[-1] if stack else 0

    def active(self) -> list[int]:
        return [s for s in range(self.players) if not self.eliminated[s]]

    def evolve(self, **changes: Any) -> State:
        return replace(self, **changes)


def _tuples(value: Any) -> Any:
    if isinstance(value, list):
        return tuple(_tuples(v) for v in value)
    return value


def _flat(value: list[Any]) -> tuple[Any, ...]:
    return tuple(value)


def _nested(value: list[list[Any]]) -> tuple[tuple[Any, ...], ...]:
    return tuple(map(tuple, value))


def _reveals(value: list[list[Any]]) -> tuple[Reveal, ...]:
    return tuple((r[0], r[1], r[2], r[3], tuple(r[4])) for r in value)


_NAMES: tuple[str, ...] = tuple(f.name for f in fields(State))
_SORTED_NAMES = sorted(_NAMES)
_ENCODE = json.JSONEncoder(separators=(",", ":")).encode
#: how ``load`` turns each field's JSON lists back into tuples, knowing the field's shape rather
#: than walking every value (the generic walk made ``load`` several times slower)
_DECODE: dict[str, Any] = {
    "sets": _nested,
    "allowances": _flat,
    "tide_deck": _flat,
    "tide_now": _flat,
    "hands": _nested,
    "chosen": _flat,
    "up": _flat,
    "down": _flat,
    "stacks": _nested,
    "eliminated": _flat,
    "scores": _flat,
    "reveals": _reveals,
    "last_points": _flat,
}


def dump(state: State) -> str:
    """Deterministic JSON text (plain ``json``, field order fixed by the dataclass).

    The fields are read directly instead of through ``dataclasses.asdict``, whose recursive deep
    copy cost ~300 us a state (issue 19); ``json`` writes tuples as lists, so the text is the
    same as before and saved games still load.
    """
    return _ENCODE({name: getattr(state, name) for name in _NAMES})


def load(text: str) -> State:
    raw = json.loads(text)
    if not isinstance(raw, dict) or sorted(raw) != _SORTED_NAMES:
        raise ValueError("Not a Turn the Tide state.")
    try:
        return State(
            **{
                name: (_DECODE[name](value) if name in _DECODE else _tuples(value))
                for name, value in raw.items()
            }
        )
    except (TypeError, IndexError, KeyError):
        raise ValueError("Not a Turn the Tide state.") from None
