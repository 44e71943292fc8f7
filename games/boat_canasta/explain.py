"""Why the Treasure pile or Open is not offered to the seat to act (``games.core.Explainer``).

Why its own module: the reasons reuse the rule checks' words (:func:`rules.plan`'s refusals)
but must not depend on which pickup code a player might have tried, so each reason is worded
for the situation (restricted turns, the top card, a blocked pile, the opening minimum, the
staged total), never for one action code.
"""

from __future__ import annotations

from games.boat_canasta import actions, rules
from games.boat_canasta.deck import NATURAL_RANKS, RANK_OF
from games.boat_canasta.melds import meld_value
from games.boat_canasta.rules import naturals_of, opened, restricted
from games.boat_canasta.state import DRAW, PLAY, WAITING, State, side_of
from games.core import Action
from games.text import messages

msg, msg_n = messages("boat_canasta")


def explain(s: State, seat: int) -> tuple[str, ...]:
    """One line per kind of move the seat may look for and not find: taking the pile, Open."""
    if s.phase not in (DRAW, PLAY) or seat != s.turn or s.ask == WAITING:
        return ()
    verbs = {a.verb for a in actions.legal(s, seat)}
    reasons: list[str] = []
    if s.phase == DRAW and s.pile and "take" not in verbs:
        reasons.append(_why_no_pickup(s, seat))
    if s.staged:
        need = s.minimums[side_of(s.players, seat)]
        value = sum(meld_value(cards) for _, cards in s.staged)
        enough = msg("enough to open") if value >= need else msg("not enough yet")
        reasons.append(
            msg(
                "Staged: {value} points of the {need} your side needs to open ({enough}).",
                value=value,
                need=need,
                enough=enough,
            )
        )
        why = rules.plan(s, seat, Action("open")) if "open" not in verbs else None
        if isinstance(why, str) and "points" not in why:
            reasons.append(why)
    return tuple(reasons)


def _why_no_pickup(s: State, seat: int) -> str:
    top = s.pile[-1]
    rank = RANK_OF[top]
    if restricted(s):
        return msg(
            "The Treasure pile cannot be taken in every player's first three turns (turn {turn}"
            " of {last}).",
            turn=s.g,
            last=3 * s.players,
        )
    if rank not in NATURAL_RANKS:
        if rank == "3":
            return msg("The top card ({top}) is a three: the pile cannot be taken now.", top=top)
        return msg("The top card ({top}) is a wild card: the pile cannot be taken now.", top=top)
    side = side_of(s.players, seat)
    held = len(naturals_of(s.hands[seat], rank))
    if s.frozen and held < 2:
        return msg(
            "The pile is blocked: only a natural pair of {rank} from your hand can take it.",
            rank=rank,
        )
    if not opened(s, side):
        return msg(
            "Taking the pile to open needs a meld with the top {top} worth"
            " {minimum} points (the pile's other cards do not count).",
            top=top,
            minimum=s.minimums[side],
        )
    return msg(
        "To take the pile you need cards that make a legal meld with the top {top}.", top=top
    )
