"""Game flows over the fake Discord: open a lobby, seat people and AI, play moves by clicking
the controls the bot drew, and record what every seat was holding whenever a request left."""

from __future__ import annotations

import functools
import random
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bot.render.base import renderer_for
from games import Event, registry
from tests.bot.harness import Clock, FakeDiscord, Sent, Token, User, settle, start_bot

ACT = re.compile(r"g:(\d+):s(\d+):v(\d+):(.+)")
CONFIRM = re.compile(r"gc:(\d+):s(\d+):v(\d+):(.+)")
CHOICE = re.compile(r"gs:(\d+):s(\d+):v(\d+):(\d+)")
MULTI = re.compile(r"gm:(\d+):s(\d+):v(\d+):(\d+):(.+)")
NAV = re.compile(r"gn:(\d+):s(\d+):v(\d+):(.*)")
NAV_MENU = re.compile(r"gv:(\d+):s(\d+):v(\d+)")
KNOB = re.compile(r"Knob: [^·\\\n\"]*")


@dataclass
class Table:
    """One game as the tests see it: its id, messages, people and everything observed."""

    fake: FakeDiscord
    bot: Any
    game_id: int = 0
    #: the lobby message, which became the table; :attr:`lobby` follows the table's reposts
    first: int = 0
    game: str = "rowboat"
    users: dict[int, User] = field(default_factory=dict)  # seat -> person
    hands: dict[int, int] = field(default_factory=dict)  # user id -> hand message id
    events: list[tuple[int, Event]] = field(default_factory=list)  # (version, event)

    @property
    def lobby(self) -> int:
        """The lobby message, or once it is a table, the table message where it is now (the
        bot posts the table anew at the bottom of the channel when it calls a player)."""
        return self.fake.current(self.first)

    @lobby.setter
    def lobby(self, message_id: int) -> None:
        self.first = message_id

    async def settle(self) -> None:
        await settle(self.bot, self.fake)

    def listen(self) -> None:
        async def record(update: Any) -> None:
            if update.info.id == self.game_id:
                self.events.extend((update.info.version, e) for e in update.events)

        self.bot.manager.add_listener(record)

    async def run(self, token: Token) -> Token:
        await self.settle()
        return token

    async def open(self, host: User, game: str = "rowboat") -> Token:
        token = await self.run(self.fake.command(self.bot, host, "play", {"game": game}))
        self.lobby = token.original or 0
        self.game = game
        info = await self.bot.manager.game_in_channel(token.channel_id)
        assert info is not None
        self.game_id = info.id
        return token

    async def press(self, user: User, label: str, message: int | None = None) -> Token:
        message = message or self.lobby
        return await self.run(
            self.fake.click(self.bot, user, message, self.fake.button(message, label))
        )

    async def later(self, clock: Clock, seconds: float) -> None:
        """Move the fake clock on and let the deadlines that fell due run (Lighthouse fades,
        timed windows)."""
        clock.now += seconds
        self.bot.manager.poke_deadlines()
        self.bot.alerts.poke()  # turn alerts held for their window (``bot.table.alerts``)
        await self.settle()

    async def click(self, user: User, message: int, cid: str, value: str | None = None) -> Token:
        """Click the control ``cid`` on a message (picking ``value`` when it is a menu)."""
        values = None if value is None else [value]
        return await self.run(self.fake.click(self.bot, user, message, cid, values))

    async def start_game(
        self, game: str, people: Sequence[User], ai: int = 0, options: str = ""
    ) -> None:
        """``people[0]`` opens a lobby of ``game``, the others join, ``ai`` AI seats are added,
        the options are set (when given) and the game starts; ``users`` maps seats to people."""
        host = people[0]
        await self.open(host, game)
        for person in people[1:]:
            await self.press(person, "Join")
        for _ in range(ai):
            await self.press(host, "Add AI")
        if options:
            await self.set_options(host, options)
        self.users = dict(enumerate(people))
        await self.press(host, "Start")
        await self.seat_map()

    async def set_options(self, host: User, text: str) -> Token:
        token = await self.press(host, "Options")
        modal = next(s for s in self.fake.replies_to(token) if s.kind == "modal")
        data = (modal.payload or {})["data"]
        return await self.run(self.fake.submit_modal(self.bot, host, data, text, self.lobby))

    async def seat_map(self) -> None:
        info = await self.bot.manager.get(self.game_id)
        people = {u.id: u for u in self.users.values()}
        self.users = {s.seat: people[s.user_id] for s in info.seats if s.user_id in people}

    async def open_hand(self, user: User) -> int:
        token = await self.press(user, "My hand")
        assert token.original is not None
        self.hands[user.id] = token.original
        return token.original

    def controls(self, message: int) -> list[tuple[str, str, str | None]]:
        """(code, custom_id, select value) for every action control on a hand message."""
        found: list[tuple[str, str, str | None]] = []
        for comp in self.fake.components(message):
            cid = comp.get("custom_id", "")
            if (m := ACT.fullmatch(cid) or CONFIRM.fullmatch(cid)) is not None:
                found.append((m[4], cid, None))
            elif CHOICE.fullmatch(cid):
                found.extend((o["value"], cid, o["value"]) for o in comp.get("options", []))
        return found

    def multis(self, message: int) -> list[tuple[str, str, list[str], int, int]]:
        """(verb, custom_id, option codes in order, min, max) for every multi-value menu."""
        found = []
        for comp in self.fake.components(message):
            if (m := MULTI.fullmatch(comp.get("custom_id", ""))) is not None:
                codes = [o["value"] for o in comp.get("options", [])]
                low, high = int(comp.get("min_values", 1)), int(comp.get("max_values", 1))
                found.append((m[5], comp["custom_id"], codes, low, high))
        return found

    def navs(self, message: int) -> list[tuple[str, str, str | None]]:
        """(focus, custom_id, select value) for every nav control on a hand message."""
        found: list[tuple[str, str, str | None]] = []
        for comp in self.fake.components(message):
            cid = comp.get("custom_id", "")
            if (m := NAV.fullmatch(cid)) is not None:
                found.append((m[4], cid, None))
            elif NAV_MENU.fullmatch(cid):
                found.extend(
                    ("" if o["value"] == "~" else o["value"], cid, o["value"])
                    for o in comp.get("options", [])
                )
        return found

    def _click_for(self, message: int, code: str) -> tuple[str, list[str] | None] | None:
        """The control (and select values) that sends ``code`` from this message, if any."""
        for found, cid, value in self.controls(message):
            if found == code:
                return cid, None if value is None else [value]
        verb, _, arg = code.partition(":")
        chosen = arg.split(",") if arg else []
        for multi_verb, cid, codes, low, high in self.multis(message):
            if multi_verb == verb and set(chosen) <= set(codes) and low <= len(chosen) <= high:
                return cid, chosen
        return None

    async def nav(self, user: User, focus: str) -> Token:
        """Click the nav to ``focus`` on the user's hand message (it must be offered there)."""
        message = self.hands.get(user.id) or await self.open_hand(user)
        found = [n for n in self.navs(message) if n[0] == focus]
        assert found, f"no nav to {focus!r} for {user.name}: {self.navs(message)}"
        _, cid, value = found[0]
        return await self.click(user, message, cid, value)

    async def act(self, user: User, code: str, *, depth: int = 2) -> Token:
        """Click the control that sends ``code``: a button, a menu option, a multi-value menu
        (``verb:a,b`` picks a and b), or one reached through navs (searched ``depth`` deep
        from the top level, re-opening the hand for each path)."""
        message = self.hands.get(user.id) or await self.open_hand(user)
        click = self._click_for(message, code)
        if click is None and self.navs(message):
            paths: list[list[str]] = [[]]
            for _ in range(depth):
                longer: list[list[str]] = []
                for path in paths:
                    message = await self.open_hand(user)
                    for focus in path:
                        await self.nav(user, focus)
                    longer.extend(
                        [*path, focus]
                        for focus, _, _ in self.navs(message)
                        if focus and focus not in path
                    )
                for path in longer:
                    message = await self.open_hand(user)
                    for focus in path:
                        await self.nav(user, focus)
                    if (click := self._click_for(message, code)) is not None:
                        break
                if click is not None:
                    break
                paths = longer
        assert click is not None, (
            f"{code} is not offered to {user.name}: {self.controls(message)} "
            f"{self.multis(message)} {self.navs(message)}"
        )
        cid, values = click
        token = await self.run(self.fake.click(self.bot, user, message, cid, values))
        if CONFIRM.fullmatch(cid):  # the action asks first: answer Yes
            yes = [c for c in self.controls(message) if c[0] == code and ACT.fullmatch(c[1])]
            assert yes, f"no Yes for {code}: {self.fake.labels(message)}"
            token = await self.run(self.fake.click(self.bot, user, message, yes[0][1]))
        return token

    async def play_out(
        self,
        rng: random.Random,
        *,
        steps: int = 3000,
        light: bool = False,
        check: Callable[[dict[str, Any]], None] | None = None,
    ) -> None:
        """Play every person's turn by clicking a random offered control (menus, multi-value
        menus and navs included) until the game ends; ``check`` sees every hand message a
        person acts from."""
        navs = 0
        for _ in range(steps):
            info, state = await self.bot.manager.state(self.game_id)
            if info.status != "live":
                return
            engine = registry.get(info.game)
            waiting = [s for s in engine.to_act(state) if s in self.users]
            assert waiting, f"nobody to click for, yet the game is live: {engine.to_act(state)}"
            user = self.users[waiting[0]]
            message = self.hands.get(user.id) or await self.open_hand(user)
            offered = self._offered(message, rng, light)
            if not offered:  # an old hand message: re-open it from the table
                message = await self.open_hand(user)
                offered = self._offered(message, rng, light)
            assert offered, f"no controls for {user.name}: {self.fake.labels(message)}"
            if check is not None:
                check(self.fake.messages[message])
            cid, values, is_nav = rng.choice(offered)
            navs = navs + 1 if is_nav else 0
            assert navs < 50, f"{user.name} only ever navigates: {self.fake.labels(message)}"
            await self.run(self.fake.click(self.bot, user, message, cid, values))
        raise AssertionError("the game did not end")

    def _offered(
        self, message: int, rng: random.Random, light: bool
    ) -> list[tuple[str, list[str] | None, bool]]:
        """Every click a random player could make here: (custom_id, values, is a nav)."""
        offered: list[tuple[str, list[str] | None, bool]] = [
            (cid, None if value is None else [value], False)
            for code, cid, value in self.controls(message)
            if light or code != "lighthouse"
        ]
        for _verb, cid, codes, low, high in self.multis(message):
            offered.append((cid, rng.sample(codes, rng.randint(low, high)), False))
        offered.extend(
            (cid, None if value is None else [value], True) for _f, cid, value in self.navs(message)
        )
        return offered


async def new_table(fake: FakeDiscord, tmp_path: Path, *, clock: Clock | None = None) -> Table:
    """A bot on a fresh database in ``tmp_path`` and a Table recording its game's events;
    create watches on it before :meth:`Table.start_game` so they see the lobby too."""
    table = Table(fake, await start_bot(fake, tmp_path / "tw.sqlite3", clock=clock))
    table.listen()
    return table


async def game_state(table: Table, sent: Sent) -> tuple[Any, Any] | None:
    """The game's (info, state) as ``sent`` leaves, for a watch's hook: None when the request
    shows nothing or the game has not started (the lobby holds no cards)."""
    if not table.game_id or sent.payload is None:
        return None
    info, state = await table.bot.manager.state(table.game_id)
    return None if state is None else (info, state)


def user_seats(info: Any) -> dict[int, int]:
    """User id -> seat for the people seated in a game (AI seats have no user)."""
    return {s.user_id: s.seat for s in info.seats if s.user_id is not None}


def viewer(sent: Sent, seats: dict[int, int]) -> int | None:
    """The seat that can read a request: None for a public one (or a non-player's)."""
    return None if sent.audience is None else seats.get(sent.audience)


async def holdings(bot: Any, game_id: int) -> dict[int, set[str]]:
    """Cards in each seat's hand right now (from the engine's own seat views)."""
    info, state = await bot.manager.state(game_id)
    if state is None:
        return {}
    engine = registry.get(info.game)
    return {s.seat: set(engine.view(state, s.seat).get("hand", [])) for s in info.seats}


@dataclass(frozen=True)
class Form:
    """A pattern that would reveal a card, and a text it cannot match without (the card's code
    or name). Why: a watch searches every request for every hidden card's forms, hundreds of
    thousands of searches a game, and nearly every one finds nothing; a substring test rules
    those out several times faster than the regex, with the same answers (the regex matches
    only where the text holds ``literal``)."""

    literal: str
    pattern: re.Pattern[str]

    def search(self, text: str) -> re.Match[str] | None:
        return self.pattern.search(text) if self.literal in text else None


def forms(card: str, game: str = "rowboat") -> list[Form]:
    """Patterns that would reveal ``card`` in a message: its code as a word, and every name the
    game's renderer writes it as (its ``card_forms``; the code itself without one)."""
    return list(_forms(card, game))


@functools.cache
def _forms(card: str, game: str) -> tuple[Form, ...]:
    """:func:`forms`, made once per card and game: a watch asks for every card of every hand
    of every request sent, tens of thousands of times a game."""
    pats = [Form(card, re.compile(rf"(?<![A-Za-z0-9]){re.escape(card)}(?![A-Za-z0-9])"))]
    pats.extend(Form(f, re.compile(re.escape(f))) for f in renderer_for(game).card_forms(card))
    return tuple(pats)


class SecrecyWatch:
    """Records, at the moment each request leaves, the cards every seat holds."""

    def __init__(self, table: Table) -> None:
        self.table = table
        self.seen: list[tuple[Sent, dict[int, set[str]], dict[int, int]]] = []
        table.fake.hooks.append(self.hook)

    async def hook(self, sent: Sent) -> None:
        if self.table.game_id and sent.payload is not None:
            info = await self.table.bot.manager.get(self.table.game_id)
            hands = await holdings(self.table.bot, self.table.game_id)
            self.seen.append((sent, hands, user_seats(info)))

    def check(self, allowed_lights: dict[int, set[int]] | None = None) -> int:
        """Assert no hidden card leaks; returns how many requests were checked.

        ``allowed_lights``: user id -> seats whose hands that user may see in a Lighthouse
        snapshot (from the engine's ``lighthouse_view`` events)."""
        checked = 0
        for sent, hands, seats in self.seen:
            if not sent.readable:
                continue
            # The Knob of a trick is public (it follows from the Tide), whoever holds it.
            text = KNOB.sub("Knob: …", sent.text)
            reader = viewer(sent, seats)
            is_light = "Lighthouse · lit by" in text
            for seat, cards in hands.items():
                if reader is not None and seat == reader:
                    continue
                if is_light and reader is not None:
                    allowed = (allowed_lights or {}).get(sent.audience or 0, set())
                    if seat in allowed:
                        continue
                for card in cards:
                    for pattern in forms(card, self.table.game):
                        assert not pattern.search(text), (
                            f"{card} of seat {seat} leaked to {sent.reader}: "
                            f"{sent.method} {sent.path} {text}"
                        )
            checked += 1
        return checked
