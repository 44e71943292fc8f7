"""The lobby rules alone, as functions of a game record (no lock, no database)."""

from __future__ import annotations

import pytest

from bot.sessions import NO_PEOPLE_LEFT, LobbyError, NotAllowed, Seat
from bot.sessions import lobby as rules
from bot.sessions.record import GameRecord
from tests.bot.sessions_support import TALLY

HOST, BEA = 100, 200


def lobby(*seats: Seat) -> GameRecord:
    return GameRecord(1, 1, 1, "tally", HOST, "lobby", seats, {}, 0, 0, {}, 0.0, TALLY)


def test_join_leave_and_the_host_passing_on() -> None:
    g = lobby(Seat(0, HOST, "Host"))
    g.seats = rules.join(g, BEA, "Bea")["seats"]
    assert [s.name for s in g.seats] == ["Host", "Bea"]
    with pytest.raises(LobbyError, match="already seated"):
        rules.join(g, BEA, "Bea")
    assert rules.leave(g, HOST) == {"seats": (Seat(0, BEA, "Bea"),), "host_id": BEA}
    with pytest.raises(NotAllowed, match="not seated"):
        rules.leave(g, 999)


def test_the_last_person_leaving_cancels_the_lobby() -> None:
    g = lobby(Seat(0, HOST, "Host"), Seat(1, None, "AI 1", "random"))
    changes = rules.leave(g, HOST)
    assert changes["status"] == "abandoned" and changes["end_reason"] == "everyone left"


def test_ai_seats_are_named_and_levels_checked() -> None:
    g = lobby(Seat(0, HOST, "Host"), Seat(1, None, "AI 1", "random"))
    seats = rules.add_ai(g, HOST, "strong")["seats"]
    assert seats[2] == Seat(2, None, "AI 2", "strong")
    with pytest.raises(LobbyError, match="Unknown AI level"):
        rules.add_ai(g, HOST, "genius")
    with pytest.raises(NotAllowed, match="Only the host"):
        rules.add_ai(g, BEA, "random")
    assert rules.remove_ai(g, 1, HOST) == {"seats": (Seat(0, HOST, "Host"),)}
    with pytest.raises(LobbyError, match="not an AI seat"):
        rules.remove_ai(g, 0, HOST)


def test_start_needs_enough_seats_and_a_kick_hands_the_seat_to_an_ai() -> None:
    g = lobby(Seat(0, HOST, "Host"))
    with pytest.raises(LobbyError, match="needs 2 to 4 players"):
        rules.check_start(g, HOST)
    g.seats = (Seat(0, HOST, "Host"), Seat(1, BEA, "Bea"))
    rules.check_start(g, HOST)
    changes = rules.kicked(g, g.seats[0])
    assert changes["seats"][0] == Seat(0, None, "Host (AI)", "random")
    assert changes["host_id"] == BEA
    g.seats = changes["seats"]
    last = rules.kicked(g, g.seats[1])
    assert last["status"] == "abandoned" and last["end_reason"] == NO_PEOPLE_LEFT
