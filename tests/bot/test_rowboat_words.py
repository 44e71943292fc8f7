"""Rowboat in five languages (issue 41): one word per game term in each language, the table, the
hand and the pictures in the reader's language, and the longest translation within Discord's
limits and a phone's width.

Why the glossary check reads the catalogs and not the code: a term is translated once in
:data:`bot.render.rowboat.GLOSSARY`, but every sentence that names it is translated on its own;
only the catalogs show whether "Knob" became "Knauf" in one sentence and "Knopf" in another.
A stem match is enough ("Stich" in "Stiche", "Knauf" in "Knäufe": accents are folded).
"""

from __future__ import annotations

import random
import re
import unicodedata
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from babel.messages.catalog import Catalog, Message
from babel.messages.pofile import read_po

import games.rowboat
from bot.i18n import LANGUAGES, LONGEST, speaking, translate
from bot.render import TableContext
from bot.render.images import draw
from bot.render.rowboat import GLOSSARY, RENDERER
from games import Event, IllegalAction, registry
from games.rowboat import ai
from games.rowboat.summary import SUMMARY
from tests.bot import test_render_limits as limits

LOCALES = Path(games.rowboat.__file__).resolve().parent / "locales"
NAMES = ("Ann", "Ben", "Cy", "Di")

#: sentences where an English word of the glossary names something else: the game itself (its
#: name stays the game's own in every language) or an action code a player may type
NOT_THE_TERM: dict[str, str] = {
    "'{code}' is not a Rowboat card: write rank (A, 2-9, D, M, S, W) and suit (o oars, w waves, "
    "s shells, m maps), e.g. '3m'.": "Rowboat",
    "A rigged Rowboat deck is a list of card codes such as '3m'.": "Rowboat",
    "Rigged deck: {code} is not a Rowboat card code.": "Rowboat",
    "Not now: this is the trick play phase; players play cards in turn (play:<card> or "
    "rowboat).": "Rowboat",
}


def catalog(language: str) -> Catalog:
    with (LOCALES / language / "LC_MESSAGES" / "rowboat.po").open("rb") as po:
        return read_po(po, locale=language)


def fold(text: str) -> str:
    """Lower case without accents: "Knäufe" → "knaufe", "Marée" → "maree"."""
    bare = unicodedata.normalize("NFKD", text)
    return "".join(c for c in bare if not unicodedata.combining(c)).casefold()


def stem(translation: str) -> str:
    """The part of a term's translation that its other forms keep: the first word without its
    last two letters (at least three letters): "Stich" → "sti", "Sandsack" → "sandsa"."""
    word = fold(translation).split()[0]
    return word[: max(3, len(word) - 2)]


def names_term(english: str, term: str) -> bool:
    """The English names the term (its plural too), outside the ``{placeholders}``."""
    bare = re.sub(r"\{[^{}]*\}", " ", english)
    return re.search(rf"\b{re.escape(term)}(s|es)?\b", bare, re.IGNORECASE) is not None


def _forms(value: str | tuple[str, ...] | list[str]) -> tuple[str, ...]:
    return (value,) if isinstance(value, str) else tuple(value)


def off_terms(messages: Iterator[Message], terms: dict[str, str]) -> list[str]:
    """Every translation that names a glossary term in English but not the term's translation."""
    wrong = []
    for message in messages:
        if not message.id:
            continue
        english = _forms(message.id)
        for term, translated in terms.items():
            if NOT_THE_TERM.get(english[0]) == term:
                continue
            if not any(names_term(text, term) for text in english):
                continue
            for form in _forms(message.string):
                if stem(translated) not in fold(form):
                    wrong.append(f"{term} → {translated}: {english[0]!r} → {form!r}")
    return wrong


def test_every_glossary_term_is_a_message_of_the_catalog() -> None:
    ids = {m.id for m in catalog("de") if m.id}
    assert set(GLOSSARY) <= ids
    assert {term.msgid for term in GLOSSARY.values()} == set(GLOSSARY)


@pytest.mark.parametrize("language", LANGUAGES)
def test_each_language_names_each_term_one_way(language: str) -> None:
    found = catalog(language)
    terms = {term: str(found[term].string) for term in GLOSSARY}
    assert all(terms.values()), terms
    wrong = off_terms(iter(found), terms)
    assert not wrong, "\n".join(wrong[:20])


def test_the_term_check_sees_a_second_word_for_a_term() -> None:
    """The check can fail: a sentence saying "Knopf" where the glossary says "Knauf"."""
    messages = [
        Message("Knob", "Knauf"),
        Message("the Knob beats every trump", "der Knauf schlägt jeden Trumpf"),
        Message("off-coloured knobs", "fremdfarbige Knäufe"),
        Message("Your Knob waits", "Dein Knopf wartet"),
    ]
    assert off_terms(iter(messages), {"Knob": "Knauf"}) == [
        "Knob → Knauf: 'Your Knob waits' → 'Dein Knopf wartet'"
    ]


# ---- the messages in the reader's language ---------------------------------------------------


def _trick_in_play(players: int, seed: int) -> tuple[Any, list[Event]]:
    """A seeded game of ``players`` in trick play with a card on the trick, and its events."""
    engine = registry.get("rowboat")
    state = engine.new_game(players, {}, seed=seed)
    rng = random.Random(seed)
    events: list[Event] = []
    for _ in range(400):
        view = engine.view(state, None)
        if view["phase"] == "trick_play" and view["trick"]["plays"] and view["trick_number"] > 1:
            return state, events
        seat = engine.to_act(state)[0]
        legal = [a for a in engine.legal_actions(state, seat) if a.code != "lighthouse"]
        state, new = engine.apply(state, seat, rng.choice(legal))
        events.extend(new)
    raise AssertionError("no trick in play")


def _context(players: int, log: tuple[str, ...] = ()) -> TableContext:
    return TableContext(7, "Rowboat", NAMES[:players], tuple(range(players)), "live", log=log)


def _written_everywhere(players: int, seed: int) -> tuple[str, list[str]]:
    """Everything the table, the hand (with its controls), the log and the pictures say, in the
    current language: (the text, the pictures' labels)."""
    engine = registry.get("rowboat")
    state, events = _trick_in_play(players, seed)
    seat = engine.to_act(state)[0]
    lines = [line for e in events if (line := RENDERER.event_line(_context(players), e, None))]
    notes = [note for e in events if (note := RENDERER.event_line(_context(players), e, seat))]
    ctx = _context(players, tuple(lines[-6:]))
    view, own = engine.view(state, None), engine.view(state, seat)
    table = RENDERER.table(ctx, view, engine.result(state), engine.to_act(state))
    legal = engine.legal_actions(state, seat)
    hand = RENDERER.hand(ctx, own, seat, legal)
    played = RENDERER.played(ctx, own, seat, events)
    assert played is not None
    parts = [table.title, table.description, table.footer, hand.embed.description, played.title]
    parts += [f"{f.name}\n{f.value}" for spec in (table, played) for f in spec.fields]
    parts += [b.label for b in hand.buttons] + [c.placeholder for c in hand.choices]
    parts += [b.confirm or "" for b in hand.buttons]
    parts += [a.label for c in hand.choices for a in c.actions]
    parts += lines + notes
    coached = [RENDERER.coach(ctx, e, seat, events) for e in events if e.kind == "trick"]
    parts += [line for line in coached if line]
    drawer = RENDERER.pictures
    assert drawer is not None
    with draw.recording() as written:
        drawer.table_image(view, list(NAMES[:players]))
        drawer.hand_image(own, list(NAMES[:players]))
    return "\n".join(parts), [text for text, _size in written]


def english_left(text: str, language: str) -> list[str]:
    """English pieces of this catalog's sentences (three words or more between placeholders)
    that ``text`` still shows, where the language has its own words for them."""
    left = []
    for message in catalog(language):
        if not message.id:
            continue
        for english, translated in zip(_forms(message.id), _forms(message.string), strict=False):
            if english == translated:
                continue
            for piece in re.split(r"\{[^{}]*\}", english):
                piece = piece.strip(" ·:;,.()*!?🌊🌙🔦🔁🔒🚣🪣🏁✋📜")
                if len(re.findall(r"[A-Za-z]{2,}", piece)) >= 3 and piece in text:
                    left.append(piece)
    return left


@pytest.mark.parametrize(
    ("language", "words"),
    [
        ("de", ("Stich", "Trumpf", "Knauf", "Flut", "Deine Hand")),
        ("pt_BR", ("Vaza", "trunfo", "Pomo", "Maré", "Sua mão")),
    ],
)
@pytest.mark.parametrize("players", [3, 4])
def test_table_hand_and_pictures_speak_the_language(
    language: str, words: tuple[str, ...], players: int
) -> None:
    with speaking(language):
        text, labels = _written_everywhere(players, seed=players)
    everything = text + "\n" + "\n".join(labels)
    for word in words:
        assert fold(word) in fold(everything), word
    assert fold(words[-1]) in fold("\n".join(labels)), "the hand picture's title"
    assert not english_left(everything, language)
    # the same game in English says the English words (the catalog is read per language)
    english, english_labels = _written_everywhere(players, seed=players)
    assert "Trick" in english and "Your hand" in english_labels
    assert english_left(english, language), "the check finds English where it is"


@pytest.mark.parametrize("language", ["de", "pt_BR"])
def test_the_lighthouse_wording_and_the_history_button_follow_the_reader(language: str) -> None:
    """Read by the shell where it writes for someone: in that person's language, never frozen
    in the language of whoever read them first."""
    with speaking(language):
        wording, button = RENDERER.snapshot_wording, RENDERER.played_button
    assert wording.button == {"de": "Leuchtturm-Blick", "pt_BR": "Vista do Farol"}[language]
    assert "{seconds}" in wording.shining and wording.shining != RENDERER.snapshot_wording.shining
    assert button is not None and button[0] == {"de": "Stiche", "pt_BR": "Vazas"}[language]
    assert RENDERER.snapshot_wording.button == "Lighthouse view"
    assert RENDERER.played_button == ("Tricks", "📜")


def test_the_engine_words_read_in_the_readers_language() -> None:
    """Refusals, Explain, the decision lines, a hint's reason, an option's description and the
    /rules summary: English as before, and the reader's language through ``translate``."""
    engine = registry.get("rowboat")
    state, _events = _trick_in_play(4, seed=4)
    turn = engine.to_act(state)[0]
    with pytest.raises(IllegalAction) as refused:
        engine.apply(state, (turn + 1) % 4, "play:3m")
    reason = refused.value.args[0]
    assert reason == f"It is not your turn: seat {turn} plays now."
    with speaking("de"):
        assert translate(reason) == f"Du bist nicht dran: Platz {turn} spielt jetzt."
    view = engine.view(state, turn)
    lines = engine.decision(view, [a.code for a in engine.legal_actions(state, turn)], NAMES)
    assert lines and lines[0] == "Play one card to the trick; there is no suit to follow."
    with speaking("fr"):
        assert translate(lines[0]) == "Joue une carte au pli ; pas d'obligation de fournir."
        said = [str(translate(line)) for line in lines]
    assert all("Trick" not in line for line in said) and any("Pli" in line for line in said)
    assert ai.CHEAPEST.startswith("you cannot take")
    with speaking("es"):
        assert str(translate(ai.CHEAPEST)).startswith("no puedes ganar esta baza")
        summary = str(translate(SUMMARY))
        field = engine.Options.model_fields["novice"]
        novice = str(translate(field.description))
    assert summary.startswith("**Objetivo.**") and "Pomo" in summary
    assert novice.startswith("Sin apuestas")
    assert field.description == "No bidding: each side scores 10 points a trick. For a first game."


def test_the_hand_picture_counts_cards_with_the_languages_plural() -> None:
    """The header counted "1 cards" before the count became a plural message."""
    engine = registry.get("rowboat")
    state, _events = _trick_in_play(2, seed=2)
    view = {**engine.view(state, 0), "hand": ["3m"], "playable": None}
    drawer = RENDERER.pictures
    assert drawer is not None
    for language, one in (("en", "1 card"), ("de", "1 Karte"), ("fr", "1 carte")):
        with speaking(language), draw.recording() as written:
            drawer.hand_image(view, list(NAMES[:2]))
        header = [text for text, _size in written if text.startswith("Ann · ")]
        assert header == [f"Ann · {one}"], (language, header)


# ---- the longest translation still fits ------------------------------------------------------


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 3, 4])
def test_bids_and_scores_fit_a_phone_in_the_longest_language(players: int) -> None:
    """The shared phone test plays novice tables (no bids, no sandbags); here bidding tables,
    whose side fields carry the longest lines (a team's bid and tricks, a seat's bid)."""
    engine = registry.get("rowboat")
    for seed in range(2):
        rng = random.Random(seed)
        state = engine.new_game(players, {"target_score": 100}, seed=seed)
        for _ in range(150):
            ctx = TableContext(
                1, "Rowboat", limits.PHONE_NAMES[:players], tuple(range(players)), "live"
            )
            with speaking(LONGEST):
                specs = [
                    RENDERER.table(
                        ctx, engine.view(state, None), engine.result(state), engine.to_act(state)
                    )
                ]
                for seat in range(players):
                    legal = engine.legal_actions(state, seat)
                    specs.append(RENDERER.hand(ctx, engine.view(state, seat), seat, legal).embed)
            for spec in specs:
                for line in limits.narrow_lines(spec):
                    assert limits.columns(line) <= limits.PHONE_COLUMNS, line
            if engine.is_over(state):
                break
            seat = rng.choice(engine.to_act(state))
            state, _events = engine.apply(
                state, seat, rng.choice(engine.legal_actions(state, seat))
            )


@pytest.mark.parametrize("language", ["en", *LANGUAGES, LONGEST])
def test_the_colour_key_stays_inside_the_picture(language: str) -> None:
    """The two colour pairs under every hand: in German the second ran off the picture's edge
    ("grün: Muscheln & S"). In every language, with every badge's key beside them and in each
    of their wordings, nothing is painted in the right margin; the pairs alone keep to one
    line with their suits' names in each language (a second line makes a hand taller)."""
    from bot.render.images import rowboat as pictures

    with speaking(language):
        every = [
            (pictures._("T trump"), draw.GOLD),
            (pictures._("K Knob"), pictures.KNOB),
            (pictures._("Kn Knob of trick n"), pictures.LATER_KNOB),
            (pictures._("M married (trick n)"), pictures.MARRIED),
            (pictures._("grey: not playable now"), draw.DIM_PAPER),
        ]
    for keys in ([], every):
        for words in ("colour", "suits", "none"):
            img, d = draw.canvas(400, pictures.PALETTE)
            with speaking(language):
                bottom = pictures._key_flow(d, 10, keys, words)
                rows = len(pictures._key_rows(keys, words))
            margin = img.crop((draw.WIDTH - 6, 0, draw.WIDTH, img.height))
            # every pixel the background's index 0 (getdata is deprecated in Pillow 12)
            assert margin.getextrema() == (0, 0), f"the key reaches the picture's edge ({words})"
            assert bottom == 10 + pictures.KEY_ROW * rows
            # the longest words of every language at once may take two: the hand has room
            if not keys and (words == "none" or (words == "suits" and language != LONGEST)):
                assert rows == 1, "the colour pairs took a second line"
