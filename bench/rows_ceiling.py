"""How much of Game of Rows against ``random`` is luck: a level's search handed every hidden card.

Why: issue 14 asks ``normal`` to beat ``random`` in 90% of 2-player games. Game of Rows is won by
emptying a hand whose size rests on the draws, and most games end in a stalemate ranked by hand
size, so part of every result is the deal. To tell a weak level from an out-of-reach target,
this plays the duel of ``bench/ai.py duel --game game_of_rows --players 2 --b random`` on the
same deals, sides and move seeds, but the tested level's determinizations are replaced by the
true position: the other hand *and the order of the deck* (the only chance left is the random
seat's moves). A level that cheats like this and still stays under 90% shows where the ceiling
is. Nothing in the bot uses this: it swaps a private function of the search for the benchmark.

With ``--players 3`` or more it plays the field of ``bench/ai.py field --game game_of_rows
--level <level> --vs normal`` instead (the same deals, seats and move seeds, so each game pairs
with that run's record): one seat's search sees every card, the normal seats search as usual.
That bounds what any search of that level could reach against normal at that table size;
``--see hands`` shows it the other hands but not the deck's order, which no inference can learn.
``--against normal`` plays that at 2 players: the pairs of ``bench/ai.py duel --game
game_of_rows --a <level> --b normal`` (issue 43's strong-vs-normal row), one side seeing.

``--see endgame`` (2 players) asks where the games against ``random`` are decided. The level
plays fair, but once the deck is empty nothing is hidden in a 2-player game (every card not in
its hand, on the board or gone is in the other hand), and from there the game is finite and of
perfect information: :func:`solve` searches it to the end and the level plays a move proven
best whenever its own move is proven worse. If that changes few moves and few results, the
games were decided before the deck ran out, while the deck's order was still unknown.

Usage (bench/README.md):
    python bench/rows_ceiling.py --pairs 100                  # normal, sees every card
    python bench/rows_ceiling.py --pairs 100 --level strong   # slower (about 20 s a game)
    python bench/rows_ceiling.py --players 3 --games 90 --level strong --record FILE
    python bench/rows_ceiling.py --players 3 --games 90 --level strong --see hands --record FILE2
    python bench/rows_ceiling.py --pairs 200 --see endgame    # perfect play once the deck is empty
    python bench/rows_ceiling.py --against normal --level strong --games 100 --record FILE
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from ai import Game, Outcome, move_seed, run, wilson  # bench/ai.py: the same seeds

from games import registry
from games.core import Observation, Policy
from games.game_of_rows import ai, determinize, fast
from games.game_of_rows.determinize import Knowledge
from games.game_of_rows.state import OVER, TURN
from games.search import Rng, SeatHistory

#: positions one endgame solve may visit before it gives up (the level's own move then stands)
SOLVE_BUDGET = 200_000


def true_deal(
    state: Any, rng: Rng, shuffle_deck: bool
) -> tuple[list[list[str]], list[str], list[str], list[str]]:
    """The real position as :func:`determinize._deal` returns a deal: every hand as it is, the
    deck as it lies or (``shuffle_deck``: what no inference can learn) in a random order, and
    nothing face down or gone unseen (the default options)."""
    deck = list(state.deck)
    if shuffle_deck:
        rng.shuffle(deck)
    return [list(h) for h in state.hands], [], [], deck


class OutOfBudget(Exception):
    """A solve visited more than :data:`SOLVE_BUDGET` positions."""


def exact(k: Knowledge) -> bool:
    """Whether the observation leaves one deal only: an empty deck, no unseen face-down card,
    and every card not accounted for in the one other live hand (2 players, no Bluffing)."""
    if k.phase != TURN or k.deck_count or k.hidden_spots or k.hidden_gone or k.opts.bluffing:
        return False
    other = [s for s in range(k.players) if s != k.seat]
    return k.players == 2 and sum(k.hand_sizes[s] - len(k.known[s]) for s in other) == len(k.unseen)


def _key(sim: fast.Sim) -> tuple[object, ...]:
    """What decides the rest of an endgame (the deck is empty; hands are multisets)."""
    rows = tuple(None if r is None else tuple(r) for r in sim.rows)
    hands = tuple(tuple(sorted(h)) for h in sim.hands)
    flags = (sim.turn, sim.placed, sim.must_place, sim.actions == 0, sim.stayed, sim.quiet)
    return (*flags, sim.completed, rows, hands)


def solve(sim: fast.Sim, seat: int, moves: list[fast.Move]) -> list[float]:
    """The exact result for ``seat`` (1 a win, ½ a shared first place, 0 a loss) of each of
    ``moves`` with best play on both sides: depth-first, solved positions remembered, a side
    stopping at its best possible result. Raises :class:`OutOfBudget` on a huge endgame."""
    table: dict[tuple[object, ...], float] = {}
    nodes = [0]

    def value(node: fast.Sim) -> float:
        if node.phase == OVER:
            places = node.places
            return 1.0 / places.count(1) if places[seat] == 1 else 0.0
        key = _key(node)
        hit = table.get(key)
        if hit is not None:
            return hit
        nodes[0] += 1
        if nodes[0] > SOLVE_BUDGET:
            raise OutOfBudget
        mover = node.turn
        mine = mover == seat
        best = -1.0 if mine else 2.0
        # ending the turn last: shedding is usually better, so the best result comes early
        for move in sorted(node.legal(mover), key=lambda m: m[0] == fast.END):
            child = node.copy()
            child.play(mover, move)
            v = value(child)
            if (v > best) if mine else (v < best):
                best = v
                if best == (1.0 if mine else 0.0):
                    break
        table[key] = best
        return best

    out = []
    for move in moves:
        child = sim.copy()
        child.play(seat, move)
        out.append(value(child))
    return out


def field(args: argparse.Namespace) -> None:
    """``args.level`` seeing every card among normal seats, rotated as ``bench/ai.py field``
    rotates it, one process; the games go to ``args.record`` (resumable)."""
    engine = registry.get("game_of_rows")
    policies = registry.policies("game_of_rows")
    dealt = determinize._deal
    true: dict[str, Any] = {}

    def deal(
        k: Any, rng: Any, stuck: bool = False
    ) -> tuple[list[list[str]], list[str], list[str], list[str]]:
        """The position as it is for the seeing seat; the others deal as they always do."""
        if k.seat != true["seat"]:
            return dealt(k, rng, stuck)
        return true_deal(true["state"], rng, args.see == "hands")

    determinize._deal = deal
    games: list[tuple[Game, int]] = []
    seed = args.seed
    while len(games) < args.games:
        for seat in range(args.players):
            if len(games) < args.games:
                levels = ["normal"] * args.players
                levels[seat] = args.level
                game = Game("game_of_rows", args.players, seed, tuple(levels), (), 20_000)
                games.append((game, seat))
        seed += 1
    seat_of = {g.key(): seat for g, seat in games}

    def play(g: Game) -> Outcome:
        state, history = SeatHistory.begun(engine, g.players, seed=g.seed)
        true["seat"] = seat_of[g.key()]
        step = 0
        while not engine.is_over(state):
            seat = engine.to_act(state)[0]
            obs = history.observe(engine, state, seat)
            true["state"] = state
            code = policies[g.levels[seat]](obs, move_seed(g.seed, step, seat))
            state, events = engine.apply(state, seat, code)
            history.record(events)
            step += 1
        result = engine.result(state)
        return Outcome(tuple(result.winners), tuple(result.scores), False, {})

    wins = 0.0
    n = 0
    for g, out in run([g for g, _ in games], 1, args.record, play):
        wins += 1.0 / len(out.winners) if seat_of[g.key()] in out.winners else 0.0
        n += 1
    low, high = wilson(wins, n)
    what = "every card" if args.see == "all" else "the other hands"
    among = "against" if args.players == 2 else "among"
    print(f"game_of_rows {args.players}p: {args.level} seeing {what} {among} normal")
    print(f"  win rate {wins / n:.1%} over {n} games (95% CI {low:.1%}-{high:.1%})")


def versus_random(
    args: argparse.Namespace, tested: Policy, watch: Callable[[Any], object] = lambda _s: None
) -> tuple[float, int]:
    """``tested`` (playing ``args.level``) against ``random`` on the deals, sides and move seeds
    of ``bench/ai.py duel``: (wins, games), a shared first place counting half. ``watch`` is
    shown each position before its move is chosen."""
    engine = registry.get("game_of_rows")
    rand = registry.policies("game_of_rows")["random"]
    wins = 0.0
    games = 0
    for seed in range(args.seed, args.seed + args.pairs):
        for side in (0, 1):
            levels = [args.level, "random"] if side == 0 else ["random", args.level]
            state, history = SeatHistory.begun(engine, 2, seed=seed)
            step = 0
            while not engine.is_over(state):
                seat = engine.to_act(state)[0]
                obs = history.observe(engine, state, seat)
                watch(state)
                chooser = tested if levels[seat] == args.level else rand
                state, events = engine.apply(state, seat, chooser(obs, move_seed(seed, step, seat)))
                history.record(events)
                step += 1
            winners = engine.result(state).winners
            if levels.index(args.level) in winners:
                wins += 1.0 / len(winners)
            games += 1
    return wins, games


def endgame(args: argparse.Namespace) -> None:
    """``args.level`` against ``random`` on the duel's deals, sides and move seeds, playing a
    move proven best (:func:`solve`) wherever its own is proven worse once the deck is empty."""
    policies = registry.policies("game_of_rows")
    own_policy = policies[args.level]
    counts: Counter[str] = Counter()

    def policy(obs: Observation, seed: int) -> str:
        own = own_policy(obs, seed)
        k = ai.knowledge(obs)
        if len(obs.legal) < 2 or not exact(k):
            return own
        moves = [fast.parse(c) for c in obs.legal]
        try:
            values = solve(determinize.sample(k, Rng(seed)), k.seat, moves)
        except OutOfBudget:
            counts["too big to solve"] += 1
            return own
        counts["solved"] += 1
        mine, best = values[obs.legal.index(own)], max(values)
        if best == 0.0:
            counts["lost whatever the move"] += 1
        if mine < best:
            counts["changed"] += 1
            counts["changed from a loss to a win"] += mine == 0.0 and best == 1.0
            return obs.legal[values.index(best)]
        return own

    wins, games = versus_random(args, policy)
    low, high = wilson(wins, games)
    print(f"game_of_rows 2p: {args.level} vs random, the endgame after the deck solved")
    print(f"  win rate {wins / games:.1%} over {games} games (95% CI {low:.1%}-{high:.1%})")
    print(f"  {args.level}'s decisions with the deck empty: {dict(counts)}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--level", default="normal", choices=["easy", "normal", "strong"])
    parser.add_argument("--pairs", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--games", type=int, default=300, help="field games (3 or more players)")
    parser.add_argument("--record", type=Path, help="field: JSON-lines file of games (resume)")
    parser.add_argument(
        "--see",
        choices=["all", "hands", "endgame"],
        default="all",
        help="every card; the other hands only (a field: the deck's order stays unknown); or "
        "(2 players) perfect play once the deck is empty",
    )
    parser.add_argument(
        "--against",
        choices=["random", "normal"],
        default="random",
        help="2 players: the other side (normal: the duel's pairs, played as a field of two)",
    )
    args = parser.parse_args()
    if args.see == "endgame":
        if args.players != 2:
            parser.error("--see endgame is for 2 players")
        endgame(args)
        return
    if args.players > 2 or args.against == "normal":
        if args.level == "normal":  # the games would not say which seat sees
            parser.error("a field's seeing level must differ from its normal seats")
        field(args)
        return
    policies = registry.policies("game_of_rows")
    true: dict[str, Any] = {}

    def deal(
        _k: object, _rng: object, _stuck: bool = False
    ) -> tuple[list[list[str]], list[str], list[str], list[str]]:
        """The position as it is (default options: no face-down or hidden gone cards)."""
        state = true["state"]
        return [list(h) for h in state.hands], [], [], list(state.deck)

    determinize._deal = deal  # type: ignore[assignment]
    wins, games = versus_random(args, policies[args.level], lambda state: true.update(state=state))
    low, high = wilson(wins, games)
    print(f"game_of_rows 2p: {args.level} seeing every card vs random")
    print(f"  win rate {wins / games:.1%} over {games} games (95% CI {low:.1%}-{high:.1%})")


if __name__ == "__main__":
    main()
