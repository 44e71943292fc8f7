"""Rowboat on Discord: the table embed, the hand, action labels, events, Lighthouse snapshots.

Reads only the engine's view layout (``games/rowboat/__init__.py`` docstring) and its events;
it decides nothing. The Tide is drawn with the current trick marked, and its trump and Knob
spelled out, because in Rowboat every trick has its own trump (spec §3.2).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from bot.i18n import texts, translate
from bot.render import (
    MAX_DESCRIPTION,
    MAX_FIELD_VALUE,
    ActionSpec,
    EmbedSpec,
    FieldSpec,
    HandSpec,
    TableContext,
    actor,
    clip,
    event_audience,
    hand_embed,
    layout,
    table_embed,
)
from bot.render.base import Renderer, SnapshotWording
from bot.render.history import history_embed, seen_cards, unseen_lines
from bot.render.images.base import Words, seat_name
from bot.render.images.rowboat import RowboatPictures
from games import Action, Event, Result
from games.rowboat import deck
from games.rowboat.coach import card_role, trick_trump
from games.text import Msg, messages

_, _n = texts("rowboat")
msg, msg_n = messages("rowboat")

#: the game's terms, each one marked message: every sentence of this game (engine, text,
#: pictures) that names one says its translation, the same in the whole language
#: (tests/bot/test_rowboat_words.py holds each catalog to it)
GLOSSARY: dict[str, Msg] = {
    term.msgid: term
    for term in (
        msg("Oars"),
        msg("Waves"),
        msg("Shells"),
        msg("Maps"),
        msg("Anchor"),
        msg("Dolphin"),
        msg("Mermaid"),
        msg("Seeker"),
        msg("Whale"),
        msg("Tide"),
        msg("Knob"),
        msg("trick"),
        msg("trump"),
        msg("Rowboat"),
        msg("Lighthouse"),
        msg("Moon"),
        msg("sandbag"),
        msg("pot"),
        msg("married"),
    )
}

SUITS: dict[str, tuple[str, str]] = {
    "o": (deck.SUIT_NAMES[0], "🛶"),
    "w": (deck.SUIT_NAMES[1], "🌊"),
    "s": (deck.SUIT_NAMES[2], "🐚"),
    "m": (deck.SUIT_NAMES[3], "🗺️"),
}
SUIT_ORDER = "owsm"
RANKS = "A23456789DMSW"
#: the named ranks (marked messages: read them through :func:`rank_name`)
RANK_NAMES: dict[str, str] = {
    r: name for r, name in zip(RANKS, deck.RANK_NAMES, strict=True) if not r.isdigit()
}
ROWBOAT, LIGHTHOUSE, MOON = "🚣", "🔦", "🌙"
#: the game's words, one per concept, shared by the table's text, the hand and the pictures
#: (issue 36: the hand said "Knob: none in play" while the picture showed the Knob in the Tide)
TERMS: dict[str, str] = {"knob_out": msg("in the Tide")}


def acting(view: Mapping[str, Any], names: Sequence[str] | None) -> str:
    """``Ann to bid``: the seats the view waits for and what they are to do (the picture's
    header says the same words); "" when the game is over or waits for nobody."""
    waiting = view.get("to_act") or []
    phase = str(view.get("phase"))
    if not waiting or phase == "over":
        return ""
    who = ", ".join(seat_name(names, s) for s in waiting)
    if phase == "moon":
        return _("{who} to decide on the Moon", who=who)
    if phase == "exchange":
        return _("{who} to pass a card to their partner", who=who)
    if phase == "bidding":
        return _("{who} to bid", who=who)
    return _("{who} to play", who=who)


COLOR = 0x1F6FB2


def rank_name(rank: str) -> str:
    """A rank's name in the current language (the numbered ranks are their digits)."""
    return str(translate(RANK_NAMES.get(rank, rank)))


def suit_name(suit: str) -> str:
    """A suit's name in the current language (an unknown letter as it is)."""
    return str(translate(SUITS[suit][0])) if suit in SUITS else suit


def card_short(code: str) -> str:
    """``M🐚``: compact, for the Tide and the trick."""
    if code == "rowboat":
        return ROWBOAT + _("Rowboat")
    rank, suit = code[:-1], code[-1:]
    return f"{rank}{SUITS.get(suit, ('?', suit))[1]}"


def card_long(code: str) -> str:
    """``Mermaid of Shells``: for labels and menus."""
    if code == "rowboat":
        return _("the Rowboat")
    rank, suit = code[:-1], code[-1:]
    return _("{rank} of {suit}", rank=rank_name(rank), suit=suit_name(suit))


def sort_key(code: str) -> tuple[int, int]:
    suit = SUIT_ORDER.find(code[-1:])
    rank = RANKS.find(code[:-1])
    return (suit, rank)


def _knob(knob: dict[str, Any] | None) -> str:
    if not knob:
        return "?"
    return card_long(f"{knob['rank']}{knob['suit']}")


def knob_text(trick: Mapping[str, Any]) -> str:
    """``Jack of Waves``, or ``Jack of Waves (in the Tide)`` when no one can play it: the Knob
    is named either way, as the picture shows it either way."""
    knob = _knob(trick.get("knob"))
    return knob if trick.get("knob_in_play") else f"{knob} ({translate(TERMS['knob_out'])})"


def _specials(side: dict[str, Any]) -> str:
    left = [
        icon
        for icon, key in ((ROWBOAT, "rowboat"), (LIGHTHOUSE, "lighthouse"), (MOON, "moon"))
        if side.get(key)
    ]
    return " ".join(left) if left else _("none")


def tide_line(view: dict[str, Any]) -> str:
    tide = view.get("tide") or []
    if not tide:
        return _("The Tide is not out yet.")
    current = view.get("trick_number")
    cards = []
    for n, code in enumerate(tide, start=1):
        text = card_short(code)
        if current is not None and n < current:
            text = f"~~{text}~~"
        elif n == current:
            text = f"**[{text}]**"
        cards.append(text)
    return _("🌊 **Tide:** {cards}", cards=" ".join(cards))


def trick_lines(ctx: TableContext, view: dict[str, Any]) -> list[str]:
    lines = []
    trick = view.get("trick")
    total = view.get("tricks_in_hand")
    if trick:
        trump = trick.get("trump", "")
        icon = SUITS.get(trump, ("?", ""))[1]
        knob = knob_text(trick)
        off = trick.get("off_knobs_rank")
        head = _(
            "**Trick {number} of {total}** · trump {icon} {suit} · Knob: {knob}",
            number=trick["number"],
            total=total,
            icon=icon,
            suit=suit_name(trump) if trump in SUITS else "?",
            knob=knob,
        )
        if off:
            head += _(" · off-coloured knobs: rank {rank} of the other colour", rank=rank_name(off))
        lines.append(head)
        plays = " · ".join(
            f"{ctx.name(p['seat'])} {card_short(p['card'])}" for p in trick.get("plays", [])
        )
        lines.append(
            _(
                "On the table: {plays} (led by {leader})",
                plays=plays or _("nothing yet"),
                leader=ctx.name(trick.get("leader")),
            )
        )
    last = view.get("last_trick")
    if last and last.get("plays"):
        plays = " · ".join(f"{ctx.name(p['seat'])} {card_short(p['card'])}" for p in last["plays"])
        outcome = (
            _("tied")
            if last.get("tied") or last.get("winner") is None
            else _("won by {name}", name=ctx.name(last["winner"]))
        )
        lines.append(
            _(
                "Last trick ({number}): {plays}, {outcome}",
                number=last.get("number"),
                plays=plays,
                outcome=outcome,
            )
        )
    if view.get("pending"):
        lines.append(_("🪣 Pot from tied tricks: {n}", n=view["pending"]))
    return lines


def phase_line(ctx: TableContext, view: dict[str, Any], to_act: Sequence[int]) -> str:
    if ctx.status == "abandoned":
        return _("This game was ended.")
    phase = view.get("phase")
    if phase == "over" or ctx.status == "finished":
        winners = view.get("winners") or []
        names = ctx.team(winners)
        return _("🏁 Game over: {names} won.", names=names) if names else _("🏁 Game over.")
    doing = acting({**view, "to_act": list(to_act)}, ctx.names)
    if phase == "moon":
        return _("🌙 {doing} (dealer).", doing=doing)
    if phase == "exchange":
        return _("🔁 Exchange: {doing}.", doing=doing)
    if phase == "bidding":
        return _("✋ Bidding: {doing}.", doing=doing)
    return f"▶️ {doing}."


def describe(action: Action) -> ActionSpec:
    """Labels for Rowboat's action codes (CONTRACT §1)."""
    verb, arg = action.verb, action.arg
    if verb == "play":
        name, emoji = card_long(arg), SUITS.get(arg[-1:], ("", None))[1]
        return ActionSpec(action.code, name, emoji=emoji, style="primary")
    if verb == "pass":
        return ActionSpec(
            action.code,
            _("Pass {card}", card=card_long(arg)),
            emoji=SUITS.get(arg[-1:], ("", None))[1],
        )
    if verb == "bid":
        return ActionSpec(action.code, _("Bid {n}", n=arg), style="primary")
    if verb == "moon":
        return ActionSpec(action.code, _("Moon: {n} Tide cards", n=arg), emoji=MOON)
    if verb == "nomoon":
        return ActionSpec(action.code, _("No Moon"), style="secondary")
    # once-a-game cards: below the cards, plain (not the colours of a danger or a go-ahead),
    # and asking first, so a stray tap spends nothing
    if verb == "rowboat":
        return ActionSpec(
            action.code,
            _("Play the Rowboat"),
            emoji=ROWBOAT,
            below=True,
            confirm=_("Play your Rowboat now? Your side can use it once a game."),
        )
    if verb == "lighthouse":
        return ActionSpec(
            action.code,
            _("Use the Lighthouse"),
            emoji=LIGHTHOUSE,
            below=True,
            confirm=_("Light the Lighthouse now? Your side can use it once a game."),
        )
    return ActionSpec(action.code, action.code)


#: the placeholder of each menu (marked: read through :func:`choice_name`)
CHOICES: dict[str, str] = {
    "play": msg("Play a card…"),
    "pass": msg("Pass a card to your partner…"),
    "bid": msg("Bid how many tricks…"),
    "moon": msg("Play the Moon: how many Tide cards…"),
}


def choice_name(verb: str) -> str:
    """A menu's placeholder in the current language."""
    return str(translate(CHOICES.get(verb, verb)))


def hand_text(view: dict[str, Any]) -> str:
    cards = sorted(view.get("hand") or [], key=sort_key)
    if not cards:
        return _("You hold no cards right now.")
    lines = []
    for suit in SUIT_ORDER:
        in_suit = [c for c in cards if c[-1:] == suit]
        if in_suit:
            emoji = SUITS[suit][1]
            ranks = " · ".join(rank_name(c[:-1]) for c in in_suit)
            lines.append(f"{emoji} **{suit_name(suit)}**: {ranks}")
    return "\n".join(lines)


def standing_lines(ctx: TableContext, view: dict[str, Any], seat: int) -> list[str]:
    """Where each side stands in this hand, for the hand message (issue 15: the decision
    context without scrolling up to the table): bids, tricks taken and what the seat's own side
    still needs, the pot from tied tricks, and the specials its side still holds.

    Novice tables have no bids, so only tricks are shown there."""
    if view.get("phase") not in ("bidding", "trick_play"):
        return []
    bids = view.get("bids") or []
    won = view.get("tricks_won") or []
    novice = bool((view.get("options") or {}).get("novice"))
    own = view.get("side")  # the seat's own side (seat views carry it)
    lines: list[str] = []
    for index, side in enumerate(view.get("sides") or []):
        seats = side.get("seats") or []
        tricks = sum(won[x] for x in seats if x < len(won))
        named = [b for x in seats if x < len(bids) and (b := bids[x]) is not None]
        label = _("You") if seats == [seat] else ctx.team(seats)
        if index == own and len(seats) > 1:
            label = _("Your team ({names})", names=ctx.team(seats))
        if novice or not named:
            text = _n("{label}: {n} trick", "{label}: {n} tricks", tricks, label=label)
        else:
            bid = sum(named)
            text = _(
                "{label}: bid {bid} · took {tricks}",
                label=label,
                bid=f"{bid}{'' if len(named) == len(seats) else '+'}",
                tricks=tricks,
            )
            if index == own and len(named) == len(seats):
                more = bid - tricks
                if more > 0:
                    text = _("{standing} (need {n} more)", standing=text, n=more)
                else:
                    text = _("{standing} (made)", standing=text)
        lines.append(("\n📋 " if not lines else "") + text)
    if view.get("pending"):
        lines.append(_("🪣 Pot from tied tricks: {n}", n=view["pending"]))
    sides = view.get("sides") or []
    if own is not None and own < len(sides):
        mine = sides[own]
        left = [
            f"{icon} {name}"
            for key, icon, name in (
                ("rowboat", ROWBOAT, _("Rowboat")),
                ("lighthouse", LIGHTHOUSE, _("Lighthouse")),
            )
            if mine.get(key)
        ]
        if left:
            lines.append(_("Your side still has: {specials}", specials=" · ".join(left)))
    return lines


# ---- the renderer object (bot.render.base) ----------------------------------------------------


class RowboatRenderer(Renderer):
    """Rowboat's table, hand, log and Lighthouse snapshot."""

    offers_every_action = True

    @property
    def snapshot_wording(self) -> SnapshotWording:  # type: ignore[override]
        """The Lighthouse's words, in the language of whoever the shell writes for (read each
        time, so never frozen in the language of the first reader)."""
        return SnapshotWording(
            button=_("Lighthouse view"),
            emoji=LIGHTHOUSE,
            shining=_("🔦 The light fades in about {seconds} s.", seconds="{seconds}"),
            faded=_("🌫️ The light fades."),
            none=_("No Lighthouse is shining for you right now."),
            legacy_ids=("light",),
            legacy_fades=("lighthouse_fade",),
        )

    #: the module's card words, which every part of it writes cards with
    card_short = staticmethod(card_short)
    card_long = staticmethod(card_long)
    pictures = RowboatPictures(Words(TERMS, acting))

    def table(
        self, ctx: TableContext, view: dict[str, Any], result: Result, to_act: Sequence[int]
    ) -> EmbedSpec:
        """The public table: Tide, trick, bids and tricks, scores and sandbags, turn, specials."""
        head = _(
            "Hand {number} · dealer {name}",
            number=view.get("hand_number", 1),
            name=ctx.name(view.get("dealer")),
        )
        if view.get("moon"):
            head += _(" · 🌙 Moon: {n} Tide cards", n=view["moon"])
        parts = [head, tide_line(view), *trick_lines(ctx, view)]
        description = clip("\n".join(parts), MAX_DESCRIPTION)
        bids = view.get("bids") or []
        won = view.get("tricks_won") or []
        fields = []
        novice = bool((view.get("options") or {}).get("novice"))
        for index, side in enumerate(view.get("sides", [])):
            seats = side.get("seats", [])
            score = side.get("score", 0)
            if novice:
                rows = [_("Score **{score}**", score=score)]
            else:
                rows = [
                    _("Score **{score}** · bags {bags}", score=score, bags=side.get("sandbags", 0))
                ]
            for seat in seats:
                bid = bids[seat] if seat < len(bids) else None
                tricks = won[seat] if seat < len(won) else 0
                if novice:
                    rows.append(_("{name}: tricks {tricks}", name=ctx.name(seat), tricks=tricks))
                else:
                    rows.append(
                        _(
                            "{name}: bid {bid} · tricks {tricks}",
                            name=ctx.name(seat),
                            bid="—" if bid is None else bid,
                            tricks=tricks,
                        )
                    )
            if len(seats) > 1 and side.get("bid") is not None:
                rows.append(
                    _(
                        "Team bid {bid} · team tricks {tricks}",
                        bid=side["bid"],
                        tricks=side.get("tricks", 0),
                    )
                )
            rows.append(_("Specials: {specials}", specials=_specials(side)))
            crown = " 🏆" if set(seats) & set(result.winners) else ""
            name = clip(ctx.team(seats) or _("Side {n}", n=index + 1), 200) + crown
            fields.append(FieldSpec(name, clip("\n".join(rows), MAX_FIELD_VALUE), True))
        last = view.get("last_hand")
        if last:
            text = " · ".join(
                f"{ctx.team(side.get('seats', []))}: {entry.get('points', 0):+d}"
                for side, entry in zip(view.get("sides", []), last, strict=False)
            )
            fields.append(FieldSpec(_("Last hand"), clip(text, MAX_FIELD_VALUE), False))
        target = (view.get("options") or {}).get("target_score")
        # beside the picture (which shows the Tide, the trick, the bids and tricks won): the
        # scores, and the last hand's points once it is scored
        scores = " · ".join(
            f"{ctx.team(side.get('seats', []))} **{side.get('score', 0)}**"
            + ("" if novice else " " + _("({n} bags)", n=side.get("sandbags", 0)))
            for side in view.get("sides", [])
        )
        brief = [_("Score: {scores}", scores=scores)]
        if last and view.get("phase") != "trick_play":
            brief.append(_("Last hand: {points}", points=fields[-1].value))
        return table_embed(
            ctx,
            f"{ROWBOAT} Rowboat",  # untranslated: the game's own name, as on its box
            description,
            fields,
            phase_line(ctx, view, to_act),
            target=target,
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
        """The private hand: cards by suit, this trick's trump and Knob, and the legal actions."""
        parts = [hand_text(view)]
        brief: list[str] = []  # beside the picture, which shows the cards, trump and Knob
        for married in view.get("married") or []:
            parts.append(
                _(
                    "🔒 {card} is kept for trick {trick} (it must be played then).",
                    card=card_long(married["card"]),
                    trick=married["trick"],
                )
            )
        if view.get("passing"):
            parts.append(_("🔁 You pass {card} to your partner.", card=card_long(view["passing"])))
            brief.append(parts[-1])
        trick = view.get("trick")
        if view.get("tide"):
            parts.append("\n" + tide_line(view))
        if trick:
            trump = trick.get("trump", "")
            parts.append(
                _(
                    "Trick {number} of {total}: trump {icon} {suit} · Knob: {knob}",
                    number=trick["number"],
                    total=view.get("tricks_in_hand"),
                    icon=SUITS.get(trump, ("?", ""))[1],
                    suit=suit_name(trump) if trump in SUITS else "?",
                    knob=knob_text(trick),
                )
            )
            plays = " · ".join(
                f"{ctx.name(p['seat'])} {card_short(p['card'])}" for p in trick.get("plays", [])
            )
            if plays:
                parts.append(_("On the table: {plays}", plays=plays))
        parts.extend(standing_lines(ctx, view, seat))
        brief.extend(standing_lines(ctx, view, seat))
        waiting = view.get("to_act") or []
        if seat in waiting:
            parts.append("\n" + _("**Your move.**"))
        elif waiting:
            names = ", ".join(ctx.name(s) for s in waiting)
            parts.append("\n" + _("Waiting for {names}.", names=names))
        if waiting:
            brief.append(parts[-1])
        plays = trick.get("plays", []) if trick else []
        withheld: tuple[str, ...] = ()
        if (
            any(p.get("card") == "rowboat" for p in plays)
            and len(legal) > 1
            and any(a.code == "rowboat" for a in legal)
        ):
            # D9: a second Rowboat is legal but the first one played wins the trick, so it would
            # only waste the card: not offered as a control, and the hand says why.
            legal = [a for a in legal if a.code != "rowboat"]
            withheld = ("rowboat",)
            parts.append(_("🚣 Your Rowboat would be useless in this trick (one is already out)."))
            brief.append(parts[-1])
        buttons, choices = layout(legal, describe, rows=4, choice_names=choice_name)
        title = "Rowboat"  # untranslated: the game's own name, as on its box
        return HandSpec(
            embed=hand_embed(ctx, title, seat, parts, color=COLOR, brief=brief),
            buttons=buttons,
            choices=choices,
            withheld=withheld,
        )

    def event_line(self, ctx: TableContext, event: Event, seat: int | None) -> str | None:
        """A log line: public events for the table (seat None), private notes for their seat."""
        audience = event_audience(event, seat)
        if audience is None:
            return None
        data, kind = event.data, event.kind
        who = actor(ctx, data)
        if audience == "table":
            if kind == "moon":
                return _("🌙 {who} played the Moon: {n} Tide cards.", who=who, n=data.get("tide"))
            if kind == "nomoon":
                return _("{who} kept the Moon.", who=who)
            if kind == "tide":
                return _(
                    "Hand {number}: {n} Tide cards are out.",
                    number=data.get("hand"),
                    n=data.get("tricks"),
                )
            if kind == "bid":
                return _("{who} bid {bid}.", who=who, bid=data.get("bid"))
            if kind == "play":
                return _("{who} played {card}.", who=who, card=card_short(str(data.get("card"))))
            if kind == "rowboat":
                return _("🚣 {who} played the Rowboat!", who=who)
            if kind == "lighthouse":
                return _("🔦 {who} lit the Lighthouse.", who=who)
            if kind == "pass_locked":
                return _("{who} chose a card to pass.", who=who)
            if kind == "exchange_done":
                return _("🔁 The partners swapped their cards.")
            if kind == "trick":
                if data.get("winner") is None:
                    return _("Trick {number} tied: it goes into the pot.", number=data.get("trick"))
                count = data.get("tricks", 1)
                winner = ctx.name(data["winner"])
                if count and count > 1:
                    return _(
                        "{who} took trick {number} (+{n} tricks).",
                        who=winner,
                        number=data.get("trick"),
                        n=count,
                    )
                return _("{who} took trick {number}.", who=winner, number=data.get("trick"))
            if kind == "hand_scored":
                return _("Hand {number} scored.", number=data.get("hand"))
            if kind == "game_over":
                names = ctx.team(data.get("winners", []))
                return _("🏁 {names} won the game.", names=names)
            return None
        if kind == "received":
            card, giver = card_long(str(data.get("card"))), ctx.name(data.get("from"))
            return _("🔁 You received {card} from {giver}.", card=card, giver=giver)
        if kind == "pass_chosen":
            return _("🔁 You will pass {card}.", card=card_long(str(data.get("card"))))
        if kind == "married":
            return _(
                "🔒 {card} is now kept for trick {trick}.",
                card=card_long(str(data.get("card"))),
                trick=data.get("trick"),
            )
        return None

    def sheet_cells(self, event: Event, sides: int) -> Sequence[str] | None:
        """``bid 5 took 7 made, 2 bags``, ``bid 4 took 2 set``, ``took 3`` (novice): per side,
        from the hand's ``hand_scored`` event; a bag penalty is named with what it cost."""
        if event.kind != "hand_scored":
            return None
        cells = []
        for side in event.data.get("sides") or []:
            bid, won = side.get("bid"), int(side.get("tricks") or 0)
            if bid is None:
                cells.append(_("took {n}", n=won))
                continue
            made = won >= bid
            if made:
                text = _("bid {bid} took {n} made", bid=bid, n=won)
            else:
                text = _("bid {bid} took {n} set", bid=bid, n=won)
            gained = won - bid if made else 0
            if gained:
                text += ", " + _n("{n} bag", "{n} bags", gained)
            penalties = (gained - int(side.get("sandbags") or 0)) // 5
            if penalties > 0:
                text += ", " + _("bag penalty −{points}", points=100 * penalties)
            cells.append(text)
        return cells

    def replay_line(self, ctx: TableContext, event: Event) -> str | None:
        """A new hand's Tide is named card by card in the replay (the table shows it live)."""
        line = self.event_line(ctx, event, None)
        if event.kind == "tide" and line and event.visible_to is None:
            cards = " ".join(card_short(str(c)) for c in event.data.get("tide") or [])
            return f"{line} 🌊 {cards}"
        return line

    @property
    def played_button(self) -> tuple[str, str] | None:  # type: ignore[override]
        """The history button's label in the current language, and its emoji."""
        return (_("Tricks"), "📜")

    def played(
        self, ctx: TableContext, view: dict[str, Any], seat: int, events: Sequence[Event]
    ) -> EmbedSpec | None:
        """This hand's tricks (who played what, in order, under which trump, who took it) and
        the cards of each suit the seat has not seen: not in its hand, the Tide, a trick, or a
        pass; a Lighthouse's cards stay unseen here, as its light fades."""
        tides = view.get("tide_tricks") or []
        lines = [tide_line(view)]
        for event in events:
            if event.kind == "trick":
                number = int(event.data.get("trick") or 0)
                took = (
                    _("tied: into the pot")
                    if event.data.get("tied") or event.data.get("winner") is None
                    else f"→ **{ctx.name(event.data.get('winner'))}**"
                )
                lines.append(f"{_trick_head(tides, number)} {_played(ctx, event.data)} {took}")
        trick = view.get("trick")
        if trick and trick.get("plays"):
            head = _trick_head(tides, int(trick.get("number") or 0))
            lines.append(f"{head} {_played(ctx, trick)} … " + _("(now)"))
        if len(lines) == 1:
            lines.append(_("No card has been played yet this hand."))
        deck = [rank + suit for suit in SUIT_ORDER for rank in RANKS]
        seen = seen_cards(events, view.get("hand") or [], skip=SNAPSHOT_KINDS)
        seen.update(view.get("tide") or [])
        unseen = unseen_lines(
            deck,
            seen,
            [(suit, f"{SUITS[suit][1]} {suit_name(suit)}") for suit in SUIT_ORDER],
            lambda code: code[:-1],
            lambda code: code[-1:],
            sort_key,
        )
        return history_embed(
            _(
                "📜 Tricks of hand {number} · table #{table}",
                number=view.get("hand_number", "?"),
                table=ctx.game_id,
            ),
            lines,
            [FieldSpec(_("Not seen by you yet"), "\n".join(unseen), False)],
            COLOR,
            _("Unseen: not in your hand, the Tide, a trick or a pass (a Lighthouse's view fades)."),
        )

    def coach(
        self, ctx: TableContext, event: Event, seat: int, seen: Sequence[Event]
    ) -> str | None:
        """Why a trick went where it did (Rowboat, Knob, trump, off-coloured knob or the
        highest card), and what the Moon and the Lighthouse just did."""
        data, kind = event.data, event.kind
        who = _("You") if data.get("seat") == seat else ctx.name(data.get("seat"))
        if kind == "moon":
            return _(
                "{who} played the Moon: this hand has {n} Tide cards, so {n} tricks, each with "
                "its own trump.",
                who=who,
                n=data.get("tide"),
            )
        if kind == "lighthouse":
            return _("{who} lit the Lighthouse: a short private look at the other hands.", who=who)
        if kind != "trick":
            return None
        number = int(data.get("trick") or 0)
        if data.get("winner") is None:
            return _(
                "Trick {number} tied: equal best cards take nothing, and the trick goes "
                "to whoever takes the next one (on the last trick it is lost).",
                number=number,
            )
        tide = next((e.data.get("tide") or [] for e in reversed(seen) if e.kind == "tide"), [])
        winner = int(data["winner"])
        card = next(
            (str(p["card"]) for p in data.get("plays") or [] if p.get("seat") == winner), ""
        )
        trump = trick_trump(tide, number)
        trumps = (
            _("{suit} were trump", suit=suit_name(trump))
            if trump in SUITS
            else _("the Tide set trump")
        )
        role = card_role(tide, number, card)
        if role == "rowboat":
            why = _("the Rowboat beats every card")
        elif role == "knob":
            why = _("the Knob beats every trump ({trumps})", trumps=trumps)
        elif role == "trump":
            why = _("{trumps} this trick", trumps=trumps)
        elif role == "off_knob":
            why = _(
                "no trump was played ({trumps}), and an off-coloured knob beats the rest",
                trumps=trumps,
            )
        else:
            why = _(
                "no trump or knob was played ({trumps}), so the highest card won", trumps=trumps
            )
        shown = card_short(card)
        if winner == seat:
            return _(
                "You took trick {number} with {card}: {why}.", number=number, card=shown, why=why
            )
        return _(
            "{who} took trick {number} with {card}: {why}.",
            who=ctx.name(winner),
            number=number,
            card=shown,
            why=why,
        )

    def clears_log(self, event: Event) -> bool:
        """A new Tide starts a new hand: the table's log restarts with it (cards of the last hand
        are shuffled back and dealt again, so old lines would only confuse)."""
        return event.kind == "tide"

    def ends_snapshots(self, event: Event) -> bool:
        """A Lighthouse shows the hands of one deal: once that hand is scored (its cards all
        played) the light is out, and its button leaves the next hand's table."""
        return event.kind in ("hand_scored", "tide")

    def snapshot(self, ctx: TableContext, event: Event, seat: int) -> EmbedSpec | None:
        """The Lighthouse view for ``seat``: the hands other than its own."""
        if event.kind != "lighthouse_view" or not event.visible(seat):
            return None
        lines = []
        for entry in event.data.get("hands", []):
            if entry.get("seat") == seat:
                continue
            cards = sorted(entry.get("cards", []), key=sort_key)
            shown = " ".join(card_short(c) for c in cards) or _("no cards")
            lines.append(f"**{ctx.name(entry.get('seat'))}**: {shown}")
        user = ctx.name(event.data.get("seat"))
        return EmbedSpec(
            title=_("🔦 Lighthouse · lit by {name}", name=user),
            description=clip("\n".join(lines) or _("No hands to show."), MAX_DESCRIPTION),
            footer=_(
                "A snapshot: it does not change as play goes on. {lasting}",
                lasting=lasting(int(event.data.get("seconds") or 0), len(lines)),
            ),
            color=0xF2C94C,
        )


#: private snapshots: their cards do not count as seen in the Played answer
SNAPSHOT_KINDS = frozenset({"lighthouse_view"})


def _trick_head(tides: Sequence[Mapping[str, Any]], number: int) -> str:
    """``**3** 🐚``: the trick's number and the trump its Tide card made."""
    trump = tides[number - 1].get("trump", "") if 0 < number <= len(tides) else ""
    return f"**{number}** {SUITS.get(trump, ('?', '?'))[1]}"


def _played(ctx: TableContext, trick: Mapping[str, Any]) -> str:
    return " · ".join(
        f"{ctx.name(p.get('seat'))} {card_short(str(p.get('card')))}"
        for p in trick.get("plays") or []
    )


def lasting(seconds: int, shown: int) -> str:
    """``It shines about 90 s: 30 s for each of the 3 hands shown.``: the option
    (``lighthouse_seconds``, per hand) and the countdown (the whole view) in one sentence, so
    that the two numbers cannot seem to disagree."""
    if shown <= 1:
        return _("It shines about {seconds} s.", seconds=seconds)
    return _(
        "It shines about {seconds} s: {each} s for each of the {n} hands shown.",
        seconds=seconds,
        each=seconds // shown,
        n=shown,
    )


RENDERER = RowboatRenderer()
