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
import importlib.util
import io
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from pathlib import Path
from typing import Any, NamedTuple, Protocol

from babel import Locale as BabelLocale
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from babel.numbers import format_decimal

from games.text import Msg

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


#: a pseudo-language for the layout tests: each message in the longest of its translations
#: (English included), so a test that fits it fits every language
LONGEST = "longest"


def catalog_name(locale: object) -> str:
    """The catalog for a Discord or POSIX locale name (``discord.Locale`` or a string):
    ``pt-BR`` → ``pt_BR``, else its language alone (``es-ES`` → ``es``), else English."""
    raw = str(getattr(locale, "value", locale) or "").strip().replace("-", "_")
    if not raw:
        return ENGLISH
    if raw == LONGEST:
        return LONGEST
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
        if isinstance(locale, str):  # a catalog name already (the context variable's)
            ready = self._loaded.get(locale)
            if ready is not None:
                return ready
        name = catalog_name(locale)
        found = self._loaded.get(name)
        if found is None:
            found = self._compile(name)
            self._loaded[name] = found
        return found

    def _compile(self, name: str) -> gettext.NullTranslations:
        if name == LONGEST:
            return _Longest([self.translations(language) for language in LANGUAGES])
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
        name = catalog_name(locale)
        return format_decimal(value, locale=BabelLocale.parse("fr" if name == LONGEST else name))


class _Longest(gettext.NullTranslations):
    """Each message in its longest form among the languages (the layout tests' language).

    Each answer is kept once found: the catalogs never change once compiled, and a layout
    test writes hundreds of thousands of messages in this language, each of which asked every
    language in turn (a third of the render-limit walk's time)."""

    def __init__(self, languages: list[gettext.NullTranslations]) -> None:
        super().__init__()
        self.languages = languages
        self._found: dict[tuple[str | int, ...], str] = {}

    def gettext(self, message: str) -> str:
        key = (message,)
        found = self._found.get(key)
        if found is None:
            forms = [message, *(t.gettext(message) for t in self.languages)]
            found = self._found[key] = max(forms, key=len)
        return found

    def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:
        key = (msgid1, msgid2, n)
        found = self._found.get(key)
        if found is None:
            english = msgid1 if n == 1 else msgid2
            forms = [english, *(t.ngettext(msgid1, msgid2, n) for t in self.languages)]
            found = self._found[key] = max(forms, key=len)
        return found

    def pgettext(self, context: str, message: str) -> str:
        key = ("\x04", context, message)  # gettext's own context separator: no message holds it
        found = self._found.get(key)
        if found is None:
            forms = [message, *(t.pgettext(context, message) for t in self.languages)]
            found = self._found[key] = max(forms, key=len)
        return found


#: the shipped catalogs, shared by the whole process
CATALOGS = Catalogs()


# ---- the language of the message being built ---------------------------------------------------
# Why a context variable (as Red-DiscordBot's ``set_contextual_locale`` does): a renderer is a
# pure function of a view, and its words are the one input that depends on who will read the
# result, not on the game. The shell says once, where a message is built for someone, which
# language that is (:func:`speaking`); every ``_()`` below it reads it, and nothing else changes
# shape. An asyncio task and a ``contextvars.copy_context().run`` carry it along; a plain thread
# does not, so work handed to a thread is run in a copy of the caller's context.
_LOCALE: ContextVar[str] = ContextVar("tidewater_locale", default=ENGLISH)


def current_locale() -> str:
    """The catalog name of the language being written (English unless the shell said)."""
    return _LOCALE.get()


@contextmanager
def speaking(locale: object) -> Iterator[str]:
    """Write in ``locale`` (a Discord locale, a catalog name) inside the ``with`` block."""
    token = _LOCALE.set(catalog_name(locale))
    try:
        yield _LOCALE.get()
    finally:
        _LOCALE.reset(token)


def speak(locale: object) -> None:
    """Write in ``locale`` for the rest of the current task (an interaction's own task)."""
    _LOCALE.set(catalog_name(locale))


_DOMAINS: dict[str, Catalogs] = {DOMAIN: CATALOGS}


def catalogs_for(domain: str) -> Catalogs:
    """The catalogs of ``domain``: the shell's own (``tidewater``), or a game's, kept in its
    package as ``games/<game>/locales/<lang>/LC_MESSAGES/<game>.po`` (a game brings its words
    with it, like its rules and its pictures)."""
    found = _DOMAINS.get(domain)
    if found is None:
        spec = importlib.util.find_spec(f"games.{domain}")
        where = spec.submodule_search_locations if spec is not None else None
        directory = Path(next(iter(where))) / "locales" if where else LOCALES / domain
        found = _DOMAINS[domain] = Catalogs(directory, domain)
    return found


def translate(value: Any) -> Any:
    """A :class:`games.text.Msg` in the current language; any other value as it is (a name, a
    number, a string already written by a renderer)."""
    if not isinstance(value, Msg):
        return value
    catalogs = catalogs_for(value.domain)
    params = {k: translate(v) for k, v in value.params.items()}
    if value.plural_id is not None and value.n is not None:
        return catalogs.plural(current_locale(), value.msgid, value.plural_id, value.n, **params)
    return catalogs.text(current_locale(), value.msgid, **params)


def refusal(exc: BaseException) -> str:
    """A refusal's words in the current language. Why not ``str(exc)``: a refusal raised by an
    engine or the sessions holds a :class:`games.text.Msg` (English, with its id and values),
    and ``str()`` of an exception keeps only the English; a line a cog already wrote in the
    reader's language passes as it is."""
    said = exc.args[0] if len(exc.args) == 1 else None
    return str(translate(said)) if isinstance(said, str) else str(exc)


class _Text(Protocol):
    def __call__(self, msgid: str, /, **params: Any) -> str: ...


class _Plural(Protocol):
    def __call__(self, singular: str, plural: str, n: int, /, **params: Any) -> str: ...


class Texts(NamedTuple):
    """One catalog's two functions, in the current language: ``_(msgid, **values)`` and
    ``_n(singular, plural, n, **values)``. Both are Babel keywords, so a module writes
    ``_, _n = texts("<game>")`` once and marks each sentence where it is written."""

    text: _Text
    plural: _Plural


def texts(domain: str = DOMAIN) -> Texts:
    """The functions that write ``domain``'s messages in the current language (values that are
    :class:`games.text.Msg` are translated too)."""

    # Why written out rather than through Catalogs.text: a renderer calls these a few hundred
    # times a message, so English (the ids themselves) costs one comparison and no lookup
    def text(msgid: str, /, **params: Any) -> str:
        locale = _LOCALE.get()
        if locale != ENGLISH:
            msgid = catalogs_for(domain).translations(locale).gettext(msgid)
        if not params:
            return msgid
        return msgid.format(**{k: translate(v) for k, v in params.items()})

    def plural(singular: str, plural_: str, n: int, /, **params: Any) -> str:
        locale = _LOCALE.get()
        if locale == ENGLISH:
            form = singular if n == 1 else plural_
        else:
            form = catalogs_for(domain).translations(locale).ngettext(singular, plural_, n)
        return form.format(n=n, **{k: translate(v) for k, v in params.items()})

    return Texts(text, plural)


def number(value: float) -> str:
    """A number as the current language writes it."""
    return CATALOGS.number(_LOCALE.get(), value)
