"""README "Adding a game" is complete: a game built from exactly its tables is accepted.

The section's tables are read from README.md (so the docs cannot drift): the engine is built
with the engine attributes and methods they list and nothing else, the ``GAME`` record with the
fields they list, ``ai.py`` with the names they list, the renderer with its required parts and
``pictures``, the drawer with its parts. The game then lives where the README puts it: a real
package on disk that the registry discovers, and a ``bot/render/<name>`` module. It must pass
the conformance checks, be found by the registry and the AI lookup, render through
``renderer_for``, and be played to the end by the real bot with pictures on. The lists must
also match the code in the other direction: every part the contracts declare is listed.
"""

from __future__ import annotations

import dataclasses
import importlib.machinery
import inspect
import json
import random
import re
import sys
from collections.abc import AsyncIterator, Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from pydantic import Field

from bot.render import (
    ActionSpec,
    EmbedSpec,
    HandSpec,
    TableContext,
    event_audience,
    hand_embed,
    layout,
    table_embed,
)
from bot.render import base as render_base
from bot.render.base import Renderer, renderer_for
from bot.render.images import draw
from bot.render.images.base import Drawer
from games import registry
from games.cards import rigged_order, seed_rng
from games.core import (
    Action,
    AutomaticSteps,
    BaseEngine,
    Determinizer,
    Engine,
    Event,
    Explainer,
    GameOptions,
    GamePackage,
    IllegalAction,
    Observation,
    Opening,
    PlayoutProfile,
    Result,
    SnapshotHooks,
    WindowHooks,
    observe,
)
from tests.bot.flows import Table
from tests.bot.harness import FakeDiscord, User, start_bot
from tests.games.conformance import random_playout

README = Path(__file__).resolve().parents[1] / "README.md"
NAME = "pebbles"


# ---- the README's tables ----------------------------------------------------------------------


def section() -> str:
    text = README.read_text(encoding="utf-8")
    start = text.index("### Adding a game")
    end = text.index("\n### ", start + 1)
    return text[start:end]


def tables() -> dict[str, list[tuple[list[str], str]]]:
    """Each table of the section by its first header cell: its rows as (the names in the first
    cell, the second cell). ``dump(state)``, ``load(text)`` gives ``["dump", "load"]``."""
    found: dict[str, list[tuple[list[str], str]]] = {}
    rows: list[tuple[list[str], str]] | None = None
    for line in section().splitlines():
        if not line.startswith("|"):
            rows = None
            continue
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if rows is None:  # a table's header
            rows = found.setdefault(cells[0], [])
        elif not set(cells[0]) <= set("-: "):  # a row, not the header's underline
            names = re.findall(r"`([A-Za-z_][A-Za-z0-9_]*)[^`]*`", cells[0])
            rows.append((names, cells[1] if len(cells) > 1 else ""))
    return found


def listed(kind: str, *, required: bool = False) -> list[str]:
    """The names of a table (``required``: only the rows whose text starts "required:")."""
    rows = tables()[kind]
    return [
        n for names, text in rows if not required or text.startswith("required:") for n in names
    ]


ENGINE_ATTRIBUTES = "engine attribute"
ENGINE_METHODS = "engine method"
HOOKS = "optional engine hook"
GAME_FIELDS = "`GAME` field"
AI_NAMES = "`ai.py` name"
RENDERER_PARTS = "renderer part"
DRAWER_PARTS = "drawer part"


def test_the_section_has_every_table() -> None:
    kinds = (ENGINE_ATTRIBUTES, ENGINE_METHODS, HOOKS, GAME_FIELDS, AI_NAMES)
    assert set(tables()) == {*kinds, RENDERER_PARTS, DRAWER_PARTS}
    assert all(listed(kind) for kind in tables())
    assert listed(RENDERER_PARTS, required=True)


# ---- the lists match the code -----------------------------------------------------------------


def members(protocol: type) -> set[str]:
    """The names a protocol or ABC declares (not the ones every object has)."""
    return {
        name
        for name in {*vars(protocol), *getattr(protocol, "__annotations__", {})}
        if not name.startswith("_")
    }


def test_the_engine_tables_are_the_engine_contract() -> None:
    attributes, methods = set(listed(ENGINE_ATTRIBUTES)), set(listed(ENGINE_METHODS))
    # what a game sets is what BaseEngine leaves to it
    assert attributes == set(BaseEngine.__annotations__)
    supplied = {n for n, v in vars(BaseEngine).items() if callable(v) and not n.startswith("_")}
    assert not methods & supplied, "the README lists what BaseEngine already supplies"
    # with what BaseEngine supplies, the game's parts are the whole Engine protocol
    assert members(Engine) <= attributes | methods | supplied
    assert methods <= members(Engine)
    section_text = section()
    assert all(f"`{name}`" in section_text for name in supplied & members(Engine))


def test_the_hook_table_is_every_optional_hook() -> None:
    hooks = set(listed(HOOKS))
    assert hooks == set().union(
        *(
            members(p)
            for p in (WindowHooks, SnapshotHooks, Explainer, Determinizer, AutomaticSteps, Opening)
        )
    )


def test_the_game_table_is_the_game_record() -> None:
    assert set(listed(GAME_FIELDS)) == {f.name for f in dataclasses.fields(GamePackage)}


def test_the_renderer_table_is_the_renderer_contract() -> None:
    parts = set(listed(RENDERER_PARTS))
    assert parts == members(Renderer)
    assert set(listed(RENDERER_PARTS, required=True)) == Renderer.__abstractmethods__


def test_the_drawer_table_is_the_picture_contract() -> None:
    assert set(listed(DRAWER_PARTS)) == members(Drawer)
    assert set(listed(DRAWER_PARTS, required=True)) == Drawer.__abstractmethods__


# ---- Pebbles: a game made of the README's parts -----------------------------------------------

DECK = tuple(f"p{n}" for n in range(1, 7))


class PebblesOptions(GameOptions):
    first_player: int | None = Field(None, description="Seat that plays first (drawn if unset).")


@dataclass(frozen=True)
class State:
    """Each seat holds two pebbles; in turn, each lays one down; the highest pebble laid wins."""

    players: int
    hands: tuple[tuple[str, ...], ...]
    laid: tuple[tuple[int, str], ...]
    first: int


def _value(card: str) -> int:
    return int(card[1:])


def new_game(
    self: Any, players: int, options: Any = None, seed: int = 0, deck: Any = None
) -> State:
    self.check_players(players)
    opts = self.options(options)
    rng, first = self.first_seat(opts.first_player, players, seed_rng(seed), "first_player")
    order, _ = rigged_order(DECK, deck, rng)
    hands = tuple(tuple(order[2 * s : 2 * s + 2]) for s in range(players))
    return State(players, hands, (), first)


def to_act(self: Any, state: State) -> list[int]:
    return [] if self.is_over(state) else [(state.first + len(state.laid)) % state.players]


def legal_actions(self: Any, state: State, seat: int) -> list[Action]:
    return [Action("play", c) for c in state.hands[seat]] if seat in self.to_act(state) else []


def apply(self: Any, state: State, seat: int, action: Action | str) -> tuple[State, list[Event]]:
    action = self.coerce(action)
    if seat not in self.to_act(state):
        raise IllegalAction("It is not your turn.")
    if action.arg not in state.hands[seat]:
        raise IllegalAction(f"You hold no pebble {action.arg}.")
    hands = list(state.hands)
    hands[seat] = ()  # the other pebble goes back to the bag
    new = replace(state, hands=tuple(hands), laid=(*state.laid, (seat, action.arg)))
    events = [Event("play", None, {"seat": seat, "card": action.arg})]
    if self.is_over(new):
        events.append(Event("game_over", None, {"winners": self.result(new).winners}))
    return new, events


def view(self: Any, state: State, seat: int | None) -> dict[str, Any]:
    shown: dict[str, Any] = {
        "players": state.players,
        "to_act": self.to_act(state),
        "laid": [{"seat": s, "card": c} for s, c in state.laid],
    }
    if seat is not None:
        shown.update(seat=seat, hand=list(state.hands[seat]))
    return shown


def is_over(self: Any, state: State) -> bool:
    return len(state.laid) == state.players


def result(self: Any, state: State) -> Result:
    scores = [0] * state.players
    for seat, card in state.laid:
        scores[seat] = _value(card)
    best = max(scores)
    return Result(
        scores, [s for s, v in enumerate(scores) if v == best] if self.is_over(state) else []
    )


def dump(self: Any, state: State) -> str:
    return json.dumps(dataclasses.asdict(state))


def load(self: Any, text: str) -> State:
    raw = json.loads(text)
    hands = tuple(tuple(h) for h in raw["hands"])
    return State(raw["players"], hands, tuple((s, c) for s, c in raw["laid"]), raw["first"])


#: a value for each engine attribute and method the README may list
ENGINE_PARTS: dict[str, Any] = {
    "name": NAME,
    "title": "Pebbles",
    "min_players": 2,
    "max_players": 3,
    "Options": PebblesOptions,
    "card_copies": dict.fromkeys(DECK, 1),
    "verbs": {"play": True},
    **{f.__name__: f for f in (new_game, to_act, legal_actions, apply, view, is_over, result)},
    "dump": dump,
    "load": load,
}


def first_legal(observation: Observation, seed: int) -> str:
    return observation.legal[0]


def build_engine() -> Engine:
    parts = {
        name: ENGINE_PARTS[name] for name in listed(ENGINE_ATTRIBUTES) + listed(ENGINE_METHODS)
    }
    engine = type("PebblesEngine", (BaseEngine,), parts)()
    assert isinstance(engine, Engine)
    return engine


def build_game(engine: Engine) -> GamePackage:
    values = {
        "engine": engine,
        "summary": "**Goal.** Lay the highest pebble.",
        "profile": PlayoutProfile(options={}, typical_steps=3, max_steps=10),
        "position": 950,
        "practice_seed": None,
        "practice_players": 0,
        "practice_options": {},
    }
    return GamePackage(**{name: values[name] for name in listed(GAME_FIELDS)})


AI_PARTS: dict[str, Any] = {
    "LEVELS": {"first": first_legal, "deep": first_legal},
    "BUDGETS": {"deep": 8},
}


# ---- its renderer and pictures ----------------------------------------------------------------


def r_table(
    self: Renderer, ctx: TableContext, view: dict[str, Any], result: Result, to_act: Sequence[int]
) -> EmbedSpec:
    laid = " · ".join(f"{ctx.name(p['seat'])} {p['card']}" for p in view["laid"]) or "nothing yet"
    return table_embed(ctx, "Pebbles", f"Laid: {laid}", [], f"To act: {ctx.team(to_act)}")


def r_hand(
    self: Renderer,
    ctx: TableContext,
    view: dict[str, Any],
    seat: int,
    legal: Sequence[Action],
    focus: str | None = None,
) -> HandSpec:
    buttons, choices = layout(legal, lambda a: ActionSpec(a.code, f"Lay {a.arg}"))
    embed = hand_embed(ctx, "Pebbles", seat, [" ".join(view.get("hand") or [])], color=0x808080)
    return HandSpec(embed=embed, buttons=buttons, choices=choices)


def r_event_line(self: Renderer, ctx: TableContext, event: Event, seat: int | None) -> str | None:
    if event_audience(event, seat) is None:
        return None
    return f"{ctx.name(event.data.get('seat'))} {event.kind}"


PEBBLE: draw.RGB = (180, 170, 160)
PALETTE = draw.Palette(PEBBLE)


def d_table_image(
    self: Drawer, view: Mapping[str, Any], names: Sequence[str] | None = None
) -> bytes:
    img, d = draw.canvas(200, PALETTE)
    draw.header(d, "Pebbles", self.table_header(view, names))
    for k, play in enumerate(view["laid"]):
        draw.card(d, 20 + 90 * k, 70, draw.Face(play["card"][1:], tint=PEBBLE))
    return draw.png(img)


def d_table_header(
    self: Drawer, view: Mapping[str, Any], names: Sequence[str] | None = None
) -> str:
    doing = self.words.acting(view, names)
    return f"{len(view['laid'])} laid" + (f" · {doing}" if doing else "")


def d_hand_image(
    self: Drawer, view: Mapping[str, Any], names: Sequence[str] | None = None
) -> bytes:
    img, d = draw.canvas(200, PALETTE)
    y = draw.header(d, "Your hand", draw.seat_name(names, view["seat"]))
    draw.hand_rows(d, y, [draw.Held(draw.Face(c[1:], tint=PEBBLE)) for c in view["hand"]])
    return draw.png(img)


#: an implementation of each renderer and drawer part the README may list as needed
RENDERER_CODE: dict[str, Callable[..., Any]] = {
    "table": r_table,
    "hand": r_hand,
    "event_line": r_event_line,
}
DRAWER_CODE: dict[str, Callable[..., Any]] = {
    "table_image": d_table_image,
    "hand_image": d_hand_image,
    "table_header": d_table_header,
}


def build_renderer() -> Renderer:
    drawer_class = type(
        "PebblesPictures",
        (Drawer,),
        {n: DRAWER_CODE[n] for n in listed(DRAWER_PARTS, required=True)},
    )
    parts: dict[str, Any] = {n: RENDERER_CODE[n] for n in listed(RENDERER_PARTS, required=True)}
    assert "pictures" in listed(RENDERER_PARTS)
    parts["pictures"] = drawer_class()
    renderer: Renderer = type("PebblesRenderer", (Renderer,), parts)()
    return renderer


# ---- the game where the README puts it --------------------------------------------------------

#: what the on-disk package takes from this module when the registry imports it
BUILT: dict[str, Any] = {}
PACKAGE = "from tests.test_adding_a_game import BUILT\n\nGAME = BUILT['GAME']\n"
AI_MODULE = "from tests.test_adding_a_game import BUILT\n\nglobals().update(BUILT['ai'])\n"


@pytest.fixture
def added(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[GamePackage]:
    """Pebbles as a package ``<root>/pebbles/`` (``__init__.py`` with ``GAME``, ``ai.py``)
    that the registry discovers, and ``bot/render/pebbles``; all gone after the test."""
    engine = build_engine()
    game = build_game(engine)
    BUILT.update(GAME=game, ai={name: AI_PARTS[name] for name in listed(AI_NAMES)})
    root = f"added_games_{tmp_path.name}".replace("-", "_")
    package = tmp_path / root / NAME
    package.mkdir(parents=True)
    (tmp_path / root / "__init__.py").write_text("")
    (package / "__init__.py").write_text(PACKAGE)
    (package / "ai.py").write_text(AI_MODULE)
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.setattr(registry, "_ROOTS", list(registry._ROOTS))
    monkeypatch.setattr(registry, "_packages", None)
    monkeypatch.setattr(registry, "_where", dict(registry._where))
    registry.discover(root)
    module = ModuleType(f"bot.render.{NAME}")
    module.__spec__ = importlib.machinery.ModuleSpec(module.__name__, None)
    module.RENDERER = build_renderer()  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, module.__name__, module)
    monkeypatch.delitem(render_base._CACHE, NAME, raising=False)
    yield game
    render_base._CACHE.pop(NAME, None)
    for name in [m for m in sys.modules if m == root or m.startswith(f"{root}.")]:
        del sys.modules[name]
    BUILT.clear()


def test_the_registry_finds_the_game_and_its_ai(added: GamePackage) -> None:
    assert NAME in registry.names()
    assert registry.package(NAME) is added and registry.get(NAME) is added.engine
    assert set(registry.policies(NAME)) == {"random", *AI_PARTS["LEVELS"]}
    assert registry.searching(NAME) == frozenset(AI_PARTS["BUDGETS"])
    engine = registry.get(NAME)
    for players in range(engine.min_players, engine.max_players + 1):
        for seed in range(6):
            random_playout(engine, players, seed, checks=True)
    state, shown = engine.new_game(2, seed=3), []
    while not engine.is_over(state):
        seat = engine.to_act(state)[0]
        code = registry.policies(NAME)["first"](observe(engine, state, seat, shown), 1)
        state, events = engine.apply(state, seat, code)
        shown.extend(events)
    assert engine.result(state).winners


def test_the_renderer_and_its_pictures_are_found(added: GamePackage) -> None:
    renderer = renderer_for(NAME)
    assert type(renderer).__name__ == "PebblesRenderer"
    engine = added.engine
    state = engine.new_game(3, seed=5)
    ctx = TableContext(1, engine.title, ("Ann", "Bo", "Cy"), (1, 2, 3), "live")
    state, events = engine.apply(state, engine.to_act(state)[0], engine.legal_actions(state, 0)[0])
    assert (
        "Laid:"
        in renderer.table(ctx, engine.view(state, None), engine.result(state), []).description
    )
    seat = engine.to_act(state)[0]
    hand = renderer.hand(ctx, engine.view(state, seat), seat, engine.legal_actions(state, seat))
    assert len(hand.buttons) == 2
    assert renderer.event_line(ctx, events[0], None)
    assert renderer.pictures is not None
    for picture in (
        renderer.pictures.table_image(engine.view(state, None), ctx.names),
        renderer.pictures.hand_image(engine.view(state, seat), ctx.names),
    ):
        assert picture[:8] == b"\x89PNG\r\n\x1a\n"


@pytest.fixture
async def fake(monkeypatch: pytest.MonkeyPatch) -> AsyncIterator[FakeDiscord]:
    fake = FakeDiscord()
    fake.install(monkeypatch)
    yield fake
    await fake.close_bots()


async def test_the_bot_plays_it_with_pictures(
    added: GamePackage, fake: FakeDiscord, tmp_path: Path
) -> None:
    """The bot, started after the game was added, offers it, plays it and draws it."""
    table = Table(fake, await start_bot(fake, tmp_path / "tw.sqlite3", pictures=True))
    table.listen()
    people = [User(1001, "Ann"), User(1002, "Bo")]
    await table.start_game(NAME, people)
    await table.play_out(random.Random(2), steps=added.profile.max_steps)
    await table.settle()
    assert (await table.bot.manager.get(table.game_id)).status == "finished"
    files = {name for sent in fake.sent for name in sent.notes.get("files", {})}
    assert files == {"table.png", "hand.png"}
    await table.bot.close()


def test_the_check_sees_a_missing_part() -> None:
    """The builders take their parts from the README's lists: one list short of a part, and
    the engine is no Engine, the record or the renderer cannot be built."""
    engine_parts = [n for n in listed(ENGINE_ATTRIBUTES) + listed(ENGINE_METHODS) if n != "dump"]
    short = type("Short", (BaseEngine,), {n: ENGINE_PARTS[n] for n in engine_parts})()
    assert not isinstance(short, Engine)
    with pytest.raises(TypeError):
        GamePackage(summary="no engine")  # type: ignore[call-arg]
    partial = {n: RENDERER_CODE[n] for n in ("table", "hand")}
    with pytest.raises(TypeError):
        type("Partial", (Renderer,), partial)()
    assert inspect.isabstract(Drawer)
