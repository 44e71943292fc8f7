"""Card and chance helpers shared by the engines.

Chance is data (STYLE.md): every engine keeps its RNG as one integer inside its state and draws
with :func:`rng_below`, a SplitMix64 generator written here, so a replay never depends on the
standard library's ``random`` behaving the same on another Python version.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from typing import TypeVar

T = TypeVar("T")

_MASK = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15


def seed_rng(seed: int, salt: str = "") -> int:
    """Turn a user seed (any int) and an optional salt into a 64-bit RNG state."""
    state = seed & _MASK
    for ch in salt:
        state, _ = rng_next((state ^ ord(ch)) & _MASK)
    state, value = rng_next(state)
    return value


def rng_next(state: int) -> tuple[int, int]:
    """One SplitMix64 step: returns ``(new_state, 64-bit value)``."""
    state = (state + _GOLDEN) & _MASK
    z = state
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return state, z ^ (z >> 31)


def rng_below(state: int, n: int) -> tuple[int, int]:
    """A value in ``range(n)``; the modulo bias is below 2**-50 for any deck-sized n."""
    state, value = rng_next(state)
    return state, value % n


def shuffled(items: Iterable[T], state: int) -> tuple[list[T], int]:
    """Fisher-Yates shuffle of a copy of ``items``; returns ``(cards, new_state)``."""
    out = list(items)
    for i in range(len(out) - 1, 0, -1):
        state = (state + _GOLDEN) & _MASK
        z = state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        j = (z ^ (z >> 31)) % (i + 1)
        out[i], out[j] = out[j], out[i]
    return out, state


def rigged_order(
    universe: Sequence[T], rigged: Sequence[T] | None, state: int
) -> tuple[list[T], int]:
    """The deck order for a deal: the ``rigged`` cards first, in order, then the rest shuffled.

    CONTRACT §1: ``deck`` rigs the first deal; cards not named follow in seeded random order.
    Raises ``ValueError`` naming the card when ``rigged`` asks for a card the deck does not have
    (or more copies than it has).
    """
    if not rigged:
        return shuffled(universe, state)
    remaining = Counter(universe)
    for card in rigged:
        if remaining[card] <= 0:
            if card not in set(universe):
                raise ValueError(f"Rigged deck: card {card!r} is not in the deck.")
            raise ValueError(f"Rigged deck: card {card!r} is named too often.")
        remaining[card] -= 1
    rest = []
    for card in universe:
        if remaining[card] > 0:
            remaining[card] -= 1
            rest.append(card)
    tail, state = shuffled(rest, state)
    return list(rigged) + tail, state


def next_seat(seat: int, players: int, step: int = 1) -> int:
    """The seat ``step`` places clockwise (to the left) of ``seat``."""
    return (seat + step) % players
