"""The bot's own short summary of Turn The Tide for ``/rules`` (our words, not the
rulebook's; the binding details are the spec behind the engine). Marked, not translated: the
shell reads it in the asker's language."""

from games.text import messages

msg, msg_n = messages("turn_the_tide")

SUMMARY = msg(
    "**Goal.** Keep your life preservers dry over as many rounds as there are players.\n\n"
    "**Each hand** two tide cards are turned up. Everyone secretly picks one weather card "
    "and all are shown together. The highest weather card takes the lower tide card, the "
    "second highest takes the higher one; each goes on top of your own tide pile. Whoever "
    "now has the highest water level loses a preserver, and someone with none left is out "
    "for the round.\n\n"
    "**Rounds** end after twelve hands or when only two players are still in. You score a "
    "point per preserver left, a bonus point for the lowest water level, and lose a point "
    "if you were washed out. Hands of weather cards move one seat on each round; the best "
    "total after the last round wins."
)
