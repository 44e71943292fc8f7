"""Boat Canasta in five languages (issue 41): one word per game term, and the table, the hand,
the log and the pictures written in the reader's language.

* **The glossary** (``bot.render.boat_canasta.GLOSSARY``): in each catalog, every message whose
  English names a term (the Treasure pile, the stock, a meld, a wild card, a black 3, a King...)
  says that term with the glossary's own translation of it, so a player meets one word for one
  thing. A stem is enough ("Meldung" in "Meldungen", "combin" in "combiner"); action codes
  (``meld:K:3``) and ``{placeholders}`` are left out of both sides.
* **Rendering**: a seeded game played some way in, its table, hands, log lines and pictures drawn
  under ``speaking("de")`` and ``speaking("pt_BR")`` say the translated words, and none of this
  catalog's English sentences is left in them.
* **Limits**: the shared render-limit and phone tests draw every game in the longest
  translation of each message (``LONGEST``) too, this one included.
"""

from __future__ import annotations

import random
import re
import unicodedata
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from babel.messages.pofile import read_po

from bot.i18n import LANGUAGES, speaking, translate
from bot.render import TableContext
from bot.render.boat_canasta import GLOSSARY, RENDERER
from bot.render.images import draw
from games import registry
from games.core import IllegalAction

GAME = "boat_canasta"
LOCALES = Path(__file__).resolve().parents[2] / "games" / GAME / "locales"
NAMES = ("Ann", "Bo", "Cy", "Di")

#: action codes (``meld:K:3``, ``add:{key}:…``, ``answer:yes``), placeholders and ``<arguments>``:
#: written as they are in every language, so neither side is held to the glossary there
CODE = re.compile(r"\b[a-z_]+:[\w<{…][^\s,.)]*|\{[^{}]*\}|<[^<>]*>")


def _plain(text: str) -> str:
    """Lower case, without accents or codes: what the stem comparison reads."""
    bare = CODE.sub(" ", text)
    decomposed = unicodedata.normalize("NFKD", bare.casefold())
    return "".join(c for c in decomposed if not unicodedata.combining(c))


def stem(word: str) -> str:
    """The part of a term's translation every inflection keeps: ``meldung`` → ``meld``,
    ``combinaison`` → ``combin``, ``pot du tresor`` → ``pot du t``."""
    plain = _plain(word).strip()
    return plain[: max(4, len(plain) - 5)]


@cache
def catalog(language: str) -> dict[str | tuple[str, ...], Any]:
    path = LOCALES / language / "LC_MESSAGES" / f"{GAME}.po"
    with path.open("rb") as po:
        read = read_po(po, locale=language)
    return {m.id if isinstance(m.id, str) else tuple(m.id): m.string for m in read if m.id}


def _names_term(english: str, term: str) -> bool:
    return re.search(rf"\b{re.escape(term.casefold())}", _plain(english)) is not None


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_message_says_a_glossary_term_with_its_one_translation(language: str) -> None:
    messages = catalog(language)
    wrong = []
    for term, marked in GLOSSARY.items():
        word = messages.get(marked.msgid)
        assert word, f"{language}: the glossary term {term!r} has no translation"
        want = stem(word)
        for english, translated in messages.items():
            pairs = (
                [(english, translated)]
                if isinstance(english, str)
                else list(zip(english, translated, strict=False))
            )
            for source, text in pairs:
                if _names_term(source, term) and want not in _plain(text):
                    wrong.append(f"{term!r} ({want!r}) missing in {text!r}")
    assert not wrong, f"{language}:\n" + "\n".join(wrong)


def test_the_glossary_check_can_fail() -> None:
    """The stem rule finds a term said with another word (a Stapel called a Haufen)."""
    assert stem("Schatzstapel") in _plain("Nimm den Schatzstapel")
    assert stem("Stapel") not in _plain("Nimm den Haufen")
    assert _names_term("Take the pile: meld:K:2", "pile")
    assert not _names_term("meld:K:2", "meld")  # a code is not a word


# ---- rendering in a language ---------------------------------------------------------------------


def _position(players: int = 4, seed: int = 3, steps: int = 160) -> tuple[Any, list[Any]]:
    """A seeded game some way in (melds down, the pile taken at times) and every event so far."""
    engine = registry.get(GAME)
    state = engine.new_game(players, {}, seed=seed)
    rng = random.Random(seed)
    events: list[Any] = []
    for _step in range(steps):
        if engine.is_over(state):
            break
        seat = engine.to_act(state)[0]
        legal = engine.legal_actions(state, seat)
        # prefer moves that put cards on the table, so that melds and canastas show
        melding = [a for a in legal if a.verb in ("meld", "add", "open", "take")]
        action = rng.choice(melding if melding and rng.random() < 0.7 else legal)
        state, new = engine.apply(state, seat, action)
        events.extend(new)
    return state, events


def _everything(state: Any, events: list[Any]) -> tuple[str, list[str]]:
    """The table, every hand, the log lines and both pictures' labels, in the current language."""
    engine = registry.get(GAME)
    ctx = TableContext(1, engine.title, NAMES, (1, 2, 3, 4), "live")
    parts: list[str] = []
    table = RENDERER.table(
        ctx, engine.view(state, None), engine.result(state), engine.to_act(state)
    )
    # the embeds' titles are the shell's (``Your hand · <game> #1``), written in its catalog
    parts += [table.description, table.footer]
    parts += [f"{f.name}\n{f.value}" for f in table.fields]
    for seat in range(len(NAMES)):
        hand = RENDERER.hand(ctx, engine.view(state, seat), seat, engine.legal_actions(state, seat))
        parts.append(hand.embed.description)
        parts += [b.label + (b.description or "") for b in hand.buttons]
        for choice in hand.choices:
            parts.append(choice.placeholder)
            parts += [a.label + (a.description or "") for a in choice.actions]
        parts += [n.label + (n.description or "") for n in hand.navs]
        played = RENDERER.played(ctx, engine.view(state, seat), seat, events)
        if played is not None:
            parts += [played.description, *(f.name for f in played.fields)]
    for event in events:
        for seat in (None, *range(len(NAMES))):
            line = RENDERER.event_line(ctx, event, seat)
            if line:
                parts.append(line)
    drawer = RENDERER.pictures
    with draw.recording() as written:
        drawer.table_image(engine.view(state, None), list(NAMES))
        seat = engine.to_act(state)[0]
        drawer.hand_image(engine.view(state, seat), list(NAMES))
    labels = [text for text, _size in written]
    return "\n".join(p for p in parts if p), labels


def _english_left(language: str, text: str) -> list[str]:
    """This catalog's English sentences (their fixed words, two words or more) found in
    ``text`` where the language says them otherwise."""
    left = []
    for english, translated in catalog(language).items():
        sources = [english] if isinstance(english, str) else list(english)
        others = [translated] if isinstance(translated, str) else list(translated)
        for source in sources:
            if source in others:
                continue  # the same in this language ("Boat Canasta")
            for piece in re.split(r"\{[^{}]*\}", source):
                piece = piece.strip(" .:·()")
                if re.search(r"[A-Za-z]{2,}\s+[A-Za-z]{2,}", piece) and piece in text:
                    left.append(piece)
    return left


@pytest.mark.slow
@pytest.mark.parametrize(
    ("language", "words", "picture"),
    [
        ("de", ["Schatzstapel", "Talon", "Runde", "Meldung"], ["Schatz", "Talon", "Deine Hand"]),
        (
            "pt_BR",
            ["Pilha do Tesouro", "Monte", "Rodada", "combina"],
            ["Tesouro", "monte", "Sua mão"],
        ),
    ],
)
def test_table_hand_log_and_pictures_speak_the_language(
    language: str, words: list[str], picture: list[str]
) -> None:
    state, events = _position()
    with speaking(language):
        text, labels = _everything(state, events)
    for word in words:
        assert word in text, f"{language}: {word!r} not written"
    drawn = "\n".join(labels)
    for word in picture:
        assert word in drawn, f"{language}: the picture does not say {word!r}"
    assert not _english_left(language, text + "\n" + drawn)
    # and the same position in English is as before: the catalogs change nothing there
    english, english_labels = _everything(state, events)
    assert "Treasure pile" in english and "Treasure" in "\n".join(english_labels)


@pytest.mark.slow
def test_the_english_check_finds_english() -> None:
    state, events = _position()
    text, labels = _everything(state, events)  # English
    assert _english_left("de", text + "\n".join(labels))


def test_refusals_reasons_and_hints_are_translated() -> None:
    engine = registry.get(GAME)
    state = engine.new_game(4, {}, seed=1)
    other = (engine.to_act(state)[0] + 1) % 4
    with pytest.raises(IllegalAction) as refused:
        engine.apply(state, other, "draw")
    english = str(refused.value)
    assert english.startswith("It is not your turn: waiting for seat")
    with speaking("de"):
        assert translate(refused.value.args[0]).startswith("Du bist nicht dran")
    with speaking("fr"):
        assert translate(engine.title) == "Boat Canasta"
        options = engine.Options.model_fields
        assert "pot du Trésor" in translate(options["black_three_freezes"].description)
    with speaking("es"):
        summary = translate(registry.package(GAME).summary)
        assert "pozo del Tesoro" in summary and "mazo" in summary


# ---- Discord's limits in the longest language ----------------------------------------------------

CASES = [(GAME, n) for n in range(2, 5)]


def test_the_hand_picture_counts_cards_with_the_languages_plural() -> None:
    """The header said "1 cards" before the count became a plural message."""
    engine = registry.get(GAME)
    state = engine.new_game(2, {}, seed=1)
    drawer = RENDERER.pictures
    assert drawer is not None
    for cards, language, header in (
        (["KS"], "en", "Ann · 1 card"),
        (["KS", "KH"], "en", "Ann · 2 cards"),
        (["KS"], "de", "Ann · 1 Karte"),
        (["KS"], "fr", "Ann · 1 carte"),
    ):
        view = {**engine.view(state, 0), "hand": cards, "staged": []}
        with speaking(language), draw.recording() as written:
            drawer.hand_image(view, list(NAMES[:2]))
        assert [text for text, _size in written if text.startswith("Ann · ")] == [header]
