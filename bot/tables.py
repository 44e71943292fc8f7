"""Live tables: the hand messages, player actions, the table message and Lighthouse snapshots.

Why one service: cogs and components stay four-liners (parse, answer, call, render) while the
rules of *presentation* (who may see what, when an ephemeral may still be edited, what a stale
click answers) live here once. Nothing here decides a game rule: actions go to the session
manager, which asks the engine.

Ephemeral messages can only be edited through the interaction token that made them, and that
token dies after 15 minutes; :class:`HandHandle` remembers the newest token per player and
refuses to use one older than :data:`TOKEN_LIFETIME` (the player re-opens with **My hand** or
``/hand`` instead).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections import deque
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import discord

from bot import components
from bot.render import EmbedSpec, TableContext, module_for, render_hand, timer_for
from bot.sessions import GameInfo, GameNotFound, NotAllowed, SessionError, StaleVersion, Update
from games import Event, IllegalAction, registry

if TYPE_CHECKING:
    from bot.client import TidewaterBot

log = logging.getLogger(__name__)

#: an interaction token lives 15 minutes; stay clear of the edge
TOKEN_LIFETIME = 14 * 60
LOG_LINES = 6
FADE = "lighthouse_fade"
#: the deadline kind of a renderer's timed window (guide: timed windows)
TIMER = "timed_window"
MOVED_ON = "The table has moved on: here is your hand as it is now."
FADED = "🌫️ The light fades."


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


@dataclass(frozen=True, slots=True)
class Light:
    """A Lighthouse snapshot that is still shining (in memory; its fade is a deadline row)."""

    key: tuple[int, int, int]  # (game, version, event index)
    event: Event
    due: float


@dataclass(slots=True)
class Window:
    """An open timed window of a game: its key, when it is due, and its deadline row."""

    key: str
    due: float
    deadline_id: int | None = None
    fired: bool = False


class Tables:
    def __init__(self, bot: TidewaterBot, clock: Callable[[], float] = time.time) -> None:
        self.bot = bot
        #: the same clock as the session manager's deadlines (tests inject a fake one)
        self.clock = clock
        self.hands: dict[tuple[int, int], HandHandle] = {}
        self.lights: dict[int, list[Light]] = {}
        self.logs: dict[int, deque[str]] = {}
        self.windows: dict[int, dict[str, Window]] = {}
        self._window_locks: dict[int, asyncio.Lock] = {}

    # ---- rendering -----------------------------------------------------------------------
    def context(self, info: GameInfo) -> TableContext:
        engine = registry.get(info.game)
        return TableContext(
            game_id=info.id,
            title=engine.title,
            names=tuple(s.name for s in info.seats),
            user_ids=tuple(s.user_id for s in info.seats),
            status=info.status,
            options=dict(info.options),
            log=tuple(self.logs.get(info.id, ())),
            timers=self.timers(info.id),
        )

    def timers(self, game_id: int) -> dict[str, float]:
        """Open timed windows still counting down: key -> due unix time."""
        return {k: w.due for k, w in self.windows.get(game_id, {}).items() if not w.fired}

    def active_lights(self, game_id: int, seat: int | None = None) -> list[Light]:
        now = self.clock()
        lights = [light for light in self.lights.get(game_id, []) if light.due > now]
        if seat is None:
            return lights
        return [light for light in lights if light.event.visible(seat) and light.event.visible_to]

    def table_message(self, info: GameInfo, state: Any) -> tuple[discord.Embed, discord.ui.View]:
        engine = registry.get(info.game)
        render = module_for(info.game)
        spec: EmbedSpec = render.table(
            self.context(info), engine.view(state, None), engine.result(state), engine.to_act(state)
        )
        live = info.status == "live"
        people = {s.seat for s in info.seats if not s.is_ai}
        shining = any(
            people & set(light.event.visible_to or ()) for light in self.active_lights(info.id)
        )
        view = components.table_view(info.id, light=live and shining)
        if not live:
            view = discord.ui.View(timeout=None)
        return components.to_embed(spec), view

    def hand_message(
        self, info: GameInfo, state: Any, seat: int, focus: str | None = None
    ) -> tuple[discord.Embed, discord.ui.View]:
        """The hand at ``focus`` (a nav's; None = the top level), for renderers that take it."""
        engine = registry.get(info.game)
        render = module_for(info.game)
        legal = engine.legal_actions(state, seat) if info.status == "live" else []
        ctx = self.context(info)
        spec = render_hand(render, ctx, engine.view(state, seat), seat, legal, focus)
        if info.status != "live":
            spec = type(spec)(embed=spec.embed)
        light = info.status == "live" and bool(self.active_lights(info.id, seat))
        view = components.hand_view(info.id, seat, info.version, spec, light=light)
        return components.to_embed(spec.embed), view

    # ---- updates (called by the publisher for every committed change) ----------------------
    def note_update(self, update: Update) -> None:
        """Keep the public log and register Lighthouse snapshots; idempotent per version."""
        info = update.info
        render = module_for(info.game)
        ctx = self.context(info)
        lines = self.logs.setdefault(info.id, deque(maxlen=LOG_LINES))
        clears = getattr(render, "clears_log", None)
        for event in update.events:
            if clears is not None and clears(event):
                lines.clear()
            if event.visible_to is None:
                line = render.event_line(ctx, event, None)
                if line:
                    lines.append(line)
        self._register_lights(update)

    def _register_lights(self, update: Update) -> list[Light]:
        info = update.info
        render = module_for(info.game)
        ctx = self.context(info)
        known = self.lights.setdefault(info.id, [])
        found = []
        for index, event in enumerate(update.events):
            if not event.visible_to:
                continue
            shown = render.snapshot(ctx, event, event.visible_to[0])
            if shown is None:
                continue
            key = (info.id, info.version, index)
            existing = next((light for light in known if light.key == key), None)
            if existing is None:
                existing = Light(key=key, event=event, due=self.clock() + shown[1])
                known.append(existing)
            found.append(existing)
        return found

    async def light_added(self, update: Update) -> None:
        """Schedule the table's refresh when new lights fade. The row carries the snapshot
        event, so a restarted bot still knows which seats may look until the fade."""
        if update.info.status != "live":
            return
        for light in self._register_lights(update):
            if light.key[1] != update.info.version:
                continue
            data = {"table": True, "key": list(light.key), "event": light.event.to_dict()}
            with contextlib.suppress(SessionError):  # the game ended: nothing left to fade
                await self.bot.manager.add_deadline(update.info.id, FADE, light.due, data)

    async def restore(self) -> None:
        """After a restart: the lights still shining, from their pending fade rows, and the
        timed windows still open, from their pending timer rows."""
        pending = getattr(self.bot.manager, "deadlines", None)
        if pending is None:  # an implementation without the query: lights restart dark
            return
        for deadline in await pending():
            if deadline.kind == TIMER and isinstance(deadline.data.get("key"), str):
                key = deadline.data["key"]
                window = Window(key, deadline.due, deadline.id)
                self.windows.setdefault(deadline.game_id, {})[key] = window
            event = deadline.data.get("event") if deadline.kind == FADE else None
            if not event:
                continue
            visible = event.get("visible_to")
            light = Light(
                key=tuple(deadline.data["key"]),  # type: ignore[arg-type]
                event=Event(
                    kind=event["kind"],
                    visible_to=None if visible is None else tuple(visible),
                    data=event.get("data", {}),
                ),
                due=deadline.due,
            )
            self.lights.setdefault(deadline.game_id, []).append(light)

    # ---- timed windows (guide: a renderer's ``timer``) ---------------------------------------
    async def check_timer(self, game_id: int) -> None:
        """After every update and at start-up: store a deadline row when a NEW window key
        appears in the renderer's ``timer`` (rows survive a restart), cancel the row of a
        window that closed before its time."""
        lock = self._window_locks.setdefault(game_id, asyncio.Lock())
        async with lock:
            try:
                info, state = await self.bot.manager.state(game_id)
            except GameNotFound:
                return
            if info.status != "live":
                self.windows.pop(game_id, None)
                return
            engine = registry.get(info.game)
            spec = timer_for(module_for(info.game), engine.view(state, None), engine.to_act(state))
            known = self.windows.setdefault(game_id, {})
            for key, window in list(known.items()):
                if spec is not None and key == spec.key:
                    continue
                del known[key]
                if window.deadline_id is not None and not window.fired:
                    with contextlib.suppress(SessionError):
                        await self.bot.manager.cancel_deadline(window.deadline_id)
            if spec is None or spec.key in known:
                return
            window = Window(spec.key, self.clock() + spec.seconds)
            try:
                window.deadline_id = await self.bot.manager.add_deadline(
                    game_id, TIMER, window.due, {"key": spec.key}
                )
            except SessionError:  # the game closed meanwhile: no window to time
                return
            known[spec.key] = window

    async def on_timer(self, deadline: Any) -> None:
        """A window's time is up: if ``timer()`` on the current public view still gives the
        same key, apply its current actions one by one; an action that became illegal (or a
        seat played by an AI) is skipped, a stale one is retried on a fresh look."""
        key = deadline.data.get("key")
        game_id = deadline.game_id
        window = self.windows.get(game_id, {}).get(key)
        if window is not None and window.deadline_id == deadline.id:
            window.fired = True
        manager = self.bot.manager
        for _attempt in range(3):
            try:
                info, state = await manager.state(game_id)
            except GameNotFound:
                return
            if info.status != "live":
                return
            engine = registry.get(info.game)
            spec = timer_for(module_for(info.game), engine.view(state, None), engine.to_act(state))
            if spec is None or spec.key != key:
                break
            version, stale = info.version, False
            for seat, code in spec.actions:
                try:
                    update = await manager.act(game_id, seat, code, expected_version=version)
                except StaleVersion:
                    stale = True
                    continue
                except (IllegalAction, SessionError):
                    continue
                version = update.info.version
            if not stale:
                break
        self.bot.publisher.touch(game_id)

    # ---- player operations ---------------------------------------------------------------
    async def _seat(self, interaction: discord.Interaction, info: GameInfo) -> int:
        seat = info.seat_of(interaction.user.id)
        if seat is None:
            raise NotAllowed(
                f"You have no seat at this {registry.get(info.game).title} table, so these "
                "controls are not yours. Join the next game with /play."
            )
        return seat

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

    async def open_hand(
        self, interaction: discord.Interaction, game_id: int, *, edit: bool = False
    ) -> None:
        """Show (or, from the hand message itself, refresh) the player's private hand."""
        info, state = await self.bot.manager.state(game_id)
        seat = await self._seat(interaction, info)
        if info.status == "lobby":
            raise GameNotFound("The game has not started yet: the host presses Start.")
        embed, view = self.hand_message(info, state, seat)
        if edit:
            await interaction.response.edit_message(content=None, embed=embed, view=view)
        else:
            await interaction.response.send_message(embed=embed, view=view, ephemeral=True)
        self.remember(interaction, info)

    async def navigate(
        self, interaction: discord.Interaction, game_id: int, seat: int, version: int, focus: str
    ) -> None:
        """A nav click: re-draw this hand message at ``focus``; no action is applied. A click
        drawn at an older version re-draws at the current one (the renderer decides whether
        the focus still means something there)."""
        info, state = await self.bot.manager.state(game_id)
        if await self._seat(interaction, info) != seat:
            raise NotAllowed("These controls belong to another player's seat; use My hand.")
        if info.status == "lobby":
            raise GameNotFound("The game has not started yet: the host presses Start.")
        note = None if version == info.version else MOVED_ON
        embed, view = self.hand_message(info, state, seat, focus or None)
        await interaction.response.edit_message(content=note, embed=embed, view=view)
        self.remember(interaction, info, focus or None)

    async def act(
        self, interaction: discord.Interaction, game_id: int, seat: int, version: int, code: str
    ) -> None:
        """Apply a click from a hand message and answer by updating that same message."""
        info = await self.bot.manager.get(game_id)
        if await self._seat(interaction, info) != seat:
            raise NotAllowed("These controls belong to another player's seat; use My hand.")
        await interaction.response.defer()  # type 6: the answer is an edit of this message
        note: str | None = None
        update: Update | None = None
        try:
            update = await self._apply(game_id, seat, code, version)
        except StaleVersion:
            note = MOVED_ON
        except (IllegalAction, SessionError) as exc:
            note = f"⚠️ {exc}"
        info, state = await self.bot.manager.state(game_id)
        private: list[str] = []
        lights: list[Light] = []
        if update is not None:
            render = module_for(info.game)
            ctx = self.context(update.info)
            for event in update.events:
                if event.visible_to is not None and event.visible(seat):
                    line = render.event_line(ctx, event, seat)
                    if line and render.snapshot(ctx, event, seat) is None:
                        private.append(line)
            lights = [light for light in self._register_lights(update) if light.event.visible(seat)]
        if private:
            note = "\n".join(private) if note is None else note + "\n" + "\n".join(private)
        embed, view = self.hand_message(info, state, seat)
        await interaction.edit_original_response(content=note, embed=embed, view=view)
        self.remember(interaction, info)
        for light in lights:
            await self._send_light(interaction, info, seat, light, followup=True)

    async def _apply(self, game_id: int, seat: int, code: str, version: int) -> Update:
        """``act`` with the version check; a stale version is forgiven only when this seat has
        not acted since and the action is still legal (another seat's move or an AI's made the
        version move on, e.g. in a simultaneous exchange, and the click is still this player's
        first word on it). A double click, or a button from before the player's own last move,
        stays stale and is answered "the table has moved on"."""
        manager = self.bot.manager
        try:
            return await manager.act(game_id, seat, code, expected_version=version)
        except StaleVersion as exc:
            history = await manager.actions(game_id)
            if any(s == seat and seq > version for seq, s, _ in history):
                raise
            try:
                return await manager.act(game_id, seat, code, expected_version=exc.current)
            except IllegalAction:  # no longer possible: for the player, the table moved on
                raise exc from None

    async def show_light(self, interaction: discord.Interaction, game_id: int) -> None:
        """The Lighthouse view for a seat allowed to see it (4p: the user's partner too)."""
        info = await self.bot.manager.get(game_id)
        seat = await self._seat(interaction, info)
        lights = self.active_lights(game_id, seat)
        if not lights:
            raise NotAllowed("No Lighthouse is shining for you right now.")
        await self._send_light(interaction, info, seat, lights[-1], followup=False)

    async def _send_light(
        self,
        interaction: discord.Interaction,
        info: GameInfo,
        seat: int,
        light: Light,
        *,
        followup: bool,
    ) -> None:
        render = module_for(info.game)
        shown = render.snapshot(self.context(info), light.event, seat)
        if shown is None:
            return
        embed = components.to_embed(shown[0])
        seconds = max(0, int(light.due - self.clock()))
        content = f"🔦 The light fades in about {seconds} s."
        if followup:
            message = await interaction.followup.send(
                content=content, embed=embed, ephemeral=True, wait=True
            )
            target: str = str(message.id)
        else:
            await interaction.response.send_message(content=content, embed=embed, ephemeral=True)
            target = "@original"
        await self.bot.manager.add_deadline(
            info.id,
            FADE,
            light.due,
            {
                "application_id": interaction.application_id,
                "token": interaction.token,
                "message": target,
                "issued": self.clock(),
            },
        )

    async def on_fade(self, deadline: Any) -> None:
        """A Lighthouse timer ended: replace that snapshot by "the light fades"."""
        data = dict(deadline.data)
        token = data.get("token")
        if token and self.clock() - float(data.get("issued", 0)) < TOKEN_LIFETIME:
            hook = discord.Webhook.partial(int(data["application_id"]), token, client=self.bot)
            message = data.get("message", "@original")
            try:
                await hook.edit_message(message, content=FADED, embeds=[])  # type: ignore[arg-type]
            except discord.HTTPException:
                log.info("could not fade Lighthouse message of game %s", deadline.game_id)
        now = self.clock()
        if deadline.game_id in self.lights:
            self.lights[deadline.game_id] = [
                light for light in self.lights[deadline.game_id] if light.due > now
            ]
        if data.get("table"):
            self.bot.publisher.touch(deadline.game_id)

    async def refresh_hands(self, info: GameInfo, state: Any) -> None:
        """Edit the open hand messages of this game whose tokens are still alive."""
        now = self.clock()
        for (game_id, user_id), handle in list(self.hands.items()):
            if game_id != info.id or handle.version == info.version:
                continue
            if not handle.fresh(now):
                del self.hands[(game_id, user_id)]
                continue
            seat = info.seat_of(user_id)
            if seat is None:
                continue
            embed, view = self.hand_message(info, state, seat, handle.focus)
            hook = discord.Webhook.partial(handle.application_id, handle.token, client=self.bot)
            try:
                await hook.edit_message("@original", content=None, embed=embed, view=view)  # type: ignore[arg-type]
                handle.version = info.version
            except discord.HTTPException:
                self.hands.pop((game_id, user_id), None)

    def forget(self, game_id: int) -> None:
        for key in [k for k in self.hands if k[0] == game_id]:
            del self.hands[key]
        self.lights.pop(game_id, None)
        self.logs.pop(game_id, None)
        self.windows.pop(game_id, None)
        self._window_locks.pop(game_id, None)


def mentions(info: GameInfo, seats: Sequence[int]) -> list[int]:
    """Discord users among ``seats`` (AI seats are never pinged)."""
    by_seat = {s.seat: s.user_id for s in info.seats}
    return [uid for s in seats if (uid := by_seat.get(s)) is not None]
