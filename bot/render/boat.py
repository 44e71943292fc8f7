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

Words (issue 41): every sentence is marked for the ``boat`` catalog and written in the language
the shell is speaking; the game's terms are listed once in :data:`GLOSSARY`, and the card and
suit names are built from it, so a term reads the same in every message of a language
(``tests/bot/test_boat_words.py`` checks the catalogs against it).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from typing import Any

from bot.i18n import texts, translate
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
from bot.render.images.base import Words, seat_name
from bot.render.images.boat import BoatPictures
from games import Action, Event, Result
from games.text import Msg, messages

_, _n = texts("boat")
msg, msg_n = messages("boat")

#: Boat's terms, each once: English term (lower case) -> its message, which every language
#: translates once and every sentence of the game uses (the card and suit names below are these
#: entries). The Boat card keeps the game's own name in every language, as its title does.
GLOSSARY: dict[str, Msg] = {
    "trick": msg("trick"),
    "trump": msg("trump"),
    "bid": msg("bid"),
    "bidding": msg("bidding"),
    "pass": msg("pass"),
    "widow": msg("widow"),
    "discard": msg("discard"),
    "declarer": msg("declarer"),
    "dealer": msg("dealer"),
    "boat": msg("Boat"),
    "clubs": msg("Clubs"),
    "diamonds": msg("Diamonds"),
    "hearts": msg("Hearts"),
    "spades": msg("Spades"),
    "five": msg("Five"),
    "six": msg("Six"),
    "seven": msg("Seven"),
    "eight": msg("Eight"),
    "nine": msg("Nine"),
    "ten": msg("Ten"),
    "jack": msg("Jack"),
    "queen": msg("Queen"),
    "king": msg("King"),
    "ace": msg("Ace"),
}

SUITS = FRENCH_SUITS
SUIT_ORDER = "CDHS"
#: each suit's name (the glossary's): write it with :func:`suit_name`
SUIT_NAMES: dict[str, Msg] = {
    "C": GLOSSARY["clubs"],
    "D": GLOSSARY["diamonds"],
    "H": GLOSSARY["hearts"],
    "S": GLOSSARY["spades"],
}
RANKS = "56789TJQKA"
RANK_NAMES: dict[str, Msg] = {
    rank: GLOSSARY[word]
    for rank, word in zip(
        RANKS,
        ("five", "six", "seven", "eight", "nine", "ten", "jack", "queen", "king", "ace"),
        strict=True,
    )
}
BOAT = "BOAT"
BOAT_ICON = "⛵"
GAME_ICON = "🚤"
TITLE = "Boat"  # untranslated: the game's name (the engine's title), one in every language
COLOR = 0x0E7C86
#: how many of the next legal bids get their own button (the rest go in a menu)
BID_BUTTONS = 4
DISCARD = 5


def points(code: str) -> int:
    """Spec §1.3: the Boat 20, Aces and 10s 10, 5s 5, the rest 0 (for labels only)."""
    if code == BOAT:
        return 20
    return {"A": 10, "T": 10, "5": 5}.get(code[:1], 0)


def suit_name(suit: str) -> str:
    """A suit's name in the language being written (its code when unknown)."""
    return str(translate(SUIT_NAMES.get(suit, suit)))


def card_short(code: str) -> str:
    """``10♥`` or ``⛵Boat``: compact, for tricks and the log."""
    if code == BOAT:
        return BOAT_ICON + str(translate(GLOSSARY["boat"]))
    rank, suit = code[:-1], code[-1:]
    return ("10" if rank == "T" else rank) + SUITS.get(suit, ("?", suit))[1]


def card_long(code: str) -> str:
    """``Ten of Hearts`` or ``the Boat card``: for labels, menus and private notes."""
    if code == BOAT:
        return _("the Boat card")
    rank, suit = code[:-1], code[-1:]
    return _("{rank} of {suit}", rank=RANK_NAMES.get(rank, rank), suit=SUIT_NAMES.get(suit, suit))


def sort_key(code: str, trump: str | None = None) -> tuple[int, int]:
    """Suits in ``♣ ♦ ♥ ♠`` order, low to high; the Boat sits above the trump Ace (D3), or
    after everything while trump is unknown."""
    if code == BOAT:
        return (SUIT_ORDER.find(trump), len(RANKS)) if trump in SUITS else (len(SUITS), 0)
    return (SUIT_ORDER.find(code[-1:]), RANKS.find(code[:-1]))


def suit_label(suit: str | None) -> str:
    if suit not in SUITS:
        return _("not named yet")
    return f"{SUITS[suit][1]} {suit_name(suit)}"


def _plays(ctx: TableContext, plays: Sequence[dict[str, Any]]) -> str:
    return " · ".join(f"{ctx.name(p.get('seat'))} {card_short(str(p.get('card')))}" for p in plays)


def bids_line(ctx: TableContext, view: dict[str, Any]) -> str:
    """Every bid and pass of this hand, in order (public, §5)."""
    said = []
    for entry in view.get("bids") or []:
        what = str(translate(GLOSSARY["pass"])) if entry.get("pass") else str(entry.get("bid"))
        said.append(f"{ctx.name(entry.get('seat'))} {what}")
    if not said:
        return _("**Bids:** none yet")
    return _("**Bids:** {bids}", bids=" · ".join(said))


def contract_lines(ctx: TableContext, view: dict[str, Any]) -> list[str]:
    """Bidding state, then the declarer, the bid and trump once they are known."""
    lines = [bids_line(ctx, view)]
    declarer = view.get("declarer")
    if declarer is None:
        high = view.get("high_bid")
        if high:
            lines.append(
                _(
                    "High bid **{high}** by {name}",
                    high=high,
                    name=ctx.name(view.get("high_bidder")),
                )
            )
        else:
            lines.append(_("No bid yet: the opening bid is 65."))
        return lines
    if view.get("stuck"):
        lines.append(
            _(
                "**Declarer:** {name} at **{bid}** (everyone else passed: stuck at the minimum)",
                name=ctx.name(declarer),
                bid=view.get("bid"),
            )
        )
    else:
        lines.append(
            _("**Declarer:** {name} at **{bid}**", name=ctx.name(declarer), bid=view.get("bid"))
        )
    lines.append(_("**Trump:** {suit}", suit=suit_label(view.get("trump"))))
    return lines


def trick_lines(ctx: TableContext, view: dict[str, Any]) -> list[str]:
    lines = []
    number = view.get("trick_number")
    if number is not None:
        plays = view.get("trick") or []
        leader = ctx.name(view.get("leader"))
        lines.append(
            _(
                "**Trick {number} of 9** (led by {leader}): {plays}",
                number=number,
                leader=leader,
                plays=_plays(ctx, plays) or _("nothing yet"),
            )
        )
    last = view.get("last_trick")
    if last and last.get("cards"):
        lines.append(
            _(
                "Last trick: {plays}, won by {name}",
                plays=_plays(ctx, last["cards"]),
                name=ctx.name(last.get("winner")),
            )
        )
    return lines


def reveal_line(view: dict[str, Any]) -> str | None:
    """The last hand's discards, public once the game is over (§5)."""
    reveal = view.get("reveal")
    if not reveal or not reveal.get("discards"):
        return None
    cards = " ".join(card_short(c) for c in reveal["discards"])
    count = int(reveal.get("discard_points", 0))
    return _n(
        "Discards of the last hand: {cards} ({n} point)",
        "Discards of the last hand: {cards} ({n} points)",
        count,
        cards=cards,
    )


def phase_line(ctx: TableContext, view: dict[str, Any], to_act: Sequence[int]) -> str:
    if ctx.status == "abandoned":
        return _("This game was ended.")
    phase = view.get("phase")
    if phase == "over" or ctx.status == "finished":
        names = ctx.team(view.get("winners") or [])
        return _("🏁 Game over: {names} won.", names=names) if names else _("🏁 Game over.")
    doing = acting({**view, "to_act": list(to_act)}, ctx.names)
    if phase == "bidding":
        return _("✋ Bidding: {doing}.", doing=doing)
    icon = {"discard": "🂠", "trump": "🎯"}.get(str(phase), "▶️")
    return f"{icon} {doing}."


#: the game's words, one per concept, shared by the table's text and its picture
TERMS: dict[str, str] = {"widow": GLOSSARY["widow"], "trump": GLOSSARY["trump"]}


def acting(view: Mapping[str, Any], names: Sequence[str] | None) -> str:
    """``Ann to bid or pass``: the seats the view waits for and what they are to do (the
    table's turn line and the picture's header say the same); "" when nobody is waited for.
    One whole sentence per phase, so each language orders it its own way."""
    waiting = view.get("to_act") or []
    phase = str(view.get("phase"))
    if not waiting or phase == "over":
        return ""
    who = ", ".join(seat_name(names, s) for s in waiting)
    if phase == "bidding":
        return _("{who} to bid or pass", who=who)
    if phase == "discard":
        return _("{who} to take the widow and discard 5 cards", who=who)
    if phase == "trump":
        return _("{who} to name trump", who=who)
    return _("{who} to play", who=who)


def last_hand_text(ctx: TableContext, view: dict[str, Any]) -> str | None:
    last = view.get("last_hand")
    if not last:
        return None
    teams = view.get("teams") or [[0, 2], [1, 3]]
    declarer = last.get("declarer")
    points_ = last.get("card_points") or [0, 0]
    change = last.get("score_change") or [0, 0]
    name, bid = ctx.name(declarer), last.get("bid")
    parts = [
        _("{name} bid {bid} and made it.", name=name, bid=bid)
        if last.get("made")
        else _("{name} bid {bid} and went down.", name=name, bid=bid)
    ]
    for team, seats in enumerate(teams):
        signed = f"{change[team]:+d}"
        parts.append(
            _n(
                "{team}: {n} card point, {change} to the score.",
                "{team}: {n} card points, {change} to the score.",
                int(points_[team]),
                team=ctx.team(seats),
                change=signed,
            )
        )
    to_team = last.get("last_trick_team")
    if isinstance(to_team, int) and 0 <= to_team < len(teams):
        parts.append(
            _n(
                "Discards ({n} point) went to {team} with the last trick.",
                "Discards ({n} points) went to {team} with the last trick.",
                int(last.get("discard_points", 0)),
                team=ctx.team(teams[to_team]),
            )
        )
    return "\n".join(parts)


def describe(action: Action) -> ActionSpec:
    """Labels for Boat's action codes (CONTRACT §1)."""
    verb, arg = action.verb, action.arg
    if verb == "play":
        return ActionSpec(action.code, card_short(arg), style="primary")
    if verb == "bid":
        return ActionSpec(action.code, _("Bid {amount}", amount=arg), style="primary")
    if verb == "pass":  # a quiet control: bidding is the move the screen is for
        return ActionSpec(action.code, _("Pass"), style="secondary")
    if verb == "trump":
        icon = SUITS.get(arg, (arg, ""))[1]
        # a component emoji must be a full emoji: the suit sign with its emoji variation form
        emoji = f"{icon}\ufe0f" if icon else None
        label = _("Trump {suit}", suit=suit_name(arg))
        return ActionSpec(action.code, label, emoji=emoji, style="success")
    return ActionSpec(action.code, clip(action.code, 80))


def hand_text(cards: Sequence[str], trump: str | None, widow: Sequence[str] = ()) -> str:
    """The hand by suit, low to high (the Boat with trump once it is named); the declarer's
    cards that came from the widow underlined."""
    if not cards:
        return _("You hold no cards right now.")
    ordered = sorted(cards, key=lambda c: sort_key(c, trump))
    lines = []
    for suit in SUIT_ORDER:
        in_suit = [c for c in ordered if sort_key(c, trump)[0] == SUIT_ORDER.find(suit)]
        if in_suit:
            icon = SUITS[suit][1]
            shown = " ".join(
                f"__{card_short(c)}__" if c in widow else card_short(c) for c in in_suit
            )
            if suit == trump:
                lines.append(
                    _(
                        "{icon} **{suit}** (trump): {cards}",
                        icon=icon,
                        suit=suit_name(suit),
                        cards=shown,
                    )
                )
            else:
                lines.append(
                    _("{icon} **{suit}**: {cards}", icon=icon, suit=suit_name(suit), cards=shown)
                )
    if BOAT in cards and trump not in SUITS:
        boat = f"__{card_short(BOAT)}__" if BOAT in widow else card_short(BOAT)
        lines.append(_("{boat} (joins the trump suit, above its Ace)", boat=boat))
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
        note = _n("{n} point", "{n} points", worth) if worth else _("no points")
        if card in must:
            note = _("{points} · must be discarded here", points=note)
        elif card not in free:
            note = _("{points} · may not be discarded here", points=note)
        options.append(ActionSpec(card, card_short(card), description=note))
    count = int(rule.get("count", DISCARD))
    return (
        ChoiceSpec(
            placeholder=_n(
                "Choose the {n} card to discard…", "Choose the {n} cards to discard…", count
            ),
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
                placeholder=_("Bid higher…"),
                actions=tuple(
                    ActionSpec(
                        a.code,
                        _("Bid {amount}", amount=a.arg),
                        description=_("Your team must then take {amount}+", amount=a.arg),
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
        who, count = ctx.team(teams[index]), int(won[index])
        if index == seat % 2:
            text = _n(
                "Your team ({who}): {n} trick", "Your team ({who}): {n} tricks", count, who=who
            )
        else:
            text = _n("Them ({who}): {n} trick", "Them ({who}): {n} tricks", count, who=who)
        if running:
            text += " · " + _n("{n} point", "{n} points", int(running[index]))
        if declarer is not None and declarer % 2 == index:
            text += " · " + _("contract {bid}", bid=view.get("bid"))
        lines.append(text)
    lines[0] = "📋 " + lines[0]
    return lines


def _hand_scored_line(ctx: TableContext, data: Mapping[str, Any]) -> str:
    change = data.get("score_change") or [0, 0]
    scores = data.get("scores") or [0, 0]
    values = {
        "name": ctx.name(data.get("declarer")),
        "bid": data.get("bid"),
        "ns": ctx.team((0, 2)),
        "ns_change": f"{change[0]:+d}",
        "ns_score": scores[0],
        "ew": ctx.team((1, 3)),
        "ew_change": f"{change[1]:+d}",
        "ew_score": scores[1],
    }
    if data.get("made"):
        return _(
            "{name} made {bid}: {ns} {ns_change} → {ns_score}, {ew} {ew_change} → {ew_score}.",
            **values,
        )
    return _(
        "{name} went down on {bid}: {ns} {ns_change} → {ns_score}, {ew} {ew_change} → {ew_score}.",
        **values,
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
        head = _(
            "Hand {number} · dealer {name}",
            number=view.get("hand_number", 1),
            name=ctx.name(view.get("dealer")),
        )
        parts = [head, *contract_lines(ctx, view), *trick_lines(ctx, view)]
        if view.get("declarer") is None and view.get("widow_count"):
            count = int(view["widow_count"])
            parts.append(_n("🂠 Widow: {n} card face down", "🂠 Widow: {n} cards face down", count))
        elif view.get("discard_count"):
            count = int(view["discard_count"])
            parts.append(
                _n("🂠 Discards: {n} card face down", "🂠 Discards: {n} cards face down", count)
            )
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
            rows = [
                _("Score **{score}**", score=scores[team]),
                _("Tricks {count}", count=tricks[team]),
            ]
            if card_points is not None:
                rows.append(_("Card points {points}", points=card_points[team]))
            if declarer in seats:
                rows.append(_("Bidding team ({bid})", bid=view.get("bid")))
            crown = " 🏆" if set(seats) & set(result.winners) else ""
            name = clip(ctx.team(seats), 200) + crown
            fields.append(FieldSpec(name, clip("\n".join(rows), MAX_FIELD_VALUE), True))
        last = last_hand_text(ctx, view)
        if last:
            fields.append(FieldSpec(_("Last hand"), clip(last, MAX_FIELD_VALUE), False))
        # beside the picture (the contract, the trick, the bids): the scores and tricks
        brief = [
            " · ".join(
                _n(
                    "{team} **{score}** ({n} trick)",
                    "{team} **{score}** ({n} tricks)",
                    int(tricks[team]),
                    team=ctx.team(seats),
                    score=scores[team],
                )
                for team, seats in enumerate(view.get("teams") or [[0, 2], [1, 3]])
            ),
            *([revealed] if revealed else []),
            *([_("Last hand: {last}", last=last)] if last and view.get("phase") != "play" else []),
        ]
        return table_embed(
            ctx,
            f"{GAME_ICON} {TITLE}",
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
        underlined = _("Underlined: the cards you took from the widow.")
        if widow:
            parts.append(underlined)
        phase = view.get("phase")
        declarer = view.get("declarer")
        if phase == "bidding":
            high = view.get("high_bid")
            parts.append("\n" + bids_line(ctx, view))
            parts.append(
                _("High bid {high} by {name}.", high=high, name=ctx.name(view.get("high_bidder")))
                if high
                else _("No bid yet.")
            )
        elif declarer is not None:
            team = ctx.team((view.get("teams") or [[0, 2], [1, 3]])[seat % 2])
            said = {"bid": view.get("bid"), "suit": suit_label(trump), "team": team}
            parts.append(
                "\n"
                + (
                    _("You declared at {bid} · trump {suit} · your team: {team}", **said)
                    if declarer == seat
                    else _(
                        "{name} declared at {bid} · trump {suit} · your team: {team}",
                        name=ctx.name(declarer),
                        **said,
                    )
                )
            )
        rule = view.get("discard_rule")
        if rule:
            parts.append(
                "\n"
                + _(
                    "🂠 **You took the widow: {held} cards.** Discard {count} face down: they "
                    "count for the team that takes the last trick.",
                    held=len(cards),
                    count=rule.get("count", 5),
                )
            )
            if rule.get("must_discard"):
                forced = " ".join(card_short(c) for c in rule["must_discard"])
                parts.append(
                    _(
                        "At this table point cards stay in hand when possible: discard {cards} "
                        "and {more} more.",
                        cards=forced,
                        more=rule.get("choose"),
                    )
                )
            elif not view.get("options", {}).get("discard_points_allowed", True):
                parts.append(_("At this table only cards without points may be discarded."))
        your_discards = ""
        if view.get("discards"):
            shown = " ".join(card_short(c) for c in view["discards"])
            your_discards = _("🂠 Your discards (face down): {cards}", cards=shown)
            parts.append(your_discards)
        if phase == "bidding":
            held = sum(points(c) for c in cards)
            parts.append(
                _n("Your cards hold {n} card point.", "Your cards hold {n} card points.", held)
            )
        number = view.get("trick_number")
        if number is not None:
            plays = _plays(ctx, view.get("trick") or [])
            parts.append(
                "\n"
                + _(
                    "Trick {number} of 9: {plays}",
                    number=number,
                    plays=plays or _("nobody has played yet"),
                )
            )
            parts.extend(standing_lines(ctx, view, seat))
        last = view.get("last_trick")
        if last and last.get("cards"):
            won = ctx.name(last.get("winner"))
            parts.append(
                _("Last trick: {plays}, won by {name}", plays=_plays(ctx, last["cards"]), name=won)
            )
        waiting = view.get("to_act") or []
        if seat in waiting:
            parts.append("\n" + _("**Your move.**"))
        elif waiting:
            names = ", ".join(ctx.name(s) for s in waiting)
            parts.append("\n" + _("Waiting for {names}.", names=names))
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
        pictured = {underlined, your_discards}
        brief = [p for p in parts[1:] if p not in pictured]
        return HandSpec(
            embed=hand_embed(ctx, TITLE, seat, parts, color=COLOR, brief=brief),
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
                return _("{who} bid {bid}.", who=who, bid=data.get("bid"))
            if kind == "pass":
                return _("{who} passed.", who=who)
            if kind == "declarer":
                if data.get("stuck"):
                    return _("Three passes: {who} declares at {bid}.", who=who, bid=data.get("bid"))
                return _("{who} wins the bidding at {bid}.", who=who, bid=data.get("bid"))
            if kind == "discarded":
                return _n(
                    "{who} took the widow and discarded {n} card.",
                    "{who} took the widow and discarded {n} cards.",
                    int(data.get("count", 5)),
                    who=who,
                )
            if kind == "trump":
                return _("{who} named trump: {suit}.", who=who, suit=suit_label(data.get("suit")))
            if kind == "play":
                return _("{who} played {card}.", who=who, card=card_short(str(data.get("card"))))
            if kind == "trick":
                return _(
                    "{name} took trick {number}.",
                    name=ctx.name(data.get("winner")),
                    number=data.get("trick_number"),
                )
            if kind == "hand_scored":
                return _hand_scored_line(ctx, data)
            if kind == "redeal":
                return _("Everyone passed: the same dealer deals again.")
            if kind == "new_hand":
                return _(
                    "Hand {number}: {name} deals.",
                    number=data.get("hand_number"),
                    name=ctx.name(data.get("dealer")),
                )
            if kind == "game_over":
                names = ctx.team(data.get("winners") or [])
                return _("🏁 {names} won the game.", names=names)
            return None
        if kind == "widow":
            cards = ", ".join(card_long(str(c)) for c in data.get("cards") or [])
            return _("🂠 The widow was: {cards}.", cards=cards)
        if kind == "discard":
            cards = ", ".join(card_long(str(c)) for c in data.get("cards") or [])
            return _("🂠 You discarded {cards}, face down.", cards=cards)
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
            cards = _("{points} in cards", points=points[team] if team < len(points) else 0)
            if isinstance(declarer, int) and declarer % 2 == team:
                bid = data.get("bid")
                cells.append(
                    _("bid {bid} made · {cards}", bid=bid, cards=cards)
                    if data.get("made")
                    else _("bid {bid} set · {cards}", bid=bid, cards=cards)
                )
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
            return _n(
                "{line} Discards: {cards} ({n} point).",
                "{line} Discards: {cards} ({n} points).",
                int(event.data.get("discard_points", 0)),
                line=line,
                cards=cards,
            )
        return line

    #: a Msg: the shell writes the button in the reader's language (bot.i18n.translate)
    played_button = (msg("Tricks"), "📜")

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
                _(
                    "**Trump:** {suit} · {name} bid {bid}",
                    suit=suit_label(view.get("trump")),
                    name=ctx.name(view.get("declarer")),
                    bid=view.get("bid"),
                )
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
            lines.append(
                _(
                    "**{number}** {plays} … (now)",
                    number=view.get("trick_number"),
                    plays=_plays(ctx, view["trick"]),
                )
            )
        if len(lines) <= 1:
            lines.append(_("No card has been played yet this hand."))
        deck = [rank + suit for suit in SUIT_ORDER for rank in RANKS] + [BOAT]
        seen = seen_cards(events, view.get("hand") or [])
        suits = [(suit, f"{SUITS[suit][1]} {suit_name(suit)}") for suit in SUIT_ORDER]
        boat_card = _("card")
        unseen = unseen_lines(
            deck,
            seen,
            [*suits, ("B", f"{BOAT_ICON} {translate(GLOSSARY['boat'])}")],
            lambda code: boat_card if code == BOAT else ("10" if code[0] == "T" else code[:-1]),
            lambda code: "B" if code == BOAT else code[-1:],
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
            _(
                "Unseen: not in your hand or a trick (nor the widow or your discards, if you "
                "declared)."
            ),
        )

    def coach(
        self, ctx: TableContext, event: Event, seat: int, seen: Sequence[Event]
    ) -> str | None:
        """Why a trick went where it did: the Boat, a trump, or the highest card of the suit
        led; and what naming trump means."""
        data = event.data
        if event.kind == "trump":
            suit = suit_label(data.get("suit"))
            if data.get("seat") == seat:
                return _(
                    "You named {suit} trump: a trump beats any other suit, and the Boat is the "
                    "highest trump of all.",
                    suit=suit,
                )
            return _(
                "{who} named {suit} trump: a trump beats any other suit, and the Boat is the "
                "highest trump of all.",
                who=ctx.name(data.get("seat")),
                suit=suit,
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
        if card == BOAT:
            why = _("the Boat is the highest trump of all")
        elif card[-1:] == trump and led != trump:
            why = _("{suit} are trump, and a trump beats the suit led", suit=suit_label(trump))
        else:
            why = _("the highest card of the suit led ({suit}) wins", suit=suit_label(led))
        number, shown = data.get("trick_number"), card_short(card)
        if winner == seat:
            return _(
                "You took trick {number} with {card}: {why}.", number=number, card=shown, why=why
            )
        return _(
            "{name} took trick {number} with {card}: {why}.",
            name=ctx.name(winner),
            number=number,
            card=shown,
            why=why,
        )

    def clears_log(self, event: Event) -> bool:
        """The log restarts when a hand is scored or redealt: the next deal puts the cards of the
        old log lines into new, secret hands (§5), so they must leave the public table."""
        return event.kind in ("hand_scored", "redeal")


RENDERER = BoatRenderer()
