"""Every reachable state fits Discord's limits: random playouts through every registered engine,
rendering the table, every seat's hand (through the real component builders) and every private
snapshot at each step, with the longest display names Discord allows.

The first seed is drawn in :data:`bot.i18n.LONGEST`, each message in the longest of its
translations, English included (issue 41: a state that fits the longest words fits every
language), the other seed in English: one language a seed, so the languages cost no extra
states (the seeds add states, not words)."""

from __future__ import annotations

import random
import unicodedata
from typing import Any

import pytest

from bot import controls
from bot.i18n import ENGLISH, LONGEST, speaking
from bot.render import (
    MAX_BUTTONS_PER_ROW,
    MAX_CONTENT,
    MAX_CUSTOM_ID,
    MAX_DESCRIPTION,
    MAX_EMBED_TOTAL,
    MAX_FIELD_NAME,
    MAX_FIELD_VALUE,
    MAX_FIELDS,
    MAX_FOOTER,
    MAX_LABEL,
    MAX_ROWS,
    MAX_SELECT_OPTIONS,
    MAX_TITLE,
    EmbedSpec,
    TableContext,
)
from bot.render import lobby as render_lobby
from bot.render.base import SnapshotWording, renderer_for
from bot.sessions import GameInfo, Seat
from bot.table.scoresheet import with_score_sheet
from games import Event, registry
from games.core import snapshot_lifetime

NAMES = ["W" * 32, "Ĳ" * 32, "m" * 32, "🌊" * 32, "x" * 32]  # 32 = Discord's name limit


def check_embed(embed: dict[str, Any]) -> None:
    assert len(embed.get("title", "")) <= MAX_TITLE
    assert len(embed.get("description", "")) <= MAX_DESCRIPTION
    fields = embed.get("fields", [])
    assert len(fields) <= MAX_FIELDS
    total = len(embed.get("title", "")) + len(embed.get("description", ""))
    for f in fields:
        assert 0 < len(f["name"]) <= MAX_FIELD_NAME and 0 < len(f["value"]) <= MAX_FIELD_VALUE, f
        total += len(f["name"]) + len(f["value"])
    footer = embed.get("footer", {}).get("text", "")
    assert len(footer) <= MAX_FOOTER
    assert total + len(footer) <= MAX_EMBED_TOTAL


def check_components(rows: list[dict[str, Any]]) -> None:
    assert len(rows) <= MAX_ROWS
    for row in rows:
        items = row["components"]
        selects = [c for c in items if c["type"] == 3]
        assert len(items) <= (1 if selects else MAX_BUTTONS_PER_ROW)
        for c in items:
            assert len(c["custom_id"]) <= MAX_CUSTOM_ID
            if c["type"] == 2:
                assert 0 < len(c.get("label") or "x") <= MAX_LABEL
            else:
                assert 1 <= len(c["options"]) <= MAX_SELECT_OPTIONS
                assert len(c.get("placeholder") or "") <= 150
                for o in c["options"]:
                    assert len(o["label"]) <= 100 and len(o["value"]) <= 100
                    assert len(o.get("description") or "") <= 100
                assert len({o["value"] for o in c["options"]}) == len(c["options"])


def info_for(game: str, players: int, status: str = "live") -> GameInfo:
    seats = tuple(Seat(s, 10_000 + s, NAMES[s]) for s in range(players))
    return GameInfo(
        id=987_654_321_012,
        guild_id=1,
        channel_id=2,
        game=game,
        host_id=10_000,
        status=status,  # type: ignore[arg-type]
        seats=seats,
        options={},
        seed=0,
        version=123_456,
    )


CASES = [
    (engine.name, n)
    for engine in registry.engines()
    for n in range(engine.min_players, engine.max_players + 1)
]


#: every seat's hand (and its Played history) is drawn at every EVERY-th step; in between, the
#: hands of the seats to act only. Why: the hand of a seat that is not to act changes little from
#: one step to the next and carries no controls, while drawing every hand at every step (and the
#: whole history of the hand in each, which grows with it) made these walks the suite's largest
#: cost; a hand's longest history is checked anyway, just before the next hand clears it.
EVERY = 3


def drawn_seats(engine: Any, state: Any, players: int, step: int) -> list[int]:
    """The seats whose hands are drawn at ``step`` (see :data:`EVERY`)."""
    if step % EVERY == 0 or engine.is_over(state):
        return list(range(players))
    acting = set(engine.to_act(state))
    return [seat for seat in range(players) if seat in acting]


def check_played(render: Any, ctx: Any, view: Any, seat: int, so_far: list[Event]) -> None:
    played = render.played(ctx, view, seat, so_far)
    if played is not None:  # issue 37: the hand's history fits too
        check_embed(controls.to_embed(played).to_dict())  # type: ignore[arg-type]


@pytest.mark.parametrize(("game", "players"), CASES)
async def test_random_states_fit_discord_limits(game: str, players: int) -> None:
    engine = registry.get(game)
    render = renderer_for(game)
    profile = registry.package(game).profile
    seeds = 2  # one in the longest words, one in English (see language_of)
    steps = min(400, 3 * profile.typical_steps)
    info = info_for(game, players)
    checked = 0
    for seed in range(seeds):
        with speaking(language_of(seed)):
            checked += walk_limits(engine, render, info, players, steps, seed)
    assert checked >= seeds * players  # every seat of every seed was drawn at least once


def language_of(seed: int) -> str:
    """The language a seed's states are drawn in: the longest words first, then English."""
    return LONGEST if seed == 0 else ENGLISH


def walk_limits(
    engine: Any, render: Any, info: GameInfo, players: int, steps: int, seed: int
) -> int:
    """One seed's random game, every drawn state checked; returns the hands drawn."""
    profile = registry.package(engine.name).profile
    checked = 0
    rng = random.Random(seed)
    state = engine.new_game(players, dict(profile.options), seed=seed)
    log: list[str] = []
    hand_so_far: list[list[Event]] = [[] for _ in range(players)]  # what Played is given
    for step in range(steps):
        ctx = TableContext(
            game_id=info.id,
            title=engine.title,
            names=tuple(NAMES[:players]),
            user_ids=tuple(range(players)),
            status="finished" if engine.is_over(state) else "live",
            log=tuple(log[-6:]),
        )
        spec = render.table(
            ctx, engine.view(state, None), engine.result(state), engine.to_act(state)
        )
        check_embed(controls.to_embed(spec).to_dict())  # type: ignore[arg-type]
        check_components(controls.table_view(info.id, snapshot=SnapshotWording()).to_components())
        for seat in drawn_seats(engine, state, players, step):
            legal = engine.legal_actions(state, seat)
            hand = render.hand(ctx, engine.view(state, seat), seat, legal)
            check_embed(controls.to_embed(hand.embed).to_dict())  # type: ignore[arg-type]
            view = controls.hand_view(
                info.id,
                seat,
                info.version,
                hand,
                snapshot=SnapshotWording(),
                step_away=True,
                played=render.played_button,
            )
            check_components(view.to_components())
            if step % EVERY == 0:
                check_played(render, ctx, engine.view(state, seat), seat, hand_so_far[seat])
            offered = {b.code for b in hand.buttons} | {
                a.code for c in hand.choices for a in c.actions
            }
            if render.offers_every_action:
                assert offered | set(hand.withheld) == {a.code for a in legal}
                assert not offered & set(hand.withheld)
            checked += 1
        if engine.is_over(state):
            break
        seat = rng.choice(engine.to_act(state))
        action = rng.choice(engine.legal_actions(state, seat))
        before = state
        state, events = engine.apply(state, seat, action)
        for event in events:
            for viewer, so_far in enumerate(hand_so_far):
                if render.starts_hand(event):
                    # the longest history of a hand is its last: checked before it clears
                    check_played(render, ctx, engine.view(before, viewer), viewer, so_far)
                    so_far.clear()
                if event.visible(viewer):
                    so_far.append(event)
            line = render.event_line(ctx, event, None)
            if line:
                assert len(line) <= MAX_FIELD_VALUE
                log.append(line)
            for viewer in event.visible_to or ():
                note = render.event_line(ctx, event, viewer)
                assert note is None or len(note) <= MAX_CONTENT
                shown = render.snapshot(ctx, event, viewer)
                if shown is not None:
                    check_embed(controls.to_embed(shown).to_dict())  # type: ignore[arg-type]
                    assert (snapshot_lifetime(engine, event) or 0) > 0
    return checked


@pytest.mark.parametrize("game", registry.names())
async def test_lobby_fits_with_full_seats(game: str) -> None:
    engine = registry.get(game)
    info = info_for(game, engine.max_players, status="lobby")
    for language in (ENGLISH, LONGEST):
        with speaking(language):
            lobby = render_lobby.lobby(info, engine, "n" * 500)
            check_embed(controls.to_embed(lobby).to_dict())  # type: ignore[arg-type]
            check_components(controls.lobby_view(info.id).to_components())


#: display names as people have them (Discord allows 32; the phone check uses a usual length)
PHONE_NAMES = ("Annabelle_12", "Benedict_123", "Cyrus_123456", "Dianne_12345", "Edmund_12345")
PHONE_COLUMNS = 40


def columns(line: str) -> int:
    """How wide a line is drawn: emoji and wide characters take two columns, joiners none."""
    wide = 0
    for c in line:
        if unicodedata.category(c) in ("Mn", "Cf"):
            continue
        wide += 2 if unicodedata.east_asian_width(c) in "WF" or ord(c) > 0x1F000 else 1
    return wide


def narrow_lines(spec: Any) -> list[str]:
    """Lines a phone cannot wrap or squeezes into a column: every line of an inline field and
    every line of a code block (Discord scrolls those sideways instead of wrapping)."""
    lines = []
    for f in spec.fields:
        if f.inline:
            lines += [f.name, *f.value.splitlines()]
        for block in f.value.split("```")[1::2]:
            lines += block.splitlines()
    for block in spec.description.split("```")[1::2]:
        lines += block.splitlines()
    return lines


@pytest.mark.parametrize(("game", "players"), CASES)
def test_random_states_fit_a_phone(game: str, players: int) -> None:
    """Issue 15: with usual names, no column of a table or hand is wider than ~40 characters,
    so a phone shows it without cutting or sideways scrolling."""
    engine = registry.get(game)
    render = renderer_for(game)
    profile = registry.package(game).profile
    for seed in range(2):
        with speaking(language_of(seed)):
            walk_phone(engine, render, profile, players, seed)


def walk_phone(engine: Any, render: Any, profile: Any, players: int, seed: int) -> None:
    """One seed's random game, each drawn state's columns checked."""
    rng = random.Random(seed)
    state = engine.new_game(players, dict(profile.options), seed=seed)
    so_far: list[list[Event]] = [[] for _ in range(players)]  # the Played answer's input
    for step in range(min(400, 3 * profile.typical_steps)):
        status = "finished" if engine.is_over(state) else "live"
        ctx = TableContext(1, engine.title, PHONE_NAMES[:players], tuple(range(players)), status)
        view = engine.view(state, None)
        specs = [render.table(ctx, view, engine.result(state), engine.to_act(state))]
        for seat in drawn_seats(engine, state, players, step):
            legal = engine.legal_actions(state, seat)
            specs.append(render.hand(ctx, engine.view(state, seat), seat, legal).embed)
            if step % EVERY == 0:
                played = render.played(ctx, engine.view(state, seat), seat, so_far[seat])
                if played is not None:
                    specs.append(played)
        for spec in specs:
            for line in narrow_lines(spec):
                assert columns(line) <= PHONE_COLUMNS, line
        if engine.is_over(state):
            break
        seat = rng.choice(engine.to_act(state))
        before = state
        state, events = engine.apply(state, seat, rng.choice(engine.legal_actions(state, seat)))
        for event in events:
            for viewer, seen in enumerate(so_far):
                if render.starts_hand(event):
                    last = render.played(ctx, engine.view(before, viewer), viewer, seen)
                    for line in narrow_lines(last) if last is not None else ():
                        assert columns(line) <= PHONE_COLUMNS, line
                    seen.clear()
                if event.visible(viewer):
                    seen.append(event)


def test_the_score_sheet_fits_a_phone_with_five_players() -> None:
    spec = with_score_sheet(
        EmbedSpec("t"), PHONE_NAMES, [(s,) for s in range(5)], [(-120, 45, 300, 0, 7)] * 2
    )
    assert spec.fields and all(columns(line) <= PHONE_COLUMNS for line in narrow_lines(spec))
