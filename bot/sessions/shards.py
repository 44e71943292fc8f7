"""Which games this process drives when the bot runs as several processes, and the ids it may
hand out.

Why: Discord splits a large bot's guilds into shards (guild id -> shard by Discord's formula),
and several processes on one PostgreSQL database must never drive the same game. A process is
configured with the shards it serves; it loads, serves and fires deadlines only for games of
guilds on those shards, and holds a *lease* per shard in the database while it lives: a second
process configured for an owned shard is refused at start-up, and a crashed owner's lease
expires so that another process can take the shard over and resume its games from the log.

Ids (game numbers, deadline ids) are allocated in memory by the process that owns the game, so
processes use disjoint id spaces: the ids congruent to this process's slot modulo the shard
count, above every id already in the database.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import secrets
import socket
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from bot.model import Fencing
from bot.store import Fence, GameStore

log = logging.getLogger(__name__)


class ShardOwned(RuntimeError):
    """Another live process holds the lease of a shard this process was configured for."""


class ShardCountMismatch(ShardOwned):
    """Live leases in the database were taken under another ``shard_count``: the two counts
    map guilds to shards differently, so both processes would drive the same games."""


def shard_of(guild_id: int, count: int) -> int:
    """Discord's formula: the shard a guild's events arrive on."""
    return (guild_id >> 22) % count


@dataclass(frozen=True, slots=True)
class ShardPlan:
    """The shards of this process: ``ids`` out of ``count`` in all."""

    count: int
    ids: tuple[int, ...]

    def __post_init__(self) -> None:
        if self.count < 1 or not self.ids or any(not 0 <= s < self.count for s in self.ids):
            raise ValueError(f"shard ids must be 0..{self.count - 1}, got {list(self.ids)}")

    def owns(self, guild_id: int) -> bool:
        return shard_of(guild_id, self.count) in self.ids

    @property
    def slot(self) -> int:
        """This process's residue for ids (shard sets are disjoint, so slots are too)."""
        return min(self.ids)


class IdSpace:
    """Ids ``n`` with ``n % stride == slot``, increasing, starting above ``after``."""

    __slots__ = ("_next", "stride")

    def __init__(self, stride: int = 1, slot: int = 0, after: int = 0) -> None:
        self.stride = stride
        start = after + 1
        self._next = start + (slot - start) % stride

    def take(self) -> int:
        value = self._next
        self._next += self.stride
        return value

    def peek(self) -> int:
        return self._next

    def skip(self, count: int) -> None:
        self._next += count * self.stride


def default_owner() -> str:
    """A name for this process in the lease table: host and pid, readable in an incident, and
    a random tail, since a container restarted under the same hostname is pid 1 again and
    must not pass for the process it replaces."""
    return f"{socket.gethostname()}:{os.getpid()}:{secrets.token_hex(3)}"


class ShardLease:
    """Holds this process's shard leases: claimed before the games load, renewed every third
    of ``ttl``, released on a clean shutdown. ``on_lost`` is called (once) with the shards
    another process took after a renewal failed to keep them, e.g. after this process stalled
    for longer than ``ttl``: the caller must stop driving those games at once.

    Each lease is written with the plan's shard count: a claim is refused while another
    process holds a live lease under another count (:class:`ShardCountMismatch`). ``epochs``
    are the fencing tokens of the leases held (shard -> epoch).

    A lease is renewed only while the store can write (issue 38): a process whose writer
    cannot reach the database (an outage it has not yet recovered from) lets its leases run
    out, so that a process that can write may take its shards over; if one does, this process
    learns it at its next renewal or write and stops. ``fencing`` is set the moment the lease
    is found gone, before ``on_lost`` is called."""

    def __init__(
        self,
        store: GameStore,
        plan: ShardPlan,
        *,
        owner: str | None = None,
        clock: Callable[[], float],
        ttl: float = 60.0,
        on_lost: Callable[[Sequence[int]], None] | None = None,
        poll: float = 1.0,
        fencing: Fencing | None = None,
    ) -> None:
        self.store = store
        self.plan = plan
        self.owner = owner or default_owner()
        self.clock = clock
        self.ttl = ttl
        self.on_lost = on_lost
        #: seconds between two tries while waiting for leases (:meth:`claim` ``wait=True``)
        self.poll = poll
        self.epochs: dict[int, int] = {}
        self.fencing = fencing or Fencing()
        #: until when (``clock`` time) the lease is surely ours: ``ttl`` after the start of the
        #: last claim or renewal that kept it
        self.valid_until = 0.0
        self._task: asyncio.Task[None] | None = None

    async def _try(self) -> ShardOwned | None:
        """One claim of every shard of the plan, all or none: None when all are held, else
        why not (the leases taken meanwhile are given back, so that two waiting processes
        with overlapping shards cannot each hold half)."""
        asked = self.clock()
        leases = await self.store.lease_shards(
            self.plan.ids, self.owner, asked, self.ttl, self.plan.count
        )
        if leases.other_count is not None:
            return ShardCountMismatch(
                f"the database holds live shard leases for shard_count = {leases.other_count}, "
                f"this process has shard_count = {self.plan.count}: stop every process of the "
                f"old count (their leases expire within {self.ttl:.0f} s of them stopping) "
                "before starting one of the new count"  # untranslated: for the host's console
            )
        missing = sorted(set(self.plan.ids) - set(leases.held))
        if missing:
            await self.store.release_shards(list(leases.held), self.owner)
            return ShardOwned(
                f"shard(s) {', '.join(map(str, missing))} are owned by another running process; "
                f"its lease expires within {self.ttl:.0f} s of it stopping"  # untranslated: host's
            )
        self.epochs = dict(leases.held)
        self.valid_until = asked + self.ttl
        return None

    async def claim(self, *, wait: bool = False) -> None:
        """Take every lease of the plan, or raise :class:`ShardOwned` (or
        :class:`ShardCountMismatch`) saying why not. ``wait=True`` tries again every
        ``poll`` seconds instead, until the owner releases them (a clean shutdown) or lets
        them expire: a rolling restart starts the new process waiting, then stops the old."""
        told = False
        while (refused := await self._try()) is not None:
            if not wait:
                raise refused
            if not told:
                log.warning("waiting for the shard leases: %s", refused)
                told = True
            await asyncio.sleep(self.poll)
        if told:
            log.warning("shard(s) %s taken over", list(self.plan.ids))
        # from now on every write transaction checks these epochs (see Fence)
        self.store.fence = Fence(self.owner, self.epochs, self._fenced)
        self.fencing.lapsed = self.lapsed
        self._task = asyncio.get_running_loop().create_task(self._renew(), name="shard-lease")

    def _fenced(self) -> None:
        """A write found the leases taken: stop renewing and tell the owner of the process."""
        log.critical("a write found the shard leases of %s held by another process", self.owner)
        self.fencing.fence()
        if self._task is not None:
            self._task.cancel()
        if self.on_lost is not None:
            on_lost, self.on_lost = self.on_lost, None
            on_lost(list(self.plan.ids))

    async def renew(self) -> list[int]:
        """Renew now; returns the shards lost (empty when all are still held)."""
        asked = self.clock()
        leases = await self.store.lease_shards(
            self.plan.ids, self.owner, asked, self.ttl, self.plan.count
        )
        lost = sorted(s for s in self.plan.ids if leases.held.get(s, -1) != self.epochs.get(s, -2))
        if not lost:
            self.valid_until = asked + self.ttl
        return lost

    def lapsed(self) -> bool:
        """Whether the lease went unrenewed for its whole length (another process may hold
        it by now): the Discord parts write nothing meanwhile (:class:`Fencing`)."""
        return self.clock() >= self.valid_until

    async def _renew(self) -> None:
        while True:
            await asyncio.sleep(self.ttl / 3)
            if not self.store.writable():
                # holding shards whose games cannot be saved would keep every other process
                # from serving them: let the lease run out until the writer is back
                log.warning("shard lease not renewed: the database cannot be written")
                continue
            try:
                lost = await self.renew()
            except Exception:  # a database hiccup: try again at the next beat
                log.warning("shard lease renewal failed", exc_info=True)
                continue
            if lost:
                log.critical("lost the lease of shard(s) %s to another process", lost)
                self.fencing.fence()
                if self.on_lost is not None:
                    on_lost, self.on_lost = self.on_lost, None
                    on_lost(lost)
                return

    def renewing(self) -> bool:
        """Whether the renewal still runs (it stops when a lease is lost)."""
        return self._task is not None and not self._task.done()

    async def release(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
            self._task = None
        await self.store.release_shards(self.plan.ids, self.owner)
