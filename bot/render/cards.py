"""The card and suit words shared by every renderer of a French-suited deck.

Why one module: every game played with a standard deck writes ``♣ ♦ ♥ ♠`` and "Queen of
Spades"; one table means a suit symbol or a rank word cannot drift between games, and a new
game with a standard deck reuses it. Games with their own decks keep their vocabulary in their
own renderer.
"""

from __future__ import annotations

from games.text import messages

#: the names are messages (English until a renderer writes them: ``_("{rank} of {suit}",
#: suit=SUIT_NAMES[s])`` and :func:`bot.i18n.translate` read them in the reader's language)
msg, msg_n = messages("tidewater")

#: suit letter of a card code -> (name, symbol)
FRENCH_SUITS: dict[str, tuple[str, str]] = {
    "C": (msg("Clubs"), "♣"),
    "D": (msg("Diamonds"), "♦"),
    "H": (msg("Hearts"), "♥"),
    "S": (msg("Spades"), "♠"),
}
SUIT_SYMBOLS: dict[str, str] = {suit: symbol for suit, (_name, symbol) in FRENCH_SUITS.items()}
SUIT_NAMES: dict[str, str] = {suit: name for suit, (name, _symbol) in FRENCH_SUITS.items()}
#: rank letters that are not written as themselves (``T`` is ``10``)
FACE_WORDS: dict[str, str] = {
    "T": "10",
    "J": msg("Jack"),
    "Q": msg("Queen"),
    "K": msg("King"),
    "A": msg("Ace"),
}
JOKER = "JK"
