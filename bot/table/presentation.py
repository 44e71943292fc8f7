"""The table and hand messages of a game, drawn by its renderer from the engine's views.

Why apart: drawing is pure given the log, the shining snapshots and the open windows, so this
part is handed those three and nothing else; it decides no rule (the legal actions, windows and
snapshots come from the engine) and holds no Discord token.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import discord

from bot import components
from bot.render import (
    TableContext,
)
from bot.render.base import renderer_for
from bot.sessions import GameInfo, Seat, Update
from bot.table.log import TableLog
from bot.table.snapshots import Snapshots
from bot.table.windows import Windows
from games import registry
from games.core import Explainer


class Presenter:
    def __init__(self, log: TableLog, snapshots: Snapshots, windows: Windows) -> None:
        self.log = log
        self.snapshots = snapshots
        self.windows = windows

    def context(self, info: GameInfo, state: Any = None) -> TableContext:
        """What a renderer knows besides the view. With ``state``, ``timers`` holds only the
        windows the engine has open in it."""
        engine = registry.get(info.game)
        return TableContext(
            game_id=info.id,
            title=engine.title,
            names=tuple(seat_label(s) for s in info.seats),
            user_ids=tuple(s.user_id for s in info.seats),
            status=info.status,
            options=dict(info.options),
            log=self.log.lines_of(info.id),
            timers=self.windows.timers(info.id, state, info.game),
        )

    def note_update(self, update: Update) -> None:
        """Keep the public log and register snapshots; idempotent per version."""
        info = update.info
        ctx = self.context(info)
        self.log.note(info.id, renderer_for(info.game), ctx, update.events)
        if update.cause == "timeout" and update.seat is not None:
            # the turn clock ran out: an AI made this move for the person, and the table says so
            self.log.add(info.id, f"⏱ {ctx.names[update.seat]} ran out of time: played for them.")
        self.snapshots.register(update)

    def table_message(self, info: GameInfo, state: Any) -> tuple[discord.Embed, discord.ui.View]:
        engine = registry.get(info.game)
        render = renderer_for(info.game)
        spec = render.table(
            self.context(info, state),
            engine.view(state, None),
            engine.result(state),
            engine.to_act(state),
        )
        live = info.status == "live"
        if not live:
            return components.to_embed(spec), discord.ui.View(timeout=None)
        people = {s.seat for s in info.seats if not s.is_ai}
        shining = any(
            people & set(snap.event.visible_to or ()) for snap in self.snapshots.active(info.id)
        )
        wording = render.snapshot_wording if shining else None
        return components.to_embed(spec), components.table_view(info.id, snapshot=wording)

    def hand_message(
        self, info: GameInfo, state: Any, seat: int, focus: str | None = None
    ) -> tuple[discord.Embed, discord.ui.View]:
        """The hand at ``focus`` (a nav's; None = the top level)."""
        engine = registry.get(info.game)
        render = renderer_for(info.game)
        live = info.status == "live"
        legal = engine.legal_actions(state, seat) if live else []
        ctx = self.context(info, state)
        if live and isinstance(engine, Explainer):
            ctx = replace(ctx, reasons=tuple(engine.explain(state, seat)))
        spec = render.hand(ctx, engine.view(state, seat), seat, legal, focus)
        if not live:
            spec = type(spec)(embed=spec.embed)
        shining = live and bool(self.snapshots.active(info.id, seat))
        wording = render.snapshot_wording if shining else None
        view = components.hand_view(info.id, seat, info.version, spec, snapshot=wording)
        return components.to_embed(spec.embed), view


def seat_label(seat: Seat) -> str:
    """A seat's name as the table shows it: AI seats carry their level ("AI 2 · strong");
    ``random`` is the tests' baseline, not a level a host picks, so it is not shown."""
    if seat.is_ai and seat.ai_level and seat.ai_level != "random":
        return f"{seat.name} · {seat.ai_level}"
    return seat.name
