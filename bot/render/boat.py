"""Boat on Discord: the table embed, the hand and its controls, event lines.

Reads only the engine's view layout (``games/boat/view.py``) and its events; it decides
nothing. What it adds is arrangement: twelve possible bids become Pass, the next few bids as
buttons and the rest in a menu; the 2,002 legal discards become one 5-of-14 multi-select built
from the view's ``discard_rule`` (the engine refuses an illegal pick with its own words); trump
is four buttons; a play is one button per playable card.

Secrecy (spec §5): the widow and the discards are written only in the declarer's hand message.
The table shows them only when the game is over (the last hand's reveal); after an ordinary
hand only their points are public, because the next deal puts those cards in secret hands.
For the same reason the table log restarts when a hand is scored
(see :meth:`BoatRenderer.clears_log`).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from typing import Any

from bot.render import (
    MAX_DESCRIPTION,
    MAX_FIELD_VALUE,
    ActionSpec,
    ChoiceSpec,
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
from bot.render.base import Renderer
from bot.render.cards import FRENCH_SUITS
from bot.render.history import history_embed, seen_cards, unseen_lines
from bot.render.images.base import Words, acting_words
from bot.render.images.boat import BoatPictures
from games import Action, Event, Result

SUITS = FRENCH_SUITS
SUIT_ORDER = "CDHS"
RANKS = "56789TJQKA"
RANK_NAMES = {
    "5": "Five",
    "6": "Six",
    "7": "Seven",
    "8": "Eight",
    "9": "Nine",
    "T": "Ten",
    "J": "Jack",
    "Q": "Queen",
    "K": "King",
    "A": "Ace",
}
BOAT = "BOAT"
BOAT_ICON = "⛵"
GAME_ICON = "🚤"
COLOR = 0x0E7C86
#: how many of the next legal bids get their own button (the rest go in a menu)
BID_BUTTONS = 4
DISCARD = 5


def points(code: str) -> int:
    """Spec §1.3: the Boat 20, Aces and 10s 10, 5s 5, the rest 0 (for labels only)."""
    if code == BOAT:
        return 20
    return {"A": 10, "T": 10, "5": 5}.get(code[:1], 0)


def card_short(code: str) -> str:
    """``10♥`` or ``⛵Boat``: compact, for tricks and the log."""
    if code == BOAT:
        return f"{BOAT_ICON}Boat"
    rank, suit = code[:-1], code[-1:]
    return ("10" if rank == "T" else rank) + SUITS.get(suit, ("?", suit))[1]


def card_long(code: str) -> str:
    """``Ten of Hearts`` or ``the Boat card``: for labels, menus and private notes."""
    if code == BOAT:
        return "the Boat card"
    rank, suit = code[:-1], code[-1:]
    return f"{RANK_NAMES.get(rank, rank)} of {SUITS.get(suit, (suit, ''))[0]}"


def sort_key(code: str, trump: str | None = None) -> tuple[int, int]:
    """Suits in ``♣ ♦ ♥ ♠`` order, low to high; the Boat sits above the trump Ace (D3), or
    after everything while trump is unknown."""
    if code == BOAT:
        return (SUIT_ORDER.find(trump), len(RANKS)) if trump in SUITS else (len(SUITS), 0)
    return (SUIT_ORDER.find(code[-1:]), RANKS.find(code[:-1]))


def suit_label(suit: str | None) -> str:
    if suit not in SUITS:
        return "not named yet"
    name, icon = SUITS[suit]
    return f"{icon} {name}"


def _plays(ctx: TableContext, plays: Sequence[dict[str, Any]]) -> str:
    return " · ".join(f"{ctx.name(p.get('seat'))} {card_short(str(p.get('card')))}" for p in plays)


def bids_line(ctx: TableContext, view: dict[str, Any]) -> str:
    """Every bid and pass of this hand, in order (public, §5)."""
    said = []
    for entry in view.get("bids") or []:
        what = "pass" if entry.get("pass") else str(entry.get("bid"))
        said.append(f"{ctx.name(entry.get('seat'))} {what}")
    return "**Bids:** " + (" · ".join(said) if said else "none yet")


def contract_lines(ctx: TableContext, view: dict[str, Any]) -> list[str]:
    """Bidding state, then the declarer, the bid and trump once they are known."""
    lines = [bids_line(ctx, view)]
    declarer = view.get("declarer")
    if declarer is None:
        high = view.get("high_bid")
        if high:
            lines.append(f"High bid **{high}** by {ctx.name(view.get('high_bidder'))}")
        else:
            lines.append("No bid yet: the opening bid is 65.")
        return lines
    stuck = " (everyone else passed: stuck at the minimum)" if view.get("stuck") else ""
    lines.append(f"**Declarer:** {ctx.name(declarer)} at **{view.get('bid')}**{stuck}")
    lines.append(f"**Trump:** {suit_label(view.get('trump'))}")
    return lines


def trick_lines(ctx: TableContext, view: dict[str, Any]) -> list[str]:
    lines = []
    number = view.get("trick_number")
    if number is not None:
        plays = view.get("trick") or []
        leader = ctx.name(view.get("leader"))
        lines.append(
            f"**Trick {number} of 9** (led by {leader}): {_plays(ctx, plays) or 'nothing yet'}"
        )
    last = view.get("last_trick")
    if last and last.get("cards"):
        lines.append(
            f"Last trick: {_plays(ctx, last['cards'])}, won by {ctx.name(last.get('winner'))}"
        )
    return lines


def reveal_line(view: dict[str, Any]) -> str | None:
    """The last hand's discards, public once the game is over (§5)."""
    reveal = view.get("reveal")
    if not reveal or not reveal.get("discards"):
        return None
    cards = " ".join(card_short(c) for c in reveal["discards"])
    return f"Discards of the last hand: {cards} ({reveal.get('discard_points', 0)} points)"


def phase_line(ctx: TableContext, view: dict[str, Any], to_act: Sequence[int]) -> str:
    if ctx.status == "abandoned":
        return "This game was ended."
    phase = view.get("phase")
    if phase == "over" or ctx.status == "finished":
        names = ctx.team(view.get("winners") or [])
        return f"🏁 Game over: {names} won." if names else "🏁 Game over."
    doing = acting({**view, "to_act": list(to_act)}, ctx.names)
    if phase == "bidding":
        return f"✋ Bidding: {doing}."
    icon = {"discard": "🂠", "trump": "🎯"}.get(str(phase), "▶️")
    return f"{icon} {doing}."


#: what the seats the game waits for are to do, by phase (the table's turn line and the
#: picture's header say the same)
DOING = {
    "bidding": "bid or pass",
    "discard": "take the widow and discard 5 cards",
    "trump": "name trump",
    "*": "play",
}
#: the game's words, one per concept, shared by the table's text and its picture
TERMS = {"widow": "widow", "trump": "trump"}


def acting(view: Mapping[str, Any], names: Sequence[str] | None) -> str:
    """``Ann to bid or pass``: the seats the view waits for and what they are to do."""
    return acting_words(view, names, DOING)


def last_hand_text(ctx: TableContext, view: dict[str, Any]) -> str | None:
    last = view.get("last_hand")
    if not last:
        return None
    teams = view.get("teams") or [[0, 2], [1, 3]]
    declarer = last.get("declarer")
    outcome = "made it" if last.get("made") else "went down"
    points_ = last.get("card_points") or [0, 0]
    change = last.get("score_change") or [0, 0]
    parts = [f"{ctx.name(declarer)} bid {last.get('bid')} and {outcome}."]
    for team, seats in enumerate(teams):
        parts.append(
            f"{ctx.team(seats)}: {points_[team]} card points, {change[team]:+d} to the score."
        )
    to_team = last.get("last_trick_team")
    if isinstance(to_team, int) and 0 <= to_team < len(teams):
        parts.append(
            f"Discards ({last.get('discard_points', 0)} points) went to "
            f"{ctx.team(teams[to_team])} with the last trick."
        )
    return "\n".join(parts)


def describe(action: Action) -> ActionSpec:
    """Labels for Boat's action codes (CONTRACT §1)."""
    verb, arg = action.verb, action.arg
    if verb == "play":
        return ActionSpec(action.code, card_short(arg), style="primary")
    if verb == "bid":
        return ActionSpec(action.code, f"Bid {arg}", style="primary")
    if verb == "pass":  # a quiet control: bidding is the move the screen is for
        return ActionSpec(action.code, "Pass", style="secondary")
    if verb == "trump":
        name, icon = SUITS.get(arg, (arg, ""))
        # a component emoji must be a full emoji: the suit sign with its emoji variation form
        emoji = f"{icon}\ufe0f" if icon else None
        return ActionSpec(action.code, f"Trump {name}", emoji=emoji, style="success")
    return ActionSpec(action.code, clip(action.code, 80))


def hand_text(cards: Sequence[str], trump: str | None, widow: Sequence[str] = ()) -> str:
    """The hand by suit, low to high (the Boat with trump once it is named); the declarer's
    cards that came from the widow underlined."""
    if not cards:
        return "You hold no cards right now."
    ordered = sorted(cards, key=lambda c: sort_key(c, trump))
    lines = []
    for suit in SUIT_ORDER:
        in_suit = [c for c in ordered if sort_key(c, trump)[0] == SUIT_ORDER.find(suit)]
        if in_suit:
            name, icon = SUITS[suit]
            mark = " (trump)" if suit == trump else ""
            shown = (f"__{card_short(c)}__" if c in widow else card_short(c) for c in in_suit)
            lines.append(f"{icon} **{name}**{mark}: " + " ".join(shown))
    if BOAT in cards and trump not in SUITS:
        boat = f"__{card_short(BOAT)}__" if BOAT in widow else card_short(BOAT)
        lines.append(f"{boat} (joins the trump suit, above its Ace)")
    return "\n".join(lines)


def discard_controls(view: dict[str, Any]) -> tuple[ChoiceSpec, ...]:
    """One 5-of-14 multi-select over the whole hand, from the view's ``discard_rule``.

    Every card of the hand is an option, even where the table forbids discarding it
    (``discard_points_allowed = false``, D4): the description says so, and the engine answers
    an illegal pick with its own explanation."""
    rule = view.get("discard_rule") or {}
    trump = view.get("trump")
    must = set(rule.get("must_discard") or [])
    free = set(rule.get("choose_from") or [])
    options = []
    for card in sorted(view.get("hand") or [], key=lambda c: sort_key(c, trump)):
        worth = points(card)
        note = f"{worth} points" if worth else "no points"
        if card in must:
            note += " · must be discarded here"
        elif card not in free:
            note += " · may not be discarded here"
        options.append(ActionSpec(card, card_short(card), description=note))
    count = int(rule.get("count", DISCARD))
    return (
        ChoiceSpec(
            placeholder=f"Choose the {count} cards to discard…",
            actions=tuple(options),
            min_values=count,
            max_values=count,
            verb="discard",
        ),
    )


def bid_controls(
    legal: Sequence[Action],
) -> tuple[tuple[ActionSpec, ...], tuple[ChoiceSpec, ...]]:
    """The next few bids as buttons, then Pass (never the first control under a thumb);
    every higher bid in one menu (at most 12 bids)."""
    passes = [describe(a) for a in legal if a.verb == "pass"]
    bids = sorted((a for a in legal if a.verb == "bid"), key=lambda a: int(a.arg))
    buttons = (*(describe(a) for a in bids[:BID_BUTTONS]), *passes)
    rest = bids[BID_BUTTONS:]
    choices: tuple[ChoiceSpec, ...] = ()
    if rest:
        choices = (
            ChoiceSpec(
                placeholder="Bid higher…",
                actions=tuple(
                    ActionSpec(
                        a.code, f"Bid {a.arg}", description=f"Your team must then take {a.arg}+"
                    )
                    for a in rest
                ),
            ),
        )
    return buttons, choices


def trump_buttons(view: dict[str, Any], legal: Sequence[Action]) -> tuple[ActionSpec, ...]:
    """One button per suit, labelled with how many cards of it the declarer holds."""
    hand = view.get("hand") or []
    out = []
    for action in legal:
        spec = describe(action)
        count = sum(1 for c in hand if c[-1:] == action.arg and c != BOAT)
        out.append(dataclasses.replace(spec, label=f"{spec.label} ({count})"))
    return tuple(out)


def standing_lines(ctx: TableContext, view: dict[str, Any], seat: int) -> list[str]:
    """Both teams' tricks (and card points where the table shows them) in this hand, and what
    the contract asks, so the hand message carries the decision context (issue 15)."""
    teams = view.get("teams") or [[0, 2], [1, 3]]
    won = view.get("tricks_won") or [0, 0]
    running = view.get("card_points")
    declarer = view.get("declarer")
    lines = []
    for index in (seat % 2, 1 - seat % 2):
        label = "Your team" if index == seat % 2 else "Them"
        text = f"{label} ({ctx.team(teams[index])}): {won[index]} tricks"
        if running:
            text += f" · {running[index]} points"
        if declarer is not None and declarer % 2 == index:
            text += f" · contract {view.get('bid')}"
        lines.append(text)
    lines[0] = "📋 " + lines[0]
    return lines


def _hand_scored_line(ctx: TableContext, data: Mapping[str, Any]) -> str:
    declarer = data.get("declarer")
    outcome = "made" if data.get("made") else "went down on"
    change = data.get("score_change") or [0, 0]
    scores = data.get("scores") or [0, 0]
    return (
        f"{ctx.name(declarer)} {outcome} {data.get('bid')}: "
        f"{ctx.team((0, 2))} {change[0]:+d} → {scores[0]}, "
        f"{ctx.team((1, 3))} {change[1]:+d} → {scores[1]}."
    )


# ---- the renderer object (bot.render.base) ----------------------------------------------------


class BoatRenderer(Renderer):
    """Boat's table, hand and log."""

    #: the module's card words, which every part of it writes cards with
    card_short = staticmethod(card_short)
    card_long = staticmethod(card_long)
    pictures = BoatPictures(Words(TERMS, acting))

    def table(
        self, ctx: TableContext, view: dict[str, Any], result: Result, to_act: Sequence[int]
    ) -> EmbedSpec:
        """The public table: bids, high bid, declarer and trump, the trick and the last trick,
        tricks and (when shown) card points, scores, whose turn."""
        head = f"Hand {view.get('hand_number', 1)} · dealer {ctx.name(view.get('dealer'))}"
        parts = [head, *contract_lines(ctx, view), *trick_lines(ctx, view)]
        if view.get("declarer") is None and view.get("widow_count"):
            parts.append(f"🂠 Widow: {view['widow_count']} cards face down")
        elif view.get("discard_count"):
            parts.append(f"🂠 Discards: {view['discard_count']} cards face down")
        revealed = reveal_line(view)
        if revealed:
            parts.append(revealed)
        description = clip("\n".join(parts), MAX_DESCRIPTION)
        fields = []
        scores = view.get("scores") or [0, 0]
        tricks = view.get("tricks_won") or [0, 0]
        card_points = view.get("card_points")
        declarer = view.get("declarer")
        for team, seats in enumerate(view.get("teams") or [[0, 2], [1, 3]]):
            rows = [f"Score **{scores[team]}**", f"Tricks {tricks[team]}"]
            if card_points is not None:
                rows.append(f"Card points {card_points[team]}")
            if declarer in seats:
                rows.append(f"Bidding team ({view.get('bid')})")
            crown = " 🏆" if set(seats) & set(result.winners) else ""
            name = clip(ctx.team(seats), 200) + crown
            fields.append(FieldSpec(name, clip("\n".join(rows), MAX_FIELD_VALUE), True))
        last = last_hand_text(ctx, view)
        if last:
            fields.append(FieldSpec("Last hand", clip(last, MAX_FIELD_VALUE), False))
        # beside the picture (the contract, the trick, the bids): the scores and tricks
        brief = [
            " · ".join(
                f"{ctx.team(seats)} **{scores[team]}** ({tricks[team]} tricks)"
                for team, seats in enumerate(view.get("teams") or [[0, 2], [1, 3]])
            ),
            *([revealed] if revealed else []),
            *([f"Last hand: {last}"] if last and view.get("phase") != "play" else []),
        ]
        return table_embed(
            ctx,
            f"{GAME_ICON} Boat",
            description,
            fields,
            phase_line(ctx, view, to_act),
            target=view.get("target_score"),
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
        """The private hand: cards by suit, the contract and trick, the legal actions as controls.

        The declarer's 14-card hand during the discard, and their face-down discards afterwards,
        appear only here (this message is theirs alone)."""
        trump = view.get("trump")
        cards = view.get("hand") or []
        widow = [c for c in view.get("widow") or [] if c in cards]
        parts = [hand_text(cards, trump, widow)]
        if widow:
            parts.append("Underlined: the cards you took from the widow.")
        phase = view.get("phase")
        declarer = view.get("declarer")
        if phase == "bidding":
            high = view.get("high_bid")
            parts.append("\n" + bids_line(ctx, view))
            parts.append(
                f"High bid {high} by {ctx.name(view.get('high_bidder'))}."
                if high
                else "No bid yet."
            )
        elif declarer is not None:
            who = "You" if declarer == seat else ctx.name(declarer)
            parts.append(
                f"\n{who} declared at {view.get('bid')} · trump {suit_label(trump)}"
                f" · your team: {ctx.team((view.get('teams') or [[0, 2], [1, 3]])[seat % 2])}"
            )
        rule = view.get("discard_rule")
        if rule:
            parts.append(
                f"\n🂠 **You took the widow: {len(cards)} cards.** Discard {rule.get('count', 5)} "
                "face down: they count for the team that takes the last trick."
            )
            if rule.get("must_discard"):
                forced = " ".join(card_short(c) for c in rule["must_discard"])
                parts.append(
                    f"At this table point cards stay in hand when possible: discard {forced} "
                    f"and {rule.get('choose')} more."
                )
            elif not view.get("options", {}).get("discard_points_allowed", True):
                parts.append("At this table only cards without points may be discarded.")
        if view.get("discards"):
            shown = " ".join(card_short(c) for c in view["discards"])
            parts.append(f"🂠 Your discards (face down): {shown}")
        if phase == "bidding":
            parts.append(f"Your cards hold {sum(points(c) for c in cards)} card points.")
        number = view.get("trick_number")
        if number is not None:
            plays = _plays(ctx, view.get("trick") or [])
            parts.append(f"\nTrick {number} of 9: {plays or 'nobody has played yet'}")
            parts.extend(standing_lines(ctx, view, seat))
        last = view.get("last_trick")
        if last and last.get("cards"):
            won = ctx.name(last.get("winner"))
            parts.append(f"Last trick: {_plays(ctx, last['cards'])}, won by {won}")
        waiting = view.get("to_act") or []
        if seat in waiting:
            parts.append("\n**Your move.**")
        elif waiting:
            parts.append("\nWaiting for " + ", ".join(ctx.name(s) for s in waiting) + ".")
        buttons: tuple[ActionSpec, ...] = ()
        choices: tuple[ChoiceSpec, ...] = ()
        verbs = {a.verb for a in legal}
        if "discard" in verbs:
            choices = discard_controls(view)
        elif verbs & {"bid", "pass"}:
            buttons, choices = bid_controls(legal)
        elif "trump" in verbs:
            buttons = trump_buttons(view, legal)
        elif verbs == {"play"}:
            ordered = sorted(legal, key=lambda a: sort_key(a.arg, trump))
            buttons = tuple(describe(a) for a in ordered)
        elif legal:
            buttons, choices = layout(legal, describe, rows=4)
        # beside the picture, which shows the cards, the trump and the discards
        pictured = ("Underlined: ", "🂠 Your discards")
        brief = [p for p in parts[1:] if not p.startswith(pictured)]
        return HandSpec(
            embed=hand_embed(ctx, "Boat", seat, parts, color=COLOR, brief=brief),
            buttons=buttons,
            choices=choices,
        )

    def event_line(self, ctx: TableContext, event: Event, seat: int | None) -> str | None:
        """A log line: public events for the table (seat None), private notes for their seat."""
        audience = event_audience(event, seat)
        if audience is None:
            return None
        data, kind = event.data, event.kind
        who = actor(ctx, data)
        if audience == "table":
            if kind == "bid":
                return f"{who} bid {data.get('bid')}."
            if kind == "pass":
                return f"{who} passed."
            if kind == "declarer":
                if data.get("stuck"):
                    return f"Three passes: {who} declares at {data.get('bid')}."
                return f"{who} wins the bidding at {data.get('bid')}."
            if kind == "discarded":
                return f"{who} took the widow and discarded {data.get('count', 5)} cards."
            if kind == "trump":
                return f"{who} named trump: {suit_label(data.get('suit'))}."
            if kind == "play":
                return f"{who} played {card_short(str(data.get('card')))}."
            if kind == "trick":
                return f"{ctx.name(data.get('winner'))} took trick {data.get('trick_number')}."
            if kind == "hand_scored":
                return _hand_scored_line(ctx, data)
            if kind == "redeal":
                return "Everyone passed: the same dealer deals again."
            if kind == "new_hand":
                return f"Hand {data.get('hand_number')}: {ctx.name(data.get('dealer'))} deals."
            if kind == "game_over":
                names = ctx.team(data.get("winners") or [])
                return f"🏁 {names} won the game."
            return None
        if kind == "widow":
            cards = ", ".join(card_long(str(c)) for c in data.get("cards") or [])
            return f"🂠 The widow was: {cards}."
        if kind == "discard":
            cards = ", ".join(card_long(str(c)) for c in data.get("cards") or [])
            return f"🂠 You discarded {cards}, face down."
        return None

    def sheet_cells(self, event: Event, sides: int) -> Sequence[str] | None:
        """``bid 120 made · 85 in cards`` for the declaring team, ``40 in cards`` for the other:
        from the hand's ``hand_scored`` event (teams 0 & 2, 1 & 3)."""
        if event.kind != "hand_scored":
            return None
        data = event.data
        declarer = data.get("declarer")
        points = list(data.get("card_points") or [0] * sides)
        cells = []
        for team in range(sides):
            cards = f"{points[team] if team < len(points) else 0} in cards"
            if isinstance(declarer, int) and declarer % 2 == team:
                outcome = "made" if data.get("made") else "set"
                cells.append(f"bid {data.get('bid')} {outcome} · {cards}")
            else:
                cells.append(cards)
        return cells

    def replay_line(self, ctx: TableContext, event: Event) -> str | None:
        """A scored hand names the declarer's discards in the replay (the table shows them
        under the last hand)."""
        line = self.event_line(ctx, event, None)
        discards = event.data.get("discards") or []
        if event.kind == "hand_scored" and line and discards and event.visible_to is None:
            cards = " ".join(card_short(str(c)) for c in discards)
            return f"{line} Discards: {cards} ({event.data.get('discard_points', 0)} points)."
        return line

    played_button = ("Tricks", "📜")

    def played(
        self, ctx: TableContext, view: dict[str, Any], seat: int, events: Sequence[Event]
    ) -> EmbedSpec | None:
        """This hand's tricks (who played what from the lead, who took it) under the hand's
        one trump, and the cards the seat has not seen: not in its hand, a trick, or (for the
        declarer) the widow and its own discards; the other discards stay face down."""
        players = int(view.get("players") or 4)
        lines = []
        if view.get("declarer") is not None:
            lines.append(
                f"**Trump:** {suit_label(view.get('trump'))} · {ctx.name(view.get('declarer'))} "
                f"bid {view.get('bid')}"
            )
        for event in events:
            if event.kind == "trick":
                data = event.data
                leader = int(data.get("leader") or 0)
                plays = [
                    {"seat": (leader + i) % players, "card": card}
                    for i, card in enumerate(data.get("cards") or [])
                ]
                lines.append(
                    f"**{data.get('trick_number')}** {_plays(ctx, plays)} "
                    f"→ **{ctx.name(data.get('winner'))}**"
                )
        if view.get("trick"):
            lines.append(f"**{view.get('trick_number')}** {_plays(ctx, view['trick'])} … (now)")
        if len(lines) <= 1:
            lines.append("No card has been played yet this hand.")
        deck = [rank + suit for suit in SUIT_ORDER for rank in RANKS] + [BOAT]
        seen = seen_cards(events, view.get("hand") or [])
        suits = [(suit, f"{SUITS[suit][1]} {SUITS[suit][0]}") for suit in SUIT_ORDER]
        unseen = unseen_lines(
            deck,
            seen,
            [*suits, ("B", f"{BOAT_ICON} Boat")],
            lambda code: "card" if code == BOAT else ("10" if code[0] == "T" else code[:-1]),
            lambda code: "B" if code == BOAT else code[-1:],
            sort_key,
        )
        return history_embed(
            f"📜 Tricks of hand {view.get('hand_number', '?')} · table #{ctx.game_id}",
            lines,
            [FieldSpec("Not seen by you yet", "\n".join(unseen), False)],
            COLOR,
            "Unseen: not in your hand or a trick (nor the widow or your discards, if you "
            "declared).",
        )

    def coach(
        self, ctx: TableContext, event: Event, seat: int, seen: Sequence[Event]
    ) -> str | None:
        """Why a trick went where it did: the Boat, a trump, or the highest card of the suit
        led; and what naming trump means."""
        data = event.data
        if event.kind == "trump":
            who = "You" if data.get("seat") == seat else ctx.name(data.get("seat"))
            return (
                f"{who} named {suit_label(data.get('suit'))} trump: a trump beats any other "
                "suit, and the Boat is the highest trump of all."
            )
        if event.kind != "trick":
            return None
        cards = [str(c) for c in data.get("cards") or []]
        leader, winner = data.get("leader"), data.get("winner")
        if not cards or leader is None or winner is None:
            return None
        card = cards[(int(winner) - int(leader)) % len(cards)]
        trump = next((e.data.get("suit") for e in reversed(seen) if e.kind == "trump"), None)
        led = cards[0][-1:] if cards[0] != BOAT else trump
        took = "You took" if winner == seat else f"{ctx.name(winner)} took"
        if card == BOAT:
            why = "the Boat is the highest trump of all"
        elif card[-1:] == trump and led != trump:
            why = f"{suit_label(trump)} are trump, and a trump beats the suit led"
        else:
            why = f"the highest card of the suit led ({suit_label(led)}) wins"
        return f"{took} trick {data.get('trick_number')} with {card_short(card)}: {why}."

    def clears_log(self, event: Event) -> bool:
        """The log restarts when a hand is scored or redealt: the next deal puts the cards of the
        old log lines into new, secret hands (§5), so they must leave the public table."""
        return event.kind in ("hand_scored", "redeal")


RENDERER = BoatRenderer()
