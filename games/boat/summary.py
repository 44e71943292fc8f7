"""The bot's own short summary of Boat for ``/rules`` (our words, not the
rulebook's; the binding details are the spec behind the engine). A :class:`games.text.Msg`:
``/rules`` reads it in the asker's language."""

from games.text import messages

msg, msg_n = messages("boat")

SUMMARY = msg(
    "**Goal.** Four players in two partnerships; first team past 500 points wins.\n\n"
    "**Bidding.** Bids go round in steps of five from 65 up to 120, the points the bidding "
    "team promises to take; a pass is final. The last bidder picks up the five bonus cards, "
    "puts five cards back face down, and names trump. The **Boat** card is the highest "
    "trump of all.\n\n"
    "**Tricks.** Follow the suit led; if you cannot, you must trump when you can. Fives, "
    "tens and aces and the Boat carry the points, and the cards put back go to whoever "
    "takes the last trick.\n\n"
    "**Scoring.** The bidders score their points if they reached the bid, or lose the bid "
    "if not; the defenders always keep what they took."
)
