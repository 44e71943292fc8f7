"""Fallback renderer for games without ``bot/render/<game>.py`` yet.

It shows the public view's simple values, the scores and whose turn it is, and offers every
legal action by its code, so a new engine is playable (if plain) the moment it is registered.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from bot.i18n import texts
from bot.render import (
    MAX_DESCRIPTION,
    MAX_FIELD_VALUE,
    MAX_LABEL,
    ActionSpec,
    EmbedSpec,
    FieldSpec,
    HandSpec,
    TableContext,
    clip,
    event_audience,
    layout,
    table_embed,
)
from bot.render.base import Renderer
from games import Action, Event, Result

_, _n = texts()


def _short(value: Any) -> str:
    if isinstance(value, list | tuple):
        return ", ".join(_short(v) for v in value) or "—"
    if isinstance(value, dict):
        return "; ".join(f"{k}: {_short(v)}" for k, v in value.items()) or "—"
    return str(value)


def standings(ctx: TableContext, result: Result) -> str:
    lines = []
    for seat, score in enumerate(result.scores):
        crown = " 🏆" if seat in result.winners else ""
        lines.append(f"**{ctx.name(seat)}**: {score}{crown}")
    return "\n".join(lines) or "—"


def turn_line(ctx: TableContext, to_act: Sequence[int]) -> str:
    if ctx.status != "live":
        return _("The game is over.") if ctx.status == "finished" else _("The game was ended.")
    if not to_act:
        return _("Waiting…")
    return _("Waiting for {names}.", names=", ".join(ctx.name(s) for s in to_act))


def describe(action: Action) -> ActionSpec:
    return ActionSpec(code=action.code, label=clip(action.code, MAX_LABEL))


# ---- the renderer object (bot.render.base) ----------------------------------------------------


class GenericRenderer(Renderer):
    """The fallback: plain values and every legal action by its code."""

    def table(
        self, ctx: TableContext, view: dict[str, Any], result: Result, to_act: Sequence[int]
    ) -> EmbedSpec:
        """The public table: simple view values, standings, whose turn, recent events."""
        lines = [f"**{k}**: {_short(v)}" for k, v in view.items() if k != "hand"]
        fields = [FieldSpec(_("Scores"), clip(standings(ctx, result), MAX_FIELD_VALUE), False)]
        description = clip("\n".join(lines), MAX_DESCRIPTION - 200)
        return table_embed(ctx, ctx.title, description, fields, turn_line(ctx, to_act))

    def hand(
        self,
        ctx: TableContext,
        view: dict[str, Any],
        seat: int,
        legal: Sequence[Action],
        focus: str | None = None,
    ) -> HandSpec:
        cards = view.get("hand", [])
        text = _(
            "Your cards: {cards}",
            cards=" ".join(str(c) for c in cards) if cards else _("none"),
        )
        if not legal:
            text += "\n" + _("Nothing to do right now.")
        buttons, choices = layout(legal, describe)
        embed = EmbedSpec(
            title=_("{title} · your hand (seat {n})", title=ctx.title, n=seat + 1),
            description=text,
        )
        return HandSpec(embed=embed, buttons=buttons, choices=choices)

    def event_line(self, ctx: TableContext, event: Event, seat: int | None) -> str | None:
        """Public events for the table log (seat None), or private ones for that seat."""
        if event_audience(event, seat) is None:
            return None
        who = event.data.get("seat")
        prefix = f"{ctx.name(who)}: " if isinstance(who, int) else ""
        return clip(f"{prefix}{event.kind.replace('_', ' ')}", 200)


RENDERER = GenericRenderer()
