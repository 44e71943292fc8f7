"""The lobby message: seats, teams, options, player limits. Pure, like every renderer."""

from __future__ import annotations

import json
import math
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Literal, get_args, get_origin

from pydantic.fields import FieldInfo

from bot.i18n import texts, translate
from bot.model import GameInfo
from bot.render import MAX_FIELD_VALUE, EmbedSpec, FieldSpec, clip
from games import Engine
from games.text import messages

_, _n = texts()
msg, msg_n = messages("tidewater")


def _value(value: Any) -> str:
    # the options form's own words: read back by ``bot.lobbies.parse_option_lines``, so they
    # stay the words it parses whatever the reader's language
    if isinstance(value, bool):
        return "on" if value else "off"
    return "auto" if value is None else str(value)


def options_lines(options: Mapping[str, Any]) -> str:
    return "\n".join(f"`{k}` = {_value(v)}" for k, v in options.items()) or _("defaults")


def readable_options(options: Mapping[str, Any]) -> str:
    """The options as a host reads them, one per line: ``Target score: 500``."""
    lines = [f"{option_label(k)}: **{value_label(k, v)}**" for k, v in options.items()]
    return "\n".join(lines) or _("defaults")


def effective_options(engine: Engine, options: Mapping[str, Any]) -> dict[str, Any]:
    """The engine's defaults overlaid with the host's choices (validated by Options)."""
    try:
        model = engine.Options(**dict(options))
    except Exception:
        return dict(options)
    return model.model_dump()


#: the paces a host can pick in the lobby: (menu value, label, description); "default" follows
#: the server's turn timeout, "0" is no clock, any other value is seconds per move
#: (labels and descriptions are messages: the menu translates them where it is drawn)
PACES: tuple[tuple[str, str, str], ...] = (
    (
        "default",
        msg("Server's turn timeout (Off by default)"),
        msg("What the server admins set in /admin settings; no clock unless they set one."),
    ),
    ("0", msg("No clock"), msg("Nobody is hurried; an admin can still end a stuck game.")),
    ("30", msg_n("{n} second a move", "{n} seconds a move", 30), msg("A fast real-time game.")),
    ("60", msg_n("{n} minute a move", "{n} minutes a move", 1), msg("A real-time game.")),
    ("180", msg_n("{n} minute a move", "{n} minutes a move", 3), msg("A relaxed real-time game.")),
    ("3600", msg_n("{n} hour a move", "{n} hours a move", 1), msg("Play along the day.")),
    ("43200", msg_n("{n} hour a move", "{n} hours a move", 12), msg("A slow game: twice a day.")),
    ("86400", msg_n("{n} day a move", "{n} days a move", 1), msg("A slow game by correspondence.")),
    ("259200", msg_n("{n} day a move", "{n} days a move", 3), msg("A very slow game.")),
)


def pace_words(pace: int | None) -> str:
    """A pace as the lobby and the table write it (in the language being written)."""
    for value, label, _description in PACES:
        if value == ("default" if pace is None else str(pace)):
            return str(translate(label))
    return _n("{n} second a move", "{n} seconds a move", pace or 0)


def lobby(info: GameInfo, engine: Engine, note: str | None = None) -> EmbedSpec:
    players = len(info.seats)
    seats = []
    teams = engine.teams(max(players, engine.min_players)) if players >= 2 else []
    team_of = {seat: n for n, team in enumerate(teams) for seat in team if len(team) > 1}
    for seat in info.seats:
        level = f" · {seat.ai_level}" if seat.ai_level and seat.ai_level != "random" else ""
        who = f"🤖 {seat.name}{level}" if seat.is_ai else f"<@{seat.user_id}>"
        host = _(" (host)") if seat.user_id == info.host_id else ""
        team = _(" · team {n}", n=team_of[seat.seat] + 1) if seat.seat in team_of else ""
        seats.append(f"{seat.seat + 1}. {who}{host}{team}")
    limits = (
        _n("{n} player", "{n} players", engine.min_players)
        if engine.min_players == engine.max_players
        else _("{low}–{high} players", low=engine.min_players, high=engine.max_players)
    )
    status = {
        "lobby": _(
            "Press **Join** to take a seat. The host can **Add AI**, set **Options** and **Start**."
        ),
        "abandoned": _("This lobby was closed."),
        "live": _("The game has started."),
        "finished": _("The game is over."),
    }[info.status]
    description = _(
        "{status}\n{limits}; {players} seated.\n⏱ Turn clock: {pace}.",
        status=status,
        limits=limits,
        players=players,
        pace=pace_words(info.pace),
    )
    if info.hints:  # off is the usual rated table: only the exception is worth a line
        description += "\n" + _("💡 Hints on: a game in which one is used is not rated.")
    if note:
        description += f"\n\n{translate(note)}"
    fields = (
        FieldSpec(_("Seats"), clip("\n".join(seats) or _("nobody yet"), MAX_FIELD_VALUE), True),
        FieldSpec(
            _("Options"),
            clip(readable_options(effective_options(engine, info.options)), MAX_FIELD_VALUE),
            False,
        ),
    )
    return EmbedSpec(
        title=clip(_("{title} · lobby #{id}", title=engine.title, id=info.id), 256),
        description=clip(description, 4000),
        fields=fields,
        footer=_(
            "Host: {name}",
            name=next((s.name for s in info.seats if s.user_id == info.host_id), "?"),
        ),
    )


# ---- options by menus ------------------------------------------------------------------------

#: round numbers offered for a number option with a wide range (its default and current value
#: are always offered too)
NICE = (
    1, 2, 3, 4, 5, 10, 15, 20, 30, 45, 60, 90, 100, 120, 150, 200, 250, 300, 400, 500, 600,
    750, 1000, 1500, 2000, 2500, 3000, 5000, 7500, 10000, 20000, 50000, 100000,
)  # fmt: skip
#: an option whose name ends so picks a seat: its values are shown as seats 1..N
SEAT_SUFFIXES = ("_dealer", "_player", "_seat")


@dataclass(frozen=True, slots=True)
class OptionMenu:
    """One table option as a menu: its key, readable label and description, and its choices
    as (JSON value, label) pairs, at most 25."""

    key: str
    label: str
    description: str
    choices: tuple[tuple[str, str], ...]


def option_label(key: str) -> str:
    """``seconds_per_move`` -> ``Seconds per move``."""
    return key.replace("_", " ").capitalize()


def value_label(key: str, value: Any) -> str:
    """How a value reads in a menu: On/Off, Auto, Seat 2, Straight flush, 30."""
    if value is None:
        return _("Auto")
    if isinstance(value, bool):
        return _("On") if value else _("Off")
    if isinstance(value, int) and key.endswith(SEAT_SUFFIXES):
        return _("Seat {n}", n=value + 1)
    if isinstance(value, str):
        return value.replace("_", " ").capitalize()
    return str(value)


def _bounds(field: FieldInfo) -> tuple[int, int, int]:
    """The inclusive integer range and step a number option allows (its Field constraints)."""
    low, high, step = -(10**9), 10**9, 1
    for m in field.metadata:
        if (ge := getattr(m, "ge", None)) is not None:
            low = max(low, int(ge))
        if (gt := getattr(m, "gt", None)) is not None:
            low = max(low, int(gt) + 1)
        if (le := getattr(m, "le", None)) is not None:
            high = min(high, int(le))
        if (lt := getattr(m, "lt", None)) is not None:
            high = min(high, int(lt) - 1)
        if (multiple := getattr(m, "multiple_of", None)) is not None:
            step = int(multiple)
    return low, high, step


def _values(key: str, field: FieldInfo, current: Any) -> list[Any] | None:
    """The values a menu offers for one option; None when a menu cannot offer them (text)."""
    annotation = field.annotation
    if get_origin(annotation) is Literal:
        return list(get_args(annotation))
    args = get_args(annotation)
    kind = next((a for a in args if a is not type(None)), annotation) if args else annotation
    values: list[Any] = [None] if type(None) in args else []
    if kind is bool:
        return [True, False]
    if get_origin(kind) is Literal:
        return [*values, *get_args(kind)]
    if kind is not int:
        return None
    low, high, step = _bounds(field)
    if high - low <= 23 * step:
        return [*values, *range(low, high + 1, step)]
    # a wide range: round numbers nearest the default (on a log scale), and the current value
    centre = field.default if isinstance(field.default, int) and field.default > 0 else low
    nice = [n for n in NICE if low <= n <= high and n % step == 0]
    nice.sort(key=lambda n: abs(math.log(n) - math.log(max(centre, 1))))
    chosen = set(nice[: 24 - len(values) - 1]) | {centre}
    if isinstance(current, int) and low <= current <= high:
        chosen.add(current)
    return [*values, *sorted(chosen)]


def option_menus(engine: Engine, current: Mapping[str, Any]) -> list[OptionMenu]:
    """Every table option a menu can set, in the Options model's order (at most 25)."""
    menus = []
    for key, field in engine.Options.model_fields.items():
        values = _values(key, field, current.get(key))
        if values is None:
            continue
        menus.append(
            OptionMenu(
                key,
                option_label(key),
                str(translate(field.description or ""))[:100],
                tuple((json.dumps(v), value_label(key, v)) for v in values[:25]),
            )
        )
    return menus[:25]
