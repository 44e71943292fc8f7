"""Each reader's language at one table (issue 41): a Spanish server where one person plays in
German and one in French, beside an AI seat, through the real bot and the fake Discord.

What is checked is the shell's: the language each message was *built* in (recorded where the
presenter draws a hand or the table), the shell's own words in what was sent (the buttons, the
table's lines, the answers and refusals), and that nothing secret leaks. The games' own words
are translated by their own packages, so they are not asserted here."""

from __future__ import annotations

import json
import random
import re
from typing import Any

import pytest

from bot.i18n import CATALOGS, current_locale, speaking
from bot.table.presentation import Presenter
from games import IllegalAction, registry
from games.text import Msg
from tests.bot.flows import ACT, SecrecyWatch, Table, new_table
from tests.bot.harness import FakeDiscord, Sent, User

GAME = "rowboat"
ANA = User(3101, "Ana", locale="de")
BEA = User(3102, "Bea", locale="fr")
#: a person with no seat, who only presses the table's buttons (Brazilian Portuguese)
CAIO = User(3103, "Caio", locale="pt-BR")
LANGUAGE = {ANA.id: "de", BEA.id: "fr", CAIO.id: "pt_BR"}


def word(language: str, english: str) -> str:
    """``english`` (a message id of the shell's catalog) as ``language`` writes it."""
    return CATALOGS.text(language, english)


def labels(sent: Sent) -> list[str]:
    """The button labels and menu placeholders of a request."""
    found: list[str] = []
    body = sent.payload or {}
    body = body.get("data") if isinstance(body.get("data"), dict) else body  # a callback's
    for row in body.get("components", []) or []:
        for comp in row.get("components", []):
            found.extend(x for x in (comp.get("label"), comp.get("placeholder")) if x)
    return found


class SpanishTable(Table):
    """The flows of :class:`Table`, with the table's buttons found by their custom ids: at a
    Spanish table they do not say "My hand"."""

    async def open_hand(self, user: User) -> int:
        token = await self.click(user, self.lobby, f"t:{self.game_id}:hand")
        assert token.original is not None
        self.hands[user.id] = token.original
        return token.original


@pytest.mark.slow
async def test_each_reader_reads_their_own_language(
    fake: FakeDiscord, tmp_path: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    fake.guild_locale = "es-ES"
    built: list[tuple[str, int | None, str]] = []
    hand_message, table_message = Presenter.hand_message, Presenter.table_message

    def record_hand(self: Presenter, info: Any, state: Any, seat: int, focus: Any = None) -> Any:
        built.append(("hand", seat, current_locale()))
        return hand_message(self, info, state, seat, focus)

    def record_table(self: Presenter, info: Any, state: Any, sheet: Any = ()) -> Any:
        built.append(("table", None, current_locale()))
        return table_message(self, info, state, sheet)

    # before the bot is built: its hand refreshes hold the presenter's bound method
    monkeypatch.setattr(Presenter, "hand_message", record_hand)
    monkeypatch.setattr(Presenter, "table_message", record_table)
    base = await new_table(fake, tmp_path)
    table = SpanishTable(fake, base.bot)
    table.listen()
    watch = SecrecyWatch(table)

    # the lobby is the server's: Spanish buttons, whoever opened it
    await table.open(ANA, GAME)
    lobby_labels = fake.labels(table.lobby)
    assert word("es", "Join") in lobby_labels and word("es", "Add AI") in lobby_labels
    assert "Join" not in lobby_labels and word("de", "Join") not in lobby_labels
    await table.press(BEA, word("es", "Join"))
    await table.press(ANA, word("es", "Add AI"))
    profile = registry.package(GAME).profile  # the short game the every-game test plays
    options = "\n".join(f"{k} = {json.dumps(v)}" for k, v in profile.options.items())
    token = await table.press(ANA, word("es", "Options"))
    modal = next(s for s in fake.replies_to(token) if s.kind == "modal")
    await table.run(
        fake.submit_modal(table.bot, ANA, (modal.payload or {})["data"], options, table.lobby)
    )
    table.users = {0: ANA, 1: BEA}
    await table.press(ANA, word("es", "Start"))
    await table.seat_map()
    seat_of = {user.id: seat for seat, user in table.users.items()}

    # each hand in its owner's language
    hands = {user.id: await table.open_hand(user) for user in (ANA, BEA)}
    for user in (ANA, BEA):
        shown = fake.labels(hands[user.id])
        assert word(LANGUAGE[user.id], "Refresh") in shown, shown
        assert "Refresh" not in shown

    # a refusal is in the language of whoever clicked: someone else's hand controls
    info, state = await table.bot.manager.state(table.game_id)
    mover = next(u for u in (ANA, BEA) if seat_of[u.id] in registry.get(GAME).to_act(state))
    other = BEA if mover is ANA else ANA
    act = next(
        c["custom_id"]
        for c in fake.components(hands[mover.id])
        if ACT.fullmatch(c.get("custom_id", ""))
    )
    token = await table.run(fake.click(table.bot, other, hands[mover.id], act))
    said = " ".join(s.text for s in fake.replies_to(token))
    assert (
        word(LANGUAGE[other.id], "These controls belong to another player's seat; use My hand.")
        in said
    )
    # ... and a person without a seat is told so in theirs (Portuguese at a Spanish table)
    token = await table.run(fake.click(table.bot, CAIO, table.lobby, f"t:{table.game_id}:hand"))
    said = " ".join(s.text for s in fake.replies_to(token))
    no_seat = word(
        "pt_BR",
        "You have no seat at this {game} table, so these controls are not yours. "
        "Join the next game with /play.",
    )
    assert no_seat.split("{game}")[0] in said, said

    # Explain answers in the clicker's language
    explain = fake.button(hands[mover.id], word(LANGUAGE[mover.id], "Explain"))
    token = await table.run(fake.click(table.bot, mover, hands[mover.id], explain))
    answer = " ".join(s.text for s in fake.replies_to(token))
    language = LANGUAGE[mover.id]
    headings = [
        word(language, "❓ **{game}: your decision**").split("{game}")[1],
        word(language, "❓ **{game}: while you wait**").split("{game}")[1],
    ]
    assert any(h in answer for h in headings), answer

    await table.play_out(random.Random(41), steps=profile.max_steps)
    await table.settle()
    info = await table.bot.manager.get(table.game_id)
    assert info.status == "finished"

    # every hand (answers and later refreshes alike) was built in its owner's language, every
    # table in the server's
    expected = {seat_of[ANA.id]: "de", seat_of[BEA.id]: "fr"}
    hand_builds = [(seat, lang) for kind, seat, lang in built if kind == "hand"]
    assert {seat for seat, _lang in hand_builds} == set(expected)
    assert all(lang == expected[seat] for seat, lang in hand_builds), hand_builds
    tables = [lang for kind, _seat, lang in built if kind == "table"]
    assert tables and set(tables) == {"es"}, tables

    # what was sent: the table and its edits in Spanish, each hand's refresh in its owner's
    mark = f"t:{table.game_id}:hand"
    public = [s for s in fake.sent if s.public and mark in s.text]
    assert public
    for sent in public:
        shown = labels(sent)
        assert not shown or word("es", "My hand") in shown or word("es", "Rematch") in shown, shown
    refreshes = {ANA.id: 0, BEA.id: 0}
    for sent in fake.sent:
        if sent.audience in refreshes and f"h:{table.game_id}:refresh" in sent.text:
            shown = labels(sent)
            assert word(LANGUAGE[sent.audience], "Refresh") in shown, (sent.audience, shown)
            refreshes[sent.audience] += sent.kind == "hook-edit"
    assert all(refreshes.values()), refreshes  # hands redrawn after others' moves, in theirs
    final = fake.messages[table.lobby]
    fields = [f["name"] for f in final["embeds"][0].get("fields", [])]
    assert word("es", "Final standings") in fields, fields
    over = word("es", "🏁 {game} table #{table} is over: {names} won.").split("{names}")[1]
    assert over in final["content"], final["content"]

    # nothing secret reached anyone else
    assert watch.check() > 0


def test_an_engine_refusal_is_shown_in_the_readers_language() -> None:
    """A refusal holding a ``Msg`` (an engine's, or the shell's own) reads in the current
    language; ``str()`` of the exception alone would keep only the English."""
    from bot.controls import refusal  # (here: the game above runs on any version of the bot)

    refused = IllegalAction(Msg("tidewater", "Pick {count} of the options.", count=2))
    assert refusal(refused) == "Pick 2 of the options."
    with speaking("de"):
        assert refusal(refused) == word("de", "Pick {count} of the options.").format(count=2)
        assert refusal(IllegalAction("plain words")) == "plain words"
    assert re.search(r"\b2\b", word("fr", "Pick {count} of the options.").format(count=2))
