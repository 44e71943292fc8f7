"""Turn the Tide on Discord: the table, the hand select, event lines (spec rules/turn_the_tide.md).

Reads only the engine's views (``games/turn_the_tide/view.py``) and its events; it decides
nothing. What the table may show is spec §5: levels, preservers face up and face down,
eliminations, *who* has chosen (never what, D5), the reveal of all cards at once, round and hand
numbers, scores. Earlier reveals are shown only as far as the view carries them (D9), so the log
never repeats a played weather card, and it restarts when a round ends: the hand sets move left
and the cards of the last round are now in other hands.

Cards are always written in one form each, so a secrecy test can search for them:
weather cards ``☔37`` (:func:`card_text`), tide cards ``🌊7`` (:func:`tide_text`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from bot.i18n import texts, translate
from bot.render import (
    MAX_DESCRIPTION,
    MAX_FIELD_NAME,
    MAX_FIELD_VALUE,
    ActionSpec,
    ChoiceSpec,
    EmbedSpec,
    FieldSpec,
    HandSpec,
    TableContext,
    clip,
    event_audience,
    hand_embed,
    table_embed,
)
from bot.render.base import Renderer
from bot.render.history import history_embed
from bot.render.images.base import Words, seat_name
from bot.render.images.turn_the_tide import TurnTheTidePictures
from games import Action, Event, Result
from games.text import Msg, messages

_, _n = texts("turn_the_tide")
msg, msg_n = messages("turn_the_tide")

#: the word for a face-up life preserver, and for a player out for the rest of the round
AFLOAT, WASHED_AWAY = msg("afloat"), msg("washed away")
#: the game's terms, each translated once (English term → its message): every sentence of the
#: game that says one of them says it in these words in each language, which
#: tests/bot/test_turn_the_tide_words.py holds the catalogs to. "Hand" is left out on purpose:
#: it names both the cards a player holds and one of a round's twelve turns.
GLOSSARY: dict[str, Msg] = {
    term.msgid: term
    for term in (
        msg("weather card"),
        msg("tide card"),
        msg("preserver"),
        msg("level"),
        msg("round"),
        msg("flood"),
        AFLOAT,
        WASHED_AWAY,
    )
}

WEATHER, TIDE, BUOY, LOST, OUT = "☔", "🌊", "🛟", "⚫", "💀"
CHOSEN, CHOOSING = "✅", "⏳"
#: the game's words, one per concept, shared by the table's text, the hand, the log and the
#: pictures (issue 36: "washed away" and "swept away" named one thing, and "afloat" meant both a
#: face-up preserver and a player still in the round); marked, translated where they are shown
TERMS = {
    "up": AFLOAT,  # a face-up life preserver
    "down": msg("lost"),  # a face-down one
    "out": WASHED_AWAY,  # a player out for the rest of the round
    "in": msg("still in"),  # a player not washed away
}


def _waiting(view: Mapping[str, Any], names: Sequence[str] | None) -> tuple[str, int]:
    """The names of the seats the view waits for and how many they are (none when the game is
    over); the count picks the verb's form in languages that conjugate it."""
    waiting = view.get("to_act") or []
    if not waiting or str(view.get("phase")) == "over":
        return "", 0
    return ", ".join(seat_name(names, s) for s in waiting), len(waiting)


def acting(view: Mapping[str, Any], names: Sequence[str] | None) -> str:
    """``Ann, Bo to choose a card``: the seats the view still waits for (the picture's header
    says the same)."""
    who, count = _waiting(view, names)
    if not count:
        return ""
    return _n("{names} to choose a card", "{names} to choose a card", count, names=who)


COLOR = 0x1B7F8C
#: how a weather card's preserver mark (view ``marks``) is written, and said in the select
MARKS = {
    "whole": (f" {BUOY}", msg("carries a whole preserver")),
    "half": (f" ½{BUOY}", msg("carries half a preserver")),
    "none": ("", msg("no preserver")),
}
PLACEHOLDER = msg("Choose your weather card for this hand…")
#: characters of reveal lines on the table, so 5 long names, stacks and the log stay in 6,000
REVEAL_BUDGET = 2000


def card_text(code: str) -> str:
    """A weather card, e.g. ``☔37``: the only way this renderer writes one."""
    return f"{WEATHER}{code}"


def tide_text(code: str) -> str:
    """A tide-level card, e.g. ``🌊7`` (tide codes 1..12 share digits with weather cards)."""
    return f"{TIDE}{code}"


def sort_key(code: str) -> int:
    return int(code) if code.isdigit() else 0


def _names(ctx: TableContext, seats: Sequence[int]) -> str:
    return ", ".join(ctx.name(s) for s in seats)


def _signed(points: int) -> str:
    return f"+{points}" if points > 0 else ("±0" if points == 0 else f"−{-points}")


def _heading(view: dict[str, Any]) -> str:
    return _(
        "Round **{round}** of {rounds} · hand **{hand}** of {hands}",
        round=view.get("round", 1),
        rounds=view.get("rounds", "?"),
        hand=view.get("hand_number", 1),
        hands=view.get("hands_per_round", 12),
    )


def tide_line(view: dict[str, Any]) -> str:
    """This hand's two tide cards and who gets which (§3.3: highest takes the lower)."""
    tide = view.get("tide") or []
    if len(tide) != 2:
        return f"{TIDE} " + _("No tide cards are turned up.")
    lo, hi = (tide_text(str(c)) for c in tide)
    if lo == hi:
        return f"{TIDE} " + _(
            "**Tide:** {lo} and {hi} · the two highest weather cards each take one", lo=lo, hi=hi
        )
    return f"{TIDE} " + _(
        "**Tide:** {lo} and {hi} · highest weather card takes {lo}, second highest takes {hi}",
        lo=lo,
        hi=hi,
    )


def reveal_line(ctx: TableContext, reveal: dict[str, Any]) -> str:
    """One reveal: every chosen card at once, then who took which tide card."""
    choices = reveal.get("choices") or []
    shown = sorted(
        ((seat, str(c)) for seat, c in enumerate(choices) if c is not None),
        key=lambda sc: -sort_key(sc[1]),
    )
    cards = " · ".join(f"{ctx.name(seat)} {card_text(c)}" for seat, c in shown)
    tide = reveal.get("tide") or ["?", "?"]
    takes = _(
        "{lo_name} took {lo}, {hi_name} took {hi}",
        lo_name=ctx.name(reveal.get("lo_to")),
        lo=tide_text(str(tide[0])),
        hi_name=ctx.name(reveal.get("hi_to")),
        hi=tide_text(str(tide[1])),
    )
    return _(
        "**Hand {hand} revealed:** {cards} → {takes}",
        hand=reveal.get("hand", "?"),
        cards=cards,
        takes=takes,
    )


def reveal_lines(ctx: TableContext, reveals: Sequence[dict[str, Any]]) -> list[str]:
    """The reveals the view carries (one by default; the round so far with ``show_history``,
    D9), newest kept first when a round of long names would not fit the embed."""
    lines: list[str] = []
    used = 0
    for reveal in reversed(reveals):
        line = reveal_line(ctx, reveal)
        if lines and used + len(line) > REVEAL_BUDGET:
            hidden = len(reveals) - len(lines)
            lines.append(
                _n(
                    "*({n} earlier reveal of this round hidden)*",
                    "*({n} earlier reveals of this round hidden)*",
                    hidden,
                )
            )
            break
        lines.append(line)
        used += len(line) + 1
    lines.reverse()
    return lines


#: marks a seat at risk (its last preserver, the highest tide)
DANGER = "⚠️"


def preservers(seat: dict[str, Any]) -> str:
    up, down = int(seat.get("preservers_up", 0)), int(seat.get("preservers_down", 0))
    return _(
        "{buoy} {up} afloat · {lost_mark} {down} lost",
        buoy=BUOY,
        up=up,
        lost_mark=LOST,
        down=down,
    )


def status_text(seat: dict[str, Any], over: bool) -> str:
    """Who has chosen, never what (D5)."""
    if seat.get("eliminated"):
        return f"{OUT} " + _("washed away this round")
    if over:
        return _("still in")
    if seat.get("chosen"):
        return f"{CHOSEN} " + _("has chosen")
    return f"{CHOOSING} " + _("choosing")


def dangers(seat: dict[str, Any], highest: int) -> list[str]:
    """What puts a seat at risk now (issue 15): its last preserver, or the highest tide (the
    highest tide costs a preserver when the hand ends)."""
    if seat.get("eliminated"):
        return []
    flags = []
    level, up = int(seat.get("level", 0)), int(seat.get("preservers_up", 0))
    if level and level == highest:
        flags.append(f"{DANGER} " + _("highest tide"))
    if up == 1:
        flags.append(f"{DANGER} " + _("last preserver"))
    elif up == 0:
        flags.append(f"{DANGER} " + _("no preserver left"))
    return flags


def seat_field(
    ctx: TableContext,
    seat: dict[str, Any],
    over: bool,
    winners: Sequence[int],
    highest: int = 0,
    to_act: Sequence[int] = (),
) -> FieldSpec:
    index = int(seat.get("seat", 0))
    level = int(seat.get("level", 0))
    rows = [
        _("Level **{level}**", level=level)
        if level
        else _("Level **{level}** (no tide card)", level=level),
        preservers(seat),
        *([] if over else dangers(seat, highest)),
        status_text(seat, over),
        _(
            "Cards {cards} · score **{score}**",
            cards=seat.get("cards_in_hand", 0),
            score=seat.get("score", 0),
        ),
    ]
    stack = seat.get("stack")
    if stack:  # show_history (D9): the whole stack, oldest first
        rows.append(_("Stack: {levels}", levels=" → ".join(str(v) for v in stack)))
    marker = " 🏆" if index in winners else (f" {OUT}" if seat.get("eliminated") else "")
    turn = "▶ " if not over and index in to_act else ""
    name = turn + clip(ctx.name(index), MAX_FIELD_NAME - 6) + marker
    return FieldSpec(name, clip("\n".join(rows), MAX_FIELD_VALUE), True)


def footer_line(ctx: TableContext, view: dict[str, Any], to_act: Sequence[int]) -> str:
    if ctx.status == "abandoned":
        return _("This game was ended.")
    if view.get("phase") == "over" or ctx.status == "finished":
        winners = view.get("winners") or []
        if not winners:
            return "🏁 " + _("Game over.")
        best = max(view.get("scores") or [0])
        who = " & ".join(ctx.name(s) for s in winners)
        if len(winners) == 1:
            return "🏁 " + _("Game over: {names} won with {best}.", names=who, best=best)
        return "🏁 " + _("Game over: {names} share the win with {best}.", names=who, best=best)
    chosen = [s["seat"] for s in view.get("seats", []) if s.get("chosen")]
    who, count = _waiting({**view, "to_act": list(to_act)}, ctx.names)
    text = "…"
    if count:
        text = f"{CHOOSING} " + _n(
            "Waiting for {names} to choose a card.",
            "Waiting for {names} to choose a card.",
            count,
            names=who,
        )
    if chosen:
        text += f" {CHOSEN} " + _("Chosen: {names}.", names=_names(ctx, chosen))
    return text


def describe(action: Action, marks: dict[str, str] | None = None) -> ActionSpec:
    """A ``play:<n>`` option: the card and its preserver mark (the allowance it gives)."""
    if action.verb != "play":
        return ActionSpec(action.code, action.code)
    suffix, said = MARKS.get((marks or {}).get(action.arg, ""), ("", ""))
    return ActionSpec(
        action.code, card_text(action.arg) + suffix, style="primary", description=translate(said)
    )


def hand_text(view: dict[str, Any]) -> str:
    """The remaining weather cards, low to high, each with its preserver mark."""
    cards = sorted((str(c) for c in view.get("hand") or []), key=sort_key)
    if not cards:
        return _("No weather cards left in your hand.")
    marks = view.get("marks") or {}
    shown = " · ".join(card_text(c) + MARKS.get(marks.get(c, ""), ("", ""))[0] for c in cards)
    return _("**Your weather cards** ({n}):\n{cards}", n=len(cards), cards=shown)


def others_line(ctx: TableContext, view: dict[str, Any], seat: int, over: bool) -> str:
    """Every seat at a glance for the decision: level, preservers afloat, chosen or not."""
    rows = []
    for entry in view.get("seats", []):
        index = entry.get("seat")
        if entry.get("eliminated"):
            rows.append(f"{ctx.name(index)} {OUT}")
            continue
        mark = "" if over else (f" {CHOSEN}" if entry.get("chosen") else f" {CHOOSING}")
        name = ctx.name(index) + (" " + _("(you)") if index == seat else "")
        rows.append(
            _("{name} level {level}", name=name, level=entry.get("level", 0))
            + f" {BUOY}{entry.get('preservers_up', 0)}{mark}"
        )
    return " · ".join(rows)


def _flood_line(ctx: TableContext, data: Mapping[str, Any]) -> str:
    top = data.get("top_level")
    lost, out = data.get("lost") or [], data.get("eliminated") or []
    parts = []
    if lost:
        parts.append(
            _n(
                "{names} lost a preserver",
                "{names} lost a preserver",
                len(lost),
                names=_names(ctx, lost),
            )
        )
    if out:
        parts.append(
            _n("{names} washed away", "{names} washed away", len(out), names=_names(ctx, out))
            + f" {OUT}"
        )
    what = "; ".join(parts) or _("nobody hit")
    return f"{TIDE} " + _("Flood at level {top}: {what}.", top=top, what=what)


def _round_end_line(ctx: TableContext, data: Mapping[str, Any]) -> str:
    points = data.get("points") or []
    bonus = set(data.get("bonus") or [])
    scored = " · ".join(
        f"{ctx.name(s)} {_signed(p)}" + (" " + _("(lowest tide)") if s in bonus else "")
        for s, p in enumerate(points)
    )
    if data.get("reason") == "two_left":
        return "🏁 " + _(
            "Round {round} over (two or fewer still in): {scored}.",
            round=data.get("round"),
            scored=scored,
        )
    return "🏁 " + _("Round {round} over: {scored}.", round=data.get("round"), scored=scored)


# ---- the renderer object (bot.render.base) ----------------------------------------------------


class TurnTheTideRenderer(Renderer):
    """Turn the Tide's table, hand and log."""

    #: the module's card words, which every part of it writes cards with
    card_short = staticmethod(card_text)
    pictures = TurnTheTidePictures(Words(TERMS, acting))

    def card_forms(self, code: str) -> tuple[str, ...]:
        """Every way a weather card is written (``☔37``, for the secrecy tests): its bare code is
        no form of it, since the same digits are tide levels and scores."""
        return (card_text(code),)

    def table(
        self, ctx: TableContext, view: dict[str, Any], result: Result, to_act: Sequence[int]
    ) -> EmbedSpec:
        """The public table: tide pair, the latest reveal, each seat's level, preservers, status."""
        over = view.get("phase") == "over" or ctx.status != "live"
        if view.get("phase") == "over":
            parts = [
                "🏁 " + _("Final scores after {rounds} rounds.", rounds=view.get("rounds", "?"))
            ]
        else:
            parts = [_heading(view), tide_line(view)]
        reveals = view.get("reveals") or []
        if reveals:
            parts.append("")
            parts.extend(reveal_lines(ctx, reveals))
        description = clip("\n".join(parts), MAX_DESCRIPTION)
        winners = list(result.winners) or list(view.get("winners") or [])
        seats = view.get("seats", [])
        afloat = [int(s.get("level", 0)) for s in seats if not s.get("eliminated")]
        highest = max(afloat, default=0)
        fields = [seat_field(ctx, seat, over, winners, highest, to_act) for seat in seats]
        last = view.get("last_round_points") or []
        if last:
            text = " · ".join(f"{ctx.name(s)} {_signed(p)}" for s, p in enumerate(last))
            fields.append(FieldSpec(_("Last round"), clip(text, MAX_FIELD_VALUE), False))
        footer = footer_line(ctx, view, to_act)
        # beside the picture (the tide, the reveal, each seat's level and preservers): the
        # round and hand, and the last round's points
        brief = [parts[0], *(f"{f.name}: {f.value}" for f in fields[len(seats) :])]
        return table_embed(
            ctx,
            f"{TIDE} " + _("Turn the Tide"),
            description,
            fields,
            footer,
            color=COLOR,
            brief=brief,
        )

    def hand(
        self,
        ctx: TableContext,
        view: dict[str, Any],
        seat: int,
        legal: Sequence[Action],
        focus: str | None = None,
    ) -> HandSpec:
        """The private hand: the tide pair, the table at a glance, the cards, and one select of
        the remaining cards (12 at most, so it always fits one menu)."""
        over = view.get("phase") == "over" or ctx.status != "live"
        parts = [] if over else [_heading(view), tide_line(view)]
        parts.append(others_line(ctx, view, seat, over))
        me: dict[str, Any] = next((s for s in view.get("seats", []) if s.get("seat") == seat), {})
        parts.append("")
        parts.append(hand_text(view))
        pictured = {parts[-1], parts[-3]}  # the cards and the others' levels: in the pictures
        if view.get("chosen_card"):
            chose = _(
                "You chose **{card}**: it stays face down until everyone has chosen.",
                card=card_text(str(view["chosen_card"])),
            )
            parts.append("\n🔒 " + chose)
        elif me.get("eliminated") and not over:
            parts.append(
                f"\n{OUT} " + _("You were washed away this round; you play again next round.")
            )
        elif legal:
            parts.append("\n" + _("**Your move:** choose a card. A choice is final."))
        waiting = [s for s in view.get("to_act") or [] if s != seat]
        if waiting and not over:
            parts.append(_("Waiting for {names}.", names=_names(ctx, waiting)))
        reveals = view.get("reveals") or []
        if reveals:
            parts.append("\n" + reveal_line(ctx, reveals[-1]))
        if over:
            parts.append("\n" + footer_line(ctx, view, ()))
        marks = view.get("marks") or {}
        options = tuple(
            describe(a, marks)
            for a in sorted(legal, key=lambda a: sort_key(a.arg))
            if a.verb == "play"
        )
        choices = (ChoiceSpec(translate(PLACEHOLDER), options),) if options else ()
        brief = [p for p in parts if p and p not in pictured]
        return HandSpec(
            embed=hand_embed(ctx, _("Turn the Tide"), seat, parts, color=COLOR, brief=brief),
            choices=choices,
        )

    def event_line(self, ctx: TableContext, event: Event, seat: int | None) -> str | None:
        """A log line: public events for the table (seat None), private notes for their seat.

        ``chosen`` gets no line: the seat fields already tick who has chosen, and six log lines
        are better spent on what happened. The ``reveal`` line names no weather card: the table
        shows the latest reveal from the view, which keeps D9's limit on history."""
        audience = event_audience(event, seat)
        if audience is None:
            return None
        data, kind = event.data, event.kind
        if audience == "table":
            if kind == "reveal":
                tide = data.get("tide") or ["?", "?"]
                return _(
                    "Hand {hand}: {lo_name} took {lo}, {hi_name} took {hi}.",
                    hand=data.get("hand"),
                    lo_name=ctx.name(data.get("lo_to")),
                    lo=tide_text(str(tide[0])),
                    hi_name=ctx.name(data.get("hi_to")),
                    hi=tide_text(str(tide[1])),
                )
            if kind == "flood":
                return _flood_line(ctx, data)
            if kind == "round_end":
                return _round_end_line(ctx, data)
            if kind == "round_start":
                return _(
                    "Round {round} of {rounds}: the hands move one seat left.",
                    round=data.get("round"),
                    rounds=data.get("rounds"),
                )
            if kind == "game_over":
                names = ctx.team(data.get("winners", []))
                if names:
                    return "🏁 " + _("{names} won the game.", names=names)
                return "🏁 " + _("The game is over.")
            return None
        if kind == "your_choice":
            # No card here: when this choice was the last, the hand is already revealed and, at a
            # round's end, the card has moved on to another seat's hand set (D9).
            return "🔒 " + _("Your card is locked in.")
        if kind == "deal":
            return "🃏 " + _n(
                "Round {round}: a new hand of {n} card.",
                "Round {round}: a new hand of {n} cards.",
                len(data.get("hand") or []),
                round=data.get("round"),
            )
        return None

    def sheet_cells(self, event: Event, sides: int) -> Sequence[str] | None:
        """``lowest tide`` or ``washed away`` per player for a round (``round_end``); nothing
        for a player who simply scored their points."""
        if event.kind != "round_end":
            return None
        bonus = set(event.data.get("bonus") or [])
        out = set(event.data.get("eliminated") or [])
        return [
            _("lowest tide") if seat in bonus else translate(TERMS["out"]) if seat in out else ""
            for seat in range(sides)
        ]

    def replay_line(self, ctx: TableContext, event: Event) -> str | None:
        """A reveal names every weather card in the replay (the log leaves them to the table,
        which shows the latest reveal, D9); other events as in the log."""
        if event.kind == "reveal" and event.visible_to is None:
            return reveal_line(ctx, dict(event.data))
        return self.event_line(ctx, event, None)

    played_button = (msg("Played"), "📜")

    def played(
        self, ctx: TableContext, view: dict[str, Any], seat: int, events: Sequence[Event]
    ) -> EmbedSpec | None:
        """This round's reveals (every weather card chosen, who took which tide card) and the
        floods after them. Only as far back as the table shows reveals (D9): by default the
        rules make remembering earlier hands a skill, so without ``show_history`` the answer
        holds the reveals the view carries, and says so."""
        history = bool((view.get("options") or {}).get("show_history"))
        allowed = {r.get("hand") for r in view.get("reveals") or []}
        lines: list[str] = []
        kept = False
        for event in events:
            if event.kind == "reveal":
                kept = history or event.data.get("hand") in allowed
                if kept:
                    lines.append(reveal_line(ctx, dict(event.data)))
            elif event.kind == "flood" and kept:
                lines.append(_flood_line(ctx, event.data))
        if not lines:
            lines.append(_("No weather cards have been revealed yet this round."))
        lines.insert(0, _heading(view))
        footer = (
            _("Every reveal of this round.")
            if history
            else _(
                "This table plays from memory (option show_history is off): only the last "
                "reveal is shown, as on the table."
            )
        )
        title = "📜 " + _("Played this round · table #{game}", game=ctx.game_id)
        return history_embed(title, lines, [], COLOR, footer)

    def coach(
        self, ctx: TableContext, event: Event, seat: int, seen: Sequence[Event]
    ) -> str | None:
        """After each hand's flood: who lost a preserver and why (their water stands
        highest), and who is out for the round."""
        data = event.data
        if event.kind != "flood":
            return None

        def name(s: Any) -> str:
            return _("you") if s == seat else ctx.name(s)

        parts = []
        top = data.get("top_level")
        lost_seats = list(data.get("lost") or [])
        if lost_seats:
            lost = " & ".join(name(s) for s in lost_seats)
            first = not any(e.kind == "flood" for e in seen)  # the rule once a round
            if lost_seats == [seat]:
                said = _("water {top} is the highest, so you lose a preserver", top=top)
            elif len(lost_seats) == 1:
                said = _(
                    "water {top} is the highest, so {name} loses a preserver", top=top, name=lost
                )
            else:
                said = _(
                    "water {top} is the highest, so {names} lose a preserver", top=top, names=lost
                )
            if first:
                said += " " + _("(the top weather card always takes the lower tide)")
            parts.append(said)
        out_seats = list(data.get("eliminated") or [])
        if out_seats == [seat]:
            parts.append(_("you had no preserver left: out for the round"))
        elif out_seats:
            out = " & ".join(name(s) for s in out_seats)
            parts.append(
                _n(
                    "{names} had no preserver left: out for the round",
                    "{names} had no preserver left: out for the round",
                    len(out_seats),
                    names=out,
                )
            )
        if not parts:
            return None
        text = "; ".join(parts)
        return text[0].upper() + text[1:] + "."

    def clears_log(self, event: Event) -> bool:
        """A round's end restarts the log: the sets move left, so the cards of the round just played
        are now in other hands, and earlier rounds are not shown (D9)."""
        return event.kind == "round_end"


RENDERER = TurnTheTideRenderer()
