"""Whole Game of Rows games through the real bot, from /play to the final places, with AI seats
and people who pick a card and then its target through the hand's navs; the secrecy of hands
and of face-down cards over every captured request; the bluff window's timer on a fake clock,
also across a restart."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest

from bot.render import game_of_rows as render
from games import registry
from games.game_of_rows.state import OVER
from tests.bot.flows import SecrecyWatch, Table, forms, new_table, viewer
from tests.bot.harness import Clock, FakeDiscord, Sent, User, start_bot

ALICE, BOB, CAROL = User(1001, "Alice"), User(1002, "Bob"), User(1003, "Carol")
JOKER = "JK"
#: a new row's corner and declared suit in an action code (``down:9C@new.2S``): not a card
NEW_ROW = re.compile(r"@new\.(2|10)([CDHS])")


# ---- secrecy ------------------------------------------------------------------------------


def _facedown(state: Any) -> list[tuple[int, str]]:
    """(owner, card) of every card lying face down now: on the board, or gone with its row."""
    out = []
    for row in state.rows:
        if row is None:
            continue
        for stack in row[1]:
            out.extend((owner, card) for card, owner in stack if owner >= 0)
    out.extend((owner, card) for card, owner in state.gone if owner >= 0)
    return out


def _joker_public(state: Any) -> bool:
    """A Joker has been shown face up (on the board, gone with a row, or in the last reveal)."""
    for row in state.rows:
        if row is not None and any(c == JOKER and o < 0 for s in row[1] for c, o in s):
            return True
    if any(c == JOKER and o < 0 for c, o in state.gone):
        return True
    return state.reveal is not None and any(c == JOKER for _r, _p, c, _v in state.reveal.cards)


class RowsWatch(SecrecyWatch):
    """The shared watch plus what Game of Rows needs on top of it, recorded per request:

    * the face-down cards and their owners: no other seat may ever read one's name before its
      reveal (spec §3.7, D16);
    * cards a caught bluff turned up and sent back to the bluffer's hand: public by §4.2, so
      their names may appear while that seat holds them;
    * the two Jokers are the same card: a message may say "Joker" once one has been shown face
      up, or to a seat that holds one; before that, no message names a Joker to anyone else.
    """

    def __init__(self, table: Table) -> None:
        super().__init__(table)
        self.extra: list[dict[str, Any]] = []
        self.known: dict[int, set[str]] = {}
        self.joker_public = False

    async def hook(self, sent: Sent) -> None:
        before = len(self.seen)
        await super().hook(sent)
        if len(self.seen) == before:
            return
        _info, state = await self.table.bot.manager.state(self.table.game_id)
        if state is None:  # the lobby: no cards yet
            self.extra.append({"facedown": [], "known": {}, "joker_public": False})
            return
        for _version, event in self.table.events:
            if event.kind == "reveal":
                for entry in event.data.get("revealed", []):
                    self.known.setdefault(entry["seat"], set()).update(entry["cards"])
                if any(c.get("card") == JOKER for c in event.data.get("cards", [])):
                    self.joker_public = True
            if event.kind in ("place", "block", "unblock") and event.data.get("card") == JOKER:
                self.joker_public = True
        if state.reveal is not None and state.reveal.caught:
            self.known.setdefault(state.reveal.bluffer, set()).update(
                c for _r, _p, c, _v in state.reveal.cards
            )
        self.joker_public = self.joker_public or _joker_public(state)
        revealed_at_end = state.phase == OVER and state.opts.reveal_bluffs_at_end
        self.extra.append(
            {
                "facedown": [] if revealed_at_end else _facedown(state),
                "known": {s: set(c) for s, c in self.known.items()},
                "joker_public": self.joker_public,
            }
        )

    def check(self, allowed_lights: dict[int, set[int]] | None = None) -> int:
        checked = 0
        face_down_checked = 0
        for (sent, hands, seats), extra in zip(self.seen, self.extra, strict=True):
            if not sent.readable:
                continue
            # a new-row target's ``2S`` in the seat's own action ids names a corner and a suit
            text = NEW_ROW.sub(r"@new.\1-\2", sent.text)
            reader = viewer(sent, seats)
            mine = set(hands.get(reader, set())) if reader is not None else set()
            mine |= {card for owner, card in extra["facedown"] if owner == reader}
            joker_ok = extra["joker_public"] or JOKER in mine
            for seat, cards in hands.items():
                if reader is not None and seat == reader:
                    continue
                public = extra["known"].get(seat, set())
                for card in cards:
                    if card in public or (card == JOKER and joker_ok):
                        continue
                    for pattern in forms(card, "game_of_rows"):
                        assert not pattern.search(text), (
                            f"{card} in seat {seat}'s hand leaked to {sent.reader}: {text}"
                        )
            for owner, card in extra["facedown"]:
                if reader == owner:
                    continue
                if card in extra["known"].get(owner, set()) or (card == JOKER and joker_ok):
                    continue  # named by an earlier reveal, not by this face-down play
                for pattern in forms(card, "game_of_rows"):
                    assert not pattern.search(text), (
                        f"face-down {card} of seat {owner} shown to {sent.reader}: {text}"
                    )
                face_down_checked += 1
            checked += 1
        self.face_down_checked = face_down_checked
        return checked


# ---- flows --------------------------------------------------------------------------------


async def game(
    fake: FakeDiscord,
    tmp_path: Any,
    people: list[User],
    ai: int,
    options: str,
    clock: Clock | None = None,
) -> tuple[Any, Table, RowsWatch]:
    table = await new_table(fake, tmp_path, clock=clock)
    watch = RowsWatch(table)
    await table.start_game("game_of_rows", people, ai, options)
    return table.bot, table, watch


async def play_rows(table: Table, rng: random.Random, *, steps: int = 4000) -> dict[str, int]:
    """Play every person's turn through the drawn controls until the game ends: at the top
    level a card's nav (then one of its targets) or a turn button; in the bluff window Call
    bluff or Pass. Returns how often each kind of control was clicked."""
    clicks = {"nav": 0, "back": 0, "target": 0, "turn": 0}
    engine = registry.get("game_of_rows")
    for _ in range(steps):
        info, state = await table.bot.manager.state(table.game_id)
        if info.status != "live":
            return clicks
        waiting = [s for s in engine.to_act(state) if s in table.users]
        assert waiting, f"nobody to click for, yet the game is live: {engine.to_act(state)}"
        user = table.users[rng.choice(waiting)]
        message = table.hands.get(user.id) or await table.open_hand(user)
        actions, cards = table.controls(message), [n for n in table.navs(message) if n[0]]
        if not actions and not cards:  # an old hand message: open it again from the table
            message = await table.open_hand(user)
            actions, cards = table.controls(message), [n for n in table.navs(message) if n[0]]
        assert actions or cards, f"no controls for {user.name}: {table.fake.labels(message)}"
        turn_buttons = [a for a in actions if a[0] in ("end", "skip", "call", "pass")]
        wants_end = rng.random() < (0.25 if state.placed else 0.08)
        if cards and not (turn_buttons and wants_end):
            _card, cid, value = rng.choice(cards)
            await table.click(user, message, cid, value)
            clicks["nav"] += 1
            targets = [
                a for a in table.controls(message) if a[0].partition(":")[0] in render.CARD_VERBS
            ]
            assert targets, f"a card nav drew no targets: {table.fake.labels(message)}"
            if rng.random() < 0.05:  # look, then go back and choose again
                [back] = [n for n in table.navs(message) if n[0] == ""]
                await table.click(user, message, back[1], back[2])
                clicks["back"] += 1
                continue
            _code, cid, value = rng.choice(targets)
            await table.click(user, message, cid, value)
            clicks["target"] += 1
        else:
            if state.phase == 1:  # the bluff window: call now and then
                calls = [a for a in turn_buttons if a[0] == "call"]
                choice = calls[0] if calls and rng.random() < 0.3 else None
                choice = choice or next(a for a in turn_buttons if a[0] == "pass")
            else:
                choice = rng.choice(turn_buttons)
            await table.click(user, message, choice[1], choice[2])
            clicks["turn"] += 1
    raise AssertionError("the game did not end")


# ---- whole games --------------------------------------------------------------------------

CASES = [
    ([ALICE], 1, "format = straight", 1),
    ([ALICE, BOB], 0, "format = straight_flush\nskipping = true", 2),
    ([ALICE, BOB], 1, "format = straight\nbluffing = true", 3),
    ([ALICE, BOB, CAROL], 0, "format = straight_flush\nbluffing = true", 4),
    ([ALICE], 3, "format = straight\nmayhem = true", 5),
    ([ALICE, BOB], 2, "format = straight_flush\nmayhem = true\nreveal_bluffs_at_end = true", 6),
]


@pytest.mark.parametrize(
    ("people", "ai", "options", "seed"),
    CASES,
    ids=[
        "2p-straight",
        "2p-flush-skipping",
        "3p-straight-bluffing",
        "3p-flush-bluffing-people",
        "4p-straight-mayhem",
        "4p-flush-mayhem-reveal-at-end",
    ],
)
async def test_a_whole_game_to_the_final_places(fake, tmp_path, people, ai, options, seed) -> None:
    bot, table, watch = await game(fake, tmp_path, people, ai, options)
    try:
        clicks = await play_rows(table, random.Random(seed))
        info, state = await bot.manager.state(table.game_id)
        engine = registry.get("game_of_rows")
        assert info.status == "finished" and engine.is_over(state)
        result = engine.result(state)
        assert result.winners
        # people really played: picked cards, chose targets, ended turns
        assert clicks["nav"] >= 3 and clicks["target"] >= 3 and clicks["turn"] >= 1, clicks
        table_msg = fake.messages[table.lobby]
        final = table_msg["embeds"][0]
        assert "Game over" in final["footer"]["text"]
        winner = info.seats[result.winners[0]].name
        assert winner in final["footer"]["text"]
        assert "#1 " in str(final["fields"])
        assert fake.labels(table.lobby) == ["Rematch"]  # a finished table offers only that
        kinds = {e.kind for _v, e in table.events}
        if "bluffing" in options or "mayhem" in options:
            assert "face_down" in kinds and "challenge_open" in kinds
        if "skipping" in options or "mayhem" in options:
            assert "skip" in kinds or clicks["turn"] > 0
        assert watch.check() > 30
        if "bluffing" in options or "mayhem" in options:
            assert watch.face_down_checked > 30  # face-down cards were on the board, and checked
    finally:
        await bot.close()


# ---- the bluff window ---------------------------------------------------------------------

WINDOW = "format = straight\nbluffing = true\nfirst_player = 0\nchallenge_seconds = 30"


async def bluff_and_end(table: Table) -> str:
    """Alice (first to play) puts a card face down on a new row and ends her turn."""
    engine = registry.get("game_of_rows")
    _info, state = await table.bot.manager.state(table.game_id)
    [down] = [a for a in engine.legal_actions(state, 0) if a.verb == "down"][:1]
    card = down.arg.partition("@")[0]
    await table.nav(ALICE, card)
    await table.act(ALICE, down.code)
    await table.act(ALICE, "end")
    _info, state = await table.bot.manager.state(table.game_id)
    assert engine.view(state, None)["phase"] == "challenge"
    return card


def table_text(table: Table) -> str:
    embed = table.fake.messages[table.lobby]["embeds"][0]
    return str(embed)


async def test_call_bluff_button_for_the_other_player(fake, tmp_path) -> None:
    bot, table, watch = await game(fake, tmp_path, [ALICE, BOB], 0, WINDOW)
    try:
        card = await bluff_and_end(table)
        # Bob's hand has Call bluff and Pass, and nothing else to do; Alice has neither
        message = await table.open_hand(BOB)
        labels = table.fake.labels(message)
        assert "Call bluff" in labels and "Pass" in labels
        # the footer follows the cards each player has left, not the engine's rank score
        _info, state = await bot.manager.state(table.game_id)
        left = " · ".join(
            f"{p.name} {len(h)}" for p, h in zip([ALICE, BOB], state.hands, strict=True)
        )
        footer = table.fake.messages[message]["embeds"][0]["footer"]["text"]
        assert f"Cards left: {left}\n▶ To act: you" in footer and "Score" not in footer
        assert {c[0] for c in table.controls(message)} == {"call", "pass"}
        assert not [c for c in table.controls(await table.open_hand(ALICE)) if c[0] == "call"]
        assert "<t:" in table_text(table) and ":R>" in table_text(table)  # the countdown
        assert "🂠" in table_text(table)
        await table.act(BOB, "call")
        events = [e for _v, e in table.events if e.kind == "reveal"]
        assert events and events[-1].data["caller"] == 1
        assert render.card_label(card) in str(fake.messages[table.lobby]["embeds"][0])
        assert watch.check() > 5
        assert watch.face_down_checked > 0  # the window's requests were checked for Alice's card
    finally:
        await bot.close()


async def test_the_watch_catches_a_face_down_card_shown_to_another_seat(fake, tmp_path) -> None:
    """The secrecy check can fail: a copy of Bob's hand message naming Alice's face-down card
    while it lies face down is refused."""
    bot, table, watch = await game(fake, tmp_path, [ALICE, BOB], 0, WINDOW)
    try:
        card = await bluff_and_end(table)
        message = await table.open_hand(BOB)
        assert watch.check() > 5
        sent, hands, seats = next(
            entry for entry in reversed(watch.seen) if entry[0].audience == BOB.id
        )
        extra = watch.extra[watch.seen.index((sent, hands, seats))]
        assert (0, card) in extra["facedown"], "the request was made while the card lay face down"
        leak = Sent(
            sent.method,
            sent.path,
            {"content": f"psst: it is {render.card_label(card)}"},
            sent.kind,
            BOB.id,
            message,
        )
        watch.seen.append((leak, hands, seats))
        watch.extra.append(extra)
        with pytest.raises(AssertionError, match="face-down"):
            watch.check()
    finally:
        await bot.close()


async def test_the_window_closes_by_itself_when_its_time_is_up(fake, tmp_path) -> None:
    clock = Clock()
    bot, table, watch = await game(fake, tmp_path, [ALICE, BOB], 0, WINDOW, clock)
    engine = registry.get("game_of_rows")
    try:
        await bluff_and_end(table)
        await table.later(clock, 29)
        _info, state = await bot.manager.state(table.game_id)
        assert engine.to_act(state) == [1] and state.phase == 1  # still open at 29 s
        await table.later(clock, 2)
        _info, state = await bot.manager.state(table.game_id)
        assert state.phase == 0 and engine.to_act(state) == [1]  # Bob passed; now his turn
        assert any(e.kind == "pass" and e.data["seat"] == 1 for _v, e in table.events)
        assert "<t:" not in table_text(table)  # no countdown once the window closed
        assert watch.check() > 5
    finally:
        await bot.close()


async def test_the_window_survives_a_restart_and_still_closes_on_time(fake, tmp_path) -> None:
    clock = Clock()
    bot, table, watch = await game(fake, tmp_path, [ALICE, BOB], 0, WINDOW, clock)
    engine = registry.get("game_of_rows")
    await bluff_and_end(table)
    await bot.close()
    clock.now += 10
    bot = await start_bot(fake, tmp_path / "tw.sqlite3", clock=clock)
    table.bot = bot
    try:
        await table.settle()
        _info, state = await bot.manager.state(table.game_id)
        assert state.phase == 1  # still open after the restart
        await table.later(clock, 21)  # 31 s after the window opened
        _info, state = await bot.manager.state(table.game_id)
        assert state.phase == 0 and engine.to_act(state) == [1]
        assert watch.check() > 5
    finally:
        await bot.close()
