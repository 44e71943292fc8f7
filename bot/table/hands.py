"""Hand-message tokens: which interaction token can still edit each player's hand message.

Ephemeral messages can only be edited through the interaction token that made them, and that
token dies after 15 minutes; :class:`HandHandle` remembers the newest token per player and
refuses to use one older than :data:`TOKEN_LIFETIME` (the player re-opens with **My hand** or
``/hand`` instead).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import discord

from bot.sessions import GameInfo
from bot.table.ended import ended_note
from bot.table.pictures import Pictures, show
from bot.table.ports import Clock, ManagerRef
from bot.table.snapshots import TOKEN_LIFETIME

#: the version part of a control's id (``:v12``)
_VERSION = re.compile(r":v[0-9]+")
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
    #: what the message shows now (a digest of its payload), when the bot last drew it here
    shown: int | None = None

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
        #: game id -> user id -> handle: a move looks at its own game's open hands only
        self.hands: dict[int, dict[int, HandHandle]] = {}

    def remember(
        self, interaction: discord.Interaction, info: GameInfo, focus: str | None = None
    ) -> None:
        self.hands.setdefault(info.id, {})[interaction.user.id] = HandHandle(
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
        open_hands = self.hands.get(info.id, {})
        for user_id, handle in list(open_hands.items()):
            if handle.version == info.version and info.status == "live":
                continue  # already shows this version (an ended game's is told once more)
            if not handle.fresh(now):
                del open_hands[user_id]
                continue
            seat = info.seat_of(user_id)
            if seat is None:
                continue
            embed, view = self.draw(info, state, seat, handle.focus)
            picture = await self.pictures.hand(info, state, seat)
            if picture is not None and await self.moved(info):
                return  # drawn for a state the game has left; the next refresh shows the new one
            note = ended_note(info, state)  # a game that is over says so, with the result
            digest = _digest(note, embed, view, picture)
            if digest == handle.shown:
                # another seat's move changed nothing this player sees: no request at all
                handle.version = info.version
                continue
            files = show(embed, picture)
            hook = discord.Webhook.partial(handle.application_id, handle.token, client=self.client)
            try:
                await hook.edit_message(  # type: ignore[call-overload]
                    "@original", content=note, embed=embed, view=view, attachments=files
                )
                handle.version, handle.shown = info.version, digest
            except discord.HTTPException:
                open_hands.pop(user_id, None)

    async def moved(self, info: GameInfo) -> bool:
        """Whether the game has moved past ``info`` (while a picture was being drawn)."""
        if self.manager is None:
            return False
        return (await self.manager().get(info.id)).version != info.version

    def forget(self, game_id: int) -> None:
        self.hands.pop(game_id, None)


def _digest(
    note: str | None, embed: discord.Embed, view: discord.ui.View, picture: discord.File | None
) -> int:
    """What a hand message would show, as a number: equal numbers, same message.

    The controls' ids name the version they were drawn at; they are compared without it. A
    hand left showing older ids is still right to click: the session manager applies a click
    from an older version whenever the seat has not acted since and the move is still legal,
    and identical controls mean the same legal moves.
    """
    art = picture.fp.getvalue() if picture is not None and hasattr(picture.fp, "getvalue") else b""
    controls = _VERSION.sub(":v", repr(view.to_components()))
    return hash((note, repr(embed.to_dict()), controls, art))
