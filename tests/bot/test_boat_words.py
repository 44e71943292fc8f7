"""Boat in every language (issue 41): one word per term in each language, a table, a hand and
the pictures that read in German and Brazilian Portuguese with no English sentence of the game's
catalog left in them, and Discord's and the phone's limits kept in the longest translation.

The term check reads the catalogs as shipped: for each entry of :data:`bot.render.boat.GLOSSARY`
(English term -> message), every message whose English names the term (as a word, or its plural)
must, in each language, contain that language's translation of the term, compared by its stem
(accents and case aside, the last two letters free: "Stich" in "Stiche", "Trumpf" in
"Trümpfe"). So the game's words read the same in the rules, the refusals, the hints and the
table.
"""

from __future__ import annotations

import io
import random
import re
import string
import unicodedata
from typing import Any

import pytest
from babel.messages.pofile import read_po
from PIL import Image

from bot.i18n import LANGUAGES, catalogs_for, speaking, translate
from bot.render import EmbedSpec, HandSpec, TableContext
from bot.render.boat import GLOSSARY
from bot.render.boat import RENDERER as R
from bot.render.images import draw
from games import Event, registry
from games.text import Msg

ENGINE = registry.get("boat")
NAMES = ("Ann", "Ben", "Cy", "Di")
CTX = TableContext(7, "Boat", NAMES, (1, 2, 3, 4), "live")
CATALOGS = catalogs_for("boat")


# ---- one word per term -------------------------------------------------------------------------
def fold(text: str) -> str:
    """Lower case without accents (``Trümpfe`` -> ``trumpfe``), for comparing words."""
    bare = unicodedata.normalize("NFKD", text)
    return "".join(c for c in bare if not unicodedata.combining(c)).casefold()


def stem(word: str) -> str:
    """The part of a term every form of it keeps: all but its last two letters, at least 3."""
    folded = fold(word)
    return folded if len(folded) <= 3 else folded[: max(3, len(folded) - 2)]


def names_term(english: str, term: str) -> bool:
    """Whether an English message says ``term`` (or its plural) as a word, placeholders aside."""
    bare = re.sub(r"\{[^{}]*\}", " ", english)
    return re.search(rf"\b{re.escape(term)}(s|es)?\b", bare, re.IGNORECASE) is not None


def stray_terms(
    english: tuple[str, ...], forms: tuple[str, ...], words: dict[str, str]
) -> list[str]:
    """The terms an entry's English names that one of its translated forms lacks."""
    return [
        term
        for term, word in words.items()
        if any(names_term(e, term) for e in english)
        and not all(stem(word) in fold(form) for form in forms)
    ]


def entries(language: str) -> list[tuple[tuple[str, ...], tuple[str, ...]]]:
    """The catalog's (English forms, translated forms), as shipped."""
    with CATALOGS.po_path(language).open("rb") as po:
        catalog = read_po(po, locale=language)
    out = []
    for m in catalog:
        if not m.id:
            continue
        ids = (m.id,) if isinstance(m.id, str) else tuple(m.id)
        forms = (m.string,) if isinstance(m.string, str) else tuple(m.string)
        out.append((ids, forms))
    return out


@pytest.mark.parametrize("language", LANGUAGES)
def test_each_term_reads_the_same_in_every_message(language: str) -> None:
    words = {term: CATALOGS.text(language, message.msgid) for term, message in GLOSSARY.items()}
    assert all(words.values())
    stray = []
    for ids, forms in entries(language):
        for term in stray_terms(ids, forms, words):
            stray.append(f"{ids[0]!r} -> {forms[0]!r} lacks {words[term]!r} ({term})")
    assert not stray, "\n".join(stray[:20])


def test_the_term_check_sees_a_stray_word() -> None:
    words = {"trick": "Stich", "trump": "Trumpf"}
    assert stray_terms(("Last trick: {plays}",), ("Letzter Stich: {plays}",), words) == []
    assert stray_terms(("{n} tricks",), ("{n} Stiche",), words) == []
    assert stray_terms(("Trumps drawn",), ("Trümpfe gezogen",), words) == []
    assert stray_terms(("Last trick: {plays}",), ("Letzte Runde: {plays}",), words) == ["trick"]
    # a placeholder's name is not a word of the sentence, nor is a longer word
    assert stray_terms(("{trick} won", "trickster"), ("gewonnen",), words) == []


def test_card_and_suit_names_come_from_the_glossary() -> None:
    with speaking("de"):
        assert R.card_forms("QS") == ("Q♠", "Pik-Dame")
        assert R.card_long("AH") == "Herz-Ass"
    with speaking("fr"):
        assert R.card_long("TC") == "Dix de Trèfle"
    with speaking("pt_BR"):
        assert R.card_long("KD") == "Rei de Ouros"
        assert R.card_long("BOAT") == "a carta Boat"


# ---- a whole game in one language --------------------------------------------------------------
def spec_text(spec: EmbedSpec) -> str:
    """The words of an embed the renderer wrote (the title and the footer's tail are the
    shell's, not this game's)."""
    parts = [spec.description, *(f"{f.name}\n{f.value}" for f in spec.fields)]
    return "\n".join(parts)


def hand_words(hand: HandSpec) -> str:
    parts = [spec_text(hand.embed)]
    parts += [b.label for b in hand.buttons]
    for choice in hand.choices:
        parts.append(choice.placeholder or "")
        parts += [f"{a.label} {a.description or ''}" for a in choice.actions]
    return "\n".join(parts)


def played_game(seed: int = 4) -> str:
    """Every word Boat writes over a seeded random game at a table playing to 50: the table,
    the four hands, the log and private notes, the coach's lines, the Tricks answer, the score
    sheet, the engine's reasons and refusals, and the pictures' headers."""
    rng = random.Random(seed)
    state = ENGINE.new_game(4, {"target_score": 50, "first_dealer": 0}, seed=seed)
    said: list[str] = []
    seen: list[list[Event]] = [[] for _ in range(4)]
    while True:
        view = ENGINE.view(state, None)
        table = R.table(CTX, view, ENGINE.result(state), ENGINE.to_act(state))
        said += [spec_text(table), table.footer or ""]
        assert R.pictures is not None
        said.append(R.pictures.table_header(view, NAMES))
        for seat in range(4):
            legal = ENGINE.legal_actions(state, seat)
            said.append(hand_words(R.hand(CTX, ENGINE.view(state, seat), seat, legal)))
            played = R.played(CTX, ENGINE.view(state, seat), seat, seen[seat])
            if played is not None:
                said += [played.title, spec_text(played), played.footer or ""]
            said += [str(translate(line)) for line in ENGINE.explain(state, seat)]
            if legal:  # (the waiting line of the others is the shell's: games.core)
                mine = ENGINE.view(state, seat)
                codes = [a.code for a in legal]
                said += [str(translate(line)) for line in ENGINE.decision(mine, codes, NAMES)]
        if ENGINE.is_over(state):
            return "\n".join(said)
        seat = rng.choice(ENGINE.to_act(state))
        legal = ENGINE.legal_actions(state, seat)
        said += [str(translate(line)) for line in ENGINE.effects(view, [a.code for a in legal])]
        state, events = ENGINE.apply(state, seat, rng.choice(legal))
        for event in events:
            said.append(R.event_line(CTX, event, None) or "")
            said.append(R.replay_line(CTX, event) or "")
            said += list(R.sheet_cells(event, 2) or [])
            for viewer in range(4):
                if R.starts_hand(event):
                    seen[viewer].clear()
                if event.visible(viewer):
                    seen[viewer].append(event)
                    said.append(R.event_line(CTX, event, viewer) or "")
                    said.append(R.coach(CTX, event, viewer, seen[viewer]) or "")


def english_fragments(language: str) -> list[str]:
    """The English pieces of the catalog (between placeholders, two words or more) that the
    language translates: none of them may be left in what that language reads."""
    out = []
    for ids, forms in entries(language):
        for english in ids:
            for literal, *_ in string.Formatter().parse(english):
                piece = literal.strip(" .:;,·()*…")
                if re.search(r"[A-Za-z]{2,}\W+[A-Za-z]{2,}", piece) and not any(
                    piece in form for form in forms
                ):
                    out.append(piece)
    return out


@pytest.mark.slow
@pytest.mark.parametrize(
    ("language", "words"),
    [
        ("de", ("Stich", "Trumpf", "Gebot", "Alleinspieler", "Stock", "gedrückt", "passe")),
        ("pt_BR", ("vaza", "trunfo", "aposta", "Declarante", "viúva", "descarte", "passo")),
    ],
)
def test_a_whole_game_reads_in_the_language_with_no_english_left(
    language: str, words: tuple[str, ...]
) -> None:
    with speaking(language):
        said = played_game()
    for word in words:
        assert word in said, word
    left = sorted({piece for piece in english_fragments(language) if piece in said})
    assert not left, left[:10]
    # the same game in English still says the English words
    english = played_game()
    assert "Last trick:" in english and "took trick" in english and "Stich" not in english


def test_the_table_and_a_hand_in_german_and_portuguese() -> None:
    state = ENGINE.new_game(4, {"first_dealer": 3, "target_score": 50}, seed=11)
    for code in ["bid:65", "pass", "pass", "pass"]:
        state, _ = ENGINE.apply(state, ENGINE.to_act(state)[0], code)
    state, _ = ENGINE.apply(state, 0, ENGINE.legal_actions(state, 0)[0])
    state, _ = ENGINE.apply(state, 0, "trump:S")
    state, _ = ENGINE.apply(state, 0, ENGINE.legal_actions(state, 0)[0])

    def shown(language: str) -> tuple[str, str]:
        with speaking(language):
            table = R.table(CTX, ENGINE.view(state, None), ENGINE.result(state), [1])
            hand = R.hand(CTX, ENGINE.view(state, 1), 1, ENGINE.legal_actions(state, 1))
        return spec_text(table) + "\n" + (table.footer or ""), hand_words(hand)

    table, hand = shown("de")
    assert "**Alleinspieler:** Ann mit Gebot **65**" in table
    assert "**Trumpf:** ♠ Pik" in table and "**Stich 1 von 9**" in table
    assert "Ben ist am Zug" in table
    assert "♠ **Pik** (Trumpf): 5♠ 8♠" in hand and "**Du bist dran.**" in hand
    assert "📋 Dein Team (Ben & Di): 0 Stiche" in hand
    table, hand = shown("pt_BR")
    assert "**Declarante:** Ann, aposta **65**" in table and "**Trunfo:** ♠ Espadas" in table
    assert "**Vaza 1 de 9**" in table
    assert "♠ **Espadas** (trunfo): 5♠ 8♠" in hand and "**Sua vez.**" in hand
    for text in (table, hand):
        assert not [p for p in english_fragments("pt_BR") if p in text]


# ---- the pictures ------------------------------------------------------------------------------
#: rows of a picture's header strip (the title line)
STRIP = 54


def strip(picture: bytes) -> bytes:
    img = Image.open(io.BytesIO(picture)).convert("RGB")
    return img.crop((0, 0, img.width, STRIP)).tobytes()


def expected_strip(title: str, detail: str) -> bytes:
    img, d = draw.canvas(STRIP, draw.Palette())
    draw.header(d, title, detail)
    return img.convert("RGB").tobytes()


@pytest.mark.parametrize(
    ("language", "table_words", "hand_words_"),
    [
        ("de", "Spiel 1 · Stich 1 von 9 · Ann ist am Zug", ("Deine Hand", "Ann · 9 Karten")),
        ("pt_BR", "Mão 1 · vaza 1 de 9 · Ann joga", ("Sua mão", "Ann · 9 cartas")),
    ],
)
def test_the_pictures_are_drawn_in_the_language(
    language: str, table_words: str, hand_words_: tuple[str, str]
) -> None:
    """Compared without OCR: the header strip of each picture is the strip the kit draws for
    the expected words; the English pictures differ from them."""
    state = ENGINE.new_game(4, {"first_dealer": 3, "target_score": 50}, seed=11)
    for code in ["bid:65", "pass", "pass", "pass"]:
        state, _ = ENGINE.apply(state, ENGINE.to_act(state)[0], code)
    state, _ = ENGINE.apply(state, 0, ENGINE.legal_actions(state, 0)[0])
    state, _ = ENGINE.apply(state, 0, "trump:S")
    pictures = R.pictures
    assert pictures is not None
    public, own = ENGINE.view(state, None), ENGINE.view(state, 0)
    with speaking(language):
        table = pictures.table_image(public, NAMES)
        hand = pictures.hand_image(own, NAMES)
        assert pictures.table_header(public, NAMES) == table_words
        # drawn in the language's own face (the kit's: pictures of other languages use one
        # with accented letters)
        assert strip(table) == expected_strip("Boat", table_words)
        assert strip(hand) == expected_strip(*hand_words_)
    assert strip(pictures.table_image(public, NAMES)) != strip(table)
    assert strip(pictures.hand_image(own, NAMES)) == expected_strip("Your hand", "Ann · 9 cards")


def test_an_engine_reason_is_a_message_of_the_boat_catalog() -> None:
    """The refusals and reasons stay English strings for every caller, and read translated."""
    state = ENGINE.new_game(4, {"first_dealer": 3}, seed=11)
    with pytest.raises(Exception) as refused:
        ENGINE.apply(state, 1, "bid:65")
    reason: Any = refused.value.args[0]
    assert isinstance(reason, Msg) and reason.domain == "boat"
    assert reason == "It is not your turn: seat 0 is to bid or pass."
    with speaking("fr"):
        said = translate(reason)
    assert said == "Ce n'est pas ton tour : la place 0 doit faire une enchère ou dire passe."
    with speaking("es"):
        assert "baza" in translate(registry.package("boat").summary)
