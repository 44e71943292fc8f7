"""Whole Boat Canasta games through the real bot, from /play to the final score, with AI seats.

People click the controls the renderer drew (a simple greedy player: pick up, meld and open when
offered, else draw and discard), AI seats play random legal moves. A low ``target_score`` and
``max_round_turns`` keep games short (spec implementation note: random play rarely melds).

Secrecy: Boat Canasta has two copies of every card (four Jokers), so a card code written on
the table can be a public copy (a meld, a red 3, the pile's top, a discard seen earlier) while
another copy of the same code is hidden in a hand. The generic watch, which flags any form of
any hidden card, would then cry wolf. :class:`CanastaWatch` therefore records, with each
request, the codes that are *accounted for* by something its audience may see (the public view,
every discard so far, the audience's own hand and staged melds), and flags a hidden card (in a
hand, or staged) only when its code appears in a request and no visible copy accounts for it.
For public requests the same holds for every code, so no stock card or card under the pile is
named either.
"""

from __future__ import annotations

import random
import re
from collections import Counter
from typing import Any

import pytest

from bot.render import boat_canasta as render
from games import registry
from tests.bot.flows import SecrecyWatch, Table, forms, new_table, user_seats, viewer
from tests.bot.harness import FakeDiscord, Sent, User

ALICE, BOB, CAROL = User(1001, "Alice"), User(1002, "Bob"), User(1003, "Carol")
GAME = "boat_canasta"
ENGINE = registry.get(GAME)


def public_codes(view: dict[str, Any]) -> Counter[str]:
    """Copies of each code the public view shows: melds, red 3s and the pile's top."""
    seen: Counter[str] = Counter()
    for side in view.get("melds", []):
        for meld in side:
            seen.update(meld["cards"])
    for reds in view.get("red_threes", []):
        seen.update(reds)
    if view.get("pile_top"):
        seen[view["pile_top"]] += 1
    return seen


class CanastaWatch(SecrecyWatch):
    """The secrecy watch with copies taken into account (see the module docstring)."""

    def __init__(self, table: Table) -> None:
        super().__init__(table)
        self.extra: list[tuple[dict[int, Counter[str]], Counter[str], set[str]]] = []
        #: the hidden, public and discarded cards of the last state seen (the object itself:
        #: states are immutable, a move makes a new one): a move sends several requests
        #: (table, hands, answers), and the log was read whole for the discards at each
        self.known: tuple[Any, int, Any] = (None, 0, None)
        #: every card code the table has shown face up so far in this game (melds of earlier
        #: rounds too): the table is drawn from the latest state, and its log is noted when
        #: that state's update arrives, so for one edit a new round's table can still carry
        #: the last round's lines ("AI 2 added 8♦ to the 8s"), public then, gone from the
        #: new round's state; like a discard, a card once shown face up is no secret
        self.shown: set[str] = set()

    async def hook(self, sent: Sent) -> None:
        if not (self.table.game_id and sent.payload is not None):
            return
        bot = self.table.bot
        info, state = await bot.manager.state(self.table.game_id)
        seats = user_seats(info)
        last, version, cards = self.known
        if state is None or last is not state or version != info.version:
            cards = await self.cards(info, state)
            self.known = (state, info.version, cards)
        self.seen.append((sent, {}, seats))
        self.extra.append(cards)

    async def cards(
        self, info: Any, state: Any
    ) -> tuple[dict[int, Counter[str]], Counter[str], set[str]]:
        """Each seat's hidden cards, the public copies, and every card discarded or shown
        face up so far."""
        hidden: dict[int, Counter[str]] = {}
        if state is not None:
            for seat in range(len(info.seats)):
                view = ENGINE.view(state, seat)
                held = Counter(view.get("hand", []))
                for meld in view.get("staged", []):
                    held.update(meld["cards"])
                hidden[seat] = held
            public = public_codes(ENGINE.view(state, None))
        else:
            public = Counter()
        discards = {
            code.split(":", 1)[1]
            for _seq, _seat, code in await self.table.bot.manager.actions(info.id)
            if code.startswith("discard:")
        }
        self.shown |= {code for code, copies in public.items() if copies}
        return hidden, public, discards | self.shown

    def check(self, allowed_lights: dict[int, set[int]] | None = None) -> int:
        checked = 0
        for (sent, _none, seats), (hidden, public, discards) in zip(
            self.seen, self.extra, strict=True
        ):
            if not sent.readable:
                continue
            text = sent.text
            reader = viewer(sent, seats)
            own = hidden.get(reader, Counter()) if reader is not None else Counter()
            for seat, cards in hidden.items():
                if seat == reader:
                    continue
                for card in cards:
                    if public[card] or own[card] or card in discards:
                        continue  # a visible copy accounts for the code
                    for pattern in forms(card, GAME):
                        assert not pattern.search(text), (
                            f"{card} of seat {seat} leaked to {sent.reader}: {text}"
                        )
            if sent.audience is None:
                check_counts(text, public, discards)
            checked += 1
        return checked


def check_counts(text: str, public: Counter[str], discards: set[str]) -> None:
    """The public table names no card (in any form) that no visible copy accounts for: this
    covers the stock and the cards under the pile too, not only the hands."""
    for code in ENGINE.card_copies:
        if public[code] or code in discards:
            continue
        for pattern in forms(code, GAME):
            assert not pattern.search(text), f"{code} on the table with no public copy: {text}"


def greedy(codes: list[str], rng: random.Random, steps_in_turn: int) -> str:
    """A person who melds: answer, pick up, open, meld or add when offered; else end the turn.

    ``codes`` are the action codes on the message plus ``nav:<focus>`` for its navs."""

    def pick(*prefixes: str) -> str | None:
        found = [c for c in codes if c.split(":")[0] in prefixes]
        return rng.choice(found) if found else None

    for group in (("answer",), ("deal",), ("close",), ("open",), ("take",)):
        if (choice := pick(*group)) is not None:
            return choice
    if "ask" in codes and rng.random() < 0.5:
        return "ask"
    if steps_in_turn < 8:
        if (choice := pick("meld", "add")) is not None:
            return choice
        ranks = [c for c in codes if c.startswith("nav:r:")]
        if ranks:
            return rng.choice(ranks)
    for group in (("cancel",), ("draw",), ("discard", "keep")):
        if (choice := pick(*group)) is not None:
            return choice
    for nav in ("nav:discard", "nav:"):
        if nav in codes:
            return nav
    return rng.choice(codes)


async def play(table: Table, rng: random.Random, steps: int = 6000) -> tuple[int, int]:
    """Play every person's turn by clicking offered controls (navs included) until the game
    ends; returns how many action clicks and nav clicks people made."""
    clicks = navs = 0
    last_turn: tuple[int, int] = (-1, -1)
    in_turn = 0
    for _ in range(steps):
        info, state = await table.bot.manager.state(table.game_id)
        if info.status != "live":
            return clicks, navs
        waiting = [s for s in ENGINE.to_act(state) if s in table.users]
        assert waiting, f"nobody to click for, yet the game is live: {ENGINE.to_act(state)}"
        user = table.users[waiting[0]]
        message = table.hands.get(user.id) or await table.open_hand(user)
        offered = {c[0]: (c[1], c[2]) for c in table.controls(message)}
        offered |= {f"nav:{n[0]}": (n[1], n[2]) for n in table.navs(message)}
        if not offered:  # an old hand message: re-open it from the table
            message = await table.open_hand(user)
            offered = {c[0]: (c[1], c[2]) for c in table.controls(message)}
            offered |= {f"nav:{n[0]}": (n[1], n[2]) for n in table.navs(message)}
        assert offered, f"no controls for {user.name}: {table.fake.labels(message)}"
        turn = (state.round_no, state.g)
        in_turn = in_turn + 1 if turn == last_turn else 0
        last_turn = turn
        code = greedy(list(offered), rng, in_turn)
        cid, value = offered[code]
        if code.startswith("nav:"):
            navs += 1
        else:
            clicks += 1
        await table.click(user, message, cid, value)
    raise AssertionError("the game did not end")


async def game(fake: FakeDiscord, tmp_path, people: list[User], ai: int, options: str):
    table = await new_table(fake, tmp_path)
    watch = CanastaWatch(table)
    await table.start_game(GAME, people, ai, options)
    return table.bot, table, watch


@pytest.mark.parametrize(
    ("people", "ai", "seed"),
    [
        ([ALICE], 1, 1),
        ([ALICE, BOB], 1, 2),
        ([ALICE, BOB, CAROL], 1, 3),
    ],
    ids=["2p", "3p", "4p-3people"],  # AI-heavy tables: test_ai_seats, the AI's own tests
)
async def test_a_whole_game_to_the_final_score(fake, tmp_path, people, ai, seed) -> None:
    # 1,000 is several rounds with every kind of event; 1,500 took the 3p game six times longer
    target = 1000
    bot, table, watch = await game(
        fake, tmp_path, people, ai, f"target_score = {target}\nmax_round_turns = 60"
    )
    try:
        clicks, navs = await play(table, random.Random(seed))
        info, state = await bot.manager.state(table.game_id)
        assert info.status == "finished"
        result = ENGINE.result(state)
        assert result.winners and max(result.scores) >= target
        assert clicks > 20 and navs > 0
        final = fake.messages[table.lobby]
        embed = final["embeds"][0]
        assert "Game over" in embed["footer"]["text"]
        assert str(max(result.scores)) in str(embed["fields"])
        assert fake.labels(table.lobby) == ["Rematch"]  # a finished table offers only that
        kinds = {e.kind for _v, e in table.events}
        assert {"discard", "meld", "round_end", "game_over"} <= kinds
        assert watch.check() > 50
        if len(table.users) + ai == 4:
            check_answers_went_to_the_partner(table)
        assert_watch_can_fail(watch)
    finally:
        await bot.close()


ANSWER = re.compile(r"g:\d+:s(\d+):v(\d+):answer:yes")


def check_answers_went_to_the_partner(table: Table) -> None:
    """Every "may I close?" answer control was drawn for the asker's partner, on that
    partner's own message (spec §3.5: only the partner answers)."""
    asks = sorted((v, e.data["seat"]) for v, e in table.events if e.kind == "ask")
    answers = [e for _v, e in table.events if e.kind == "answer"]
    assert asks and len(answers) == len(asks), "no one asked 'may I close?' in this 4p game"
    drawn = 0
    for sent in table.fake.sent:
        for match in ANSWER.finditer(sent.text):
            seat, version = int(match[1]), int(match[2])
            asker = max((a for a in asks if a[0] <= version), default=None)
            assert asker is not None and seat == (asker[1] + 2) % 4, (seat, version, asks)
            assert sent.audience == table.users[seat].id
            drawn += 1
    partners = {(s + 2) % 4 for _v, s in asks}
    if partners & set(table.users):  # a person was asked: their buttons were drawn
        assert drawn > 0


def assert_watch_can_fail(watch: CanastaWatch) -> None:
    """The watch is not blind: a public line naming a card only one hand holds is caught."""
    for (sent, _h, seats), (hidden, public, discards) in zip(watch.seen, watch.extra, strict=True):
        for cards in hidden.values():
            lonely = [c for c in cards if not public[c] and c not in discards]
            if lonely:
                fake = Sent("POST", sent.path, {"content": render.card_long(lonely[0])}, "send")
                watch.seen.append((fake, {}, seats))
                watch.extra.append((hidden, public, discards))
                with pytest.raises(AssertionError, match="leaked to everyone"):
                    watch.check()
                watch.seen.pop()
                watch.extra.pop()
                return
    raise AssertionError("no hidden card to test the watch with")


async def test_a_person_clicking_at_random_gets_through_whole_rounds(fake, tmp_path) -> None:
    """Random clicks (navs, Back, staging and taking back included) never stall a round:
    the turn cap (D16) ends the rounds no one closes, and the next dealer's Deal starts the
    next one."""
    bot, table, watch = await game(
        fake, tmp_path, [ALICE], 1, "target_score = 5000\nmax_round_turns = 16"
    )
    rng = random.Random(21)
    try:
        for _ in range(3000):
            if sum(1 for _v, e in table.events if e.kind == "round_end") >= 2:
                break
            info, state = await bot.manager.state(table.game_id)
            assert info.status == "live"
            if 0 not in ENGINE.to_act(state):
                await table.settle()
                continue
            message = table.hands.get(ALICE.id) or await table.open_hand(ALICE)
            offered = [(c[1], c[2]) for c in table.controls(message)]
            offered += [(n[1], n[2]) for n in table.navs(message)]
            if not offered:
                message = await table.open_hand(ALICE)
                continue
            cid, value = rng.choice(offered)
            await table.run(
                fake.click(bot, ALICE, message, cid, None if value is None else [value])
            )
        ends = [e for _v, e in table.events if e.kind == "round_end"]
        assert len(ends) >= 2
        assert watch.check() > 20
    finally:
        await bot.close()
