"""Standings at the end of a game: games, wins and skill ratings, written in the same
transaction that finishes the game.

Why a collaborator with a cache: a rating update reads the players' ratings, computes, and
writes. Two games of the same server and game finishing at once could both read a player's old
rating and one update would be lost. The manager computes the rows with no ``await`` between
reading this cache and writing it, so the finishes are applied one after the other; only rows
missing from the cache are read from the store first. If the commit then fails, the touched
entries are dropped so that the next finish reads the truth again.

Who counts (see :mod:`bot.stats.ratings` for who is *rated*): every person seated at a finished
game gets one more game (and a win if their seat won); AI seats get nothing; games ended by an
admin or abandoned never reach here, and practice tables count for nothing. A game in which
someone asked for a hint (issue 37) counts its games and wins but rates nobody: the record of
who played and won stays true, while a rating measures a person's own play, which a hint is not.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from bot.model import MoveCause, Seat
from bot.stats.ratings import NEW, Rating, SeatOutcome, places, rate
from bot.store import GameStore, RatingRow, RatingWrite

#: causes of an action that a person did not choose (turn-clock takeovers)
AUTOPLAY_CAUSES: frozenset[MoveCause] = frozenset({"timeout", "takeover"})

Key = tuple[int, str, int]


class Standings:
    def __init__(self, store: GameStore) -> None:
        self._store = store
        self._cache: dict[Key, RatingRow | None] = {}

    async def finish_rows(
        self,
        *,
        game_id: int,
        guild_id: int,
        game: str,
        seats: Sequence[Seat],
        engine: Any,
        state: Any,
        last: tuple[int, MoveCause],
        now: float,
        rated: bool = True,
        practice: bool = False,
    ) -> list[RatingWrite]:
        """The ``ratings`` rows of a game that ``last`` (seat, cause) has just finished;
        ``rated`` False (someone used a hint) counts its games and wins but changes no
        rating. A practice table (``/learn``) gives none: a learner playing easy AIs with the
        coach talking proves nothing about their skill, and its games and wins would tilt the
        standings."""
        people = [s for s in seats if s.user_id is not None]
        if practice or not people:
            return []
        keys = [(guild_id, game, s.user_id) for s in people if s.user_id is not None]
        missing = [k for k in keys if k not in self._cache]
        if missing:
            found = await self._store.ratings_of(guild_id, game, [k[2] for k in missing])
            for key in missing:
                self._cache.setdefault(key, found.get(key[2]))
        causes = await self._store.seat_causes(game_id)
        # from here on no await: read the cache, compute, write the cache
        last_seat, last_cause = last
        causes.setdefault(last_seat, {})
        causes[last_seat][last_cause] = causes[last_seat].get(last_cause, 0) + 1
        result = engine.result(state)
        place = places(result.scores, result.winners)
        outcomes = [
            SeatOutcome(
                s.seat,
                s.user_id,
                place[s.seat],
                _autoplayed(causes.get(s.seat, {})),
            )
            for s in seats
        ]
        teams = [list(t) for t in engine.teams(len(seats))]
        before = {
            k[2]: Rating(row.mu, row.sigma) for k in keys if (row := self._cache.get(k)) is not None
        }
        after = rate(outcomes, teams, before) if rated else {}
        winners = set(result.winners)
        rows = []
        for s in people:
            assert s.user_id is not None
            key = (guild_id, game, s.user_id)
            old = self._cache.get(key)
            rating = after.get(s.user_id) or before.get(s.user_id) or NEW
            row = RatingRow(
                guild_id,
                game,
                s.user_id,
                s.name,
                (old.games if old else 0) + 1,
                (old.wins if old else 0) + (1 if s.seat in winners else 0),
                (old.rated if old else 0) + (1 if s.user_id in after else 0),
                rating.mu,
                rating.sigma,
                rating.display,
                now,
            )
            self._cache[key] = row
            rows.append(RatingWrite(*(getattr(row, f) for f in RatingWrite._fields)))
        return rows

    def discard(self, rows: Sequence[RatingWrite]) -> None:
        """Forget cached rows whose commit failed: the next finish reads the store again."""
        for row in rows:
            self._cache.pop((row.guild_id, row.game, row.user_id), None)

    def forget_user(self, user_id: int) -> None:
        for key in [k for k in self._cache if k[2] == user_id]:
            del self._cache[key]


def _autoplayed(counts: dict[str, int]) -> float:
    total = sum(counts.values())
    if not total:
        return 0.0
    return sum(n for cause, n in counts.items() if cause in AUTOPLAY_CAUSES) / total
