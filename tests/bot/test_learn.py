"""``/learn``: a practice table for one person against easy AIs, in its own thread, unrated,
with coach lines on the table that name no card the learner has not seen."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from bot.table.log import COACH
from games import registry
from tests.bot.flows import Table, forms, holdings
from tests.bot.harness import CHANNEL_ID, FakeDiscord, Sent, User, start_bot
from tests.games.practice_play import HAND_END

ALICE = User(1001, "Alice")
GAMES = ("rowboat", "turn_the_tide", "boat_canasta", "boat", "game_of_rows")


def coach_lines(payload: Any) -> list[str]:
    """The coach lines of a message: the lines of its text and embeds that start with 🎓."""
    if not isinstance(payload, dict):
        return []
    texts = [str((payload or {}).get("content") or "")]
    for embed in (payload or {}).get("embeds") or []:
        texts.append(str(embed.get("description") or ""))
        texts.extend(str(f.get("value") or "") for f in embed.get("fields") or [])
    return [line for text in texts for line in text.splitlines() if line.startswith(COACH)]


class CoachWatch:
    """At the moment each public message leaves, the cards hidden from the learner: every
    other seat's hand, less any card (or copy of it) the learner has seen."""

    def __init__(self, table: Table) -> None:
        self.table = table
        self.lines: list[tuple[str, set[str], int]] = []
        table.fake.hooks.append(self.hook)

    async def hook(self, sent: Sent) -> None:
        if not self.table.game_id or sent.payload is None or not sent.public:
            return
        lines = coach_lines(sent.payload)
        if not lines:
            return
        info, state = await self.table.bot.manager.state(self.table.game_id)
        if state is None:
            return
        engine = registry.get(info.game)
        seen = json.dumps(engine.view(state, 0))
        hands = await holdings(self.table.bot, self.table.game_id)
        hidden = {c for seat, cards in hands.items() if seat != 0 for c in cards}
        hidden = {c for c in hidden if f'"{c}"' not in seen}
        for line in lines:
            self.lines.append((line, hidden, info.version))

    def check(self, game: str) -> None:
        for line, hidden, version in self.lines:
            # every card shown on the table up to then is seen (a two-deck game holds a second
            # copy of a card played in public)
            shown = [
                e.to_dict() for v, e in self.table.events if v <= version and e.visible_to is None
            ]
            text = json.dumps(shown)
            for card in (c for c in hidden if f'"{c}"' not in text):
                # a bare number is a weather card and a tide level alike (Turn the Tide): the
                # renderer's own forms of the card are what would name it
                patterns = forms(card, game) if not card.isdigit() else forms(card, game)[1:]
                for pattern in patterns:
                    assert not pattern.search(line), f"{card} (hidden) named in: {line}"


def listen_all(table: Table) -> None:
    """Record every game's events (the test's one game moves before its id is known: the AI
    seats play as soon as /learn has started it)."""

    async def record(update: Any) -> None:
        table.events.extend((update.info.version, e) for e in update.events)

    table.bot.manager.add_listener(record)


async def learn(fake: FakeDiscord, table: Table, game: str) -> Any:
    token = await table.run(fake.command(table.bot, ALICE, "learn", {"game": game}))
    infos = [i for i in await table.bot.manager.live_games() if i.game == game]
    assert len(infos) == 1, "the practice table did not start at once"
    info = await table.bot.manager.get(infos[0].id)
    table.game_id, table.game = info.id, game
    table.lobby = info.messages["table"]
    table.users = {0: ALICE}
    return token, info


async def play_first_hand(table: Table, rng: random.Random, steps: int = 1500) -> None:
    """Click a random offered control for the learner until the first hand ends."""
    for _ in range(steps):
        if any(e.kind in HAND_END for _v, e in table.events):
            return
        info, state = await table.bot.manager.state(table.game_id)
        if info.status != "live":
            return
        engine = registry.get(info.game)
        if 0 not in engine.to_act(state):
            await table.settle()
            if 0 not in engine.to_act((await table.bot.manager.state(table.game_id))[1]):
                continue
        message = table.hands.get(ALICE.id) or await table.open_hand(ALICE)
        offered = table._offered(message, rng, light=True)
        if not offered:
            message = await table.open_hand(ALICE)
            offered = table._offered(message, rng, light=True)
        assert offered, f"no controls: {table.fake.labels(message)}"
        cid, values, _nav = rng.choice(offered)
        await table.run(table.fake.click(table.bot, ALICE, message, cid, values))
    raise AssertionError("the first hand did not end")


@pytest.mark.slow
@pytest.mark.parametrize("game", GAMES)
async def test_learn_opens_a_coached_unrated_table_in_a_thread(fake, tmp_path, game) -> None:
    bot = await start_bot(fake, tmp_path / "tw.sqlite3")
    table = Table(fake, bot)
    listen_all(table)
    watch = CoachWatch(table)
    try:
        token, info = await learn(fake, table, game)
        [thread] = [s for s in fake.sent if s.kind == "thread"]
        assert info.channel_id == thread.channel_id != CHANNEL_ID
        assert info.practice
        package = registry.package(game)
        assert info.seed == package.practice_seed
        assert len(info.seats) == (package.practice_players or package.engine.min_players)
        assert info.seats[0].user_id == ALICE.id
        assert all(s.ai_level == "easy" for s in info.seats[1:])
        assert info.pace == 0  # no turn clock at a practice table
        assert info.hints  # the 💡 Hint button is offered: a practice table is for help
        assert f"<#{thread.channel_id}>" in fake.reply_text(token)
        tables = [s for s in fake.sent if s.kind == "send" and s.channel_id == thread.channel_id]
        assert tables and "My hand" in fake.labels(tables[0].message_id)
        await play_first_hand(table, random.Random(37))
        await table.settle()
        assert watch.lines, "no coach line reached the table"
        watch.check(game)
    finally:
        await bot.close()


@pytest.mark.slow
async def test_coach_lines_only_at_practice_tables(fake, tmp_path) -> None:
    bot = await start_bot(fake, tmp_path / "tw.sqlite3")
    table = Table(fake, bot)
    table.listen()
    try:
        await table.start_game("rowboat", (ALICE,), 2, "first_dealer = 0\nnovice = true")
        await table.play_out(random.Random(5), steps=40)
    except AssertionError:
        pass  # the game need not end in 40 steps: only its table's lines matter here
    finally:
        await bot.close()
    assert not any(coach_lines(s.payload) for s in fake.sent)


@pytest.mark.slow
async def test_a_refused_thread_falls_back_to_the_channel(fake, tmp_path) -> None:
    bot = await start_bot(fake, tmp_path / "tw.sqlite3")
    table = Table(fake, bot)
    try:
        fake.fail_next.append((r"/channels/\d+/threads$", 403))
        token, info = await learn(fake, table, "rowboat")
        assert info.channel_id == CHANNEL_ID and info.practice
        assert "couldn't open a thread" in fake.reply_text(token)
        assert any(s.kind == "send" and s.channel_id == CHANNEL_ID for s in fake.sent)
        # a second /learn of the same game points to the open table instead of another one
        token = await table.run(fake.command(bot, ALICE, "learn", {"game": "rowboat"}))
        assert "still open" in fake.reply_text(token)
        assert len(await bot.manager.live_games()) == 1
    finally:
        await bot.close()


async def test_a_table_discord_refuses_is_ended_at_once(fake, tmp_path) -> None:
    bot = await start_bot(fake, tmp_path / "tw.sqlite3")
    table = Table(fake, bot)
    try:
        fake.fail_next.append((r"/channels/\d+/messages$", 403))
        token = await table.run(fake.command(bot, ALICE, "learn", {"game": "boat"}))
        assert "couldn't post the practice table" in fake.reply_text(token)
        assert await bot.manager.live_games() == []
    finally:
        await bot.close()


@pytest.mark.slow
async def test_a_finished_practice_game_changes_no_rating(fake, tmp_path) -> None:
    # a low target (the server's default for the game) ends the game in its first hands
    bot = await start_bot(fake, tmp_path / "tw.sqlite3", games={"boat": {"target_score": 10}})
    table = Table(fake, bot)
    listen_all(table)
    try:
        _token, info = await learn(fake, table, "boat")
        rng = random.Random(3)
        for _ in range(20):
            table.events.clear()
            await play_first_hand(table, rng)
            if (await bot.manager.get(info.id)).status == "finished":
                break
        assert (await bot.manager.get(info.id)).status == "finished"
        rows = await bot.manager.store.fetchall("SELECT COUNT(*) FROM ratings")
        assert rows == [(0,)]
        row = await bot.manager.store.fetchall(
            "SELECT practice FROM games WHERE id = ?", (info.id,)
        )
        assert row == [(1,)]
    finally:
        await bot.close()


def test_the_coach_hears_public_events_only_and_its_line_replaces_the_events() -> None:
    """A private event (a hand dealt) never reaches the coach, so no coach line can be built
    from a hidden card; a public event's coach line takes the place of its own line; a table
    that is not a practice table gets none."""
    from bot.render import TableContext
    from bot.render.base import renderer_for
    from bot.table.log import TableLog
    from games import Event

    heard: list[Event] = []

    class Spy(type(renderer_for("rowboat"))):  # type: ignore[misc]
        def coach(self, ctx: Any, event: Event, seat: int, seen: Any) -> str | None:
            heard.append(event)
            return "why" if event.kind == "bid" else None

    ctx = TableContext(1, "Rowboat", ("Alice", "AI 1"), (1001, None), "live")
    deal = Event("deal", (0,), {"seat": 0, "hand": ["Wo"]})
    bid = Event("bid", None, {"seat": 1, "bid": 2})
    log = TableLog()
    log.note(1, Spy(), ctx, (deal, bid), coach_seat=0)
    assert heard == [bid]
    assert log.lines_of(1) == (f"{COACH} why",)
    log.note(2, Spy(), ctx, (deal, bid))
    assert heard == [bid] and log.lines_of(2) == ("AI 1 bid 2.",)


@pytest.mark.slow
@pytest.mark.parametrize("game", GAMES)
def test_a_practice_table_with_its_coach_lines_fits_one_phone_screen(game: str) -> None:
    """The first practice hand, drawn as the table is after every third move (pictures on, as
    in tests/bot/test_phone_fit.py), with the coach lines in its log: one phone screen."""
    import asyncio
    import io
    from dataclasses import replace

    import discord

    from bot.render.base import renderer_for
    from bot.table.log import TableLog
    from bot.table.pictures import TABLE_FILE, Pictures, show
    from bot.table.presentation import Presenter
    from tests.bot import phone
    from tests.bot.test_phone_fit import MARGIN
    from tests.games.practice_play import first_hand

    hand = first_hand(game)
    package = registry.package(game)
    engine, render = package.engine, renderer_for(game)
    state = engine.new_game(hand.players, dict(package.practice_options), package.practice_seed)
    log = TableLog()
    presenter = Presenter(log, phone._NoSnapshots(), phone._NoWindows())  # type: ignore[arg-type]
    drawn = Pictures(enabled=True)
    too_tall = []
    coached = 0
    for version, step in enumerate(hand.steps, start=1):
        state, events = engine.apply(state, step.seat, step.code)
        info = replace(phone.info_of(game, hand.players, version), practice=True)
        log.note(1, render, presenter.context(info), tuple(events), 0)
        if version % 3 and version != len(hand.steps):
            continue
        embed, view = presenter.table_message(info, state)
        file = asyncio.run(drawn.table(info, state))
        data = None if file is None else file.fp.read()
        alt = None if file is None else file.description
        sent = None if data is None else discord.File(io.BytesIO(data), TABLE_FILE, description=alt)
        message = phone.Message(phone._payload(embed, view, show(embed, sent), False), data)
        coached += len(coach_lines(message.payload))
        if phone.height(message) > phone.SCREEN - MARGIN:
            too_tall.append(f"after move {version}: {phone.height(message):.0f} px")
    assert coached, "no coach line on the table"
    assert not too_tall, too_tall
