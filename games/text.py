"""Words for players from an engine: a message id and its values, which read as English.

Why a ``str`` subclass: an engine is pure (no catalogs, no I/O, no idea who is reading), yet its
refusals (:class:`games.core.IllegalAction`) and its reasons (``explain``) reach players in their
own language. A :class:`Msg` is the English text itself, so every place that prints, compares
or logs it keeps working, and it carries what a translator needs: the game's catalog (its
*domain*, the game's name), the message id (the English with ``{placeholders}`` unfilled) and
the values. The bot's :func:`bot.i18n.translate` reads it in the language of whoever sees it.

A game module declares its marker once and marks each sentence where it is written::

    msg, msg_n = messages("rowboat")
    raise IllegalAction(msg("It is not your turn: {name} plays now.", name=seat_name))
    msg_n("{n} card left", "{n} cards left", count)

``msg`` and ``msg_n`` are Babel extraction keywords (``contrib/extract_messages.py``), so the
sentence is found in the source, listed in the game's template and translated once. A value
that is itself a :class:`Msg` (a card's or a rank's name) is translated too.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, NamedTuple, Protocol


class Msg(str):
    """An English sentence for players that knows its message id, values and catalog."""

    domain: str
    msgid: str
    plural_id: str | None
    n: int | None
    params: Mapping[str, Any]

    def __new__(
        cls,
        domain: str,
        msgid: str,
        /,
        plural_id: str | None = None,
        n: int | None = None,
        **params: Any,
    ) -> Msg:
        if plural_id is None and n is not None:  # a plain message's ``{n}`` is a value
            params, n = {**params, "n": n}, None
        english = msgid if plural_id is None or n == 1 else plural_id
        values = dict(params)
        if n is not None:
            values.setdefault("n", n)
        self = super().__new__(cls, english.format(**values) if values else english)
        self.domain = domain
        self.msgid = msgid
        self.plural_id = plural_id
        self.n = n
        self.params = params
        return self

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        # the default reduce of a str subclass calls ``cls(str_value)``; an observation or an
        # error carried to the AI's worker processes is pickled, so rebuild from the parts
        return _rebuild, (self.domain, self.msgid, self.plural_id, self.n, dict(self.params))


def _rebuild(
    domain: str, msgid: str, plural_id: str | None, n: int | None, params: dict[str, Any]
) -> Msg:
    return Msg(domain, msgid, plural_id=plural_id, n=n, **params)


class _Mark(Protocol):
    def __call__(self, msgid: str, /, **params: Any) -> Msg: ...


class _MarkPlural(Protocol):
    def __call__(self, singular: str, plural: str, n: int, /, **params: Any) -> Msg: ...


class Messages(NamedTuple):
    """A game's two markers: ``msg(msgid, **values)`` and ``msg_n(singular, plural, n, **values)``
    (``{n}`` is filled with ``n``)."""

    msg: _Mark
    msg_n: _MarkPlural


def messages(domain: str) -> Messages:
    """The markers of one game's catalog (``domain`` is the game's name)."""

    def msg(msgid: str, /, **params: Any) -> Msg:
        return Msg(domain, msgid, **params)

    def msg_n(singular: str, plural: str, n: int, /, **params: Any) -> Msg:
        return Msg(domain, singular, plural_id=plural, n=n, **params)

    return Messages(msg, msg_n)
