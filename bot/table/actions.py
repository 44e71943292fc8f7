"""Player operations from Discord: open a hand, navigate it, act from it, look at a snapshot.

Why apart: this is the only part that answers interactions; it checks the seat, hands the move
to the session manager (which asks the engine) and answers with the presenter's messages. A
stale click's answer and private notes are decided here once for every game.
"""

from __future__ import annotations

import asyncio
import time
from typing import Any

import discord

from bot import controls
from bot.i18n import texts, translate
from bot.model import HINTS_OFF, GameInfo, Update
from bot.render import MAX_CONTENT, TableContext, clip
from bot.render.base import Renderer, renderer_for
from bot.sessions import GameNotFound, NotAllowed, SessionError, StaleVersion
from bot.table.alerts import alerts_answer
from bot.table.answers import update_message
from bot.table.decisions import decision_text
from bot.table.ended import ended_note
from bot.table.hands import HandTokens
from bot.table.hints import THINKING, hint_text, move_label
from bot.table.pictures import Pictures, show
from bot.table.played import HandHistories
from bot.table.ports import Clock, TableManager
from bot.table.presentation import Presenter
from bot.table.snapshots import Snapshot, Snapshots
from games import IllegalAction, registry
from games.core import snapshot_lifetime
from games.text import messages

_, _n = texts()
#: constants other modules read: English with their id, translated where they are shown
msg, msg_n = messages("tidewater")

MOVED_ON = msg("The table has moved on: here is your hand as it is now.")
#: what **Step away** asks before the AI takes the seat
STEP_AWAY_QUESTION = msg("Hand your seat to the AI until you're back?")
#: the most event lines a "moved on" note names (the latest ones)
MOVED_ON_LINES = 3


def moved_on(render: Renderer, ctx: TableContext, stale: StaleVersion, seat: int) -> str:
    """The one line above the fresh hand when a click was not played: what happened since the
    hand was drawn, in the game's own log words, and that the player chooses again. Private
    events are worded only where this seat may see them (the note reaches no one else)."""
    lines: list[str] = []
    for event in stale.events:
        line = render.event_line(ctx, event, None if event.visible_to is None else seat)
        if line:
            line = " ".join(line.split())
            lines.append(line if line[-1] in ".!?…" else line + ".")
    if not lines:
        return translate(MOVED_ON)
    said = " ".join(lines[-MOVED_ON_LINES:])
    if len(lines) > MOVED_ON_LINES:
        said = "… " + said
    return clip(_("The table has moved on: {said} Choose again.", said=said), MAX_CONTENT)


#: seconds of committing and drawing after which a click is deferred (Discord allows 3)
DEFER_AFTER = 2.0


class Actions:
    def __init__(
        self,
        manager: TableManager,
        presenter: Presenter,
        hands: HandTokens,
        snapshots: Snapshots,
        pictures: Pictures,
        defer_after: float = DEFER_AFTER,
        clock: Clock = time.time,
    ) -> None:
        self.clock = clock
        self.pictures = pictures
        self.defer_after = defer_after
        self.manager = manager
        self.presenter = presenter
        self.hands = hands
        self.snapshots = snapshots
        self.histories = HandHistories()  # the Played button's replays

    @staticmethod
    def seat_of(interaction: discord.Interaction, info: GameInfo) -> int:
        seat = info.seat_of(interaction.user.id)
        # a refusal only they see: in their language (the interaction's tasks speak it)
        if seat is None and info.status == "lobby":
            raise NotAllowed(
                _("The game has not started yet: press **Join** on the lobby to take a seat.")
            )
        if seat is None:
            raise NotAllowed(
                _(
                    "You have no seat at this {game} table, so these controls are not yours. "
                    "Join the next game with /play.",
                    game=registry.get(info.game).title,
                )
            )
        return seat

    async def back(
        self, interaction: discord.Interaction, game_id: int, *, edit: bool = False
    ) -> None:
        """**I'm back**: an away person takes their seat back from the AI and is answered with
        their hand (anyone else is told why not, privately)."""
        info = await self.manager.get(game_id)
        self.seat_of(interaction, info)  # "not yours" for someone without a seat here
        await self.manager.back(game_id, interaction.user.id)
        await self.open_hand(
            interaction, game_id, edit=edit, note=_("👋 Welcome back: your seat is yours again.")
        )

    async def ask_step_away(self, interaction: discord.Interaction, game_id: int) -> None:
        """**Step away** asks first: the AI would play the seat at once, and the button sits
        beside Refresh, where a thumb lands by mistake. The hand stays under the question."""
        info, state = await self.manager.state(game_id)
        seat = self.seat_of(interaction, info)
        if info.status != "live" or info.seats[seat].away:  # nothing to ask: the hand as it is
            await self.open_hand(interaction, game_id, edit=True)
            return
        embed, _view = self.presenter.hand_message(info, state, seat)
        await update_message(
            interaction,
            content=f"💤 **{translate(STEP_AWAY_QUESTION)}**",
            embed=embed,
            view=controls.step_away_view(game_id),
            attachments=[],
        )

    async def ask(
        self, interaction: discord.Interaction, game_id: int, seat: int, version: int, code: str
    ) -> None:
        """An action that asks first (a once-a-game card): the hand as the question, whose
        Yes plays it. From an older hand, or once the action is no longer offered with its
        question, the hand as it is now, saying the table moved on."""
        info, state = await self.manager.state(game_id)
        if self.seat_of(interaction, info) != seat:
            raise NotAllowed(_("These controls belong to another player's seat; use My hand."))
        asked = None
        if info.version == version:
            asked = self.presenter.question(info, state, seat, code)
        if asked is None:
            await self.open_hand(interaction, game_id, edit=True, note=MOVED_ON)
            return
        question, embed, view = asked
        await update_message(
            interaction, content=f"**{question}**", embed=embed, view=view, attachments=[]
        )

    async def alert_me(self, interaction: discord.Interaction, game_id: int) -> None:
        """**Alert me** on a slow table's hand: turn alerts by DM on for the person (as
        ``/notify alerts:on``), answered privately with what they will get."""
        info = await self.manager.get(game_id)
        self.seat_of(interaction, info)  # "not yours" for someone without a seat here
        await self.manager.store.set_turn_alerts(interaction.user.id, True, self.clock())
        await interaction.response.send_message(
            alerts_answer(True), ephemeral=True, allowed_mentions=discord.AllowedMentions.none()
        )

    async def step_away(self, interaction: discord.Interaction, game_id: int) -> None:
        """**Step away**: a person hands their seat to the AI until they press I'm back, and
        is answered with their hand, which then says so and offers only I'm back."""
        info = await self.manager.get(game_id)
        self.seat_of(interaction, info)  # "not yours" for someone without a seat here
        await self.manager.step_away(game_id, interaction.user.id)
        await self.open_hand(interaction, game_id, edit=True)

    async def open_hand(
        self,
        interaction: discord.Interaction,
        game_id: int,
        *,
        edit: bool = False,
        note: str | None = None,
    ) -> None:
        """Show (or, from the hand message itself, refresh) the player's private hand; a game
        that is over shows the final hand under "This game has ended" and the result."""
        info, state = await self.manager.state(game_id)
        seat = self.seat_of(interaction, info)
        if info.status == "lobby":
            raise GameNotFound(_("The game has not started yet: the host presses Start."))
        over = ended_note(info, state)
        if state is None:  # closed before it started: no hand to show
            raise GameNotFound(over or note or _("This game has no hands to show."))
        if over is not None:  # the hand itself is then the one line that says so
            note = None
        note = None if note is None else translate(note)
        embed, view = self.presenter.hand_message(info, state, seat)
        files = show(embed, await self.pictures.hand(info, state, seat))
        if edit:
            await update_message(
                interaction, content=note, embed=embed, view=view, attachments=files
            )
        else:
            await interaction.response.send_message(
                content=note, embed=embed, view=view, ephemeral=True, files=files
            )
        self.hands.remember(interaction, info, state=state)

    async def navigate(
        self, interaction: discord.Interaction, game_id: int, seat: int, version: int, focus: str
    ) -> None:
        """A nav click: re-draw this hand message at ``focus``; no action is applied. A click
        drawn at an older version re-draws at the current one (the renderer decides whether
        the focus still means something there)."""
        info, state = await self.manager.state(game_id)
        if self.seat_of(interaction, info) != seat:
            raise NotAllowed(_("These controls belong to another player's seat; use My hand."))
        if info.status == "lobby":
            raise GameNotFound(_("The game has not started yet: the host presses Start."))
        if ended_note(info, state) is not None:  # any old control of a finished game
            await self.open_hand(interaction, game_id, edit=True)
            return
        note = None if version == info.version else translate(MOVED_ON)
        embed, view = self.presenter.hand_message(info, state, seat, focus or None)
        files = show(embed, await self.pictures.hand(info, state, seat))
        await update_message(interaction, content=note, embed=embed, view=view, attachments=files)
        self.hands.remember(interaction, info, focus or None, state)

    async def act(
        self, interaction: discord.Interaction, game_id: int, seat: int, version: int, code: str
    ) -> None:
        """Apply a click from a hand message and answer by updating that same message.

        Why commit first: a click answered before its move is committed can be lost by a crash
        in between, although Discord shows it as answered. So the move is committed, then the
        click is answered once, with the new hand (one UPDATE_MESSAGE callback, no separate
        defer and edit). Only when that work runs long (a busy lock, a slow disk) is the click
        deferred after ``defer_after`` seconds, inside Discord's 3 s, and the deferred answer
        is then always followed by the edit that says what happened.
        """
        manager = self.manager
        info = await manager.get(game_id)
        if self.seat_of(interaction, info) != seat:
            raise NotAllowed(_("These controls belong to another player's seat; use My hand."))
        if info.status != "live":  # an old control of a game that is over, or not begun
            await self.open_hand(interaction, game_id, edit=True)
            return
        work = asyncio.ensure_future(self._moved(game_id, seat, code, version))
        done, _pending = await asyncio.wait({work}, timeout=self.defer_after)
        deferred = not done
        if deferred:
            await interaction.response.defer()  # type 6: the answer is an edit of this message
        note, info, state, embed, view, files, shown = await work
        if deferred:
            await interaction.edit_original_response(
                content=note, embed=embed, view=view, attachments=files
            )
        else:
            await update_message(
                interaction, content=note, embed=embed, view=view, attachments=files
            )
        self.hands.remember(interaction, info, state=state)
        for snap in shown:
            ctx = self.presenter.context(info)
            await self.snapshots.send(interaction, info, ctx, seat, snap, followup=True)

    async def _moved(
        self, game_id: int, seat: int, code: str, version: int
    ) -> tuple[
        str | None,
        GameInfo,
        Any,
        discord.Embed,
        discord.ui.View,
        list[discord.File],
        list[Snapshot],
    ]:
        """Commit the click's move (or learn why not) and draw the answer: the note, the new
        hand and the snapshots the seat now sees."""
        manager = self.manager
        note: str | None = None
        update: Update | None = None
        stale: StaleVersion | None = None
        try:
            update = await self._apply(game_id, seat, code, version)
        except StaleVersion as exc:
            stale = exc
        except (IllegalAction, SessionError) as exc:
            note = f"⚠️ {controls.refusal(exc)}"
        info, state = await manager.state(game_id)
        if stale is not None:
            note = moved_on(renderer_for(info.game), self.presenter.context(info), stale, seat)
        private: list[str] = []
        shown: list[Snapshot] = []
        if update is not None:
            render = renderer_for(info.game)
            engine = registry.get(info.game)
            ctx = self.presenter.context(update.info)
            for event in update.events:
                if event.visible_to is not None and event.visible(seat):
                    line = render.event_line(ctx, event, seat)
                    if line and snapshot_lifetime(engine, event) is None:
                        private.append(line)
            shown = [s for s in self.snapshots.register(update) if s.event.visible(seat)]
        if private:
            note = "\n".join(private) if note is None else note + "\n" + "\n".join(private)
        embed, view = self.presenter.hand_message(info, state, seat)
        files = show(embed, await self.pictures.hand(info, state, seat))
        return note, info, state, embed, view, files, shown

    async def _apply(self, game_id: int, seat: int, code: str, version: int) -> Update:
        """A click on controls drawn at ``version``: the manager judges it under the game's
        lock (applied if this seat has not acted since and it is still legal, however many
        other seats moved meanwhile); a double click or a control from before the player's
        own last move is answered "the table has moved on"."""
        return await self.manager.act_from(game_id, seat, code, version)

    async def hint(self, interaction: discord.Interaction, game_id: int) -> None:
        """**💡 Hint**: the normal AI's move for the clicking seat, with its reason, privately.

        Answered at once with a private "thinking" line (a search may take a second, and
        Discord allows three), which is then edited into the hint once the AI's process pool
        has it; the session manager marks the game unrated (committed) before computing it.
        Someone without a seat is told the controls are not theirs; a table without hints
        (a stale button) says so, and nothing is marked."""
        info, state = await self.manager.state(game_id)
        self.seat_of(interaction, info)  # "not yours" for someone without a seat here
        over = ended_note(info, state)
        if info.status != "live":
            raise GameNotFound(over or _("The game has not started yet: the host presses Start."))
        if not info.hints:
            raise NotAllowed(HINTS_OFF)
        await interaction.response.send_message(translate(THINKING), ephemeral=True)
        try:
            hint = await self.manager.hint(game_id, interaction.user.id)
        except (SessionError, IllegalAction) as exc:
            await interaction.edit_original_response(content=f"⚠️ {controls.refusal(exc)}")
            return
        engine = registry.get(hint.info.game)
        ctx = self.presenter.context(hint.info, hint.state)
        label = move_label(
            renderer_for(hint.info.game),
            ctx,
            engine.view(hint.state, hint.seat),
            hint.seat,
            engine.legal_actions(hint.state, hint.seat),
            hint.code,
        )
        current = (await self.manager.get(game_id)).version
        await interaction.edit_original_response(content=hint_text(label, hint, current))

    async def show_snapshot(self, interaction: discord.Interaction, game_id: int) -> None:
        """The newest snapshot shining for the clicking seat (where the engine shows one to
        several seats, each of them may look)."""
        info, state = await self.manager.state(game_id)
        seat = self.seat_of(interaction, info)
        note = ended_note(info, state)
        if note is not None:
            raise GameNotFound(note)
        shining = self.snapshots.active(game_id, seat)
        if not shining:
            raise NotAllowed(renderer_for(info.game).snapshot_wording.none)
        ctx = self.presenter.context(info)
        await self.snapshots.send(interaction, info, ctx, seat, shining[-1], followup=False)

    async def explain(self, interaction: discord.Interaction, game_id: int) -> None:
        """**❓ Explain**: this decision of the clicking seat, answered privately in a new
        message (the hand stays as it is); a game that is over says so instead."""
        info, state = await self.manager.state(game_id)
        seat = self.seat_of(interaction, info)  # "not yours" for someone without a seat here
        note = ended_note(info, state)
        if note is not None or info.status != "live":
            raise GameNotFound(note or _("The game has not started yet: the host presses Start."))
        text = decision_text(info, state, seat)
        await interaction.response.send_message(content=text, ephemeral=True)

    async def show_played(self, interaction: discord.Interaction, game_id: int) -> None:
        """**Played**: this hand's history as the clicking seat saw it, in a new private
        message. Why a new message and not an edit of the hand: the hand stays as it was under
        it (a player in the middle of a choice loses nothing and needs no Back button), and the
        history can stay open beside the next hand. The log is replayed in a worker thread
        (:mod:`bot.table.played`, from the last replay of this game when there is one); past
        ``defer_after`` seconds the click is deferred first."""
        info, state = await self.manager.state(game_id)
        seat = self.seat_of(interaction, info)
        note = ended_note(info, state)
        if note is not None or state is None:
            raise GameNotFound(note or _("This game has no hands to show."))
        render = renderer_for(info.game)
        engine = registry.get(info.game)
        ctx = self.presenter.context(info, state)
        view = engine.view(state, seat)

        async def history() -> discord.Embed:
            log = await self.manager.actions(game_id)
            events = await asyncio.to_thread(
                self.histories.events,
                game_id,
                engine,
                render,
                len(info.seats),
                info.options,
                info.seed,
                log,
                seat,
                info.version,
            )
            spec = render.played(ctx, view, seat, events)
            if spec is None:
                raise GameNotFound(_("This game keeps no history of its hands."))
            return controls.to_embed(spec)

        work = asyncio.ensure_future(history())
        done, _pending = await asyncio.wait({work}, timeout=self.defer_after)
        if not done:
            await interaction.response.defer(ephemeral=True, thinking=True)
            await interaction.followup.send(embed=await work, ephemeral=True)
            return
        await interaction.response.send_message(embed=work.result(), ephemeral=True)
