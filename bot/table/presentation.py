"""The table and hand messages of a game, drawn by its renderer from the engine's views.

Why apart: drawing is pure given the log, the shining snapshots and the open windows, so this
part is handed those three and nothing else; it decides no rule (the legal actions, windows and
snapshots come from the engine) and holds no Discord token.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import Any

import discord

from bot import controls
from bot.i18n import texts, translate
from bot.model import GameInfo, Seat, Update
from bot.render import LOG_FIELD, EmbedSpec, HandSpec, TableContext
from bot.render.base import renderer_for
from bot.sessions import paused
from bot.table.alerts import SLOW_SECONDS
from bot.table.ended import ended_note
from bot.table.log import TableLog
from bot.table.scoreboard import score_line, with_final_standings
from bot.table.scoresheet import SheetRow, sides_of, with_score_sheet
from bot.table.snapshots import Snapshots
from bot.table.windows import Windows
from games import registry
from games.core import Decisions, effect_lines, explanations, has_hook
from games.text import messages

_, _n = texts()
#: constants other modules read: English with their id, translated where they are shown
msg, msg_n = messages("tidewater")


class Presenter:
    def __init__(
        self,
        log: TableLog,
        snapshots: Snapshots,
        windows: Windows,
        turn_clock: Callable[[GameInfo], int] | None = None,
    ) -> None:
        self.log = log
        #: a table's turn clock in seconds a move (the manager's ``turn_clock``): a slow
        #: table's hands offer **Alert me** (turn alerts by DM); None: never
        self.turn_clock = turn_clock
        self.snapshots = snapshots
        self.windows = windows
        #: channels where Discord refused the last table write (the bot lost a permission
        #: there): the hands, which still work, say why the table stands still
        self.refused: set[int] = set()

    def context(self, info: GameInfo, state: Any = None) -> TableContext:
        """What a renderer knows besides the view. With ``state``, ``timers`` holds only the
        windows the engine has open in it."""
        engine = registry.get(info.game)
        return TableContext(
            game_id=info.id,
            title=engine.title,
            names=tuple(seat_label(s) for s in info.seats),
            user_ids=tuple(s.user_id for s in info.seats),
            status=info.status,
            options=dict(info.options),
            log=self.log.lines_of(info.id),
            timers=self.windows.timers(info.id, state, info.game),
        )

    def note_update(self, update: Update) -> None:
        """Keep the public log and register snapshots; idempotent per version."""
        info = update.info
        ctx = self.context(info)
        self.log.note(info.id, renderer_for(info.game), ctx, update.events, learner(info))
        if update.cause == "timeout" and update.seat is not None:
            # the turn clock ran out: an AI made this move for the person, and the table says so
            name = info.seats[update.seat].name
            self.log.add(info.id, _("⏱ {name} ran out of time: auto-played.", name=name))
            missed = info.seats[update.seat].missed
            if info.seats[update.seat].away:
                if paused(info.seats):  # the last person there: nobody plays, the game waits
                    line = _n(
                        "💤 {name} missed a turn.",
                        "💤 {name} missed {n} turns in a row.",
                        missed,
                        name=name,
                    )
                    self.log.add(info.id, line)
                    self.log.add(info.id, translate(PAUSED_LINE))
                else:
                    line = _n(
                        "💤 {name} missed a turn: an AI plays the seat until they press I'm back.",
                        "💤 {name} missed {n} turns in a row: an AI plays the seat until they"
                        " press I'm back.",
                        missed,
                        name=name,
                    )
                    self.log.add(info.id, line)
        elif update.cause == "idle" and info.status == "abandoned":
            # bot.sessions.idle: nobody moved for [tables] game_idle_days
            self.log.add(info.id, translate(IDLE_LINE))
        elif update.cause == "back" and update.seat is not None:
            self.log.add(info.id, _("👋 {name} is back.", name=info.seats[update.seat].name))
        elif update.cause == "away" and update.seat is not None:
            name = info.seats[update.seat].name
            if paused(info.seats):  # the last person there: nobody plays, the game waits
                self.log.add(info.id, _("💤 {name} stepped away.", name=name))
                self.log.add(info.id, translate(PAUSED_LINE))
            else:
                self.log.add(
                    info.id,
                    _(
                        "💤 {name} stepped away: an AI plays the seat until they're back.",
                        name=name,
                    ),
                )
        self.snapshots.register(update)

    def table_message(
        self, info: GameInfo, state: Any, sheet: Sequence[SheetRow] = ()
    ) -> tuple[discord.Embed, discord.ui.View]:
        """The public table; a finished one adds the ranked standings and, given its rows
        (:mod:`bot.table.scoresheet`), the score sheet."""
        engine = registry.get(info.game)
        render = renderer_for(info.game)
        spec = render.table(
            self.context(info, state),
            engine.view(state, None),
            engine.result(state),
            engine.to_act(state),
        )
        levels = ai_levels(info.seats)
        if levels:  # said once, under the table, rather than beside every mention of a seat
            footer = f"{spec.footer}\n{levels}" if spec.footer else levels
            spec = replace(spec, footer=footer[:2048])
        live = info.status == "live"
        if info.status == "finished":
            names = [s.name for s in info.seats]
            result = engine.result(state)
            spec = with_final_standings(spec, names, result, engine.teams(len(info.seats)))
            spec = with_score_sheet(spec, names, sides_of(engine, len(info.seats)), sheet)
            if info.hinted:  # said where the result is: the standings did not move
                note = _("💡 Hints were used in this game, so it was not rated.")
                spec = replace(
                    spec, footer=f"{spec.footer}\n{note}"[:2048] if spec.footer else note
                )
            whole = (_("Final standings"), _("Score sheet"))  # as the table names them
            embed = framed(spec, controls.to_embed(spec), whole=whole)
            return embed, controls.final_view(info.id)
        if not live:
            return framed(spec, controls.to_embed(spec)), discord.ui.View(timeout=None)
        people = {s.seat for s in info.seats if not s.is_ai}
        shining = any(
            people & set(snap.event.visible_to or ()) for snap in self.snapshots.active(info.id)
        )
        wording = render.snapshot_wording if shining else None
        away = any(s.away for s in info.seats)
        embed = framed(spec, controls.to_embed(spec))
        return embed, controls.table_view(info.id, snapshot=wording, away=away)

    def hand_message(
        self, info: GameInfo, state: Any, seat: int, focus: str | None = None
    ) -> tuple[discord.Embed, discord.ui.View]:
        """The hand at ``focus`` (a nav's; None = the top level)."""
        engine = registry.get(info.game)
        render = renderer_for(info.game)
        live = info.status == "live"
        away = live and info.seats[seat].away
        legal = engine.legal_actions(state, seat) if live and not away else []
        ctx = self.context(info, state)
        # the engine's words (Msg) read in the hand's language before the renderer places them
        reasons = tuple(map(translate, explanations(engine, state, seat))) if live else ()
        if reasons:
            ctx = replace(ctx, reasons=reasons)
        seen = engine.view(state, seat)
        effects = (
            tuple(map(translate, effect_lines(engine, state, seat, legal, seen)))
            if live and not away
            else ()
        )
        if effects:  # what the special controls offered here do (the game's words)
            ctx = replace(ctx, effects=effects)
        if not live:  # stopped early (an admin, or nobody moved): the engine still waits on
            seen = {**seen, "to_act": []}  # someone, but nobody is to move any more
        spec = render.hand(ctx, seen, seat, legal, focus)
        explains = has_hook(engine, Decisions)
        if ctx.reasons and not away:  # why moves the player may look for are not offered
            why = "\n".join(f"ℹ️ {reason}" for reason in ctx.reasons)
            spec = with_note(spec, why, below=True, brief=brief_reasons(ctx.reasons, explains))
        if live:
            result = engine.result(state)
            line = score_line(
                [s.name for s in info.seats],
                result,
                engine.teams(len(info.seats)),
                engine.to_act(state),
                seat,
                render.standing(ctx, seen, result),
            )
            footer = f"{spec.embed.footer}\n{line}" if spec.embed.footer else line
            spec = replace(spec, embed=replace(spec.embed, footer=footer[:2048]))
        over = ended_note(info, state)
        if over is not None:  # every game's hand is then one line: it is over, and who won
            return ended_hand(over, spec.embed.color), discord.ui.View(timeout=None)
        if live and info.channel_id in self.refused:
            spec = with_note(spec, translate(REFUSED_NOTE))
        if away:  # the note, and no controls but I'm back
            note = translate(PAUSED_NOTE if paused(info.seats) else AWAY_NOTE)
            spec = type(spec)(embed=with_note(spec, note).embed)
        elif not live:
            spec = type(spec)(embed=spec.embed)
        shining = live and bool(self.snapshots.active(info.id, seat))
        wording = render.snapshot_wording if shining else None
        person = live and not away and not info.seats[seat].is_ai
        slow = person and self.turn_clock is not None and self.turn_clock(info) >= SLOW_SECONDS
        hint = person and info.hints and bool(legal) and registry.hinter(info.game) is not None
        played = render.played_button if live else None  # this hand's history so far
        view = controls.hand_view(
            info.id,
            seat,
            info.version,
            spec,
            snapshot=wording,
            away=away,
            step_away=person,
            explain=person and explains,
            alert=slow,
            hint=hint,
            played=played,
        )
        return framed(spec.embed, controls.to_embed(spec.embed)), view

    def question(
        self, info: GameInfo, state: Any, seat: int, code: str
    ) -> tuple[str, discord.Embed, discord.ui.View] | None:
        """The hand asking the question of its action ``code`` (``ActionSpec.confirm``): the
        question, the hand's embed and the Yes/Cancel answers; None when the hand no longer
        offers that action with a question (the table moved on)."""
        if info.status != "live" or info.seats[seat].away:
            return None
        engine = registry.get(info.game)
        render = renderer_for(info.game)
        legal = engine.legal_actions(state, seat)
        spec = render.hand(self.context(info, state), engine.view(state, seat), seat, legal)
        found = next((b for b in spec.buttons if b.code == code and b.confirm), None)
        if found is None:
            return None
        embed, _view = self.hand_message(info, state, seat)
        return found.confirm, embed, controls.confirm_view(info.id, seat, info.version, found)


#: the AI levels as the table names them (the stored level is a code)
LEVEL_WORDS = {"easy": msg("easy"), "normal": msg("normal"), "strong": msg("strong")}


def ai_levels(seats: Sequence[Seat]) -> str | None:
    """``🤖 AI 1 · normal, AI 2 · strong``: the AI seats' levels, said once under the table;
    ``random`` is the tests' baseline, not a level a host picks, so it is not shown."""
    shown = [
        f"{s.name} · {translate(LEVEL_WORDS.get(s.ai_level, s.ai_level))}"
        for s in seats
        if s.is_ai and s.ai_level not in (None, "random")
    ]
    return "🤖 " + ", ".join(shown) if shown else None


def ended_hand(note: str, color: int) -> discord.Embed:
    """The hand of a game that is over: one line that says so and who won, no cards and no
    controls (issue 36: it repeated "This game has ended" beside an empty picture)."""
    return discord.Embed(description=f"🏁 {note}", color=color)


def with_note(
    spec: HandSpec, note: str, *, below: bool = False, brief: str | None = None
) -> HandSpec:
    """The hand with ``note`` above its text (``below``: under it), within Discord's limit; its
    brief text beside a picture says it too, or says ``brief`` instead when given."""

    def joined(text: str, note: str) -> str:
        text = note if not text else f"{text}\n\n{note}" if below else f"{note}\n\n{text}"
        # 4,000 of Discord's 4,096: the rest of the embed (fields, footer) must fit its 6,000
        return text[:4000]

    short = spec.embed.brief
    embed = replace(
        spec.embed,
        description=joined(spec.embed.description, note),
        brief=None if short is None else joined(short, note if brief is None else brief),
    )
    return replace(spec, embed=embed)


def brief_reasons(reasons: Sequence[str], explains: bool) -> str:
    """The reasons beside a hand's picture: the first (the game lists the nearest first) and,
    where ❓ **Explain** is offered, how many more it gives. Why not all: three reasons ran a
    grown hand past a phone screen (issue 36), and Explain says them all."""
    if not explains or len(reasons) == 1:
        return "\n".join(f"ℹ️ {translate(reason)}" for reason in reasons)
    more = len(reasons) - 1
    return f"ℹ️ {translate(reasons[0])}\n" + _n(
        "❓ Explain: {n} more reason.", "❓ Explain: {n} more reasons.", more
    )


#: how the table marks a person the turn clock ran out on (auto-played) and one who is away
MISSED_MARK = "⏱"
#: the top of every hand while Discord refuses the table's writes in its channel
REFUSED_NOTE = msg(
    "⚠️ I can't update the table in this channel: a permission of mine was taken away. "
    "Your hand still works; a server admin can give me Send Messages, Embed Links and "
    "Attach Files here again."
)
#: the top of an away person's hand, which has no controls but I'm back
AWAY_NOTE = msg("💤 You are away: an AI is playing your seat. Press **I'm back** to take it again.")
#: the same while every person at the table is away, so that no AI plays (the game waits)
PAUSED_NOTE = msg(
    "⏸ Everyone at this table has stepped away, so the game waits. Press **I'm back** to play on."
)
#: the table's log line, and its turn line, when the last person there steps away
PAUSED_LINE = msg("⏸ Everyone has stepped away: the game waits until someone presses I'm back.")
AWAY_MARK = "💤"
#: the table's log line when a game nobody moved in for days ends by itself
IDLE_LINE = msg(
    "⌛ Nobody moved for days, so the game ended, unscored. /play starts a new one here."
)


def learner(info: GameInfo) -> int | None:
    """The seat coached at a practice table: its one person (None at any other table)."""
    if not info.practice:
        return None
    return next((s.seat for s in info.seats if not s.is_ai), None)


def seat_label(seat: Seat) -> str:
    """A seat's name as the table shows it in every line: an AI seat by its name alone (its
    level is said once, :func:`ai_levels`; issue 36: "AI 1 · normal" on every line of the log
    and cut on the pictures' seat plates). A person whose last turn was auto-played carries ⏱,
    one who is away (an AI plays for them) 💤."""
    if seat.is_ai:
        return seat.name
    if seat.away:
        return f"{seat.name} {AWAY_MARK}"
    if seat.missed:
        return f"{seat.name} {MISSED_MARK}"
    return seat.name


class Framed(discord.Embed):
    """An embed that knows its shorter form beside a picture (the spec's ``brief``).

    Why the swap happens in :func:`show`: whether a message gets a picture is known only once
    the picture is drawn (pictures may be off for the server, or the game draws none), and
    every message that shows one passes through :func:`show`; the embed is built before."""

    brief: discord.Embed | None = None


#: lines of the table's log kept beside a picture
LOG_LINES_BESIDE = 3


def framed(spec: EmbedSpec, embed: discord.Embed, whole: tuple[str, ...] = ()) -> discord.Embed:
    """``embed`` (built from ``spec``) carrying the spec's brief form, for :func:`show`: the
    brief, the last lines of the log, and the fields whose names start with one of ``whole``
    (a finished table's standings and score sheet, which no picture shows)."""
    if spec.brief is None:
        return embed
    out = Framed.from_dict(embed.to_dict())
    short = discord.Embed(description=spec.brief or None)
    for f in spec.fields:
        if f.name == LOG_FIELD and not whole:
            value = "\n".join(f.value.split("\n")[-LOG_LINES_BESIDE:])
            short.add_field(name=f.name, value=value, inline=False)
        elif whole and f.name.startswith(whole):
            short.add_field(name=f.name, value=f.value, inline=f.inline)
    out.brief = short
    return out
