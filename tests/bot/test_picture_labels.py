"""Issue 36: no label of any game's table or hand picture is under 11 px high where Discord
shows it on a phone, and no picture is taller than about half its width.

The scale assumed: Discord shows an embed's picture at most :data:`~bot.render.images.draw.SHOWN`
(292) px wide and 300 px high on a 390 px phone (the previewer measures the same), so a picture
``w`` px wide and ``h`` high is shown at ``min(292 / w, 300 / h)`` of its size and a text drawn
at font size ``s`` is about ``s`` times that high. Every text goes through
:func:`bot.render.images.draw.write`, which records it while
:class:`~bot.render.images.draw.recording`. The positions are those of :mod:`tests.bot.phone`:
each game at its most seats, at the start, mid-game, at every phase it passes through, after a
round is scored and when it is over; the table and the hand of the seat to act.
"""

from __future__ import annotations

import io

import pytest
from PIL import Image

from bot.i18n import ENGLISH, LONGEST, speaking
from bot.render.base import renderer_for
from bot.render.images import draw
from games import registry
from tests.bot import phone

pytestmark = pytest.mark.slow


@pytest.mark.parametrize("game", list(phone.GAMES))
def test_no_picture_label_is_under_11_px_on_a_phone(game: str) -> None:
    engine = registry.get(game)
    drawer = renderer_for(game).pictures
    assert drawer is not None
    names = list(phone.NAMES[: phone.GAMES[game]])
    small = set()
    for position in phone.positions(game):
        state = position.state
        seat = (engine.to_act(state) or [0])[0]
        views = [
            ("table", engine.view(state, None), drawer.table_image),
            (f"hand {seat}", engine.view(state, seat), drawer.hand_image),
        ]
        for what, view, paint in views:
            # in the longest words too: a drawer that fits a long text by a smaller size
            # would show it there first
            for language in (ENGLISH, LONGEST):
                with speaking(language), draw.recording() as written:
                    data = paint(view, names)
                small |= too_small(what, data, written)
    assert not small, sorted(small)[:40]


def too_small(what: str, data: bytes, written: list[tuple[str, int]]) -> set[str]:
    """The texts of one picture shown under :data:`~draw.MIN_LABEL` px on a phone."""
    small = set()
    w, h = Image.open(io.BytesIO(data)).size
    if h > draw.MAX_HEIGHT:  # about 2:1 (issue 36): a taller picture is shrunk by its height
        small.add(f"{what}: {h} px high, over {draw.MAX_HEIGHT}")
    scale = min(draw.SHOWN / w, 300 / h)
    for text, size in written:
        if size * scale < draw.MIN_LABEL:
            small.add(f"{what}: {text!r} {size * scale:.1f} px")
    return small
