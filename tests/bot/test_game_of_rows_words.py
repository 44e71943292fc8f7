"""Game of Rows in every language (issue 41): one word per term, the table and the hand in the
reader's language (the longest translations are held to Discord's and a phone's limits by the
shared render-limit and phone tests).

Why a glossary test: a term translated two ways ("Reihe" in the board, "Zeile" in a refusal)
reads as two things to a player; :data:`bot.render.game_of_rows.GLOSSARY` lists the game's
terms once and every translated sentence that names one must use its translation."""

from __future__ import annotations

import io
import random
import re
from collections.abc import Iterator
from typing import Any

import pytest
from babel.messages.pofile import read_po
from PIL import Image

from bot.i18n import LANGUAGES, LONGEST, catalogs_for, speaking, translate
from bot.render import TableContext
from bot.render import game_of_rows as render
from bot.render.game_of_rows import GLOSSARY
from bot.render.game_of_rows import RENDERER as R
from bot.render.images import draw
from bot.render.images import game_of_rows as pictured
from games import registry
from games.game_of_rows import explain as reasons
from tests.bot.test_game_of_rows_render import window_state

DOMAIN = "game_of_rows"
ENGINE = registry.get(DOMAIN)
NAMES = ("Ana", "Bruno", "Chloé")


def catalog(language: str) -> Any:
    with catalogs_for(DOMAIN).po_path(language).open("rb") as f:
        return read_po(f, locale=language)


def english_has(term: str, english: str) -> bool:
    """The English names the term: as a whole word, or its plural (``rows``, not ``arrow``,
    not ``blocked``), a space in the term matching a hyphen too (``face-down``)."""
    words = r"[- ]".join(re.escape(w) for w in term.split())
    # a placeholder is a value, and ``<row>`` in a code's syntax is not the term either
    bare = re.sub(r"\{[^{}]*\}|<[^<>]*>", " ", english)
    return re.search(rf"\b{words}(s|es)?\b", bare, re.IGNORECASE) is not None


def stems(translation: str) -> list[str]:
    """Each word of a term's translation cut to its stem (the last two letters go, three are
    kept), so that an inflected form counts: ``Reihe`` in ``Reihen``, ``rangée`` in
    ``rangées``, ``comodín`` in ``comodines``, ``pasar`` in ``pase``."""
    return [w[: max(3, len(w) - 2)] for w in translation.split()]


def uses(translation: str, text: str) -> bool:
    """Each stem starts a word of ``text`` (``Reihe`` in ``Reihenspiel``, not in ``frei``)."""
    return all(
        re.search(rf"(?<!\w){re.escape(stem)}", text, re.IGNORECASE) for stem in stems(translation)
    )


def messages(language: str) -> Iterator[tuple[str, str]]:
    """(English, translation) of every form of every message of the game's catalog."""
    for m in catalog(language):
        if not m.id:
            continue
        if isinstance(m.id, str):
            yield m.id, m.string
        else:
            for i, form in enumerate(m.string):
                yield m.id[0 if i == 0 else 1], form


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_message_uses_the_glossary_words(language: str) -> None:
    with speaking(language):
        words = {term: str(translate(m)) for term, m in GLOSSARY.items()}
    assert all(words[t] and words[t] != "" for t in words)
    wrong = [
        f"{term!r} → {words[term]!r}: {english!r} → {translated!r}"
        for english, translated in messages(language)
        for term in GLOSSARY
        if english_has(term, english) and not uses(words[term], translated)
    ]
    assert not wrong, "\n".join(wrong[:40])


def test_the_glossary_check_can_fail() -> None:
    assert english_has("row", "Rows 3, 4: free") and not english_has("row", "an arrow")
    assert english_has("face down", "a face-down card") and not english_has("block", "blocked")
    assert uses("Reihe", "Reihen 3, 4: frei") and uses("comodín", "los comodines")
    assert not uses("Reihe", "Zeile 3: frei") and not uses("fileira", "a fila 3")


@pytest.mark.parametrize(
    ("language", "one", "two"),
    [("es", "Tu 7♥ aún no se puede", "Tus 7♥ y 8♥ aún no se pueden"), ("de", "geht", "gehen")],
)
def test_a_reason_agrees_with_how_many_cards_it_names(language: str, one: str, two: str) -> None:
    """ "Your 7♥ and 8♥ cannot be played yet" reads the same in English for one card or two;
    the reason is still a plural message, since other languages inflect."""
    state = ENGINE.new_game(2, seed=1)
    with speaking(language):
        single = translate(reasons._later(state, ["7H"], []))
        double = translate(reasons._later(state, ["7H", "8H"], []))
    assert one in single and two in double and two not in single


# ---- the table and the hand in a language ---------------------------------------------------


def ctx(players: int, log: tuple[str, ...] = ()) -> TableContext:
    return TableContext(
        game_id=42,
        title="",
        names=NAMES[:players],
        user_ids=(1, 2, 3)[:players],
        status="live",
        log=log,
    )


def english_sentences(language: str) -> list[str]:
    """The literal stretches (three words or more) of the catalog's English messages that the
    language writes otherwise: none of them may show in that language's text."""
    found = set()
    for english, translated in messages(language):
        for part in re.split(r"\{[^{}]*\}", english):
            part = part.strip(" .,:;()*")
            if len(part.split()) >= 3 and part not in translated:
                found.add(part)
    return sorted(found)


def played_out(seed: int, options: dict[str, Any]) -> Iterator[tuple[Any, list[Any]]]:
    """States of a random three-player game, with the events that led to each."""
    rng = random.Random(seed)
    state = ENGINE.new_game(3, options, seed=seed)
    events: list[Any] = []
    for _ in range(120):
        yield state, events
        if ENGINE.is_over(state):
            return
        seat = rng.choice(ENGINE.to_act(state))
        state, events = ENGINE.apply(state, seat, rng.choice(ENGINE.legal_actions(state, seat)))


def everything_shown(state: Any, events: list[Any], c: TableContext) -> str:
    """The table, each seat's hand (top level and each card's focus), the log and the notes,
    the explain reasons and the game's own lines."""
    texts = []
    table = R.table(c, ENGINE.view(state, None), ENGINE.result(state), ENGINE.to_act(state))
    texts += [table.title, table.description, *(f"{f.name} {f.value}" for f in table.fields)]
    for seat in range(3):
        view = ENGINE.view(state, seat)
        legal = ENGINE.legal_actions(state, seat)
        for focus in [None, *render.by_card(legal)]:
            hand = R.hand(c, view, seat, legal, focus=focus)
            texts += [hand.embed.title, hand.embed.description]
            texts += [b.label for b in hand.buttons] + [n.label for n in hand.navs]
            texts += [n.description or "" for n in hand.navs]
            texts += [a.label for ch in hand.choices for a in ch.actions]
            texts += [ch.placeholder for ch in hand.choices]
        texts += [translate(x) for x in ENGINE.explain(state, seat)]
        for event in events:
            texts.append(R.event_line(c, event, seat) or "")
            texts.append(R.coach(c, event, seat, events) or "")
    texts += [R.event_line(c, event, None) or "" for event in events]
    texts.append(R.standing(c, ENGINE.view(state, None), ENGINE.result(state)) or "")
    return "\n".join(str(t) for t in texts)


#: words each language must show on a bluff window's table and hands (its terms)
EXPECTED = {
    "de": ("Reihe", "Stapel", "Bluff aufdecken", "Passen", "verdeckt", "Spieler"),
    "pt_BR": ("Fileira", "Monte", "Desafiar o blefe", "Passar", "virada", "Jogadores"),
}


@pytest.mark.parametrize("language", sorted(EXPECTED))
def test_the_table_and_the_hands_speak_the_language(language: str) -> None:
    state = window_state()
    with speaking(language):
        shown = everything_shown(state, [], ctx(3))
        for word in EXPECTED[language]:
            assert word in shown, word
        english = [s for s in english_sentences(language) if s in shown]
        assert not english, english
    # and the same state in English still reads as it did
    plain = everything_shown(state, [], ctx(3))
    assert "Call bluff" in plain and "Deck:" in plain and "Bluff aufdecken" not in plain


@pytest.mark.slow
@pytest.mark.parametrize("language", sorted(EXPECTED))
def test_no_english_sentence_shows_in_a_whole_game(language: str) -> None:
    """Random games with every variant: whatever the table, the hands, the log, the notes and
    the reasons show holds no sentence the catalog writes in the language."""
    sentences = english_sentences(language)
    seen = 0
    for options in ({"mayhem": True}, {"format": "straight_flush", "bluffing": True}):
        for state, events in played_out(seed=len(options), options=options):
            with speaking(language):
                shown = everything_shown(state, events, ctx(3))
            leaked = [s for s in sentences if s in shown]
            assert not leaked, leaked
            seen += 1
    assert seen > 50


# ---- the pictures ---------------------------------------------------------------------------


def drawn_words(picture: Any) -> list[str]:
    """Every text the picture kit writes while ``picture()`` runs."""
    with draw.recording() as written:
        picture()
    return [text for text, _size in written]


#: what the pictures say in each language (a game's name is one in every language)
PICTURED = {
    "de": ("Game of Rows", "Reihe 1", "Bluff aufdecken", "Deine Hand", "offenes Ende", "4 Karten"),
    "pt_BR": ("Game of Rows", "Fileira 1", "desafiar o blefe", "Sua mão", "ponta aberta"),
}


@pytest.mark.parametrize("language", sorted(PICTURED))
def test_the_pictures_speak_the_language(language: str) -> None:
    state = window_state()
    pictures = R.pictures
    public, own = ENGINE.view(state, None), ENGINE.view(state, 0)
    with speaking(language):
        said = drawn_words(lambda: pictures.table_image(public, list(NAMES)))
        said += drawn_words(lambda: pictures.hand_image(own, list(NAMES)))
    joined = "\n".join(said)
    for word in PICTURED[language]:
        assert word in joined, (word, said)
    english = drawn_words(lambda: pictures.table_image(public, list(NAMES)))
    assert "Game of Rows" in english and "open end" in english


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_card_badge_stays_within_its_cell(language: str) -> None:
    """A blocked or open position's badge ("block", "open") is drawn on the card's bottom edge,
    centred: wider than a cell and its gap, it covers the next cells' cards."""
    room = pictured.CELL_W + pictured.GAP
    with speaking(language):
        for word in (render._("block"), render._("open")):
            assert draw.text_w(word, draw.SMALL) <= room, word


# ---- the longest words still fit ----------------------------------------------------------


def _height(png: bytes) -> int:
    return Image.open(io.BytesIO(png)).size[1]


@pytest.mark.parametrize("language", [*LANGUAGES, LONGEST])
def test_a_colour_key_that_wraps_does_not_make_the_table_taller(language: str) -> None:
    """The Portuguese and Spanish keys take two lines where English's takes one; the table is
    still no taller than English's (its rows sit closer), since a taller picture is shown
    smaller on a phone and its 30 px words would drop under 11 px there."""
    public = ENGINE.view(window_state(), None)
    english = _height(R.pictures.table_image(public, list(NAMES)))
    with speaking(language):
        drawn = _height(R.pictures.table_image(public, list(NAMES)))
        wraps = pictured._key_lines(pictured._key()) > 1
    assert drawn <= english
    if language in ("pt_BR", LONGEST):
        assert wraps  # the case this test is about is drawn
