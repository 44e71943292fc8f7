"""A fuzzer at the interaction entry point: hostile input never stops the bot.

Hypothesis builds interactions from the real id grammar, taken from the controls the bot drew
on a live table, its hands and a lobby, and mutates them (lengths, unicode with lone
surrogates, separators, numbers out of range, other games' ids, other guilds' and channels'
ids, data of the wrong shape), for buttons, menus, forms, commands, autocompletes and unknown
types. Each goes in as raw gateway frame text through a real discord.py gateway socket. After
each one: it was answered; nothing reached the log above a warning or with a traceback; no
handler task died; a game moved only by a seat's own person. At the end the bot still serves.

CI runs a fixed budget (derandomized, so every run is the same); ``TIDEWATER_FUZZ_CASES``
sets another and ``TIDEWATER_FUZZ_SEED`` another seed (``bench/fuzz.py`` runs 10,000).
``TIDEWATER_FUZZ_REPORT=FILE`` writes the kinds of input reached, as JSON.
"""

from __future__ import annotations

import asyncio
import json
import logging
import os
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, Phase, given, seed, settings
from hypothesis import strategies as st

from tests.bot.flows import Table, new_table
from tests.bot.harness import (
    ADMIN_PERMS,
    CHANNEL_ID,
    GUILD_ID,
    OTHER_CHANNEL_ID,
    FakeDiscord,
    User,
)
from tests.bot.test_interactions import ALICE, BOB, DAVE

pytestmark = pytest.mark.slow  # hundreds of cases through the bot: not the inner loop

CASES = int(os.environ.get("TIDEWATER_FUZZ_CASES", "300"))
SEED = int(os.environ.get("TIDEWATER_FUZZ_SEED", "0"))
REPORT = os.environ.get("TIDEWATER_FUZZ_REPORT")
ADMIN = User(1099, "Admin", permissions=ADMIN_PERMS)
CAROL = User(1003, "Carol")
PEOPLE = (ALICE, BOB, CAROL, DAVE, ADMIN)

SURROGATES = ("\udc80", "\ud800", "\udfff")
ODD = ("", " ", "\x00", "\u202e", "🚣", "：", "\n", "'", '"', "\\", "%s", "{}", "\ufeff")
BIG = (0, -1, 2**31, 2**53 + 1, 2**63 - 1, 2**63, 2**64, 10**25, -(2**63))
SEPARATORS = (":", "::", ";", "", " ", ":\udc80", "：", "|")
#: what an interaction is, weighted toward the controls, where the id grammar is richest
WHAT = ("button",) * 4 + ("select",) * 3 + ("form",) * 2 + ("command",) * 2
WHAT += ("autocomplete", "type", "shape")
COMMANDS = ("play", "hand", "rules", "games", "admin", "stats", "leaderboard", "history")
COMMANDS += ("replay", "privacy", "chess", "")
OPTIONS = ("game", "user", "page", "public", "sub", "end", "kick", "pictures", "x")

unicode_text = st.lists(
    st.one_of(st.characters(exclude_categories=()), st.sampled_from(SURROGATES + ODD)),
    max_size=30,
).map("".join)
numbers = st.one_of(st.integers(-5, 40), st.sampled_from(BIG), st.integers(0, 2**80))
json_values: st.SearchStrategy[Any] = st.recursive(
    st.one_of(st.none(), st.booleans(), numbers, st.floats(allow_nan=False), unicode_text),
    lambda inner: st.one_of(st.lists(inner, max_size=3), st.dictionaries(unicode_text, inner)),
    max_leaves=6,
)


@dataclass
class Scene:
    """The bot under fuzz and what it has drawn: real ids to mutate and where they live."""

    table: Table
    lobby_id: int = 0
    messages: list[int] = field(default_factory=list)
    kinds: Counter[str] = field(default_factory=Counter)

    @property
    def fake(self) -> FakeDiscord:
        return self.table.fake

    def ids(self) -> list[str]:
        """Every custom_id on a message the bot drew (lobbies, tables, hands, answers)."""
        found: set[str] = set()
        for mid in list(self.fake.messages):
            for comp in self.fake.components(mid):
                if comp.get("custom_id"):
                    found.add(str(comp["custom_id"]))
        return sorted(found) or ["t:1:hand"]

    def values(self) -> list[str]:
        """Every select option value the bot drew."""
        found: set[str] = set()
        for mid in list(self.fake.messages):
            for comp in self.fake.components(mid):
                found.update(str(o.get("value")) for o in comp.get("options", []))
        return sorted(found) or ["x"]


async def open_scene(fake: FakeDiscord, tmp_path: Path) -> Scene:
    """A live two-person Rowboat table with both hands open, and a lobby in another channel."""
    table = await new_table(fake, tmp_path)
    await table.start_game("rowboat", (ALICE, BOB), 0, "novice = true\ntarget_score = 30")
    await table.open_hand(ALICE)
    await table.open_hand(BOB)
    token = await table.run(
        fake.command(table.bot, DAVE, "play", {"game": "game_of_rows"}, channel_id=OTHER_CHANNEL_ID)
    )
    info = await table.bot.manager.game_in_channel(OTHER_CHANNEL_ID)
    assert info is not None and token.original is not None
    return Scene(table, info.id, [table.lobby, *table.hands.values(), token.original])


def pick(items: list[Any]) -> st.SearchStrategy[Any]:
    """One of ``items``, drawn as an index: the lists grow and change as the game goes on, and
    Hypothesis needs each case drawn the same way whatever the bot has drawn by then."""
    return st.integers(0, 2**16).map(lambda i: items[i % len(items)])


@st.composite
def custom_ids(draw: st.DrawFn, real: list[str], games: list[int]) -> tuple[str, str]:
    """(mutation, custom_id): a real id, mutated one way or another."""
    base = draw(pick(real))
    parts = base.split(":")
    how = draw(
        st.sampled_from(
            ("same", "number", "text", "separator", "cut", "extend", "game", "random", "long")
        )
    )
    if how == "number":
        at = draw(st.integers(0, 2**8)) % len(parts)
        parts[at] = str(draw(numbers))
        base = ":".join(parts)
    elif how == "text":
        at = draw(st.integers(0, 2**8)) % len(parts)
        parts[at] = draw(unicode_text)
        base = ":".join(parts)
    elif how == "separator":
        base = draw(st.sampled_from(SEPARATORS)).join(parts)
    elif how == "cut":
        base = base[: draw(st.integers(0, 2**8)) % max(1, len(base))]
    elif how == "extend":
        base += draw(st.sampled_from(SEPARATORS)) + draw(unicode_text)
    elif how == "game" and len(parts) > 1:
        parts[1] = str(draw(st.sampled_from(games)))
        base = ":".join(parts)
    elif how == "random":
        base = draw(unicode_text)
    elif how == "long":
        base += "9" * draw(st.integers(20, 400))
    return how, base


@st.composite
def interactions(draw: st.DrawFn, scene: Scene) -> tuple[str, User, int, Any, dict[str, Any]]:
    """(kind, person, interaction type, data, envelope changes) of one hostile interaction."""
    games = [scene.table.game_id, scene.lobby_id, scene.table.game_id + 1000]
    person = draw(st.sampled_from(PEOPLE))
    what = draw(st.sampled_from(WHAT))
    envelope: dict[str, Any] = {}
    if draw(st.integers(0, 9)) == 0:
        envelope["guild_id"] = str(draw(st.sampled_from((GUILD_ID + 1, 1, 2**64))))
    if draw(st.integers(0, 9)) == 0:
        envelope["channel_id"] = str(draw(st.sampled_from((OTHER_CHANNEL_ID, CHANNEL_ID + 7))))
    how = "-"
    data: Any
    kind: int
    if what in ("button", "select"):
        how, custom_id = draw(custom_ids(scene.ids(), games))
        kind = 3
        data = {"custom_id": custom_id, "component_type": 2 if what == "button" else 3}
        if what == "select":
            values = draw(
                st.one_of(
                    st.lists(pick(scene.values()), max_size=4),
                    st.lists(unicode_text, max_size=3),
                    json_values,
                )
            )
            data["values"] = values
    elif what == "form":
        kind = 5
        how, custom_id = draw(
            custom_ids([f"lo:{scene.lobby_id}", f"lo:{scene.table.game_id}"], games)
        )
        lines = draw(
            st.one_of(
                st.lists(
                    st.tuples(
                        st.sampled_from(("novice", "target_score", "x", "")), json_values
                    ).map(lambda kv: f"{kv[0]} = {kv[1]}"),
                    max_size=3,
                ).map("\n".join),
                unicode_text,
            )
        )
        rows = [{"type": 1, "components": [{"type": 4, "custom_id": "t", "value": lines}]}]
        data = {"custom_id": custom_id, "components": draw(st.one_of(st.just(rows), json_values))}
    elif what in ("command", "autocomplete"):
        kind = 2 if what == "command" else 4
        name = draw(st.one_of(st.sampled_from(COMMANDS), unicode_text))
        options = draw(
            st.lists(
                st.fixed_dictionaries(
                    {
                        "name": st.one_of(st.sampled_from(OPTIONS), unicode_text),
                        "type": st.one_of(st.integers(0, 12), json_values),
                        "value": json_values,
                    },
                    optional={"focused": st.booleans(), "options": json_values},
                ),
                max_size=3,
            )
        )
        how = "known" if name in COMMANDS[:-2] else "unknown"
        data = {
            "id": "1",
            "name": name,
            "type": draw(st.sampled_from((1, 1, 2, 3, 9))),
            "options": options,
        }
    elif what == "type":
        kind = draw(st.one_of(st.sampled_from((1, 6, 7, 99, 0, -1)), st.integers(8, 2**40)))
        data = draw(json_values)
    else:  # a known type whose data has the wrong shape
        kind = draw(st.sampled_from((2, 3, 4, 5)))
        data = draw(json_values)
        how = type(data).__name__
    where = "".join(f"+{key.split('_')[0]}" for key in envelope)
    return f"{what}/{how}{where}", person, kind, data, envelope


def broken(caplog: pytest.LogCaptureFixture) -> list[str]:
    """Log records above a warning, or with a traceback."""
    return [
        f"{r.name}: {r.getMessage()[:300]}"
        for r in caplog.records
        if r.levelno > logging.WARNING or (r.exc_info and r.levelno >= logging.INFO)
    ]


async def handlers() -> set[asyncio.Task[Any]]:
    """The tasks that handle interactions now (discord.py's and the bot's answers)."""
    from tests.bot.harness import _WORK

    return {t for t in asyncio.all_tasks() if t.get_name().startswith(_WORK)}


async def send(
    scene: Scene,
    caplog: pytest.LogCaptureFixture,
    case: tuple[str, User, int, Any, dict[str, Any]],
    message: int | None,
) -> None:
    """Send one interaction as a raw gateway frame, let the bot settle, and check it."""
    fake, table = scene.fake, scene.table
    bot = table.bot
    kind_name, person, kind, payload_data, envelope = case
    if message is not None and message not in fake.messages:
        message = None
    before = list(await bot.manager.actions(table.game_id))
    was = (await bot.manager.get(table.game_id)).seats
    caplog.clear()
    token, payload = fake.payload(person, kind, payload_data, message_id=message)
    payload.update(envelope)
    await fake.frame(bot, json.dumps({"op": 0, "s": 1, "t": "INTERACTION_CREATE", "d": payload}))
    started = await handlers()
    await table.settle()
    died = [t for t in started if t.done() and not t.cancelled() and t.exception()]
    assert not died, (kind_name, [repr(t.exception()) for t in died])
    assert broken(caplog) == [], (kind_name, payload_data)
    assert fake.replies_to(token), ("never answered", kind_name, kind, payload_data)
    after = list(await bot.manager.actions(table.game_id))
    assert after[: len(before)] == before
    info = await bot.manager.get(table.game_id)
    for _seq, seat, _code in after[len(before) :]:
        # a move of a person's seat comes from that person, unless an AI plays the seat (an
        # AI seat, or a person away before or after this interaction)
        if not (was[seat].ai_plays or info.seats[seat].ai_plays):
            assert info.seats[seat].user_id == person.id, (kind_name, seat, person)


def test_hostile_interactions_never_stop_the_bot(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """Synchronous on purpose: Hypothesis calls its test body once per case and cannot await
    it, so this test owns an event loop, keeps one bot in it across every case, and runs each
    case to the end in that loop."""
    loop = asyncio.new_event_loop()
    fake = FakeDiscord()
    fake.install(monkeypatch)
    scene = loop.run_until_complete(open_scene(fake, tmp_path))
    caplog.set_level(logging.WARNING)
    failures: list[str] = []

    @settings(
        max_examples=CASES,
        derandomize=SEED == 0,
        database=None,
        deadline=None,
        suppress_health_check=list(HealthCheck),
        phases=(Phase.generate,),
    )
    @seed(SEED)
    @given(st.data())
    def one(data: st.DataObject) -> None:
        case = data.draw(interactions(scene))
        # Discord puts the message a component sits on into the interaction: a client chooses
        # what it sends (ids, values, fields), not that envelope
        message = data.draw(pick(scene.messages if case[2] == 3 else [None, *scene.messages]))
        if failures:  # the bot is no longer in a known state: send nothing more (the same
            return  # draws are made, or Hypothesis would call its own generation flaky)
        scene.kinds[case[0]] += 1
        try:
            loop.run_until_complete(send(scene, caplog, case, message))
        except AssertionError as exc:
            # kept, not raised: the bot's state carries over from case to case, so Hypothesis
            # could not replay a case alone to shrink it, and would report that as flaky
            failures.append(f"{case!r} on message {message}: {exc}")

    try:
        one()
        assert failures == [], failures[0][:3000]
        bot = scene.table.bot
        assert not bot.is_closed()
        # the bot still serves its players
        loop.run_until_complete(scene.table.press(ALICE, "My hand"))
        assert sum(scene.kinds.values()) >= min(CASES, 50)
        if REPORT:
            Path(REPORT).write_text(json.dumps(dict(scene.kinds.most_common()), indent=1))
    finally:
        loop.run_until_complete(fake.close_bots())
        loop.close()
