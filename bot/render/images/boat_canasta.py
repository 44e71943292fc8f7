"""Boat Canasta pictures: each side's melds with their canasta kind, the Treasure pile top and
whether it is blocked, the stock; and the hand.

Why a meld is drawn as one small stack with a count rather than every card: a side can hold a
dozen melds of up to a dozen cards, which would not fit a phone; what a player scans for is the
rank, how many cards, how many of them wild, and whether it is a canasta (and which kind, since
the kinds score differently, spec §1.3).
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from typing import Any

from bot.i18n import current_locale, texts
from bot.render.images import draw, french
from bot.render.images.base import Drawer
from bot.render.images.draw import RGB, Face, Held
from games.boat_canasta.engine import BoatCanastaEngine
from games.text import Msg, messages

_, _n = texts("boat_canasta")
msg, msg_n = messages("boat_canasta")

# the kinds of completed melds, and the edges of the cards stacked under a meld
NATURAL: RGB = (220, 60, 60)
MIXED: RGB = (150, 160, 175)
BIG_WILD: RGB = (255, 120, 20)
MELD_EDGE: RGB = (215, 212, 204)
PALETTE = draw.Palette(*french.COLOURS, NATURAL, MIXED, BIG_WILD, MELD_EDGE)
KINDS: dict[str, tuple[Msg, RGB]] = {
    "natural": (msg("natural"), NATURAL),
    "mixed": (msg("mixed"), MIXED),
    "small_wild": (msg("wild"), draw.GOLD),
    "big_wild": (msg("big wild"), BIG_WILD),
}
#: the question's word when the renderer gives none (the renderer's TERMS say it)
ASK = msg("may I close?")
WILD = ("2", "JK")
MELD_W = 60
MELD_H = 84
MELD_STEP = 80
MELDS_PER_LINE = 9


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
    """A meld as a small stack: its front card, a tag under it with its number of cards and of
    wild cards (``9·3w``, gold when it holds wild cards), a canasta ringed in its kind's colour
    (the legend says which); few words, so that each can be large enough to read on a phone."""
    cards = meld["cards"]
    kind = meld.get("canasta")
    colour = KINDS.get(kind or "", ("", draw.GOLD))[1]
    depth = min(3, len(cards) - 1)
    for k in range(depth, 0, -1):
        d.rounded_rectangle(
            (x + 4 * k, y - 4 * k, x + MELD_W + 4 * k, y + MELD_H - 4 * k),
            draw.RADIUS,
            fill=MELD_EDGE,
            outline=draw.EDGE,
            width=2,
        )
    draw.card(
        d,
        x,
        y,
        face(_front(meld)),
        w=MELD_W,
        h=MELD_H,
        ring=colour if kind else None,
    )
    wild = sum(1 for c in cards if _is_wild(c))
    text = _("{cards}·{wilds}w", cards=len(cards), wilds=wild) if wild else str(len(cards))
    fill, ink = (draw.GOLD, draw.BLACK_INK) if wild else (draw.PANEL, draw.TEXT)
    draw.tag(d, x + MELD_W / 2 + 2, y + MELD_H - 2, text, draw.SMALL, fill=fill, ink=ink)


def _side(
    d: Any, y: float, view: Mapping[str, Any], side: int, names: Sequence[str] | None
) -> float:
    seats = view["sides"][side]
    who = " & ".join(draw.seat_name(names, s) for s in seats)
    active = any(s in (view.get("to_act") or []) for s in seats)
    d.rounded_rectangle(
        (16, y, draw.WIDTH - 16, y + 8), 4, fill=draw.ACTIVE if active else draw.PANEL
    )
    y += 14
    x = draw.label(d, 24, y, draw.fit(who, draw.NAME, 340), draw.NAME, draw.TEXT, bold=True)
    facts = _("{points} pts", points=view["scores"][side])
    if any(s in (view.get("winners") or []) for s in seats):
        facts += _(" · wins")
    if not view["opened"][side]:
        facts += _(" · needs {minimum} to open", minimum=view["minimums"][side])
    x = draw.label(d, x + 14, y + 2, draw.fit(facts, draw.SMALL, 620 - x), draw.SMALL, draw.MUTED)
    threes = (view.get("red_threes") or [[]] * (side + 1))[side]
    tx = max(x + 16, draw.WIDTH - 24 - 44 - 26 * max(0, len(threes) - 1))
    for code in threes:  # the red threes, small, at the end of the side's line
        draw.card(d, tx, y - 6, face(code), w=44, h=60)
        tx += 26
    y += 56
    melds = view["melds"][side]
    if not melds:
        draw.label(d, 24, y, _("no melds yet"), draw.SMALL, draw.FAINT)
        return y + 44
    for start in range(0, len(melds), MELDS_PER_LINE):
        x = 26.0
        line = melds[start : start + MELDS_PER_LINE]
        for meld in line:
            _meld(d, x, y + 18, meld)
            x += MELD_STEP + (4 if len(meld["cards"]) > 1 else 0)
        y += 18 + MELD_H + 40
    return y


def _centre(d: Any, y: float, view: Mapping[str, Any], names: Sequence[str] | None) -> float:
    """The stock and the Treasure pile, side by side, with the pile's block shown as a red bar."""
    cx = draw.WIDTH / 2
    cx = 200
    draw.back(d, cx - 150, y, text=str(view.get("stock_count", 0)))
    draw.centred(d, cx - 114, y + draw.CARD_H + 8, _("stock"), draw.SMALL, draw.MUTED)
    top = view.get("pile_top")
    px = cx + 40
    blocked = bool(view.get("pile_blocked"))
    if top:
        draw.card(d, px, y, face(top), ring=draw.ALERT if blocked else None)
    else:
        draw.slot(d, px, y, text="0")
    count = view.get("pile_count")
    caption = _("Treasure") + (f" ({count})" if count is not None else "")
    draw.centred(d, px + draw.CARD_W / 2, y + draw.CARD_H + 8, caption, draw.SMALL, draw.MUTED)
    counts = view.get("hand_counts") or []
    hx, hy = px + draw.CARD_W + 90, y
    draw.label(d, hx, hy, _("Cards in hand"), draw.SMALL, draw.MUTED)
    for s, c in enumerate(counts):  # two a line, right of the pile
        col, row = s % 2, s // 2
        text = f"{draw.fit(draw.seat_name(names, s), draw.SMALL, 150)} {c}"
        draw.label(d, hx + col * 200, hy + 40 + 36 * row, text, draw.SMALL, draw.TEXT)
    if blocked:
        d.rounded_rectangle((px - 14, y + 58, px + draw.CARD_W + 14, y + 86), 8, fill=draw.ALERT)
        draw.centred(
            d, px + draw.CARD_W / 2, y + 61, _("BLOCKED"), draw.SMALL, draw.TEXT, bold=True
        )
    return y + draw.CARD_H + 40


class BoatCanastaPictures(Drawer):
    """Boat Canasta's table (the stock, the Treasure pile, every side's melds) and hand."""

    def table_header(self, view: Mapping[str, Any], names: Sequence[str] | None = None) -> str:
        """``Round 2 · Bo to answer “may I close?”``: who acts in the renderer's words."""
        detail = _("Round {round}", round=view.get("round", 1))
        if view.get("phase") == "over":
            return detail + _(" · game over")
        doing = self.words.acting(view, names)
        return f"{detail} · {doing}" if doing else detail

    def table_image(self, view: Mapping[str, Any], names: Sequence[str] | None = None) -> bytes:
        """The public table: both (or three) sides' melds around the stock and the pile."""
        img, d = draw.canvas(2200, PALETTE)
        y = draw.header(d, BoatCanastaEngine.title, self.table_header(view, names))
        if view.get("restricted"):
            text = _(
                "Opening turns: no pickup or melds until turn {turn}",
                turn=view["restricted_until"] + 1,
            )
            draw.label(d, 20, y - 4, text, draw.SMALL, draw.GOLD)
            y += 28
        y = _centre(d, y + 10, view, names)
        for side in range(len(view.get("sides") or [])):
            y = _side(d, y, view, side, names) + 6
        if view.get("ask") == "waiting":
            ask = self.words.terms.get("ask", ASK)
            text = _(
                "{who} asks their partner: {ask}",
                who=draw.seat_name(names, view["asker"]),
                ask=ask,
            )
            y = (
                draw.tag(
                    d,
                    draw.WIDTH / 2,
                    y,
                    text,
                    draw.SMALL,
                    fill=draw.BANNER,
                    ink=draw.GOLD,
                    max_w=700,
                )[3]
                + 12
            )
        melds = [m for side in view.get("melds") or [] for m in side]
        shown = {m.get("canasta") for m in melds}
        keys = [(_("ring: {kind}", kind=n), c) for k, (n, c) in KINDS.items() if k in shown]
        if any(_is_wild(c) for m in melds for c in m["cards"]):
            keys.append((_("9·3w: 9 cards, 3 of them wild"), draw.GOLD))
        if keys:  # only the marks this picture shows
            y = draw.legend(d, y, keys)
        return draw.png(draw.crop(img, int(y) + 4))

    def hand_image(self, view: Mapping[str, Any], names: Sequence[str] | None = None) -> bytes:
        """The seat's own hand in rows, wild cards and threes tagged; the melds it is staging for
        its opening shown under it."""
        img, d = draw.canvas(1400, PALETTE)
        hand = list(view.get("hand") or [])
        seat = view.get("seat") or 0
        who = draw.seat_name(names, seat)
        y = draw.header(
            d, _("Your hand"), _n("{who} · {n} card", "{who} · {n} cards", len(hand), who=who)
        )
        cards = []
        for code in hand:  # rings, not words on the cards (too small to read on a phone)
            if _is_wild(code):
                cards.append(Held(face(code), ring=draw.GOLD))
            elif code in ("3C", "3S"):
                cards.append(Held(face(code), ring=draw.ALERT))
            else:
                cards.append(Held(face(code)))
        y = draw.hand_rows(d, y, cards)
        staged = view.get("staged") or []
        if staged:
            draw.label(d, 20, y, _("Staged for your opening"), draw.SMALL, draw.MUTED)
            y += 30
            x = 26.0
            for meld in staged:
                _meld(d, x, y + 14, {"cards": meld["cards"], "canasta": None})
                x += MELD_STEP + 4
                if x > draw.WIDTH - MELD_STEP:
                    x, y = 26.0, y + MELD_H + 80
            y += MELD_H + 80
        keys = []
        if any(_is_wild(c) for c in hand):
            keys.append((_("wild: 2 or Joker"), draw.GOLD))
        if any(c in ("3C", "3S") for c in hand):
            keys.append((_("black 3 blocks the pile"), draw.ALERT))
        if keys:  # only the rings this hand shows
            y = draw.legend(d, y, keys)
        return draw.png(draw.crop(img, int(y) + 6))

    def hand_key(
        self, view: Mapping[str, Any], names: Sequence[str] | None = None
    ) -> Hashable | None:
        """The seat's name, cards and staged melds, and the language its labels are written in:
        all the hand picture draws (the other sides' melds and draws change none of it)."""
        staged = tuple(tuple(m["cards"]) for m in view.get("staged") or [])
        seat = view.get("seat") or 0
        hand = tuple(view.get("hand") or [])
        return (draw.seat_name(names, seat), hand, staged, current_locale())
