"""The AI driver: moves for AI seats, for people whose turn timer ran out, and the steps that
nobody decides (``games.core.AutomaticSteps``: the next round's deal).

Why a collaborator with an ``apply`` callable: the driver decides *what* to play and *when*,
the manager alone owns the game's lock and the commit. The driver is handed a function that
applies a move under the lock if the game is still where the move was computed; it never
touches the manager itself, so it can be built and tested with a fake ``apply``.

What a policy sees: an observation (``games.core.Observation``) built from the seat's view,
its legal codes and the events that seat was shown, never the engine state, so no level can
read another hand. The events come from a ``SeatHistory`` per game kept in memory and fed
with every committed move; after a restart (or when a seat becomes an AI in a game that had
none) it is rebuilt once by replaying the game's whole action log from ``new_game``.

Where a policy runs: costly levels (``strong``, and any level a game gives a search budget,
``games.registry.searching``) in a process pool sized from ``[ai] processes``, receiving the
game name, the level, the observation and the seed as plain data; cheap ones in the thread
executor. Either way the event loop never runs a search. A move is shown after ``[ai]
think_seconds`` (counted from when the decision started) so people can follow; a move computed
for a version that has meanwhile moved on is dropped and recomputed.
"""

from __future__ import annotations

import asyncio
import functools
import logging
import time
from collections.abc import Awaitable, Callable, Sequence
from concurrent.futures import Executor, ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from bot.ai import (
    TAKEOVER_LEVEL,
    Levels,
    level_policies,
    move_seed,
    resolve_level,
    run_hint,
    run_level,
)
from bot.model import MoveCause
from bot.sessions.record import GameRecord
from bot.sessions.types import ai_moves_for
from bot.store import ActionRow
from games import Event, registry
from games.core import Policy, automatic_step
from games.search import SeatHistory

if TYPE_CHECKING:  # imported when the first search starts: most bots never start a pool
    from concurrent.futures import ProcessPoolExecutor

log = logging.getLogger("bot.sessions")

#: applies ``code`` for ``seat`` with ``cause`` under the game's lock, only if the game is
#: still live at ``expected`` version and ``guard()`` holds; True if it was applied
Apply = Callable[[GameRecord, int, str, int, MoveCause, Callable[[], bool]], Awaitable[bool]]
#: the game's whole action log, in order (a store read)
ActionLog = Callable[[int], Awaitable[Sequence[ActionRow]]]

#: failures in a row after which an AI seat stops trying (a policy or engine bug)
MAX_FAILURES = 3
#: moves recomputed in a row because the game moved meanwhile, before a task gives up (it is
#: started again by the next commit)
MAX_STALE = 100


@dataclass(frozen=True, slots=True)
class AiConfig:
    """How AI seats are played (``[ai]`` and ``[tables] ai_level`` of the config)."""

    default_level: str = "random"
    think_seconds: float = 0.0  # the bot's config defaults to 1.0; tests and tools use 0
    processes: int = 1
    #: levels run in the process pool in every game (besides each game's searching levels)
    process_levels: frozenset[str] = field(default_factory=lambda: frozenset({"strong"}))
    takeover_level: str = TAKEOVER_LEVEL
    #: turns in a row a person's clock may run out before the seat is marked away (the AI
    #: then plays it, at the takeover level, until they are back)
    away_after: int = 3
    #: CPU seconds a search may take per move (``[tables] ai_seconds``); None: the levels'
    #: fixed iteration counts only (tests: moves then never depend on the machine's speed)
    ai_seconds: float | None = None


@dataclass(slots=True)
class Decisions:
    """AI moves chosen so far and the wall time they took (the metrics read it)."""

    count: int = 0
    seconds: float = 0.0


class AiDriver:
    """One task per game while AI seats are to act; timeouts played on demand."""

    def __init__(
        self,
        apply: Apply,
        action_log: ActionLog,
        *,
        config: AiConfig | None = None,
        executor: Executor | None = None,
        policy: Policy | None = None,
        levels: Levels = level_policies,
    ) -> None:
        """``apply`` commits an AI move (the manager's, under the game's lock); ``action_log``
        reads a game's log, to rebuild what each seat was shown after a restart."""
        self._apply = apply
        self._action_log = action_log
        self.decisions = Decisions()
        self.config = config or AiConfig()
        self._own_executor = executor is None
        self._executor = executor or ThreadPoolExecutor(max_workers=8, thread_name_prefix="ai")
        self._processes: ProcessPoolExecutor | None = None  # started on the first search
        self._policy = policy  # replaces every level (tests)
        self._levels = levels
        self._histories: dict[int, SeatHistory] = {}
        self._tasks: dict[int, asyncio.Task[None]] = {}
        #: hints being computed, by (game, seat, version): a double click waits for the same one
        self._hints: dict[tuple[int, int, int], asyncio.Future[tuple[str, str]]] = {}
        self.enabled = False  # set by the manager once loading is done (and autoplay is on)
        self._closing = False

    # ---- what the manager tells the driver --------------------------------------------------
    def started(self, g: GameRecord) -> None:
        """A game just started: its history begins with what the start showed each seat
        (its first hand; only AI games keep one)."""
        if g.has_ai():
            self._histories[g.id] = rebuild_history(g.engine, len(g.seats), g.options, g.seed, [])

    def committed(self, g: GameRecord, events: Sequence[Event]) -> None:
        """A move was committed (called under the game's lock, in version order)."""
        history = self._histories.get(g.id)
        if history is not None:
            history.record(events)

    def forget(self, game_id: int) -> None:
        """The game closed."""
        self._histories.pop(game_id, None)

    def kick(self, g: GameRecord) -> None:
        """Start the game's AI task if AI seats are to act, or a step nobody decides is due
        (``games.core.AutomaticSteps``, in any game), and none is running."""
        if not self.enabled or self._closing or g.status != "live":
            return
        automatic = automatic_step(g.engine, g.state) is not None
        if not automatic and not g.has_ai():
            return
        task = self._tasks.get(g.id)
        if task is not None and not task.done():
            return
        seats = g.seats
        if automatic or any(ai_moves_for(seats, s) for s in g.engine.to_act(g.state)):
            task = asyncio.get_running_loop().create_task(self._run(g), name=f"ai-{g.id}")
            self._tasks[g.id] = task
            task.add_done_callback(functools.partial(self._done, g.id))

    def _done(self, game_id: int, task: asyncio.Task[None]) -> None:
        if self._tasks.get(game_id) is task:
            del self._tasks[game_id]

    def pending(self) -> list[asyncio.Task[None]]:
        """The AI tasks still running (the manager's ``settle`` waits for them)."""
        return [t for t in self._tasks.values() if not t.done()]

    async def close(self) -> None:
        """Stop every AI task and the pools (a move being computed is dropped)."""
        self._closing = True
        tasks = list(self._tasks.values())
        for task in tasks:
            task.cancel()
        if tasks:
            await asyncio.gather(*tasks, return_exceptions=True)
        if self._processes is not None:
            self._processes.shutdown(wait=False, cancel_futures=True)
        if self._own_executor:
            self._executor.shutdown(wait=False, cancel_futures=True)

    # ---- moves --------------------------------------------------------------------------
    async def _run(self, g: GameRecord) -> None:
        """Move for the AI seats (and the seats of people who are away) while they are to act.
        An away person's seat is played at the takeover level with cause ``takeover``, so the
        log and the standings know the person did not choose those moves."""
        failures = stale = 0
        loop = asyncio.get_running_loop()
        while g.status == "live" and not self._closing and stale < MAX_STALE:
            step = automatic_step(g.engine, g.state)
            if step is not None:  # nobody's decision (a deal): applied at once, like an AI move
                version = g.version
                try:
                    await self._apply(g, step[0], step[1], version, "ai", lambda: True)
                except Exception:
                    log.exception("automatic step failed in game %s", g.id)
                    return
                continue
            seat = next((s for s in g.engine.to_act(g.state) if ai_moves_for(g.seats, s)), None)
            if seat is None:
                return
            version = g.version
            who = g.seats[seat]
            level = who.ai_level if who.is_ai else self.config.takeover_level
            cause: MoveCause = "ai" if who.is_ai else "takeover"
            try:
                started = loop.time()
                code = await self.choose(g, seat, version, level)
                if code is None:
                    stale += 1  # the game moved while the history was being rebuilt
                    continue
                stale = 0
                wait = self.config.think_seconds - (loop.time() - started)
                if wait > 0:
                    await asyncio.sleep(wait)
                await self._apply(g, seat, code, version, cause, _still_ai(g, seat))
            except asyncio.CancelledError:
                raise
            except Exception:
                failures += 1
                log.exception("AI move failed in game %s seat %s", g.id, seat)
                if failures >= MAX_FAILURES:
                    log.error("game %s: AI seat %s gave up after %d failures", g.id, seat, failures)
                    return

    async def takeover(self, g: GameRecord, seat: int, still_due: Callable[[], bool]) -> None:
        """Play for a person whose turn timer ran out, at the takeover level, while the
        timer is still the one that fired (no think delay: the person already had theirs)."""
        for _ in range(MAX_STALE):
            if not still_due() or seat not in g.engine.to_act(g.state):
                return
            version = g.version
            code = await self.choose(g, seat, version, self.config.takeover_level)
            if code is None:
                continue
            if await self._apply(g, seat, code, version, "timeout", still_due):
                return

    async def choose(self, g: GameRecord, seat: int, version: int, level: str | None) -> str | None:
        """The move of ``seat`` at ``version`` from its observation; None if the game moved
        on before the observation could be taken."""
        started = time.perf_counter()
        code = await self._choose(g, seat, version, level)
        if code is not None:
            self.decisions.count += 1
            self.decisions.seconds += time.perf_counter() - started
        return code

    async def _choose(
        self, g: GameRecord, seat: int, version: int, level: str | None
    ) -> str | None:
        history = await self.history(g)
        if history is None or g.version != version:
            return None
        observation = history.observe(g.engine, g.state, seat)
        seed = move_seed(g.ai_secret, version, seat)
        loop = asyncio.get_running_loop()
        if self._policy is not None:
            return await loop.run_in_executor(self._executor, self._policy, observation, seed)
        try:
            available = self._levels(g.game)
        except KeyError:
            available = level_policies(g.game)
        name = resolve_level(available, level, self.config.default_level)
        if self.config.processes > 0 and (
            name in self.config.process_levels or name in self._searching(g.game)
        ):
            pool = self._process_pool()
            seconds = self.config.ai_seconds
            return await loop.run_in_executor(
                pool, run_level, g.game, name, observation, seed, seconds
            )
        return await loop.run_in_executor(self._executor, available[name], observation, seed)

    async def hint(self, g: GameRecord, seat: int, version: int, state: Any) -> tuple[str, str]:
        """The game's hint (``games.registry.hinter``: the normal level's move and its
        reason) for ``seat`` at ``version``, whose state is ``state``.

        Why here: it needs what an AI seat needs (the seat's observation, from the history of
        what it was shown, and a move seed) and runs where a search runs, in the process pool,
        never on the event loop. The seed is ``move_seed`` of the game's secret, the version
        and the seat, so asking twice gives the same hint; asking again while it is computed
        (a double click) waits for the same computation instead of starting a second."""
        key = (g.id, seat, version)
        running = self._hints.get(key)
        if running is None:
            running = asyncio.ensure_future(self._hint(g, seat, version, state))
            self._hints[key] = running
            running.add_done_callback(lambda _: self._hints.pop(key, None))
        return await asyncio.shield(running)

    async def _hint(self, g: GameRecord, seat: int, version: int, state: Any) -> tuple[str, str]:
        history = None
        for _ in range(MAX_STALE):
            history = await self.history(g)
            if history is not None:
                break
        if history is None or g.version != version:  # the seat's history has moved on
            history = await self._history_at(g, version)
        observation = history.observe(g.engine, state, seat)
        seed = move_seed(g.ai_secret, version, seat)
        loop = asyncio.get_running_loop()
        pool: Executor = self._process_pool() if self.config.processes > 0 else self._executor
        return await loop.run_in_executor(pool, run_hint, g.game, observation, seed)

    async def _history_at(self, g: GameRecord, version: int) -> SeatHistory:
        """What each seat was shown up to ``version`` (the game moved while a hint waited)."""
        rows = [r for r in await self._action_log(g.id) if r.seq <= version]
        return rebuild_history(g.engine, len(g.seats), g.options, g.seed, rows)

    @staticmethod
    def _searching(game: str) -> frozenset[str]:
        """The game's levels that search (run in the pool); none for a game the registry
        does not know (a test's toy engine)."""
        try:
            return registry.searching(game)
        except KeyError:
            return frozenset()

    def _process_pool(self) -> ProcessPoolExecutor:
        if self._processes is None:
            import multiprocessing
            from concurrent.futures import ProcessPoolExecutor

            # spawn, not fork: the bot process has threads (the store writer, aiosqlite) and a
            # forked child could inherit a lock held by one of them
            self._processes = ProcessPoolExecutor(
                max_workers=self.config.processes, mp_context=multiprocessing.get_context("spawn")
            )
        return self._processes

    async def history(self, g: GameRecord) -> SeatHistory | None:
        """The game's seat histories, rebuilt from its action log when not in memory; None if
        the game kept moving while the log was read (the caller tries again)."""
        history = self._histories.get(g.id)
        if history is not None:
            return history
        rows = await self._action_log(g.id)
        history = self._histories.get(g.id)  # another task rebuilt it meanwhile
        if history is not None:
            return history
        rows = [r for r in rows if r.seq <= g.version]
        if len(rows) != g.version or g.status != "live":
            return None  # a commit landed between the read and now
        history = rebuild_history(g.engine, len(g.seats), g.options, g.seed, rows)
        self._histories[g.id] = history
        return history


def _still_ai(g: GameRecord, seat: int) -> Callable[[], bool]:
    """The guard of an AI move: the seat has not been given back to a person meanwhile (an
    away person pressing I'm back, or a seat handed back by an admin), and the game is not
    paused meanwhile (the last person there stepped away too)."""
    return lambda: ai_moves_for(g.seats, seat)


def rebuild_history(
    engine: Any, players: int, options: Any, seed: int, log: Sequence[ActionRow]
) -> SeatHistory:
    """What each seat was shown, from the start of the game (the log is the truth): the
    start's own events (the first deal) first, then every logged move's."""
    state, history = SeatHistory.begun(engine, players, dict(options), seed)
    for row in log:
        state, events = engine.apply(state, row.seat, row.code)
        history.record(events)
    return history
