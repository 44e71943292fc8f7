"""The custom_id format of every control, written once.

Why ids carry everything: a click after a restart reaches a new process with nothing in memory,
so the id names the game, the seat a hand was drawn for and the state version
(``g:<game>:s<seat>:v<version>:<code>``); the dynamic items in :mod:`bot.controls.items` parse
them back with the templates built from :data:`ON_HAND`. Prefixes: ``g`` an action button,
``gc`` an action button that asks first, ``gs`` an action menu, ``gm`` a several-option menu,
``gn``/``gv`` a focus change, ``t`` the table's buttons, ``h`` a hand's other buttons, ``l``
the lobby, ``lo`` the options form, ``p`` the privacy confirmation.
"""

from __future__ import annotations

import re

from bot.render import MAX_CUSTOM_ID

#: SQLite's INTEGER is a signed 64-bit number: a larger id in a forged custom_id names no game
MAX_ID = 2**63 - 1


def act_id(game_id: int, seat: int, version: int, code: str) -> str:
    custom_id = f"g:{game_id}:s{seat}:v{version}:{code}"
    if len(custom_id) > MAX_CUSTOM_ID:
        raise ValueError(f"custom_id too long: {custom_id!r}")
    return custom_id


def confirm_id(game_id: int, seat: int, version: int, code: str) -> str:
    """An action button that asks its question first (``ActionSpec.confirm``)."""
    custom_id = f"gc:{game_id}:s{seat}:v{version}:{code}"
    if len(custom_id) > MAX_CUSTOM_ID:
        raise ValueError(f"custom_id too long: {custom_id!r}")
    return custom_id


def choice_id(game_id: int, seat: int, version: int, index: int) -> str:
    return f"gs:{game_id}:s{seat}:v{version}:{index}"


def multi_id(game_id: int, seat: int, version: int, index: int, verb: str) -> str:
    return f"gm:{game_id}:s{seat}:v{version}:{index}:{verb}"


def nav_id(game_id: int, seat: int, version: int, focus: str) -> str:
    return f"gn:{game_id}:s{seat}:v{version}:{focus}"


def nav_select_id(game_id: int, seat: int, version: int) -> str:
    return f"gv:{game_id}:s{seat}:v{version}"


#: the verb of a multi-value menu travels in its custom_id
VERB = re.compile(r"[A-Za-z0-9_.+-]{1,40}")


#: a nav select's option value for "back to the top level" (an option value cannot be empty)
TOP = "~"


def table_id(game_id: int, what: str) -> str:
    return f"t:{game_id}:{what}"


def lobby_id(game_id: int, op: str) -> str:
    return f"l:{game_id}:{op}"


#: what every hand-message id carries after its prefix: ``:<game>:s<seat>:v<version>``
ON_HAND = r":(?P<game>[0-9]{1,19}):s(?P<seat>[0-9]{1,2}):v(?P<version>[0-9]{1,9})"


#: the custom_id word of the snapshot buttons; any other word but ``hand``/``refresh`` (a game's
#: older id, e.g. on a message sent before snapshots were generic) is served the same way
SNAP = "snap"


#: the custom_id word of the table's **I'm back** button
BACK = "back"


#: the custom_id word of a finished table's **Rematch** button
REMATCH = "rematch"


#: the custom_id word of a live hand's **Step away** button, which asks first
AWAY = "away"

#: the custom_id word of the **Yes, step away** answer (the AI plays until I'm back)
AWAY_YES = "awayyes"

#: the custom_id word of a live hand's **Explain** button (this decision, privately)
EXPLAIN = "explain"
#: the custom_id word of the hand's **Played** button (this hand's tricks or turns so far, as
#: the seat saw them); the label is the game's (``Renderer.played_button``), the word is not
PLAYED = "played"

#: the custom_id word of a question's **Cancel**: the hand again, nothing done
KEEP = "keep"

#: the custom_id word of a slow table's hand button **Alert me** (turn alerts by DM, issue 37)
ALERT = "alert"
#: the custom_id word of a hand's **💡 Hint** button (only where the host allows hints)
HINT = "hint"


_ID_HEAD = re.compile(r"^[a-z]+:[0-9]+(?::s[0-9]+:v[0-9]+)?")


def redact_custom_id(custom_id: str) -> str:
    """The custom_id up to its game, seat and version: the action code or focus after them can
    name a card from a hand (a discard, a card to play), which must not reach the logs."""
    head = _ID_HEAD.match(custom_id)
    if head is None:
        return custom_id if ":" not in custom_id else "<component>"
    return head.group(0) + (":…" if len(head.group(0)) < len(custom_id) else "")


def hand_id(game_id: int, what: str) -> str:
    return f"h:{game_id}:{what}"


def forget_id(user_id: int) -> str:
    return f"p:{user_id}:forget"
