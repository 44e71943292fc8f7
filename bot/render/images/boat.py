"""Boat pictures: the trick around the table with trump marked, and the hand.

Why the Boat card gets its own navy art: it belongs to the trump suit whatever trump is and
ranks above the Ace (spec D3), so it must never be mistaken for an ordinary card.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from typing import Any

from PIL import ImageDraw

from bot.i18n import texts
from bot.render.images import draw, french, ship
from bot.render.images.base import Drawer
from bot.render.images.draw import RGB, Face, Held, SeatTag

_, _n = texts("boat")

#: the field of the Boat card
NAVY: RGB = (24, 44, 92)
PALETTE = draw.Palette(*french.COLOURS, NAVY)
TITLE = "Boat"  # untranslated: the game's name (the engine's title), one in every language


def _suit_word(suit: str) -> str:
    """The trump suit's name as the text says it (the glossary's, in the boat catalog)."""
    words = {"C": _("Clubs"), "D": _("Diamonds"), "H": _("Hearts"), "S": _("Spades")}
    return words.get(suit, suit)


def _boat_art(
    d: ImageDraw.ImageDraw, face: Face, x: float, y: float, w: int, h: int, dim: bool
) -> None:
    """The Boat card: a gold ship on a navy field inside the frame (no word: one that fits the
    card would be too small to read on a phone)."""
    gold = draw.DIM_INK if dim else draw.GOLD
    navy = draw.DIM_PAPER if dim else NAVY
    cx = x + w / 2
    d.rounded_rectangle((x + 4, y + 4, x + w - 4, y + h - 4), draw.RADIUS - 3, fill=navy)
    ship.sail_glyph(d, cx, y + h * 0.5, w * 0.8, gold, draw.PAPER)


def face(code: str) -> Face:
    if code == "BOAT":
        return Face("", art=_boat_art)
    return french.face(code)


#: the table picture's parts, top to bottom: the header, the contract line, the felt
LINE_H = 58
FELT_H = 262
#: a one-line plate (the seats above and below the trick): its height
LINE_PLATE_H = 46
#: the trick's cards: how far the top and bottom seats' cards sit left and right of the
#: middle, and the gap between them and the side seats' cards (see :func:`_trick`)
PAIR_DX = 32
SIDE_GAP = 8


def _trump_chip(d: Any, x: float, y: float, trump: str) -> float:
    """ "Trump ⟨suit⟩ Spades" at (x, y) (the chip 44 px high); returns the x after it."""
    x = draw.label(d, x, y + 8, _("Trump"), draw.SMALL, draw.MUTED)
    x = french.suit_chip(d, x + 10, y, trump)
    return draw.label(d, x + 10, y + 8, _suit_word(trump), draw.SMALL, draw.TEXT, bold=True)


def _contract_line(
    d: Any, y: float, view: Mapping[str, Any], names: Sequence[str] | None, caption: str
) -> float:
    """ "Trump ⟨suit⟩ Spades · bid 120 by Ann", and on the right what the felt's cards are
    (``caption``: "Last trick to Ann"): what the trick is played for, on one line above the
    felt so that the felt keeps its height for the seats and the trick.

    Why this order when the line is short of room (long names, long words): trump and the
    bid are what a player plays by, so they come first; the bid then loses its "by Ann"
    (the declarer's plate says who bid), and the caption, which only says why the trick's
    cards are grey (the gold ring shows who won it), is cut or left out."""
    trump = view.get("trump")
    texts: list[str] = []
    if view.get("phase") == "bidding":
        high = view.get("high_bid")
        texts.append(
            _(
                "High bid {high} by {name}",
                high=high,
                name=draw.seat_name(names, view["high_bidder"]),
            )
            if high
            else _("No bid yet")
        )
    elif view.get("declarer") is not None and view.get("bid"):
        who = draw.seat_name(names, view["declarer"])
        if view.get("stuck"):
            texts.append(_("bid {bid} (stuck) by {name}", bid=view["bid"], name=who))
        else:
            texts.append(_("bid {bid} by {name}", bid=view["bid"], name=who))
        texts.append(_("bid {bid}", bid=view["bid"]))
    x = 20.0
    right = draw.WIDTH - 20.0
    if trump:
        x = _trump_chip(d, x, y, trump) + 24
    if caption:
        least = draw.text_w(texts[-1], draw.SMALL) + 24 if texts else 0
        room = right - x - least
        if room >= 120:  # else too little of it would show to be read
            caption = draw.fit(caption, draw.SMALL, room)
            at = right - draw.text_w(caption, draw.SMALL)
            draw.label(d, at, y + 8, caption, draw.SMALL, draw.CAPTION)
            right = at - 24
    if texts:
        room = right - x
        text = next((t for t in texts if draw.text_w(t, draw.SMALL) <= room), texts[-1])
        ink = draw.TEXT if view.get("phase") == "bidding" else draw.MUTED
        draw.label(d, x, y + 8, draw.fit(text, draw.SMALL, room), draw.SMALL, ink)
    return y + LINE_H


def _line_plate(d: Any, cx: float, y: float, seat: SeatTag, max_w: float) -> None:
    """A seat's plate on one line, its name then its facts (``Ann  declarer · dealer``),
    centred on ``cx`` with its top at ``y`` (moved in to stay within the middle ``max_w`` px
    of the picture): the seats above and below the trick, where the picture's height is
    short and its width is not."""
    pad, gap = 14, 14
    name = draw.fit(seat.name, draw.NAME, min(300, max_w - 2 * pad))
    name_w = draw.text_w(name, draw.NAME) + 2
    sub = ""
    if seat.sub:
        sub = draw.fit(seat.sub, draw.SMALL, max_w - 2 * pad - gap - name_w)
    sub_w = draw.text_w(sub, draw.SMALL) + gap if sub else 0
    w = name_w + sub_w + 2 * pad
    x = min(max(cx - w / 2, draw.WIDTH / 2 - max_w / 2), draw.WIDTH / 2 + max_w / 2 - w)
    outline = draw.ACTIVE if seat.active else draw.GOLD if seat.winner else None
    d.rounded_rectangle(
        (x, y, x + w, y + LINE_PLATE_H), 14, fill=draw.PANEL, outline=outline, width=4
    )
    ink = draw.FAINT if seat.faded else draw.TEXT
    after = draw.label(d, x + pad, y + 6, name, draw.NAME, ink, bold=True)
    if sub:
        draw.label(d, after + gap, y + 8, sub, draw.SMALL, draw.MUTED)


def _trick(d: Any, top: float, seats: Sequence[SeatTag], played: Mapping[int, Held]) -> float:
    """The felt, wide and short: the seat opposite (2) on one line above the trick, the seat
    below (0) on one line under it, the side seats (1 on the left, 3 on the right, clockwise)
    beside it, and each played card beside its player; returns the y below the felt.

    Why the two middle cards sit apart, one up and left, one down and right: stacked, the two
    would need two cards' height between the plates; side by side they need much less, and
    the lower one covers only a corner of the upper one, away from its rank and pips."""
    width = draw.WIDTH
    d.rounded_rectangle(
        (16, top, width - 16, top + FELT_H), 40, fill=draw.FELT, outline=draw.FELT_EDGE, width=6
    )
    cx = width / 2
    w, h = draw.CARD_W, draw.CARD_H
    above = top + 9
    below = top + FELT_H - 9 - LINE_PLATE_H
    band_top, band_bottom = above + LINE_PLATE_H + 6, below - 6
    mid = (band_top + band_bottom) / 2
    # top-left of each seat's card: 0 below and right, 1 left, 2 above and left, 3 right
    side = PAIR_DX + w / 2 + SIDE_GAP
    spots = {
        2: (cx - PAIR_DX - w / 2, band_top),
        0: (cx + PAIR_DX - w / 2, band_bottom - h),
        1: (cx - side - w, mid - h / 2),
        3: (cx + side, mid - h / 2),
    }
    for seat in (2, 1, 3, 0):  # the one above first: the one below overlaps its corner
        held = played.get(seat)
        if held is None or seat not in spots:
            continue
        x, y = spots[seat]
        draw.held_card(d, x, y, held)
    inner = width - 2 * 36
    _line_plate(d, cx - PAIR_DX, above, seats[2], inner)
    _line_plate(d, cx + PAIR_DX, below, seats[0], inner)
    # from the felt's edge to 14 px short of the side seat's card (a plate is drawn up to 4 px
    # wider than the width it is given)
    room = cx - side - w - 14 - 26
    draw.seat_plate(d, 26 + room / 2, mid, seats[1], room - 4)
    draw.seat_plate(d, width - 26 - room / 2, mid, seats[3], room - 4)
    return top + FELT_H


#: a hand's cards: as large as the kit's hand rows, at most nine to a row
HAND_W, HAND_H, HAND_GAP = 78, 108, 7
#: the declarer's discards under the hand: smaller (a reminder, greyed), their rank still at
#: the smallest label size (``draw.corner_rank``: 46 % of the width, at least ``draw.SMALL``)
DISCARD_W, DISCARD_H = 60, 84


def _hand(d: Any, y: float, cards: Sequence[Held]) -> float:
    """The hand in one centred row of up to nine cards, or two even rows when the declarer
    holds the widow too (fourteen: two of seven); returns the y below.

    Why two rows of seven and not the kit's nine and five: the rows are as tight as the
    picture's height allows, and even rows leave each card whole (no overlap hides a rank
    or an "out" tag)."""
    per_row = 9 if len(cards) <= 9 else -(-len(cards) // 2)
    y += 10
    for start in range(0, len(cards), per_row):
        row = cards[start : start + per_row]
        total = len(row) * HAND_W + (len(row) - 1) * HAND_GAP
        x = (draw.WIDTH - total) / 2
        for held in row:
            draw.held_card(d, x, y, held, w=HAND_W, h=HAND_H)
            x += HAND_W + HAND_GAP
        y += HAND_H + 14
    return y


def _discards(d: Any, y: float, codes: Sequence[str]) -> float:
    """ "Your discards" and the five cards, greyed and small, on one line under the hand:
    beside their label rather than under it, so the picture stays short."""
    gap = 8
    cards_w = len(codes) * DISCARD_W + (len(codes) - 1) * gap
    room = draw.WIDTH - 40 - cards_w - 20
    text = draw.fit(_("Your discards"), draw.SMALL, room)
    x = draw.label(d, 20, y + (DISCARD_H - draw.SMALL) / 2 - 2, text, draw.SMALL, draw.MUTED)
    x += 20
    for code in codes:
        draw.card(d, x, y, face(code), w=DISCARD_W, h=DISCARD_H, dim=True)
        x += DISCARD_W + gap
    return y + DISCARD_H + 8


def _last_bids(view: Mapping[str, Any]) -> dict[int, str]:
    said: dict[int, str] = {}
    for entry in view.get("bids") or []:
        said[entry["seat"]] = _("pass") if entry.get("pass") else _("bid {bid}", bid=entry["bid"])
    return said


class BoatPictures(Drawer):
    """Boat's table (trump and contract, the trick, the team scores) and hand."""

    def table_header(self, view: Mapping[str, Any], names: Sequence[str] | None = None) -> str:
        """The header's words: where the game stands, then who acts in the renderer's words."""
        number = view.get("hand_number", 1)
        if view.get("trick_number"):
            detail = _(
                "Hand {number} · trick {trick} of 9", number=number, trick=view["trick_number"]
            )
        else:
            phases = {
                "bidding": _("bidding"),
                "discard": _("discard"),
                "trump": _("trump"),
                "play": _("play"),
                "over": _("over"),
            }
            phase = str(view.get("phase", ""))
            detail = _("Hand {number} · {phase}", number=number, phase=phases.get(phase, phase))
        doing = self.words.acting(view, names)
        return f"{detail} · {doing}" if doing else detail

    def table_image(self, view: Mapping[str, Any], names: Sequence[str] | None = None) -> bytes:
        """The public table: trump and contract on one line, then the felt with the trick
        around it (the team scores, tricks and card points are in the text beside it)."""
        img, d = draw.canvas(draw.MAX_HEIGHT, PALETTE)
        y = draw.header(d, TITLE, self.table_header(view, names))
        played: dict[int, Held] = {}
        caption = ""
        if view.get("trick"):
            for play in view["trick"]:
                played[play["seat"]] = Held(face(play["card"]))
        elif view.get("last_trick"):
            last = view["last_trick"]
            for play in last["cards"]:
                won = play["seat"] == last["winner"]
                played[play["seat"]] = Held(
                    face(play["card"]), dim=not won, ring=draw.GOLD if won else None
                )
            caption = _("Last trick to {name}", name=draw.seat_name(names, last["winner"]))
        elif view.get("phase") == "over":
            caption = _("Game over")
        y = _contract_line(d, y, view, names, caption)
        said = _last_bids(view) if view.get("phase") == "bidding" else {}
        winners = set(view.get("winners") or [])
        tags = []
        for seat in range(4):
            parts = []
            if seat in said:
                parts.append(said[seat])
            if seat == view.get("declarer"):
                parts.append(_("declarer"))
            if seat == view.get("dealer"):
                parts.append(_("dealer"))
            tags.append(
                SeatTag(
                    draw.seat_name(names, seat),
                    " · ".join(parts),
                    active=seat in (view.get("to_act") or []),
                    winner=seat in winners,
                )
            )
        y = _trick(d, y, tags, played)
        return draw.png(draw.crop(img, int(y) + 8))

    def hand_image(self, view: Mapping[str, Any], names: Sequence[str] | None = None) -> bytes:
        """The seat's own hand under the trump suit's name, the cards it may not play now greyed;
        the declarer also sees the discards, small on one line under the hand, and in the
        discard step (fourteen cards, two rows of seven) the cards that must go are tagged."""
        img, d = draw.canvas(draw.MAX_HEIGHT, PALETTE)
        hand = list(view.get("hand") or [])
        trump = view.get("trump")
        seat = view.get("seat", 0)
        who = draw.seat_name(names, seat)
        y = draw.header(
            d, _("Your hand"), _n("{name} · {n} card", "{name} · {n} cards", len(hand), name=who)
        )
        if trump:
            _trump_chip(d, 20, y, trump)
            y += LINE_H
        rule = view.get("discard_rule") or {}
        must = set(rule.get("must_discard") or [])
        playable = view.get("playable")  # on the seat's turn to play: the others are greyed
        cards = []
        for code in hand:
            if code in must:
                cards.append(Held(face(code), badge=_("out"), badge_fill=draw.ALERT))
            else:
                dim = playable is not None and code not in playable  # greyed: not now
                cards.append(Held(face(code), dim=dim))
        y = _hand(d, y, cards)
        if view.get("discards"):
            y = _discards(d, y, view["discards"])
        if must:  # the one mark that needs a word (the trump suit is named above the cards)
            y = draw.legend(d, y, [(_("out: must be discarded"), draw.ALERT)])
        return draw.png(draw.crop(img, int(y) + 6))

    def hand_key(
        self, view: Mapping[str, Any], names: Sequence[str] | None = None
    ) -> Hashable | None:
        """Everything the hand picture draws: the seat's name, cards, trump, the cards it may
        play or must discard, and its discards (another seat's card on the trick changes none
        of it)."""
        playable = view.get("playable")
        must = (view.get("discard_rule") or {}).get("must_discard") or []
        return (
            draw.seat_name(names, view.get("seat", 0)),
            tuple(view.get("hand") or []),
            view.get("trump"),
            frozenset(must),
            None if playable is None else frozenset(playable),
            tuple(view.get("discards") or []),
        )
