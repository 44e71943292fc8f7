"""Boat Canasta on Discord: the table embed, the hand with its controls, events and card names.

Reads only the engine's view (``games/boat_canasta/view.py``) and its events; which controls
exist comes from ``legal_actions``. A hand can pass 25 cards and a turn can offer more than 100
actions, so the hand is drawn in two levels ("focus navigation"): the top level has one-click
buttons (draw, open, cancel, keep, close, ask, deal, answers), the pile pickups, a menu of the
ranks that can be melded or added to, and the discard menu (one option per distinct card code:
the two copies of a card are the same card for every rule, spec §1.1). Choosing a rank shows
that rank's meld/add counts with a Back control.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from typing import Any

from bot.i18n import texts, translate
from bot.render import (
    MAX_FIELD_VALUE,
    MAX_SELECT_OPTIONS,
    ActionSpec,
    ChoiceSpec,
    EmbedSpec,
    FieldSpec,
    HandSpec,
    NavSpec,
    TableContext,
    actor,
    clip,
    event_audience,
    hand_embed,
    table_embed,
)
from bot.render.base import Renderer
from bot.render.cards import FRENCH_SUITS
from bot.render.history import history_embed
from bot.render.images.base import Words, seat_name
from bot.render.images.boat_canasta import BoatCanastaPictures
from games import Action, Event, Result
from games.boat_canasta.engine import BoatCanastaEngine
from games.text import Msg, messages

_, _n = texts("boat_canasta")
msg, msg_n = messages("boat_canasta")

#: the game's terms, each translated once (issue 41): its cards' ranks and suits, its piles, its
#: melds and its special call. Every message that names one of them says it with this word in
#: every language (tests/bot/test_boat_canasta_words.py holds each catalog to it), and the
#: renderer and the pictures write them from here (English term -> marked message id)
TREASURE = msg("Treasure")
TREASURE_PILE = msg("Treasure pile")
PILE = msg("pile")
STOCK = msg("stock")
MELD = msg("meld")
CANASTA = msg("canasta")
WILD = msg("wild")
JOKER_NAME = msg("Joker")
BLACK_3 = msg("black 3")
RED_3 = msg("red 3")
ROUND = msg("round")
HAND = msg("hand")
MAY_I_CLOSE = msg("may I close?")
JACK = msg("Jack")
QUEEN = msg("Queen")
KING = msg("King")
ACE = msg("Ace")
CLUBS = msg("Clubs")
DIAMONDS = msg("Diamonds")
HEARTS = msg("Hearts")
SPADES = msg("Spades")
GLOSSARY: dict[str, Msg] = {
    term.msgid: term
    for term in (
        TREASURE,
        TREASURE_PILE,
        PILE,
        STOCK,
        MELD,
        CANASTA,
        WILD,
        JOKER_NAME,
        BLACK_3,
        RED_3,
        ROUND,
        HAND,
        MAY_I_CLOSE,
        JACK,
        QUEEN,
        KING,
        ACE,
        CLUBS,
        DIAMONDS,
        HEARTS,
        SPADES,
    )
}

COLOR = 0x0E7C66
SUITS = FRENCH_SUITS
#: suit letter -> its name (the glossary's), for a card's long name
SUIT_WORDS: dict[str, Msg] = {
    "C": CLUBS,
    "D": DIAMONDS,
    "H": HEARTS,
    "S": SPADES,
}
RANK_ORDER = "3456789TJQKA2"
RANK_WORDS: dict[str, str] = {
    "T": "10",
    "J": JACK,
    "Q": QUEEN,
    "K": KING,
    "A": ACE,
}
PLURALS: dict[str, Msg] = {
    "J": msg("Jacks"),
    "Q": msg("Queens"),
    "K": msg("Kings"),
    "A": msg("Aces"),
    "W": msg("Wild meld"),
    "3": msg("3s"),
}
JOKER = "JK"
#: the Joker's name on the table (not 🃏: the shell's "My hand" button wears that)
JOKER_ICON = JOKER_NAME
KINDS: dict[str, Msg] = {
    "natural": msg("Natural canasta (600)"),
    "mixed": msg("Mixed canasta (300)"),
    "small_wild": msg("Small wild canasta (1000)"),
    "big_wild": msg("Big wild canasta (2000)"),
}
KIND_ICONS = {"natural": "🟩", "mixed": "🟨", "small_wild": "🟪", "big_wild": "🟥"}
#: how a round ended when nobody closed (:func:`_how` names the closer)
HOW: dict[str, Msg] = {
    "closed": msg("closed"),
    "black_threes": msg("closed with four black 3s"),
    "exhausted": msg("no cards left"),
    "turn_cap": msg("turn limit reached"),
}
#: the game's words, one per concept: the table's text, its picture and the log all take them
#: from here (issue 36: the picture said "may we close?" where the text asked "may I close?")
TERMS: dict[str, str] = {
    "ask": MAY_I_CLOSE,
    "pile": TREASURE_PILE,
    "stock": STOCK,
}
#: rows of controls a hand may use (the fifth holds Refresh / Lighthouse)
ROWS = 4


# ---- cards ------------------------------------------------------------------------------------
def acting(view: Mapping[str, Any], names: Sequence[str] | None) -> str:
    """``Bo to answer “may I close?”``: the seats the view waits for (``to_act``, never the seat
    whose turn it is: a partner answers on the asker's turn) and what they are to do, by phase
    (the picture's header and the table's turn line say the same)."""
    waiting = view.get("to_act") or []
    phase = str(view.get("phase"))
    if not waiting or phase == "over":
        return ""
    who = ", ".join(seat_name(names, s) for s in waiting)
    if phase == "draw":
        return _("{who} to draw or take the pile", who=who)
    if phase == "play":
        return _("{who} to meld and discard", who=who)
    if phase == "answer":
        return _("{who} to answer “{ask}”", who=who, ask=TERMS["ask"])
    if phase == "scored":
        return _("{who} to deal the next round", who=who)
    return _("{who} to play", who=who)


def rank_label(rank: str) -> str:
    """``10`` for ``T``; other ranks as written."""
    return "10" if rank == "T" else rank


def plural(rank: str) -> str:
    """``Kings``, ``10s``: how a meld is named."""
    if rank in PLURALS:
        return str(translate(PLURALS[rank]))
    return _("{rank}s", rank=rank_label(rank))


def rank_word(rank: str) -> str:
    """``King``, ``10``, ``7``: one card of a rank."""
    return str(translate(RANK_WORDS.get(rank, rank)))


def count_of(rank: str, n: int) -> str:
    """``3 Kings``, ``one King``, ``one 4``; empty for none."""
    if n <= 0:
        return ""
    if n == 1:
        return _("one {card}", card=rank_word(rank))
    return f"{n} {plural(rank)}"


def joker_word() -> str:
    """``Joker``, in the current language."""
    return str(translate(JOKER_ICON))


def card_short(code: str) -> str:
    """``K♠``, ``10♥``, ``Joker``: compact, for the table, the pile and hands."""
    if code == JOKER:
        return joker_word()
    return f"{rank_label(code[:-1])}{SUITS.get(code[-1:], ('?', '?'))[1]}"


def card_long(code: str) -> str:
    """``King of Spades``, ``Joker``: for labels and menus."""
    if code == JOKER:
        return joker_word()
    rank = code[:-1]
    suit = SUIT_WORDS.get(code[-1:], "?")
    return _("{rank} of {suit}", rank=rank_word(rank), suit=suit)


def sort_key(code: str) -> tuple[int, str]:
    """Hands read low to high, 3s first and wilds last (the cards that are melded apart)."""
    if code == JOKER:
        return (len(RANK_ORDER) + 1, "")
    return (RANK_ORDER.find(code[:-1]), code[-1:])


def _wild_text(twos: int, jokers: int) -> str:
    parts = []
    if twos:
        parts.append(f"2s×{twos}")
    if jokers:
        parts.append(_("Jokers×{count}", count=jokers))
    return " ".join(parts)


def meld_text(meld: dict[str, Any]) -> str:
    """``Kings ×5 + 2s×1 (70) · 🟨 Mixed canasta``: counts, value and canasta kind (§5)."""
    cards = meld.get("cards", [])
    key = str(meld.get("id"))
    twos = sum(1 for c in cards if c != JOKER and c[:-1] == "2")
    jokers = sum(1 for c in cards if c == JOKER)
    naturals = len(cards) - twos - jokers
    if key == "W":
        body = _("**Wild** {wilds}", wilds=_wild_text(twos, jokers))
    elif key == "3":
        body = _("**Black 3s** ×{count}", count=len(cards))
    else:
        wild = _wild_text(twos, jokers)
        body = f"**{plural(key)}** ×{naturals}" + (f" + {wild}" if wild else "")
    text = f"{body} ({meld.get('value', 0)})"
    kind = meld.get("canasta")
    if kind:
        text += f" · {KIND_ICONS.get(kind, '')} {translate(KINDS.get(kind, kind))}"
    return text


# ---- the table --------------------------------------------------------------------------------
def pile_line(view: dict[str, Any]) -> str:
    top = view.get("pile_top")
    count = view.get("pile_count")
    size = "" if count is None else f" · {n_cards(count)}"
    if top is None:
        return _("🪙 **Treasure pile:** empty") + size
    blocked = _(" · 🔒 **blocked**") if view.get("pile_blocked") else ""
    return _(
        "🪙 **Treasure pile:** {card} on top{size}{blocked}",
        card=card_short(top),
        size=size,
        blocked=blocked,
    )


def phase_line(ctx: TableContext, view: dict[str, Any], to_act: Sequence[int]) -> str:
    """Whose move it is, in words (:func:`acting`, as the picture's header says it)."""
    if ctx.status == "abandoned":
        return _("This game was ended.")
    phase = view.get("phase")
    if phase == "over" or ctx.status == "finished":
        names = ctx.team(view.get("winners") or [])
        return _("🏁 Game over: {names} won.", names=names) if names else _("🏁 Game over.")
    doing = acting({**view, "to_act": list(to_act)}, ctx.names)
    if phase == "answer":
        return _("❓ {doing} from {asker}.", doing=doing, asker=ctx.name(view.get("asker")))
    if phase == "scored":
        return _("Round {round} is scored: {doing}.", round=view.get("round"), doing=doing)
    return f"▶️ {doing}."


def _round_line(view: dict[str, Any], ctx: TableContext) -> str:
    g, until = view.get("turn_number", 1), view.get("restricted_until", 0)
    line = _(
        "Round {round} · dealer {dealer} · turn {turn} of at most {cap}",
        round=view.get("round", 1),
        dealer=ctx.name(view.get("dealer")),
        turn=min(g, view.get("max_round_turns") or g),
        cap=view.get("max_round_turns"),
    )
    if view.get("restricted"):
        line += "\n" + _("⏳ First turns: draw and discard only until turn {turn}.", turn=until + 1)
    return line


def _side_rows(ctx: TableContext, view: dict[str, Any], side: int) -> list[str]:
    seats = view["sides"][side]
    scores, minimums = view.get("scores", []), view.get("minimums", [])
    opened = (view.get("opened") or [False] * (side + 1))[side]
    counts = view.get("hand_counts", [])
    minimum = minimums[side] if side < len(minimums) else "?"
    rows = [
        _("Score **{score}**", score=scores[side] if side < len(scores) else 0)
        + " · "
        + (_("opened ✅") if opened else _("to open: {minimum}", minimum=minimum))
    ]
    rows.append(
        " · ".join(
            f"{ctx.name(s)}: {n_cards(counts[s]) if s < len(counts) else _('? cards')}"
            for s in seats
        )
    )
    reds = (view.get("red_threes") or [[]] * (side + 1))[side]
    if reds:
        rows.append(_("Red 3s: {cards}", cards=" ".join(card_short(c) for c in reds)))
    melds = (view.get("melds") or [[]] * (side + 1))[side]
    rows.extend(meld_text(m) for m in melds)
    if not melds:
        rows.append(_("No melds yet."))
    return rows


def _last_round(ctx: TableContext, view: dict[str, Any]) -> str | None:
    last = view.get("last_round")
    if not last:
        return None
    head = _how(ctx, last.get("closer"), str(last.get("how", "")))
    lines = [head.capitalize() if head and head[0].islower() else head]
    for side, row in enumerate(last.get("rows", [])):
        name = ctx.team(view["sides"][side])
        parts = round_parts(
            row["table"],
            row["canasta_bonus"],
            row["red_threes"],
            row["hand_penalty"],
            row["closing"],
        )
        lines.append(f"{name}: {parts} → **{row['total']:+d}**")
    return "\n".join(lines)


def _how(ctx: TableContext, closer: Any, how: str) -> str:
    """``Ann closed``, ``no cards left``: how a round ended, with the closer's name if any."""
    if not isinstance(closer, int) or closer < 0:
        return str(translate(HOW.get(how, how)))
    name = ctx.name(closer)
    if how == "closed":
        return _("{name} closed", name=name)
    if how == "black_threes":
        return _("{name} closed with four black 3s", name=name)
    if how == "exhausted":
        return _("{name} no cards left", name=name)
    if how == "turn_cap":
        return _("{name} turn limit reached", name=name)
    return f"{name} {how}"


def round_parts(table: int, canastas: int, reds: int, penalty: int, closing: int) -> str:
    """``table +340 · canastas +300 · hand −20 · closing +200``: a side's round, the terms that
    are not zero (the table's last-round lines and the score sheet say it the same way; the
    zeros made each side two lines on a phone and the round-end table taller than a screen)."""
    parts = [_("table {points}", points=f"{table:+d}")]
    if canastas:
        parts.append(_("canastas {points}", points=f"{canastas:+d}"))
    if reds:
        parts.append(_("red 3s {points}", points=f"{reds:+d}"))
    if penalty:
        parts.append(_("hand −{points}", points=penalty))
    if closing:
        parts.append(_("closing {points}", points=f"{closing:+d}"))
    return " · ".join(parts)


# ---- actions ----------------------------------------------------------------------------------
def n_cards(n: int) -> str:
    """``1 card`` / ``3 cards``."""
    return _n("{n} card", "{n} cards", n)


def _count_of(n: int, rank: str | None) -> str:
    """``1 7`` / ``2 7s`` / ``1 King``: the rank's plural only for more than one card (cards of
    no rank: ``1 card``, ``2 cards``)."""
    if rank is None:
        return n_cards(n)
    if n == 1:
        return f"1 {rank_word(rank)}"
    return f"{n} {plural(rank)}"


def _wild_bare(token: str | None) -> str:
    """``a Joker``, ``a 2``; empty for no wild."""
    if token is None:
        return ""
    return _("a Joker") if token == JOKER else _("a 2")


def _wild_word(token: str | None) -> str:
    """`` + a Joker``: a wild that comes with natural cards."""
    return f" + {_wild_bare(token)}" if token is not None else ""


def _split(arg: str) -> tuple[str, int, str | None]:
    """``K:3:JK`` → (``K``, 3, ``JK``)."""
    parts = arg.split(":")
    return parts[0], int(parts[1]), (parts[2] if len(parts) > 2 else None)


def describe(action: Action, view: dict[str, Any] | None = None) -> ActionSpec:
    """Labels for Boat Canasta's action codes (engine docstring)."""
    verb, arg, code = action.verb, action.arg, action.code
    view = view or {}
    if verb == "draw":
        return ActionSpec(code, _("Draw from the stock"), emoji="📦", style="primary")
    if verb == "take":
        parts = arg.split(":")
        n, wild = int(parts[0]), (parts[1] if len(parts) > 1 else None)
        top = view.get("pile_top")
        top_rank = top[:-1] if isinstance(top, str) and top != JOKER else None
        if n == 0 and wild is None:
            ranks = plural(top_rank) if top_rank is not None else _("cards")
            label = _("Take the pile onto your {ranks}", ranks=ranks)
        else:
            label = _("Take the pile with {cards}", cards=_count_of(n, top_rank) + _wild_word(wild))
        count = view.get("pile_count")
        if isinstance(count, int):
            rest = _("the other {cards} of the pile join your hand", cards=n_cards(count - 1))
        else:
            rest = _("the rest join your hand")
        return ActionSpec(code, label, emoji="🪙", style="success", description=rest)
    if verb in ("meld", "add") and arg.startswith("W:"):
        parts = arg.split(":")
        if verb == "meld":
            twos, jokers = int(parts[1]), int(parts[2])
            return ActionSpec(
                code,
                _("Wild meld: {wilds}", wilds=_wild_text(twos, jokers)),
                style="primary",
                description=_("Three wilds start the wild meld."),
            )
        return ActionSpec(
            code,
            _("Add {wild} to the wild meld", wild=_wild_bare(parts[1])),
            style="primary",
            description=_wild_warning(view, parts[1]),
        )
    if verb in ("meld", "add"):
        rank, n, wild = _split(arg)
        what = count_of(rank, n)
        what = what + _wild_word(wild) if what else _wild_bare(wild)
        if verb == "meld":
            label = _("Meld {cards}", cards=what)
            where = _("a new meld of {ranks}", ranks=plural(rank))
        else:
            label = _("Add {cards}", cards=what)
            where = _("to your {ranks}", ranks=plural(rank))
        description = _mixed_warning(view, rank, wild) or where
        return ActionSpec(code, label.strip(), style="primary", description=description)
    if verb == "open":
        return ActionSpec(code, _("Open: put the staged melds down"), emoji="✅", style="success")
    if verb == "cancel":
        return ActionSpec(code, _("Take staged melds back"), emoji="↩️")
    if verb == "discard":
        blocks = arg == JOKER or arg[:-1] == "2" or arg in ("3C", "3S")
        return ActionSpec(
            code,
            card_long(arg),
            emoji=SUITS.get(arg[-1:], ("", None))[1] if arg != JOKER else None,
            description=_("🏁 your last card: this closes the round")
            if len(view.get("hand") or []) == 1
            else (_("🔒 blocks the Treasure pile") if blocks else ""),
        )
    if verb == "keep":
        return ActionSpec(code, _("Keep my last card"), emoji="✋")
    if verb == "close":
        return ActionSpec(code, _("Close with the four black 3s"), emoji="🏁", style="danger")
    if verb == "ask":
        return ActionSpec(code, _("Ask partner: {ask}", ask=TERMS["ask"]), emoji="❓")
    if verb == "answer":
        yes = arg == "yes"
        return ActionSpec(
            code,
            _("Yes, you may close") if yes else _("No, don't close"),
            style="success" if yes else "danger",
        )
    if verb == "deal":
        return ActionSpec(code, _("Deal the next round"), emoji="🔀", style="primary")
    return ActionSpec(code, clip(code, 80))


def _own_meld(view: dict[str, Any], key: str) -> dict[str, Any] | None:
    seat = view.get("seat")
    side_of = view.get("side_of_seat") or []
    if not isinstance(seat, int) or seat >= len(side_of):
        return None
    melds = (view.get("melds") or [])[side_of[seat]] if view.get("melds") else []
    return next((m for m in melds if m.get("id") == key), None)


def _mixed_warning(view: dict[str, Any], rank: str, wild: str | None) -> str:
    """A wild on a Natural canasta makes it Mixed (legal, §3.1: the UI should warn)."""
    meld = _own_meld(view, rank)
    if wild and meld and meld.get("canasta") == "natural":
        return _("⚠️ Makes your Natural canasta (600) a Mixed one (300).")
    return ""


def _wild_warning(view: dict[str, Any], token: str) -> str:
    """A 2 that evens a Big wild canasta makes it Small (D8: legal, the UI warns)."""
    meld = _own_meld(view, "W")
    if token != JOKER and meld and meld.get("canasta") == "big_wild":
        cards = meld.get("cards", [])
        jokers = cards.count(JOKER)
        if jokers - (len(cards) - jokers) <= 1:
            return _("⚠️ Makes your Big wild canasta (2000) a Small one (1000).")
    return ""


def _meld_key(action: Action) -> str:
    return action.arg.split(":")[0]


# ---- the hand ---------------------------------------------------------------------------------
def hand_text(view: dict[str, Any]) -> str:
    """Cards grouped by rank, one line a rank: ``**Kings** (3): K♠ K♠ K♥``."""
    cards = sorted(view.get("hand") or [], key=sort_key)
    if not cards:
        return _("You hold no cards right now.")
    groups: dict[str, list[str]] = {}
    for code in cards:
        groups.setdefault("W" if code == JOKER else code[:-1], []).append(code)
    lines = []
    for rank, group in groups.items():
        name = _("Jokers") if rank == "W" else plural(rank)
        lines.append(f"**{name}** ({len(group)}): " + " ".join(card_short(c) for c in group))
    return "\n".join(lines)


def _staged_text(view: dict[str, Any]) -> str:
    staged = view.get("staged") or []
    if not staged:
        return ""
    lines = [_("🧺 **Staged, not down yet** (only you see them; Open to put them down):")]
    for meld in staged:
        lines.append(
            f"• {plural(str(meld['id']))}: " + " ".join(card_short(c) for c in meld["cards"])
        )
    side = (view.get("side_of_seat") or [0])[view.get("seat") or 0]
    minimum = (view.get("minimums") or [0] * (side + 1))[side]
    lines.append(_("Opening minimum: {minimum} points.", minimum=minimum))
    return "\n".join(lines)


def _chunks(specs: Sequence[ActionSpec], placeholder: str, limit: int) -> list[ChoiceSpec]:
    out = []
    for start in range(0, len(specs), MAX_SELECT_OPTIONS):
        part = tuple(specs[start : start + MAX_SELECT_OPTIONS])
        more = f" ({start // MAX_SELECT_OPTIONS + 1})" if len(specs) > MAX_SELECT_OPTIONS else ""
        out.append(ChoiceSpec(placeholder=clip(placeholder + more, 150), actions=part))
    return out[:limit]


def _discard_choices(
    legal: Sequence[Action], limit: int, view: dict[str, Any] | None = None
) -> list[ChoiceSpec]:
    """One option per distinct card code, low to high (copies are the same card, §1.1)."""
    cards = sorted((a for a in legal if a.verb == "discard"), key=lambda a: sort_key(a.arg))
    specs = [describe(a, view) for a in cards]
    # the turn's last step: drawn after the meld controls (draw → meld → discard)
    return [
        dataclasses.replace(c, last=True)
        for c in _chunks(specs, _("Discard a card (ends your turn)…"), limit)
    ]


def _rank_groups(legal: Sequence[Action]) -> dict[str, list[Action]]:
    groups: dict[str, list[Action]] = {}
    for action in legal:
        if action.verb in ("meld", "add"):
            groups.setdefault(_meld_key(action), []).append(action)
    order = "456789TJQKAW"
    return dict(sorted(groups.items(), key=lambda kv: order.find(kv[0])))


def _nav_label(key: str, actions: Sequence[Action], view: dict[str, Any]) -> tuple[str, str]:
    verbs = {a.verb for a in actions}
    name = plural(key)
    if verbs == {"add"}:
        label = _("Add to {ranks}", ranks=name)
    elif verbs == {"meld"}:
        label = _("Meld {ranks}", ranks=name) if key != "W" else _("Start a wild meld")
    else:
        label = name
    hand = view.get("hand") or []
    if key == "W":
        held = sum(1 for c in hand if c == JOKER or c[:-1] == "2")
    else:
        held = sum(1 for c in hand if c != JOKER and c[:-1] == key)
    return label, _n(
        "{n} choice · you hold {held}", "{n} choices · you hold {held}", len(actions), held=held
    )


def _top_buttons(legal: Sequence[Action], view: dict[str, Any]) -> list[ActionSpec]:
    order = ("answer", "deal", "draw", "open", "cancel", "close", "ask", "keep")
    out: list[ActionSpec] = []
    for verb in order:
        out.extend(describe(a, view) for a in legal if a.verb == verb)
    return out


def _answer_word(answer: Any) -> str:
    """The partner's ``yes`` or ``no``, in the reader's words."""
    if answer == "yes":
        return _("yes")
    if answer == "no":
        return _("no")
    return str(answer)


def _opening_line(view: dict[str, Any], seat: int) -> str | None:
    """The hand's line about opening, while the seat's side has not opened and it acts."""
    waiting = view.get("to_act") or []
    side = (view.get("side_of_seat") or [0] * (seat + 1))[seat]
    opened = (view.get("opened") or [True] * (side + 1))[side]
    if seat not in waiting or opened or view.get("restricted"):
        return None
    minimum = (view.get("minimums") or [0] * (side + 1))[side]
    return _(
        "Your side has not opened: melds are staged until you **Open** with at least "
        "{minimum} points in one go (a pile pickup can count too).",
        minimum=minimum,
    )


def _status_lines(ctx: TableContext, view: dict[str, Any], seat: int) -> list[str]:
    parts = [pile_line(view)]
    if view.get("restricted"):
        parts.append(
            _(
                "⏳ Draw and discard only until turn {turn} (now turn {now}).",
                turn=view.get("restricted_until", 0) + 1,
                now=view.get("turn_number"),
            )
        )
    if view.get("phase") == "answer" and view.get("asker") is not None:
        if view.get("partner") == view.get("asker") and seat in (view.get("to_act") or []):
            parts.append(
                "\n"
                + _(
                    "❓ **{asker}, your partner, asks: {ask}** "
                    "Your answer binds them for this turn.\n"
                    "Yes: they may end the round now (200 for closing; the cards left in your "
                    "hand count against your side). No: they may not close this turn.",
                    asker=ctx.name(view["asker"]),
                    ask=TERMS["ask"],
                )
            )
        elif view.get("asker") == seat:
            parts.append(
                "\n" + _("❓ You asked your partner whether you may close; waiting for them.")
            )
    elif view.get("ask") in ("yes", "no") and view.get("turn") == seat:
        parts.append(_("Your partner answered **{answer}**.", answer=_answer_word(view["ask"])))
    waiting = view.get("to_act") or []
    opening = _opening_line(view, seat)
    if opening:
        parts.append(opening)
    if seat in waiting:
        if view.get("phase") == "draw":
            parts.append("\n" + _("**Your move:** draw, or take the pile."))
        elif view.get("phase") == "play" and view.get("restricted"):
            parts.append("\n" + _("**Your move:** discard a card."))
        elif view.get("phase") == "play":
            parts.append("\n" + _("**Your move:** meld or add, then discard."))
        elif view.get("phase") == "scored":
            parts.append("\n" + _("**Your move:** deal the next round."))
        elif view.get("phase") != "answer":
            parts.append("\n" + _("**Your move.**"))
    elif waiting:
        names = ", ".join(ctx.name(s) for s in waiting)
        parts.append("\n" + _("Waiting for {names}.", names=names))
    return parts


def _focused(
    embed: EmbedSpec,
    view: dict[str, Any],
    legal: Sequence[Action],
    groups: dict[str, list[Action]],
    focus: str,
) -> HandSpec | None:
    back = NavSpec(focus="", label=_("Back"), emoji="⬅️")
    # Draw (while a draw is due), Open and take back stay at hand on every screen: staging
    # melds in the draw phase must not hide the draw, and staged melds can always come back
    extras = [describe(a, view) for a in legal if a.verb in ("draw", "open", "cancel")]
    if focus == "discard":
        choices = _discard_choices(legal, ROWS - 1 - (1 if extras else 0), view)
        if not choices:
            return None
        return HandSpec(embed=embed, buttons=tuple(extras), choices=tuple(choices), navs=(back,))
    if not focus.startswith("r:") or focus[2:] not in groups:
        return None
    key = focus[2:]
    specs = [describe(a, view) for a in groups[key]]
    # rows: the extras (≤ 3 buttons), ≤ 10 meld buttons or 2 menus, and Back
    if len(specs) <= 10:
        return HandSpec(embed=embed, buttons=tuple(extras + specs), navs=(back,))
    choices = _chunks(specs, _("{ranks}: how many…", ranks=plural(key)), 2)
    return HandSpec(embed=embed, buttons=tuple(extras), choices=tuple(choices), navs=(back,))


def _top_level(
    embed: EmbedSpec, view: dict[str, Any], legal: Sequence[Action], groups: dict[str, list]
) -> HandSpec:
    buttons = _top_buttons(legal, view)[:5]
    rows_left = ROWS - (1 if buttons else 0)
    choices: list[ChoiceSpec] = []
    takes = [describe(a, view) for a in legal if a.verb == "take"]
    if takes:
        taken = _chunks(takes, _("Take the Treasure pile…"), 2)
        choices.extend(taken[: max(0, rows_left - (1 if groups else 0))])
        rows_left -= len(choices)
    discards = [a for a in legal if a.verb == "discard"]
    nav_list = []
    for key, actions in groups.items():
        label, description = _nav_label(key, actions, view)
        nav_list.append(NavSpec(focus=f"r:{key}", label=label, description=description))
    if len(discards) > MAX_SELECT_OPTIONS:
        nav_list.append(
            NavSpec(focus="discard", label=_("Discard…"), description=_("Choose a card to discard"))
        )
    navs = tuple(nav_list[:MAX_SELECT_OPTIONS])
    if navs:
        rows_left -= 1
    if discards and len(discards) <= MAX_SELECT_OPTIONS and rows_left > 0:
        choices.extend(_discard_choices(legal, 1, view))
    return HandSpec(
        embed=embed,
        buttons=tuple(buttons),
        choices=tuple(choices),
        navs=navs,
        nav_placeholder=_("Meld or add to a rank…"),
    )


# ---- events -----------------------------------------------------------------------------------
def _cards(cards: Sequence[str]) -> str:
    return " ".join(card_short(c) for c in sorted(cards, key=sort_key))


def side_seats_of(players: int, sides: int) -> list[list[int]]:
    """The seats of each side, in side order: partners (0 & 2, 1 & 3) at four, else one seat."""
    if sides * 2 == players:
        return [list(range(side, players, sides)) for side in range(sides)]
    return [[side] for side in range(sides)]


def _public_line(ctx: TableContext, kind: str, data: Mapping[str, Any], who: str) -> str | None:
    if kind == "round_start":
        mins = data.get("minimums") or []
        return _(
            "🚢 Round {round}: {dealer} deals · opening minimums {minimums}",
            round=data.get("round"),
            dealer=ctx.name(data.get("dealer")),
            minimums=" / ".join(str(m) for m in mins),
        )
    if kind == "red_three":
        return _(
            "{who} laid out a red 3 ({card}).", who=who, card=card_short(str(data.get("card")))
        )
    if kind == "draw":
        return _("{who} drew from the stock.", who=who)
    if kind == "reshuffle":
        return _(
            "♻️ The pile became the new stock ({cards}).",
            cards=n_cards(int(data.get("stock_count") or 0)),
        )
    if kind == "take":
        return _(
            "🪙 {who} took the pile ({cards}, {top} on top).",
            who=who,
            cards=n_cards(int(data.get("taken", 0)) + 1),
            top=card_short(str(data.get("top"))),
        )
    if kind in ("meld", "add"):
        canasta = data.get("canasta")
        extra = (
            f" · {KIND_ICONS.get(canasta, '')} {translate(KINDS.get(canasta, canasta))}"
            if canasta
            else ""
        )
        key = str(data.get("meld"))
        cards = _cards(data.get("cards") or [])
        if kind == "meld" and key == "W":
            return _("{who} melded {cards} (wild meld){extra}.", who=who, cards=cards, extra=extra)
        if kind == "meld":
            return _("{who} melded {cards}{extra}.", who=who, cards=cards, extra=extra)
        if key == "W":
            return _(
                "{who} added {cards} to the wild meld{extra}.", who=who, cards=cards, extra=extra
            )
        return _(
            "{who} added {cards} to the {ranks}{extra}.",
            who=who,
            cards=cards,
            ranks=plural(key),
            extra=extra,
        )
    if kind == "open":
        melds = data.get("melds") or {}
        text = "; ".join(f"{plural(k)}: {_cards(v)}" for k, v in melds.items())
        return _("✅ {who} opened: {melds}.", who=who, melds=text)
    if kind == "discard":
        card = card_short(str(data.get("card")))
        if data.get("blocked"):
            return _("{who} discarded {card} · 🔒 the pile is blocked.", who=who, card=card)
        return _("{who} discarded {card}.", who=who, card=card)
    if kind == "keep":
        return _("{who} kept their last card.", who=who)
    if kind == "close":
        return _("🏁 {who} closed with the four black 3s!", who=who)
    if kind == "ask":
        return _(
            "❓ {who} asks {partner}: {ask}",
            who=who,
            partner=ctx.name(data.get("partner")),
            ask=TERMS["ask"],
        )
    if kind == "answer":
        return _(
            "❓ {who} answered **{answer}**.", who=who, answer=_answer_word(data.get("answer"))
        )
    if kind == "round_end":
        head = _how(ctx, data.get("closer"), str(data.get("how")))
        rows = data.get("rows") or []
        teams = side_seats_of(len(ctx.names), len(rows))
        totals = " · ".join(
            f"{ctx.team(team)} {row[-1]:+d}" for team, row in zip(teams, rows, strict=False)
        )
        return _(
            "📊 Round {round} over ({how}): {totals}.",
            round=data.get("round"),
            how=head,
            totals=totals,
        )
    if kind == "game_over":
        names = ctx.team(data.get("winners") or [])
        return _("🏁 {names} won the game.", names=names)
    return None


# ---- the renderer object (bot.render.base) ----------------------------------------------------


class BoatCanastaRenderer(Renderer):
    """Boat Canasta's table, hand and log."""

    #: the module's card words, which every part of it writes cards with
    card_short = staticmethod(card_short)
    card_long = staticmethod(card_long)
    pictures = BoatCanastaPictures(Words(TERMS, acting))

    def table(
        self, ctx: TableContext, view: dict[str, Any], result: Result, to_act: Sequence[int]
    ) -> EmbedSpec:
        """The public table: pile, stock, each side's melds, canastas, red 3s and score (§5)."""
        parts = [
            _round_line(view, ctx),
            pile_line(view),
            _("📦 **Stock:** {count}", count=view.get("stock_count")),
        ]
        if view.get("ask") in ("yes", "no") and isinstance(view.get("asker"), int):
            asker = view["asker"]
            sides = view.get("sides") or []
            mates = next((seats for seats in sides if asker in seats), [asker])
            partner = next((s for s in mates if s != asker), None)
            parts.append(
                _(
                    "❓ {partner} answered **{answer}** to {asker}'s “{ask}”.",
                    partner=ctx.name(partner),
                    answer=_answer_word(view["ask"]),
                    asker=ctx.name(asker),
                    ask=TERMS["ask"],
                )
            )
        fields = []
        for side, seats in enumerate(view.get("sides", [])):
            crown = " 🏆" if set(seats) & set(result.winners) else ""
            turn = (
                " ▶️" if view.get("turn") in seats and view.get("phase") in ("draw", "play") else ""
            )
            name = clip(ctx.team(seats) or _("Side {number}", number=side + 1), 200) + crown + turn
            value = clip("\n".join(_side_rows(ctx, view, side)), MAX_FIELD_VALUE)
            fields.append(FieldSpec(name, value, False))
        last = _last_round(ctx, view)
        if last:
            done = view.get("round", 1) - (0 if view.get("phase") in ("scored", "over") else 1)
            title = _("Round {round} scores", round=done)
            fields.append(FieldSpec(title, clip(last, MAX_FIELD_VALUE), False))
        # beside the picture (the pile, the melds, the canastas): the round, an answer to "may
        # I close?", each side's score, and a round's scores once it is scored
        scores = view.get("scores", [])
        brief = [
            parts[0],
            *parts[3:],
            " · ".join(
                f"{ctx.team(seats)} **{scores[side] if side < len(scores) else 0}**"
                for side, seats in enumerate(view.get("sides", []))
            ),
        ]
        if last and view.get("phase") in ("scored", "over"):
            brief.append(f"{fields[-1].name}: {fields[-1].value}")
        return table_embed(
            ctx,
            "🚢 " + BoatCanastaEngine.title,
            "\n".join(parts),
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
        """The private hand: cards by rank, staged melds, and the controls in two levels.

        ``focus`` ``""``/None = top level; ``"r:<rank>"`` = the meld/add counts of one rank (or
        ``W``, the wild meld); ``"discard"`` = the full discard menus when the hand holds more than
        25 distinct cards. A stale focus (the rank has no choices left) falls back to the top.
        """
        parts = [hand_text(view)]
        staged = _staged_text(view)
        if staged:
            parts.append("\n" + staged)
        status = _status_lines(ctx, view, seat)
        parts.extend(status)
        # beside the picture, which shows the cards and the staged melds: the pile and the
        # decision; once melds are staged, the reason under the hand counts their points
        # against the minimum, so the line that explains opening is left to the text (four
        # lines said the minimum, and the hand ran past a phone screen: issue 36)
        opening = _opening_line(view, seat)
        brief = [line for line in status if not (staged and line == opening)]
        embed = hand_embed(ctx, BoatCanastaEngine.title, seat, parts, color=COLOR, brief=brief)
        groups = _rank_groups(legal)
        if focus:
            spec = _focused(embed, view, legal, groups, focus)
            if spec is not None:
                return spec
        return _top_level(embed, view, legal, groups)

    def event_line(self, ctx: TableContext, event: Event, seat: int | None) -> str | None:
        """A log line: public events for the table (seat None), private notes for their seat."""
        audience = event_audience(event, seat)
        if audience is None:
            return None
        data, kind = event.data, event.kind
        who = actor(ctx, data)
        if audience == "table":
            return _public_line(ctx, kind, data, who)
        if kind == "drew":
            return _("📦 You drew {card}.", card=card_short(str(data.get("card"))))
        if kind == "took":
            cards = data.get("cards") or []
            if not cards:
                return _("🪙 You took the pile.")
            return _n(
                "🪙 You took {n} card from the pile: {cards}",
                "🪙 You took {n} cards from the pile: {cards}",
                len(cards),
                cards=_cards(cards),
            )
        if kind in ("meld", "add") and data.get("staged"):
            return _(
                "🧺 You staged {ranks}: {cards}.",
                ranks=plural(str(data.get("meld"))),
                cards=_cards(data.get("cards") or []),
            )
        if kind == "cancel":
            return _("↩️ Your staged melds are back in your hand.")
        if kind == "hand":
            return _("🚢 Your new hand: {cards}.", cards=n_cards(len(data.get("cards") or [])))
        return None

    def sheet_cells(self, event: Event, sides: int) -> Sequence[str] | None:
        """``table +340 · canastas +300 · hand −20 · closing +200``: each side's round, from the
        ``round_end`` event's rows, in the words of the table's round scores."""
        if event.kind != "round_end":
            return None
        return [round_parts(*(int(v) for v in row[:5])) for row in event.data.get("rows") or []]

    played_button = (msg("Played"), "📜")

    def played(
        self, ctx: TableContext, view: dict[str, Any], seat: int, events: Sequence[Event]
    ) -> EmbedSpec | None:
        """This round's discards, pile takes and melds in order (the seat's own staged melds
        too), and how many cards of each rank are in sight now: in its hand, on the table's
        melds and red threes, and in the pile (every card there was discarded face up). Each
        card is counted where it is now, so none is counted twice."""
        lines: list[str] = []
        pile: list[str] = []
        run: list[str] = []  # discards in a row, written on one line
        for event in events:
            if event.kind == "discard":
                card = str(event.data.get("card"))
                pile.append(card)
                lock = " 🔒" if event.data.get("blocked") else ""
                run.append(f"{ctx.name(event.data.get('seat'))} {card_short(card)}{lock}")
                continue
            if event.kind in PILE_GONE:
                pile.clear()
            if event.kind in HISTORY_KINDS:
                line = self.event_line(ctx, event, None if event.visible_to is None else seat)
                if line:
                    if run:
                        lines.append("🗑️ " + " · ".join(run))
                        run = []
                    lines.append(line)
        if run:
            lines.append("🗑️ " + " · ".join(run))
        if not lines:
            lines.append(_("No card has been discarded or melded yet this round."))
        melds = [meld for side in view.get("melds") or [] for meld in side]
        sight: list[str] = [*(view.get("hand") or []), *pile]
        sight += [str(card) for meld in melds for card in meld.get("cards") or []]
        sight += [str(card) for side in view.get("red_threes") or [] for card in side]
        counts = {rank: 0 for rank in RANK_ORDER}
        jokers = 0
        for card in sight:
            if card == JOKER:
                jokers += 1
            elif card[:-1] in counts:
                counts[card[:-1]] += 1
        ranks = " · ".join(f"{rank_label(r)}: {n}/8" for r, n in counts.items())
        return history_embed(
            _("📜 Played this round · table #{table}", table=ctx.game_id),
            lines,
            [FieldSpec(_("In sight now, by rank"), f"{ranks} · {joker_word()}: {jokers}/4", False)],
            COLOR,
            _(
                "🗑️ discards in turn · 🔒 the pile was blocked. In sight: your hand, the melds "
                "and red threes on the table, and the pile."
            ),
        )

    def coach(
        self, ctx: TableContext, event: Event, seat: int, seen: Sequence[Event]
    ) -> str | None:
        """After a turn: a pile taken (and why it could be), a pile blocked, a side opened."""
        data = event.data
        mine = data.get("seat") == seat
        who = ctx.name(data.get("seat"))
        if event.kind == "take":
            top = card_short(str(data.get("top")))
            if mine:
                return _(
                    "You took the treasure pile ({count} cards): its top card {top} could be "
                    "melded at once, which is what lets you take it.",
                    count=data.get("taken"),
                    top=top,
                )
            return _(
                "{who} took the treasure pile ({count} cards): its top card {top} could be "
                "melded at once, which is what lets you take it.",
                who=who,
                count=data.get("taken"),
                top=top,
            )
        if event.kind == "discard":
            card = str(data.get("card"))
            if card == "JK" or card[:1] == "2" or card in ("3C", "3S"):
                if mine:
                    return _(
                        "You discarded {card}: a wild card or a black three blocks the pile, so "
                        "the next player cannot take it.",
                        card=card_short(card),
                    )
                return _(
                    "{who} discarded {card}: a wild card or a black three blocks the pile, so "
                    "the next player cannot take it.",
                    who=who,
                    card=card_short(card),
                )
            return None
        if event.kind == "open":
            if mine:
                return _(
                    "You opened: the first melds of a round must add up to the minimum value "
                    "for the side's score."
                )
            return _(
                "{who} opened: the first melds of a round must add up to the minimum value for "
                "the side's score.",
                who=who,
            )
        return None

    def clears_log(self, event: Event) -> bool:
        """A new round deals new cards: the old round's lines would only confuse."""
        return event.kind == "round_start"


#: the events the Played answer lists: what went on the pile, off it, and onto the table
HISTORY_KINDS = frozenset({"discard", "take", "open", "meld", "add", "red_three", "reshuffle"})
#: the events after which the pile is empty (taken, or shuffled into a new stock)
PILE_GONE = frozenset({"take", "reshuffle"})


RENDERER = BoatCanastaRenderer()
