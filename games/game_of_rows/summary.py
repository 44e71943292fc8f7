"""The bot's own short summary of Game Of Rows for ``/rules`` (our words, not the
rulebook's; the binding details are the spec behind the engine).

Why a ``Msg``: ``/rules`` shows it in the reader's language, and the shell's ``translate``
reads it there when it is shown, not here at import."""

from games.text import messages

msg, msg_n = messages("game_of_rows")

SUMMARY = msg(
    "**Goal.** Be the first to get rid of every card, building shared rows that run from "
    "2 to 10.\n\n"
    "**On your turn** place at least one card if you can: a 2 or a 10 starts a row from a "
    "corner, other numbers fill the free positions next to what is already there, and "
    "jokers stand in for any number. Picture cards block a position (and higher ones can "
    "lift the block). Finished rows leave the table. At the end of your turn you draw, more "
    "when you could not play.\n\n"
    "**Variants** the host can switch on: rows of one suit only, skipping a turn, placing "
    "cards face down as a bluff that others may challenge, and Mayhem (all of these plus a "
    "corner rule). If nobody can go out, the best poker hand decides the places."
)
