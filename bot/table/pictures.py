"""Pictures of the table and of each hand, attached to the messages that already carry the text.

Why a part of its own: drawing takes milliseconds of CPU, so it runs in a worker thread (never on
the event loop), and each picture is drawn once per (game, version, seat) however many messages
show it (the table edit, every refresh of a player's hand). Secrecy is the same as the text's:
the table picture is drawn from the public view, a hand picture from that seat's own view, and a
hand picture only ever goes into that player's ephemeral message. The text stays complete, so
nothing is lost where pictures are off or blocked. Whether a table gets pictures is the
server's choice (``/admin settings pictures``) where it made one, else the bot's config
(``[tables] pictures``), asked each time so a changed setting applies from the next message.
"""

from __future__ import annotations

import asyncio
import functools
import io
from collections.abc import Awaitable, Callable
from typing import Any

import discord

from bot.i18n import current_locale, texts
from bot.model import GameInfo
from bot.render.base import renderer_for
from bot.render.images import ImageCache
from bot.table.ended import OVER
from bot.table.presentation import Framed, seat_label
from games import registry

_, _n = texts()

TABLE_FILE = "table.png"
HAND_FILE = "hand.png"
#: the longest alt text (an attachment's description) Discord takes
MAX_ALT = 1024


#: a server's own choice of pictures (``None``: it made none); the manager's guild settings
GuildChoice = Callable[[int], Awaitable[bool | None]]


async def _no_choice(guild_id: int) -> bool | None:
    return None


class Pictures:
    def __init__(
        self, enabled: bool = True, cache_size: int = 512, guild_choice: GuildChoice = _no_choice
    ) -> None:
        self.enabled = enabled
        self._guild_choice = guild_choice
        self._cache = ImageCache(cache_size)

    def cache_stats(self) -> tuple[int, int]:
        """The picture cache's hits and misses so far (the metrics read them)."""
        return self._cache.hits, self._cache.misses

    async def wanted(self, guild_id: int) -> bool:
        """Whether this server's tables get pictures: its own setting, else the config's."""
        choice = await self._guild_choice(guild_id)
        return self.enabled if choice is None else choice

    async def table(self, info: GameInfo, state: Any) -> discord.File | None:
        """The public table picture, or ``None`` (pictures off, no state, no drawer)."""
        drawer = renderer_for(info.game).pictures
        if drawer is None or state is None or not await self.wanted(info.guild_id):
            return None
        view = registry.get(info.game).view(state, None)
        names = [seat_label(s) for s in info.seats]
        data = await asyncio.to_thread(
            self._cache.get,
            info.id,
            info.version,
            None,
            lambda: drawer.table_image(view, names),
            current_locale(),  # drawn in the table's language: one picture per language
        )
        if data is None:
            return None
        alt = _(
            "{game} table: {header}",
            game=registry.get(info.game).title,
            header=drawer.table_header(view, names),
        )
        return discord.File(io.BytesIO(data), TABLE_FILE, description=alt[:MAX_ALT])

    async def hand(self, info: GameInfo, state: Any, seat: int) -> discord.File | None:
        """Seat ``seat``'s own hand picture, for that player's ephemeral message only; none once
        the game is over (the hand is then one line)."""
        drawer = renderer_for(info.game).pictures
        if drawer is None or state is None or info.status in OVER:
            return None
        if not await self.wanted(info.guild_id):
            return None
        view = registry.get(info.game).view(state, seat)
        names = [seat_label(s) for s in info.seats]
        drawn = drawer.hand_key(view, names)
        key = info.version if drawn is None else ("hand", drawn)
        data = await asyncio.to_thread(
            self._cache.get,
            info.id,
            key,
            seat,
            lambda: drawer.hand_image(view, names),
            current_locale(),  # the owner's language: a German and a French hand differ
        )
        if data is None:
            return None
        return discord.File(io.BytesIO(data), HAND_FILE, description=hand_alt(info, view, seat))

    def forget(self, game_id: int) -> None:
        self._cache.forget(game_id)


def hand_alt(info: GameInfo, view: Any, seat: int) -> str:
    """A hand picture's alt text, for screen readers: the seat's cards in the renderer's words
    (``card_long``, as its menus write them); only ever sent with that seat's own picture."""
    cards = [str(c) for c in (view.get("hand") or []) if c is not None]
    said = ", ".join(_card_long(info.game, c) for c in cards) or _("no cards")
    text = _n(
        "{name}'s hand, {n} card: {cards}",
        "{name}'s hand, {n} cards: {cards}",
        len(cards),
        name=seat_label(info.seats[seat]),
        cards=said,
    )
    return text if len(text) <= MAX_ALT else text[: MAX_ALT - 1] + "…"


@functools.lru_cache(maxsize=4096)
def _said(game: str, locale: str, code: str) -> str:
    """``renderer_for(game).card_long(code)`` said in ``locale`` (the current language, which it
    speaks in: the argument keys the cache). Why remembered: the same few dozen cards are said
    in every alt text, and saying one goes through the catalogs (~0.2 ms a hand; issue 36)."""
    return renderer_for(game).card_long(code)


def _card_long(game: str, code: str) -> str:
    """A card's words in the current language, for the alt text."""
    return _said(game, current_locale(), code)


def show(embed: discord.Embed, file: discord.File | None) -> list[discord.File]:
    """Point the embed at the attached picture, in its brief form where it has one (the
    picture shows the rest); the attachments to send with it."""
    if file is None:
        return []
    brief = embed.brief if isinstance(embed, Framed) else None
    if brief is not None:
        embed.description = brief.description
        embed.clear_fields()
        for f in brief.fields:
            embed.add_field(name=f.name or "", value=f.value or "", inline=bool(f.inline))
    embed.set_image(url=f"attachment://{file.filename}")
    return [file]
