"""Boat's AI levels: no cheating, clear decisions made right, and long runs of legal moves.

Positions are rigged (``helpers.new``'s deck) or built from a real state with ``_replace`` and
played on with scripted moves through the engine, so every observation is one the bot could
hand a seat (events recorded as ``SeatHistory`` does)."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Sequence

import pytest

from games import registry
from games.boat import ENGINE, ai
from games.boat.cards import BOAT, IDS, POINTS, SUITS
from games.boat.state import PLAY, State
from games.core import Observation, Policy
from games.search import SeatHistory
from tests.games.boat.helpers import ids, new

#: strong with a small budget, so the tests stay quick (the real budget is ai.BUDGETS)
LEVELS: dict[str, Policy] = {
    "easy": ai.easy,
    "normal": ai.normal,
    "strong": lambda obs, seed: ai.search(obs, seed, 60),
}
#: the hand-built positions run strong at its real budget, where its choice is stable
POSITION_LEVELS: dict[str, Policy] = {
    "normal": ai.normal,
    "strong": ai.strong,
}

#: the same engine typed as the contract's Engine, for the shared AI helpers
PUBLIC = registry.get("boat")


# ---------------------------------------------------------------- hand-built positions

#: after the discard, trump hearts, seat 0 declares at 65 and leads (dealer 3)
HANDS = (
    ("BOAT", "AH", "KH", "QH", "TH", "9H", "AS", "AD", "6D"),
    ("JH", "8H", "7H", "KS", "QS", "6S", "KC", "7C", "5D"),
    ("TS", "JS", "9S", "8S", "AC", "KD", "QD", "TD", "8D"),
    ("6H", "5H", "7S", "6C", "8C", "9C", "JD", "9D", "5C"),
)
DISCARDS = ("5S", "7D", "TC", "JC", "QC")


def in_play(
    hands: Sequence[Sequence[str]] = HANDS, trump: str = "H", discards: Sequence[str] = DISCARDS
) -> State:
    """A hand in trick play: the deal above, seat 0 declared 65 and discarded ``DISCARDS``."""
    state = new(dealer=3)
    built = state._replace(
        phase=PLAY,
        turn=0,
        hands=tuple(ids(h) for h in hands),
        widow=(),
        bids=((0, 65), (1, 0), (2, 0), (3, 0)),
        passed=(1, 2, 3),
        high_bid=65,
        high_bidder=0,
        declarer=0,
        contract=65,
        discards=ids(discards),
        trump=SUITS.index(trump),
        leader=0,
    )
    assert Counter(c for h in built.hands for c in h) + Counter(built.discards) == Counter(
        range(41)
    )
    return built


def scripted(state: State, codes: Sequence[str]) -> tuple[State, Observation]:
    """Play ``codes`` in turn order from ``state``; the observation of the seat to act."""
    history = SeatHistory(4)
    for code in codes:
        state, events = ENGINE.apply(state, state.turn, code)
        history.record(events)
    return state, history.observe(PUBLIC, state, state.turn)


def dealt(hands: Sequence[Sequence[str]], widow: Sequence[str], codes: Sequence[str] = ()):
    return scripted(new(dealer=3, hands=hands, widow=widow), codes)


def card(code: str) -> int:
    return IDS[code.split(":")[1]]


Check = Callable[[str], bool]

WEAK = ("6C", "7D", "8S", "6H", "7C", "8D", "9S", "6S", "7H")
STRONG = ("BOAT", "AH", "KH", "QH", "JH", "TH", "AS", "AC", "AD")


def positions() -> list[tuple[str, Observation, Check]]:
    out: list[tuple[str, Observation, Check]] = []
    # bidding: a weak hand does not outbid, a strong one bids, a partner's high bid is left
    # alone (a weak hand may open at 65: the weakest hands still make 65 about 60% of the time
    # as declarer, with the widow and the choice of trump, which beats letting the others
    # declare)
    _, obs = dealt([(), WEAK, (), ()], (), ["bid:70"])
    out.append(("weak hand passes over 70", obs, lambda c: c == "pass"))
    _, obs = dealt([STRONG, (), (), ()], ())
    out.append(("strong hand bids", obs, lambda c: c.startswith("bid:")))
    _, obs = dealt([(), (), WEAK, ()], (), ["bid:100", "pass"])
    out.append(("weak hand leaves partner's 100", obs, lambda c: c == "pass"))
    # the widow: keep the Boat and the trumps, throw the short side suit; name the long suit
    seven_hearts = ("BOAT", "AH", "KH", "QH", "JH", "9H", "8H", "AS", "6C")
    widow = ("7C", "8C", "6D", "7D", "5S")
    _, obs = dealt([seven_hearts, (), (), ()], widow, ["bid:65", "pass", "pass", "pass"])

    def keeps_trump(code: str) -> bool:
        thrown = set(code.split(":")[1].split(","))
        return not thrown & {"BOAT", "AH", "KH", "QH", "JH", "9H", "8H", "AS"}

    out.append(("discard keeps the trumps and the side Ace", obs, keeps_trump))
    _, obs = dealt(
        [seven_hearts, (), (), ()],
        widow,
        ["bid:65", "pass", "pass", "pass", "discard:7C,8C,6D,7D,5S"],
    )
    out.append(("name the long suit trump", obs, lambda c: c == "trump:H"))
    # play: the declarer draws trump with the top trump
    hands = (
        ("BOAT", "AH", "KH", "QH", "JH", "AS", "KS", "QS", "JS"),
        ("TH", "9H", "AC", "KC", "QC", "JC", "AD", "KD", "QD"),
        ("6H", "5H", "TC", "9C", "8C", "TD", "9D", "8D", "7D"),
        ("8H", "7H", "TS", "9S", "8S", "7S", "6C", "5C", "6D"),
    )
    drawn = in_play(hands, discards=("6S", "5S", "7C", "5D", "JD"))
    obs = SeatHistory(4).observe(PUBLIC, drawn, 0)
    out.append(("declarer draws trump", obs, lambda c: c == "play:BOAT"))
    # feed points to the partner's sure winner (third seat, partner's AS leads)
    _, obs = scripted(in_play(), ["play:AS", "play:6S"])
    out.append(("feed the 10 to partner's Ace", obs, lambda c: c == "play:TS"))
    # fourth seat, the opponents' Boat wins: no points thrown on it
    _, obs = scripted(in_play(), ["play:BOAT", "play:7H", "play:8D"])
    out.append(("no points on the opponents' Boat", obs, lambda c: c == "play:6H"))
    # fourth seat, the partner's Jack wins: feed it the 5
    hands = (
        ("BOAT", "AH", "KH", "QH", "TH", "9H", "AS", "AD", "6D"),
        ("JH", "8H", "7H", "KS", "QS", "6S", "KC", "7C", "JD"),
        ("TS", "JS", "9S", "8S", "AC", "KD", "QD", "TD", "8D"),
        ("6H", "5H", "7S", "6C", "8C", "9C", "5D", "9D", "5C"),
    )
    _, obs = scripted(in_play(hands), ["play:6D", "play:JD", "play:8D"])
    out.append(("last seat feeds partner's winning Jack", obs, lambda c: c == "play:5D"))
    # an opponent is winning and this seat plays last: take it with the winner
    hands = (
        ("BOAT", "AH", "KH", "QH", "TH", "9H", "AS", "AD", "6D"),
        ("JH", "8H", "7H", "KS", "QS", "6S", "KC", "7C", "5D"),
        ("TS", "JS", "9S", "8S", "AC", "QD", "TD", "8D", "6C"),
        ("6H", "5H", "7S", "KD", "8C", "9C", "JD", "9D", "5C"),
    )
    _, obs = scripted(in_play(hands), ["play:6D", "play:5D", "play:QD"])
    out.append(("last seat takes the trick", obs, lambda c: c == "play:KD"))
    # return the partner's lead: seat 3 led a spade, seat 1 won it and leads again
    hands = (
        ("BOAT", "AH", "KH", "QH", "TH", "9H", "6S", "6D", "AD"),
        ("JH", "8H", "7H", "AS", "QS", "5S", "KC", "7C", "5D"),
        ("TS", "JS", "9S", "8S", "AC", "KD", "QD", "TD", "8D"),
        ("6H", "5H", "KS", "7S", "6C", "8C", "9C", "9D", "5C"),
    )
    start = in_play(hands, discards=("7D", "TC", "JC", "QC", "JD"))
    trick1 = ["play:6D", "play:5D", "play:8D", "play:9D"]
    _, obs = scripted(start, [*trick1, "play:7S", "play:6S", "play:AS", "play:8S"])
    out.append(("return the partner's spade", obs, lambda c: c in ("play:5S", "play:QS")))
    # don't over-take a partner's sure winner: seat 2's KD holds (seat 0 has the AD)
    hands2 = (
        ("BOAT", "AH", "KH", "QH", "TH", "9H", "AS", "AD", "6D"),
        ("JH", "8H", "7H", "KS", "QS", "6S", "KC", "7C", "5D"),
        ("TS", "JS", "9S", "8S", "AC", "KD", "QD", "TD", "8D"),
        ("6H", "5H", "7S", "6C", "8C", "9C", "JD", "9D", "5C"),
    )
    state = in_play(hands2)._replace(leader=2, turn=2)
    _, obs = scripted(state, ["play:KD", "play:9D"])
    out.append(("keep the Ace under partner's King", obs, lambda c: c == "play:6D"))
    return out


POSITIONS = positions()


@pytest.mark.parametrize("level", ["normal", "strong"])
@pytest.mark.parametrize(("name", "obs", "check"), POSITIONS, ids=[p[0] for p in POSITIONS])
def test_clear_decisions(level: str, name: str, obs: Observation, check: Check) -> None:
    assert len(obs.legal) > 1, f"{name}: the move is forced, nothing to test"
    code = POSITION_LEVELS[level](obs, 3)
    assert check(code), f"{level} chose {code} ({name})"


def test_mixed_tables_move_legally_and_games_end() -> None:
    """Seeded whole games with a mix of levels at the table (a searching seat in the first):
    every move legal, every game ends. Thousands of moves are ``bench/ai.py soak``'s."""
    rng = random.Random(8)
    for games in range(3):
        seats = [rng.choice(["easy", "normal", "normal", "easy", "random"]) for _ in range(4)]
        if games % 4 == 0:
            seats[rng.randrange(4)] = "tiny"
        policy = {"tiny": lambda o, s: ai.search(o, s, 12), **LEVELS, "random": None}
        state = ENGINE.new_game(4, options={"target_score": 200}, seed=games)
        history = SeatHistory(4)
        for step in range(2000):
            if ENGINE.is_over(state):
                break
            seat = state.turn
            obs = history.observe(PUBLIC, state, seat)
            chooser = policy[seats[seat]]
            code = chooser(obs, step) if chooser else obs.legal[rng.randrange(len(obs.legal))]
            assert code in obs.legal
            state, events = ENGINE.apply(state, seat, code)
            history.record(events)
        assert ENGINE.is_over(state), f"game {games} did not end"


def test_points_table_is_what_the_feeding_checks_assume() -> None:
    assert POINTS[IDS["TS"]] == 10 and POINTS[IDS["5H"]] == 5 and POINTS[BOAT] == 20
