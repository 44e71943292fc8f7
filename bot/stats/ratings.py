"""Skill ratings of finished games: who is rated, and the update, by openskill's Plackett-Luce.

Why a kept library and not a hand-written Elo: Plackett-Luce rates any number of sides from a
ranking (2-player duels, 3-5-player standings, partnerships) with one model, and its
uncertainty (sigma) shrinks as a player plays, so a newcomer's first games move them further
than a regular's. Why these rules of who counts (Board Game Arena's, roughly):

* AI seats are never rated, and a side made only of AI seats is left out of the ranking: a
  person's rating measures them against people. A person whose partner is an AI is rated as a
  side of one.
* A seat that an AI played for most of the game (turn-clock takeovers) is not rated: the result
  is not theirs.
* A game needs at least two rated sides to change ratings; games ended by an admin or abandoned
  are not rated at all (the caller does not pass them here), nor is a game in which someone
  used a hint (``bot.sessions.standings`` does not call :func:`rate` for it).

Pure functions of plain data, so the same code rates a game inside the transaction that
finishes it and in tests that compare with the library's own computation.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from openskill.models import PlackettLuce

#: the model every rating uses (openskill's defaults: mu 25, sigma 25/3)
MODEL = PlackettLuce()


@dataclass(frozen=True, slots=True)
class Rating:
    mu: float
    sigma: float

    @property
    def display(self) -> float:
        """The conservative skill shown on leaderboards (mu - 3 sigma, at least 0)."""
        return max(0.0, self.mu - 3 * self.sigma)


NEW = Rating(MODEL.mu, MODEL.sigma)


@dataclass(frozen=True, slots=True)
class SeatOutcome:
    """One seat of a finished game as the ratings see it."""

    seat: int
    user_id: int | None  # None for an AI seat
    #: 1 = first place; equal places for a tie (a team's seats share their side's place)
    place: int
    #: share of this seat's moves that an AI made for the person (0.0 to 1.0)
    autoplayed: float = 0.0


def rated_sides(
    outcomes: Sequence[SeatOutcome], teams: Sequence[Sequence[int]]
) -> list[tuple[list[int], int]]:
    """The sides that count, as ``(user ids, place)``: people only, takeover seats dropped,
    sides with nobody left dropped. ``teams`` groups seats into sides (one seat a side in
    games without partners)."""
    by_seat = {o.seat: o for o in outcomes}
    sides: list[tuple[list[int], int]] = []
    for team in teams:
        people = [
            by_seat[s].user_id
            for s in team
            if s in by_seat and by_seat[s].user_id is not None and by_seat[s].autoplayed <= 0.5
        ]
        if people:
            place = min(by_seat[s].place for s in team if s in by_seat)
            sides.append(([u for u in people if u is not None], place))
    return sides


def rate(
    outcomes: Sequence[SeatOutcome],
    teams: Sequence[Sequence[int]],
    current: Mapping[int, Rating],
) -> dict[int, Rating]:
    """New ratings for every rated person of a finished game; ``{}`` when fewer than two
    sides count. ``current`` holds the players' ratings before the game (absent = new)."""
    sides = rated_sides(outcomes, teams)
    if len(sides) < 2:
        return {}
    model_teams = [
        [MODEL.rating(mu=current.get(u, NEW).mu, sigma=current.get(u, NEW).sigma) for u in users]
        for users, _ in sides
    ]
    ranks = [float(place) for _, place in sides]
    updated = MODEL.rate(model_teams, ranks=ranks)
    out: dict[int, Rating] = {}
    for (users, _), ratings in zip(sides, updated, strict=True):
        for user, rating in zip(users, ratings, strict=True):
            out[user] = Rating(rating.mu, rating.sigma)
    return out


def places(scores: Sequence[int], winners: Sequence[int], higher_wins: bool = True) -> list[int]:
    """Places per seat from a finished game's result: the winners share first place, the
    others follow by score (equal scores share a place). ``higher_wins`` is False for games
    where a lower score is better."""
    winners_set = set(winners)
    others = sorted(
        {scores[s] for s in range(len(scores)) if s not in winners_set}, reverse=higher_wins
    )
    first = 1 if winners_set else 0
    out = []
    for seat, score in enumerate(scores):
        if seat in winners_set:
            out.append(1)
        else:
            out.append(first + 1 + others.index(score))
    return out
