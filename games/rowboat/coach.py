"""Why a card won its trick, for a practice table's coach (pure, public information only).

Why here and not in the renderer: which card is trump, the Knob or an off-coloured knob of a
trick is a rule of the Tide (spec §3.2), kept in :mod:`games.rowboat.deck`; the renderer asks
this module and words the answer. Everything it reads is public: the Tide cards lie face up
and the trick's cards were played on the table.
"""

from __future__ import annotations

from collections.abc import Sequence

from games.rowboat.deck import BIT, CARD_OF, CODES, SUITS, Trick, tricks_for


def trick_trump(tide: Sequence[str], trick: int) -> str | None:
    """The trump suit letter of trick ``trick`` (1-based) of a hand with these Tide cards."""
    rows = _rows(tide)
    if not 1 <= trick <= len(rows):
        return None
    return SUITS[rows[trick - 1].trump]


def card_role(tide: Sequence[str], trick: int, card: str) -> str:
    """What ``card`` was in trick ``trick``: ``rowboat``, ``knob``, ``trump``, ``off_knob``
    or ``plain`` (a card of no special power; it wins only when nothing above it is played)."""
    if card == "rowboat":
        return "rowboat"
    rows = _rows(tide)
    if not 1 <= trick <= len(rows) or card not in CARD_OF:
        return "plain"
    row = rows[trick - 1]
    bit = BIT[CARD_OF[card]]
    if row.knob_bit and CARD_OF[card] == row.knob:
        return "knob"
    if row.trump_mask & bit:
        return "trump"
    if row.off_mask & bit:
        return "off_knob"
    return "plain"


def knob_of(tide: Sequence[str], trick: int) -> str | None:
    """The Knob of trick ``trick`` as a card code (None outside the hand)."""
    rows = _rows(tide)
    if not 1 <= trick <= len(rows):
        return None
    return CODES[rows[trick - 1].knob]


def _rows(tide: Sequence[str]) -> tuple[Trick, ...]:
    cards = tuple(CARD_OF[c] for c in tide if c in CARD_OF)
    return tricks_for(cards) if cards else ()
