"""Game of Rows on Discord: the board, the hand with card-then-target controls, the bluff window.

Reads only the engine's view keys and events (``games/game_of_rows/engine.py`` and ``view.py``
docstrings); it decides nothing. Which controls exist comes from ``legal_actions``; this module
names them and arranges them in two steps (pick a card, then one of its targets), because one
card can have many targets and a hand can hold many cards (spec §3.4, §3.7): all of them at
once would not fit Discord's five rows.

Secrecy: a face-down card is drawn for everyone as ``🂠`` with its claim (spec §3.7, D16); only
its owner's hand names it, from the owner-only ``your_card`` key. The public table never writes
an action code, so a card code in a message always comes from that seat's own controls.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

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
from bot.render.cards import FACE_WORDS, SUIT_NAMES, SUIT_SYMBOLS
from bot.render.history import history_embed
from bot.render.images.base import Words, acting_words
from bot.render.images.game_of_rows import GameOfRowsPictures
from games import Action, Event, Result

COLOR = 0x2E7D32
TITLE_EMOJI = "🂡"
JOKER = "JK"
RANK_NAMES = FACE_WORDS
RANKS = "23456789TJQKA"
SUIT_ORDER = "SHDC"
FACE_DOWN = "🂠"
BLOCKED, OPENED = "⛔", "🔓"
#: verbs that put a card on the board, and the one that puts it face down
CARD_VERBS = ("place", "block", "unblock", "down")
#: buttons at the top level of the hand, in this order
TURN_VERBS = ("call", "pass", "end", "skip")
#: the game's words, one per concept, shared by the table's text and its picture
TERMS = {"window": "Bluff window", "call": "call bluff", "pass": "pass"}
#: what the seats the game waits for are to do, by phase (the picture's header says the same)
DOING = {"turn": "play", "challenge": f"{TERMS['call']} or {TERMS['pass']}"}

# ---- cards --------------------------------------------------------------------------------


def card_label(code: str) -> str:
    """``7♥``, ``10♦``, ``Q♠``, ``Joker``: compact, for the board, the hand and the log."""
    if code == JOKER:
        return "Joker"
    rank = "10" if code[:1] == "T" else code[:1]
    return rank + SUIT_SYMBOLS.get(code[1:2], "?")


def card_long(code: str) -> str:
    """``Queen of Spades``: for menus, where a word reads better than a symbol."""
    if code == JOKER:
        return "Joker"
    rank = RANK_NAMES.get(code[:1], code[:1])
    return f"{rank} of {SUIT_NAMES.get(code[1:2], '?')}"


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
    card, _, target = arg.partition("@")
    return card, target


def target_text(target: str) -> str:
    """``2.7`` -> ``row 2 at 7``; ``new.10D`` -> ``a new ♦ row, corner 10``."""
    where, _, pos = target.partition(".")
    if where == "new":
        corner = pos.rstrip("CDHS")
        suit = pos[len(corner) :]
        shown = f" {SUIT_SYMBOLS.get(suit, suit)}" if suit else ""
        return f"a new{shown} row, corner {corner}"
    return f"row {where} at {pos}"


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
        if verb == "place":
            label = f"{card_label(card)} on {where}"
            return ActionSpec(action.code, clip(label, MAX_LABEL), style="primary")
        if verb == "block":
            label = f"Block {where} with {card_label(card)}"
            return ActionSpec(action.code, clip(label, MAX_LABEL), emoji=BLOCKED, style="danger")
        if verb == "unblock":
            label = f"Unblock {where} with {card_label(card)}"
            return ActionSpec(action.code, clip(label, MAX_LABEL), emoji=OPENED, style="success")
        label = f"{card_label(card)} face down on {where} (claim {claim_of(target)})"
        return ActionSpec(action.code, clip(label, MAX_LABEL), emoji=FACE_DOWN)
    if verb == "call":
        return ActionSpec(action.code, "Call bluff", emoji="🔍", style="danger")
    if verb == "pass":
        return ActionSpec(action.code, "Pass", style="secondary")
    if verb == "end":
        return ActionSpec(action.code, "End turn", emoji="⏹️", style="success")
    if verb == "skip":
        return ActionSpec(action.code, "Skip (draw 2)", emoji="⏭️", style="secondary")
    return ActionSpec(action.code, clip(action.code, MAX_LABEL))


def target_spec(action: Action) -> ActionSpec:
    """A target of the card already chosen: the label names the place, not the card again
    (the screen's first line names it), so that a face-up target is a short button."""
    target = split_arg(action.arg)[1]
    where = target_text(target)
    if action.verb == "place":
        return ActionSpec(action.code, clip(where.capitalize(), MAX_LABEL), style="primary")
    if action.verb == "block":
        return ActionSpec(
            action.code, clip(f"Block {where}", MAX_LABEL), emoji=BLOCKED, style="danger"
        )
    if action.verb == "unblock":
        label = f"Unblock {where}"
        return ActionSpec(action.code, clip(label, MAX_LABEL), emoji=OPENED, style="success")
    if action.verb == "down":
        label = f"Face down on {where} (claim {claim_of(target)})"
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
        return f"**Joker**({number})" if top == JOKER else f"**{card_label(top)}**"
    return f"`▸{number}`" if frontier else f"`{number}`"


def row_line(row: dict[str, Any] | None, slot: int) -> str:
    """``Row 1 ♥ · 2♥ `▸3` `4` … 10♥ · next: 3, 9``: one line per row slot."""
    if row is None:
        return f"Row {slot + 1}: free"
    suit = row.get("suit")
    head = f"**Row {row.get('row', slot + 1)}**" + (
        f" {SUIT_SYMBOLS.get(suit, suit)}" if suit else ""
    )
    frontiers = set(row.get("frontiers") or [])
    positions = row.get("positions") or []
    cells = " ".join(cell(p, p.get("pos") in frontiers) for p in positions)
    if row.get("anchored"):
        tail = "next: " + ", ".join(str(f) for f in sorted(frontiers)) if frontiers else ""
    else:
        missing = [
            str(p.get("pos"))
            for p in positions
            if p.get("pos") in (2, 10) and p.get("state") in ("empty", "open", "blocked")
        ]
        tail = "needs corner " + " & ".join(missing) if missing else ""
    return f"{head} · {cells}" + (f" · {tail}" if tail else "")


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
        lines.append(f"Rows {', '.join(free)}: free")
    return "\n".join(lines) or "No rows yet."


def row_brief(row: dict[str, Any] | None, slot: int) -> str:
    """``Row 1 ♥ · next: 3, ⛔9``: a row as a choice needs it, the numbers that may go on it
    next (a blocked one marked), or the corner it still needs."""
    line = row_line(row, slot)
    if row is None:
        return line
    head, _, _ = line.partition(" · ")
    state = {p.get("pos"): p.get("state") for p in row.get("positions") or []}
    frontiers = sorted(set(row.get("frontiers") or []))
    if row.get("anchored"):
        marked = [f"{BLOCKED}{f}" if state.get(f) == "blocked" else str(f) for f in frontiers]
        tail = f"next: {', '.join(marked)}" if marked else "full"
    else:
        tail = line.rpartition(" · ")[2] if "needs corner" in line else "no corner yet"
    return f"{head} · {tail}"


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
    if free:
        lines.append(f"Row{'s' if len(free) > 1 else ''} {', '.join(free)}: free")
    return "\n".join(lines) or "No rows yet."


def challenge_line(ctx: TableContext, view: dict[str, Any]) -> str:
    challenge = view.get("challenge") or {}
    count = challenge.get("count", 0)
    spots = ", ".join(f"row {p['row']} at {p['pos']}" for p in challenge.get("positions", []))
    waiting = ", ".join(ctx.name(s) for s in challenge.get("waiting", []))
    line = (
        f"{FACE_DOWN} **{ctx.name(challenge.get('bluffer'))}** played {count} "
        f"card{'s' if count != 1 else ''} face down ({spots}). "
        f"Call bluff or pass: waiting for {waiting or 'nobody'}"
    )
    # the engine's challenge window (its only timed window) while the shell times it
    due = min(ctx.timers.values(), default=None)
    if due:
        line += f"; the window closes {Renderer.countdown(due)}"
    return line + "."


def reveal_line(ctx: TableContext, reveal: Mapping[str, Any]) -> str:
    cards = ", ".join(
        f"{card_label(c['card'])} as {c['pos']}{'' if c.get('valid') else ' ✗'}"
        for c in reveal.get("cards", [])
    )
    who, caller = ctx.name(reveal.get("bluffer")), ctx.name(reveal.get("caller"))
    if reveal.get("outcome") == "caught":
        return f"🔍 Last call: {caller} caught {who} bluffing ({cards})."
    return f"🔍 Last call: {caller} called {who}, but the cards were true ({cards})."


def phase_line(ctx: TableContext, view: dict[str, Any], to_act: Sequence[int]) -> str:
    if ctx.status == "abandoned":
        return "This game was ended."
    if view.get("phase") == "over" or ctx.status == "finished":
        winners = [s for s, p in enumerate(view.get("places") or []) if p == 1]
        names = ctx.team(winners)
        return f"🏁 Game over: {names} won." if names else "🏁 Game over."
    doing = acting({**view, "to_act": list(to_act)}, ctx.names)
    if view.get("phase") == "challenge":
        return f"🔍 {TERMS['window']}: {doing}."
    return f"▶️ {doing}."


def acting(view: Mapping[str, Any], names: Sequence[str] | None) -> str:
    """``Bo, Cid to call bluff or pass``: the seats the view waits for (``to_act``: in the bluff
    window the others, not the player whose turn it is) and what they are to do."""
    return acting_words(view, names, DOING)


def rules_line(view: dict[str, Any]) -> str:
    opts = view.get("options") or {}
    parts = ["Straight Flush" if opts.get("format") == "straight_flush" else "Straight"]
    if opts.get("mayhem"):
        parts.append("Mayhem")
    else:
        parts += [name for name in ("skipping", "bluffing") if opts.get(name)]
    return " · ".join(p.capitalize() if p.islower() else p for p in parts)


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
            marks.append("removed")
        if seat in finished:
            marks.append("out of cards")
        text = f"{ctx.name(seat)}: {count} card{'s' if count != 1 else ''}"
        if places:
            crown = " 🏆" if seat in result.winners else ""
            text = f"#{places[seat]} {text}{crown}"
            poker = (final.get(seat) or {}).get("poker")
            if poker:
                text += f" ({poker})"
        if marks:
            text += " · " + " ".join(marks)
        lines.append(text)
    return "\n".join(lines) or "—"


# ---- the hand -----------------------------------------------------------------------------


def hand_text(view: dict[str, Any]) -> str:
    cards = sorted(view.get("hand") or [], key=sort_key)
    if not cards:
        return "You hold no cards."
    return "**Your cards:** " + " ".join(card_label(c) for c in cards)


def own_face_down(view: dict[str, Any]) -> str:
    """The seat's own face-down cards (only its own view carries ``your_card``)."""
    mine = []
    for row in view.get("rows") or []:
        for pos in (row or {}).get("positions") or []:
            if pos.get("your_card"):
                mine.append(f"{card_label(pos['your_card'])} as {pos['pos']} on row {row['row']}")
    return f"{FACE_DOWN} Your face-down cards: " + "; ".join(mine) if mine else ""


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
        parts.append("place")
    if "block" in verbs:
        parts.append("block")
    if "unblock" in verbs:
        parts.append("unblock")
    if "down" in verbs:
        parts.append("face down")
    return clip(f"{len(actions)} target{'s' if len(actions) != 1 else ''}: {', '.join(parts)}", 100)


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
            placeholder="Where does it go?", actions=tuple(specs[i : i + MAX_SELECT_OPTIONS])
        )
        for i in range(0, len(specs), MAX_SELECT_OPTIONS)
    )


def status_text(ctx: TableContext, view: dict[str, Any], seat: int) -> str:
    waiting = view.get("to_act") or []
    if view.get("phase") == "over":
        return "The game is over."
    if view.get("phase") == "challenge":
        challenge = view.get("challenge") or {}
        if seat in waiting:
            return (
                f"**{ctx.name(challenge.get('bluffer'))} played {challenge.get('count')} face "
                "down.** Call bluff if you think one is not what it claims, or pass.\n"
                f"A call costs: if every card is true, you draw {challenge.get('count')} "
                f"penalty card{'s' if challenge.get('count') != 1 else ''}; if one is false, "
                f"{ctx.name(challenge.get('bluffer'))} takes them back and draws that many. "
                "A pass costs nothing, but an uncalled card stays as its claim for good."
            )
        return "Waiting for " + ", ".join(ctx.name(s) for s in waiting) + " to call or pass."
    if seat in waiting:
        # that a card must be placed first is said once, by the game's reasons under the hand
        # (the ℹ️ lines): repeated here it cost a phone screen its last lines
        return "**Your turn.**"
    return f"Waiting for {ctx.name(view.get('turn'))}."


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
            name = "Jokers" if group == "J" else f"{SUIT_SYMBOLS[group]} {SUIT_NAMES[group]}"
            navs.append(
                NavSpec(
                    focus=SUIT_FOCUS + group,
                    label=f"{name} ({counts[group]})",
                    style="primary",
                    description="cards of this suit that can be played now",
                )
            )
    return tuple(navs)


# ---- events -------------------------------------------------------------------------------


def _where(data: Mapping[str, Any]) -> str:
    return f"row {data.get('row')} at {data.get('pos')}"


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
            return ("Joker",)
        return (card_label(code), card_long(code))

    def table(
        self, ctx: TableContext, view: dict[str, Any], result: Result, to_act: Sequence[int]
    ) -> EmbedSpec:
        """The public board: one line per row, the deck, hand sizes, the bluff window, the log."""
        parts = [board_text(view)]
        parts.append(
            f"Deck: {view.get('deck', 0)} · completed rows: {view.get('completed_rows', 0)} · "
            f"{rules_line(view)}"
        )
        if view.get("phase") == "challenge":
            parts.append(challenge_line(ctx, view))
        elif view.get("phase") == "turn" and view.get("facedown_count"):
            parts.append(f"{FACE_DOWN} {view['facedown_count']} face down this turn.")
        if view.get("last_reveal"):
            parts.append(reveal_line(ctx, view["last_reveal"]))
        bluffs = view.get("bluffs") or []
        if bluffs:  # reveal_bluffs_at_end: the game is over, the face-down cards are shown
            shown = ", ".join(
                f"{ctx.name(b.get('owner'))} {card_label(b['card'])}"
                + (f" (row {b['row']} at {b['pos']})" if b.get("row") else "")
                for b in bluffs
            )
            parts.append(f"{FACE_DOWN} Face-down cards were: {shown}")
        fields = [
            FieldSpec("Players", clip(players_text(ctx, view, result), MAX_FIELD_VALUE), False)
        ]
        # beside the picture (the board, the hands' sizes): the deck, a bluff window, a reveal
        return table_embed(
            ctx,
            f"{TITLE_EMOJI} Game of Rows",
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
                left = "out of cards"
            elif seat in removed:
                left = "removed"
            else:
                left = str(sizes[seat] if seat < len(sizes) else 0)
            parts.append(f"{ctx.name(seat)} {left}")
        return "Cards left: " + " · ".join(parts)

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
            parts.insert(0, f"**{card_label(focus)}** ({kind_of(focus)}): choose where it goes.")
            # beside the picture: the card and the board its targets name; the first line says
            # it is the player's turn, so the status line is left to the text without a picture
            brief = [parts[0], board_text(view)]
            return HandSpec(
                embed=hand_embed(ctx, "Game of Rows", seat, parts, color=COLOR, brief=brief),
                buttons=buttons,
                choices=choices,
                navs=(NavSpec(focus="", label="Back", emoji="↩️"),),
            )
        cards = list(groups.items())
        by_suit = len(cards) > MAX_SELECT_OPTIONS
        if by_suit and focus and focus.startswith(SUIT_FOCUS):
            # a big hand, one suit opened: its cards (at most 13) and the way back
            wanted = focus[len(SUIT_FOCUS) :]
            chosen = [(c, a) for c, a in cards if suit_group(c) == wanted]
            if chosen:
                navs = (*card_navs(chosen), NavSpec(focus="", label="Back", emoji="↩️"))
                parts.append("Pick a card, then where it goes.")
                brief = parts[pictured:]
                return HandSpec(
                    embed=hand_embed(ctx, "Game of Rows", seat, parts, color=COLOR, brief=brief),
                    buttons=turn_buttons(legal),
                    navs=navs,
                    nav_placeholder="Pick a card…",
                )
        if by_suit:
            # more playable cards than one menu holds (hands grow with penalties): suits first
            navs = suit_navs(cards)
            parts.append("Pick a suit, then a card, then where it goes.")
        else:
            navs = card_navs(cards)
            if navs:
                parts.append("Pick a card, then where it goes.")
        brief = ["\n" + board_brief(view), *parts[pictured + 1 :]]
        if ctx.effects and navs:
            # room beside the picture for what the special controls do: the menu's "Pick a
            # card…" says the step, and the status needs no blank line above it there
            brief = [*brief[:-2], brief[-2].lstrip("\n")]
        return HandSpec(
            embed=hand_embed(ctx, "Game of Rows", seat, parts, color=COLOR, brief=brief),
            buttons=turn_buttons(legal),
            navs=navs,
            nav_placeholder="Pick a card…",
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
                return f"{who} put {card} on {_where(data)}."
            if kind == "block":
                return f"{BLOCKED} {who} blocked {_where(data)} with {card}."
            if kind == "unblock":
                return f"{OPENED} {who} unblocked {_where(data)} with {card}."
            if kind == "face_down":
                # the claim is written as a number (and the new row's suit apart), never as a card
                # name: a claim says nothing of what the card is, nor of who holds that card
                suit = SUIT_SYMBOLS.get(data.get("suit") or "", "")
                new = f" (a new {suit} row)" if suit else ""
                claim = data.get("claim")
                where = f"{_where(data)}{new}"
                return f"{FACE_DOWN} {who} put a card face down on {where}, claiming {claim}."
            if kind == "skip":
                return f"⏭️ {who} skipped."
            if kind == "challenge_open":
                bluffer = ctx.name(data.get("bluffer"))
                return f"🔍 Bluff window open on {bluffer}'s {data.get('count')} face-down card(s)."
            if kind == "challenge_closed" and not data.get("called"):
                return "Nobody called: the face-down cards stay."
            if kind == "call":
                return f"🔍 {who} called {ctx.name(data.get('bluffer'))}'s bluff!"
            if kind == "reveal":
                return reveal_line(ctx, data).replace("Last call: ", "")
            if kind == "draw" and data.get("reason") != "replenish":
                return f"{who} drew {data.get('count')} ({data.get('reason')})."
            if kind == "removed":
                return f"❌ {who} is out of the game (no cards left to draw)."
            if kind == "row_completed":
                return f"✅ Row {data.get('row')} is complete ({data.get('completed_rows')} done)."
            if kind == "out_of_cards":
                return f"🎉 {who} has no cards left: place {data.get('place')}."
            if kind == "game_over":
                names = ctx.team(data.get("winners", []))
                return f"🏁 {names} won ({data.get('reason')})." if names else "🏁 Game over."
            return None
        if kind == "your_face_down":
            card = card_label(str(data.get("card")))
            return f"{FACE_DOWN} Your {card} lies face down on {_where(data)}."
        if kind == "drew":
            cards = ", ".join(card_label(c) for c in data.get("cards", []))
            return f"You drew {cards} ({data.get('reason')})." if cards else None
        return None

    played_button = ("Played", "📜")

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
                bluffs.append(reveal_line(ctx, data).replace("Last call: ", ""))
                _turn_up(rows, face_down, data, caught=data.get("outcome") == "caught")
                continue
            if kind == "challenge_closed" and not data.get("called"):
                bluffs.append("Nobody called: the face-down cards stay.")
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
                "row_completed": "✅ complete",
            }.get(kind)
            if said:
                entries = rows.setdefault(row, [])
                if kind == "face_down":
                    face_down[(row, int(data.get("pos") or 0))] = (row, len(entries))
                entries.append(said)
        fields = [
            FieldSpec(
                f"Row {row}", _tail(" · ".join(x for x in lines if x), MAX_FIELD_VALUE), False
            )
            for row, lines in sorted(rows.items())
            if any(lines)
        ]
        if bluffs:
            fields.append(
                FieldSpec("Bluffs called", _tail("\n".join(bluffs), MAX_FIELD_VALUE), False)
            )
        lines = [] if rows else ["No card has been put on a row yet."]
        return history_embed(
            f"📜 Played · table #{ctx.game_id}",
            lines,
            fields,
            COLOR,
            f"Each row as the table saw it, oldest first. {FACE_DOWN} a face-down card.",
        )

    def coach(
        self, ctx: TableContext, event: Event, seat: int, seen: Sequence[Event]
    ) -> str | None:
        """After a turn's moves: what a Joker, a blocker, a lifted block, a finished row and
        a bluff window mean."""
        data, kind = event.data, event.kind
        who = "You" if data.get("seat") == seat else ctx.name(data.get("seat"))
        where = f"position {data.get('pos')} of row {data.get('row')}"
        if kind == "place" and data.get("card") == "JK":
            return f"{who} placed a Joker: it stands in for the {data.get('pos')} of that row."
        if kind == "block":
            return (
                f"{who} blocked {where} with {card_long(str(data.get('card')))}: no card goes "
                "there until a higher red picture card lifts the block."
            )
        if kind == "unblock":
            return f"{who} lifted the block on {where}: that position is free again."
        if kind == "row_completed":
            return f"Row {data.get('row')} runs from 2 to 10: finished rows leave the table."
        if kind == "challenge_open":
            bluffer = data.get("bluffer")
            name = "You" if bluffer == seat else ctx.name(bluffer)
            return (
                f"{name} put {data.get('count')} card(s) face down: until the window closes, "
                "anyone may call a bluff."
            )
        if kind == "reveal":
            caller = "you" if data.get("caller") == seat else ctx.name(data.get("caller"))
            if data.get("outcome") == "caught":
                return f"The call by {caller} was right: the bluffed cards go back."
            return f"The call by {caller} was wrong: the face-down cards were honest."
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
