"""Lobby rules: who may sit, leave, add or remove an AI, change options or start, and what the
lobby's row becomes.

Why pure functions: every lobby operation is "check, then rewrite the ``games`` row", and the
manager does the locking and the writing the same way for all of them. Keeping the checks and
the resulting changes here, as functions of the game record, puts the lobby's rules (host-only
actions, a full table, seat renumbering, the host passing on) in one file that tests can call
without a database.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import replace
from typing import Any

from bot.ai import LEVELS
from bot.model import CANCELLED_BY_HOST, EVERYONE_LEFT, NO_PEOPLE_LEFT, Seat, Status
from bot.sessions.record import GameRecord
from bot.sessions.types import GameNotFound, LobbyError, NotAllowed
from games import BadOptions
from games.core import validate_options
from games.text import Msg, messages

msg, msg_n = messages("tidewater")

Changes = dict[str, Any]


def check_open(g: GameRecord, want: Status | None = None) -> None:
    """Re-checked after taking the lock: the game may have ended while we waited."""
    if g.status not in ("lobby", "live"):
        raise GameNotFound(msg("Game #{id} is over.", id=g.id))
    if want == "lobby" and g.status != "lobby":
        raise LobbyError(msg("The game has already started."))
    if want == "live" and g.status != "live":
        raise LobbyError(msg("The game has not started yet."))


def check_host(g: GameRecord, by_user: int, what: Msg) -> None:
    if by_user != g.host_id:
        host = next((s.name for s in g.seats if s.user_id == g.host_id), None)
        raise NotAllowed(
            msg("Only the host ({host}) can {what}.", host=host or msg("the host"), what=what)
        )


def clean_options(engine: Any, raw: dict[str, Any]) -> dict[str, Any]:
    """Validate with the engine's Options; keep the host's keys, in the model's JSON form."""
    model = validate_options(engine.Options, raw, engine.title)
    dumped = model.model_dump(mode="json")
    return {key: dumped[key] for key in raw}


def renumber(seats: Iterable[Seat]) -> tuple[Seat, ...]:
    return tuple(replace(s, seat=i) for i, s in enumerate(seats))


def without_person(g: GameRecord, user_id: int) -> Changes:
    """Lobby changes when a person leaves: host passes on; no person left cancels it."""
    seats = renumber(s for s in g.seats if s.user_id != user_id)
    people = [s for s in seats if not s.is_ai]
    if not people:
        return {"seats": seats, "status": "abandoned", "end_reason": EVERYONE_LEFT}
    if user_id == g.host_id:
        return {"seats": seats, "host_id": people[0].user_id}
    return {"seats": seats}


def _check_room(g: GameRecord) -> None:
    if len(g.seats) >= g.engine.max_players:
        raise LobbyError(msg("The table is full ({seats} seats).", seats=g.engine.max_players))


def join(g: GameRecord, user_id: int, name: str) -> Changes:
    if any(s.user_id == user_id for s in g.seats):
        raise LobbyError(msg("You are already seated at this table."))
    _check_room(g)
    return {"seats": (*g.seats, Seat(len(g.seats), user_id, name))}


def leave(g: GameRecord, user_id: int) -> Changes:
    """When the host leaves, the next person seated becomes host; a lobby with no people left
    is cancelled."""
    if not any(s.user_id == user_id for s in g.seats):
        raise NotAllowed(msg("You are not seated at this table."))
    return without_person(g, user_id)


def add_ai(g: GameRecord, by_user: int, level: str) -> Changes:
    check_host(g, by_user, msg("add an AI"))
    if level not in LEVELS:
        raise LobbyError(
            msg(
                "Unknown AI level {level} (levels: {levels}).",
                level=repr(level),
                levels=", ".join(LEVELS),
            )
        )
    _check_room(g)
    taken = {s.name for s in g.seats if s.is_ai}
    name = next(f"AI {n}" for n in range(1, 100) if f"AI {n}" not in taken)
    return {"seats": (*g.seats, Seat(len(g.seats), None, name, level))}


def remove_ai(g: GameRecord, seat: int, by_user: int) -> Changes:
    check_host(g, by_user, msg("remove an AI"))
    if not (type(seat) is int and 0 <= seat < len(g.seats) and g.seats[seat].is_ai):
        raise LobbyError(msg("Seat {seat} is not an AI seat.", seat=seat))
    return {"seats": renumber(s for s in g.seats if s.seat != seat)}


def set_options(g: GameRecord, by_user: int, options: Mapping[str, Any]) -> Changes:
    """Merged into the current options and validated by the engine's Options."""
    check_host(g, by_user, msg("change the options"))
    if not isinstance(options, Mapping):
        raise BadOptions(msg("Options must be a table of names and values."))
    return {"options": clean_options(g.engine, {**g.options, **options})}


#: the longest turn clock a host may set: a week per move (a slow game by correspondence)
MAX_PACE = 7 * 24 * 3600


def set_pace(g: GameRecord, by_user: int, pace: int | None) -> Changes:
    """The host's turn clock for the table: seconds per move, 0 for none, None for the
    server's turn timeout."""
    check_host(g, by_user, msg("set the pace"))
    if pace is not None and (type(pace) is not int or not 0 <= pace <= MAX_PACE):
        raise LobbyError(msg("A pace is 0 to {most} seconds per move.", most=MAX_PACE))
    return {"pace": pace}


def set_hints(g: GameRecord, by_user: int, on: bool) -> Changes:
    """Whether the 💡 Hint button is offered at the table (host only, before the start). Off
    unless the host turns it on: a game in which a hint is used is not rated."""
    check_host(g, by_user, msg("turn hints on or off"))
    return {"hints": bool(on)}


def check_start(g: GameRecord, by_user: int) -> None:
    """Host only; needs engine.min_players..max_players seats."""
    check_host(g, by_user, msg("start the game"))
    engine = g.engine
    n = len(g.seats)
    if not engine.min_players <= n <= engine.max_players:
        raise LobbyError(
            msg(
                "{title} needs {low} to {high} players; {seated} seated.",
                title=engine.title,
                low=engine.min_players,
                high=engine.max_players,
                seated=n,
            )
        )


def cancel(g: GameRecord, by_user: int) -> Changes:
    check_host(g, by_user, msg("cancel the lobby"))
    return {"status": "abandoned", "end_reason": CANCELLED_BY_HOST}


def kicked(g: GameRecord, seat: Seat) -> Changes:
    """A live game's changes when a person is kicked: their seat becomes a ``random`` AI
    seat and the host passes on; with no person left the table closes instead of playing on
    (AI seats alone may never finish: random bids need not reach a target score)."""
    seats = list(g.seats)
    seats[seat.seat] = Seat(seat.seat, None, f"{seat.name} (AI)", "random")
    people = [s for s in seats if not s.is_ai]
    if not people:
        return {"seats": tuple(seats), "status": "abandoned", "end_reason": NO_PEOPLE_LEFT}
    changes: Changes = {"seats": tuple(seats)}
    if seat.user_id == g.host_id:
        changes["host_id"] = people[0].user_id
    return changes


#: lobbies one person may host at once in a server: enough for a few tables in a few channels,
#: and a bound on what one member can open across a server's channels (or its threads)
MAX_HOSTED_LOBBIES = 3


def check_can_host(games: Iterable[GameRecord], guild_id: int, host_id: int) -> None:
    """Refuse (LobbyError) a new lobby to someone who already hosts as many as allowed here."""
    hosted = sum(
        1 for g in games if g.guild_id == guild_id and g.host_id == host_id and g.status == "lobby"
    )
    if hosted >= MAX_HOSTED_LOBBIES:
        raise LobbyError(
            msg(
                "You already host {count} open lobbies in this server: start or cancel one of them"
                " first (/games lists them).",
                count=hosted,
            )
        )
