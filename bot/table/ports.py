"""What the table parts need from the session manager, as a Protocol.

Why: each part of :mod:`bot.table` is handed the manager through its constructor and uses only
these methods, so a part can be built and tested with any object that has them, and the parts
never reach for other services through the bot. ``bot.sessions.SessionManager`` satisfies it.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Mapping
from typing import Any, Protocol

from bot.model import Deadline, GameInfo, Hint, Update
from bot.store import ActionRow, GameStore


class TableManager(Protocol):
    async def get(self, game_id: int) -> GameInfo: ...

    async def state(self, game_id: int) -> tuple[GameInfo, Any]: ...

    async def act(
        self, game_id: int, seat: int, code: str, expected_version: int | None
    ) -> Update: ...

    async def act_from(self, game_id: int, seat: int, code: str, seen_version: int) -> Update: ...

    async def actions(self, game_id: int) -> list[ActionRow]: ...

    async def back(self, game_id: int, user_id: int) -> Update: ...

    async def step_away(self, game_id: int, user_id: int) -> Update: ...

    async def hint(self, game_id: int, user_id: int) -> Hint: ...

    async def add_deadline(
        self, game_id: int, kind: str, due: float, data: Mapping[str, Any] | None = None
    ) -> int: ...

    async def cancel_deadline(self, deadline_id: int) -> bool: ...

    async def deadlines(self, game_id: int | None = None) -> list[Deadline]: ...

    def turn_clock(self, info: GameInfo) -> int: ...

    @property
    def store(self) -> GameStore: ...


#: the current unix time (tests hand in a fake clock shared with the manager's deadlines)
Clock = Callable[[], float]
#: an async step run on a Discord interaction
Work = Callable[[], Awaitable[None]]
