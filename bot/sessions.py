"""The session manager: the one owner of every live game.

This file fixes the seam between the Discord layer (cogs, components) and the durable game
store, so both sides can be built at once. Names and signatures here are the contract; the
implementation may add to them but must not rename them.

Guarantees the implementation gives:

* One owner per game serialises its actions (a per-game lock held by a strong reference, or an
  actor). An action is validated by the engine, then written with its new version in one SQLite
  transaction **before** any caller or listener hears of it.
* ``version`` counts the actions accepted since the game started (0 right after ``start``).
  ``act(..., expected_version=v)`` is refused with :class:`StaleVersion` unless ``v`` equals the
  current version, so a double click or an old button is never applied twice.
* Listeners hear of every committed change (a player's act, an AI seat's move, a turn timeout,
  start, end) in version order per game, after the commit, outside the game's lock.
* AI seats move by themselves: after every change, while the seats to act include AI seats, the
  manager asks the policy (off the event loop) and applies its move.
* Deadlines (turn timers, the Lighthouse fade, bluff windows) are rows in the database served by
  one dispatcher task, so they survive a restart.
* All unfinished games (lobbies and live games) are loaded at start-up.

How (and why) it is built:

* **State in memory, log on disk.** Each lobby/live game is a ``GameRecord`` held in a dict (the
  strong reference that keeps its ``asyncio.Lock`` alive); its engine state is never re-read
  from the database while it is live. Start-up loads every unfinished game as its last snapshot
  plus the actions after it, replayed through the engine; a snapshot is written in the same
  transaction as every ``snapshot_every``-th action, so a reload replays only a few actions.
* **Commit, then memory, then listeners.** ``act`` validates with the engine (an
  ``IllegalAction`` reaches the caller unchanged), queues the rows, and waits for the group
  commit while holding the game's lock; only then does the in-memory state move and the
  update go to the game's listener queue. If the caller is cancelled after the rows were
  queued, the wait is finished anyway (the move stands, memory follows the log) and the
  cancellation is re-raised afterwards.
* **Listeners** run in one drain task per game, fed in version order under the lock, so a slow
  or failing listener (logged) never holds the lock or another game.
* **AI seats and turn timers** go through the same ``_apply`` path as a person (causes "ai" and
  "timeout"); the policy runs in an executor on a state snapshot, and its move is dropped if the
  version moved meanwhile. Turn timers are deadline rows written in the same transaction as
  the move that starts or ends them, so after a crash they exist exactly when they should.
* **Engine-agnostic**: engines come from ``games.registry`` (or an injected lookup); nothing
  here knows a rule. Options are validated by the engine's ``Options`` model; the host's keys
  are stored in their JSON form and passed to ``new_game``.

Where each part lives (small modules, one subject each; every public name is re-exported
here, so callers keep importing from ``bot.sessions``):

* ``bot.session_types`` - the refusals (``SessionError`` family), ``Seat``, ``GameInfo``,
  ``Update``, ``GuildSettings``, ``Deadline``, the callback aliases and the constants.
* ``bot.session_record`` - ``GameRecord`` (the in-memory owner of one game) and its row.
* ``bot.session_core`` - the manager's fields and shared steps (commit, notify, save).
* ``bot.session_loading`` - start-up loading and rebuilding closed games by replay.
* ``bot.session_lobby``, ``bot.session_play``, ``bot.session_autoplay``,
  ``bot.session_queries``, ``bot.session_settings``, ``bot.session_deadlines`` - the
  operations, one mixin each, put together by :class:`SessionManager` below.
"""

from __future__ import annotations

import asyncio
import secrets
import time
from collections.abc import Callable
from concurrent.futures import Executor
from pathlib import Path
from typing import Any

from bot.session_autoplay import AutoplayMixin
from bot.session_deadlines import DeadlinesMixin
from bot.session_loading import LoadingMixin
from bot.session_lobby import LobbyMixin
from bot.session_play import PlayMixin
from bot.session_queries import QueriesMixin
from bot.session_settings import SettingsMixin
from bot.session_types import (
    NO_PEOPLE_LEFT,
    SNAPSHOT_EVERY,
    Deadline,
    DeadlineHandler,
    GameInfo,
    GameNotFound,
    GuildSettings,
    Listener,
    LobbyError,
    NotAllowed,
    Policy,
    Seat,
    SessionError,
    StaleVersion,
    Status,
    Update,
)
from bot.store import Store
from games import registry

__all__ = [
    "NO_PEOPLE_LEFT",
    "SNAPSHOT_EVERY",
    "Deadline",
    "DeadlineHandler",
    "GameInfo",
    "GameNotFound",
    "GuildSettings",
    "Listener",
    "LobbyError",
    "NotAllowed",
    "Policy",
    "Seat",
    "SessionError",
    "SessionManager",
    "StaleVersion",
    "Status",
    "Update",
]


class SessionManager(
    LobbyMixin,
    PlayMixin,
    AutoplayMixin,
    QueriesMixin,
    SettingsMixin,
    DeadlinesMixin,
    LoadingMixin,
):
    """See the module docstring. Every method raises :class:`SessionError` subclasses (or
    ``games.IllegalAction`` / ``games.BadOptions``) with a readable message and changes nothing
    when it refuses."""

    @classmethod
    async def open(
        cls,
        path: str | Path,
        *,
        policy: Policy | None = None,
        engines: Callable[[str], Any] | None = None,
        clock: Callable[[], float] = time.time,
        executor: Executor | None = None,
        snapshot_every: int = SNAPSHOT_EVERY,
        synchronous: str = "FULL",
        autoplay: bool = True,
    ) -> SessionManager:
        """Open (creating or migrating) the database and load every unfinished game.

        ``engines`` maps a game name to its engine (default ``games.registry.get``); tests
        inject their own. ``policy`` replaces the AI levels' policies for every AI seat.
        ``autoplay=False`` opens without AI moves and without firing deadlines, so that
        inspecting a database (an export, a consistency check) never changes it.
        """
        store = await Store.open(path, synchronous=synchronous)
        self = cls(
            store,
            policy=policy,
            engines=engines or registry.get,
            clock=clock,
            executor=executor,
            snapshot_every=snapshot_every,
        )
        try:
            await self._load()
        except BaseException:
            await store.close()
            raise
        self._autoplay = autoplay
        if autoplay:
            self._deadlines.start()
            for g in self._games.values():
                self._kick_ai(g)
        return self

    async def close(self) -> None:
        """Finish in-flight commits, stop AI and deadline tasks, close the database."""
        if self._closing:
            return
        self._closing = True
        await self._deadlines.stop()
        for task in list(self._tasks):
            if task.get_name().startswith("ai-"):
                task.cancel()
        if self._tasks:
            await asyncio.gather(*self._tasks, return_exceptions=True)
        await self._store.close()
        if self._own_executor:
            self._executor.shutdown(wait=False, cancel_futures=True)

    def add_listener(self, listener: Listener) -> None:
        self._listeners.append(listener)

    async def settle(self) -> None:
        """Wait until no AI move, listener call or fired deadline is in progress (for tests and
        for a clean shutdown); new work started meanwhile is waited for too."""
        while True:
            pending = [t for t in self._tasks if not t.done()] + list(self._deadlines._running)
            if not pending:
                return
            await asyncio.gather(*pending, return_exceptions=True)

    def _fresh_seed(self) -> int:
        """A new lobby's random 63-bit seed. Drawn here, from this module's ``secrets``, so
        that a test can make the deals repeatable by replacing ``bot.sessions.secrets``."""
        return secrets.randbits(63)
