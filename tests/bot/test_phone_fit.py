"""Issue 36, phone first: every game's table and hand, at each kind of decision, fit one phone
screen with their controls, and no label of a picture is too small to read there.

The positions (:func:`tests.bot.phone.positions`): a seeded random game of each game at its most
seats, taken at the start, in the middle, at the first state of every phase the game passes
through (its special decisions: bids, exchanges, a bluff, a close...), just after a hand or round
is scored, and when it is over; the hand also at each of its nav focuses (a card's targets, a
rank's melds) in a test of their own. The messages are the real presenter's, with the real pictures.

**Height**: the layout model of :mod:`tests.bot.phone` (its docstring states it), at 390 px.
Calibrated once against ``discord-preview --phone --no-options`` on the ten messages ``python -m
tests.bot.phone OUT`` writes (one table and one hand of each game, mid-game, pictures on,
before issue 36's changes): model → measured px, rowboat table 948 → 957, hand 633 → 643; boat
787 → 814, 681 → 691; game_of_rows 971 → 1001, 888 → 904; turn_the_tide 1260 → 1181, 733 → 705;
boat_canasta 1234 → 1209, 701 → 668. The model is within 30 px below the measure (it
over-counts narrow inline fields), so a message must fit ``SCREEN - MARGIN``.

**Labels**: Discord shows an embed's picture at most :data:`~bot.render.images.draw.SHOWN`
(292) px wide and 300 px high on a 390 px phone; a picture ``w`` px wide and ``h`` high is shown
at ``min(292 / w, 300 / h)`` of its size, so a text drawn at font size ``s`` is about ``s`` times
that high. Every text goes through :func:`bot.render.images.draw.write`, which records it while
:class:`~bot.render.images.draw.recording`; each must be at least 11 px shown.

**Languages** (issue 41): the decisions and their second screens are measured in English and in
:data:`bot.i18n.LONGEST` (each message in the longest of its translations, pictures included),
on the same positions: what fits the longest words fits every language. The hands of other deals
and sizes are measured in the longest words only (the longer text is the taller message). The
positions' log lines were written when the positions were played, in English.
"""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from bot.i18n import ENGLISH, LONGEST, speaking
from bot.render import EmbedSpec, HandSpec
from bot.render.base import renderer_for
from bot.table.presentation import with_note
from games import registry
from tests.bot import phone

#: the model's largest under-estimate in the calibration, and a little more
MARGIN = 36

pytestmark = pytest.mark.slow

#: the languages the decisions are measured in (English, and each message's longest form)
LANGUAGES = (ENGLISH, LONGEST)


@pytest.mark.parametrize("game", list(phone.GAMES))
def test_every_decision_fits_one_phone_screen(game: str) -> None:
    too_tall = []
    for position in phone.positions(game):
        for language in LANGUAGES:
            with speaking(language):  # asyncio.run's task starts in a copy of this context
                table, hand, seat = asyncio.run(phone.messages(position, pictures=True))
            for what, message in (("table", table), (f"hand of seat {seat}", hand)):
                high = phone.height(message)
                if high > phone.SCREEN - MARGIN:
                    too_tall.append(f"{language}: {position.kind} {what}: {high:.0f} px")
    assert not too_tall, too_tall


@pytest.mark.parametrize("game", list(phone.GAMES))
def test_every_second_screen_fits_one_phone_screen(game: str) -> None:
    """A hand's nav focuses (a card's targets, a rank's melds) are decisions too."""
    too_tall = []
    for position in phone.positions(game):
        for focus in phone.focuses(position):
            for language in LANGUAGES:
                with speaking(language):
                    hand = asyncio.run(phone.messages(position, pictures=True, focus=focus))[1]
                high = phone.height(hand)
                if high > phone.SCREEN - MARGIN:
                    too_tall.append(f"{language}: {position.kind} at {focus}: {high:.0f} px")
    assert not too_tall, too_tall


@pytest.mark.parametrize("game", list(phone.GAMES))
def test_text_beside_a_picture_is_short_and_complete_without(game: str) -> None:
    """With pictures on, the hand's text does not repeat the cards the picture shows, and the
    table keeps no per-side fields (a few lines and the last log lines); with pictures off, the
    messages are the full text, as before. Each picture carries alt text in the renderer's
    words: the table's header, and the hand's cards as its menus name them."""
    render = renderer_for(game)
    for position in phone.positions(game):
        if position.kind not in ("start", "mid"):
            continue
        table_on, hand_on, seat = asyncio.run(phone.messages(position, pictures=True))
        table_off, hand_off, _ = asyncio.run(phone.messages(position, pictures=False))
        assert table_off.picture is None and "image" not in table_off.payload["embeds"][0]
        on, off = table_on.payload["embeds"][0], table_off.payload["embeds"][0]
        assert _text(on) < _text(off)
        assert {f["name"] for f in on.get("fields", [])} <= {"Recently"}
        alt = table_on.payload["attachments"][0]["description"]
        drawer = render.pictures
        assert drawer is not None
        view = registry.get(game).view(position.state, None)
        assert alt.endswith(drawer.table_header(view, list(phone.NAMES[: phone.GAMES[game]])))
        mine = registry.get(game).view(position.state, seat)
        cards = [render.card_long(str(c)) for c in mine.get("hand") or []]
        assert _text(hand_on.payload["embeds"][0]) < _text(hand_off.payload["embeds"][0])
        hand_alt = hand_on.payload["attachments"][0]["description"]
        assert all(card in hand_alt for card in cards)


def _text(embed: dict[str, Any]) -> int:
    """Characters of an embed's description and fields."""
    fields = embed.get("fields") or []
    return len(embed.get("description") or "") + sum(len(f["value"]) for f in fields)


def test_a_note_on_the_hand_stays_beside_a_picture() -> None:
    """Why some moves are not offered, or that the seat is away: said in the short text too."""
    spec = HandSpec(EmbedSpec("t", "cards\nYour move.", brief="Your move."))
    noted = with_note(spec, "💤 You are away.")
    assert noted.embed.brief is not None and "You are away" in noted.embed.brief
    assert "You are away" in noted.embed.description


#: other deals, at every size the game allows (fewer seats, bigger hands): where the tallest
#: messages were found (a grown Game of Rows hand of 20 cards at 3 seats, 1,124 px; a Boat
#: Canasta hand with staged melds at 2, 875 px)
OTHER_DEALS = (1, 5)


@pytest.mark.parametrize("game", list(phone.GAMES))
def test_hands_of_other_deals_and_sizes_fit_one_phone_screen(game: str) -> None:
    engine = registry.get(game)
    too_tall = []
    for players in range(engine.min_players, engine.max_players + 1):
        for seed in OTHER_DEALS:
            for position in phone.positions(game, seed, players):
                if position.kind == "over":
                    continue  # the ended hand is one line
                with speaking(LONGEST):  # the tallest a hand gets, in any language
                    hand = asyncio.run(phone.messages(position, pictures=True))[1]
                high = phone.height(hand)
                if high > phone.SCREEN - MARGIN:
                    too_tall.append(f"{players}p seed {seed} {position.kind}: {high:.0f} px")
    assert not too_tall, too_tall
