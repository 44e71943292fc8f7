"""Turn the Tide in five languages (issue 41): one word per term in each language, the table,
the hand and the pictures in the reader's language with no English sentence of the game's
catalog left, the engine's refusals and reasons translated where they are read, and the
longest translations within Discord's limits and a phone's width.

The catalogs are read as the bot reads them (``bot.i18n``); the renders are the real renderer
and drawer on engine states."""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from typing import Any

import pytest
from babel.messages.pofile import read_po

from bot.i18n import LANGUAGES, LONGEST, catalogs_for, speaking, translate
from bot.render import EmbedSpec, TableContext
from bot.render import turn_the_tide as r
from bot.render.images import draw
from games import Action, registry
from games.core import IllegalAction, observe
from games.text import Msg
from games.turn_the_tide import GAME, ai, teach

ENGINE = registry.get("turn_the_tide")
DOMAIN = "turn_the_tide"
NAMES = ("Ann", "Ben", "Cy", "Di", "Eve")


def po(language: str) -> Any:
    with catalogs_for(DOMAIN).po_path(language).open("rb") as f:
        return read_po(f, locale=language)


def forms(message: Any) -> list[str]:
    return [message.string] if isinstance(message.string, str) else list(message.string)


def ids(message: Any) -> list[str]:
    return [message.id] if isinstance(message.id, str) else list(message.id)


def bare(text: str) -> str:
    """A message without its placeholders and markdown, lowercased (what a reader reads)."""
    return re.sub(r"\{[^{}]*\}|\*", " ", text).lower()


def stems(term: str) -> list[str]:
    """The term's words cut to their stems, so a plural or an agreement still matches
    ("Wetterkarte" in "Wetterkarten", "bouée" in "bouées", "emporté" in "emportés")."""
    return [w[: max(3, len(w) - 2)] for w in bare(term).split()]


# ---- the glossary ----------------------------------------------------------------------------
def test_the_glossary_lists_the_games_terms_as_marked_messages() -> None:
    assert {"weather card", "tide card", "preserver", "level", "round"} <= set(r.GLOSSARY)
    for english, term in r.GLOSSARY.items():
        assert isinstance(term, Msg) and term.domain == DOMAIN and term == english
    # the words the table and the pictures share are glossary terms where they are terms
    assert r.TERMS["up"] is r.GLOSSARY["afloat"] and r.TERMS["out"] is r.GLOSSARY["washed away"]


@pytest.mark.parametrize("language", LANGUAGES)
def test_each_term_reads_the_same_in_every_message(language: str) -> None:
    """Every translated message whose English says a glossary term says the term's translation
    (its stem): a weather card is a Wetterkarte in every German sentence."""
    catalog = po(language)
    translated = {english: catalog.get(english) for english in r.GLOSSARY}
    wrong = []
    for english, entry in translated.items():
        assert entry is not None and entry.string, f"{language}: the term {english!r}"
        wanted = stems(entry.string)
        said = re.compile(rf"\b{re.escape(english)}(s|es)?\b")
        for message in catalog:
            if not message.id or message.id == english:
                continue
            if not any(said.search(bare(i)) for i in ids(message)):
                continue
            for form in forms(message):
                if not all(stem in bare(form) for stem in wanted):
                    wrong.append(f"{english!r} → {entry.string!r} missing in {form!r}")
    assert not wrong, f"{language}:\n" + "\n".join(wrong[:10])


# ---- the table, the hand and the pictures in a language --------------------------------------
def ctx(players: int = 4, status: str = "live") -> TableContext:
    return TableContext(7, "Turn the Tide", NAMES[:players], (1,) * players, status)


def position(players: int = 4, seed: int = 3, moves: int = 30) -> Any:
    """A seeded game some hands in: a reveal on the table, levels, lost preservers."""
    rng = random.Random(seed)
    state = ENGINE.new_game(players, {}, seed=seed)
    for _ in range(moves):
        seat = rng.choice(ENGINE.to_act(state))
        state = ENGINE.apply(state, seat, rng.choice(ENGINE.legal_actions(state, seat)))[0]
    return state


def embed_text(spec: EmbedSpec) -> str:
    parts = [spec.title, spec.description, spec.footer]
    return "\n".join([*parts, *(f"{f.name}\n{f.value}" for f in spec.fields)])


def rendered(state: Any, seat: int = 0) -> str:
    """The table, the hand (with its select) and a log line, as one text."""
    table = r.RENDERER.table(
        ctx(), ENGINE.view(state, None), ENGINE.result(state), ENGINE.to_act(state)
    )
    legal = ENGINE.legal_actions(state, seat)
    hand = r.RENDERER.hand(ctx(), ENGINE.view(state, seat), seat, legal)
    select = [c.placeholder for c in hand.choices]
    select += [f"{a.label} {a.description}" for c in hand.choices for a in c.actions]
    return "\n".join([embed_text(table), embed_text(hand.embed), *select])


def english_sentences() -> Iterator[str]:
    """The English words of every catalog message a translation changes: each run of two or
    more words between placeholders (a shorter run, "Ann took", may be a name and a verb)."""
    for message in po("de"):
        if not message.id or message.id == message.string:
            continue
        for english in ids(message):
            for run in re.split(r"\{[^{}]*\}|\*\*|\n|[·:;()→]", english):
                run = run.strip(" .,!?…*")
                if len(run.split()) >= 3:
                    yield run


@pytest.mark.parametrize(
    ("language", "words"),
    [
        ("de", ["Runde **", "Zug **", "Pegel **", "Rettungsring", "Deine Wetterkarten", "Flut:"]),
        ("pt_BR", ["Rodada **", "turno **", "Nível **", "à tona", "Suas cartas de clima", "Maré:"]),
    ],
)
def test_the_table_and_the_hand_read_in_the_readers_language(
    language: str, words: list[str]
) -> None:
    state = position()
    english = rendered(state)
    with speaking(language):
        said = rendered(state)
    assert said != english
    for word in words:
        assert word in said, (language, word)
    left = sorted({s for s in english_sentences() if s in said})
    assert not left, f"English left in {language}: {left[:5]}"
    assert "Turn the Tide" in said  # the game's name is a name


@pytest.mark.slow
@pytest.mark.parametrize("language", ["de", "pt_BR"])
def test_the_pictures_are_drawn_in_the_readers_language(language: str) -> None:
    """Every label the drawer writes comes from the catalog: the recorded texts differ from the
    English ones, and none of them is the English of a message the catalog translates."""
    drawer = r.RENDERER.pictures
    state = position()
    views = [
        (drawer.table_image, ENGINE.view(state, None)),
        (drawer.hand_image, ENGINE.view(state, 0)),
    ]
    for paint, view in views:
        with draw.recording() as english:
            before = paint(view, list(NAMES))
        with speaking(language), draw.recording() as written:
            after = paint(view, list(NAMES))
        assert before != after
        texts = [text for text, _size in written]
        assert texts != [text for text, _size in english]
        left = [t for t in texts if any(s in t for s in english_sentences())]
        assert not left, (language, left)
    with speaking(language):
        header = drawer.table_header(ENGINE.view(state, None), list(NAMES))
    assert header.startswith({"de": "Runde 1 von 4", "pt_BR": "Rodada 1 de 4"}[language])


@pytest.mark.parametrize("language", [*LANGUAGES, LONGEST])
def test_no_label_of_the_pictures_is_cut_in_any_language(language: str) -> None:
    """The game's own labels fit where the drawer puts them in every language (the kit cuts a
    text that does not fit with "…"). The header's line of who is to act is the kit's to cut
    (five names do not fit in English either), so it is left out."""
    drawer = r.RENDERER.pictures
    for players in (3, 5):
        for seed in range(2):
            state = position(players, seed, moves=40 + 7 * seed)
            public, own = ENGINE.view(state, None), ENGINE.view(state, 0)
            names = list(NAMES[:players])
            with speaking(language), draw.recording() as written:
                drawer.table_image(public, names)
                drawer.hand_image(own, names)
                header = drawer.table_header(public, names)
            cut = [t for t, _size in written if t.endswith("…") and t[:-1] not in header]
            assert not cut, (language, cut)


def test_the_engines_words_are_translated_where_they_are_read() -> None:
    """Refusals, explain reasons, the decision lines, a hint's reason, the /rules summary and
    the option's name and description are marked messages of the game's catalog."""
    state = ENGINE.new_game(4, {}, seed=2)
    card = ENGINE.legal_actions(state, 0)[0]
    state, events = ENGINE.apply(state, 0, card)
    with pytest.raises(IllegalAction) as refused:
        ENGINE.apply(state, 0, ENGINE.legal_actions(state, 1)[0])
    [reason] = ENGINE.explain(state, 0)
    view, legal = ENGINE.view(state, 1), [a.code for a in ENGINE.legal_actions(state, 1)]
    observation = observe(ENGINE, state, 1, events)
    words: list[Any] = [
        refused.value.args[0],
        reason,
        *teach.decision(view, legal, NAMES),
        *teach.effects(view, legal),
        ai.hint(observation, 1)[1],
        GAME.summary,
        ENGINE.Options.model_fields["show_history"].title,
        ENGINE.Options.model_fields["show_history"].description,
    ]
    for said in words:
        assert isinstance(said, Msg) and said.domain == DOMAIN, said
        with speaking("fr"):
            assert translate(said) != said, said
        assert translate(said) == said  # English is the message itself
    with speaking("de"):
        assert "Karte" in translate(refused.value.args[0])
        assert "Rettungsring" in translate(GAME.summary)


def test_one_hidden_reveal_is_said_in_the_singular() -> None:
    """The table's note on hidden reveals counts them with the language's plural ("1 earlier
    reveals" before)."""
    long = TableContext(7, "Turn the Tide", ("W" * 32,) * 5, (1,) * 5, "live")
    reveal = {"hand": 1, "tide": ["3", "9"], "choices": ["60", "59", "58", "57", "56"]}
    reveal |= {"lo_to": 0, "hi_to": 1}
    for count in range(1, 13):
        lines = r.reveal_lines(long, [dict(reveal, hand=h + 1) for h in range(count)])
        if any("1 earlier" in line for line in lines):
            break
    else:
        pytest.fail("no count of reveals hides exactly one")
    assert "*(1 earlier reveal of this round hidden)*" in lines
    with speaking("de"):
        lines = r.reveal_lines(long, [dict(reveal, hand=h + 1) for h in range(count)])
    assert "*(1 frühere Aufdeckung dieser Runde ausgeblendet)*" in lines


def test_a_select_option_says_its_preserver_mark_in_the_readers_language() -> None:
    with speaking("es"):
        spec = r.describe(Action("play", "30"), {"30": "whole"})
        assert spec.description == "lleva un salvavidas entero"
        assert r.RENDERER.played_button is not None
        assert translate(r.RENDERER.played_button[0]) == "Jugado"


# ---- the longest translations fit ------------------------------------------------------------
PLAYERS = [3, 4, 5]
