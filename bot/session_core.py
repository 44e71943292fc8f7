"""The manager's shared core: its fields, and the few steps every operation is made of.

Why a core class: the manager's operations are split by subject into mixins (lobby, play,
autoplay, queries, settings, deadlines, loading), and they all stand on the same footing:
look up an open game, re-check it under its lock, commit a batch (finishing the write even if
the caller is cancelled), queue updates for the listeners, forget a game that closed. Those
steps live here once. The mixins call each other's methods through ``self``; only
``bot.sessions.SessionManager`` puts them all together.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from concurrent.futures import Executor, ThreadPoolExecutor
from typing import Any

from bot.deadlines import Dispatcher
from bot.session_record import GameRecord
from bot.session_types import (
    GameNotFound,
    GuildSettings,
    Listener,
    LobbyError,
    NotAllowed,
    Policy,
    Status,
    Update,
)
from bot.store import Batch, Store, check

#: every part of the manager logs as "bot.sessions", the name it had as a single module, so
#: logging configuration and log filters keep working unchanged
log = logging.getLogger("bot.sessions")


class ManagerCore:
    """Fields and shared steps of :class:`bot.sessions.SessionManager` (see its module)."""

    def __init__(
        self,
        store: Store,
        *,
        policy: Policy | None,
        engines: Callable[[str], Any],
        clock: Callable[[], float],
        executor: Executor | None,
        snapshot_every: int,
    ) -> None:
        self._store = store
        self._policy = policy
        self._engines = engines
        self._clock = clock
        self._own_executor = executor is None
        self._executor = executor or ThreadPoolExecutor(max_workers=8, thread_name_prefix="ai")
        #: actions between snapshots: reload replays fewer than this many actions per game
        self.snapshot_every = max(1, snapshot_every)
        self._games: dict[int, GameRecord] = {}  # lobbies and live games: strong references
        self._by_channel: dict[int, int] = {}
        #: unfinished games whose replay failed at start-up (an engine bug, a removed game):
        #: kept out of play but still holding their channel until an admin ends them
        self._unloadable: dict[int, Any] = {}
        self._settings: dict[int, GuildSettings] = {}
        self._settings_lock = asyncio.Lock()
        self._listeners: list[Listener] = []
        self._tasks: set[asyncio.Task[Any]] = set()
        self._next_game = 1
        self._next_deadline = 1
        self._closing = False
        self._autoplay = True
        # the dispatcher's callbacks are mixin methods: DeadlinesMixin._forget_deadline deletes
        # a fired row, AutoplayMixin._on_turn plays for a person whose turn timer ran out
        self._deadlines = Dispatcher(clock, self._forget_deadline)
        self._deadlines.register("turn", self._on_turn)

    # ---- shared steps -----------------------------------------------------------------------
    def _open_game(self, game_id: int) -> GameRecord:
        g = self._games.get(game_id)
        if g is None:
            raise GameNotFound(f"There is no open game #{game_id}.")
        return g

    @staticmethod
    def _check_open(g: GameRecord, want: Status | None = None) -> None:
        """Re-checked after taking the lock: the game may have ended while we waited."""
        if g.status not in ("lobby", "live"):
            raise GameNotFound(f"Game #{g.id} is over.")
        if want == "lobby" and g.status != "lobby":
            raise LobbyError("The game has already started.")
        if want == "live" and g.status != "live":
            raise LobbyError("The game has not started yet.")

    @staticmethod
    def _check_host(g: GameRecord, by_user: int, what: str) -> None:
        if by_user != g.host_id:
            host = next((s.name for s in g.seats if s.user_id == g.host_id), "the host")
            raise NotAllowed(f"Only the host ({host}) can {what}.")

    async def _commit(self, batch: Batch) -> bool:
        """Write ``batch``; True if our caller was cancelled meanwhile.

        Once a batch is queued it will be written whatever happens to the caller, so the wait
        is not abandoned on cancellation: the in-memory state must follow the log before the
        game's lock is released. The caller re-raises the cancellation afterwards.
        """
        done, index = self._store.submit(batch)
        cancelled = False
        while not done.done():
            try:
                await done  # a Commit: cancelling us waits for the write to finish
            except asyncio.CancelledError:
                cancelled = True
        check(done.result(), index)
        return cancelled

    def _spawn(self, coro: Any, name: str) -> asyncio.Task[Any]:
        task = asyncio.get_running_loop().create_task(coro, name=name)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)
        return task

    def _notify(self, g: GameRecord, update: Update) -> None:
        """Queue ``update`` for the listeners; called under the game's lock, so in version
        order. One drain task per game calls them outside the lock."""
        if not self._listeners:
            return
        g.outbox.append(update)
        if not g.notifying:
            g.notifying = True
            self._spawn(self._drain(g), f"notify-{g.id}")

    async def _drain(self, g: GameRecord) -> None:
        try:
            while g.outbox:
                update = g.outbox.popleft()
                for listener in list(self._listeners):
                    try:
                        await listener(update)
                    except Exception:
                        log.exception("listener %r failed on game %s", listener, g.id)
        finally:
            g.notifying = False

    async def _save(self, g: GameRecord, **changes: Any) -> None:
        """Commit a change of the game row (lobby edits, status), then apply it in memory."""
        now = self._clock()
        batch = Batch(games=[g.row(now, **changes)])
        closing = changes.get("status") in ("finished", "abandoned")
        if closing:
            batch.deadlines_del_game.append((g.id,))
        cancelled = await self._commit(batch)
        for key, value in changes.items():
            setattr(g, key, value)
        if closing:
            self._forget_game(g)
        if cancelled:
            raise asyncio.CancelledError

    def _forget_game(self, g: GameRecord) -> None:
        self._games.pop(g.id, None)
        if self._by_channel.get(g.channel_id) == g.id:
            del self._by_channel[g.channel_id]
        for did in [d.id for d in self._deadlines.pending.values() if d.game_id == g.id]:
            self._deadlines.discard(did)
        g.turn_deadlines.clear()
