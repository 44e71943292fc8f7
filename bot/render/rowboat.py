"""Rowboat on Discord: the table embed, the hand, action labels, events, Lighthouse snapshots.

Reads only the engine's view layout (``games/rowboat/__init__.py`` docstring) and its events;
it decides nothing. The Tide is drawn with the current trick marked, and its trump and Knob
spelled out, because in Rowboat every trick has its own trump (spec §3.2).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

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
from bot.render.images.base import Words, acting_words
from bot.render.images.rowboat import RowboatPictures
from games import Action, Event, Result
from games.rowboat.coach import card_role, trick_trump

SUITS = {"o": ("Oars", "🛶"), "w": ("Waves", "🌊"), "s": ("Shells", "🐚"), "m": ("Maps", "🗺️")}
SUIT_ORDER = "owsm"
RANKS = "A23456789DMSW"
RANK_NAMES = {"A": "Anchor", "D": "Dolphin", "M": "Mermaid", "S": "Seeker", "W": "Whale"}
ROWBOAT, LIGHTHOUSE, MOON = "🚣", "🔦", "🌙"
#: the game's words, one per concept, shared by the table's text, the hand and the pictures
#: (issue 36: the hand said "Knob: none in play" while the picture showed the Knob in the Tide)
TERMS = {"knob_out": "in the Tide"}
#: what the seats the game waits for are to do, by phase (the picture's header says the same)
DOING = {
    "moon": "decide on the Moon",
    "exchange": "pass a card to their partner",
    "bidding": "bid",
    "*": "play",
}


def acting(view: Mapping[str, Any], names: Sequence[str] | None) -> str:
    """``Ann to bid``: the seats the view waits for and what they are to do."""
    return acting_words(view, names, DOING)


COLOR = 0x1F6FB2


def rank_name(rank: str) -> str:
    return RANK_NAMES.get(rank, rank)


def card_short(code: str) -> str:
    """``M🐚``: compact, for the Tide and the trick."""
    if code == "rowboat":
        return f"{ROWBOAT}Rowboat"
    rank, suit = code[:-1], code[-1:]
    return f"{rank}{SUITS.get(suit, ('?', suit))[1]}"


def card_long(code: str) -> str:
    """``Mermaid of Shells``: for labels and menus."""
    if code == "rowboat":
        return "the Rowboat"
    rank, suit = code[:-1], code[-1:]
    return f"{rank_name(rank)} of {SUITS.get(suit, (suit, ''))[0]}"


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
    return knob if trick.get("knob_in_play") else f"{knob} ({TERMS['knob_out']})"


def _specials(side: dict[str, Any]) -> str:
    left = [
        icon
        for icon, key in ((ROWBOAT, "rowboat"), (LIGHTHOUSE, "lighthouse"), (MOON, "moon"))
        if side.get(key)
    ]
    return " ".join(left) if left else "none"


def tide_line(view: dict[str, Any]) -> str:
    tide = view.get("tide") or []
    if not tide:
        return "The Tide is not out yet."
    current = view.get("trick_number")
    cards = []
    for n, code in enumerate(tide, start=1):
        text = card_short(code)
        if current is not None and n < current:
            text = f"~~{text}~~"
        elif n == current:
            text = f"**[{text}]**"
        cards.append(text)
    return "🌊 **Tide:** " + " ".join(cards)


def trick_lines(ctx: TableContext, view: dict[str, Any]) -> list[str]:
    lines = []
    trick = view.get("trick")
    total = view.get("tricks_in_hand")
    if trick:
        trump = SUITS.get(trick.get("trump", ""), ("?", ""))
        knob = knob_text(trick)
        off = trick.get("off_knobs_rank")
        lines.append(
            f"**Trick {trick['number']} of {total}** · trump {trump[1]} {trump[0]} · "
            f"Knob: {knob}"
            + (f" · off-coloured knobs: rank {rank_name(off)} of the other colour" if off else "")
        )
        plays = " · ".join(
            f"{ctx.name(p['seat'])} {card_short(p['card'])}" for p in trick.get("plays", [])
        )
        lines.append(
            f"On the table: {plays or 'nothing yet'} (led by {ctx.name(trick.get('leader'))})"
        )
    last = view.get("last_trick")
    if last and last.get("plays"):
        plays = " · ".join(f"{ctx.name(p['seat'])} {card_short(p['card'])}" for p in last["plays"])
        outcome = (
            "tied"
            if last.get("tied") or last.get("winner") is None
            else f"won by {ctx.name(last['winner'])}"
        )
        lines.append(f"Last trick ({last.get('number')}): {plays}, {outcome}")
    if view.get("pending"):
        lines.append(f"🪣 Pot from tied tricks: {view['pending']}")
    return lines


def phase_line(ctx: TableContext, view: dict[str, Any], to_act: Sequence[int]) -> str:
    if ctx.status == "abandoned":
        return "This game was ended."
    phase = view.get("phase")
    if phase == "over" or ctx.status == "finished":
        winners = view.get("winners") or []
        names = ctx.team(winners)
        return f"🏁 Game over: {names} won." if names else "🏁 Game over."
    doing = acting({**view, "to_act": list(to_act)}, ctx.names)
    if phase == "moon":
        return f"{MOON} {doing} (dealer)."
    if phase == "exchange":
        return f"🔁 Exchange: {doing}."
    if phase == "bidding":
        return f"✋ Bidding: {doing}."
    return f"▶️ {doing}."


def describe(action: Action) -> ActionSpec:
    """Labels for Rowboat's action codes (CONTRACT §1)."""
    verb, arg = action.verb, action.arg
    if verb == "play":
        name, emoji = card_long(arg), SUITS.get(arg[-1:], ("", None))[1]
        return ActionSpec(action.code, name, emoji=emoji, style="primary")
    if verb == "pass":
        return ActionSpec(
            action.code, f"Pass {card_long(arg)}", emoji=SUITS.get(arg[-1:], ("", None))[1]
        )
    if verb == "bid":
        return ActionSpec(action.code, f"Bid {arg}", style="primary")
    if verb == "moon":
        return ActionSpec(action.code, f"Moon: {arg} Tide cards", emoji=MOON)
    if verb == "nomoon":
        return ActionSpec(action.code, "No Moon", style="secondary")
    # once-a-game cards: below the cards, plain (not the colours of a danger or a go-ahead),
    # and asking first, so a stray tap spends nothing
    if verb == "rowboat":
        return ActionSpec(
            action.code,
            "Play the Rowboat",
            emoji=ROWBOAT,
            below=True,
            confirm="Play your Rowboat now? Your side can use it once a game.",
        )
    if verb == "lighthouse":
        return ActionSpec(
            action.code,
            "Use the Lighthouse",
            emoji=LIGHTHOUSE,
            below=True,
            confirm="Light the Lighthouse now? Your side can use it once a game.",
        )
    return ActionSpec(action.code, action.code)


CHOICES = {
    "play": "Play a card…",
    "pass": "Pass a card to your partner…",
    "bid": "Bid how many tricks…",
    "moon": "Play the Moon: how many Tide cards…",
}


def hand_text(view: dict[str, Any]) -> str:
    cards = sorted(view.get("hand") or [], key=sort_key)
    if not cards:
        return "You hold no cards right now."
    lines = []
    for suit in SUIT_ORDER:
        in_suit = [c for c in cards if c[-1:] == suit]
        if in_suit:
            name, emoji = SUITS[suit]
            ranks = " · ".join(rank_name(c[:-1]) for c in in_suit)
            lines.append(f"{emoji} **{name}**: {ranks}")
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
        label = "You" if seats == [seat] else ctx.team(seats)
        if index == own and len(seats) > 1:
            label = f"Your team ({ctx.team(seats)})"
        if novice or not named:
            text = f"{label}: {tricks} trick{'s' if tricks != 1 else ''}"
        else:
            bid = sum(named)
            text = f"{label}: bid {bid}{'' if len(named) == len(seats) else '+'} · took {tricks}"
            if index == own and len(named) == len(seats):
                more = bid - tricks
                text += f" (need {more} more)" if more > 0 else " (made)"
        lines.append(("\n📋 " if not lines else "") + text)
    if view.get("pending"):
        lines.append(f"🪣 Pot from tied tricks: {view['pending']}")
    sides = view.get("sides") or []
    if own is not None and own < len(sides):
        mine = sides[own]
        left = [
            name
            for key, name in (
                ("rowboat", f"{ROWBOAT} Rowboat"),
                ("lighthouse", f"{LIGHTHOUSE} Lighthouse"),
            )
            if mine.get(key)
        ]
        if left:
            lines.append("Your side still has: " + " · ".join(left))
    return lines


# ---- the renderer object (bot.render.base) ----------------------------------------------------


class RowboatRenderer(Renderer):
    """Rowboat's table, hand, log and Lighthouse snapshot."""

    offers_every_action = True
    snapshot_wording = SnapshotWording(
        button="Lighthouse view",
        emoji=LIGHTHOUSE,
        shining=f"{LIGHTHOUSE} The light fades in about {{seconds}} s.",
        faded="🌫️ The light fades.",
        none="No Lighthouse is shining for you right now.",
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
        parts = [
            f"Hand {view.get('hand_number', 1)} · dealer {ctx.name(view.get('dealer'))}"
            + (f" · {MOON} Moon: {view['moon']} Tide cards" if view.get("moon") else ""),
            tide_line(view),
            *trick_lines(ctx, view),
        ]
        description = clip("\n".join(parts), MAX_DESCRIPTION)
        bids = view.get("bids") or []
        won = view.get("tricks_won") or []
        fields = []
        novice = bool((view.get("options") or {}).get("novice"))
        for index, side in enumerate(view.get("sides", [])):
            seats = side.get("seats", [])
            rows = [
                f"Score **{side.get('score', 0)}**"
                + ("" if novice else f" · bags {side.get('sandbags', 0)}")
            ]
            for seat in seats:
                bid = bids[seat] if seat < len(bids) else None
                tricks = won[seat] if seat < len(won) else 0
                bid_text = "" if novice else f"bid {'—' if bid is None else bid} · "
                rows.append(f"{ctx.name(seat)}: {bid_text}tricks {tricks}")
            if len(seats) > 1 and side.get("bid") is not None:
                rows.append(f"Team bid {side['bid']} · team tricks {side.get('tricks', 0)}")
            rows.append(f"Specials: {_specials(side)}")
            crown = " 🏆" if set(seats) & set(result.winners) else ""
            name = clip(ctx.team(seats) or f"Side {index + 1}", 200) + crown
            fields.append(FieldSpec(name, clip("\n".join(rows), MAX_FIELD_VALUE), True))
        last = view.get("last_hand")
        if last:
            text = " · ".join(
                f"{ctx.team(side.get('seats', []))}: {entry.get('points', 0):+d}"
                for side, entry in zip(view.get("sides", []), last, strict=False)
            )
            fields.append(FieldSpec("Last hand", clip(text, MAX_FIELD_VALUE), False))
        target = (view.get("options") or {}).get("target_score")
        # beside the picture (which shows the Tide, the trick, the bids and tricks won): the
        # scores, and the last hand's points once it is scored
        scores = " · ".join(
            f"{ctx.team(side.get('seats', []))} **{side.get('score', 0)}**"
            + ("" if novice else f" ({side.get('sandbags', 0)} bags)")
            for side in view.get("sides", [])
        )
        brief = [f"Score: {scores}"]
        if last and view.get("phase") != "trick_play":
            brief.append(f"Last hand: {fields[-1].value}")
        return table_embed(
            ctx,
            f"{ROWBOAT} Rowboat",
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
                f"🔒 {card_long(married['card'])} is kept for trick {married['trick']} "
                "(it must be played then)."
            )
        if view.get("passing"):
            parts.append(f"🔁 You pass {card_long(view['passing'])} to your partner.")
            brief.append(parts[-1])
        trick = view.get("trick")
        if view.get("tide"):
            parts.append("\n" + tide_line(view))
        if trick:
            trump = SUITS.get(trick.get("trump", ""), ("?", ""))
            knob = knob_text(trick)
            parts.append(
                f"Trick {trick['number']} of {view.get('tricks_in_hand')}: trump {trump[1]} "
                f"{trump[0]} · Knob: {knob}"
            )
            plays = " · ".join(
                f"{ctx.name(p['seat'])} {card_short(p['card'])}" for p in trick.get("plays", [])
            )
            if plays:
                parts.append(f"On the table: {plays}")
        parts.extend(standing_lines(ctx, view, seat))
        brief.extend(standing_lines(ctx, view, seat))
        waiting = view.get("to_act") or []
        if seat in waiting:
            parts.append("\n**Your move.**")
        elif waiting:
            parts.append("\nWaiting for " + ", ".join(ctx.name(s) for s in waiting) + ".")
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
            parts.append("🚣 Your Rowboat would be useless in this trick (one is already out).")
            brief.append(parts[-1])
        buttons, choices = layout(legal, describe, rows=4, choice_names=lambda v: CHOICES.get(v, v))
        return HandSpec(
            embed=hand_embed(ctx, "Rowboat", seat, parts, color=COLOR, brief=brief),
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
                return f"{MOON} {who} played the Moon: {data.get('tide')} Tide cards."
            if kind == "nomoon":
                return f"{who} kept the Moon."
            if kind == "tide":
                return f"Hand {data.get('hand')}: {data.get('tricks')} Tide cards are out."
            if kind == "bid":
                return f"{who} bid {data.get('bid')}."
            if kind == "play":
                return f"{who} played {card_short(str(data.get('card')))}."
            if kind == "rowboat":
                return f"{ROWBOAT} {who} played the Rowboat!"
            if kind == "lighthouse":
                return f"{LIGHTHOUSE} {who} lit the Lighthouse."
            if kind == "pass_locked":
                return f"{who} chose a card to pass."
            if kind == "exchange_done":
                return "🔁 The partners swapped their cards."
            if kind == "trick":
                if data.get("winner") is None:
                    return f"Trick {data.get('trick')} tied: it goes into the pot."
                count = data.get("tricks", 1)
                extra = f" (+{count} tricks)" if count and count > 1 else ""
                return f"{ctx.name(data['winner'])} took trick {data.get('trick')}{extra}."
            if kind == "hand_scored":
                return f"Hand {data.get('hand')} scored."
            if kind == "game_over":
                names = ctx.team(data.get("winners", []))
                return f"🏁 {names} won the game."
            return None
        if kind == "received":
            card, giver = card_long(str(data.get("card"))), ctx.name(data.get("from"))
            return f"🔁 You received {card} from {giver}."
        if kind == "pass_chosen":
            return f"🔁 You will pass {card_long(str(data.get('card')))}."
        if kind == "married":
            return (
                f"🔒 {card_long(str(data.get('card')))} is now kept for trick {data.get('trick')}."
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
                cells.append(f"took {won}")
                continue
            made = won >= bid
            text = f"bid {bid} took {won} {'made' if made else 'set'}"
            gained = won - bid if made else 0
            if gained:
                text += f", {gained} bag{'s' if gained != 1 else ''}"
            penalties = (gained - int(side.get("sandbags") or 0)) // 5
            if penalties > 0:
                text += f", bag penalty −{100 * penalties}"
            cells.append(text)
        return cells

    def replay_line(self, ctx: TableContext, event: Event) -> str | None:
        """A new hand's Tide is named card by card in the replay (the table shows it live)."""
        line = self.event_line(ctx, event, None)
        if event.kind == "tide" and line and event.visible_to is None:
            cards = " ".join(card_short(str(c)) for c in event.data.get("tide") or [])
            return f"{line} 🌊 {cards}"
        return line

    played_button = ("Tricks", "📜")

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
                    "tied: into the pot"
                    if event.data.get("tied") or event.data.get("winner") is None
                    else f"→ **{ctx.name(event.data.get('winner'))}**"
                )
                lines.append(f"{_trick_head(tides, number)} {_played(ctx, event.data)} {took}")
        trick = view.get("trick")
        if trick and trick.get("plays"):
            head = _trick_head(tides, int(trick.get("number") or 0))
            lines.append(f"{head} {_played(ctx, trick)} … (now)")
        if len(lines) == 1:
            lines.append("No card has been played yet this hand.")
        deck = [rank + suit for suit in SUIT_ORDER for rank in RANKS]
        seen = seen_cards(events, view.get("hand") or [], skip=SNAPSHOT_KINDS)
        seen.update(view.get("tide") or [])
        unseen = unseen_lines(
            deck,
            seen,
            [(suit, f"{SUITS[suit][1]} {SUITS[suit][0]}") for suit in SUIT_ORDER],
            lambda code: code[:-1],
            lambda code: code[-1:],
            sort_key,
        )
        return history_embed(
            f"📜 Tricks of hand {view.get('hand_number', '?')} · table #{ctx.game_id}",
            lines,
            [FieldSpec("Not seen by you yet", "\n".join(unseen), False)],
            COLOR,
            "Unseen: not in your hand, the Tide, a trick or a pass (a Lighthouse's view fades).",
        )

    def coach(
        self, ctx: TableContext, event: Event, seat: int, seen: Sequence[Event]
    ) -> str | None:
        """Why a trick went where it did (Rowboat, Knob, trump, off-coloured knob or the
        highest card), and what the Moon and the Lighthouse just did."""
        data, kind = event.data, event.kind
        who = "You" if data.get("seat") == seat else ctx.name(data.get("seat"))
        if kind == "moon":
            return (
                f"{who} played the Moon: this hand has {data.get('tide')} Tide cards, so "
                f"{data.get('tide')} tricks, each with its own trump."
            )
        if kind == "lighthouse":
            return f"{who} lit the Lighthouse: a short private look at the other hands."
        if kind != "trick":
            return None
        number = int(data.get("trick") or 0)
        if data.get("winner") is None:
            return (
                f"Trick {number} tied: equal best cards take nothing, and the trick goes "
                "to whoever takes the next one (on the last trick it is lost)."
            )
        tide = next((e.data.get("tide") or [] for e in reversed(seen) if e.kind == "tide"), [])
        winner = int(data["winner"])
        card = next(
            (str(p["card"]) for p in data.get("plays") or [] if p.get("seat") == winner), ""
        )
        took = "You took" if winner == seat else f"{ctx.name(winner)} took"
        trump = trick_trump(tide, number)
        trumps = f"{SUITS[trump][0]} were trump" if trump in SUITS else "the Tide set trump"
        role = card_role(tide, number, card)
        why = {
            "rowboat": "the Rowboat beats every card",
            "knob": f"the Knob beats every trump ({trumps})",
            "trump": f"{trumps} this trick",
            "off_knob": f"no trump was played ({trumps}), and an off-coloured knob beats the rest",
            "plain": f"no trump or knob was played ({trumps}), so the highest card won",
        }[role]
        return f"{took} trick {number} with {card_short(card)}: {why}."

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
            shown = " ".join(card_short(c) for c in cards) or "no cards"
            lines.append(f"**{ctx.name(entry.get('seat'))}**: {shown}")
        user = ctx.name(event.data.get("seat"))
        return EmbedSpec(
            title=f"{LIGHTHOUSE} Lighthouse · lit by {user}",
            description=clip("\n".join(lines) or "No hands to show.", MAX_DESCRIPTION),
            footer="A snapshot: it does not change as play goes on. "
            + lasting(int(event.data.get("seconds") or 0), len(lines)),
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
        return f"It shines about {seconds} s."
    return f"It shines about {seconds} s: {seconds // shown} s for each of the {shown} hands shown."


RENDERER = RowboatRenderer()
