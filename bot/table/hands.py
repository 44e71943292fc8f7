"""Hand-message tokens: which interaction token can still edit each player's hand message.

Ephemeral messages can only be edited through the interaction token that made them, and that
token dies after 15 minutes; :class:`HandHandle` remembers the newest token per player and
refuses to use one older than :data:`TOKEN_LIFETIME` (the player re-opens with **My hand** or
``/hand`` instead).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import discord

from bot.sessions import GameInfo
from bot.table.ended import ended_note
from bot.table.pictures import Pictures, show
from bot.table.ports import Clock, ManagerRef
from bot.table.snapshots import TOKEN_LIFETIME

#: draws a hand message: (info, state, seat, focus) -> (embed, view)
HandDrawer = Callable[[GameInfo, Any, int, "str | None"], tuple[discord.Embed, discord.ui.View]]


@dataclass(slots=True)
class HandHandle:
    """The newest interaction token whose ``@original`` is a player's hand message."""

    application_id: int
    token: str
    created: float
    version: int
    #: the nav focus the message shows (kept when other seats' moves refresh it)
    focus: str | None = None

    def fresh(self, now: float) -> bool:
        return now - self.created < TOKEN_LIFETIME


class HandTokens:
    def __init__(
        self,
        clock: Clock,
        client: discord.Client,
        draw: HandDrawer,
        pictures: Pictures,
        manager: ManagerRef | None = None,
    ) -> None:
        self.pictures = pictures
        self.manager = manager
        self.clock = clock
        self.client = client
        self.draw = draw
        self.hands: dict[tuple[int, int], HandHandle] = {}

    def remember(
        self, interaction: discord.Interaction, info: GameInfo, focus: str | None = None
    ) -> None:
        self.hands[(info.id, interaction.user.id)] = HandHandle(
            application_id=interaction.application_id,
            token=interaction.token,
            created=self.clock(),
            version=info.version,
            focus=focus,
        )

    async def refresh(self, info: GameInfo, state: Any) -> None:
        """Edit the open hand messages of this game whose tokens are still alive: those drawn
        at an older version, and every one when the game is over (an admin's end does not move
        the version, yet the hand must stop saying whose turn it is)."""
        now = self.clock()
        for (game_id, user_id), handle in list(self.hands.items()):
            if game_id != info.id:
                continue
            if handle.version == info.version and info.status == "live":
                continue  # already shows this version (an ended game's is told once more)
            if not handle.fresh(now):
                del self.hands[(game_id, user_id)]
                continue
            seat = info.seat_of(user_id)
            if seat is None:
                continue
            embed, view = self.draw(info, state, seat, handle.focus)
            picture = await self.pictures.hand(info, state, seat)
            if picture is not None and await self.moved(info):
                return  # drawn for a state the game has left; the next refresh shows the new one
            files = show(embed, picture)
            note = ended_note(info, state)  # a game that is over says so, with the result
            hook = discord.Webhook.partial(handle.application_id, handle.token, client=self.client)
            try:
                await hook.edit_message(  # type: ignore[call-overload]
                    "@original", content=note, embed=embed, view=view, attachments=files
                )
                handle.version = info.version
            except discord.HTTPException:
                self.hands.pop((game_id, user_id), None)

    async def moved(self, info: GameInfo) -> bool:
        """Whether the game has moved past ``info`` (while a picture was being drawn)."""
        if self.manager is None:
            return False
        return (await self.manager().get(info.id)).version != info.version

    def forget(self, game_id: int) -> None:
        for key in [k for k in self.hands if k[0] == game_id]:
            del self.hands[key]
