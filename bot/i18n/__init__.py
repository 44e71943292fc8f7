"""Languages: gettext catalogs read through one small typed API.

Why compiled in memory: the ``.po`` files are the only thing committed (binary ``.mo`` files
drift from their sources and cannot be reviewed), so each catalog is compiled by Babel the first
time a locale is asked for, then cached. English is the message id itself: an unknown locale,
or a message a catalog lacks, reads in English. Placeholders are ``{name}`` and are filled by
``str.format`` after translation, so a translator may move them within the sentence.

Who reads which language: an answer only one person sees follows that person's Discord language
(:func:`private_locale`); a message the whole channel sees follows the server's chosen language,
else the server's Discord language, else English (:func:`public_locale`).
"""

from __future__ import annotations

import gettext
import io
from pathlib import Path
from typing import Any

from babel import Locale as BabelLocale
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from babel.numbers import format_decimal

#: the catalogs' directory: ``<lang>/LC_MESSAGES/tidewater.po`` and the template
LOCALES = Path(__file__).resolve().parent / "locales"
DOMAIN = "tidewater"
#: the language of the message ids
ENGLISH = "en"
#: the catalogs shipped, besides English (the choices of ``/admin settings language:``)
LANGUAGES: tuple[str, ...] = ("de", "fr", "es", "pt_BR")
#: each language's name in itself, for the admin's choice and the settings answer
NATIVE_NAMES: dict[str, str] = {
    ENGLISH: "English",
    "de": "Deutsch",
    "fr": "Français",
    "es": "Español",
    "pt_BR": "Português (Brasil)",
}


def catalog_name(locale: object) -> str:
    """The catalog for a Discord or POSIX locale name (``discord.Locale`` or a string):
    ``pt-BR`` → ``pt_BR``, else its language alone (``es-ES`` → ``es``), else English."""
    raw = str(getattr(locale, "value", locale) or "").strip().replace("-", "_")
    if not raw:
        return ENGLISH
    if raw in LANGUAGES:
        return raw
    language = raw.split("_", 1)[0].lower()
    if language in LANGUAGES:
        return language
    # a bare language whose only catalog is regional (``pt`` → ``pt_BR``)
    regional = [name for name in LANGUAGES if name.split("_", 1)[0] == language]
    return regional[0] if len(regional) == 1 else ENGLISH


def private_locale(user_locale: object) -> str:
    """The language of an answer only this person sees: their own Discord language
    (``interaction.locale``)."""
    return catalog_name(user_locale)


def public_locale(chosen: str | None, guild_locale: object) -> str:
    """The language of a message the channel sees: the server's choice (``/admin settings
    language:``), else the server's Discord language (``interaction.guild_locale``), else
    English."""
    if chosen:
        return catalog_name(chosen)
    return catalog_name(guild_locale)


class Catalogs:
    """The catalogs of one directory, each compiled at first use and kept."""

    def __init__(self, directory: Path = LOCALES, domain: str = DOMAIN) -> None:
        self.directory = directory
        self.domain = domain
        self._loaded: dict[str, gettext.NullTranslations] = {}

    def po_path(self, language: str) -> Path:
        return self.directory / language / "LC_MESSAGES" / f"{self.domain}.po"

    def translations(self, locale: object) -> gettext.NullTranslations:
        """The compiled catalog of a locale (English: none, the ids are English)."""
        name = catalog_name(locale)
        found = self._loaded.get(name)
        if found is None:
            found = self._compile(name)
            self._loaded[name] = found
        return found

    def _compile(self, name: str) -> gettext.NullTranslations:
        path = self.po_path(name)
        if name == ENGLISH or not path.exists():
            return gettext.NullTranslations()
        with path.open("rb") as po:
            catalog = read_po(po, locale=name, domain=self.domain)
        buffer = io.BytesIO()
        write_mo(buffer, catalog)  # fuzzy entries are left out: they read in English
        buffer.seek(0)
        return gettext.GNUTranslations(buffer)

    def text(self, locale: object, msgid: str, /, **params: Any) -> str:
        """``msgid`` in the locale's language, its ``{placeholders}`` filled."""
        translated = self.translations(locale).gettext(msgid)
        return translated.format(**params) if params else translated

    def plural(self, locale: object, singular: str, plural: str, n: int, /, **params: Any) -> str:
        """The form for ``n`` (the language's own plural rule); ``{n}`` is filled too."""
        translated = self.translations(locale).ngettext(singular, plural, n)
        return translated.format(n=n, **params)

    def in_context(self, locale: object, context: str, msgid: str) -> str | None:
        """``msgid`` under ``msgctxt`` ``context``, or None when the catalog has no
        translation (the command translator leaves those to Discord's default)."""
        if catalog_name(locale) == ENGLISH:
            return None
        translated = self.translations(locale).pgettext(context, msgid)
        # pgettext answers the msgid itself when untranslated (or translated the same)
        return None if translated == msgid else translated

    def number(self, locale: object, value: float) -> str:
        """A number as the language writes it (``1.234,5`` in German, ``1 234,5`` in French)."""
        return format_decimal(value, locale=BabelLocale.parse(catalog_name(locale)))


#: the shipped catalogs, shared by the whole process
CATALOGS = Catalogs()
