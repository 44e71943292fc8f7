"""Languages (issue 41, the foundation): the catalogs are complete and consistent, the slash
commands are translated in names Discord accepts, each message reads in the language of whoever
sees it, and a server's chosen language is a setting like the others.

The catalogs are read as the bot reads them (``.po`` compiled by Babel in memory); the commands
as Discord receives them (the payload of the real sync, sent to the fake Discord)."""

from __future__ import annotations

import importlib.util
import re
import shutil
import string
from pathlib import Path
from typing import Any

import discord
import pytest
from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po, write_po
from discord import app_commands
from discord.app_commands import TranslationContext, TranslationContextLocation

from bot.i18n import (
    CATALOGS,
    DOMAIN,
    ENGLISH,
    LANGUAGES,
    LOCALES,
    LONGEST,
    Catalogs,
    catalog_name,
    catalogs_for,
    current_locale,
    private_locale,
    public_locale,
    speaking,
    texts,
    translate,
)
from bot.i18n.commands import CommandTranslator, tree_strings
from games import registry
from games.text import Msg
from tests.bot.harness import ADMIN_PERMS, GUILD_ID, FakeDiscord, User, settle, start_bot

#: the games a player can pick (the test-only games of tests/fixtures are not translated)
SHIPPED_TITLES = ("Boat", "Boat Canasta", "Game of Rows", "Rowboat", "Turn the Tide")
#: Discord's rule for command and option names (``^[-_\p{L}\p{N}]{1,32}$``), and lowercase
NAME_MAX, TEXT_MAX = 32, 100


#: every catalog: the shell's and each shipped game's (a game's words live in its package)
DOMAINS = (DOMAIN, "boat", "boat_canasta", "game_of_rows", "rowboat", "turn_the_tide")


def template(domain: str = DOMAIN) -> Catalog:
    catalogs = catalogs_for(domain)
    with (catalogs.directory / f"{domain}.pot").open("rb") as f:
        return read_po(f)


def catalog(language: str, domain: str = DOMAIN) -> Catalog:
    path = catalogs_for(domain).po_path(language)
    if not path.exists():
        return Catalog(locale=language, domain=domain)
    with path.open("rb") as f:
        return read_po(f, locale=language)


def key(message: Any) -> tuple[str | None, str]:
    ident = message.id if isinstance(message.id, str) else message.id[0]
    return message.context, ident


def fields(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name is not None}


def valid_name(name: str) -> bool:
    return (
        0 < len(name) <= NAME_MAX
        and name == name.lower()
        and all(ch.isalpha() or ch.isdigit() or ch in "-_" for ch in name)
    )


# ---- the catalogs ----------------------------------------------------------------------------
@pytest.mark.parametrize("domain", DOMAINS)
@pytest.mark.parametrize("language", LANGUAGES)
def test_every_catalog_translates_every_message_of_the_template(language: str, domain: str) -> None:
    wanted = {key(m) for m in template(domain) if m.id}
    po = catalog(language, domain)
    have = {key(m): m for m in po if m.id}
    missing = sorted(wanted - set(have), key=str)[:5]
    extra = sorted(set(have) - wanted, key=str)[:5]
    assert set(have) == wanted, f"{domain} {language}: run the update (README): {missing}, {extra}"
    for k, m in have.items():
        forms = m.string if isinstance(m.string, tuple | list) else (m.string,)
        assert forms and all(forms), f"{language}: {k} is not translated"
        assert not m.fuzzy, f"{language}: {k} is fuzzy (it would read in English)"
    assert not po.obsolete


@pytest.mark.parametrize("domain", DOMAINS)
@pytest.mark.parametrize("language", LANGUAGES)
def test_each_translation_keeps_the_english_placeholders(language: str, domain: str) -> None:
    for m in catalog(language, domain):
        if not m.id:
            continue
        ids = (m.id,) if isinstance(m.id, str) else tuple(m.id)
        expected = set().union(*(fields(i) for i in ids))
        forms = (m.string,) if isinstance(m.string, str) else tuple(m.string)
        for form in forms:
            assert fields(form) == expected, (language, m.id, form)


@pytest.mark.parametrize("language", LANGUAGES)
def test_plural_forms_are_the_languages_own(language: str) -> None:
    po = catalog(language)
    cldr = Catalog(locale=language)
    assert po.plural_expr == cldr.plural_expr and po.num_plurals == cldr.num_plurals
    plurals = [m for m in po if m.id and not isinstance(m.id, str)]
    assert plurals, "no plural message to check"
    for m in plurals:
        assert len(m.string) == po.num_plurals and all(m.string), (language, m.id)


def test_plurals_and_numbers_read_in_each_language() -> None:
    def seconds(locale: str, n: int) -> str:
        count = CATALOGS.number(locale, n)
        return CATALOGS.plural(locale, "{count} second", "{count} seconds", n, count=count)

    assert seconds("de", 1) == "1 Sekunde" and seconds("de", 1500) == "1.500 Sekunden"
    assert seconds("fr", 0) == "0 seconde" and seconds("fr", 2) == "2 secondes"
    assert seconds("en-US", 1) == "1 second" and seconds("en-GB", 1500) == "1,500 seconds"
    assert CATALOGS.text("pt-BR", "Saved.") == "Salvo."


def test_a_po_is_compiled_once_in_memory_and_a_missing_one_reads_english(tmp_path: Path) -> None:
    shutil.copytree(LOCALES, tmp_path / "locales")
    catalogs = Catalogs(tmp_path / "locales")
    assert catalogs.text("de", "Saved.") == "Gespeichert."
    assert not list((tmp_path / "locales").rglob("*.mo"))  # nothing written to disk
    (tmp_path / "locales" / "de" / "LC_MESSAGES" / f"{DOMAIN}.po").unlink()
    assert catalogs.text("de", "Saved.") == "Gespeichert."  # cached per locale
    assert Catalogs(tmp_path / "locales").text("de", "Saved.") == "Saved."


def test_placeholders_are_filled_after_translation() -> None:
    text = CATALOGS.text("fr", "Admin role: {role}", role="{x}")
    assert text == "Rôle admin : {x}"  # a value's own braces are not read as placeholders
    assert CATALOGS.text("ja", "Admin role: {role}", role="none") == "Admin role: none"


# ---- who reads which language ----------------------------------------------------------------
@pytest.mark.parametrize(
    ("locale", "name"),
    [
        (discord.Locale.german, "de"),
        (discord.Locale.french, "fr"),
        (discord.Locale.spain_spanish, "es"),
        (discord.Locale.latin_american_spanish, "es"),
        (discord.Locale.brazil_portuguese, "pt_BR"),
        (discord.Locale.american_english, ENGLISH),
        (discord.Locale.british_english, ENGLISH),
        (discord.Locale.japanese, ENGLISH),
        ("pt-BR", "pt_BR"),
        ("pt_BR", "pt_BR"),
        ("pt", "pt_BR"),
        ("", ENGLISH),
        (None, ENGLISH),
    ],
)
def test_discord_locales_map_to_catalogs(locale: Any, name: str) -> None:
    assert catalog_name(locale) == name


def test_a_person_reads_their_own_language_and_the_table_the_servers() -> None:
    german_person, french_server = discord.Locale.german, "fr"
    assert private_locale(german_person) == "de"  # their hand, their refusals
    assert public_locale(french_server, discord.Locale.german) == "fr"  # the table
    assert public_locale(None, discord.Locale.spain_spanish) == "es"  # unset: Discord's
    assert public_locale(None, None) == ENGLISH
    assert public_locale(ENGLISH, discord.Locale.german) == ENGLISH  # English on purpose


# ---- the slash commands ----------------------------------------------------------------------
async def test_the_translator_answers_the_german_command_name() -> None:
    translator = CommandTranslator()
    where = TranslationContext(location=TranslationContextLocation.command_name, data=None)
    play = app_commands.locale_str("play")
    assert await translator.translate(play, discord.Locale.german, where) == "spielen"
    assert await translator.translate(play, discord.Locale.american_english, where) is None
    option = TranslationContext(location=TranslationContextLocation.parameter_name, data=None)
    assert await translator.translate(play, discord.Locale.german, option) is None  # no such


def synced(fake: FakeDiscord) -> list[dict[str, Any]]:
    [last] = [s for s in fake.sent if s.kind == "sync"][-1:]
    assert last.payload is not None
    return list(last.payload)


def levels(commands: list[dict[str, Any]]) -> list[list[dict[str, Any]]]:
    """Every group of siblings whose names Discord keeps apart: the top-level commands, each
    group's subcommands, each command's options."""
    out = [commands]
    for command in commands:
        options = command.get("options") or []
        subs = [o for o in options if o["type"] in (1, 2)]
        if subs:
            out += levels(subs)[0:1] + [lv for s in subs for lv in levels([s])[1:]]
        else:
            out.append(options)
    return out


@pytest.mark.slow
async def test_every_command_string_is_translated_in_names_discord_accepts(
    fake: FakeDiscord, tmp_path: Path
) -> None:
    bot = await start_bot(fake, tmp_path / "tw.sqlite3")
    try:
        strings = await tree_strings(bot.tree)
    finally:
        await bot.close()
    in_template = {key(m) for m in template() if m.id}
    # the test-only games of tests/fixtures join the choices here, never the shipped bot's
    fixtures = {("choice", registry.get(n).title) for n in registry.names()}
    fixtures -= {("choice", title) for title in SHIPPED_TITLES}
    missing = [s for s in strings if s not in in_template | fixtures]
    assert not missing, f"run python contrib/extract_messages.py: {missing[:5]}"
    commands = synced(fake)
    play = next(c for c in commands if c["name"] == "play")
    assert play["name_localizations"]["de"] == "spielen"
    assert play["name_localizations"]["pt-BR"] == "jogar"
    for language in ("de", "fr", "es-ES", "es-419", "pt-BR"):
        for siblings in levels(commands):
            names = [s.get("name_localizations", {}).get(language, s["name"]) for s in siblings]
            assert all(valid_name(n) for n in names), (language, names)
            assert len(set(names)) == len(names), (language, names)
            for s in siblings:
                for text in s.get("description_localizations", {}).values():
                    assert 0 < len(text) <= TEXT_MAX, text
                for choice in s.get("choices") or []:
                    for text in (choice.get("name_localizations") or {}).values():
                        assert 0 < len(text) <= TEXT_MAX, text
        # every command as its catalog has it (absent where the word is the English one)
        for c in commands:
            shown = c.get("name_localizations", {}).get(language, c["name"])
            translations = CATALOGS.translations(language)
            assert shown == translations.pgettext("command", c["name"]), (language, c["name"])


@pytest.mark.slow
async def test_a_changed_translation_changes_the_hash_and_is_synced(
    fake: FakeDiscord, tmp_path: Path
) -> None:
    db = tmp_path / "tw.sqlite3"
    bot = await start_bot(fake, db)
    try:
        assert not await bot.sync_if_changed()
        before = await bot.command_digest()
        locales = tmp_path / "locales"
        shutil.copytree(LOCALES, locales)
        po_path = locales / "de" / "LC_MESSAGES" / f"{DOMAIN}.po"
        with po_path.open("rb") as f:
            po = read_po(f, locale="de")
        po.get("play", context="command").string = "losspielen"
        with po_path.open("wb") as f:
            write_po(f, po)
        await bot.tree.set_translator(CommandTranslator(Catalogs(locales)))
        assert await bot.command_digest() != before
        assert await bot.sync_if_changed()
        play = next(c for c in synced(fake) if c["name"] == "play")
        assert play["name_localizations"]["de"] == "losspielen"
    finally:
        await bot.close()


# ---- /admin settings language: ---------------------------------------------------------------
def answer(fake: FakeDiscord, token: Any) -> str:
    """The text of the one (ephemeral) answer to a command."""
    [reply] = fake.replies_to(token)
    assert reply.payload is not None and not reply.public
    return str(reply.payload["data"]["content"])


ADMIN_DE = User(1099, "Admin", permissions=ADMIN_PERMS, locale="de")


@pytest.mark.slow
async def test_admin_sets_the_servers_language_and_reads_the_answer_in_their_own(
    fake: FakeDiscord, tmp_path: Path
) -> None:
    db = tmp_path / "tw.sqlite3"
    fake.guild_locale = "es-ES"
    bot = await start_bot(fake, db)
    try:
        token = fake.command(bot, ADMIN_DE, "admin", {}, sub="settings")
        await settle(bot, fake)
        said = answer(fake, token)
        assert "Sprache der Tische: Español (die Discord-Sprache des Servers)" in said
        assert "Zugzeit: aus" in said
        token = fake.command(
            bot, ADMIN_DE, "admin", {"language": "fr", "turn_timeout": 90}, sub="settings"
        )
        await settle(bot, fake)
        said = answer(fake, token)
        assert said.startswith("Gespeichert.") and "Sprache der Tische: Français" in said
        assert "Zugzeit: 90 Sekunden" in said
    finally:
        await bot.close()
    bot = await start_bot(fake, db)  # stored: it survives a restart
    try:
        settings = await bot.manager.guild_settings(GUILD_ID)
        assert settings.language == "fr"
        table = public_locale(settings.language, "de")  # a German person at a French server
        assert table == "fr" and private_locale(ADMIN_DE.locale) == "de"
        token = fake.command(bot, ADMIN_DE, "admin", {"language": "discord"}, sub="settings")
        await settle(bot, fake)
        assert (await bot.manager.guild_settings(GUILD_ID)).language is None
        english = User(1098, "Ann", permissions=ADMIN_PERMS, locale="en-GB")
        token = fake.command(bot, english, "admin", {}, sub="settings")
        await settle(bot, fake)
        said = answer(fake, token)
        assert "Language of tables: Español (the server's Discord language)" in said
    finally:
        await bot.close()


@pytest.mark.slow
async def test_an_unknown_language_value_is_refused_and_nothing_is_saved(
    fake: FakeDiscord, tmp_path: Path
) -> None:
    bot = await start_bot(fake, tmp_path / "tw.sqlite3")
    try:
        token = fake.command(bot, ADMIN_DE, "admin", {"language": "xx"}, sub="settings")
        await settle(bot, fake)
        # refused in the admin's own language (the gateway sets each interaction's)
        assert "nichts geändert" in fake.reply_text(token)
        assert (await bot.manager.guild_settings(GUILD_ID)).language is None
    finally:
        await bot.close()


@pytest.mark.slow
async def test_the_not_yours_refusal_reads_in_the_clickers_language(
    fake: FakeDiscord, tmp_path: Path
) -> None:
    """A German and an English person without a seat click the same hand's control: each is
    refused in their own language, and only they see it."""
    from bot.controls.ids import EXPLAIN
    from tests.bot.flows import Table

    alice, bob = User(1001, "Alice"), User(1002, "Bob")
    table = Table(fake, await start_bot(fake, tmp_path / "tw.sqlite3"))
    try:
        await table.start_game("boat", [alice, bob], ai=2)
        hand = await table.open_hand(alice)
        said = {}
        for person in (User(1009, "Eve", locale="de"), User(1010, "Ed", locale="en-GB")):
            token = await table.click(person, hand, f"h:{table.game_id}:{EXPLAIN}")
            said[person.locale] = fake.reply_text(token)
            assert all(not s.public for s in fake.replies_to(token))
        assert "diese Knöpfe sind also nicht für dich" in said["de"], said["de"]
        assert "/spielen" in said["de"] and "Boat" in said["de"]
        assert "controls are not yours" in said["en-GB"]
    finally:
        await table.bot.close()


@pytest.mark.slow
def test_the_committed_template_is_what_the_extraction_writes() -> None:
    """Every marked message of the code and every command string is in the template, and the
    template holds nothing else (run contrib/extract_messages.py, then pybabel update)."""
    spec = importlib.util.spec_from_file_location(
        "extract_messages", Path(__file__).resolve().parents[2] / "contrib/extract_messages.py"
    )
    assert spec is not None and spec.loader is not None
    extract = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(extract)
    fixtures = {("choice", registry.get(n).title) for n in registry.names()}
    fixtures -= {("choice", title) for title in SHIPPED_TITLES}
    fresh = {key(m) for m in extract.template() if m.id} - fixtures
    assert fresh == {key(m) for m in template() if m.id}
    assert sorted(extract.shipped_games()) == sorted(DOMAINS[1:])
    for game in DOMAINS[1:]:
        assert {key(m) for m in extract.game_template(game) if m.id} == {
            key(m) for m in template(game) if m.id
        }, f"{game}: run contrib/extract_messages.py --update (README)"


@pytest.mark.parametrize("domain", DOMAINS)
def test_the_template_lists_no_message_twice(domain: str) -> None:
    seen = [key(m) for m in template(domain) if m.id]
    assert len(seen) == len(set(seen))
    assert not [k for k in seen if re.search(r"\{\d*\}", k[1])]  # named placeholders only


# ---- the language of the message being built -------------------------------------------------
def test_an_engine_message_reads_in_the_language_being_written() -> None:
    said = Msg(DOMAIN, "Admin role: {role}", role=Msg(DOMAIN, "Saved."))
    assert translate(said) == "Admin role: Saved."  # English unless the shell says
    with speaking("fr"):
        assert translate(said) == "Rôle admin : Enregistré."
        with speaking(discord.Locale.german):
            assert current_locale() == "de" and translate(Msg(DOMAIN, "Saved.")) == "Gespeichert."
        assert current_locale() == "fr"
    assert current_locale() == ENGLISH
    assert translate("already written") == "already written" and translate(3) == 3


def test_a_renderers_functions_follow_the_language_and_translate_their_values() -> None:
    _, _n = texts()
    with speaking("de"):
        assert _("Saved.") == "Gespeichert."
        assert _("Admin role: {role}", role=Msg(DOMAIN, "Saved.")) == "Admin-Rolle: Gespeichert."
        assert _n("{count} second", "{count} seconds", 2, count=2) == "2 Sekunden"
    assert _("Saved.") == "Saved."


def test_the_longest_language_picks_each_messages_longest_form() -> None:
    forms = [CATALOGS.text(language, "Saved.") for language in (ENGLISH, *LANGUAGES)]
    assert CATALOGS.text(LONGEST, "Saved.") == max(forms, key=len)
    assert CATALOGS.text(LONGEST, "no such message") == "no such message"


def test_a_copied_context_carries_the_language_into_a_thread() -> None:
    import concurrent.futures
    import contextvars

    _, _n = texts()
    with speaking("es"), concurrent.futures.ThreadPoolExecutor(1) as pool:
        plain = pool.submit(_, "Saved.").result()
        carried = pool.submit(contextvars.copy_context().run, _, "Saved.").result()
    assert plain == "Saved." and carried == CATALOGS.text("es", "Saved.") != "Saved."


def test_a_games_catalog_lives_in_its_package() -> None:
    found = catalogs_for("rowboat")
    import games.rowboat

    assert found.directory == Path(games.rowboat.__file__).parent / "locales"
    assert found is catalogs_for("rowboat")
