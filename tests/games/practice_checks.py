"""What each game's practice deal must show in its first hand (one check per game).

Each check takes the played first hand (:func:`tests.games.practice_play.first_hand`) and
returns the special rules it did *not* show (empty: the deal teaches them all)."""

from __future__ import annotations

from collections.abc import Callable

from tests.games.practice_play import FirstHand


def rowboat(hand: FirstHand) -> list[str]:
    """A Knob played in its trick, the Lighthouse lit, the learner dealing (the Moon is
    theirs to call) and a trick where the learner could send the Rowboat."""
    missing = []
    if not any(code.startswith("moon:") for code in hand.steps[0].learner_legal):
        missing.append("moon")
    if not hand.learner_could("rowboat"):
        missing.append("rowboat")
    if "lighthouse" not in hand.kinds():
        missing.append("lighthouse")
    knob_played = False
    for step in hand.steps:
        trick = step.before.get("trick")
        if not trick or not trick.get("knob_in_play") or not trick.get("knob"):
            continue
        knob = f"{trick['knob']['rank']}{trick['knob']['suit']}"
        if any(e.kind == "play" and e.data.get("card") == knob for e in step.events):
            knob_played = True
    if not knob_played:
        missing.append("knob")
    return missing


def turn_the_tide(hand: FirstHand) -> list[str]:
    """The learner loses a preserver to the flood within the first three turns."""
    floods = [e for e in hand.events() if e.kind == "flood"][:3]
    return [] if any(0 in e.data.get("lost", ()) for e in floods) else ["preserver loss"]


def boat(hand: FirstHand) -> list[str]:
    """The learner is dealt the Boat card and it is played in the first hand."""
    missing = []
    if "BOAT" not in hand.start_hand:
        missing.append("boat dealt")
    plays = [e for e in hand.events() if e.kind == "play" and e.data.get("card") == "BOAT"]
    if not plays:
        missing.append("boat played")
    return missing


def boat_canasta(hand: FirstHand) -> list[str]:
    """The learner holds a wild card from the deal and may take the pile within their first
    few turns (the pile is worth taking early, when it is small and the lesson is simple)."""
    missing = []
    if not any(c[0] == "2" or c == "JK" for c in hand.start_hand):
        missing.append("wild")
    early = [s for s in hand.steps if s.seat == 0][:12]
    if not any(code.startswith("take:") for s in early for code in s.learner_legal):
        missing.append("take the pile")
    return missing


def game_of_rows(hand: FirstHand) -> list[str]:
    """A Joker placed, a blocker laid, and a bluff window opened (bluffing is on)."""
    events = hand.events()
    missing = []
    if not any(e.kind == "place" and e.data.get("card") == "JK" for e in events):
        missing.append("joker")
    if not any(e.kind == "block" for e in events):
        missing.append("blocker")
    if not any(e.kind == "challenge_open" for e in events):
        missing.append("bluff window")
    return missing


CHECKS: dict[str, Callable[[FirstHand], list[str]]] = {
    "rowboat": rowboat,
    "turn_the_tide": turn_the_tide,
    "boat": boat,
    "boat_canasta": boat_canasta,
    "game_of_rows": game_of_rows,
}
