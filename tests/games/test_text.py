"""An engine's words (``games.text``): English as they are, and everything a translator needs."""

from __future__ import annotations

import pickle

from games.core import IllegalAction
from games.text import Msg, messages

msg, msg_n = messages("rowboat")


def test_a_message_reads_as_its_english_and_keeps_its_id_and_values() -> None:
    said = msg("It is not your turn: {name} plays now.", name="Ann")
    assert said == "It is not your turn: Ann plays now." and isinstance(said, str)
    assert (said.domain, said.msgid, dict(said.params)) == (
        "rowboat",
        "It is not your turn: {name} plays now.",
        {"name": "Ann"},
    )
    assert str(IllegalAction(said)) == "It is not your turn: Ann plays now."


def test_a_plural_picks_the_english_form_and_fills_n() -> None:
    assert msg_n("{n} card left", "{n} cards left", 1) == "1 card left"
    many = msg_n("{n} card left", "{n} cards left", 3)
    assert many == "3 cards left" and many.n == 3 and many.plural_id == "{n} cards left"


def test_a_message_survives_pickling_whole() -> None:
    said = msg("{card} cannot be played.", card=msg("the Moon"))
    back = pickle.loads(pickle.dumps(said))
    assert back == said and isinstance(back, Msg)
    assert back.msgid == said.msgid and back.params["card"].msgid == "the Moon"


def test_a_plain_message_may_name_a_value_n() -> None:
    said = msg("{n} points to go", n=7)
    assert said == "7 points to go" and said.n is None and said.params == {"n": 7}
