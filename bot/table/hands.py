"""Hand-message tokens: which interaction token can still edit each player's hand message.

Ephemeral messages can only be edited through the interaction token that made them, and that
token dies after 15 minutes; :class:`HandHandle` remembers the newest token per player and
refuses to use one older than :data:`TOKEN_LIFETIME` (the player re-opens with **My hand** or
``/hand`` instead).

Why some refreshes wait: every edit of a hand is a REST request (about a millisecond of the
bot's CPU, and a share of Discord's rate limits). A hand whose controls change (the seat's turn
begins or ends, its cards or legal moves change, the game ends) is redrawn at once; a hand that
only shows context (another seat's card on the trick, the scores) while its seat keeps waiting
is redrawn at most every ``context_seconds``, and :meth:`HandTokens.refresh` says when the
next such redraw is due so that it is not forgotten.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import discord
from discord.http import handle_message_parameters
from discord.webhook.async_ import async_context

from bot.i18n import ENGLISH, private_locale, speaking
from bot.model import Fencing, GameInfo
from bot.sessions import GameNotFound
from bot.table.pictures import Pictures, show
from bot.table.ports import Clock, TableManager
from bot.table.snapshots import TOKEN_LIFETIME
from games import registry

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
    #: the seat's legal moves when the message was last drawn (None: unknown)
    controls: tuple[str, ...] | None = None
    #: when the message was last drawn (by an answer or a refresh)
    drawn: float = 0.0
    #: the owner's language (their Discord locale when they opened it): a refresh after
    #: another seat's move is written in it, not in the table's
    locale: str = ENGLISH

    def fresh(self, now: float) -> bool:
        return now - self.created < TOKEN_LIFETIME


class HandTokens:
    def __init__(
        self,
        clock: Clock,
        client: discord.Client,
        draw: HandDrawer,
        pictures: Pictures,
        manager: TableManager | None = None,
        context_seconds: float = 0.0,
        fencing: Fencing | None = None,
    ) -> None:
        self.context_seconds = context_seconds
        #: set once another process serves these games: no hand is edited from then on
        self.fencing = fencing or Fencing()
        self.pictures = pictures
        self.manager = manager
        self.clock = clock
        self.client = client
        self.draw = draw
        #: game id -> user id -> handle: a move looks at its own game's open hands only
        self.hands: dict[int, dict[int, HandHandle]] = {}

    def remember(
        self,
        interaction: discord.Interaction,
        info: GameInfo,
        focus: str | None = None,
        state: Any = None,
    ) -> None:
        """The hand message ``interaction`` just drew (with ``state``, the moves it offers)."""
        now = self.clock()
        seat = info.seat_of(interaction.user.id)
        controls = None
        if state is not None and seat is not None:
            controls = _controls(info, state, seat)
        self.hands.setdefault(info.id, {})[interaction.user.id] = HandHandle(
            application_id=interaction.application_id,
            token=interaction.token,
            created=now,
            version=info.version,
            focus=focus,
            controls=controls,
            drawn=now,
            locale=private_locale(interaction.locale),
        )

    def redraw(self, game_id: int) -> None:
        """Have the next refresh draw every open hand of the game again, although the game
        has not moved (something the hands show besides the game changed)."""
        for handle in self.hands.get(game_id, {}).values():
            handle.version = -1

    def active(self, game_id: int, user_id: int, within: float) -> bool:
        """Whether ``user_id`` used their hand in this game less than ``within`` seconds ago
        (and can still be shown their turn there): they are at the table."""
        handle = self.hands.get(game_id, {}).get(user_id)
        return handle is not None and self.clock() - handle.created < min(within, TOKEN_LIFETIME)

    async def refresh(self, info: GameInfo, state: Any) -> float | None:
        """Edit the open hand messages of this game whose tokens are still alive: those drawn
        at an older version, and every one when the game is over (an admin's end does not move
        the version, yet the hand must stop saying whose turn it is). A hand whose controls
        are unchanged waits until ``context_seconds`` after it was last drawn; returns the
        clock time the earliest such wait ends (None: nothing waits)."""
        now = self.clock()
        open_hands = self.hands.get(info.id, {})
        due: float | None = None
        if self.fencing.fenced:
            return None
        if info.status == "live" and await self.moved(info):
            return None  # the change since is refreshed by its own publish, from fresh state
        for user_id, handle in list(open_hands.items()):
            if handle.version == info.version and info.status == "live":
                continue  # already shows this version (an ended game's is told once more)
            if not handle.fresh(now):
                del open_hands[user_id]
                continue
            seat = info.seat_of(user_id)
            if seat is None:
                continue
            controls = _controls(info, state, seat)
            if (
                info.status == "live"
                and self.context_seconds > 0
                and controls == handle.controls
                and now < handle.drawn + self.context_seconds
            ):
                later = handle.drawn + self.context_seconds
                due = later if due is None else min(due, later)
                continue  # only context changed: it catches up at ``later``
            with speaking(handle.locale):  # the owner's language, whoever moved
                embed, view = self.draw(info, state, seat, handle.focus)
                picture = await self.pictures.hand(info, state, seat)
            if picture is not None and await self.moved(info):
                return due  # drawn for a state the game has left; the next refresh shows it
            # no note above the hand: a game that is over says so in the hand itself, one line
            digest = _digest(None, embed, view, picture)
            if digest == handle.shown:
                # another seat's move changed nothing this player sees: no request at all
                handle.version, handle.controls = info.version, controls
                continue
            files = show(embed, picture)
            if self.fencing.fenced:  # found out while this hand was drawn
                return None
            try:
                await edit_original(
                    self.client, handle.application_id, handle.token, None, embed, view, files
                )
                handle.version, handle.shown, handle.drawn = info.version, digest, now
                handle.controls = controls  # only once the message shows them
            except discord.HTTPException:
                open_hands.pop(user_id, None)
        return due

    async def moved(self, info: GameInfo) -> bool:
        """Whether the game has moved past ``info`` (while a picture was drawn, or the table
        written): a move, or a seat stepping away or coming back, which changes no version."""
        if self.manager is None:
            return False
        try:
            now = await self.manager.get(info.id)
        except GameNotFound:  # closed meanwhile
            return True
        return now.version != info.version or now.seats != info.seats

    def forget(self, game_id: int) -> None:
        self.hands.pop(game_id, None)


def _controls(info: GameInfo, state: Any, seat: int) -> tuple[str, ...]:
    """The moves a hand offers its seat now (none while the game is not live or the seat is
    away): when these change, the hand is redrawn at once."""
    if info.status != "live" or info.seats[seat].away:
        return ()
    return tuple(a.code for a in registry.get(info.game).legal_actions(state, seat))


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


async def edit_original(
    client: discord.Client,
    application_id: int,
    token: str,
    note: str | None,
    embed: discord.Embed,
    view: discord.ui.View,
    files: list[discord.File],
) -> None:
    """PATCH an interaction's own message (a hand) through its token. The same request as
    discord.py's ``Webhook.edit_message``, without parsing the answer into a message nobody
    reads (a refresh is one of the few requests a move costs); the controls are restart-safe
    dynamic items, so there is no view to store."""
    hook = discord.Webhook.partial(application_id, token, client=client)
    with handle_message_parameters(
        content=note,
        embed=embed,
        view=view,
        attachments=files,
        previous_allowed_mentions=client.allowed_mentions,
    ) as params:
        await async_context.get().edit_webhook_message(
            hook.id,
            token,
            "@original",  # type: ignore[arg-type]  # the interaction's own message
            session=hook.session,
            proxy=hook.proxy,
            proxy_auth=hook.proxy_auth,
            payload=params.payload,
            multipart=params.multipart,
            files=params.files,
            with_components=True,
        )
