"""The lobby message: seats, teams, options, player limits. Pure, like every renderer."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bot.render import MAX_FIELD_VALUE, EmbedSpec, FieldSpec, clip
from bot.sessions import GameInfo
from games import Engine


def _value(value: Any) -> str:
    if isinstance(value, bool):
        return "on" if value else "off"
    return "auto" if value is None else str(value)


def options_lines(options: Mapping[str, Any]) -> str:
    return "\n".join(f"`{k}` = {_value(v)}" for k, v in options.items()) or "defaults"


def effective_options(engine: Engine, options: Mapping[str, Any]) -> dict[str, Any]:
    """The engine's defaults overlaid with the host's choices (validated by Options)."""
    try:
        model = engine.Options(**dict(options))
    except Exception:
        return dict(options)
    return model.model_dump()


def lobby(info: GameInfo, engine: Engine, note: str | None = None) -> EmbedSpec:
    players = len(info.seats)
    seats = []
    teams = engine.teams(max(players, engine.min_players)) if players >= 2 else []
    team_of = {seat: n for n, team in enumerate(teams) for seat in team if len(team) > 1}
    for seat in info.seats:
        level = f" · {seat.ai_level}" if seat.ai_level and seat.ai_level != "random" else ""
        who = f"🤖 {seat.name}{level}" if seat.is_ai else f"<@{seat.user_id}>"
        host = " (host)" if seat.user_id == info.host_id else ""
        team = f" · team {team_of[seat.seat] + 1}" if seat.seat in team_of else ""
        seats.append(f"{seat.seat + 1}. {who}{host}{team}")
    limits = (
        f"{engine.min_players} players"
        if engine.min_players == engine.max_players
        else f"{engine.min_players}–{engine.max_players} players"
    )
    status = {
        "lobby": (
            "Press **Join** to take a seat. The host can **Add AI**, set **Options** and **Start**."
        ),
        "abandoned": "This lobby was closed.",
        "live": "The game has started.",
        "finished": "The game is over.",
    }[info.status]
    description = f"{status}\n{limits}; {players} seated."
    if note:
        description += f"\n\n{note}"
    fields = (
        FieldSpec("Seats", clip("\n".join(seats) or "nobody yet", MAX_FIELD_VALUE), True),
        FieldSpec(
            "Options",
            clip(options_lines(effective_options(engine, info.options)), MAX_FIELD_VALUE),
            True,
        ),
    )
    return EmbedSpec(
        title=clip(f"{engine.title} · lobby #{info.id}", 256),
        description=clip(description, 4000),
        fields=fields,
        footer=f"Host: {next((s.name for s in info.seats if s.user_id == info.host_id), '?')}",
    )
