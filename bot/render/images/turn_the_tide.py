"""Turn the Tide pictures: the latest reveal (both tide cards and every weather card played),
each player's tide level and life preservers; and the hand of weather cards.

Why the weather cards are shaded from sunny to stormy: a card's value decides who takes which
tide card, and its preserver icon (none / half / whole, spec §1.1) is the other thing a
player weighs; shading and a drawn buoy let both be seen without reading numbers closely.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from typing import Any

from PIL import ImageDraw

from bot.i18n import texts, translate
from bot.render.images import draw
from bot.render.images.base import Drawer
from bot.render.images.draw import RGB, Face, Held

_, _n = texts("turn_the_tide")

# tide cards, and weather cards shaded from sunny to stormy
TIDE_INK: RGB = (245, 250, 255)
TIDE_PAPER: RGB = (30, 110, 170)
WEATHER_INK: RGB = (20, 36, 70)
SUN: RGB = (255, 242, 196)
STORM: RGB = (196, 210, 232)
# life preservers
BUOY: RGB = (238, 92, 40)
BAND: RGB = (240, 240, 240)
LOST_BAND: RGB = (150, 150, 150)


def weather_tint(value: int) -> RGB:
    """The paper of weather card ``value`` (1..60), from sunny to stormy."""
    t = (value - 1) / 59
    r, g, b = (round(a + (z - a) * t) for a, z in zip(SUN, STORM, strict=True))
    return (r, g, b)


PALETTE = draw.Palette(
    TIDE_INK,
    TIDE_PAPER,
    WEATHER_INK,
    SUN,
    STORM,
    BUOY,
    BAND,
    LOST_BAND,
    *(weather_tint(v) for v in range(1, 61)),
)


def buoy(
    d: ImageDraw.ImageDraw,
    cx: float,
    cy: float,
    r: float,
    kind: str = "whole",
    lost: bool = False,
    hole: RGB = draw.BG,
) -> None:
    """A life preserver ring: orange with white bands; a half icon is the top
    half only; a lost (face-down) preserver is grey."""
    colour = draw.FAINT if lost else BUOY
    box = (cx - r, cy - r, cx + r, cy + r)
    inner = r * 0.5
    if kind == "half":
        d.pieslice(box, 180, 360, fill=colour)
        d.pieslice((cx - inner, cy - inner, cx + inner, cy + inner), 180, 360, fill=hole)
        return
    d.ellipse(box, fill=colour)
    band = LOST_BAND if lost else BAND
    w = max(2, round(r * 0.35))
    d.line((cx - r, cy, cx + r, cy), fill=band, width=w)
    d.line((cx, cy - r, cx, cy + r), fill=band, width=w)
    d.ellipse((cx - inner, cy - inner, cx + inner, cy + inner), fill=hole)


def icon(value: int) -> str:
    """The preserver icon printed on weather card ``value`` (spec §1.1's bands)."""
    if 25 <= value <= 36:
        return "whole"
    if 13 <= value <= 24 or 37 <= value <= 48:
        return "half"
    return "none"


def _weather_art(
    d: ImageDraw.ImageDraw, face: Face, x: float, y: float, w: int, h: int, dim: bool
) -> None:
    """A weather card: its value in the corner and its preserver icon (none, half, whole) below."""
    draw.corner_rank(d, x, y, w, face.rank, draw.DIM_INK if dim else face.ink)
    kind = icon(int(face.rank))
    if kind != "none":
        paper = draw.DIM_PAPER if dim else face.tint
        buoy(d, x + w / 2, y + h * 0.66, w * 0.24, kind, lost=dim, hole=paper)


def weather(code: str) -> Face:
    """A weather card: paper shaded from sunny (1) to stormy (60)."""
    return Face(code, tint=weather_tint(int(code)), ink=WEATHER_INK, art=_weather_art)


def _number_art(
    d: ImageDraw.ImageDraw, face: Face, x: float, y: float, w: int, h: int, dim: bool
) -> None:
    """A tide card: its level, large in the middle."""
    ink = draw.DIM_INK if dim else face.ink
    draw.write(d, x + w / 2, y + h / 2, face.rank, round(w * 0.6), ink, anchor="mm", bold=True)


def tide_card(code: str) -> Face:
    return Face(code, ink=TIDE_INK, tint=TIDE_PAPER, art=_number_art)


def _tide_level(d: Any, x: float, y: float, level: int, size: int = 56) -> None:
    """A tide level as a blue wave badge with the number; 0 is a dry beach."""
    d.rounded_rectangle((x, y, x + size, y + size), 12, fill=TIDE_PAPER if level else draw.PANEL)
    draw.centred(
        d,
        x + size / 2,
        y + size * 0.16,
        str(level),
        max(draw.SMALL, round(size * 0.55)),
        TIDE_INK,
        bold=True,
    )


def _reveal(d: Any, y: float, view: Mapping[str, Any], names: Sequence[str] | None) -> float:
    reveals = view.get("reveals") or []
    if not reveals:
        draw.label(d, 20, y, _("No cards revealed yet this round"), draw.SMALL, draw.MUTED)
        return y + 40
    rev = reveals[-1]
    lo, hi = rev["tide"]
    said = _("Hand {hand} revealed", hand=rev["hand"])
    x = draw.label(d, 20, y, said, draw.SMALL, draw.TEXT, bold=True)
    draw.label(d, x + 14, y + 2, _("tide {lo} and {hi}", lo=lo, hi=hi), draw.SMALL, draw.MUTED)
    y += 40
    choices = rev["choices"]
    n = len(choices)
    w = min(100, int((draw.WIDTH - 40 - (n - 1) * 14) / n))
    h = round(w * 1.36)
    step = w + 14
    x0 = (draw.WIDTH - (n * w + (n - 1) * 14)) / 2
    for seat, code in enumerate(choices):
        x = x0 + seat * step
        took = lo if seat == rev.get("lo_to") else hi if seat == rev.get("hi_to") else None
        if code is None:
            # the slot's caption is drawn at 2/5 of its width: a longer word is cut to fit
            out = draw.fit(_("out"), max(draw.SMALL, w * 2 // 5), w - 8)
            draw.slot(d, x, y + 12, w=w, h=h, text=out)
        else:
            ring = draw.GOLD if took is not None else None
            draw.card(d, x, y + 12, weather(code), w=w, h=h, ring=ring)
        name = draw.fit(draw.seat_name(names, seat), draw.SMALL, step - 4)
        draw.centred(d, x + w / 2, y + h + 22, name, draw.SMALL, draw.TEXT)
        if took is not None:
            took_text = _("tide {level}", level=took)
            if draw.text_w(took_text, draw.SMALL) > step - 4:  # a language's longer word
                took_text = str(took)  # the level alone, under the ringed card, beats an overlap
            draw.centred(d, x + w / 2, y + h + 54, took_text, draw.SMALL, draw.GOLD, bold=True)
    return y + h + 88


def _players(
    d: Any,
    y: float,
    view: Mapping[str, Any],
    names: Sequence[str] | None,
    terms: Mapping[str, str],
) -> float:
    """One line per player: tide level, preservers afloat and lost, turn status, score."""
    over = view.get("phase") == "over"
    winners = set(view.get("winners") or [])
    everyone = all(s.get("waiting") for s in view.get("seats") or [] if not s["eliminated"])
    for seat in view.get("seats") or []:
        s = seat["seat"]
        # everyone chooses at once: mark who is still choosing only once somebody has chosen
        waiting = seat.get("waiting") and not everyone
        outline = draw.ACTIVE if waiting else draw.GOLD if s in winners else None
        d.rounded_rectangle(
            (16, y, draw.WIDTH - 16, y + 72), 14, fill=draw.PANEL, outline=outline, width=3
        )
        _tide_level(d, 28, y + 8, seat["level"])
        name = draw.fit(draw.seat_name(names, s), draw.SMALL, 250)
        draw.label(
            d,
            98,
            y + 8,
            name,
            draw.SMALL,
            draw.FAINT if seat["eliminated"] else draw.TEXT,
            bold=True,
        )
        if seat["eliminated"]:
            status = translate(terms["out"]) if "out" in terms else _("washed away")
        elif over:
            status = ""
        elif seat.get("chosen"):
            status = _("has chosen")
        elif seat.get("waiting"):
            status = _("choosing")
        else:
            status = ""
        sub = _("{score} pts", score=seat["score"]) + (f" · {status}" if status else "")
        up, down = seat["preservers_up"], seat["preservers_down"]
        x = draw.WIDTH - 40 - 34 * (up + down)
        x = max(x, 360)
        # the score and status end before the preservers in every language
        draw.label(d, 98, y + 40, draw.fit(sub, draw.SMALL, x - 106), draw.SMALL, draw.MUTED)
        for k in range(up + down):
            buoy(d, x + 15, y + 36, 14, lost=k >= up, hole=draw.PANEL)
            x += 34 if up + down <= 11 else 30
        y += 82
    return y


def _hand_row(d: Any, y: float, cards: Sequence[Held]) -> float:
    """The hand in one row, the cards overlapping when twelve do not fit side by side; returns
    the y below it.

    Why one row: the kit's rows of nine put a twelve-card hand on two rows (408 px high). At
    twelve cards each shows 60 of its 78 px, all of its value and its preserver icon."""
    w, h = 78, 108
    n = len(cards)
    step = w + 7.0 if n < 2 else min(w + 7.0, (draw.WIDTH - 40 - w) / (n - 1))
    x = (draw.WIDTH - (w + step * (n - 1))) / 2 if n else 0.0
    for held in cards:
        draw.card(d, x, y + 18, held.face, w=w, h=h, ring=held.ring)
        x += step
    return y + h + 30


class TurnTheTidePictures(Drawer):
    """Turn the Tide's table (the tide cards, the latest reveal, every player) and hand."""

    def table_header(self, view: Mapping[str, Any], names: Sequence[str] | None = None) -> str:
        """The header's words: where the game stands, then who acts in the renderer's words."""
        detail = _(
            "Round {round} of {rounds}", round=view.get("round", 1), rounds=view.get("rounds", "?")
        )
        if view.get("phase") == "over":
            detail += " · " + _("game over")
        else:
            detail += " · " + _(
                "hand {hand} of {hands}",
                hand=view.get("hand_number", 1),
                hands=view.get("hands_per_round", 12),
            )
        doing = self.words.acting(view, names)
        return f"{detail} · {doing}" if doing else detail

    def table_image(self, view: Mapping[str, Any], names: Sequence[str] | None = None) -> bytes:
        """The public table: the tide cards now up, the latest reveal, every player's state."""
        img, d = draw.canvas(1400, PALETTE)
        y = draw.header(d, _("Turn the Tide"), self.table_header(view, names))
        tide = view.get("tide") or []
        if tide:
            now = draw.fit(_("Tide now"), draw.SMALL, 132)  # the tide cards start at x = 160
            draw.label(d, 20, y + 30, now, draw.SMALL, draw.TEXT, bold=True)
            x = 160.0
            for code in tide:
                draw.card(d, x, y, tide_card(code), w=72, h=100)
                x += 84
            lo, hi = sorted(tide, key=int)[0], sorted(tide, key=int)[-1]
            lo_text = _("highest card takes {level}", level=lo)
            hi_text = _("second highest takes {level}", level=hi)
            draw.label(d, x + 10, y + 12, lo_text, draw.SMALL, draw.MUTED)
            draw.label(d, x + 10, y + 52, hi_text, draw.SMALL, draw.MUTED)
            y += 118
        y = _reveal(d, y, view, names)
        y = _players(d, y, view, names, self.words.terms)
        return draw.png(draw.crop(img, int(y) + 6))

    def hand_image(self, view: Mapping[str, Any], names: Sequence[str] | None = None) -> bytes:
        """The seat's own weather cards with their preserver icons; the locked choice ringed."""
        img, d = draw.canvas(draw.MAX_HEIGHT, PALETTE)
        hand = list(view.get("hand") or [])
        seat = view.get("seat", 0)
        chosen = view.get("chosen_card")
        cards_text = _n("{n} weather card", "{n} weather cards", len(hand))
        y = draw.header(d, _("Your hand"), f"{draw.seat_name(names, seat)} · {cards_text}")
        mine = next((s for s in view.get("seats") or [] if s["seat"] == seat), None)
        if mine is not None:
            _tide_level(d, 20, y, mine["level"], 54)
            x = draw.label(d, 80, y + 10, _("your tide level"), draw.SMALL, draw.MUTED) + 20
            for k in range(mine["preservers_up"] + mine["preservers_down"]):
                buoy(d, x + 15, y + 24, 14, lost=k >= mine["preservers_up"])
                x += 34
            y += 60
        # the chosen card ringed (its word would not fit a card; the text says it)
        cards = [Held(weather(code), ring=draw.GOLD if code == chosen else None) for code in hand]
        y = _hand_row(d, y, cards)
        return draw.png(draw.crop(img, int(y) + 6))

    def hand_key(
        self, view: Mapping[str, Any], names: Sequence[str] | None = None
    ) -> Hashable | None:
        """The seat's name, cards, chosen card, level and preservers: all the hand picture
        draws (another seat's choice changes none of it)."""
        seat = view.get("seat", 0)
        mine = next((s for s in view.get("seats") or [] if s["seat"] == seat), None)
        own = (
            None
            if mine is None
            else (mine["level"], mine["preservers_up"], mine["preservers_down"])
        )
        hand = tuple(view.get("hand") or [])
        return (draw.seat_name(names, seat), hand, view.get("chosen_card"), own)
