"""The session manager and its vocabulary: ``from bot.sessions import SessionManager, ...``.

Where each behaviour lives (one file each, see ``bot.sessions.manager`` for how they fit):

* ``manager`` - :class:`SessionManager`: the games in memory, their locks, commit, notify, and
  the public operations, each a short composition of the parts below;
* ``types`` - the refusals (``SessionError`` family), the callback aliases and the constants,
  and the records of :mod:`bot.model` (``Seat``, ``GameInfo``, ``Update``, ``GuildSettings``,
  ``Deadline``, ``Cause``), which live there so that lower layers need not import this package;
* ``reads`` - :class:`~bot.sessions.reads.GameReads`, the queries (``manager.reads``);
* ``record`` - ``GameRecord`` (the in-memory owner of one game) and its row conversions;
* ``lobby`` - the lobby's rules (who may sit, add an AI, start, ...), pure functions;
* ``ai`` - the AI driver: AI seats' moves and turn-timeout takeovers, from observations;
* ``timers`` - turn timers: the pure planner, applying a plan, firing;
* ``loading`` - rows in, replayed records out (snapshot + tail), pure;
* ``stale`` - whether a click on an older hand still is the choice its player made;
* ``guilds`` - per-guild settings checks.
"""

from __future__ import annotations

import secrets  # the lobby seeds' source; tests replace ``bot.sessions.secrets``

from bot.sessions.manager import SessionManager
from bot.sessions.types import (
    NO_PEOPLE_LEFT,
    SNAPSHOT_EVERY,
    Cause,
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
    StorageUnreachable,
    Update,
    ai_moves_for,
    paused,
)

__all__ = [
    "NO_PEOPLE_LEFT",
    "SNAPSHOT_EVERY",
    "Cause",
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
    "StorageUnreachable",
    "Update",
    "ai_moves_for",
    "paused",
    "secrets",
]
