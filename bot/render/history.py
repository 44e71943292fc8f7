"""Pieces every game's **Played** answer (``Renderer.played``) shares: which cards a seat has
seen, and the cards it has not, suit by suit.

Why apart from the games' renderers: "seen" must mean the same in every game (the seat's own
hand, and every card named by an event it was shown, but for a private snapshot's, whose rule
limits how long it may be looked at), and the secrecy tests hold every game to that one meaning.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

from bot.i18n import texts, translate
from bot.render import (
    MAX_DESCRIPTION,
    MAX_EMBED_TOTAL,
    MAX_FIELD_NAME,
    MAX_FIELD_VALUE,
    MAX_FOOTER,
    MAX_TITLE,
    EmbedSpec,
    FieldSpec,
    clip,
)
from games import Event

_, _n = texts()

#: the event data keys that name one card or a list of cards
CARD_KEYS = ("card", "cards", "hand", "tide", "plays", "top")


def cards_named(data: Mapping[str, Any]) -> list[str]:
    """Every card code an event's data names, with repeats (a play list's cards included)."""
    found: list[str] = []
    for key in CARD_KEYS:
        value = data.get(key)
        if isinstance(value, str):
            found.append(value)
        elif isinstance(value, list | tuple):
            for item in value:
                if isinstance(item, str):
                    found.append(item)
                elif isinstance(item, Mapping) and isinstance(item.get("card"), str):
                    found.append(item["card"])
    return found


def seen_cards(
    events: Iterable[Event], hand: Iterable[str], *, skip: frozenset[str] = frozenset()
) -> set[str]:
    """The cards the seat has seen (for a deck that holds each card once): its ``hand`` now and
    every card named by ``events``, but for the events of kinds in ``skip`` (snapshots)."""
    seen = set(hand)
    for event in events:
        if event.kind not in skip:
            seen.update(cards_named(event.data))
    return seen


def unseen_lines(
    deck: Iterable[str],
    seen: set[str],
    suits: Sequence[tuple[str, str]],
    rank_of: Callable[[str], str],
    suit_of: Callable[[str], str],
    order: Callable[[str], Any],
) -> list[str]:
    """One line per suit (``suits``: its code and its label): the ranks not yet seen, in
    ``order``; "all seen" for a suit with none left."""
    lines = []
    for code, label in suits:
        left = sorted((c for c in deck if suit_of(c) == code and c not in seen), key=order)
        ranks = " ".join(rank_of(c) for c in left)
        lines.append(f"{translate(label)}: {ranks or _('all seen')}")
    return lines


def history_embed(
    title: str, lines: Sequence[str], fields: Sequence[FieldSpec], color: int, footer: str = ""
) -> EmbedSpec:
    """The Played answer's embed, clipped to Discord's limits (the whole embed's too); the
    newest lines are kept when the history is too long (the latest tricks matter most)."""
    title, footer = clip(title, MAX_TITLE), clip(footer, MAX_FOOTER)
    kept = tuple(
        FieldSpec(clip(f.name, MAX_FIELD_NAME), clip(f.value, MAX_FIELD_VALUE), f.inline)
        for f in fields
    )
    room = (
        MAX_EMBED_TOTAL - len(title) - len(footer) - sum(len(f.name) + len(f.value) for f in kept)
    )
    room = min(MAX_DESCRIPTION, room)
    text = "\n".join(lines)
    if len(text) > room:
        text = "…\n" + text[-(room - 2) :].split("\n", 1)[-1]
    return EmbedSpec(title=title, description=text, fields=kept, footer=footer, color=color)
