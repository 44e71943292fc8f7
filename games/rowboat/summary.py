"""The bot's own short summary of Rowboat for ``/rules`` (our words, not the
rulebook's; the binding details are the spec behind the engine)."""

from games.text import messages

msg, msg_n = messages("rowboat")

#: one message, so a translator sees the whole summary at once (the shell translates it when
#: ``/rules`` answers, in the asker's language)
SUMMARY = msg(
    "**Goal.** Bid how many tricks you will take, then take them: first side to the target "
    "score (200; 150 with three players) wins. Four players play as two teams of partners "
    "sitting opposite.\n\n"
    "**The Tide.** Each hand starts with a row of face-up Tide cards, one per trick. The "
    "Tide card of the current trick names the trump suit, and its *Knob*: the same rank in "
    "the other suit of the same colour (oars and waves are blue, shells and maps green). "
    "Cards of that rank in the other colour are off-coloured knobs.\n\n"
    "**Playing.** There is no suit to follow: if you hold trump you must play trump (or the "
    "Knob, or your Rowboat). Strength runs Rowboat > Knob > trump by rank > off-coloured "
    "knobs > any other card by rank. Equal best cards tie: the trick goes into a pot that "
    "the next trick's winner collects, but a tie on the last trick loses them all. If your "
    "only trump is the Knob of a later trick you may keep it, but then it is locked until "
    "that trick.\n\n"
    "**Specialty cards** (once a game per side): the **Moon** lets the dealer fix the "
    "number of Tide cards before anything is seen; the **Rowboat** beats every card "
    "(never on the last trick); the **Lighthouse** gives a short private look at the "
    "opponents' hands (in teams, both partners see all other hands).\n\n"
    "**Scoring.** Make your bid: 10 per bid trick, extra tricks are sandbags; five sandbags "
    "cost 100. Miss it: lose 10 per bid trick. Novice tables skip bidding and score 10 per "
    "trick."
)
