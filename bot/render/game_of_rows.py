"""Game of Rows on Discord: the board, the hand with card-then-target controls, the bluff window.

Reads only the engine's view keys and events (``games/game_of_rows/engine.py`` and ``view.py``
docstrings); it decides nothing. Which controls exist comes from ``legal_actions``; this module
names them and arranges them in two steps (pick a card, then one of its targets), because one
card can have many targets and a hand can hold many cards (spec §3.4, §3.7): all of them at
once would not fit Discord's five rows.

Secrecy: a face-down card is drawn for everyone as ``🂠`` with its claim (spec §3.7, D16); only
its owner's hand names it, from the owner-only ``your_card`` key. The public table never writes
an action code, so a card code in a message always comes from that seat's own controls.

Words: every sentence is written by ``_``/``_n`` in the language the shell speaks while it
builds the message (the table in the server's, the hand in its owner's); an engine's
:class:`games.text.Msg` (a reason, a poker category) is passed as a value or ``translate``d.
The game's terms are listed once in :data:`GLOSSARY`, and a test holds every translated
sentence to them, so a Joker or a row reads the same everywhere in a language.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from bot.i18n import texts, translate
from bot.render import (
    MAX_FIELD_VALUE,
    MAX_LABEL,
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
from bot.render.cards import SUIT_SYMBOLS
from bot.render.history import history_embed
from bot.render.images.base import Words, seat_name
from bot.render.images.game_of_rows import GameOfRowsPictures
from games import Action, Event, Result
from games.game_of_rows.engine import GameOfRowsEngine
from games.game_of_rows.poker import CATEGORY_NAMES
from games.text import Msg, messages

_, _n = texts("game_of_rows")
msg, msg_n = messages("game_of_rows")

#: rank letters written as words (in a menu, where a word reads better than a symbol)
RANK_WORDS: dict[str, str] = {
    "T": "10",
    "J": msg("Jack"),
    "Q": msg("Queen"),
    "K": msg("King"),
    "A": msg("Ace"),
}
SUIT_WORDS: dict[str, Msg] = {
    "S": msg("Spades"),
    "H": msg("Hearts"),
    "D": msg("Diamonds"),
    "C": msg("Clubs"),
}
#: the game's terms, once (English → its message): its cards, their suits and ranks, the board,
#: its phases and calls. Written through ``translate`` (or the same msgid in ``_``) where shown;
#: tests/bot/test_game_of_rows_words.py holds every translated sentence to these words.
GLOSSARY: dict[str, Msg] = {
    str(term): term
    for term in (
        msg("Joker"),
        msg("blocker"),
        msg("unblocker"),
        msg("row"),
        msg("corner"),
        msg("deck"),
        msg("bluff"),
        msg("face down"),
        msg("claim"),
        msg("Bluff window"),
        msg("call bluff"),
        msg("pass"),
        msg("skip"),
        msg("Mayhem"),
        *(word for word in RANK_WORDS.values() if isinstance(word, Msg)),
        *SUIT_WORDS.values(),
    )
}
#: what a card does (:func:`kind_of`), as the hand's focus line names it
KIND_WORDS: dict[str, Msg] = {
    "number": msg("number"),
    "joker": msg("joker"),
    "blocker": msg("blocker"),
    "unblocker": msg("unblocker"),
}
#: the engine's reason codes (``draw`` and ``game_over`` events) as words
REASONS: dict[str, Msg] = {
    str(reason): reason
    for reason in (
        msg("replenish"),
        msg("bluff penalty"),
        msg("skip penalty"),
        msg("no-move penalty"),
        msg("emptied hand"),
        msg("four rows completed"),
        msg("last one standing"),
        msg("one player left"),
        msg("stalemate"),
    )
}
#: a poker category by its English name (a view read back from JSON holds plain strings)
POKER: dict[str, Msg] = {str(name): name for name in CATEGORY_NAMES}


def reason_words(code: Any) -> str:
    """An engine reason code in the current language (an unknown code as it is)."""
    return str(translate(REASONS.get(str(code), code)))


def poker_words(name: Any) -> str:
    """A poker category (``final[].poker``) in the current language."""
    return str(translate(POKER.get(str(name), name)))


COLOR = 0x2E7D32
TITLE_EMOJI = "🂡"
JOKER = "JK"
RANKS = "23456789TJQKA"
SUIT_ORDER = "SHDC"
FACE_DOWN = "🂠"
BLOCKED, OPENED = "⛔", "🔓"
#: verbs that put a card on the board, and the one that puts it face down
CARD_VERBS = ("place", "block", "unblock", "down")
#: buttons at the top level of the hand, in this order
TURN_VERBS = ("call", "pass", "end", "skip")
#: the game's words, one per concept, shared by the table's text and its picture (messages:
#: each reads in the language of the message it goes into)
TERMS: dict[str, str] = {
    "window": msg("Bluff window"),
    "call": msg("call bluff"),
    "pass": msg("pass"),
}

# ---- cards --------------------------------------------------------------------------------


def card_label(code: str) -> str:
    """``7♥``, ``10♦``, ``Q♠``, ``Joker``: compact, for the board, the hand and the log."""
    if code == JOKER:
        return _("Joker")
    rank = "10" if code[:1] == "T" else code[:1]
    return rank + SUIT_SYMBOLS.get(code[1:2], "?")


def card_long(code: str) -> str:
    """``Queen of Spades``: for menus, where a word reads better than a symbol."""
    if code == JOKER:
        return _("Joker")
    rank = RANK_WORDS.get(code[:1], code[:1])
    return _("{rank} of {suit}", rank=rank, suit=SUIT_WORDS.get(code[1:2], "?"))


def sort_key(card: str) -> tuple[int, int]:
    """Jokers first, then by suit and rank, so a hand reads as suits of runs."""
    if card == JOKER:
        return (-1, 0)
    return (SUIT_ORDER.find(card[1:2]), RANKS.find(card[:1]))


def kind_of(card: str) -> str:
    """What a card does (spec §1.1): number, joker, blocker (black J-A) or unblocker (red)."""
    if card == JOKER:
        return "joker"
    if card[:1] in "JQKA":
        return "blocker" if card[1:2] in "CS" else "unblocker"
    return "number"


# ---- targets ------------------------------------------------------------------------------


def split_arg(arg: str) -> tuple[str, str]:
    """``7H@2.7`` -> (``7H``, ``2.7``)."""
    card, _sep, target = arg.partition("@")
    return card, target


def target_text(target: str) -> str:
    """``2.7`` -> ``row 2 at 7``; ``new.10D`` -> ``a new ♦ row, corner 10``."""
    where, _sep, pos = target.partition(".")
    if where == "new":
        corner = pos.rstrip("CDHS")
        suit = pos[len(corner) :]
        if suit:
            symbol = SUIT_SYMBOLS.get(suit, suit)
            return _("a new {suit} row, corner {corner}", suit=symbol, corner=corner)
        return _("a new row, corner {corner}", corner=corner)
    return _("row {row} at {pos}", row=where, pos=pos)


def claim_of(target: str) -> str:
    """The claimed value of a face-down target: its position's number (§3.7); a new row's
    declared suit is named apart by ``target_text``, never glued to the number as a card."""
    return target.partition(".")[2].rstrip("CDHS")


def describe(action: Action) -> ActionSpec:
    """Labels for the action codes of the engine docstring."""
    verb, arg = action.verb, action.arg
    if verb in CARD_VERBS:
        card, target = split_arg(arg)
        where = target_text(target)
        shown = card_label(card)
        if verb == "place":
            label = _("{card} on {where}", card=shown, where=where)
            return ActionSpec(action.code, clip(label, MAX_LABEL), style="primary")
        if verb == "block":
            label = _("Block {where} with {card}", where=where, card=shown)
            return ActionSpec(action.code, clip(label, MAX_LABEL), emoji=BLOCKED, style="danger")
        if verb == "unblock":
            label = _("Unblock {where} with {card}", where=where, card=shown)
            return ActionSpec(action.code, clip(label, MAX_LABEL), emoji=OPENED, style="success")
        label = _(
            "{card} face down on {where} (claim {claim})",
            card=shown,
            where=where,
            claim=claim_of(target),
        )
        return ActionSpec(action.code, clip(label, MAX_LABEL), emoji=FACE_DOWN)
    if verb == "call":
        return ActionSpec(action.code, _("Call bluff"), emoji="🔍", style="danger")
    if verb == "pass":
        return ActionSpec(action.code, _("Pass"), style="secondary")
    if verb == "end":
        return ActionSpec(action.code, _("End turn"), emoji="⏹️", style="success")
    if verb == "skip":
        return ActionSpec(action.code, _("Skip (draw 2)"), emoji="⏭️", style="secondary")
    return ActionSpec(action.code, clip(action.code, MAX_LABEL))


def target_spec(action: Action) -> ActionSpec:
    """A target of the card already chosen: the label names the place, not the card again
    (the screen's first line names it), so that a face-up target is a short button."""
    target = split_arg(action.arg)[1]
    where = target_text(target)
    if action.verb == "place":
        # the first letter up, the rest as written (``capitalize`` would lower a German noun)
        label = where[:1].upper() + where[1:]
        return ActionSpec(action.code, clip(label, MAX_LABEL), style="primary")
    if action.verb == "block":
        return ActionSpec(
            action.code,
            clip(_("Block {where}", where=where), MAX_LABEL),
            emoji=BLOCKED,
            style="danger",
        )
    if action.verb == "unblock":
        label = _("Unblock {where}", where=where)
        return ActionSpec(action.code, clip(label, MAX_LABEL), emoji=OPENED, style="success")
    if action.verb == "down":
        label = _("Face down on {where} (claim {claim})", where=where, claim=claim_of(target))
        return ActionSpec(action.code, clip(label, MAX_LABEL), emoji=FACE_DOWN)
    return describe(action)


# ---- the table ----------------------------------------------------------------------------


def cell(pos: dict[str, Any], frontier: bool) -> str:
    """One position of a row: its top card, or its number when nothing fills it."""
    number = pos.get("pos")
    state = pos.get("state")
    top = pos.get("top")
    if state == "face_down":
        return f"{FACE_DOWN}{number}"  # a face-down card shows only its claim (§3.7)
    if state == "blocked" and top:
        return f"{BLOCKED}{number}:{card_label(top)}"
    if state == "open" and top:
        return f"{OPENED}{number}:{card_label(top)}"
    if state == "filled" and top:
        return f"**{_('Joker')}**({number})" if top == JOKER else f"**{card_label(top)}**"
    return f"`▸{number}`" if frontier else f"`{number}`"


def row_line(row: dict[str, Any] | None, slot: int) -> str:
    """``Row 1 ♥ · 2♥ `▸3` `4` … 10♥ · next: 3, 9``: one line per row slot."""
    if row is None:
        return _("Row {row}: free", row=slot + 1)
    frontiers = set(row.get("frontiers") or [])
    positions = row.get("positions") or []
    cells = " ".join(cell(p, p.get("pos") in frontiers) for p in positions)
    if row.get("anchored"):
        spots = ", ".join(str(f) for f in sorted(frontiers))
        tail = _("next: {spots}", spots=spots) if frontiers else ""
    else:
        tail = _needs_corner(row)
    return f"{row_head(row, slot)} · {cells}" + (f" · {tail}" if tail else "")


def row_head(row: dict[str, Any], slot: int) -> str:
    """``**Row 1** ♥``: a row's name, and its suit in Straight Flush."""
    suit = row.get("suit")
    name = _("Row {row}", row=row.get("row", slot + 1))
    return f"**{name}**" + (f" {SUIT_SYMBOLS.get(suit, suit)}" if suit else "")


def _needs_corner(row: dict[str, Any]) -> str:
    """``needs corner 2 & 10``: the corners a row without both still lacks ("" when none)."""
    missing = [
        str(p.get("pos"))
        for p in row.get("positions") or []
        if p.get("pos") in (2, 10) and p.get("state") in ("empty", "open", "blocked")
    ]
    return _("needs corner {corners}", corners=" & ".join(missing)) if missing else ""


def board_text(view: dict[str, Any]) -> str:
    """One line per row; the free slots at the end in one line (``Rows 3, 4: free``), which
    saves a phone screen a line or three."""
    rows = view.get("rows") or []
    taken = len(rows)
    while taken and rows[taken - 1] is None:
        taken -= 1
    lines = [row_line(row, slot) for slot, row in enumerate(rows[:taken])]
    free = [str(slot + 1) for slot in range(taken, len(rows))]
    if len(free) == 1:
        lines.append(row_line(None, taken))
    elif free:
        lines.append(_("Rows {rows}: free", rows=", ".join(free)))
    return "\n".join(lines) or _("No rows yet.")


def row_brief(row: dict[str, Any] | None, slot: int) -> str:
    """``Row 1 ♥ · next: 3, ⛔9``: a row as a choice needs it, the numbers that may go on it
    next (a blocked one marked), or the corner it still needs."""
    if row is None:
        return row_line(row, slot)
    state = {p.get("pos"): p.get("state") for p in row.get("positions") or []}
    frontiers = sorted(set(row.get("frontiers") or []))
    if row.get("anchored"):
        marked = [f"{BLOCKED}{f}" if state.get(f) == "blocked" else str(f) for f in frontiers]
        tail = _("next: {spots}", spots=", ".join(marked)) if marked else _("full")
    else:
        tail = _needs_corner(row) or _("no corner yet")
    return f"{row_head(row, slot)} · {tail}"


def board_brief(view: dict[str, Any]) -> str:
    """The board beside a hand's picture: one short line a row (:func:`row_brief`). Why not
    the table's lines: each row's cells wrap to two lines on a phone, and a grown hand's
    message then ran past one screen (issue 36); the table's picture shows the cells."""
    rows = view.get("rows") or []
    taken = len(rows)
    while taken and rows[taken - 1] is None:
        taken -= 1
    lines = [row_brief(row, slot) for slot, row in enumerate(rows[:taken])]
    free = [str(slot + 1) for slot in range(taken, len(rows))]
    if len(free) == 1:
        lines.append(row_line(None, taken))
    elif free:
        lines.append(_("Rows {rows}: free", rows=", ".join(free)))
    return "\n".join(lines) or _("No rows yet.")


def challenge_line(ctx: TableContext, view: dict[str, Any]) -> str:
    challenge = view.get("challenge") or {}
    count = challenge.get("count", 0)
    spots = ", ".join(
        _("row {row} at {pos}", row=p["row"], pos=p["pos"]) for p in challenge.get("positions", [])
    )
    waiting = ", ".join(ctx.name(s) for s in challenge.get("waiting", [])) or _("nobody")
    bluffer = ctx.name(challenge.get("bluffer"))
    # the engine's challenge window (its only timed window) while the shell times it
    due = min(ctx.timers.values(), default=None)
    if due:
        line = _n(
            "**{bluffer}** played {n} card face down ({spots}). Call bluff or pass: waiting for "
            "{waiting}; the window closes {when}.",
            "**{bluffer}** played {n} cards face down ({spots}). Call bluff or pass: waiting for "
            "{waiting}; the window closes {when}.",
            count,
            bluffer=bluffer,
            spots=spots,
            waiting=waiting,
            when=Renderer.countdown(due),
        )
    else:
        line = _n(
            "**{bluffer}** played {n} card face down ({spots}). Call bluff or pass: waiting for "
            "{waiting}.",
            "**{bluffer}** played {n} cards face down ({spots}). Call bluff or pass: waiting for "
            "{waiting}.",
            count,
            bluffer=bluffer,
            spots=spots,
            waiting=waiting,
        )
    return f"{FACE_DOWN} {line}"


def reveal_line(ctx: TableContext, reveal: Mapping[str, Any], last: bool = True) -> str:
    """What a call turned up: ``🔍 Last call: …`` on the table, without "Last call" in the log
    and the row history (``last=False``)."""
    cards = ", ".join(
        _("{card} as {claim}", card=card_label(c["card"]), claim=c["pos"])
        + ("" if c.get("valid") else " ✗")
        for c in reveal.get("cards", [])
    )
    who, caller = ctx.name(reveal.get("bluffer")), ctx.name(reveal.get("caller"))
    caught = reveal.get("outcome") == "caught"
    if caught and last:
        text = _(
            "Last call: {caller} caught {bluffer} bluffing ({cards}).",
            caller=caller,
            bluffer=who,
            cards=cards,
        )
    elif caught:
        text = _(
            "{caller} caught {bluffer} bluffing ({cards}).", caller=caller, bluffer=who, cards=cards
        )
    elif last:
        text = _(
            "Last call: {caller} called {bluffer}, but the cards were true ({cards}).",
            caller=caller,
            bluffer=who,
            cards=cards,
        )
    else:
        text = _(
            "{caller} called {bluffer}, but the cards were true ({cards}).",
            caller=caller,
            bluffer=who,
            cards=cards,
        )
    return f"🔍 {text}"


def phase_line(ctx: TableContext, view: dict[str, Any], to_act: Sequence[int]) -> str:
    if ctx.status == "abandoned":
        return _("This game was ended.")
    if view.get("phase") == "over" or ctx.status == "finished":
        winners = [s for s, p in enumerate(view.get("places") or []) if p == 1]
        names = ctx.team(winners)
        return "🏁 " + (_("Game over: {names} won.", names=names) if names else _("Game over."))
    doing = acting({**view, "to_act": list(to_act)}, ctx.names)
    if view.get("phase") == "challenge":
        return "🔍 " + _("Bluff window: {doing}.", doing=doing)
    return f"▶️ {doing}."


def acting(view: Mapping[str, Any], names: Sequence[str] | None) -> str:
    """``Bo, Cid to call bluff or pass``: the seats the view waits for (``to_act``: in the bluff
    window the others, not the player whose turn it is) and what they are to do; "" when the
    game is over or waits for nobody. The table picture's header says the same words."""
    waiting = view.get("to_act") or []
    phase = str(view.get("phase"))
    if not waiting or phase == "over":
        return ""
    who = ", ".join(seat_name(names, s) for s in waiting)
    if phase == "challenge":
        return _("{who} to call bluff or pass", who=who)
    return _("{who} to play", who=who)


def rules_line(view: dict[str, Any]) -> str:
    opts = view.get("options") or {}
    parts = [_("Straight Flush") if opts.get("format") == "straight_flush" else _("Straight")]
    if opts.get("mayhem"):
        parts.append(_("Mayhem"))
    else:
        if opts.get("skipping"):
            parts.append(_("Skipping"))
        if opts.get("bluffing"):
            parts.append(_("Bluffing"))
    return " · ".join(parts)


def players_text(ctx: TableContext, view: dict[str, Any], result: Result) -> str:
    sizes = view.get("hand_sizes") or []
    removed = set(view.get("removed") or [])
    finished = set(view.get("finished") or [])
    places = view.get("places") or []
    final = {f.get("seat"): f for f in view.get("final") or []}
    lines = []
    for seat in range(view.get("players", len(sizes))):
        count = sizes[seat] if seat < len(sizes) else 0
        marks = []
        if seat == view.get("turn") and view.get("phase") == "turn":
            marks.append("▶️")
        if seat in removed:
            marks.append(_("removed"))
        if seat in finished:
            marks.append(_("out of cards"))
        text = _n("{name}: {n} card", "{name}: {n} cards", count, name=ctx.name(seat))
        if places:
            crown = " 🏆" if seat in result.winners else ""
            text = f"#{places[seat]} {text}{crown}"
            poker = (final.get(seat) or {}).get("poker")
            if poker:
                text += f" ({poker_words(poker)})"
        if marks:
            text += " · " + " ".join(marks)
        lines.append(text)
    return "\n".join(lines) or "—"


# ---- the hand -----------------------------------------------------------------------------


def hand_text(view: dict[str, Any]) -> str:
    cards = sorted(view.get("hand") or [], key=sort_key)
    if not cards:
        return _("You hold no cards.")
    return _("**Your cards:** {cards}", cards=" ".join(card_label(c) for c in cards))


def own_face_down(view: dict[str, Any]) -> str:
    """The seat's own face-down cards (only its own view carries ``your_card``)."""
    mine = []
    for row in view.get("rows") or []:
        for pos in (row or {}).get("positions") or []:
            if pos.get("your_card"):
                mine.append(
                    _(
                        "{card} as {claim} on row {row}",
                        card=card_label(pos["your_card"]),
                        claim=pos["pos"],
                        row=row["row"],
                    )
                )
    if not mine:
        return ""
    return f"{FACE_DOWN} " + _("Your face-down cards: {cards}", cards="; ".join(mine))


def by_card(legal: Sequence[Action]) -> dict[str, list[Action]]:
    """Card actions grouped by card, in hand order."""
    groups: dict[str, list[Action]] = {}
    for action in legal:
        if action.verb in CARD_VERBS:
            groups.setdefault(split_arg(action.arg)[0], []).append(action)
    return dict(sorted(groups.items(), key=lambda item: sort_key(item[0])))


def turn_buttons(legal: Sequence[Action]) -> tuple[ActionSpec, ...]:
    order = {v: i for i, v in enumerate(TURN_VERBS)}
    return tuple(
        describe(a)
        for a in sorted((a for a in legal if a.verb in order), key=lambda a: order[a.verb])
    )


def card_summary(actions: Sequence[Action]) -> str:
    """What a card can do, for its nav's description."""
    verbs = {a.verb for a in actions}
    parts = []
    if "place" in verbs:
        parts.append(_("place"))
    if "block" in verbs:
        parts.append(_("block"))
    if "unblock" in verbs:
        parts.append(_("unblock"))
    if "down" in verbs:
        parts.append(_("face down"))
    return clip(
        _n(
            "{n} target: {kinds}",
            "{n} targets: {kinds}",
            len(actions),
            kinds=", ".join(parts),
        ),
        100,
    )


#: a card's targets are buttons only when they fit one row on a phone: this many at most, and
#: this many characters of labels in all; more go in one menu, which takes one row however many
#: it holds
TARGET_BUTTONS, TARGET_CHARS = 2, 24


def focus_controls(
    actions: Sequence[Action],
) -> tuple[tuple[ActionSpec, ...], tuple[ChoiceSpec, ...]]:
    """The targets of one card, in one row so that the screen fits a phone (issue 36): a button
    each when one or two short face-up targets, else one menu with the face-up targets first and
    the face-down ones (a bluff, whose labels name the claim) after them. A card has at most 16
    targets of each kind (8 new-row corners and 2 per row, spec §3.4), so a second menu is needed
    only past 25 of them in all."""
    up = [target_spec(a) for a in actions if a.verb != "down"]
    down = [target_spec(a) for a in actions if a.verb == "down"]
    if not down and len(up) <= TARGET_BUTTONS and sum(len(s.label) for s in up) <= TARGET_CHARS:
        return tuple(up), ()
    specs = up + down
    return (), tuple(
        ChoiceSpec(
            placeholder=_("Where does it go?"), actions=tuple(specs[i : i + MAX_SELECT_OPTIONS])
        )
        for i in range(0, len(specs), MAX_SELECT_OPTIONS)
    )


def status_text(ctx: TableContext, view: dict[str, Any], seat: int) -> str:
    waiting = view.get("to_act") or []
    if view.get("phase") == "over":
        return _("The game is over.")
    if view.get("phase") == "challenge":
        challenge = view.get("challenge") or {}
        bluffer = ctx.name(challenge.get("bluffer"))
        count = int(challenge.get("count") or 0)
        if seat in waiting:
            ask = _(
                "**{bluffer} played {count} face down.** Call bluff if you think one is not "
                "what it claims, or pass.",
                bluffer=bluffer,
                count=count,
            )
            cost = _n(
                "A call costs: if every card is true, you draw {n} penalty card; if one is "
                "false, {bluffer} takes them back and draws that many. A pass costs nothing, "
                "but an uncalled card stays as its claim for good.",
                "A call costs: if every card is true, you draw {n} penalty cards; if one is "
                "false, {bluffer} takes them back and draws that many. A pass costs nothing, "
                "but an uncalled card stays as its claim for good.",
                count,
                bluffer=bluffer,
            )
            return f"{ask}\n{cost}"
        names = ", ".join(ctx.name(s) for s in waiting)
        return _("Waiting for {names} to call or pass.", names=names)
    if seat in waiting:
        # that a card must be placed first is said once, by the game's reasons under the hand
        # (the ℹ️ lines): repeated here it cost a phone screen its last lines
        return "**" + _("Your turn.") + "**"
    return _("Waiting for {name}.", name=ctx.name(view.get("turn")))


SUIT_FOCUS = "suit:"


def suit_group(card: str) -> str:
    """The menu group of a card in a big hand: its suit letter, or ``J`` for the Jokers."""
    return "J" if card == JOKER else card[1:2]


def card_navs(cards: Sequence[tuple[str, Sequence[Action]]]) -> tuple[NavSpec, ...]:
    return tuple(
        NavSpec(
            focus=card, label=card_label(card), style="primary", description=card_summary(actions)
        )
        for card, actions in cards
    )


def suit_navs(cards: Sequence[tuple[str, Sequence[Action]]]) -> tuple[NavSpec, ...]:
    counts: dict[str, int] = {}
    for card, _actions in cards:
        counts[suit_group(card)] = counts.get(suit_group(card), 0) + 1
    navs = []
    for group in ("J", *SUIT_ORDER):
        if group in counts:
            name = (
                _("Jokers")
                if group == "J"
                else f"{SUIT_SYMBOLS[group]} {translate(SUIT_WORDS[group])}"
            )
            navs.append(
                NavSpec(
                    focus=SUIT_FOCUS + group,
                    label=f"{name} ({counts[group]})",
                    style="primary",
                    description=_("cards of this suit that can be played now"),
                )
            )
    return tuple(navs)


# ---- events -------------------------------------------------------------------------------


def _where(data: Mapping[str, Any]) -> str:
    return _("row {row} at {pos}", row=data.get("row"), pos=data.get("pos"))


# ---- the renderer object (bot.render.base) ----------------------------------------------------


class GameOfRowsRenderer(Renderer):
    """Game of Rows' board, hand and log."""

    #: the module's card words, which every part of it writes cards with
    card_short = staticmethod(card_label)
    card_long = staticmethod(card_long)
    pictures = GameOfRowsPictures(Words(TERMS, acting))

    def card_forms(self, code: str) -> tuple[str, ...]:
        """Every way this renderer writes a card (for the secrecy tests)."""
        if code == JOKER:
            return (card_label(code),)
        return (card_label(code), card_long(code))

    def table(
        self, ctx: TableContext, view: dict[str, Any], result: Result, to_act: Sequence[int]
    ) -> EmbedSpec:
        """The public board: one line per row, the deck, hand sizes, the bluff window, the log."""
        parts = [board_text(view)]
        parts.append(
            _(
                "Deck: {deck} · completed rows: {done} · {rules}",
                deck=view.get("deck", 0),
                done=view.get("completed_rows", 0),
                rules=rules_line(view),
            )
        )
        if view.get("phase") == "challenge":
            parts.append(challenge_line(ctx, view))
        elif view.get("phase") == "turn" and view.get("facedown_count"):
            count = view["facedown_count"]
            parts.append(f"{FACE_DOWN} " + _("{count} face down this turn.", count=count))
        if view.get("last_reveal"):
            parts.append(reveal_line(ctx, view["last_reveal"]))
        bluffs = view.get("bluffs") or []
        if bluffs:  # reveal_bluffs_at_end: the game is over, the face-down cards are shown
            shown = ", ".join(
                f"{ctx.name(b.get('owner'))} {card_label(b['card'])}"
                + (
                    f" ({_('row {row} at {pos}', row=b['row'], pos=b['pos'])})"
                    if b.get("row")
                    else ""
                )
                for b in bluffs
            )
            parts.append(f"{FACE_DOWN} " + _("Face-down cards were: {cards}", cards=shown))
        fields = [
            FieldSpec(_("Players"), clip(players_text(ctx, view, result), MAX_FIELD_VALUE), False)
        ]
        # beside the picture (the board, the hands' sizes): the deck, a bluff window, a reveal
        return table_embed(
            ctx,
            f"{TITLE_EMOJI} " + GameOfRowsEngine.title,
            "\n".join(parts),
            fields,
            phase_line(ctx, view, to_act),
            color=COLOR,
            brief=parts[1:],
        )

    def standing(self, ctx: TableContext, view: dict[str, Any], result: Result) -> str | None:
        """The live hand's standing line: the cards each player has left, since fewest cards leads.

        Why not the engine's score: during play it is the number of players a seat outranks, a
        figure no player would guess the meaning of; the hand sizes are what it is made of."""
        sizes = view.get("hand_sizes") or []
        removed = set(view.get("removed") or [])
        finished = set(view.get("finished") or [])
        parts = []
        for seat in range(view.get("players", len(sizes))):
            if seat in finished:
                left = _("out of cards")
            elif seat in removed:
                left = _("removed")
            else:
                left = str(sizes[seat] if seat < len(sizes) else 0)
            parts.append(f"{ctx.name(seat)} {left}")
        return _("Cards left: {players}", players=" · ".join(parts))

    def hand(
        self,
        ctx: TableContext,
        view: dict[str, Any],
        seat: int,
        legal: Sequence[Action],
        focus: str | None = None,
    ) -> HandSpec:
        """The private hand: cards, own face-down cards, and the controls in two steps.

        Top level: one nav per card that can go somewhere, plus the turn buttons (call, pass, end,
        skip). Focus ``<card>``: that card's legal targets and a Back nav. A hand with more than 25
        playable cards (penalties let hands grow, §4.3) is opened by suit first (focus
        ``suit:<S>``), since one menu holds 25. A focus whose card has no target any more (the
        table moved on) falls back to the top level."""
        if view.get("phase") == "challenge":
            # the status line already says what a call and a pass cost, with this bluff's
            # numbers: the generic effect line would say it twice
            ctx = replace(ctx, effects=())
        groups = by_card(legal)
        parts = [hand_text(view)]
        mine = own_face_down(view)
        if mine:
            parts.append(mine)
        pictured = len(parts)  # the cards and own face-down cards: the hand picture shows them
        parts.append("\n" + board_text(view))
        parts.append("\n" + status_text(ctx, view, seat))
        if focus and focus in groups:
            actions = groups[focus]
            buttons, choices = focus_controls(actions)
            kind = translate(KIND_WORDS[kind_of(focus)])
            parts.insert(
                0,
                _("**{card}** ({kind}): choose where it goes.", card=card_label(focus), kind=kind),
            )
            # beside the picture: the card and the board its targets name; the first line says
            # it is the player's turn, so the status line is left to the text without a picture
            brief = [parts[0], board_text(view)]
            return HandSpec(
                embed=hand_embed(
                    ctx, GameOfRowsEngine.title, seat, parts, color=COLOR, brief=brief
                ),
                buttons=buttons,
                choices=choices,
                navs=(NavSpec(focus="", label=_("Back"), emoji="↩️"),),
            )
        cards = list(groups.items())
        by_suit = len(cards) > MAX_SELECT_OPTIONS
        if by_suit and focus and focus.startswith(SUIT_FOCUS):
            # a big hand, one suit opened: its cards (at most 13) and the way back
            wanted = focus[len(SUIT_FOCUS) :]
            chosen = [(c, a) for c, a in cards if suit_group(c) == wanted]
            if chosen:
                navs = (*card_navs(chosen), NavSpec(focus="", label=_("Back"), emoji="↩️"))
                parts.append(_("Pick a card, then where it goes."))
                brief = parts[pictured:]
                return HandSpec(
                    embed=hand_embed(
                        ctx, GameOfRowsEngine.title, seat, parts, color=COLOR, brief=brief
                    ),
                    buttons=turn_buttons(legal),
                    navs=navs,
                    nav_placeholder=_("Pick a card…"),
                )
        if by_suit:
            # more playable cards than one menu holds (hands grow with penalties): suits first
            navs = suit_navs(cards)
            parts.append(_("Pick a suit, then a card, then where it goes."))
        else:
            navs = card_navs(cards)
            if navs:
                parts.append(_("Pick a card, then where it goes."))
        brief = ["\n" + board_brief(view), *parts[pictured + 1 :]]
        if ctx.effects and navs:
            # room beside the picture for what the special controls do: the menu's "Pick a
            # card…" says the step, and the status needs no blank line above it there
            brief = [*brief[:-2], brief[-2].lstrip("\n")]
        return HandSpec(
            embed=hand_embed(ctx, GameOfRowsEngine.title, seat, parts, color=COLOR, brief=brief),
            buttons=turn_buttons(legal),
            navs=navs,
            nav_placeholder=_("Pick a card…"),
        )

    def event_line(self, ctx: TableContext, event: Event, seat: int | None) -> str | None:
        """A log line: public events for the table (seat None), private notes for their seat."""
        audience = event_audience(event, seat)
        if audience is None:
            return None
        data, kind = event.data, event.kind
        who = actor(ctx, data)
        if audience == "table":
            card = card_label(str(data.get("card"))) if data.get("card") else ""
            if kind == "place":
                return _("{who} put {card} on {where}.", who=who, card=card, where=_where(data))
            if kind == "block":
                line = _(
                    "{who} blocked {where} with {card}.", who=who, where=_where(data), card=card
                )
                return f"{BLOCKED} {line}"
            if kind == "unblock":
                line = _(
                    "{who} unblocked {where} with {card}.", who=who, where=_where(data), card=card
                )
                return f"{OPENED} {line}"
            if kind == "face_down":
                # the claim is written as a number (and the new row's suit apart), never as a card
                # name: a claim says nothing of what the card is, nor of who holds that card
                suit = SUIT_SYMBOLS.get(data.get("suit") or "", "")
                claim = data.get("claim")
                if suit:
                    line = _(
                        "{who} put a card face down on {where} (a new {suit} row), claiming "
                        "{claim}.",
                        who=who,
                        where=_where(data),
                        suit=suit,
                        claim=claim,
                    )
                else:
                    line = _(
                        "{who} put a card face down on {where}, claiming {claim}.",
                        who=who,
                        where=_where(data),
                        claim=claim,
                    )
                return f"{FACE_DOWN} {line}"
            if kind == "skip":
                return "⏭️ " + _("{who} skipped.", who=who)
            if kind == "challenge_open":
                line = _(
                    "Bluff window open on {bluffer}'s {count} face-down card(s).",
                    bluffer=ctx.name(data.get("bluffer")),
                    count=data.get("count"),
                )
                return f"🔍 {line}"
            if kind == "challenge_closed" and not data.get("called"):
                return _("Nobody called: the face-down cards stay.")
            if kind == "call":
                line = _(
                    "{who} called {bluffer}'s bluff!",
                    who=who,
                    bluffer=ctx.name(data.get("bluffer")),
                )
                return f"🔍 {line}"
            if kind == "reveal":
                return reveal_line(ctx, data, last=False)
            if kind == "draw" and data.get("reason") != "replenish":
                return _(
                    "{who} drew {count} ({reason}).",
                    who=who,
                    count=data.get("count"),
                    reason=reason_words(data.get("reason")),
                )
            if kind == "removed":
                return "❌ " + _("{who} is out of the game (no cards left to draw).", who=who)
            if kind == "row_completed":
                line = _(
                    "Row {row} is complete ({done} done).",
                    row=data.get("row"),
                    done=data.get("completed_rows"),
                )
                return f"✅ {line}"
            if kind == "out_of_cards":
                line = _(
                    "{who} has no cards left: place {place}.", who=who, place=data.get("place")
                )
                return f"🎉 {line}"
            if kind == "game_over":
                names = ctx.team(data.get("winners", []))
                if not names:
                    return "🏁 " + _("Game over.")
                reason = reason_words(data.get("reason"))
                return "🏁 " + _("{names} won ({reason}).", names=names, reason=reason)
            return None
        if kind == "your_face_down":
            card = card_label(str(data.get("card")))
            line = _("Your {card} lies face down on {where}.", card=card, where=_where(data))
            return f"{FACE_DOWN} {line}"
        if kind == "drew":
            cards = ", ".join(card_label(c) for c in data.get("cards", []))
            if not cards:
                return None
            reason = reason_words(data.get("reason"))
            return _("You drew {cards} ({reason}).", cards=cards, reason=reason)
        return None

    #: read by the shell, which translates the ``Msg`` where it draws the button
    played_button = (msg("Played"), "📜")

    def played(
        self, ctx: TableContext, view: dict[str, Any], seat: int, events: Sequence[Event]
    ) -> EmbedSpec | None:
        """Each row's history (cards put down, blocks and unblocks, face-down cards, its
        completion) and the bluffs called, all as the table saw them: a face-down card is
        written by its place alone (the seat's own too, as on the table) until a call turns it
        up; then it is named, or leaves the row when the bluff was caught (it went back to a
        hand, and the bluffs called name it)."""
        rows: dict[int, list[str]] = {}
        face_down: dict[tuple[int, int], tuple[int, int]] = {}  # (row, pos) -> its entry
        bluffs: list[str] = []
        for event in events:
            data, kind = event.data, event.kind
            if event.visible_to is not None:
                continue  # private notes (cards drawn) are not a row's history
            if kind == "reveal":
                bluffs.append(reveal_line(ctx, data, last=False))
                _turn_up(rows, face_down, data, caught=data.get("outcome") == "caught")
                continue
            if kind == "challenge_closed" and not data.get("called"):
                bluffs.append(_("Nobody called: the face-down cards stay."))
                continue
            row = data.get("row")
            if not isinstance(row, int):
                continue
            who = ctx.name(data.get("seat"))
            card = card_label(str(data.get("card"))) if data.get("card") else ""
            at = f"@{data.get('pos')}"
            said = {
                "place": f"{'🆕 ' if data.get('new_row') else ''}{who} {card}{at}",
                "block": f"{BLOCKED} {who} {card}{at}",
                "unblock": f"{OPENED} {who} {card}{at}",
                "face_down": f"{FACE_DOWN}{who}{at}",
                "row_completed": "✅ " + _("complete"),
            }.get(kind)
            if said:
                entries = rows.setdefault(row, [])
                if kind == "face_down":
                    face_down[(row, int(data.get("pos") or 0))] = (row, len(entries))
                entries.append(said)
        fields = [
            FieldSpec(
                _("Row {row}", row=row),
                _tail(" · ".join(x for x in lines if x), MAX_FIELD_VALUE),
                False,
            )
            for row, lines in sorted(rows.items())
            if any(lines)
        ]
        if bluffs:
            fields.append(
                FieldSpec(_("Bluffs called"), _tail("\n".join(bluffs), MAX_FIELD_VALUE), False)
            )
        lines = [] if rows else [_("No card has been put on a row yet.")]
        return history_embed(
            "📜 " + _("Played · table #{game}", game=ctx.game_id),
            lines,
            fields,
            COLOR,
            _(
                "Each row as the table saw it, oldest first. {mark} a face-down card.",
                mark=FACE_DOWN,
            ),
        )

    def coach(
        self, ctx: TableContext, event: Event, seat: int, seen: Sequence[Event]
    ) -> str | None:
        """After a turn's moves: what a Joker, a blocker, a lifted block, a finished row and
        a bluff window mean."""
        data, kind = event.data, event.kind
        mine = data.get("seat") == seat
        who = ctx.name(data.get("seat"))
        where = _("position {pos} of row {row}", pos=data.get("pos"), row=data.get("row"))
        if kind == "place" and data.get("card") == "JK":
            pos = data.get("pos")
            if mine:
                return _("You placed a Joker: it stands in for the {pos} of that row.", pos=pos)
            return _(
                "{who} placed a Joker: it stands in for the {pos} of that row.", who=who, pos=pos
            )
        if kind == "block":
            card = card_long(str(data.get("card")))
            if mine:
                return _(
                    "You blocked {where} with {card}: no card goes there until a higher red "
                    "picture card lifts the block.",
                    where=where,
                    card=card,
                )
            return _(
                "{who} blocked {where} with {card}: no card goes there until a higher red "
                "picture card lifts the block.",
                who=who,
                where=where,
                card=card,
            )
        if kind == "unblock":
            if mine:
                return _(
                    "You lifted the block on {where}: that position is free again.", where=where
                )
            return _(
                "{who} lifted the block on {where}: that position is free again.",
                who=who,
                where=where,
            )
        if kind == "row_completed":
            return _(
                "Row {row} runs from 2 to 10: finished rows leave the table.", row=data.get("row")
            )
        if kind == "challenge_open":
            bluffer = data.get("bluffer")
            count = data.get("count")
            if bluffer == seat:
                return _(
                    "You put {count} card(s) face down: until the window closes, anyone may call "
                    "a bluff.",
                    count=count,
                )
            return _(
                "{name} put {count} card(s) face down: until the window closes, anyone may call "
                "a bluff.",
                name=ctx.name(bluffer),
                count=count,
            )
        if kind == "reveal":
            caught = data.get("outcome") == "caught"
            if data.get("caller") == seat:
                if caught:
                    return _("The call by you was right: the bluffed cards go back.")
                return _("The call by you was wrong: the face-down cards were honest.")
            caller = ctx.name(data.get("caller"))
            if caught:
                return _(
                    "The call by {caller} was right: the bluffed cards go back.", caller=caller
                )
            return _(
                "The call by {caller} was wrong: the face-down cards were honest.", caller=caller
            )
        return None

    def clears_log(self, event: Event) -> bool:
        """The log runs over the whole game: nothing restarts it."""
        return False


def _turn_up(
    rows: dict[int, list[str]],
    face_down: dict[tuple[int, int], tuple[int, int]],
    reveal: Mapping[str, Any],
    *,
    caught: bool,
) -> None:
    """A call turned the face-down cards up: their entries name them now, or leave the row
    when the bluff was caught (they went back to the bluffer's hand; "Bluffs called" names
    them)."""
    for shown in reveal.get("cards") or []:
        at = face_down.pop((int(shown.get("row") or 0), int(shown.get("pos") or 0)), None)
        if at is None:
            continue
        row, index = at
        rows[row][index] = (
            "" if caught else f"{rows[row][index]} {card_label(str(shown.get('card')))}"
        )


def _tail(text: str, limit: int) -> str:
    """The end of ``text`` within ``limit`` (a row's latest cards matter most)."""
    return text if len(text) <= limit else "…" + text[-(limit - 1) :]


RENDERER = GameOfRowsRenderer()
