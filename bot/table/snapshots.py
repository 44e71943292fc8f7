"""Private snapshots: events the engine marks with a lifetime (``games.core.SnapshotHooks``).

Why apart: a snapshot is shown to its seats only, privately, and must fade on time even across a
restart, so this part keeps the shining snapshots in memory, writes one deadline row per
snapshot (the table's button) and per message shown (to fade it), and rebuilds itself from those
rows at start-up. What a snapshot looks like and every word around it are the renderer's.
"""

from __future__ import annotations

import contextlib
import logging
from dataclasses import dataclass
from typing import Any

import discord

from bot.controls import to_embed
from bot.i18n import translate
from bot.model import Deadline, GameInfo, Update
from bot.render import (
    TableContext,
)
from bot.render.base import SnapshotWording, renderer_for
from bot.sessions import SessionError
from bot.table.ports import Clock, TableManager
from games import Event, registry
from games.core import snapshot_lifetime

log = logging.getLogger(__name__)

#: the deadline kind of a snapshot's fade (renderers list older kinds in their wording)
FADE = "snapshot_fade"
#: an interaction token lives 15 minutes; stay clear of the edge
TOKEN_LIFETIME = 14 * 60


def fade_kinds() -> dict[str, SnapshotWording | None]:
    """Every deadline kind that fades a snapshot: :data:`FADE`, and the older kinds the
    registered games' renderers still accept, each with its renderer's wording (rows written
    before the fade text was stored in the row)."""
    kinds: dict[str, SnapshotWording | None] = {FADE: None}
    for game in registry.names():
        wording = renderer_for(game).snapshot_wording
        for kind in wording.legacy_fades:
            kinds[kind] = wording
    return kinds


@dataclass(frozen=True, slots=True)
class Snapshot:
    """A private snapshot that is still shining (in memory; its fade is a deadline row)."""

    key: tuple[int, int, int]  # (game, version, event index)
    event: Event
    due: float


def event_from(data: dict[str, Any]) -> Event:
    """An event back from its ``to_dict`` form (a deadline row's copy)."""
    visible = data.get("visible_to")
    return Event(
        kind=data["kind"],
        visible_to=None if visible is None else tuple(visible),
        data=data.get("data", {}),
    )


class Snapshots:
    def __init__(self, manager: TableManager, clock: Clock, client: discord.Client) -> None:
        self.manager = manager
        self.clock = clock
        self.client = client
        self._shining: dict[int, list[Snapshot]] = {}

    def active(self, game_id: int, seat: int | None = None) -> list[Snapshot]:
        """Snapshots still shining in a game; with ``seat``, only those that seat may see."""
        now = self.clock()
        found = [snap for snap in self._shining.get(game_id, []) if snap.due > now]
        if seat is None:
            return found
        return [snap for snap in found if snap.event.visible(seat) and snap.event.visible_to]

    def register(self, update: Update) -> list[Snapshot]:
        """The update's snapshot events, known once per (game, version, event index); an
        update that starts a new hand puts out the snapshots of the last one."""
        info = update.info
        engine = registry.get(info.game)
        known = self._shining.setdefault(info.id, [])
        render = renderer_for(info.game)
        if known and any(render.ends_snapshots(event) for event in update.events):
            # the cards an older snapshot showed are out of play (the renderer's snapshot
            # policy: a new hand), so it stops shining and its button leaves the table
            known[:] = [snap for snap in known if snap.key[1] >= info.version]
        found = []
        for index, event in enumerate(update.events):
            lifetime = snapshot_lifetime(engine, event)
            if lifetime is None:
                continue
            key = (info.id, info.version, index)
            existing = next((snap for snap in known if snap.key == key), None)
            if existing is None:
                existing = Snapshot(key=key, event=event, due=self.clock() + lifetime)
                known.append(existing)
            found.append(existing)
        return found

    async def added(self, update: Update) -> None:
        """Schedule the table's refresh when new snapshots fade. The row carries the snapshot
        event, so a restarted bot still knows which seats may look until the fade."""
        if update.info.status != "live":
            return
        for snap in self.register(update):
            if snap.key[1] != update.info.version:
                continue
            data = {"table": True, "key": list(snap.key), "event": snap.event.to_dict()}
            with contextlib.suppress(SessionError):  # the game ended: nothing left to fade
                await self.manager.add_deadline(update.info.id, FADE, snap.due, data)

    def restore(self, deadline: Deadline) -> None:
        """A pending fade row after a restart: the snapshot it names shines again."""
        event = deadline.data.get("event")
        if not event:
            return
        key = tuple(deadline.data["key"])
        snap = Snapshot(key=key, event=event_from(event), due=deadline.due)
        self._shining.setdefault(deadline.game_id, []).append(snap)

    async def send(
        self,
        interaction: discord.Interaction,
        info: GameInfo,
        ctx: TableContext,
        seat: int,
        snap: Snapshot,
        *,
        followup: bool,
    ) -> None:
        """Show ``snap`` to the clicking seat privately, and schedule its fade."""
        render = renderer_for(info.game)
        embed_spec = render.snapshot(ctx, snap.event, seat)
        if embed_spec is None:
            return
        wording = render.snapshot_wording
        embed = to_embed(embed_spec)
        seconds = max(1, round(snap.due - self.clock()))  # never "fades in about 0 s"
        # the reader's language (the interaction's); the template is translated before its
        # {seconds} is filled
        content = str(translate(wording.shining)).format(seconds=seconds)
        if followup:
            message = await interaction.followup.send(
                content=content, embed=embed, ephemeral=True, wait=True
            )
            target: str = str(message.id)
        else:
            await interaction.response.send_message(content=content, embed=embed, ephemeral=True)
            target = "@original"
        await self.manager.add_deadline(
            info.id,
            FADE,
            snap.due,
            {
                "application_id": interaction.application_id,
                "token": interaction.token,
                "message": target,
                "issued": self.clock(),
                "faded": translate(wording.faded),  # kept in the reader's language
            },
        )

    async def on_fade(self, deadline: Deadline, wording: SnapshotWording | None = None) -> bool:
        """A snapshot's time is up: replace the message by the faded note (the row's, or for a
        row written before it carried one, ``wording``'s). True when the table shows the
        snapshot's button, so that the caller has the publisher draw it again without."""
        data = dict(deadline.data)
        token = data.get("token")
        faded = data.get("faded") or (wording or SnapshotWording()).faded
        if token and self.clock() - float(data.get("issued", 0)) < TOKEN_LIFETIME:
            hook = discord.Webhook.partial(int(data["application_id"]), token, client=self.client)
            message = data.get("message", "@original")
            try:
                await hook.edit_message(message, content=faded, embeds=[])
            except discord.HTTPException:
                log.info("could not fade a snapshot message of game %s", deadline.game_id)
        now = self.clock()
        if deadline.game_id in self._shining:
            self._shining[deadline.game_id] = [
                snap for snap in self._shining[deadline.game_id] if snap.due > now
            ]
        return bool(data.get("table"))

    def forget(self, game_id: int) -> None:
        self._shining.pop(game_id, None)
