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


def _team(view: Mapping[str, Any], names: Sequence[str] | None, team: int) -> str:
    return " & ".join(draw.seat_name(names, s) for s in view["teams"][team])


def _contract_line(d: Any, y: float, view: Mapping[str, Any], names: Sequence[str] | None) -> float:
    """ "Trump ⟨suit⟩ Spades · bid 120 by Ann": what the trick is played for."""
    trump = view.get("trump")
    x = 20.0
    if trump:
        x = draw.label(d, x, y + 8, _("Trump"), draw.SMALL, draw.MUTED)
        x = french.suit_chip(d, x + 10, y, trump)
        x = draw.label(d, x + 10, y + 8, _suit_word(trump), draw.SMALL, draw.TEXT, bold=True)
    elif view.get("phase") == "bidding":
        high = view.get("high_bid")
        text = (
            _(
                "High bid {high} by {name}",
                high=high,
                name=draw.seat_name(names, view["high_bidder"]),
            )
            if high
            else _("No bid yet")
        )
        x = draw.label(d, x, y + 8, text, draw.SMALL, draw.TEXT)
    declarer = view.get("declarer")
    if declarer is not None and view.get("bid"):
        who = draw.seat_name(names, declarer)
        text = (
            _("bid {bid} (stuck) by {name}", bid=view["bid"], name=who)
            if view.get("stuck")
            else _("bid {bid} by {name}", bid=view["bid"], name=who)
        )
        draw.label(
            d,
            x + 24,
            y + 8,
            draw.fit(text, draw.SMALL, draw.WIDTH - x - 44),
            draw.SMALL,
            draw.MUTED,
        )
    return y + 58


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
        """The public table: trump and contract, the trick around the table, the team scores."""
        img, d = draw.canvas(900, PALETTE)
        y = draw.header(d, TITLE, self.table_header(view, names))
        y = _contract_line(d, y, view, names)
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
        said = _last_bids(view) if view.get("phase") == "bidding" else {}
        won = view.get("tricks_won") or [0, 0]
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
        y = draw.trick_table(d, y, tags, played, caption=caption, height=380 if played else 300)
        # the team scores, tricks and card points are in the text beside the picture
        return draw.png(draw.crop(img, int(y) + 10))

    def hand_image(self, view: Mapping[str, Any], names: Sequence[str] | None = None) -> bytes:
        """The seat's own hand under the trump suit's name, the cards it may not play now greyed;
        the declarer also sees the discards, and in the discard step the cards that must go are
        tagged."""
        img, d = draw.canvas(900, PALETTE)
        hand = list(view.get("hand") or [])
        trump = view.get("trump")
        seat = view.get("seat", 0)
        who = draw.seat_name(names, seat)
        y = draw.header(
            d, _("Your hand"), _n("{name} · {n} card", "{name} · {n} cards", len(hand), name=who)
        )
        if trump:
            x = draw.label(d, 20, y + 8, _("Trump"), draw.SMALL, draw.MUTED)
            x = french.suit_chip(d, x + 10, y, trump)
            draw.label(d, x + 10, y + 8, _suit_word(trump), draw.SMALL, draw.TEXT, bold=True)
            y += 58
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
        y = draw.hand_rows(d, y, cards)
        if view.get("discards"):
            draw.label(d, 20, y, _("Your discards"), draw.SMALL, draw.MUTED)
            y = draw.hand_rows(d, y + 24, [Held(face(c), dim=True) for c in view["discards"]])
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
