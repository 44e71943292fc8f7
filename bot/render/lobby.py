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


#: the paces a host can pick in the lobby: (menu value, label, description); "default" follows
#: the server's turn timeout, "0" is no clock, any other value is seconds per move
PACES: tuple[tuple[str, str, str], ...] = (
    ("default", "Server's turn timeout", "Whatever the server admins set."),
    ("0", "No clock", "Nobody is hurried; an admin can still end a stuck game."),
    ("30", "30 seconds a move", "A fast real-time game."),
    ("60", "1 minute a move", "A real-time game."),
    ("180", "3 minutes a move", "A relaxed real-time game."),
    ("3600", "1 hour a move", "Play along the day."),
    ("43200", "12 hours a move", "A slow game: twice a day."),
    ("86400", "1 day a move", "A slow game by correspondence."),
    ("259200", "3 days a move", "A very slow game."),
)


def pace_words(pace: int | None) -> str:
    """A pace as the lobby and the table write it."""
    for value, label, _ in PACES:
        if value == ("default" if pace is None else str(pace)):
            return label
    return f"{pace} seconds a move"


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
    description = f"{status}\n{limits}; {players} seated.\n⏱ Turn clock: {pace_words(info.pace)}."
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
