"""One way of addressing the player in each language (issue 41): every catalog speaks to the one
player informally, as the shell does (German du, French tu, Spanish tú, Portuguese você).

A player reads the shell's words and a game's words in the same hand, so a catalog that slips into
the formal address ("À vous : piochez" under "Ta main") reads as two voices. French "vous" stays
right where a message speaks to the partners together (their two hands); those messages are
listed below by their English id, each with the reason, so that a new one is a decision.

The catalogs are read from the files (every ``.po`` of the shell and of each game), so a game
added later is checked without being named here."""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from bot.i18n import LOCALES

ROOT = Path(__file__).resolve().parents[2]

#: French messages whose English speaks to a side or team, where "vous"/"vos" is the plural
FRENCH_PLURAL: dict[str, str] = {
    "Your partner asks to close the round: yes lets them go out now (+200 for your side, and "
    "every card left in your hands counts against you); no makes them play on.": (
        "'your hands' are both partners' hands: the cards left count against the pair"
    ),
}

#: French words ending in -ez that are not a verb in the vous form
FRENCH_EZ_WORDS = frozenset({"assez", "chez", "nez", "rez"})

#: per language, what the formal address looks like (German is checked by ``german_formal``)
FORMAL: dict[str, re.Pattern[str]] = {
    # the pronouns, and the vous imperative/present ("piochez", "défaussez-la")
    "fr": re.compile(r"\b(?:vous|votre|vos)\b|\b[^\W\d_]+ez\b", re.IGNORECASE),
    "es": re.compile(r"\busted(?:es)?\b", re.IGNORECASE),
    "pt_BR": re.compile(r"\b(?:[oa]s?) senhor(?:a|es|as)?\b", re.IGNORECASE),
}
#: German's polite pronoun is "Sie"/"Ihr…"/"Ihnen" in capitals; at a sentence's start the same
#: capitals are "they"/"her", so only the middle of a sentence counts
GERMAN_POLITE = re.compile(r"\b(?:Sie|Ihnen|Ihr|Ihre|Ihren|Ihrem|Ihrer|Ihres)\b")
SENTENCE_END = re.compile(r"[.!?:\n]")
LETTER = re.compile(r"[^\W\d_]")


def catalog_files(language: str) -> list[Path]:
    """The shell's catalog and every game's, in ``language``."""
    shell = sorted(LOCALES.glob(f"{language}/LC_MESSAGES/*.po"))
    games = sorted((ROOT / "games").glob(f"*/locales/{language}/LC_MESSAGES/*.po"))
    return [*shell, *games]


@cache
def messages(path: Path, language: str) -> tuple[tuple[str, tuple[str, ...]], ...]:
    """(English id, translated forms) of each message of one catalog."""
    with path.open("rb") as f:
        catalog = read_po(f, locale=language)
    out = []
    for m in catalog:
        if not m.id:
            continue
        ident = m.id if isinstance(m.id, str) else m.id[0]
        forms = (m.string,) if isinstance(m.string, str) else tuple(m.string)
        out.append((ident, forms))
    return tuple(out)


def german_formal(text: str) -> list[str]:
    """The polite pronouns in the middle of a sentence of ``text``."""
    found = []
    for match in GERMAN_POLITE.finditer(text):
        before = text[: match.start()]
        ends = [m.end() for m in SENTENCE_END.finditer(before)]
        since_start = before[ends[-1] if ends else 0 :]
        if LETTER.search(since_start):  # a word before it in the same sentence
            found.append(match.group())
    return found


def formal_words(language: str, text: str) -> list[str]:
    if language == "de":
        return german_formal(text)
    words = [m.group() for m in FORMAL[language].finditer(text)]
    if language == "fr":
        words = [w for w in words if w.lower() not in FRENCH_EZ_WORDS]
    return words


def case_id(path: Path) -> str:
    return path.relative_to(ROOT).parts[-1].removesuffix(".po")


@pytest.mark.parametrize(
    ("language", "path"),
    [(lang, p) for lang in ("de", "fr", "es", "pt_BR") for p in catalog_files(lang)],
    ids=lambda v: case_id(v) if isinstance(v, Path) else v,
)
def test_every_catalog_speaks_to_the_player_informally(language: str, path: Path) -> None:
    wrong = []
    for ident, forms in messages(path, language):
        if language == "fr" and ident in FRENCH_PLURAL:
            continue
        for form in forms:
            if words := formal_words(language, form):
                wrong.append(f"{ident!r}: {form!r} ({', '.join(words)})")
    assert not wrong, (
        f"{path.relative_to(ROOT)} addresses the player formally:\n"
        + "\n".join(wrong[:8])
        + (f"\n… and {len(wrong) - 8} more" if len(wrong) > 8 else "")
    )


def test_each_listed_french_plural_is_a_message_that_says_vous() -> None:
    """An exception that no longer matches a message (the English changed, or the French no
    longer says vous) would excuse the next message silently: each one must still be used."""
    said = {
        ident: forms
        for path in catalog_files("fr")
        for ident, forms in messages(path, "fr")
        if ident in FRENCH_PLURAL
    }
    assert set(said) == set(FRENCH_PLURAL)
    for ident, forms in said.items():
        assert any(FORMAL["fr"].search(f) for f in forms), ident
        assert re.search(r"\byour (?:side|team|hands)\b|\bpartner and you\b", ident), ident


def test_the_checks_catch_the_formal_words_and_spare_the_rest() -> None:
    old_french = "À vous : piochez, ou prenez le pot."
    assert formal_words("fr", old_french) == ["vous", "piochez", "prenez"]
    assert formal_words("fr", "Pas encore assez : pioche chez toi.") == []
    assert formal_words("de", "Wählen Sie eine Karte.") == ["Sie"]
    assert formal_words("de", "Ist das Ihre Hand?") == ["Ihre"]
    assert formal_words("de", "Drück fünf Karten. Sie zählen für das Team.") == []
    assert formal_words("de", "Eine Momentaufnahme: Sie ändert sich nicht.") == []
    assert formal_words("de", "⏸ Sie spielen weiter.") == []
    assert formal_words("es", "¿Usted quiere robar?") == ["Usted"]
    assert formal_words("pt_BR", "O senhor pode comprar.") == ["O senhor"]
    assert formal_words("pt_BR", "Você pode comprar.") == []
