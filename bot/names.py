"""A person's name as the tables show it: their server display name, made inert.

Why: the name is written into embeds, message text, score sheets (code blocks) and pictures,
for everyone in the channel. A display name is free text, so without this a player could be
called ``<@1234>`` (drawn as another member's mention), ``[Free gift](https://…)`` (a masked
link in every embed that names them) or a run of backticks that breaks the score sheet's code
block. Escaping (``\\*``) would only suit Markdown and show backslashes in code blocks and
pictures, so the few characters that build those things are swapped for harmless neighbours
once, when the name is taken, and every place that shows it stays simple.
"""

from __future__ import annotations

import re

#: characters that open mentions, links, code and quotes, and their look-alikes
#: (the look-alikes are in the pictures' font too: no name is drawn as empty boxes)
_SWAPS = str.maketrans({"<": "‹", ">": "›", "`": "´", "[": "(", "]": ")", "\\": "/"})
#: the longest display name Discord allows
MAX_NAME = 32


def seat_name(display_name: str) -> str:
    """The name a seat carries: whitespace runs made single spaces, the Markdown characters
    that could build a mention, link or code block swapped, no longer than Discord's own."""
    name = re.sub(r"\s+", " ", display_name).strip().translate(_SWAPS)
    return name[:MAX_NAME] or "Player"  # untranslated: stored as the seat's name, once
