"""Game of Rows pictures: the board as a grid of rows by positions 2..10, and the hand.

Why a grid: a row is read by its corners (2 and 10) and its open ends (the frontiers, spec
§3.3), and a blocker matters by where it sits; as text the board is a wall of codes. Each
position is drawn by its state: an outlined slot when empty (green when it is an open end),
the top card when filled, a blue back with the claim when face down, a red-ringed blocker, a
green-ringed unblocker (an open position).

Its words are written by ``_``/``_n`` in the language the shell draws for (the table's or the
hand's), so a picture is cached per language by the shell.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from typing import Any

from bot.i18n import texts
from bot.render.images import draw, french
from bot.render.images.base import Drawer
from bot.render.images.draw import RGB, Face, Held
from games.game_of_rows.engine import GameOfRowsEngine

_, _n = texts("game_of_rows")

#: the ring of an open position that is not an open end
OPEN_DIM: RGB = (60, 140, 100)
PALETTE = draw.Palette(*french.COLOURS, OPEN_DIM)

LEFT = 20
CELL_W = 74
CELL_H = 100
GAP = 6
ROW_H = CELL_H + 46
#: px below a row of the board; a colour key that needs more lines than one takes them from here
ROW_GAP = 18
#: px a line of the colour key takes (as :func:`draw.legend` steps)
KEY_LINE = 42


def face(code: str) -> Face:
    return french.face(code)


RANKS = "23456789TJQKA"


def _order(code: str) -> tuple[int, int, str]:
    """Hand order: number cards by value (the order positions are filled), then the Joker,
    then blockers and unblockers by value."""
    if code == "JK":
        return (1, 0, "")
    rank, suit = code[:-1], code[-1:]
    return (0 if rank not in "JQKA" else 2, RANKS.index(rank), suit)


def _cells_x() -> list[float]:
    total = 9 * CELL_W + 8 * GAP
    x0 = (draw.WIDTH - total) / 2
    return [x0 + i * (CELL_W + GAP) for i in range(9)]


def _row(
    d: Any,
    y: float,
    row: Mapping[str, Any] | None,
    slot: int,
    names: Sequence[str] | None,
    pending: set[tuple[int, int]],
    gap: float = ROW_GAP,
) -> float:
    xs = _cells_x()
    if row is None:
        draw.label(d, xs[0], y, _("Row {row}: free", row=slot), draw.SMALL, draw.FAINT)
        d.rounded_rectangle(
            (xs[0], y + 32, xs[-1] + CELL_W, y + 32 + 40), 12, outline=draw.PANEL, width=2
        )
        return y + 72 + gap
    title = _("Row {row}", row=row["row"])
    x = draw.label(d, xs[0], y, title, draw.SMALL, draw.TEXT, bold=True)
    if row.get("suit"):
        x = french.suit_chip(d, x + 8, y - 3, row["suit"], 30) + 4
    if not row.get("anchored"):
        needs = draw.fit(_("needs both corners"), draw.SMALL, draw.WIDTH - x - 32)
        draw.label(d, x + 12, y, needs, draw.SMALL, draw.MUTED)
    frontiers = set(row.get("frontiers") or [])
    top = y + 32
    for cell, cx in zip(row["positions"], xs, strict=False):
        pos, state = cell["pos"], cell["state"]
        open_end = pos in frontiers
        if state == "empty":
            colour = draw.ACTIVE if open_end else draw.FAINT
            draw.slot(
                d,
                cx,
                top,
                w=CELL_W,
                h=CELL_H,
                text=str(pos),
                outline=colour,
                width=4 if open_end else 2,
            )
        elif state == "face_down":
            fd = cell.get("face_down") or {}
            ring = draw.GOLD if (row["row"], pos) in pending else None
            draw.back(d, cx, top, w=CELL_W, h=CELL_H, text=str(fd.get("claim", pos)), ring=ring)
            # the owner by the first letters of their name: a whole name is unreadable this small
            owner = draw.fit(draw.seat_name(names, fd.get("owner", 0))[:3], draw.SMALL, CELL_W - 6)
            d.rounded_rectangle(
                (cx + 3, top + CELL_H - 34, cx + CELL_W - 3, top + CELL_H - 2), 6, fill=draw.PANEL
            )
            draw.centred(d, cx + CELL_W / 2, top + CELL_H - 33, owner, draw.SMALL, draw.TEXT)
        else:
            ring = {"blocked": draw.ALERT, "open": draw.ACTIVE}.get(state)
            if state == "open" and not open_end:
                ring = OPEN_DIM
            badge = {"blocked": _("block"), "open": _("open")}.get(state, "")
            fill = {"blocked": draw.ALERT, "open": draw.ACTIVE}.get(state, draw.GOLD)
            draw.card(
                d,
                cx,
                top,
                face(cell["top"]),
                w=CELL_W,
                h=CELL_H,
                ring=ring,
                badge=badge,
                badge_fill=fill,
            )
            if cell.get("under"):
                n = len(cell["under"])
                d.rounded_rectangle(
                    (cx + CELL_W - 44, top + CELL_H - 36, cx + CELL_W - 2, top + CELL_H - 2),
                    6,
                    fill=draw.PANEL,
                )
                draw.centred(d, cx + CELL_W - 23, top + CELL_H - 35, f"+{n}", draw.SMALL, draw.TEXT)
    return top + CELL_H + gap


def _board(
    d: Any,
    y: float,
    view: Mapping[str, Any],
    names: Sequence[str] | None,
    gap: float = ROW_GAP,
) -> float:
    pending = {(p["row"], p["pos"]) for p in (view.get("challenge") or {}).get("positions", [])}
    for slot, row in enumerate(view.get("rows") or [], start=1):
        y = _row(d, y, row, slot, names, pending, gap)
    return y


def _key() -> list[tuple[str, RGB]]:
    """The colour key under the table, in the current language."""
    return [
        (_("open end"), draw.ACTIVE),
        (_("blocked"), draw.ALERT),
        (_("face down: claim"), draw.BACK),
    ]


def _key_lines(items: Sequence[tuple[str, RGB]]) -> int:
    """Lines :func:`draw.legend` takes for ``items`` (its wrapping rule, without drawing)."""
    lines, x = 1, 20.0
    for text, _colour in items:
        w = 32 + draw.text_w(text, draw.SMALL)
        if x > 20 and x + w > draw.WIDTH - 20:
            lines, x = lines + 1, 20.0
        x += w + 26
    return lines


def _row_gap(rows: int, key_lines: int) -> float:
    """The px under each row of the board: :data:`ROW_GAP`, less a share of what the colour
    key's extra lines take. Why: a table as tall as English's biggest is shown at the smallest
    scale that keeps its 30 px words 11 px high on a phone, so a key that wraps (Portuguese's
    "virada para baixo: anúncio" beside "ponta aberta") must not make the picture taller: the
    board's rows sit a little closer instead. English keeps its one line and its gaps."""
    extra = KEY_LINE * (key_lines - 1)
    if extra <= 0 or rows <= 0:
        return ROW_GAP
    return max(0.0, ROW_GAP - -(-extra // rows))


def _seats(d: Any, y: float, view: Mapping[str, Any], names: Sequence[str] | None) -> float:
    """One chip per player: cards left, whose turn, who finished or was removed."""
    x = 20.0
    removed = set(view.get("removed") or [])
    finished = view.get("finished") or []
    places = view.get("places") or []
    to_act = set(view.get("to_act") or [])
    for seat, count in enumerate(view.get("hand_sizes") or []):
        name = draw.fit(draw.seat_name(names, seat), draw.SMALL, 200)
        if seat in removed:
            sub = _("removed")
        elif places and seat < len(places) and places[seat]:
            sub = _("place {place}", place=places[seat])
        elif seat in finished:
            sub = _("out of cards")
        else:
            sub = _n("{n} card", "{n} cards", count)
        text = f"{name}: {sub}"
        w = draw.text_w(text, draw.SMALL) + 28
        if x + w > draw.WIDTH - 20:
            x, y = 20.0, y + 50
        outline = draw.ACTIVE if seat in to_act else None
        d.rounded_rectangle((x, y, x + w, y + 42), 12, fill=draw.PANEL, outline=outline, width=3)
        draw.label(d, x + 14, y + 8, text, draw.SMALL, draw.FAINT if seat in removed else draw.TEXT)
        x += w + 12
    return y + 56


def _news(d: Any, y: float, view: Mapping[str, Any], names: Sequence[str] | None) -> float:
    """The open bluff window, or what the last call revealed."""
    challenge = view.get("challenge")
    if challenge:
        who = draw.seat_name(names, challenge["bluffer"])
        text = _(
            "{who} placed {count} face down (ringed): call a bluff?",
            who=who,
            count=challenge["count"],
        )
        d.rounded_rectangle((16, y, draw.WIDTH - 16, y + 46), 12, fill=draw.BANNER)
        draw.label(
            d, 30, y + 10, draw.fit(text, draw.SMALL, draw.WIDTH - 60), draw.SMALL, draw.GOLD
        )
        y += 58
    reveal = view.get("last_reveal")
    if reveal:
        caller = draw.seat_name(names, reveal["caller"])
        bluffer = draw.seat_name(names, reveal["bluffer"])
        if reveal["outcome"] == "caught":
            said = _(
                "{caller} called {bluffer}: caught (red ring: not the claim)",
                caller=caller,
                bluffer=bluffer,
            )
        else:
            said = _(
                "{caller} called {bluffer}: was honest (red ring: not the claim)",
                caller=caller,
                bluffer=bluffer,
            )
        draw.label(d, 20, y, draw.fit(said, draw.SMALL, draw.WIDTH - 40), draw.SMALL, draw.TEXT)
        y += 42
        x = 20.0
        for shown in reveal["cards"]:
            ring = draw.ACTIVE if shown["valid"] else draw.ALERT
            draw.card(
                d,
                x,
                y + 6,
                face(shown["card"]),
                w=56,
                h=78,
                ring=ring,
                badge=f"{shown['row']}·{shown['pos']}",
            )
            x += 66
            if x > draw.WIDTH - 70:
                x, y = 20.0, y + 96
        y += 100
    return y


class GameOfRowsPictures(Drawer):
    """Game of Rows' board (every row by position), the latest call, the players, and the hand."""

    def table_header(self, view: Mapping[str, Any], names: Sequence[str] | None = None) -> str:
        """``deck 30 · Bo, Cid to call bluff or pass``: who acts, in the renderer's words."""
        if view.get("phase") == "over":
            return _("game over")
        doing = self.words.acting(view, names)
        deck = _("deck {count}", count=view.get("deck", 0))
        return f"{deck} · {doing}" if doing else deck

    def table_image(self, view: Mapping[str, Any], names: Sequence[str] | None = None) -> bytes:
        """The public board: every row with corners 2 and 10, open ends, blockers, face-down
        claims."""
        img, d = draw.canvas(1400, PALETTE)
        key = _key()
        gap = _row_gap(len(view.get("rows") or []), _key_lines(key))
        y = draw.header(d, GameOfRowsEngine.title, self.table_header(view, names))
        y = _board(d, y, view, names, gap)
        y = _news(d, y, view, names)
        y = _seats(d, y, view, names)
        y = draw.legend(d, y, key)
        return draw.png(draw.crop(img, int(y) + 4))

    def hand_image(self, view: Mapping[str, Any], names: Sequence[str] | None = None) -> bytes:
        """The seat's own hand, sorted as dealt, and its own face-down cards with their claims."""
        img, d = draw.canvas(1000, PALETTE)
        hand = list(view.get("hand") or [])
        seat = view.get("seat", 0)
        who = draw.seat_name(names, seat)
        y = draw.header(
            d, _("Your hand"), _n("{who} · {n} card", "{who} · {n} cards", len(hand), who=who)
        )
        cards = []
        kinds: dict[str, RGB] = {}
        for code in sorted(hand, key=_order):
            # a ring, not a word on the card: a word that fits a card is too small on a phone
            rank = code[:-1]
            if code == "JK":
                kind = "wild"
            elif rank in "JQKA" and code[-1:] in "CS":
                kind = "blocks"
            elif rank in "JQKA":
                kind = "unblocks"
            else:
                kind = ""
            ring = {"blocks": draw.ALERT, "unblocks": draw.ACTIVE, "wild": draw.GOLD}.get(kind)
            if kind and ring is not None:
                kinds[kind] = ring
            cards.append(Held(face(code), ring=ring))
        if not cards:
            draw.label(d, 20, y + 10, _("No cards left: well played"), draw.SMALL, draw.MUTED)
            y += 50
        y = draw.hand_rows(d, y, cards)
        mine = []
        for row in view.get("rows") or []:
            for cell in (row or {}).get("positions", []):
                if cell.get("your_card"):
                    mine.append((row["row"], cell["pos"], cell["your_card"]))
        if mine:
            mine_title = draw.fit(
                _("Your face-down cards on the board (row·claim)"), draw.SMALL, draw.WIDTH - 40
            )
            draw.label(d, 20, y, mine_title, draw.SMALL, draw.MUTED)
            y += 42
            x = 20.0
            for r, pos, code in mine:
                draw.card(
                    d,
                    x,
                    y + 10,
                    face(code),
                    w=56,
                    h=78,
                    badge=f"{r}·{pos}",
                    badge_fill=draw.BACK_LINE,
                )
                x += 66
                if x > draw.WIDTH - 70:
                    x, y = 20.0, y + 100
            y += 104
        if kinds:  # only the rings this hand shows
            words = {"blocks": _("blocks"), "unblocks": _("unblocks"), "wild": _("wild")}
            y = draw.legend(
                d, y, [(words[k], kinds[k]) for k in ("blocks", "unblocks", "wild") if k in kinds]
            )
        return draw.png(draw.crop(img, int(y) + 6))

    def hand_key(
        self, view: Mapping[str, Any], names: Sequence[str] | None = None
    ) -> Hashable | None:
        """The seat's name, cards and own face-down cards: all the hand picture draws (a card
        another player puts on the board changes none of it)."""
        mine = tuple(
            (row["row"], cell["pos"], cell["your_card"])
            for row in view.get("rows") or []
            for cell in (row or {}).get("positions", [])
            if cell.get("your_card")
        )
        seat = view.get("seat", 0)
        return (draw.seat_name(names, seat), tuple(view.get("hand") or []), mine)
