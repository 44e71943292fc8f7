"""The shell's own words in the reader's language (issue 41): each area's answers, built while
the bot writes French, read in French; built in English, read as they always have.

Why ``speaking("fr")`` around the call: the shell says once which language a message is for
(``bot.i18n.speaking``), and every word below it follows; a refusal raised by an engine or the
sessions carries a :class:`games.text.Msg`, which reads in the language of whoever shows it.
"""

from __future__ import annotations

import dataclasses
from pathlib import Path
from types import SimpleNamespace

import pytest

from bot import permissions
from bot.cogs.about import uptime
from bot.cogs.games import describe
from bot.cogs.rules import summary
from bot.cogs.standings import board_lines, stats_line
from bot.i18n import LONGEST, speaking, translate
from bot.model import GameInfo, Seat
from bot.render import TableContext, hand_embed, log_field, table_embed
from bot.render import lobby as render_lobby
from bot.render.base import SnapshotWording
from bot.render.cards import FACE_WORDS, FRENCH_SUITS
from bot.render.generic import turn_line
from bot.render.images.base import seat_name
from bot.render.images.french import SUIT_WORDS
from bot.sessions import LobbyError, SessionError
from bot.sessions import lobby as lobby_rules
from bot.sessions.guilds import check_changes
from bot.store import RatingRow
from bot.tree import refusal
from games import BadOptions, IllegalAction, registry
from games.core import split_code, waiting_line
from tests.bot.harness import GUILD_ID, FakeDiscord, User, settle, start_bot

ALICE, BOB = User(1001, "Alice"), User(1002, "Bob")


def _info(status: str = "lobby", hints: bool = False) -> GameInfo:
    seats = (Seat(0, ALICE.id, "Alice"), Seat(1, None, "AI 1", "easy"))
    return GameInfo(
        id=7,
        guild_id=GUILD_ID,
        channel_id=42,
        game="rowboat",
        host_id=ALICE.id,
        status=status,  # type: ignore[arg-type]
        seats=seats,
        options={},
        seed=1,
        version=0,
        pace=60,
        hints=hints,
    )


def _said(exc: pytest.ExceptionInfo[BaseException]) -> str:
    return str(translate(exc.value.args[0]))


# ---- the engines' shared refusals (games/core.py) -------------------------------------------
def test_an_engines_shared_refusals_read_in_french_and_stay_english_otherwise() -> None:
    engine = registry.get("rowboat")
    with pytest.raises(BadOptions) as players:
        engine.check_players(99)
    with pytest.raises(IllegalAction) as code:
        split_code("a:")
    with pytest.raises(BadOptions) as options:
        engine.options({"no_such_option": 1})
    english = str(players.value)
    low, high = engine.min_players, engine.max_players
    assert english == f"{engine.title} is played by {low} to {high} players, not 99."
    assert _said(players) == english  # English is the message id itself
    with speaking("fr"):
        assert _said(players) == f"{engine.title} se joue de {low} à {high} joueurs, pas 99."
        assert "n'est pas un code d'action" in _said(code)
        assert _said(options).startswith("Option inconnue 'no_such_option'")
        waiting = waiting_line({"to_act": [0]}, ["Ann"], "x")
        assert waiting is not None and translate(waiting) == "En attente de Ann : x."


def test_several_option_problems_stay_one_message_that_translates() -> None:
    engine = registry.get("rowboat")
    field = next(iter(engine.Options.model_fields))
    with pytest.raises(BadOptions) as bad:
        engine.options({field: "x", "other_unknown": 2})
    english = str(bad.value)
    assert "Unknown option 'other_unknown'" in english and english.count(".") >= 2
    with speaking("de"):
        german = _said(bad)
    assert "Unbekannte Option 'other_unknown'" in german and "Unknown" not in german


# ---- the sessions' refusals (bot/sessions) --------------------------------------------------
def test_the_sessions_refusals_carry_messages_the_reader_sees_in_french() -> None:
    with pytest.raises(SessionError) as bad:
        check_changes({"use_threads": "yes"})
    hosted = [SimpleNamespace(guild_id=1, host_id=5, status="lobby")] * 3
    with pytest.raises(LobbyError) as many:
        lobby_rules.check_can_host(hosted, 1, 5)  # type: ignore[arg-type]
    assert str(many.value).startswith("You already host 3 open lobbies")
    with speaking("fr"):
        assert _said(bad) == "use_threads doit être true ou false."
        # the count is filled in the translation too
        assert _said(many).startswith("Tu animes déjà 3 salons ouverts")
        assert refusal(many.value) == _said(many)


def test_only_the_host_names_the_deed_in_the_readers_language() -> None:
    record = SimpleNamespace(host_id=ALICE.id, seats=_info().seats)
    with pytest.raises(SessionError) as bad:
        lobby_rules.check_host(record, BOB.id, lobby_rules.msg("start the game"))  # type: ignore[arg-type]
    assert str(bad.value) == "Only the host (Alice) can start the game."
    with speaking("es"):
        assert _said(bad) == "Solo el anfitrión (Alice) puede empezar la partida."


# ---- the cogs' answers (bot/cogs) -----------------------------------------------------------
def test_command_answers_read_in_french() -> None:
    info = _info()
    row = RatingRow(GUILD_ID, "rowboat", ALICE.id, "Alice", 2, 1, 2, 25.0, 8.0, 12.25, 0.0)
    english = stats_line(row)
    assert english == "**Rowboat**: 2 games, 1 wins (50%) · skill 12.2 (2 rated)"
    with speaking("fr"):
        assert describe(info).endswith(": salon, ouvert, 1 joueur + 1 IA")
        line = stats_line(row)
        assert "2 parties, 1 victoire (50\u00a0%)" in line and "niveau 12,2" in line
        assert "victoires" in board_lines([row], 1)[0]
        assert uptime(3 * 3600 + 120) == "3 h 2 min"
        rules = summary("rowboat")
        assert rules.footer.text is not None and "/jouer" in rules.footer.text
    with speaking("de"):
        assert uptime(2 * 86400 + 3600) == "2 T 1 Std."


def test_the_permissions_refusal_names_discords_own_words_in_french() -> None:
    names = [name for _attr, name in (permissions.SEND, permissions.EMBED)]
    english = permissions.refusal(names)
    assert "**Send Messages** and **Embed Links** permissions" in english
    with speaking("fr"):
        french = permissions.refusal(names)
    assert "**Envoyer des messages** et **Intégrer des liens**" in french
    assert "/jouer" in french


async def test_a_refused_command_answers_in_the_language_it_is_written_in(
    fake: FakeDiscord, tmp_path: Path
) -> None:
    """Through discord.py and the command tree: a cog's refusal and its plain answer, in the
    language of the person's Discord."""
    bot = await start_bot(fake, tmp_path / "tw.sqlite3")
    try:
        french = dataclasses.replace(ALICE, locale="fr")  # her Discord speaks French
        refused = fake.command(bot, french, "hand")
        listed = fake.command(bot, french, "games")
        await settle(bot, fake)
        english = fake.command(bot, BOB, "hand")
        await settle(bot, fake)
        assert "Il n'y a pas de partie dans ce salon" in fake.reply_text(refused)
        assert "Aucune partie pour l'instant. Ouvres-en une avec /jouer." in fake.reply_text(listed)
        assert "There is no game in this channel. Start one with /play." in fake.reply_text(english)
    finally:
        await bot.close()


# ---- the shared renderers (bot/render) ------------------------------------------------------
def test_the_lobby_reads_in_french_with_its_note() -> None:
    engine = registry.get("rowboat")
    note = lobby_rules.msg("The host set the turn clock.")
    english = render_lobby.lobby(_info(hints=True), engine, note)
    assert english.fields[0].name == "Seats" and "The host set the turn clock." in (
        english.description or ""
    )
    with speaking("fr"):
        spec = render_lobby.lobby(_info(hints=True), engine, note)
        assert render_lobby.pace_words(None) == "Délai de tour du serveur (désactivé par défaut)"
        assert render_lobby.value_label("first_seat", 1) == "Place 2"
    assert [f.name for f in spec.fields] == ["Places", "Options"]
    assert spec.title == "Rowboat · salon #7"
    text = spec.description or ""
    assert text.startswith("Appuie sur **Join**") and "1 minute par coup" in text
    assert "L'hôte a réglé la pendule." in text and "Conseils activés" in text
    assert spec.footer == "Hôte : Alice"


def test_table_and_hand_frames_and_card_words_read_in_french() -> None:
    ctx = TableContext(7, "Rowboat", ("Ann", "Bo"), (1, 2), "live", log=("x",))
    with speaking("fr"):
        table = table_embed(ctx, "Rowboat", "", [], "foot", target=500)
        hand = hand_embed(ctx, "Rowboat", 0, ["x"], color=0)
        log = log_field(ctx)
        assert turn_line(ctx, [1]) == "En attente de Bo."
        assert translate(FRENCH_SUITS["S"][0]) == "Pique" and translate(SUIT_WORDS["H"]) == "Cœur"
        assert translate(FACE_WORDS["Q"]) == "Dame" and seat_name(None, 2) == "Place 3"
        wording = SnapshotWording()
        assert (
            translate(wording.shining).format(seconds=5) == "Cet aperçu s'efface dans environ 5 s."
        )
    assert table.title == "Rowboat · table #7" and table.footer == "foot · partie en 500"
    assert hand.title == "Ta main · Rowboat #7 · Ann"
    assert log is not None and log.name == "Récemment"
    # English stays the English text, and the messages are still plain strings
    assert FRENCH_SUITS["S"][0] == "Spades" and SnapshotWording().button == "Snapshot"
    assert log_field(ctx) is not None and log_field(ctx).name == "Recently"  # type: ignore[union-attr]


def test_the_longest_language_draws_the_lobby_in_its_longest_words() -> None:
    with speaking(LONGEST):
        longest = render_lobby.lobby(_info(), registry.get("rowboat"))
    english = render_lobby.lobby(_info(), registry.get("rowboat"))
    assert longest.fields[0].name == "Asientos" and english.fields[0].name == "Seats"
    assert len(longest.description or "") > len(english.description or "")


def test_the_pace_and_option_menus_fit_discords_limits_in_the_longest_words() -> None:
    """A select option's label and description hold at most 100 characters: the pace menu's
    and every game's option menus, in each message's longest translation."""
    with speaking(LONGEST):
        paces = [(str(translate(label)), str(translate(d))) for _v, label, d in render_lobby.PACES]
        menus = [
            menu
            for name in registry.names()
            for menu in render_lobby.option_menus(registry.get(name), {})
        ]
    assert paces[0][0] != "Server's turn timeout (Off by default)"  # a translation was taken
    assert all(0 < len(label) <= 100 and len(d) <= 100 for label, d in paces)
    assert all(len(label) <= 100 for menu in menus for _value, label in menu.choices)
