"""Whole Boat games through the real bot, from /play to the final score, with AI seats.

Besides the SecrecyWatch on hands, a Boat-specific watch records, whenever a request leaves,
the widow and the discards held by the engine right then: the widow must never be written
anywhere, and the discards only in the declarer's own messages, until the game is over and the
last hand's discards are revealed (spec §5).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

import pytest

from games import registry
from games.boat.cards import codes
from games.boat.state import OVER
from tests.bot.flows import (
    MULTI,
    SecrecyWatch,
    Table,
    forms,
    game_state,
    new_table,
    user_seats,
    viewer,
)
from tests.bot.harness import FakeDiscord, Sent, User

ALICE, BOB, CAROL, DAVE = (
    User(1001, "Alice"),
    User(1002, "Bob"),
    User(1003, "Carol"),
    User(1004, "Dave"),
)


@dataclass
class Moment:
    """What the engine held back when a request left."""

    sent: Sent
    phase: str
    widow: list[str]
    discards: list[str]
    declarer: int
    seats: dict[int, int]  # user id -> seat


@dataclass
class BoatSecrets:
    """The widow and the discards at the moment each request leaves (see the module doc)."""

    table: Table
    seen: list[Moment] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.table.fake.hooks.append(self.hook)

    async def hook(self, sent: Sent) -> None:
        if (now := await game_state(self.table, sent)) is None:
            return
        info, state = now
        seats = user_seats(info)
        self.seen.append(
            Moment(
                sent,
                state.phase,
                codes(state.widow),
                codes(state.discards),
                state.declarer,
                seats,
            )
        )

    def check(self) -> tuple[int, int]:
        """Assert the secrets stayed secret; returns (requests checked, requests that showed a
        discard to the declarer)."""
        checked = shown = 0
        for m in self.seen:
            if not m.sent.readable:
                continue
            text = m.sent.text
            reader = viewer(m.sent, m.seats)
            for card in m.widow:
                for pattern in forms(card, "boat"):
                    assert not pattern.search(text), f"widow card {card} shown: {text}"
            seen_here = False
            if m.phase != OVER:
                for card in m.discards:
                    for pattern in forms(card, "boat"):
                        found = pattern.search(text)
                        if reader == m.declarer:
                            seen_here = seen_here or bool(found)
                        else:
                            assert not found, f"discard {card} shown to {reader}: {text}"
            checked += 1
            shown += seen_here
        return checked, shown


async def start(
    fake: FakeDiscord, tmp_path: Any, people: list[User], ai: int, options: str
) -> tuple[Any, Table, SecrecyWatch, BoatSecrets]:
    table = await new_table(fake, tmp_path)
    watch = SecrecyWatch(table)
    secrets = BoatSecrets(table)
    await table.start_game("boat", people, ai, options)
    return table.bot, table, watch, secrets


def multi_selects(table: Table, message: int) -> list[dict[str, Any]]:
    return [
        c
        for c in table.fake.components(message)
        if MULTI.fullmatch(c.get("custom_id", "")) and int(c.get("max_values") or 1) > 1
    ]


async def click_random(table: Table, user: User, message: int, rng: random.Random) -> None:
    """One random click among the controls drawn: a multi-select gets as many values as it
    asks for (5 of the 14 cards), any other control one."""
    multi = multi_selects(table, message)
    if multi:
        comp = multi[0]
        values = rng.sample([o["value"] for o in comp["options"]], int(comp["min_values"]))
        await table.run(table.fake.click(table.bot, user, message, comp["custom_id"], values))
        return
    # a kind of move first (bid or pass, a card...), then one of its controls, each in code
    # order: the seeded walk does not depend on where or in how many menus the hand draws them,
    # and random bidding passes often enough for contracts to be made and the game to end
    offered = sorted(table.controls(message))
    assert offered, f"no controls for {user.name}: {table.fake.labels(message)}"
    verb = rng.choice(sorted({code.partition(":")[0] for code, _, _ in offered}))
    _code, cid, value = rng.choice([c for c in offered if c[0].partition(":")[0] == verb])
    await table.click(user, message, cid, value)


async def play_out(table: Table, rng: random.Random, steps: int = 3000) -> None:
    """Every person's turn by a random click on the controls drawn, until the game ends."""
    engine = registry.get("boat")
    for _ in range(steps):
        info, state = await table.bot.manager.state(table.game_id)
        if info.status != "live":
            return
        waiting = [s for s in engine.to_act(state) if s in table.users]
        assert waiting, f"nobody to click for, yet the game is live: {engine.to_act(state)}"
        user = table.users[waiting[0]]
        message = table.hands.get(user.id) or await table.open_hand(user)
        if not table.controls(message) and not multi_selects(table, message):
            # an old hand message: open it again from the table
            message = await table.open_hand(user)
        await click_random(table, user, message, rng)
    raise AssertionError("the game did not end")


@pytest.mark.parametrize(
    ("people", "ai", "seed", "options"),
    [
        # the random walk can sink a side below zero for long: a seed whose game ends soon
        ([ALICE], 3, 5, "show_running_points = true"),
        ([ALICE, BOB], 2, 2, "all_pass = redeal"),
        (
            [ALICE, BOB, CAROL, DAVE],
            0,
            3,
            "discard_points_allowed = false\nboat_free_play = true\nshow_last_trick = false",
        ),
    ],
    ids=["1person", "2people", "4people"],
)
async def test_a_whole_game_to_the_final_score(fake, tmp_path, people, ai, seed, options) -> None:
    bot, table, watch, secrets = await start(
        fake, tmp_path, people, ai, f"target_score = 150\n{options}"
    )
    try:
        await play_out(table, random.Random(seed))
        info, state = await bot.manager.state(table.game_id)
        engine = registry.get("boat")
        assert info.status == "finished"
        result = engine.result(state)
        assert result.winners and max(result.scores) >= 150
        final = fake.messages[table.lobby]
        embed = final["embeds"][0]
        assert "Game over" in embed["footer"]["text"]
        assert f"Score **{max(result.scores)}**" in str(embed["fields"])
        assert "Discards of the last hand" in embed["description"]  # §5: revealed at the end
        assert fake.labels(table.lobby) == ["Rematch"]  # a finished table offers only that
        hands = [e for _v, e in table.events if e.kind == "hand_scored"]
        assert len(hands) >= 2, "the test should cover more than one hand"
        if "discard_points_allowed = false" in options:  # random picks met the refusal
            assert any("may not be discarded at this table" in s.text for s in fake.sent)
        assert watch.check() > 50
        checked, _shown = secrets.check()
        assert checked > 50
    finally:
        await bot.close()


async def test_bids_discard_trump_and_play_by_clicks(fake, tmp_path) -> None:
    """Four people: the first bidder opens with a button and raises with the menu, the others
    pass, the declarer sees 14 cards, discards through the multi-select, names trump, leads."""
    bot, table, watch, secrets = await start(
        fake, tmp_path, [ALICE, BOB, CAROL, DAVE], 0, "target_score = 50\nfirst_dealer = 3"
    )
    try:
        first, second, third, fourth = (table.users[s] for s in range(4))
        await table.act(first, "bid:65")
        await table.act(second, "bid:70")
        await table.act(third, "pass")
        await table.act(fourth, "pass")
        await table.act(first, "bid:100")  # from the "Bid higher…" menu
        embed = fake.messages[table.lobby]["embeds"][0]
        assert f"High bid **100** by {first.name}" in embed["description"]
        assert "Bids:** " in embed["description"] and f"{third.name} pass" in embed["description"]
        await table.act(second, "pass")
        _info, state = await bot.manager.state(table.game_id)
        assert state.phase == "discard" and state.declarer == 0
        message = table.hands[first.id]
        hand_text = fake.messages[message]["embeds"][0]["description"]
        assert "You took the widow: 14 cards" in hand_text
        (menu,) = multi_selects(table, message)
        assert menu["min_values"] == menu["max_values"] == 5 and len(menu["options"]) == 14
        held = set(codes(state.hands[0]))
        assert {o["value"] for o in menu["options"]} == held
        chosen = [o["value"] for o in menu["options"]][:5]
        await table.run(fake.click(bot, first, message, menu["custom_id"], chosen))
        _info, state = await bot.manager.state(table.game_id)
        assert state.phase == "trump" and sorted(codes(state.discards)) == sorted(chosen)
        assert "Your discards (face down)" in fake.messages[message]["embeds"][0]["description"]
        await table.act(first, "trump:H")
        assert "♥ Hearts" in fake.messages[table.lobby]["embeds"][0]["description"]
        _info, state = await bot.manager.state(table.game_id)
        lead = registry.get("boat").legal_actions(state, 0)[0].code
        await table.act(first, lead)
        embed = fake.messages[table.lobby]["embeds"][0]
        assert "**Trick 1 of 9**" in embed["description"]
        assert watch.check() > 10
        checked, shown = secrets.check()
        assert checked > 10 and shown > 0  # the declarer, and only they, saw the discards
    finally:
        await bot.close()


async def test_an_illegal_discard_gets_the_engines_refusal(fake, tmp_path) -> None:
    """With ``discard_points_allowed = false`` the menu still lists all 14 cards; a pick with a
    point card (when enough blank cards exist) is refused in the engine's words, and nothing
    changes."""
    options = "target_score = 50\nfirst_dealer = 3\ndiscard_points_allowed = false"
    bot, table, _watch, _secrets = await start(
        fake, tmp_path, [ALICE, BOB, CAROL, DAVE], 0, options
    )
    try:
        first, second, third, fourth = (table.users[s] for s in range(4))
        await table.act(first, "bid:65")
        for person in (second, third, fourth):
            await table.act(person, "pass")
        info, state = await bot.manager.state(table.game_id)
        view = registry.get("boat").view(state, 0)
        rule = view["discard_rule"]
        message = table.hands[first.id]
        (menu,) = multi_selects(table, message)
        values = [o["value"] for o in menu["options"]]
        point_cards = [c for c in values if c == "BOAT" or c[0] in "AT5"]
        blank = [c for c in values if c not in point_cards]
        assert point_cards, "the seeded deal should give the declarer a point card"
        picked = [point_cards[0], *blank[:4]] if len(blank) >= 5 else point_cards[:5]
        version = info.version
        await table.run(fake.click(bot, first, message, menu["custom_id"], picked))
        info, state = await bot.manager.state(table.game_id)
        assert info.version == version and state.phase == "discard"
        assert "may not be discarded" in (fake.messages[message].get("content") or "")
        legal = (
            rule["must_discard"] + rule["choose_from"][: rule["choose"]]
            if rule["must_discard"]
            else rule["choose_from"][:5]
        )
        await table.run(fake.click(bot, first, message, menu["custom_id"], legal))
        info, state = await bot.manager.state(table.game_id)
        assert state.phase == "trump"
    finally:
        await bot.close()


def test_the_boat_secrets_watch_catches_a_leaked_discard_or_widow_card(fake) -> None:
    """The watch itself can fail: a discard on the public table, or in another seat's
    message, is caught; the declarer's own message and the final reveal are not."""
    secrets = BoatSecrets(Table(fake, None))
    people = {ALICE.id: 0, BOB.id: 1}

    def moment(text: str, audience: int | None, phase: str = "play") -> Moment:
        sent = Sent("PATCH", "/x", {"content": text}, "edit", audience=audience)
        return Moment(sent, phase, [], ["TC", "BOAT", "7H", "8H", "9H"], 0, people)

    secrets.seen = [moment("Your discards: 10♣ ⛵Boat", ALICE.id), moment("10♣", None, OVER)]
    assert secrets.check() == (2, 1)
    for leak in (moment("Discards: 10♣", None), moment("the Boat card", BOB.id)):
        secrets.seen = [leak]
        with pytest.raises(AssertionError):
            secrets.check()
    secrets.seen = [
        Moment(
            Sent("PATCH", "/x", {"content": "Ten of Clubs"}, "edit"), "bidding", ["TC"], [], -1, {}
        )
    ]
    with pytest.raises(AssertionError):
        secrets.check()


@pytest.mark.parametrize("all_pass", ["stick_last", "redeal"])
async def test_when_everyone_passes(fake, tmp_path, all_pass) -> None:
    """D1: when the first three pass, the fourth declares at 65 (stick_last), or the same
    dealer deals again (redeal); the table says which."""
    options = f"target_score = 50\nfirst_dealer = 3\nall_pass = {all_pass}"
    bot, table, watch, secrets = await start(fake, tmp_path, [ALICE, BOB, CAROL, DAVE], 0, options)
    try:
        people = [table.users[s] for s in range(4)]
        for person in people[:3]:
            await table.act(person, "pass")
        _info, state = await bot.manager.state(table.game_id)
        embed = fake.messages[table.lobby]["embeds"][0]
        recent = " ".join(f["value"] for f in embed["fields"] if f["name"] == "Recently")
        if all_pass == "stick_last":
            assert state.phase == "discard" and state.declarer == 3 and state.contract == 65
            assert (
                f"**Declarer:** {people[3].name} at **65** (everyone else passed"
                in (embed["description"])
            )
            assert f"Three passes: {people[3].name} declares at 65." in recent
        else:
            assert state.phase == "bidding" and state.hand_number == 2 and state.dealer == 3
            assert "Everyone passed: the same dealer deals again." in recent
            assert f"Hand 2: {people[3].name} deals." in recent
        assert watch.check() > 5 and secrets.check()[0] > 5
    finally:
        await bot.close()
