"""Rating updates against openskill's own computation, and the cases that are not rated."""

from __future__ import annotations

import pytest
from openskill.models import PlackettLuce

from bot.stats.ratings import NEW, Rating, SeatOutcome, places, rate, rated_sides

SOLO3 = [[0], [1], [2]]
TEAMS = [[0, 2], [1, 3]]


def library(teams: list[list[Rating]], ranks: list[int]) -> list[list[tuple[float, float]]]:
    model = PlackettLuce()
    built = [[model.rating(mu=r.mu, sigma=r.sigma) for r in team] for team in teams]
    return [[(r.mu, r.sigma) for r in t] for t in model.rate(built, ranks=ranks)]


def test_two_players_match_the_library() -> None:
    before = {10: Rating(30.0, 5.0), 11: NEW}
    got = rate([SeatOutcome(0, 10, 1), SeatOutcome(1, 11, 2)], [[0], [1]], before)
    expected = library([[before[10]], [NEW]], [1, 2])
    assert (got[10].mu, got[10].sigma) == pytest.approx(expected[0][0])
    assert (got[11].mu, got[11].sigma) == pytest.approx(expected[1][0])
    assert got[10].mu > 30.0 and got[11].mu < NEW.mu


def test_multiplayer_standings_with_a_tie_match_the_library() -> None:
    outcomes = [SeatOutcome(0, 1, 2), SeatOutcome(1, 2, 1), SeatOutcome(2, 3, 2)]
    got = rate(outcomes, SOLO3, {})
    expected = library([[NEW], [NEW], [NEW]], [2, 1, 2])
    flat = [value for u in (1, 2, 3) for value in (got[u].mu, got[u].sigma)]
    assert flat == pytest.approx([value for e in expected for value in e[0]])
    assert got[1] == got[3]  # tied places move equally


def test_teams_are_rated_as_sides() -> None:
    outcomes = [SeatOutcome(s, 100 + s, 1 if s % 2 == 0 else 2) for s in range(4)]
    got = rate(outcomes, TEAMS, {})
    expected = library([[NEW, NEW], [NEW, NEW]], [1, 2])
    assert (got[100].mu, got[102].mu) == pytest.approx((expected[0][0][0], expected[0][1][0]))
    assert (got[101].mu, got[103].mu) == pytest.approx((expected[1][0][0], expected[1][1][0]))


def test_ai_seats_are_not_rated_and_an_ai_partner_leaves_a_side_of_one() -> None:
    outcomes = [
        SeatOutcome(0, 7, 1),
        SeatOutcome(1, None, 2),
        SeatOutcome(2, None, 1),
        SeatOutcome(3, 8, 2),
    ]
    assert rated_sides(outcomes, TEAMS) == [([7], 1), ([8], 2)]
    got = rate(outcomes, TEAMS, {})
    assert set(got) == {7, 8}
    expected = library([[NEW], [NEW]], [1, 2])
    assert got[7].mu == pytest.approx(expected[0][0][0])


def test_one_person_among_ais_is_not_rated() -> None:
    outcomes = [SeatOutcome(0, 5, 1), SeatOutcome(1, None, 2), SeatOutcome(2, None, 3)]
    assert rate(outcomes, SOLO3, {}) == {}


def test_a_seat_the_ai_played_for_most_of_the_game_is_not_rated() -> None:
    outcomes = [
        SeatOutcome(0, 5, 1, autoplayed=0.8),
        SeatOutcome(1, 6, 2, autoplayed=0.5),
        SeatOutcome(2, 7, 3),
    ]
    got = rate(outcomes, SOLO3, {})
    assert set(got) == {6, 7}


def test_places_from_scores_and_winners() -> None:
    assert places([10, 30, 20], [1]) == [3, 1, 2]
    assert places([10, 30, 30], [1, 2]) == [2, 1, 1]
    assert places([5, 5, 9, 1], [2]) == [2, 2, 1, 3]
    assert places([3, 1, 2], [1], higher_wins=False) == [3, 1, 2]
