"""Whole Turn the Tide games through the real bot, with AI seats, and the secrecy of choices.

Two watches look at every request the bot makes. The shared :class:`SecrecyWatch` checks the
cards still in each hand. A locked choice has left the hand (the engine keeps it apart, D5), so
:class:`LockWatch` checks it: a card a seat has locked may appear in no request that another
seat or the public can read until the reveal of that hand.

Weather cards are the numbers 1..60, so the shared watch's "code as a word" pattern would find a
card in every hand number, level and score; for this game both watches search for the forms the
renderer writes a card in (``card_forms``, not followed by another digit) and for its action code
(``play:<n>``, the value of a select option).
"""

from __future__ import annotations

import random
import re
from collections.abc import AsyncIterator
from typing import Any

import pytest

from bot.render import turn_the_tide as render
from games import registry
from tests.bot import flows
from tests.bot.flows import SecrecyWatch, Table, game_state, new_table, user_seats, viewer
from tests.bot.harness import FakeDiscord, Sent, User

ALICE, BOB, CAROL = User(1001, "Alice"), User(1002, "Bob"), User(1003, "Carol")
_shared_forms = flows.forms


def tide_forms(card: str, game: str = "turn_the_tide") -> list[flows.Form]:
    """How a weather card could show: as the renderer writes it, or as its action code."""
    if game != "turn_the_tide":
        return _shared_forms(card, game)
    pats = [
        flows.Form(f, re.compile(re.escape(f) + r"(?![0-9])"))
        for f in render.RENDERER.card_forms(card)
    ]
    pats.append(flows.Form(f"play:{card}", re.compile(rf"play:{re.escape(card)}(?![0-9])")))
    return pats


@pytest.fixture
async def fake(monkeypatch: pytest.MonkeyPatch) -> AsyncIterator[FakeDiscord]:
    fake = FakeDiscord()
    fake.install(monkeypatch)
    monkeypatch.setattr(flows, "forms", tide_forms)
    yield fake
    await fake.close_bots()


class LockWatch:
    """Records, when each request leaves, the card every seat has locked for this hand."""

    def __init__(self, table: Table) -> None:
        self.table = table
        self.seen: list[tuple[Sent, dict[int, str], dict[int, int]]] = []
        table.fake.hooks.append(self.hook)

    async def hook(self, sent: Sent) -> None:
        if (now := await game_state(self.table, sent)) is None:
            return
        info, state = now
        engine = registry.get(info.game)
        locked = {
            s.seat: str(card)
            for s in info.seats
            if (card := engine.view(state, s.seat).get("chosen_card"))
        }
        self.seen.append((sent, locked, user_seats(info)))

    def check(self) -> int:
        """Assert no locked card is readable by anyone but its seat; returns the number of
        (request, locked card of another seat) pairs checked."""
        return check_locks(self.seen)


def check_locks(seen: list[tuple[Sent, dict[int, str], dict[int, int]]]) -> int:
    pairs = 0
    for sent, locked, seats in seen:
        if not sent.readable:
            continue
        reader = viewer(sent, seats)
        text = sent.text
        for seat, card in locked.items():
            if seat == reader:
                continue
            for pattern in tide_forms(card):
                assert not pattern.search(text), (
                    f"seat {seat}'s locked {card} readable by {sent.reader}: {text}"
                )
            pairs += 1
    return pairs


async def game(
    fake: FakeDiscord, tmp_path: Any, people: list[User], ai: int, options: str = ""
) -> tuple[Any, Table, SecrecyWatch, LockWatch]:
    table = await new_table(fake, tmp_path)
    watch, locks = SecrecyWatch(table), LockWatch(table)
    await table.start_game("turn_the_tide", people, ai, options)
    return table.bot, table, watch, locks


def public(fake: FakeDiscord) -> list[Sent]:
    return [s for s in fake.sent if s.public and s.payload is not None]


@pytest.mark.parametrize(
    ("people", "ai", "seed", "options"),
    [
        ([ALICE], 2, 1, ""),
        ([ALICE, BOB], 1, 2, "show_history = true"),
        ([ALICE, BOB, CAROL], 1, 4, ""),
        ([ALICE], 4, 5, "show_history = true"),
        ([ALICE, BOB], 3, 6, ""),
    ],
    ids=[
        "3p-1person",
        "3p-2people-history",
        "4p-3people",
        "5p-1person",
        "5p-2people",
    ],
)
async def test_a_whole_game_to_the_final_score(fake, tmp_path, people, ai, seed, options) -> None:
    bot, table, watch, locks = await game(fake, tmp_path, people, ai, options)
    try:
        players = len(people) + ai
        # One person picks their lowest card by the option the renderer drew for it.
        first = table.users[0]
        info, state = await bot.manager.state(table.game_id)
        lowest = min(registry.get("turn_the_tide").view(state, 0)["hand"], key=int)
        await table.act(first, f"play:{lowest}")
        hand_msg = fake.messages[table.hands[first.id]]
        assert render.card_text(lowest) in str(hand_msg["embeds"]), "her card is hidden from her"
        await table.play_out(random.Random(seed))

        info, state = await bot.manager.state(table.game_id)
        engine = registry.get("turn_the_tide")
        assert info.status == "finished"
        result = engine.result(state)
        assert result.winners and len(result.scores) == players
        table_msg = fake.messages[table.lobby]
        final = table_msg["embeds"][0]
        assert "Game over" in final["footer"]["text"]
        for seat in result.winners:
            assert f"{info.seats[seat].name} 🏆" in str(final["fields"])
        assert fake.labels(table.lobby) == ["Rematch"]  # a finished table offers only that
        names = " & ".join(info.seats[s].name for s in result.winners)
        assert "is over" in table_msg["content"] and names in table_msg["content"]
        # the game leaves one message in the channel: its final table (no pings left behind)
        assert fake.channel_messages(int(table_msg["channel_id"])) == [table.lobby]

        # Every round was played, and the table showed rounds, hands and reveals on the way.
        rounds = [e for _v, e in table.events if e.kind == "round_end"]
        assert len(rounds) == players
        shown = public(fake)
        assert any(f"Round **{players}** of {players}" in s.text for s in shown)
        assert any("has chosen" in s.text and "choosing" in s.text for s in shown)
        # A reveal shows every active seat's card at once, in the form the watches search for.
        revealed = 0
        for _version, event in table.events:
            if event.kind != "reveal":
                continue
            cards = [render.card_text(c) for c in event.data["choices"] if c]
            line = f"**Hand {event.data['hand']} revealed:**"
            if any(line in s.text and all(c in s.text for c in cards) for s in shown):
                revealed += 1
        assert revealed >= 5

        assert watch.check() > 100
        assert locks.check() > 50
    finally:
        await bot.close()


async def test_a_choice_stays_hidden_from_the_table_and_the_other_person(fake, tmp_path) -> None:
    """Alice locks a card; until Bob chooses, neither Bob's hand nor the table can read it, yet
    both see that she has chosen; Bob's choice then reveals both cards at once."""
    bot, table, watch, locks = await game(fake, tmp_path, [ALICE, BOB], 1)
    try:
        await table.open_hand(BOB)
        _info, state = await bot.manager.state(table.game_id)
        engine = registry.get("turn_the_tide")
        mine = max(engine.view(state, 0)["hand"], key=int)
        await table.act(ALICE, f"play:{mine}")
        _info, state = await bot.manager.state(table.game_id)
        assert engine.to_act(state) == [1]  # the AI chose at once; Bob is the last
        bob_hand = fake.messages[table.hands[BOB.id]]
        table_msg = fake.messages[table.lobby]
        for message in (bob_hand, table_msg):
            text = str(message["embeds"])
            assert "Alice" in text and render.card_text(mine) not in text
        assert "✅ has chosen" in str(table_msg["embeds"])
        assert render.card_text(mine) in str(fake.messages[table.hands[ALICE.id]]["embeds"])

        theirs = min(engine.view(state, 1)["hand"], key=int)
        await table.act(BOB, f"play:{theirs}")
        revealed = str(fake.messages[table.lobby]["embeds"])
        assert "**Hand 1 revealed:**" in revealed
        assert render.card_text(mine) in revealed and render.card_text(theirs) in revealed
        assert locks.check() >= 4  # Bob's refreshed hand and the table, at the least
        assert watch.check() > 10
    finally:
        await bot.close()


def test_the_lock_check_catches_a_leak() -> None:
    """The check can fail: a locked card in a public edit, in another seat's ephemeral, or as
    an option value is caught; the same card in its own seat's message is not a leak."""

    def sent(text: str, audience: int | None, kind: str = "edit") -> Sent:
        return Sent("PATCH", "/x", {"embeds": [{"description": text}]}, kind, audience=audience)

    seats = {1001: 0, 1002: 1}
    assert check_locks([(sent("You chose ☔37", 1001, "hook-edit"), {0: "37"}, seats)]) == 0
    assert check_locks([(sent("Bob ☔37", None), {1: "38"}, seats)]) == 1  # another card
    for leak in (
        sent("Alice ☔37", None),
        sent("Alice ☔37", 1002, "hook-edit"),
        sent('{"value": "play:37"}', 1002, "callback"),
    ):
        with pytest.raises(AssertionError):
            check_locks([(leak, {0: "37"}, seats)])
    assert tide_forms("3")[0].search("☔34") is None


@pytest.mark.parametrize("leak", ["locked", "held"])
async def test_the_watches_catch_a_table_that_leaks(fake, tmp_path, monkeypatch, leak) -> None:
    """Both watches can fail on a real game: a public view doctored to show, as a reveal, the
    locked choices (LockWatch) or a card still in each hand (SecrecyWatch) is caught."""
    import games.turn_the_tide.engine as engine_module

    honest = engine_module.public_view

    def leaky(state: Any) -> dict[str, Any]:
        view = honest(state)
        if leak == "locked":
            cards = [str(c) if c else None for c in state.chosen]
        else:
            cards = [str(h[0]) if h else None for h in state.hands]
        fake_reveal = {"hand": 0, "tide": ["1", "2"], "choices": cards, "lo_to": 0, "hi_to": 1}
        view["reveals"] = [fake_reveal]
        return view

    monkeypatch.setattr(engine_module, "public_view", leaky)
    bot, table, watch, locks = await game(fake, tmp_path, [ALICE, BOB], 1)
    try:
        await table.act(ALICE, f"play:{min(await hand_of(table, 0), key=int)}")
        with pytest.raises(AssertionError, match="locked" if leak == "locked" else "leaked"):
            (locks.check if leak == "locked" else watch.check)()
    finally:
        await bot.close()


async def hand_of(table: Table, seat: int) -> list[str]:
    _info, state = await table.bot.manager.state(table.game_id)
    return registry.get("turn_the_tide").view(state, seat)["hand"]
