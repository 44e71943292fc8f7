"""One set of words per game (issue 36, item 3): the table picture's header, the table's text and
the hand name the same people to act and use one word per concept.

The picture is checked without OCR: its header strip is compared, pixel for pixel, with the
header the kit draws from the words the test expects, so a picture that says anything else
fails (today's pictures said "Alice to answer" while her partner answered, "Bob to scored",
"Alice to play" during a bluff window)."""

from __future__ import annotations

import io
import random
from collections.abc import Mapping, Sequence
from typing import Any

import pytest
from PIL import Image

from bot.render import TableContext
from bot.render import boat_canasta as canasta_render
from bot.render import rowboat as rowboat_render
from bot.render import turn_the_tide as tide_render
from bot.render.base import renderer_for
from bot.render.images import draw
from games import Event, registry
from tests.bot.images.positions import views
from tests.bot.images.support import sampled_states

NAMES = ("Alice", "Bob", "Carl", "Dana", "Eve")
TITLES = {
    "rowboat": "Rowboat",
    "boat": "Boat",
    "boat_canasta": "Boat Canasta",
    "game_of_rows": "Game of Rows",
    "turn_the_tide": "Turn the Tide",
}
#: rows of the header strip compared (the title line; what follows starts at y = 56 or below)
STRIP = 54


def ctx_for(players: int) -> TableContext:
    return TableContext(
        game_id=7, title="", names=NAMES[:players], user_ids=(None,) * players, status="live"
    )


def strip(picture: bytes) -> bytes:
    """The header strip of a picture, as RGB bytes."""
    img = Image.open(io.BytesIO(picture)).convert("RGB")
    return img.crop((0, 0, img.width, STRIP)).tobytes()


def expected_strip(game: str, detail: str) -> bytes:
    """The header strip the kit draws for ``detail`` (what the picture must show)."""
    img, d = draw.canvas(STRIP, draw.Palette())
    draw.header(d, TITLES[game], detail)
    return img.convert("RGB").tobytes()


def table_picture(game: str, view: Mapping[str, Any], names: Sequence[str]) -> bytes:
    pictures = renderer_for(game).pictures
    assert pictures is not None
    return pictures.table_image(view, names)


def canasta_view(phase: str, to_act: list[int], **extra: Any) -> dict[str, Any]:
    """A real 4-player Boat Canasta public view turned to ``phase`` (the engine's own view of a
    played position, with who acts set as the engine sets it in that phase)."""
    _game, public, _own = views("boat_canasta_4p")
    return {**public, "phase": phase, "to_act": to_act, **extra}


def test_canasta_picture_names_the_partner_who_answers_not_the_asker() -> None:
    view = canasta_view("answer", [2], turn=0, asker=0, ask="waiting")
    words = f"Round {view['round']} · Carl to answer “may I close?”"
    assert strip(table_picture("boat_canasta", view, NAMES[:4])) == expected_strip(
        "boat_canasta", words
    )
    footer = canasta_render.RENDERER.table(
        ctx_for(4), view, registry.get("boat_canasta").result(_any_canasta_state()), [2]
    ).footer
    assert "Carl to answer “may I close?” from Alice" in footer


def test_canasta_picture_after_a_round_says_who_deals() -> None:
    view = canasta_view("scored", [1], turn=1)
    words = f"Round {view['round']} · Bob to deal the next round"
    assert strip(table_picture("boat_canasta", view, NAMES[:4])) == expected_strip(
        "boat_canasta", words
    )


def test_canasta_asks_one_question_in_text_and_picture(monkeypatch: pytest.MonkeyPatch) -> None:
    """ "may I close?" everywhere: the picture's banner takes the renderer's word for it."""
    view = canasta_view("answer", [2], turn=0, asker=0, ask="waiting")
    before = table_picture("boat_canasta", view, NAMES[:4])
    monkeypatch.setitem(canasta_render.TERMS, "ask", "may I end it?")
    after = table_picture("boat_canasta", view, NAMES[:4])
    assert before != after, "the picture's question is not the renderer's word"
    assert canasta_render.describe(registry.get("boat_canasta").parse_action("ask")).label == (
        "Ask partner: may I end it?"
    )


def _any_canasta_state() -> Any:
    return registry.get("boat_canasta").new_game(4, {}, seed=1)


def test_rows_picture_names_the_others_during_a_bluff_window() -> None:
    _game, public, _own = views("game_of_rows_3p")
    view = {**public, "phase": "challenge", "turn": 0, "to_act": [1, 2]}
    words = f"deck {view.get('deck', 0)} · Bob, Carl to call bluff or pass"
    assert strip(table_picture("game_of_rows", view, NAMES[:3])) == expected_strip(
        "game_of_rows", words
    )


def test_rowboat_hand_names_the_knob_the_picture_shows() -> None:
    """A Knob in the Tide (no one can play it) is still named, as the picture shows it."""
    engine = registry.get("rowboat")
    state = engine.new_game(3, {}, seed=5)
    rng = random.Random(5)
    while engine.view(state, None).get("phase") != "trick_play":
        seat = engine.to_act(state)[0]
        state = engine.apply(state, seat, rng.choice(engine.legal_actions(state, seat)))[0]
    seat = engine.to_act(state)[0]
    view = engine.view(state, seat)
    trick = {**view["trick"], "knob_in_play": False}
    knob = trick["knob"]
    name = rowboat_render.card_long(f"{knob['rank']}{knob['suit']}")
    spec = rowboat_render.RENDERER.hand(
        ctx_for(3), {**view, "trick": trick}, seat, engine.legal_actions(state, seat)
    )
    assert f"Knob: {name} (in the Tide)" in spec.embed.description
    assert "none in play" not in spec.embed.description
    table = rowboat_render.RENDERER.table(
        ctx_for(3), {**engine.view(state, None), "trick": trick}, engine.result(state), [seat]
    )
    assert f"Knob: {name} (in the Tide)" in table.description


def test_turn_the_tide_says_washed_away_and_afloat_once_each(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """One word for a player out of the round, in the text and the picture; "afloat" only for
    face-up preservers (at the end a player still in the round is not "afloat")."""
    _game, public, _own = views("turn_the_tide_4p")
    seats = [dict(s) for s in public["seats"]]
    seats[1]["eliminated"] = True
    view = {**public, "seats": seats}
    spec = tide_render.RENDERER.table(
        ctx_for(4), view, registry.get("turn_the_tide").result(_any_tide_state()), [0]
    )
    text = "\n".join(f.value for f in spec.fields)
    assert "washed away" in text and "swept" not in text
    before = table_picture("turn_the_tide", view, NAMES[:4])
    monkeypatch.setitem(tide_render.TERMS, "out", "gone for the round")
    assert table_picture("turn_the_tide", view, NAMES[:4]) != before, (
        "the picture's word for a player out is not the renderer's"
    )
    monkeypatch.undo()
    over = {**view, "phase": "over", "winners": [0]}
    spec = tide_render.RENDERER.table(
        ctx_for(4), over, registry.get("turn_the_tide").result(_any_tide_state()), []
    )
    for field in spec.fields[:4]:
        assert field.value.count("afloat") == 1, field.value  # the preserver count only


def _any_tide_state() -> Any:
    return registry.get("turn_the_tide").new_game(4, {}, seed=1)


def test_the_lighthouse_option_and_its_message_give_the_same_seconds() -> None:
    """The option counts per hand shown (30 s), the message the whole view (90 s at four): both
    say both."""
    field = registry.get("rowboat").Options.model_fields["lighthouse_seconds"]
    assert field.default == 30
    assert "each hand" in (field.description or "") and "3 ×" in (field.description or "")
    hands = [{"seat": s, "cards": ["3m"]} for s in range(4)]
    event = Event("lighthouse_view", (0, 2), {"seat": 0, "hands": hands, "seconds": 90})
    spec = rowboat_render.RENDERER.snapshot(ctx_for(4), event, 0)
    assert spec is not None
    assert "about 90 s: 30 s for each of the 3 hands shown" in spec.footer


@pytest.mark.parametrize("game", sorted(TITLES))
def test_picture_header_and_text_name_the_same_people_to_act(game: str) -> None:
    """Over seeded random games of every game: the table picture's header is the drawer's
    ``table_header`` (pixel for pixel), which names exactly the seats the engine waits for, and
    the table's text says the renderer's same words."""
    engine = registry.get(game)
    render = renderer_for(game)
    pictures = render.pictures
    assert pictures is not None
    checked = 0
    for players in (engine.min_players, engine.max_players):
        names = NAMES[:players]
        for index, state in enumerate(sampled_states(game, players, seed=players, count=12)):
            view = engine.view(state, None)
            to_act = engine.to_act(state)
            header = pictures.table_header(view, names)
            acting = pictures.words.acting(view, names)
            if engine.is_over(state):
                assert acting == ""
                continue
            who = ", ".join(names[s] for s in to_act)
            assert acting.startswith(f"{who} to "), (game, acting, to_act)
            assert header.endswith(acting)
            named = {s for s, n in enumerate(names) if n in header}
            assert named == set(to_act), (game, header, to_act)
            text = render.table(ctx_for(players), view, engine.result(state), to_act)
            assert acting in text.footer, (game, acting, text.footer)
            if index % 4 == 0:  # the picture draws exactly that header (a few: drawing costs)
                assert strip(pictures.table_image(view, names)) == expected_strip(game, header)
            checked += 1
    assert checked >= 10


def test_the_header_keeps_who_acts_when_it_must_cut() -> None:
    long = "Round 12 of 12 · hand 12 of 12 · Bartholomew · strong to choose a card"
    kept = draw.header_detail(long, 500)
    assert kept.endswith("to choose a card") or "Bartholomew" in kept
    assert draw.text_w(kept, 24) <= 500
