"""The shell extensions through real discord.py code (guide: multi-value choices, focus
navigation, timed windows), on a tiny test-only game so each extension is exercised on purpose.

The game "shelltest" (2 players) goes round by round: seat 0 *takes* two or three letters from
a pool with one multi-value menu, then *gives* one of them to seat 1 or to the sea in two steps
(a nav per letter, then the target buttons) while seat 1 may *wave* (a harmless move that only
moves the version on); then seat 1 may *challenge* or *allow* within a 30-second window, and
when the window runs out the shell allows for them.
"""

from __future__ import annotations

import ast
import importlib.machinery
import json
import random
import re
import sys
from collections.abc import AsyncIterator, Collection, Sequence
from pathlib import Path
from types import ModuleType
from typing import Any, ClassVar

import pytest
from discord import app_commands

from bot import controls
from bot.render import (
    FOCUS_CHARS,
    ActionSpec,
    ChoiceSpec,
    EmbedSpec,
    HandSpec,
    NavSpec,
    TableContext,
)
from bot.render import base as render_base
from bot.render import generic as render_generic
from bot.render.base import Renderer, SnapshotWording, renderer_for
from bot.sessions import Deadline
from bot.table import MOVED_ON, TIMER
from games import Action, Event, IllegalAction, Result, registry
from games.core import BaseEngine, GameOptions, GamePackage, Window, open_windows
from tests.bot.flows import Table
from tests.bot.harness import Clock, FakeDiscord, User, start_bot
from tests.bot.test_render_limits import CASES, NAMES, check_components, check_embed, info_for

NAME = "shelltest"
POOL = "ABCDE"
WINDOW = 30.0
ALICE, BOB, DAVE = User(1001, "Alice"), User(1002, "Bob"), User(1004, "Dave")


# ---- a tiny engine ---------------------------------------------------------------------------


class ShellOptions(GameOptions):
    rounds: int = 2


class ShellEngine(BaseEngine):
    """Pure and deterministic; the state is a plain dict (never mutated)."""

    name = NAME
    title = "Shell Test"
    min_players = 2
    max_players = 2
    Options = ShellOptions
    card_copies: ClassVar[dict[str, int]] = {c: 1 for c in POOL}
    verbs: ClassVar[dict[str, bool]] = {
        "take": True,
        "give": True,
        "wave": False,
        "allow": False,
        "challenge": False,
    }

    def new_game(self, players: int, options: Any = None, seed: int = 0) -> dict[str, Any]:
        self.check_players(players)
        rounds = self.options(options).rounds  # type: ignore[attr-defined]
        return {"phase": "take", "round": 1, "rounds": rounds, "hand": [], "waves": 0, "sea": 0}

    def to_act(self, state: dict[str, Any]) -> list[int]:
        return {"take": [0], "give": [0, 1], "window": [1]}.get(state["phase"], [])

    def legal_actions(self, state: dict[str, Any], seat: int) -> list[Action]:
        phase = state["phase"]
        if phase == "take" and seat == 0:
            # one pair of each letter is enough for the renderer to know the letters
            return [Action("take", f"{a},{b}") for a in POOL for b in POOL if a < b]
        if phase == "give" and seat == 0:
            return [Action("give", f"{c}@{to}") for c in state["hand"] for to in ("1", "sea")]
        if phase == "give" and seat == 1:
            return [Action("wave")]
        if phase == "window" and seat == 1:
            return [Action("allow"), Action("challenge")]
        return []

    def apply(
        self, state: dict[str, Any], seat: int, action: Action | str
    ) -> tuple[dict[str, Any], list[Event]]:
        act = self.coerce(action)
        if seat not in self.to_act(state):
            raise IllegalAction("Not your turn.")
        new = dict(state)
        if act.verb == "take" and state["phase"] == "take":
            letters = act.arg.split(",")
            if not 2 <= len(set(letters)) == len(letters) <= 3 or not set(letters) <= set(POOL):
                raise IllegalAction("Take two or three different letters.")
            new.update(phase="give", hand=letters)  # kept in the order sent
            return new, [Event("took", None, {"seat": seat, "count": len(letters)})]
        if act.verb == "give" and state["phase"] == "give" and seat == 0:
            letter, _, to = act.arg.partition("@")
            if letter not in state["hand"] or to not in ("1", "sea"):
                raise IllegalAction("Give a letter you hold, to seat 1 or the sea.")
            new.update(phase="window", hand=[c for c in state["hand"] if c != letter])
            new["sea"] = state["sea"] + (to == "sea")
            return new, [Event("gave", None, {"seat": seat, "to": to})]
        if act.verb == "wave" and state["phase"] == "give" and seat == 1:
            new["waves"] = state["waves"] + 1
            return new, [Event("waved", None, {"seat": seat})]
        if act.verb in ("allow", "challenge") and state["phase"] == "window":
            last = state["round"] >= state["rounds"]
            new.update(phase="over" if last else "take", round=state["round"] + (not last))
            new["hand"] = []
            return new, [Event(act.verb, None, {"seat": seat})]
        raise IllegalAction(f"{act.code} is not possible now.")

    def view(self, state: dict[str, Any], seat: int | None) -> dict[str, Any]:
        view = {k: v for k, v in state.items() if k != "hand"}
        view["held"] = len(state["hand"])
        if seat == 0:
            view["hand"] = list(state["hand"])
        return view

    def is_over(self, state: dict[str, Any]) -> bool:
        return bool(state["phase"] == "over")

    def result(self, state: dict[str, Any]) -> Result:
        return Result(
            scores=[state["sea"], state["waves"]], winners=[0] if self.is_over(state) else []
        )

    def dump(self, state: dict[str, Any]) -> str:
        return json.dumps(state, sort_keys=True)

    def load(self, text: str) -> dict[str, Any]:
        return dict(json.loads(text))

    def windows(self, state: dict[str, Any]) -> list[Window]:
        """Seat 1's window to challenge; when it runs out the rules allow for them."""
        if state["phase"] != "window":
            return []
        return [Window(f"window:{state['round']}", WINDOW, {1: "allow"})]


ENGINE = ShellEngine()


# ---- a tiny renderer -------------------------------------------------------------------------


def table(
    ctx: TableContext, view: dict[str, Any], result: Result, to_act: Sequence[int]
) -> EmbedSpec:
    lines = [f"Round {view['round']} · {view['phase']}"]
    for key, due in sorted(ctx.timers.items()):
        lines.append(f"⏳ {key} closes <t:{int(due)}:R>")
    return EmbedSpec(title=f"{ctx.title} #{ctx.game_id}", description="\n".join(lines))


def hand(
    ctx: TableContext,
    view: dict[str, Any],
    seat: int,
    legal: Sequence[Action],
    focus: str | None = None,
) -> HandSpec:
    """Top level: the take menu (letters listed E..A, so option order is not letter order) or
    one nav per held letter; at a letter's focus: its two targets and a way back."""
    embed = EmbedSpec(title=f"hand of seat {seat} · focus {focus or 'top'} · v{view['round']}")
    takes = {c for a in legal if a.verb == "take" for c in a.arg.split(",")}
    gives = [a for a in legal if a.verb == "give"]
    others = tuple(ActionSpec(a.code, a.code) for a in legal if a.verb not in ("take", "give"))
    if takes:
        options = tuple(ActionSpec(c, f"Letter {c}") for c in sorted(takes, reverse=True))
        menu = ChoiceSpec("Take letters", options, min_values=2, max_values=3, verb="take")
        return HandSpec(embed=embed, buttons=others, choices=(menu,))
    letters = sorted({a.arg.partition("@")[0] for a in gives})
    if focus in letters:
        targets = tuple(
            ActionSpec(a.code, f"{focus} to {a.arg.partition('@')[2]}")
            for a in gives
            if a.arg.startswith(f"{focus}@")
        )
        return HandSpec(embed=embed, buttons=targets, navs=(NavSpec("", "Back"),))
    navs = tuple(NavSpec(c, f"Letter {c}") for c in letters)
    return HandSpec(embed=embed, buttons=others, navs=navs)


def event_line(ctx: TableContext, event: Event, seat: int | None) -> str | None:
    return None if seat is not None else f"{ctx.name(event.data.get('seat'))} {event.kind}"


class ShellRenderer(Renderer):
    """The test game's renderer object (the functions above, as the contract's parts)."""

    def table(
        self, ctx: TableContext, view: dict[str, Any], result: Result, to_act: Sequence[int]
    ) -> EmbedSpec:
        return table(ctx, view, result, to_act)

    def hand(
        self,
        ctx: TableContext,
        view: dict[str, Any],
        seat: int,
        legal: Sequence[Action],
        focus: str | None = None,
    ) -> HandSpec:
        return hand(ctx, view, seat, legal, focus)

    def event_line(self, ctx: TableContext, event: Event, seat: int | None) -> str | None:
        return event_line(ctx, event, seat)


def renderer() -> ModuleType:
    module = ModuleType(f"bot.render.{NAME}")
    module.__spec__ = importlib.machinery.ModuleSpec(module.__name__, None)
    module.RENDERER = ShellRenderer()  # type: ignore[attr-defined]
    return module


# ---- fixtures and helpers --------------------------------------------------------------------


@pytest.fixture
async def fake(monkeypatch: pytest.MonkeyPatch) -> AsyncIterator[FakeDiscord]:
    fake = FakeDiscord()
    fake.install(monkeypatch)
    # the registry's found games (a dict it keeps); monkeypatch restores it after the test
    monkeypatch.setitem(registry._scan(), NAME, GamePackage(engine=ENGINE, summary="A test game."))
    monkeypatch.setitem(sys.modules, f"bot.render.{NAME}", renderer())
    monkeypatch.delitem(render_base._CACHE, NAME, raising=False)
    yield fake
    await fake.close_bots()


async def boot(fake: FakeDiscord, tmp_path: Any, clock: Clock, monkeypatch: Any) -> Any:
    bot = await start_bot(fake, tmp_path / "tw.sqlite3", clock=clock)
    # /play only accepts the registered games' choices: offer the test game too.
    param = bot.tree.get_command("play")._params["game"]
    choice = app_commands.Choice(name=ENGINE.title, value=NAME)
    monkeypatch.setattr(param, "choices", [*param.choices, choice])
    return bot


async def shell_table(fake: FakeDiscord, tmp_path: Any, clock: Clock, monkeypatch: Any) -> Table:
    bot = await boot(fake, tmp_path, clock, monkeypatch)
    table = Table(fake, bot)
    await table.start_game(NAME, [ALICE, BOB])
    assert table.users == {0: ALICE, 1: BOB}
    return table


async def history(table: Table) -> list[tuple[int, int, str]]:
    return await table.bot.manager.actions(table.game_id)


async def version(table: Table) -> int:
    return (await table.bot.manager.get(table.game_id)).version


def title(fake: FakeDiscord, message: int) -> str:
    return str(fake.messages[message]["embeds"][0]["title"])


# ---- multi-value choices ---------------------------------------------------------------------


async def test_multi_select_sends_one_action_in_option_order(fake, tmp_path, monkeypatch) -> None:
    table = await shell_table(fake, tmp_path, Clock(), monkeypatch)
    try:
        message = await table.open_hand(ALICE)
        [(verb, cid, codes, low, high)] = table.multis(message)
        assert (verb, codes, low, high) == ("take", list("EDCBA"), 2, 3)
        token = await table.run(fake.click(table.bot, ALICE, message, cid, ["A", "E", "C"]))
        assert token.callback_type == 7  # answered once, with the new hand
        assert [code for _, _, code in await history(table)] == ["take:E,C,A"]
        assert "focus top" in title(fake, message)  # the answer re-drew the hand
        # Too few values are refused by the shell (Discord enforces it too) and change nothing.
        await table.act(ALICE, "give:E@sea")
        await table.act(BOB, "allow")
        message = table.hands[ALICE.id]
        cid = table.multis(message)[0][1]
        token = await table.run(fake.click(table.bot, ALICE, message, cid, ["B"]))
        assert "Pick 2 to 3" in fake.reply_text(token)
        assert len(await history(table)) == 3
    finally:
        await table.bot.close()


async def test_multi_select_works_after_a_restart(fake, tmp_path, monkeypatch) -> None:
    clock = Clock()
    table = await shell_table(fake, tmp_path, clock, monkeypatch)
    message = await table.open_hand(ALICE)
    cid = table.multis(message)[0][1]
    await table.bot.close()
    table.bot = await boot(fake, tmp_path, clock, monkeypatch)
    try:
        await table.settle()
        await table.run(fake.click(table.bot, ALICE, message, cid, ["B", "D"]))
        assert [code for _, _, code in await history(table)] == ["take:D,B"]
    finally:
        await table.bot.close()


# ---- focus navigation ------------------------------------------------------------------------


async def test_nav_redraws_without_acting_and_only_for_its_seat(
    fake, tmp_path, monkeypatch
) -> None:
    table = await shell_table(fake, tmp_path, Clock(), monkeypatch)
    bot = table.bot
    try:
        await table.act(ALICE, "take:C,A")
        message = table.hands[ALICE.id]
        assert [focus for focus, _, _ in table.navs(message)] == ["A", "C"]
        before = await version(table)
        token = await table.nav(ALICE, "C")
        assert token.callback_type == 7 and token.original == message  # the same message
        assert await version(table) == before and len(await history(table)) == 1
        assert "focus C" in title(fake, message)
        assert [code for code, _, _ in table.controls(message)] == ["give:C@1", "give:C@sea"]
        # Someone else's click on Alice's nav is refused privately and changes nothing.
        back = next(cid for focus, cid, _ in table.navs(message) if focus == "")
        drawn = json.dumps(fake.messages[message], sort_keys=True)
        for intruder, words in ((BOB, "another player's seat"), (DAVE, "no seat")):
            token = await table.run(fake.click(bot, intruder, message, back))
            replies = fake.replies_to(token)
            assert replies and all(s.audience == intruder.id for s in replies)
            assert words in fake.reply_text(token)
        assert json.dumps(fake.messages[message], sort_keys=True) == drawn
        # Another seat's move refreshes Alice's hand and keeps her focus.
        await table.act(BOB, "wave")
        assert "focus C" in title(fake, message)
        assert f":v{await version(table)}:" in table.controls(message)[0][1]
        # Acting from the focused hand re-draws it at the top level.
        await table.act(ALICE, "give:C@1")
        assert "focus top" in title(fake, message)
        assert [code for _, _, code in await history(table)][-1] == "give:C@1"
    finally:
        await bot.close()


async def test_stale_nav_redraws_at_the_current_version(fake, tmp_path, monkeypatch) -> None:
    table = await shell_table(fake, tmp_path, Clock(), monkeypatch)
    try:
        await table.act(ALICE, "take:B,D")
        old = table.hands[ALICE.id]
        old_nav = next(cid for focus, cid, _ in table.navs(old) if focus == "D")
        await table.open_hand(ALICE)  # a newer hand message takes over the refreshes
        await table.act(BOB, "wave")
        now = await version(table)
        assert f":v{now}:" not in old_nav
        token = await table.run(fake.click(table.bot, ALICE, old, old_nav))
        assert token.callback_type == 7 and token.original == old
        assert fake.messages[old]["content"] == MOVED_ON
        assert "focus D" in title(fake, old)
        assert all(f":v{now}:" in cid for _, cid, _ in table.controls(old))
        assert await version(table) == now  # nothing applied
    finally:
        await table.bot.close()


async def test_nav_search_and_random_play_reach_the_end(fake, tmp_path, monkeypatch) -> None:
    table = await shell_table(fake, tmp_path, Clock(), monkeypatch)
    try:
        await table.act(ALICE, "take:A,B,E")
        await table.act(ALICE, "give:B@sea")  # found through the nav to B
        await table.act(BOB, "challenge")
        await table.play_out(random.Random(7))
        info, state = await table.bot.manager.state(table.game_id)
        assert info.status == "finished" and ENGINE.is_over(state)
    finally:
        await table.bot.close()


def test_navs_become_one_menu_when_buttons_do_not_fit() -> None:
    navs = (*(NavSpec(f"n{i}", f"Nav {i}") for i in range(12)), NavSpec("", "Top"))
    buttons = tuple(ActionSpec(f"b{i}", f"B{i}") for i in range(6))
    menu = ChoiceSpec("m", (ActionSpec("x", "X"), ActionSpec("y", "Y")))
    spec = HandSpec(
        EmbedSpec("t"), buttons=buttons, choices=(menu,), navs=navs, nav_placeholder="Pick a card"
    )
    rows = controls.hand_view(1, 0, 5, spec, snapshot=None).to_components()
    assert len(rows) == 5  # 2 button rows, the action menu, 1 nav menu (not 3 rows), Refresh
    [nav_menu] = rows[3]["components"]
    assert nav_menu["custom_id"] == "gv:1:s0:v5" and nav_menu["placeholder"] == "Pick a card"
    assert [o["value"] for o in nav_menu["options"]] == [f"n{i}" for i in range(12)] + ["~"]
    few = HandSpec(EmbedSpec("t"), buttons=buttons, navs=navs[:3])
    rows = controls.hand_view(1, 0, 5, few, snapshot=None).to_components()
    assert [c["custom_id"] for c in rows[2]["components"]] == [
        "gn:1:s0:v5:n0",
        "gn:1:s0:v5:n1",
        "gn:1:s0:v5:n2",
    ]
    assert rows[3]["components"][0]["label"] == "Refresh"


def test_renderers_without_focus_keep_working() -> None:
    """Every renderer takes ``focus`` (the contract); one without navs ignores it."""
    ctx = TableContext(1, "T", ("a", "b"), (1, 2), "live")
    generic = render_generic.RENDERER
    spec = generic.hand(ctx, {"hand": []}, 0, [Action("wave")], focus="x")
    assert [b.code for b in spec.buttons] == ["wave"]
    assert spec == generic.hand(ctx, {"hand": []}, 0, [Action("wave")])
    assert renderer_for("no_such_game") is generic


# ---- timed windows ---------------------------------------------------------------------------


async def open_window(table: Table) -> float:
    await table.act(ALICE, "take:A,B")
    await table.act(ALICE, "give:A@1")
    [window] = [d for d in await table.bot.manager.deadlines(table.game_id) if d.kind == TIMER]
    assert window.data == {"key": "window:1"}
    return window.due


async def test_timer_fires_once_after_its_deadline(fake, tmp_path, monkeypatch) -> None:
    clock = Clock()
    table = await shell_table(fake, tmp_path, clock, monkeypatch)
    try:
        due = await open_window(table)
        assert due == clock.now + WINDOW
        assert f"<t:{int(due)}:R>" in json.dumps(
            fake.messages[table.lobby]["embeds"], ensure_ascii=False
        )
        await table.later(clock, WINDOW - 1)
        assert [c for _, _, c in await history(table)][-1] == "give:A@1"  # not yet
        await table.later(clock, 2)
        assert [(s, c) for _, s, c in await history(table)][-1] == (1, "allow")
        assert "Round 2 · take" in json.dumps(
            fake.messages[table.lobby]["embeds"], ensure_ascii=False
        )
        assert "<t:" not in json.dumps(fake.messages[table.lobby]["embeds"], ensure_ascii=False)
        count = len(await history(table))
        await table.later(clock, 10 * WINDOW)
        assert len(await history(table)) == count  # once only
        assert await table.bot.manager.deadlines(table.game_id) == []
    finally:
        await table.bot.close()


async def test_timer_survives_a_restart(fake, tmp_path, monkeypatch) -> None:
    clock = Clock()
    table = await shell_table(fake, tmp_path, clock, monkeypatch)
    due = await open_window(table)
    await table.bot.close()
    clock.now += 10
    table.bot = await boot(fake, tmp_path, clock, monkeypatch)
    try:
        await table.settle()
        assert table.bot.tables.windows.timers(table.game_id) == {"window:1": due}  # not re-armed
        assert len(await table.bot.manager.deadlines(table.game_id)) == 1
        await table.later(clock, WINDOW - 10 + 1)
        assert [(s, c) for _, s, c in await history(table)][-1] == (1, "allow")
        _info, state = await table.bot.manager.state(table.game_id)
        assert state["phase"] == "take" and state["round"] == 2
    finally:
        await table.bot.close()


async def test_a_window_closed_in_time_is_left_alone(fake, tmp_path, monkeypatch) -> None:
    clock = Clock()
    table = await shell_table(fake, tmp_path, clock, monkeypatch)
    try:
        due = await open_window(table)
        await table.act(BOB, "challenge")
        assert table.bot.tables.windows.timers(table.game_id) == {}
        count = len(await history(table))
        await table.later(clock, WINDOW + 1)
        assert len(await history(table)) == count
        # Even a row that was not cancelled re-checks the key on the current view first.
        stale = Deadline(999, table.game_id, TIMER, due, {"key": "window:1"})
        await table.bot.tables.windows.on_timer(stale)
        await table.settle()
        assert len(await history(table)) == count
        # The next round's window is a new key: it gets its own deadline, and fires.
        await table.act(ALICE, "take:C,D")
        await table.act(ALICE, "give:D@sea")
        [window] = await table.bot.manager.deadlines(table.game_id)
        assert window.data == {"key": "window:2"} and window.due == clock.now + WINDOW
        await table.later(clock, WINDOW + 1)
        info = await table.bot.manager.get(table.game_id)
        assert info.status == "finished"
        assert [(s, c) for _, s, c in await history(table)][-1] == (1, "allow")
    finally:
        await table.bot.close()


# ---- every registered renderer: each focus fits, offers only legal actions, timers are sane ----


def check_hand(engine: Any, spec: HandSpec, legal: Sequence[Action], seat: int) -> None:
    """One hand spec: Discord's limits through the real builders, and only legal actions."""
    check_embed(controls.to_embed(spec.embed).to_dict())  # type: ignore[arg-type]
    check_components(
        controls.hand_view(
            987_654_321_012, seat, 123_456, spec, snapshot=SnapshotWording()
        ).to_components()
    )
    codes = {a.code for a in legal}
    single = {b.code for b in spec.buttons} | {
        a.code for c in spec.choices if c.max_values <= 1 for a in c.actions
    }
    assert single <= codes, f"{engine.name} offers actions that are not legal: {single - codes}"
    for choice in spec.choices:
        if choice.max_values <= 1:
            continue
        assert choice.verb and 0 <= choice.min_values <= choice.max_values <= len(choice.actions)
        args = {part for a in legal if a.verb == choice.verb for part in a.arg.split(",")}
        assert {a.code for a in choice.actions} <= args, f"{engine.name}: {choice.verb} options"
    for nav in spec.navs:
        assert FOCUS_CHARS.fullmatch(nav.focus), f"{engine.name}: bad focus {nav.focus!r}"


@pytest.mark.parametrize(("game", "players"), CASES)
def test_every_focus_and_timer_of_the_registered_renderers(game: str, players: int) -> None:
    engine = registry.get(game)
    render = renderer_for(game)
    info = info_for(game, players)
    rng = random.Random(11)
    state = engine.new_game(players, None, seed=11)
    hands = 0
    for _ in range(200):
        ctx = TableContext(
            game_id=info.id,
            title=engine.title,
            names=tuple(NAMES[:players]),
            user_ids=tuple(range(players)),
            status="live",
        )
        for spec in open_windows(engine, state):
            assert spec.key and len(spec.key) <= 200 and spec.seconds > 0
            for seat, code in spec.on_timeout.items():
                assert 0 <= seat < players
                engine.parse_action(code)
        for seat in range(players):
            legal = engine.legal_actions(state, seat)
            view = engine.view(state, seat)
            seen: set[str] = set()
            todo: list[str | None] = [None]
            while todo and len(seen) < 60:
                focus = todo.pop()
                hand_spec = render.hand(ctx, view, seat, legal, focus)
                check_hand(engine, hand_spec, legal, seat)
                hands += 1
                for nav in hand_spec.navs:
                    if nav.focus and nav.focus not in seen:
                        seen.add(nav.focus)
                        todo.append(nav.focus)
        if engine.is_over(state):
            break
        seat = rng.choice(engine.to_act(state))
        state, _ = engine.apply(state, seat, rng.choice(engine.legal_actions(state, seat)))
    assert hands >= players  # every seat's hand was drawn at least once


# ---- the shell knows no game ------------------------------------------------------------------

BOT = Path(__file__).resolve().parents[2] / "bot"
#: names and words of one game: they belong in that game's renderer only
GAME_WORDS = re.compile(
    r"\b(rowboat|turn[_ ]the[_ ]tide|boat[_ ]canasta|canasta|game[_ ]of[_ ]rows|boat|"
    r"light\w*|bluff\w*|lighthouse)\b",
    re.IGNORECASE,
)


def test_no_game_name_or_word_in_the_shell() -> None:
    """Windows and snapshots are engine concepts and wording is the renderers': outside
    ``bot/render/<game>.py`` nothing in ``bot/`` names a game or one of its rules."""
    games = set(registry.names())
    found = []
    for path in sorted(BOT.rglob("*.py")):
        rel = path.relative_to(BOT).as_posix()
        if rel.startswith("render/") and path.stem in games:  # a game's renderer or drawer
            continue
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            for match in GAME_WORDS.finditer(line):
                found.append(f"bot/{rel}:{number}: {match.group(0)}")
    assert found == []


def test_the_word_check_sees_a_game_word() -> None:
    assert GAME_WORDS.search("the Lighthouse fades") and GAME_WORDS.search("a bluff window")
    assert GAME_WORDS.search("turn_the_tide") and not GAME_WORDS.search("in-flight saves")


#: the pictures' words of one game (its suits, special cards, marks and colours)
ART_WORDS = re.compile(
    r"\b(weather|tides?|storm\w*|sunny|buoys?|preservers?|knobs?|married|oars?|waves?|maps?|"
    r"dolphin|mermaid|whale|seeker|moon|sail\w*|ships?|navy|melds?|treasure|widow|jokers?)\b",
    re.IGNORECASE,
)
#: the picture modules every game shares: the drawing kit, the drawer contract, the cache
PICTURE_KIT = ("draw.py", "base.py", "__init__.py")


def game_art(line: str) -> list[str]:
    """The game names and art words in a line of code, also inside a name (``WEATHER_INK``)."""
    words = line.replace("_", " ")
    return [m.group(0) for pattern in (GAME_WORDS, ART_WORDS) for m in pattern.finditer(words)]


def test_no_game_art_in_the_shared_picture_kit() -> None:
    """Each game's colours, suit pips and special cards live in ``bot/render/images/<game>.py``
    (or a module next to it named for what it draws); the kit that every game's pictures share
    names neither a game nor anything one game draws."""
    found = []
    for name in PICTURE_KIT:
        path = BOT / "render" / "images" / name
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            found.extend(f"bot/render/images/{name}:{number}: {w}" for w in game_art(line))
    assert found == []


def test_the_art_check_sees_a_game_s_art() -> None:
    assert game_art("WEATHER_INK: RGB = (20, 36, 70)") == ["WEATHER"]
    assert game_art("def weather_tint(value: int) -> RGB:") == ["weather"]
    assert game_art("KNOB: RGB = (255, 140, 200)") == ["KNOB"]
    assert game_art("def sail_glyph(d, cx, cy, s, ink, sail):") == ["sail", "sail"]
    assert game_art('PIPS = {"o": _oar, "w": _wave}') == ["oar", "wave"]
    assert game_art("def card(d, x, y, face, *, dim=False, ring=None):") == []


def module_imports(path: Path, package: str, modules: Collection[str]) -> set[str]:
    """The ``bot`` modules ``path`` imports, at run time or for the type checker alone (a
    ``TYPE_CHECKING`` import is still a dependency: it ties the two modules together).
    ``from package import a, b`` of submodules ``a`` and ``b`` (of ``modules``) depends on
    those, not on the package's face."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found: set[str] = set()

    def visit(nodes: list[ast.stmt]) -> None:
        for node in nodes:
            if isinstance(node, ast.Import):
                found.update(a.name for a in node.names if a.name.startswith("bot"))
            elif isinstance(node, ast.ImportFrom) and node.module:
                base = node.module
                if node.level:
                    base = ".".join(package.split(".")[: len(package.split(".")) - node.level + 1])
                    base = f"{base}.{node.module}" if node.module else base
                if base.startswith("bot"):
                    names = {f"{base}.{a.name}" for a in node.names}
                    found.update(names)
                    if not names <= set(modules):
                        found.add(base)
            elif isinstance(node, ast.If | ast.Try):
                visit(node.body)
                visit(node.orelse)

    visit(tree.body)
    return found


def test_no_import_cycle_in_the_shell() -> None:
    """Every module of ``bot/`` imports the others in one direction only, type-only imports
    included: the client wires the parts and hands each its collaborators, and the controls
    reach the bot through a protocol of their own (``bot.controls.Controls``)."""
    modules: dict[str, Path] = {}
    for path in BOT.rglob("*.py"):
        parts = path.relative_to(BOT.parent).with_suffix("").parts
        name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
        modules[name] = path
    graph = {}
    for name, path in modules.items():
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        imported = module_imports(path, package, modules)
        graph[name] = {m for m in imported if m in modules and m != name}
    for start in modules:
        seen: set[str] = set()
        todo = list(graph[start])
        while todo:
            current = todo.pop()
            assert current != start, f"{start} imports itself through {sorted(seen)}"
            if current not in seen:
                seen.add(current)
                todo.extend(graph[current])


def test_no_part_reaches_through_the_bot() -> None:
    """The lobbies, the publisher, the table parts and the cogs are handed what they use (the
    client builds them); none keeps the bot to reach services through it."""
    found = [
        f"bot/{path.relative_to(BOT).as_posix()}:{number}"
        for path in sorted(BOT.rglob("*.py"))
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if "self.bot" in line
    ]
    assert found == []
