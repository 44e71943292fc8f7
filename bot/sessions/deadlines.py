"""One dispatcher task for every deadline (turn timers, private views that fade, timed windows).

Why one task over a heap instead of a ``call_later`` per deadline: the rows live in the database
(so they survive a restart) and this task is their only reader, so a fired deadline is removed
exactly once, a deadline whose handler is not registered yet simply waits for it (the Discord
layer registers handlers after the manager opened), and a thousand timers cost one sleeping
task. Handlers run as their own tasks, so a slow handler never delays another deadline.

Firing order: handler first, then the row is deleted (unless the handler already removed it in
its own transaction, as the turn timer does). A crash in between re-fires the deadline after the
restart, so handlers check that what they are about to do is still due. A handler that could
not save because the database was unreachable is fired again :data:`RETRY_AFTER` seconds later
(its row stays): a deadline falling due in an outage is late, never lost.
"""

from __future__ import annotations

import asyncio
import dataclasses
import heapq
import logging
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING

from bot.sessions.types import StorageUnreachable

if TYPE_CHECKING:
    from bot.sessions.types import Deadline, DeadlineHandler

log = logging.getLogger(__name__)

#: the longest the dispatcher sleeps without looking at the clock again (guards clock jumps)
MAX_SLEEP = 30.0
#: seconds after which a deadline whose handler found the database unreachable fires again
RETRY_AFTER = 5.0


async def _keep(deadline_id: int) -> None:
    """The default ``forget``: nothing to delete (a dispatcher not bound to a store)."""


class Dispatcher:
    def __init__(
        self,
        clock: Callable[[], float],
        forget: Callable[[int], Awaitable[None]] = _keep,
    ) -> None:
        self._clock = clock
        self._forget = forget  # deletes a fired deadline's row (if still there)
        self.pending: dict[int, Deadline] = {}
        self._heap: list[tuple[float, int]] = []
        self._handlers: dict[str, DeadlineHandler] = {}
        self._wake = asyncio.Event()
        self._task: asyncio.Task[None] | None = None
        self._running: set[asyncio.Task[None]] = set()

    @property
    def running(self) -> list[asyncio.Task[None]]:
        """Handlers still running (the manager's ``settle`` waits for them)."""
        return list(self._running)

    def start(self) -> None:
        self._task = asyncio.get_running_loop().create_task(self._run(), name="deadlines")

    async def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            await asyncio.gather(self._task, return_exceptions=True)
            self._task = None
        if self._running:
            await asyncio.gather(*self._running, return_exceptions=True)

    def halt(self) -> None:
        """Fire nothing more from now on, at once (this process lost its shards: another one
        fires these deadlines now). Handlers already running finish; :meth:`stop` awaits
        them."""
        if self._task is not None:
            self._task.cancel()

    def add(self, deadline: Deadline) -> None:
        self.pending[deadline.id] = deadline
        heapq.heappush(self._heap, (deadline.due, deadline.id))
        self._wake.set()

    def discard(self, deadline_id: int) -> Deadline | None:
        """Forget a deadline (its row is deleted by the caller); the heap entry is skipped."""
        return self.pending.pop(deadline_id, None)

    def register(self, kind: str, handler: DeadlineHandler) -> None:
        self._handlers[kind] = handler
        # deadlines of this kind that came due before the handler existed are pushed back
        for deadline in self.pending.values():
            if deadline.kind == kind:
                heapq.heappush(self._heap, (deadline.due, deadline.id))
        self._wake.set()

    def poke(self) -> None:
        """Look at the clock again now (tests with an injected clock call this)."""
        self._wake.set()

    @property
    def busy(self) -> bool:
        return bool(self._running)

    async def _run(self) -> None:
        while True:
            self._wake.clear()
            now = self._clock()
            while self._heap:
                due, deadline_id = self._heap[0]
                deadline = self.pending.get(deadline_id)
                if deadline is None or deadline.due != due:
                    heapq.heappop(self._heap)  # discarded, or a duplicate entry
                    continue
                if due > now:
                    break
                heapq.heappop(self._heap)
                handler = self._handlers.get(deadline.kind)
                if handler is None:
                    continue  # stays pending; register() pushes it back
                self.pending.pop(deadline_id)
                task = asyncio.get_running_loop().create_task(self._fire(handler, deadline))
                self._running.add(task)
                task.add_done_callback(self._running.discard)
            delay = MAX_SLEEP if not self._heap else min(MAX_SLEEP, self._heap[0][0] - now)
            # a timer that sets the event, rather than wait_for: simpler to cancel cleanly
            timer = asyncio.get_running_loop().call_later(max(delay, 0.0), self._wake.set)
            try:
                await self._wake.wait()
            finally:
                timer.cancel()

    async def _fire(self, handler: DeadlineHandler, deadline: Deadline) -> None:
        try:
            await handler(deadline)
        except StorageUnreachable:
            log.warning(
                "deadline %s (%s) postponed: the database is unreachable",
                deadline.id,
                deadline.kind,
            )
            self.add(dataclasses.replace(deadline, due=self._clock() + RETRY_AFTER))
            return
        except Exception:
            log.exception("deadline %s (%s) handler failed", deadline.id, deadline.kind)
        try:
            await self._forget(deadline.id)
        except StorageUnreachable:  # the row stays: a restart fires it again, and handlers
            # check that what they do is still due
            log.warning(
                "could not delete fired deadline %s: the database is unreachable", deadline.id
            )
        except Exception:
            log.exception("could not delete fired deadline %s", deadline.id)
