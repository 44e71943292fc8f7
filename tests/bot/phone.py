"""What a player sees on a phone: every game's table and hand messages at each kind of decision,
built by the real presenter and pictures, and a layout model of their height at 390 px.

Why a model and not the browser: the previewer (``/work/shared/tools/discord-preview``) takes
~6 s a message, too slow for a test over every game and decision; the model below was
calibrated once against its measured heights (see ``CALIBRATION``), and ``python -m
tests.bot.phone OUT`` writes the payloads (with their pictures) for the previewer again.

The model, at a 390 px window (the previewer's ``--phone``): a message is ``MESSAGE`` px of
author line and padding; its content lines; an embed of ``EMBED`` px padding with its title,
description, fields (inline fields three to a row), footer and picture; the action rows; and the
ephemeral note of a hand. Text wraps at ``chars`` characters a line for its font (an emoji counts
two); the picture is shown at ``min(PICTURE_W / w, PICTURE_H / h)`` of its size (Discord's embed
image is at most 300 px high and as wide as the embed, 292 px here).
"""

from __future__ import annotations

import base64
import io
import json
import random
import sys
import unicodedata
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import discord
from PIL import Image

from bot.model import GameInfo, Seat
from bot.render.base import renderer_for
from bot.table.log import TableLog
from bot.table.pictures import HAND_FILE, TABLE_FILE, Pictures, show
from bot.table.presentation import Presenter
from games import registry

#: the games and the player count each is shown with (the most seats each allows: tallest)
GAMES = {"rowboat": 4, "boat": 4, "game_of_rows": 4, "boat_canasta": 4, "turn_the_tide": 5}
NAMES = ("Alice", "Bob", "Carmen", "Dmitri", "Eve")
#: a phone screen's height that the message must fit in, as the previewer draws it
SCREEN = 844
#: the embed picture's largest displayed size at 390 px (the embed's inner width; Discord's cap)
PICTURE_W = 292
PICTURE_H = 300


class _NoSnapshots:
    def active(self, game_id: int, seat: int | None = None) -> list[Any]:
        return []

    def register(self, update: Any) -> list[Any]:
        return []


class _NoWindows:
    def timers(self, game_id: int, state: Any, game: str) -> dict[str, float]:
        return {}


@dataclass
class Position:
    """One moment of a game worth looking at: its kind, the state, the public log so far."""

    game: str
    kind: str
    state: Any
    version: int
    log: TableLog = field(default_factory=TableLog)
    #: the seats at the table (None: the game's count in :data:`GAMES`)
    players: int | None = None

    @property
    def seats(self) -> int:
        return self.players or GAMES[self.game]


def info_of(game: str, players: int, version: int, status: str = "live") -> GameInfo:
    seats = tuple(
        Seat(s, 1000 + s if s < 2 else None, NAMES[s], None if s < 2 else "normal")
        for s in range(players)
    )
    return GameInfo(1, 10, 20, game, 1000, status, seats, {}, 7, version)  # type: ignore[arg-type]


def positions(game: str, seed: int = 3, players: int | None = None) -> list[Position]:
    """A seeded random game's positions by kind: ``start``, ``mid`` (the middle of the game),
    the first state of each other phase (``phase:<name>``: the special decisions), the first
    whose hand offers second screens (``second screen``: nav focuses), ``round end`` (just after
    a hand or round was scored) and ``over``; at ``players`` seats (None: :data:`GAMES`'s)."""
    count = players
    players = players or GAMES[game]
    engine = registry.get(game)
    render = renderer_for(game)
    profile = registry.package(game).profile
    rng = random.Random(seed)
    state = engine.new_game(players, dict(profile.options), seed=seed)
    log = TableLog()
    ctx = Presenter(log, _NoSnapshots(), _NoWindows()).context  # type: ignore[arg-type]
    found: dict[str, Position] = {}

    def keep(kind: str, version: int) -> None:
        copy = TableLog()
        copy._logs = {k: type(v)(v, maxlen=v.maxlen) for k, v in log._logs.items()}
        found.setdefault(kind, Position(game, kind, state, version, copy, count))

    keep("start", 0)
    version = 0
    for _ in range(profile.max_steps):
        if engine.is_over(state):
            break
        seat = rng.choice(engine.to_act(state))
        state, events = engine.apply(state, seat, rng.choice(engine.legal_actions(state, seat)))
        version += 1
        log.note(1, render, ctx(info_of(game, players, version)), tuple(events))
        phase = str(engine.view(state, None).get("phase"))
        if not engine.is_over(state):
            keep(f"phase:{phase}", version)
            if any(render.sheet_cells(e, players) is not None for e in events):
                keep("round end", version)
            if version == max(5, min(profile.typical_steps // 2, 60)):
                keep("mid", version)
            if "second screen" not in found and _has_navs(game, state, version, log, count):
                keep("second screen", version)
    keep("over", version)
    return list(found.values())


@dataclass(frozen=True)
class Message:
    """A message as Discord would get it: its JSON payload and its picture's bytes."""

    payload: dict[str, Any]
    picture: bytes | None

    def picture_size(self) -> tuple[int, int] | None:
        if self.picture is None:
            return None
        with Image.open(io.BytesIO(self.picture)) as img:
            return img.size


def _payload(
    embed: discord.Embed, view: discord.ui.View, files: Sequence[discord.File], ephemeral: bool
) -> dict[str, Any]:
    out: dict[str, Any] = {"embeds": [embed.to_dict()], "components": view.to_components()}
    if files:
        out["attachments"] = [
            {"id": i, "filename": f.filename, "description": f.description}
            for i, f in enumerate(files)
        ]
    if ephemeral:
        out["flags"] = 64
    return out


async def messages(
    position: Position, pictures: bool, focus: str | None = None
) -> tuple[Message, Message, int]:
    """The table and the hand (at nav ``focus``) of the seat to act (else seat 0) at
    ``position``, with pictures on or off, as the presenter and the picture cache make them;
    and that seat."""
    game = position.game
    players = position.seats
    engine = registry.get(game)
    over = engine.is_over(position.state)
    info = info_of(game, players, position.version, "finished" if over else "live")
    presenter = Presenter(position.log, _NoSnapshots(), _NoWindows())  # type: ignore[arg-type]
    drawn = Pictures(enabled=pictures)
    embed, view = presenter.table_message(info, position.state)
    file = await drawn.table(info, position.state)
    data = None if file is None else file.fp.read()
    alt = None if file is None else file.description
    file = None if data is None else discord.File(io.BytesIO(data), TABLE_FILE, description=alt)
    table = Message(_payload(embed, view, show(embed, file), False), data)
    waiting = engine.to_act(position.state)
    seat = waiting[0] if waiting else 0
    embed, view = presenter.hand_message(info, position.state, seat, focus)
    file = await drawn.hand(info, position.state, seat)
    data = None if file is None else file.fp.read()
    alt = None if file is None else file.description
    file = None if data is None else discord.File(io.BytesIO(data), HAND_FILE, description=alt)
    hand = Message(_payload(embed, view, show(embed, file), True), data)
    return table, hand, seat


def _has_navs(
    game: str, state: Any, version: int, log: TableLog, players: int | None = None
) -> bool:
    return bool(focuses(Position(game, "", state, version, log, players)))


def focuses(position: Position) -> list[str]:
    """The nav focuses the hand of the seat to act offers at ``position`` (its second screens:
    a card's targets, a rank's melds), each a decision with controls of its own."""
    game = position.game
    engine = registry.get(game)
    if engine.is_over(position.state):
        return []
    info = info_of(game, position.seats, position.version)
    presenter = Presenter(position.log, _NoSnapshots(), _NoWindows())  # type: ignore[arg-type]
    waiting = engine.to_act(position.state)
    seat = waiting[0] if waiting else 0
    spec = renderer_for(game).hand(
        presenter.context(info, position.state),
        engine.view(position.state, seat),
        seat,
        engine.legal_actions(position.state, seat),
    )
    return [nav.focus for nav in spec.navs if nav.focus]


# ---------------------------------------------------------------- the layout model


def _columns(text: str) -> int:
    """Characters as the width they take: an emoji or wide sign counts two."""
    return sum(
        2 if unicodedata.east_asian_width(c) in "WF" or ord(c) > 0x1F000 else 1
        for c in text
        if unicodedata.category(c) not in ("Mn", "Cf")
    )


def _strip(text: str) -> str:
    return text.replace("**", "").replace("__", "").replace("`", "").replace("*", "")


def _lines(text: str, chars: int) -> int:
    """Lines ``text`` takes when it wraps at ``chars`` columns (word wrap, roughly)."""
    total = 0
    for line in _strip(text).split("\n"):
        if line.startswith("-# "):
            line = line[3:]
        cols = _columns(line)
        total += max(1, -(-cols // chars)) if cols else 1
    return total


#: characters a line at the embed's inner width (292 px) holds, per font
DESC_CHARS = 40  # 14 px description and field values
TITLE_CHARS = 33  # 16 px semibold title
FOOTER_CHARS = 46  # 12 px footer
CONTENT_CHARS = 38  # 16 px message content at the 324 px message width
#: px: the author line and padding of a message; an embed's padding; the ephemeral note
MESSAGE = 44
EMBED = 26
EPHEMERAL = 20
ROW = 40  # an action row of buttons (32 px and an 8 px gap)
SELECT = 48  # a select menu's row
#: buttons a row holds at 324 px before it wraps: measured per label (px per character)
ROW_WIDTH = 324


def _button_w(button: dict[str, Any]) -> float:
    label = str(button.get("label") or "")
    emoji = 22 if button.get("emoji") else 0
    return max(60.0, 32 + 7.6 * len(label) + emoji) + 8


def _row_height(row: dict[str, Any]) -> int:
    items = row.get("components") or []
    if any(item.get("type") == 3 for item in items):
        return SELECT
    lines, x = 1, 0.0
    for item in items:
        w = _button_w(item)
        if x and x + w > ROW_WIDTH:
            lines, x = lines + 1, 0.0
        x += w
    return ROW + (lines - 1) * ROW


def _embed_height(embed: dict[str, Any], picture: tuple[int, int] | None) -> float:
    h = float(EMBED)
    if embed.get("title"):
        h += 8 + 22 * _lines(embed["title"], TITLE_CHARS)
    if embed.get("description"):
        h += 8 + 18 * _lines(embed["description"], DESC_CHARS)
    fields = embed.get("fields") or []
    i = 0
    while i < len(fields):
        run = [fields[i]]
        if fields[i].get("inline"):
            while len(run) < 3 and i + len(run) < len(fields) and fields[i + len(run)]["inline"]:
                run.append(fields[i + len(run)])
        chars = DESC_CHARS // len(run)
        h += 8 + max(
            18 * _lines(f["name"], chars) + 2 + 18 * _lines(f["value"], chars) for f in run
        )
        i += len(run)
    if embed.get("footer"):
        h += 8 + 16 * _lines(embed["footer"]["text"], FOOTER_CHARS)
    if picture is not None:
        w, ph = picture
        h += 16 + ph * min(PICTURE_W / w, PICTURE_H / ph, 1.0)
    return h


def height(message: Message) -> float:
    """The message's height in px at 390 px wide by the model (see the module's docstring)."""
    payload = message.payload
    h = float(MESSAGE)
    if payload.get("content"):
        h += 22 * _lines(payload["content"], CONTENT_CHARS)
    for embed in payload.get("embeds") or []:
        h += _embed_height(embed, message.picture_size())
    for row in payload.get("components") or []:
        h += _row_height(row)
    if payload.get("flags", 0) & 64:
        h += EPHEMERAL
    return h


def preview_json(message: Message) -> dict[str, Any]:
    """The payload with its picture's bytes, for the previewer (``_files``)."""
    out = dict(message.payload)
    if message.picture is not None:
        name = out["attachments"][0]["filename"]
        out["_files"] = {name: base64.b64encode(message.picture).decode()}
    return out


def all_messages(pictures: bool) -> Iterator[tuple[Position, Message, Message, int]]:
    import asyncio

    for game in GAMES:
        for position in positions(game):
            table, hand, seat = asyncio.run(messages(position, pictures))
            yield position, table, hand, seat


def main(out: str, pictures: bool = True) -> None:
    """Write one table and one hand payload per game and kind (``mid`` and ``start``) to ``out``,
    with the model's height in the name, for the previewer."""
    folder = Path(out)
    folder.mkdir(parents=True, exist_ok=True)
    for position, table, hand, _seat in all_messages(pictures):
        if position.kind not in ("mid",):
            continue
        for what, message in (("table", table), ("hand", hand)):
            name = f"{position.game}_{what}.json"
            (folder / name).write_text(json.dumps(preview_json(message)))
            print(name, round(height(message)))


if __name__ == "__main__":
    main(sys.argv[1], pictures=sys.argv[2:] != ["off"])
