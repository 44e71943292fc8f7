"""Rowboat pictures: the Tide strip, the trick around the table, and the hand.

Why colour matters here: a trick's Knob is the card of the ruling rank in the *sister* suit of
the same colour (spec §1.1, §3.2), so the blue pair (Oars, Waves) and the green pair (Shells,
Maps) are drawn on blue and green paper; a player then sees the Knob pair at a glance, which the
text's emoji could not show.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from typing import Any

from PIL import ImageDraw

from bot.i18n import current_locale, texts, translate
from bot.render.images import draw, ship
from bot.render.images.base import Drawer
from bot.render.images.draw import RGB, Face, Held, SeatTag
from games.rowboat import deck

_, _n = texts("rowboat")

# the suits, printed on coloured paper in two pairs (blue and green)
BLUE_INK: RGB = (22, 78, 176)
BLUE_PAPER: RGB = (219, 232, 252)
GREEN_INK: RGB = (18, 120, 58)
GREEN_PAPER: RGB = (220, 243, 224)
# the marks of a trick's Knob, of a later trick's Knob and of a married card
KNOB: RGB = (255, 140, 200)
LATER_KNOB: RGB = (255, 205, 230)
MARRIED: RGB = (200, 160, 255)
# the Rowboat specialty card
SAIL: RGB = (120, 170, 220)
ROWBOAT_INK: RGB = (120, 70, 20)
ROWBOAT_PAPER: RGB = (250, 232, 196)
PALETTE = draw.Palette(
    BLUE_INK,
    BLUE_PAPER,
    GREEN_INK,
    GREEN_PAPER,
    KNOB,
    LATER_KNOB,
    MARRIED,
    SAIL,
    ROWBOAT_INK,
    ROWBOAT_PAPER,
)
#: the suits' and named ranks' marked names (the engine's): read through :func:`_suit_name`
#: and :func:`_rank_name`, in the picture's language
SUIT_NAMES: dict[str, str] = dict(zip(deck.SUITS, deck.SUIT_NAMES, strict=True))
RANK_NAMES: dict[str, str] = {
    r: name for r, name in zip(deck.RANKS, deck.RANK_NAMES, strict=True) if not r.isdigit()
}


def _suit_name(suit: str) -> str:
    return str(translate(SUIT_NAMES.get(suit, suit)))


def _rank_name(rank: str) -> str:
    return str(translate(RANK_NAMES.get(rank, rank)))


# ---------------------------------------------------------------- suit pips (centre, height)


def _oar(d: ImageDraw.ImageDraw, cx: float, cy: float, s: float, ink: RGB) -> None:
    # a diagonal shaft with a grip, ending in a long blade
    x0, y0 = cx - s * 0.42, cy - s * 0.42
    x1, y1 = cx + s * 0.08, cy + s * 0.08
    d.line((x0, y0, x1, y1), fill=ink, width=max(2, round(s * 0.11)))
    g = s * 0.09
    d.ellipse((x0 - g, y0 - g, x0 + g, y0 + g), fill=ink)
    blade = [
        (cx - s * 0.02, cy + s * 0.14),
        (cx + s * 0.14, cy - s * 0.02),
        (cx + s * 0.5, cy + s * 0.32),
        (cx + s * 0.32, cy + s * 0.5),
    ]
    d.polygon(blade, fill=ink)


def _wave(d: ImageDraw.ImageDraw, cx: float, cy: float, s: float, ink: RGB) -> None:
    # two rolling crests, one above the other
    w = max(2, round(s * 0.13))
    for oy in (-0.2, 0.2):
        y = cy + oy * s
        r = s * 0.25
        d.arc((cx - s * 0.5, y - r, cx, y + r), 180, 360, fill=ink, width=w)
        d.arc((cx, y - r, cx + s * 0.5, y + r), 0, 180, fill=ink, width=w)


def _shell(d: ImageDraw.ImageDraw, cx: float, cy: float, s: float, ink: RGB) -> None:
    # a scallop: an upper fan with ribs and a small hinge
    r = s * 0.48
    d.pieslice((cx - r, cy - r + s * 0.12, cx + r, cy + r + s * 0.12), 180, 360, fill=ink)
    d.polygon(
        [
            (cx - s * 0.16, cy + s * 0.1),
            (cx + s * 0.16, cy + s * 0.1),
            (cx + s * 0.22, cy + s * 0.32),
            (cx - s * 0.22, cy + s * 0.32),
        ],
        fill=ink,
    )
    rib = max(1, round(s * 0.05))
    for k in (-0.28, 0.0, 0.28):
        d.line((cx, cy + s * 0.1, cx + k * s, cy - s * 0.3), fill=draw.PAPER, width=rib)


def _map(d: ImageDraw.ImageDraw, cx: float, cy: float, s: float, ink: RGB) -> None:
    # a folded map in three panels with a cross marking the treasure
    h = s * 0.4
    xs = [cx - s * 0.48, cx - s * 0.16, cx + s * 0.16, cx + s * 0.48]
    off = [0.0, s * 0.08, 0.0, s * 0.08]
    for i in range(3):
        d.polygon(
            [
                (xs[i], cy - h + off[i]),
                (xs[i + 1], cy - h + off[i + 1]),
                (xs[i + 1], cy + h + off[i + 1]),
                (xs[i], cy + h + off[i]),
            ],
            fill=ink,
        )
    c = s * 0.13
    w = max(2, round(s * 0.07))
    d.line((cx - c, cy - c, cx + c, cy + c), fill=draw.PAPER, width=w)
    d.line((cx - c, cy + c, cx + c, cy - c), fill=draw.PAPER, width=w)


PIPS: dict[str, draw.Pip] = {"o": _oar, "w": _wave, "s": _shell, "m": _map}


# ---------------------------------------------------------------- cards


def _rowboat_art(
    d: ImageDraw.ImageDraw, face: Face, x: float, y: float, w: int, h: int, dim: bool
) -> None:
    """The Rowboat specialty card: a little ship on warm paper (no word: a phone could not
    read one that fits the card)."""
    ink = draw.DIM_INK if dim else ROWBOAT_INK
    cx = x + w / 2
    ship.sail_glyph(d, cx, y + h * 0.5, w * 0.8, ink, SAIL)


def face(code: str) -> Face:
    """The face of a Rowboat card code (``7w``) or of the Rowboat specialty card."""
    if code == "rowboat":
        return Face("", ink=ROWBOAT_INK, tint=ROWBOAT_PAPER, art=_rowboat_art)
    rank, suit = code[:-1], code[-1:]
    blue = suit in "ow"
    return Face(
        rank,
        PIPS.get(suit),
        ink=BLUE_INK if blue else GREEN_INK,
        tint=BLUE_PAPER if blue else GREEN_PAPER,
    )


def _knob_code(knob: Mapping[str, str] | None) -> str:
    return f"{knob['rank']}{knob['suit']}" if knob else ""


def _marks(code: str, trick: Mapping[str, Any] | None) -> tuple[str, RGB]:
    """The badge a card wears in this trick: K for the Knob, T for a trump."""
    if not trick or code == "rowboat":
        return "", draw.GOLD
    if code == _knob_code(trick.get("knob")):
        return "K", KNOB
    if code[-1:] == trick.get("trump"):
        return "T", draw.GOLD
    return "", draw.GOLD


def _side_names(view: Mapping[str, Any], names: Sequence[str] | None, side: int) -> str:
    return " & ".join(draw.seat_name(names, s) for s in view["teams"][side])


def _tide(d: Any, y: float, view: Mapping[str, Any]) -> float:
    """The Tide strip: one card per trick, past tricks dimmed, the current one raised and ringed."""
    tide = view.get("tide") or []
    if not tide:
        draw.label(d, 20, y, _("The Tide is not out yet"), draw.SMALL, draw.MUTED)
        return y + 40
    current = (view.get("trick_number") or 0) - 1
    playing = view.get("phase") == "trick_play"
    n = len(tide)
    gap = 6
    w = min(72, int((draw.WIDTH - 40 - (n - 1) * gap) / n))
    h = round(w * 1.39)
    x = (draw.WIDTH - (n * w + (n - 1) * gap)) / 2
    draw.label(d, 20, y, _("The Tide"), draw.SMALL, draw.MUTED)
    y += 40
    for i, code in enumerate(tide):
        lift = 12 if playing and i == current else 0
        draw.card(
            d,
            x,
            y + 12 - lift,
            face(code),
            w=w,
            h=h,
            dim=playing and i < current,
            ring=draw.GOLD if playing and i == current else None,
        )
        draw.centred(d, x + w / 2, y + h + 18, str(i + 1), draw.SMALL, draw.FAINT)
        x += w + gap
    return y + h + 44


def _ruling_line(d: Any, y: float, trick: Mapping[str, Any], knob_out: str) -> float:
    """ "Trick 2 · trump ⟨pip⟩ Waves · Knob ⟨card⟩": the two facts that decide a trick
    (``knob_out``: the renderer's word for a Knob that lies in the Tide)."""
    head = _("Trick {number}", number=trick["number"])
    x = draw.label(d, 20, y + 6, head, draw.SMALL, draw.TEXT, bold=True)
    x = draw.label(d, x + 18, y + 8, _("Trump"), draw.SMALL, draw.MUTED)
    trump = trick["trump"]
    colour = face(f"A{trump}")
    d.rounded_rectangle((x + 8, y, x + 52, y + 44), 8, fill=colour.tint)
    PIPS[trump](d, x + 30, y + 22, 30, colour.ink)
    x = draw.label(d, x + 60, y + 8, _suit_name(trump), draw.SMALL, draw.TEXT)
    x = draw.label(d, x + 22, y + 8, _("Knob"), draw.SMALL, draw.MUTED)
    knob = _knob_code(trick.get("knob"))
    live = bool(trick.get("knob_in_play"))
    draw.card(d, x + 10, y - 6, face(knob), w=40, h=56, ring=KNOB if live else None, dim=not live)
    rank = trick["knob"]["rank"]
    text = _("{rank} of {suit}", rank=_rank_name(rank), suit=_suit_name(knob[-1:]))
    if not trick.get("knob_in_play"):
        text = f"{text} ({knob_out})"
    draw.label(
        d, x + 60, y + 8, draw.fit(text, draw.SMALL, draw.WIDTH - x - 80), draw.SMALL, draw.TEXT
    )
    return y + 64


def _seat_tags(view: Mapping[str, Any], names: Sequence[str] | None) -> list[SeatTag]:
    tags = []
    bids = view.get("bids") or []
    won = view.get("tricks_won") or []
    winners = set(view.get("winners") or [])
    for seat in range(view["players"]):
        parts = []
        bid = bids[seat] if seat < len(bids) else None
        if bid is not None:
            parts.append(_("bid {n}", n=bid))
        if view.get("phase") in ("trick_play", "over") or (won and won[seat]):
            parts.append(_("won {n}", n=won[seat]))
        locked = view.get("exchange_locked")
        if locked:
            parts.append(_("card passed") if locked[seat] else _("passing"))
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
    return tags


def _colour_key(d: Any, y: float) -> float:
    """The colour pairs under every picture: blue = Oars + Waves, green = Shells + Maps. Where
    a language's words do not fit one line ("grün: Muscheln & Seekarten" ran off the picture),
    the colour words go (the swatches show the colours); where even that does not fit, the
    second pair takes a line of its own."""
    pairs = (("ow", BLUE_INK, BLUE_PAPER, _("blue")), ("sm", GREEN_INK, GREEN_PAPER, _("green")))
    named = [
        _(
            "{colour}: {first} & {second}",
            colour=word,
            first=_suit_name(suits[0]),
            second=_suit_name(suits[1]),
        )
        for suits, _ink, _paper, word in pairs
    ]
    gap = 30
    if _key_width(named, gap) > draw.WIDTH - 8:
        gap = 24
        named = [
            _("{first} & {second}", first=_suit_name(suits[0]), second=_suit_name(suits[1]))
            for suits, _ink, _paper, _word in pairs
        ]
    x = 20.0
    for (suits, ink, paper, _word), text in zip(pairs, named, strict=True):
        if x > 20 and x + 92 + draw.text_w(text, draw.SMALL) > draw.WIDTH - 8:
            x, y = 20.0, y + 48
        d.rounded_rectangle((x, y, x + 82, y + 40), 10, fill=paper)
        PIPS[suits[0]](d, x + 22, y + 20, 28, ink)
        PIPS[suits[1]](d, x + 60, y + 20, 28, ink)
        x = draw.label(d, x + 92, y + 8, text, draw.SMALL, draw.MUTED) + gap
    return y + 48


def _key_width(texts: Sequence[str], gap: float) -> float:
    """How far the colour key's line reaches with these words, ``gap`` px between the pairs."""
    return 20 + sum(92 + draw.text_w(t, draw.SMALL) for t in texts) + gap * (len(texts) - 1)


def _later_knobs(view: Mapping[str, Any]) -> dict[str, int]:
    """The cards that are the Knob of a later trick of this hand, by that trick's number (spec
    §3.2: each card is the Knob of at most one trick); the number tells when it turns Knob."""
    trick = view.get("trick")
    now = (view.get("trick_number") or 0) if trick else 0
    return {
        _knob_code(t.get("knob")): k
        for k, t in enumerate(view.get("tide_tricks") or [], start=1)
        if k > now and t.get("knob_in_play")
    }


def _phase_name(phase: str) -> str:
    """A phase's name for the header (outside trick play, which names its trick instead)."""
    if phase == "moon":
        return _("moon")
    if phase == "exchange":
        return _("exchange")
    if phase == "bidding":
        return _("bidding")
    if phase == "over":
        return _("over")
    return phase.replace("_", " ")


class RowboatPictures(Drawer):
    """Rowboat's table (the Tide, the trick, the scores) and hand, in the blue and green pairs."""

    def _knob_out(self) -> str:
        """The renderer's word for a Knob lying in the Tide (one word in text and picture)."""
        word = self.words.terms.get("knob_out")
        return str(translate(word)) if word else _("in the Tide")

    def table_header(self, view: Mapping[str, Any], names: Sequence[str] | None = None) -> str:
        """The header's words: where the game stands, then who acts in the renderer's words."""
        trick = view.get("trick")
        detail = _("Hand {number}", number=view.get("hand_number", 1))
        if view.get("moon"):
            detail += " · " + _("Moon {n}", n=view["moon"])
        if trick:
            detail += " · " + _(
                "trick {number} of {total}",
                number=trick["number"],
                total=view.get("tricks_in_hand", "?"),
            )
        elif view.get("phase") != "trick_play":
            detail += " · " + _phase_name(str(view.get("phase", "")))
        doing = self.words.acting(view, names)
        return f"{detail} · {doing}" if doing else detail

    def table_image(self, view: Mapping[str, Any], names: Sequence[str] | None = None) -> bytes:
        """The public table: Tide strip, this trick's trump and Knob, the trick around the table."""
        img, d = draw.canvas(1000, PALETTE)
        trick = view.get("trick")
        title = "Rowboat"  # untranslated: the game's own name, as on its box
        y = draw.header(d, title, self.table_header(view, names))
        y = _tide(d, y, view)
        if trick:
            y = _ruling_line(d, y, trick, self._knob_out())
        played: dict[int, Held] = {}
        caption = ""
        if trick and trick.get("plays"):
            for play in trick["plays"]:
                badge, fill = _marks(play["card"], trick)
                played[play["seat"]] = Held(face(play["card"]), badge=badge, badge_fill=fill)
        elif view.get("last_trick"):
            last = view["last_trick"]
            winner = last.get("winner")
            for play in last["plays"]:
                won = play["seat"] == winner
                played[play["seat"]] = Held(
                    face(play["card"]), dim=not won, ring=draw.GOLD if won else None
                )
            if last.get("tied"):
                caption = _("Trick {number}: tied", number=last["number"])
            else:
                caption = _(
                    "Trick {number} to {name}",
                    number=last["number"],
                    name=draw.seat_name(names, winner),
                )
        elif view.get("phase") == "over":
            caption = _("Game over")
        height = 360 if played else 280
        y = draw.trick_table(
            d, y + 8, _seat_tags(view, names), played, caption=caption, height=height
        )
        # the scores are in the text beside the picture, the colour pairs on the hand's picture
        return draw.png(draw.crop(img, int(y) + 12))

    def hand_image(self, view: Mapping[str, Any], names: Sequence[str] | None = None) -> bytes:
        """The seat's own hand: unplayable cards dimmed on its turn, trumps and the Knob marked,
        the Knobs of later tricks numbered, married cards tagged (they may not be played before
        their trick)."""
        img, d = draw.canvas(900, PALETTE)
        trick = view.get("trick")
        hand = list(view.get("hand") or [])
        playable = view.get("playable")
        married = {m["card"]: m["trick"] for m in view.get("married") or []}
        seat = view.get("seat", 0)
        count = _n("{n} card", "{n} cards", len(hand))
        y = draw.header(d, _("Your hand"), f"{draw.seat_name(names, seat)} · {count}")
        if trick:
            y = _ruling_line(d, y, trick, self._knob_out()) + 6
        later = _later_knobs(view)
        cards = []
        for code in hand:
            badge, fill = _marks(code, trick)
            if not badge and code in later:
                badge, fill = f"K{later[code]}", LATER_KNOB
            if code in married:
                badge, fill = f"M{married[code]}", MARRIED
            cards.append(
                Held(
                    face(code),
                    dim=playable is not None and code not in playable,
                    badge=badge,
                    badge_fill=fill,
                )
            )
        if not cards:
            draw.label(d, 20, y + 10, _("No cards in hand"), draw.SMALL, draw.MUTED)
            y += 50
        y = draw.hand_rows(d, y, cards)
        keys = [(_("T trump"), draw.GOLD), (_("K Knob"), KNOB)] if trick else []
        if later and any(code in later for code in hand):
            keys.append((_("Kn Knob of trick n"), LATER_KNOB))
        if married:
            keys.append((_("M married (trick n)"), MARRIED))
        if playable is not None:
            keys.append((_("grey: not playable now"), draw.DIM_PAPER))
        if keys:
            y = draw.legend(d, y, keys)
        # the same under every hand: painted once (a table's Tide strip or trick line, which
        # change once a trick, are not: at 100 tables their cache only churned, issue 36); one
        # tile per language, as its words are the language's
        key = ("colour key", current_locale())  # untranslated: the tile's cache key
        y = draw.section(d, y + 4, key, _colour_key)
        return draw.png(draw.crop(img, int(y) + 6))

    def hand_key(
        self, view: Mapping[str, Any], names: Sequence[str] | None = None
    ) -> Hashable | None:
        """Everything the hand picture draws: the seat's name, cards, which of them are
        playable, married and later Knobs, and this trick's number, trump and Knob (another
        seat's card on the trick changes none of it)."""
        trick = view.get("trick")
        ruling = None
        if trick:
            knob = trick["knob"]
            live = bool(trick.get("knob_in_play"))
            ruling = (trick["number"], trick["trump"], knob["rank"], knob["suit"], live)
        playable = view.get("playable")
        married = sorted((m["card"], m["trick"]) for m in view.get("married") or [])
        return (
            draw.seat_name(names, view.get("seat", 0)),
            tuple(view.get("hand") or []),
            None if playable is None else frozenset(playable),
            tuple(married),
            ruling,
            tuple(sorted(_later_knobs(view).items())),
        )
