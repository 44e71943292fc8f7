"""Boat Canasta pictures: each side's melds with their canasta kind, the Treasure pile top and
whether it is blocked, the stock; and the hand.

Why a meld is drawn as one small stack with a count rather than every card: a side can hold a
dozen melds of up to a dozen cards, which would not fit a phone; what a player scans for is the
rank, how many cards, how many of them wild, and whether it is a canasta (and which kind, since
the kinds score differently, spec §1.3).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from bot.render.images import draw, french
from bot.render.images.base import Drawer
from bot.render.images.draw import RGB, Face, Held

# the kinds of completed melds, and the edges of the cards stacked under a meld
NATURAL: RGB = (220, 60, 60)
MIXED: RGB = (150, 160, 175)
BIG_WILD: RGB = (255, 120, 20)
MELD_EDGE: RGB = (215, 212, 204)
PALETTE = draw.Palette(*french.COLOURS, NATURAL, MIXED, BIG_WILD, MELD_EDGE)
KINDS: dict[str, tuple[str, RGB]] = {
    "natural": ("natural", NATURAL),
    "mixed": ("mixed", MIXED),
    "small_wild": ("wild", draw.GOLD),
    "big_wild": ("big wild", BIG_WILD),
}
WILD = ("2", "JK")
MELD_W = 64
MELD_H = 88
MELD_STEP = 86
MELDS_PER_LINE = 8


def face(code: str) -> Face:
    return french.face(code)


def _is_wild(code: str) -> bool:
    return code == "JK" or code[:-1] == "2"


def _front(meld: Mapping[str, Any]) -> str:
    """The card shown in front of a meld: a natural card of its rank, else its first card."""
    cards = meld["cards"]
    naturals = [c for c in cards if not _is_wild(c)]
    return (naturals or cards)[-1]


def _meld(d: Any, x: float, y: float, meld: Mapping[str, Any]) -> None:
    cards = meld["cards"]
    kind = meld.get("canasta")
    name, colour = KINDS.get(kind or "", ("", draw.GOLD))
    depth = min(3, len(cards) - 1)
    for k in range(depth, 0, -1):
        d.rounded_rectangle(
            (x + 4 * k, y - 4 * k, x + MELD_W + 4 * k, y + MELD_H - 4 * k),
            draw.RADIUS,
            fill=MELD_EDGE,
            outline=draw.EDGE,
            width=2,
        )
    draw.card(d, x, y, face(_front(meld)), w=MELD_W, h=MELD_H, ring=colour if kind else None)
    wild = sum(1 for c in cards if _is_wild(c))
    draw.centred(d, x + MELD_W / 2 + 4, y + MELD_H + 8, f"{len(cards)} cards", 20, draw.TEXT)
    below = y + MELD_H + 32
    if wild:
        draw.centred(d, x + MELD_W / 2 + 4, below, f"{wild} wild", 20, draw.GOLD)
        below += 24
    if kind:
        draw.tag(d, x + MELD_W / 2 + 4, below + 2, name, 18, fill=colour, ink=draw.BLACK_INK)


def _side(
    d: Any, y: float, view: Mapping[str, Any], side: int, names: Sequence[str] | None
) -> float:
    seats = view["sides"][side]
    who = " & ".join(draw.seat_name(names, s) for s in seats)
    active = any(s in (view.get("to_act") or []) for s in seats)
    d.rounded_rectangle(
        (16, y, draw.WIDTH - 16, y + 10), 5, fill=draw.ACTIVE if active else draw.PANEL
    )
    y += 18
    x = draw.label(d, 24, y, draw.fit(who, 26, 380), 26, draw.TEXT, bold=True)
    facts = f"{view['scores'][side]} pts"
    if any(s in (view.get("winners") or []) for s in seats):
        facts += " · wins the game"
    if not view["opened"][side]:
        facts += f" · not opened (needs {view['minimums'][side]})"
    draw.label(d, x + 16, y + 3, facts, 22, draw.MUTED)
    y += 40
    threes = (view.get("red_threes") or [[]] * (side + 1))[side]
    x = 24.0
    for code in threes:
        draw.card(d, x, y, face(code), w=40, h=56)
        x += 30
    if threes:
        draw.label(d, x + 20, y + 16, "red threes", 20, draw.MUTED)
        y += 68
    melds = view["melds"][side]
    if not melds:
        draw.label(d, 24, y, "no melds yet", 22, draw.FAINT)
        return y + 40
    for start in range(0, len(melds), MELDS_PER_LINE):
        x = 26.0
        line = melds[start : start + MELDS_PER_LINE]
        for meld in line:
            _meld(d, x, y + 14, meld)
            x += MELD_STEP + (4 if len(meld["cards"]) > 1 else 0)
        extra = max(
            24 * any(_is_wild(c) for c in m["cards"]) + 34 * bool(m.get("canasta")) for m in line
        )
        y += 14 + MELD_H + 42 + extra
    return y


def _centre(d: Any, y: float, view: Mapping[str, Any], names: Sequence[str] | None) -> float:
    """The stock and the Treasure pile, side by side, with the pile's block shown as a red bar."""
    cx = draw.WIDTH / 2
    draw.back(d, cx - 150, y, text=str(view.get("stock_count", 0)))
    draw.centred(d, cx - 114, y + draw.CARD_H + 8, "stock", 20, draw.MUTED)
    top = view.get("pile_top")
    px = cx + 40
    blocked = bool(view.get("pile_blocked"))
    if top:
        draw.card(d, px, y, face(top), ring=draw.ALERT if blocked else None)
    else:
        draw.slot(d, px, y, text="0")
    count = view.get("pile_count")
    caption = "Treasure" + (f" ({count})" if count is not None else "")
    draw.centred(d, px + draw.CARD_W / 2, y + draw.CARD_H + 8, caption, 20, draw.MUTED)
    if blocked:
        d.rounded_rectangle((px - 14, y + 58, px + draw.CARD_W + 14, y + 86), 8, fill=draw.ALERT)
        draw.centred(d, px + draw.CARD_W / 2, y + 61, "BLOCKED", 20, draw.TEXT, bold=True)
    return y + draw.CARD_H + 40


class BoatCanastaPictures(Drawer):
    """Boat Canasta's table (the stock, the Treasure pile, every side's melds) and hand."""

    def table_header(self, view: Mapping[str, Any], names: Sequence[str] | None = None) -> str:
        """``Round 2 · Bo to answer “may I close?”``: who acts in the renderer's words."""
        detail = f"Round {view.get('round', 1)}"
        if view.get("phase") == "over":
            return detail + " · game over"
        doing = self.words.acting(view, names)
        return f"{detail} · {doing}" if doing else detail

    def table_image(self, view: Mapping[str, Any], names: Sequence[str] | None = None) -> bytes:
        """The public table: both (or three) sides' melds around the stock and the pile."""
        img, d = draw.canvas(2200, PALETTE)
        y = draw.header(d, "Boat Canasta", self.table_header(view, names))
        if view.get("restricted"):
            text = f"Opening turns: no pickup or melds until turn {view['restricted_until'] + 1}"
            draw.label(d, 20, y - 4, text, 20, draw.GOLD)
            y += 28
        y = _centre(d, y + 10, view, names)
        counts = view.get("hand_counts") or []
        line = " · ".join(f"{draw.seat_name(names, s)} {c}" for s, c in enumerate(counts))
        draw.label(
            d, 20, y - 8, draw.fit(f"Cards in hand: {line}", 22, draw.WIDTH - 40), 22, draw.MUTED
        )
        y += 28
        for side in range(len(view.get("sides") or [])):
            y = _side(d, y, view, side, names) + 6
        if view.get("ask") == "waiting":
            ask = self.words.terms.get("ask", "may I close?")
            text = f"{draw.seat_name(names, view['asker'])} asks their partner: {ask}"
            y = (
                draw.tag(
                    d, draw.WIDTH / 2, y, text, 22, fill=draw.BANNER, ink=draw.GOLD, max_w=700
                )[3]
                + 12
            )
        kinds = [(name, colour) for name, colour in KINDS.values()]
        y = draw.legend(d, y, [(f"canasta: {kinds[0][0]}", kinds[0][1]), *kinds[1:]])
        return draw.png(draw.crop(img, int(y) + 4))

    def hand_image(self, view: Mapping[str, Any], names: Sequence[str] | None = None) -> bytes:
        """The seat's own hand in rows, wild cards and threes tagged; the melds it is staging for
        its opening shown under it."""
        img, d = draw.canvas(1400, PALETTE)
        hand = list(view.get("hand") or [])
        seat = view.get("seat") or 0
        y = draw.header(d, "Your hand", f"{draw.seat_name(names, seat)} · {len(hand)} cards")
        cards = []
        for code in hand:
            if _is_wild(code):
                cards.append(Held(face(code), badge="wild"))
            elif code in ("3C", "3S"):
                cards.append(Held(face(code), badge="blocks", badge_fill=draw.ALERT))
            else:
                cards.append(Held(face(code)))
        y = draw.hand_rows(d, y, cards)
        staged = view.get("staged") or []
        if staged:
            draw.label(d, 20, y, "Staged for your opening", 22, draw.MUTED)
            y += 30
            x = 26.0
            for meld in staged:
                _meld(d, x, y + 14, {"cards": meld["cards"], "canasta": None})
                x += MELD_STEP + 4
                if x > draw.WIDTH - MELD_STEP:
                    x, y = 26.0, y + MELD_H + 80
            y += MELD_H + 80
        y = draw.legend(
            d, y, [("wild: 2 or Joker", draw.GOLD), ("black 3 blocks the pile", draw.ALERT)]
        )
        return draw.png(draw.crop(img, int(y) + 6))
