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

from bot.i18n import ENGLISH, LANGUAGES, LONGEST, catalogs_for, speaking, translate
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
    "de": (
        "Game of Rows",
        "Reihe 2: frei",
        "Bluff aufdecken",
        "Ana hat 1 verdeckt gelegt",
        "Deine Hand",
        "offenes Ende",
        "4 Karten",
        "verdeckt (Reihe·Ansage)",
    ),
    "pt_BR": (
        "Game of Rows",
        "Fileira 2: livre",
        "desafiar o blefe",
        "Ana colocou 1 virada para baixo",
        "Sua mão",
        "ponta aberta",
    ),
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


@pytest.mark.parametrize("language", [*LANGUAGES, LONGEST])
def test_a_face_down_tile_holds_its_claim_and_its_owner(language: str) -> None:
    """A face-down position shows its claim and its owner's initial side by side on a tile
    half a card high: the widest claim ("10", bold) and the tag must not overlap."""
    with speaking(language):
        claim = draw.text_w("10", draw.SMALL) + 2  # bold strokes a pixel each side
    assert 6 + claim <= pictured.CELL_W - 30


# ---- the longest words still fit ----------------------------------------------------------


def _height(png: bytes) -> int:
    return Image.open(io.BytesIO(png)).size[1]


@pytest.mark.parametrize("language", [*LANGUAGES, LONGEST])
def test_a_long_colour_key_does_not_make_the_table_taller(language: str) -> None:
    """The colour key shares the line under the players with the bluff window's banner; where
    its words are longer (Portuguese, Spanish) it shows fewer colours rather than take a
    second line. The table is as tall as English's, since a taller picture is shown smaller
    on a phone and its 30 px words would drop under 11 px there."""
    public = ENGINE.view(window_state(), None)
    english = _height(R.pictures.table_image(public, list(NAMES)))
    with speaking(language):
        drawn = _height(R.pictures.table_image(public, list(NAMES)))
        said = drawn_words(lambda: R.pictures.table_image(public, list(NAMES)))
        first = pictured._key_words()["open"]
    assert drawn == english
    assert first in said  # the key's first colour is drawn beside the banner


#: names as long as a lobby allows, the first letters wide
LONG_NAMES = ["W" * 32, "Bartholomew-Maximilian", "Mmmmmmmmmmmmmmmmmmmm", "Zoë Ångström"]


def _cell(pos: int, state: str, top: str | None = None, owner: int = 0) -> dict[str, Any]:
    cell: dict[str, Any] = {"pos": pos, "state": state, "top": top, "under": []}
    if state == "face_down":
        cell["face_down"] = {"owner": owner, "claim": pos}
    return cell


def crowded_view(news: str) -> dict[str, Any]:
    """A public view with every kind of position in four rows of one suit each, a row that
    needs both corners, four players (one removed) and the bluff window or a five-card call."""
    kinds = [
        [_cell(2, "filled", "2H"), _cell(3, "face_down", owner=3), _cell(4, "filled", "JK")],
        [_cell(2, "face_down", owner=1), _cell(3, "blocked", "KS"), _cell(4, "open", "AD")],
        [_cell(2, "filled", "2C")],
        [_cell(2, "face_down", owner=2), _cell(3, "filled", "3S"), _cell(4, "empty")],
    ]
    rows = []
    for slot, (suit, start) in enumerate(zip("HDCS", kinds, strict=True)):
        cells = start + [_cell(p, "empty") for p in range(len(start) + 2, 10)]
        cells.append(_cell(10, "face_down", owner=0) if slot != 2 else _cell(10, "empty"))
        rows.append(
            {
                "row": slot + 1,
                "suit": suit,
                "anchored": slot != 2,
                "frontiers": [] if slot == 2 else [len(start) + 2],
                "positions": cells,
            }
        )
    view: dict[str, Any] = {
        "phase": "challenge" if news == "window" else "turn",
        "players": 4,
        "turn": 0,
        "to_act": [1, 2] if news == "window" else [0],
        "rows": rows,
        "deck": 30,
        "hand_sizes": [54, 20, 17, 0],
        "removed": [3],
        "finished": [],
        "challenge": None,
        "last_reveal": None,
    }
    if news == "window":
        view["challenge"] = {
            "bluffer": 0,
            "count": 4,
            "positions": [{"row": r, "pos": 10} for r in (1, 2, 4)],
            "waiting": [1, 2],
            "seconds": 30,
        }
    else:
        view["last_reveal"] = {
            "bluffer": 0,
            "caller": 1,
            "outcome": "caught",
            "cards": [
                {"row": 1, "pos": p, "card": c, "label": c, "valid": c == "JK"}
                for p, c in zip((2, 3, 4, 5, 6), ("TD", "KS", "JK", "4H", "9C"), strict=True)
            ],
        }
    return view


@pytest.mark.parametrize("news", ["window", "call"])
@pytest.mark.parametrize("language", [ENGLISH, "de", LONGEST])
def test_a_crowded_table_fits_in_the_longest_words(news: str, language: str) -> None:
    """Every kind of position, four players with long names, and the bluff window or a call
    that showed five cards: the table is still about 2:1, and every name and word is cut to
    its room rather than drawn over the edge."""
    view = crowded_view(news)
    with speaking(language), draw.recording() as written:
        png = R.pictures.table_image(view, LONG_NAMES)
    image = Image.open(io.BytesIO(png))
    assert image.size[0] == draw.WIDTH and image.size[1] <= draw.MAX_HEIGHT
    assert all(size >= draw.SMALL for _text, size in written)
    # nothing is drawn in the right margin (a name or a card pushed past the edge)
    margin = image.convert("RGB").crop((draw.WIDTH - 6, 0, draw.WIDTH, image.size[1]))
    assert {colour for _count, colour in margin.getcolors() or []} == {draw.BG}


def hand_view(held: int, down: int) -> dict[str, Any]:
    """A seat's view with ``held`` cards in hand and ``down`` of its cards face down."""
    deck = [c for c in ENGINE.card_copies if c != "JK"] + ["JK", "JK"]
    rows = [
        {
            "row": slot + 1,
            "positions": [
                {"pos": pos, "state": "face_down", "your_card": deck[-1 - slot * 9 - pos]}
                for pos in range(2, 11)
                if slot * 9 + pos - 2 < down
            ],
        }
        for slot in range(4)
    ]
    return {"seat": 0, "hand": deck[:held], "rows": rows}


@pytest.mark.parametrize("language", [ENGLISH, LONGEST])
def test_the_biggest_hands_fit(language: str) -> None:
    """From an empty hand to 44 cards (the 54-card deck less a short board), with none to
    eight of its cards face down on the board: the hand picture stays about 2:1."""
    for held in (0, 1, 5, 9, 10, 14, 15, 20, 25, 28, 33, 40, 44):
        for down in (0, 1, 5, 8):
            with speaking(language):
                png = R.pictures.hand_image(hand_view(held, down), ["Bartholomew-Maximilian"])
            height = _height(png)
            assert height <= draw.MAX_HEIGHT, (held, down, height)
