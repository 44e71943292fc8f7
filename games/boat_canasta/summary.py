"""The bot's own short summary of Boat Canasta for ``/rules`` (our words, not the
rulebook's; the binding details are the spec behind the engine)."""

from games.text import messages

msg, msg_n = messages("boat_canasta")

SUMMARY = msg(
    "**Goal.** Canasta with two decks: meld cards of a rank (wild twos and jokers help) "
    "and build canastas of seven cards, for side totals that reach the target.\n\n"
    "**A turn**: draw from the stock or take the whole treasure pile (when you can meld "
    "its top card), lay down melds, then discard one card. A side's first meld of a round "
    "must reach a minimum value that grows with its score. Discarding a wild card or a "
    "black three blocks the pile for the next player.\n\n"
    "**Going out** needs a canasta on your side; it ends the round. Cards melded count for "
    "you, cards left in hand against you, with bonuses for each kind of canasta and for "
    "red threes."
)
