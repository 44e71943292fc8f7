"""Strength and speed of the AI levels: duplicate deals, rotated seats, 95% intervals.

Why duplicate deals: card luck dwarfs skill over a few hundred games, so every deal is played
once per seating (two-sided games: A and B swap sides; one-among-many: the tested level sits in
each seat in turn) and the luck cancels. Every policy sees only its seat's observation, built
here exactly as the bot builds it (``SeatHistory``), and moves are seeded, so a run repeats.

The first opponent is ``baseline`` (bench/baseline.py), a rule-based player who knows the rules
and plays sensibly: beating ``random`` shows a level plays legally and with purpose, beating
``baseline`` that it plays better than rules of thumb.

Usage (bench/README.md):
    python bench/ai.py duel --game rowboat --players 2 --a normal --pairs 200  # vs baseline
    python bench/ai.py duel --game rowboat --players 2 --a normal --b random --pairs 200
    python bench/ai.py field --game turn_the_tide --players 3 --level normal --games 300
    python bench/ai.py field --game rowboat --players 3 --level strong --vs normal --games 300
    python bench/ai.py speed --game rowboat --players 2 --level strong --moves 200
    python bench/ai.py soak --game game_of_rows --moves 10000 --levels easy,normal,strong
    python bench/ai.py duel --game boat --players 4 --a strong --b normal --pairs 200 \
        --jobs 2 --record bench/results/duel-boat-4p-strong-normal.jsonl
    python bench/ai.py summary        # the table of every file in bench/results (bench/README.md)

Each prints the win rate with a Wilson 95% interval, decision time p50/p95 per level, and the
search iterations per move that the level declares (``BUDGETS`` in the game's ``ai.py``).

Why ``--jobs`` and ``--record``: a strong level's 400 games take hours of one core. ``--jobs``
spreads the games over processes (decision times are then measured on a busy machine: take
speed figures from ``speed``); ``--record FILE`` appends every finished game as a JSON line and
skips the games the file already holds, so a long run can stop and resume, in several sittings,
and its report always covers every game of the requested run.
"""

from __future__ import annotations

import argparse
import importlib
import json
import math
import random
import statistics
import sys
import time
from collections import defaultdict
from collections.abc import Callable, Iterator, Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))  # bench/baseline.py

from baseline import policy as baseline_policy  # bench/baseline.py: the first opponent

from games import registry
from games.cards import rng_next, seed_rng
from games.core import Budget, Policy
from games.search import SeatHistory

#: decisions after which a game is judged on the scores of the moment (``--cap``): Rowboat's
#: regular scoring has no hand limit, and a random seat can keep every side below the target
#: for ever (its spec says so); the leading side wins such a game, and the report counts them
CAP = 20_000


def move_seed(game_seed: int, step: int, seat: int) -> int:
    state = seed_rng(game_seed, "bench-ai")
    for value in (step, seat):
        state, state = rng_next(state ^ value)
    return state


@dataclass(frozen=True, slots=True)
class Game:
    """One game of a run: the deal's seed and the level at each seat."""

    game: str
    players: int
    seed: int
    levels: tuple[str, ...]
    options: tuple[tuple[str, Any], ...]
    cap: int

    def key(self) -> str:
        """What a record file knows this game by (same deal, seats and options: same game)."""
        return json.dumps([self.game, self.players, self.seed, self.levels, self.options, self.cap])


@dataclass(frozen=True, slots=True)
class Outcome:
    winners: tuple[int, ...]
    scores: tuple[int, ...]
    judged: bool
    times: Mapping[str, list[float]]
    #: playouts each timed decision reached (``speed --seconds``)
    reached: Mapping[str, list[int]] = field(default_factory=dict)


def levels_of(game: str) -> dict[str, Policy]:
    """The game's levels, ``random``, and ``baseline`` (bench/baseline.py's rule-based player)."""
    return {**registry.policies(game), "baseline": baseline_policy(game)}


def cpu_budget(seconds: float, done: list[int]) -> Budget:
    """The bot's budget (``bot.ai.cpu_budget``: this process's CPU time), noting in ``done``
    the playouts reached at each check. A copy, not an import: ``bench/bot.py`` shadows the
    ``bot`` package on this script's path."""
    deadline = time.process_time() + seconds

    def budget(playouts: int) -> float:
        share = 1.0 - (deadline - time.process_time()) / seconds
        done.append(-playouts if share >= 1.0 else playouts)  # negative: stopped there
        return share

    return budget


def play(g: Game, seconds: float | None = None) -> Outcome:
    """One game with ``g.levels[seat]`` at each seat. A game still going after ``g.cap``
    decisions goes to the leading seats (``judged``). Decision times are this process's CPU
    time (``time.process_time``). With ``seconds``, the levels that can stop at a time budget
    (``registry.anytime``) run as the bot runs them, and the playouts each reached are kept."""
    engine = registry.get(g.game)
    policies = levels_of(g.game)
    timed = registry.anytime(g.game) if seconds is not None else {}
    state, history = SeatHistory.begun(engine, g.players, dict(g.options) or None, g.seed)
    times: dict[str, list[float]] = defaultdict(list)
    reached: dict[str, list[int]] = defaultdict(list)
    for step in range(g.cap):
        if engine.is_over(state):
            result = engine.result(state)
            return Outcome(tuple(result.winners), tuple(result.scores), False, times, reached)
        seat = engine.to_act(state)[0]
        obs = history.observe(engine, state, seat)
        level = g.levels[seat]
        seed = move_seed(g.seed, step, seat)
        started = time.process_time()
        if level in timed and seconds is not None:
            done: list[int] = []
            code = timed[level](obs, seed, cpu_budget(seconds, done))
            if done:  # a search ran (forced and one-candidate moves do not search)
                reached[level].append(min(done) if min(done) < 0 else max(done) + 1)
        else:
            code = policies[level](obs, seed)
        times[level].append(time.process_time() - started)
        state, events = engine.apply(state, seat, code)
        history.record(events)
    scores = tuple(engine.result(state).scores)
    leaders = tuple(seat for seat, score in enumerate(scores) if score == max(scores))
    return Outcome(leaders, scores, True, times, reached)


def run(
    games: Sequence[Game],
    jobs: int,
    record: Path | None,
    player: Callable[[Game], Outcome] = play,
) -> Iterator[tuple[Game, Outcome]]:
    """Every game's outcome, in order: from ``record`` when it holds the game, else played
    by ``player`` (on ``jobs`` processes) and appended to ``record`` as soon as it ends."""
    known: dict[str, Outcome] = {}
    if record is not None and record.exists():
        for line in record.read_text().splitlines():
            if line.strip():
                row = json.loads(line)
                known[row["key"]] = Outcome(
                    tuple(row["winners"]), tuple(row["scores"]), row["judged"], {}
                )
    todo = [g for g in games if g.key() not in known]
    if todo:
        print(f"  playing {len(todo)} games ({len(games) - len(todo)} from {record})", flush=True)

    def store(g: Game, out: Outcome) -> None:
        known[g.key()] = out
        if record is not None:
            row: dict[str, Any] = {"key": g.key(), "winners": out.winners}
            row |= {"scores": out.scores, "judged": out.judged}
            with record.open("a") as f:
                f.write(json.dumps(row) + "\n")

    if jobs > 1 and len(todo) > 1:
        with ProcessPoolExecutor(jobs) as pool:
            for g, out in zip(todo, pool.map(player, todo, chunksize=1), strict=True):
                store(g, out)
                yield g, out
    else:
        for g in todo:
            out = player(g)
            store(g, out)
            yield g, out
    played = {g.key() for g in todo}
    for g in games:
        if g.key() not in played:
            yield g, known[g.key()]


def wilson(wins: float, n: int) -> tuple[float, float]:
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    z = 1.96
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


def teams_of(game: str, players: int) -> list[tuple[int, ...]]:
    return [tuple(t) for t in registry.get(game).teams(players)]


def frozen(options: Mapping[str, Any] | None) -> tuple[tuple[str, Any], ...]:
    return tuple(sorted((options or {}).items()))


class Tally:
    """Win share, games judged at the cap, and decision times of a run."""

    def __init__(self) -> None:
        self.score = 0.0
        self.games = 0
        self.judged = 0
        self.times: dict[str, list[float]] = defaultdict(list)
        self.reached: dict[str, list[int]] = defaultdict(list)

    def add(self, share: float, out: Outcome) -> None:
        self.score += share
        self.games += 1
        self.judged += out.judged
        for level, spent in out.times.items():
            self.times[level].extend(spent)


def duel(args: argparse.Namespace, options: Mapping[str, Any] | None) -> None:
    """A against B on the same deals, sides swapped: two-player games and team games."""
    teams = teams_of(args.game, args.players)
    if len(teams) != 2:
        raise SystemExit("duel needs two sides (2 players, or 4 in teams); use 'field'")
    games: list[Game] = []
    for pair in range(args.pairs):
        for a_side in (0, 1):
            levels = [""] * args.players
            for side, seats in enumerate(teams):
                for seat in seats:
                    levels[seat] = args.a if side == a_side else args.b
            seed = args.seed + pair
            games.append(
                Game(args.game, args.players, seed, tuple(levels), frozen(options), args.cap)
            )
    tally = Tally()
    for g, out in run(games, args.jobs, args.record):
        a_seats = {seat for seat, level in enumerate(g.levels) if level == args.a}
        if args.a == args.b:  # a mirror match: the first side plays "A"
            a_seats = set(teams[0])
        a_won = any(w in a_seats for w in out.winners)
        b_won = any(w not in a_seats for w in out.winners)
        tally.add(1.0 if a_won and not b_won else 0.5 if a_won and b_won else 0.0, out)
    report(args, f"{args.a} vs {args.b}", tally)


def field(args: argparse.Namespace, options: Mapping[str, Any] | None) -> None:
    """One ``level`` among ``vs`` players, its seat rotated through every seat per deal."""
    games: list[Game] = []
    seats: list[int] = []
    seed = args.seed
    while len(games) < args.games:
        for seat in range(args.players):
            if len(games) >= args.games:
                break
            levels = [args.vs] * args.players
            levels[seat] = args.level
            games.append(
                Game(args.game, args.players, seed, tuple(levels), frozen(options), args.cap)
            )
            seats.append(seat)
        seed += 1
    seat_of = {g.key(): seat for g, seat in zip(games, seats, strict=True)}
    tally = Tally()
    for g, out in run(games, args.jobs, args.record):
        seat = seat_of[g.key()]
        tally.add(1.0 / len(out.winners) if seat in out.winners else 0.0, out)
    share = 1.0 / args.players
    report(args, f"{args.level} among {args.vs} (fair share {share:.0%})", tally)


def speed(args: argparse.Namespace, options: Mapping[str, Any] | None) -> None:
    """Decision time of one level playing every seat, over ``moves`` decisions (one process,
    so the times are those of one core)."""
    tally = Tally()
    seed = args.seed
    while len(tally.times[args.level]) < args.moves:
        levels = (args.level,) * args.players
        g = Game(args.game, args.players, seed, levels, frozen(options), args.cap)
        out = play(g, args.seconds)
        for level, spent in out.times.items():
            tally.times[level].extend(spent)
        for level, counts in out.reached.items():
            tally.reached[level].extend(counts)
        seed += 1
    report(args, f"{args.level} speed", tally, win_rate=False)


def soak(args: argparse.Namespace, options: Mapping[str, Any] | None) -> None:
    """Thousands of AI moves of mixed levels over every table size of the game (the marathons
    that used to run in the tests): every move is applied by the engine, which refuses an
    illegal one, and every game must end before ``--cap`` decisions. A game that does not end
    is named with its seed and the run exits 1, so a level that stalls a game shows here.
    The tests keep a few seeded games of each game (legal moves, games that end)."""
    engine = registry.get(args.game)
    sizes = list(range(engine.min_players, engine.max_players + 1))
    mix = args.levels.split(",")
    unknown = set(mix) - set(levels_of(args.game))
    if unknown:
        raise SystemExit(f"{args.game} has no level {', '.join(sorted(unknown))}")
    rng = random.Random(args.seed)
    tally = Tally()
    stalled: list[Game] = []
    moves = 0
    seed = args.seed
    while moves < args.moves:
        players = sizes[tally.games % len(sizes)]
        levels = tuple(rng.choice(mix) for _ in range(players))
        g = Game(args.game, players, seed, levels, frozen(options), args.cap)
        out = play(g)
        for level, spent in out.times.items():
            tally.times[level].extend(spent)
            moves += len(spent)
        tally.games += 1
        if out.judged:
            stalled.append(g)
        seed += 1
    sizes_text = f"{sizes[0]}-{sizes[-1]}" if len(sizes) > 1 else str(sizes[0])
    report(args, f"{moves} AI moves in {tally.games} games, all legal", tally, False, sizes_text)
    for g in stalled:
        print(f"  did not end within {g.cap} decisions: seed {g.seed}, {g.players}p, {g.levels}")
    if stalled:
        raise SystemExit(1)


#: the targets: (mode, tested level, opponents' level, players) -> least win share. Issue 43's:
#: normal against the baseline, strong against normal ("as before", with the field shares of
#: the earlier AI work). Games against random have none: issue 43 set none, since a player
#: of three rules of thumb also beats random (the runs still show a level plays legally and
#: with purpose); the old 90% for normal and 75% for easy are gone (bench/README.md)
TARGETS: dict[tuple[str, str, str, int], float] = {
    **{("duel", "normal", "baseline", n): 0.65 for n in (2, 4)},
    ("field", "normal", "baseline", 3): 0.45,
    **{("duel", "strong", "normal", n): 0.60 for n in (2, 4)},
    ("field", "strong", "normal", 3): 0.45,
    ("field", "strong", "normal", 4): 0.35,
    ("field", "strong", "normal", 5): 0.30,
}


def summary(args: argparse.Namespace, options: Mapping[str, Any] | None) -> None:
    """A Markdown table of every record file in ``--results`` (named as ``--record`` files
    are: ``<mode>-<game>-<N>p-<level>-<opponents>.jsonl``), for bench/README.md."""
    print("| game | players | match-up | games | win rate | 95% CI | target |")
    print("|---|---|---|---|---|---|---|")
    for path in sorted(Path(args.results).glob("*.jsonl")):
        mode, game, players_text, tested, other = path.stem.split("-")
        players = int(players_text.rstrip("p"))
        teams = teams_of(game, players)
        score = 0.0
        games = 0
        for line in path.read_text().splitlines():
            row = json.loads(line)
            levels = json.loads(row["key"])[3]
            winners = set(row["winners"])
            if mode == "duel":
                mine = next(set(t) for t in teams if levels[t[0]] == tested)
                won, lost = bool(winners & mine), bool(winners - mine)
                score += 1.0 if won and not lost else 0.5 if won else 0.0
            else:
                seat = levels.index(tested)
                score += 1.0 / len(winners) if seat in winners else 0.0
            games += 1
        low, high = wilson(score, games)
        goal = TARGETS.get((mode, tested, other, players))
        size = 400 if mode == "duel" else 300  # the issues' run sizes
        verdict = "" if goal is None else "✅" if score / games >= goal else "❌"
        if games < size:
            verdict = f"{verdict} so far ({games} of {size} games)"
        met = "" if goal is None else f"≥ {goal:.0%} {verdict}"
        among = f"{tested} vs {other}" if mode == "duel" else f"one {tested} among {other}"
        title = registry.get(game).title
        print(
            f"| {title} | {players} | {among} | {games} | {score / games:.1%} "
            f"| {low:.1%}–{high:.1%} | {met} |"
        )


def budgets(game: str) -> Mapping[str, int]:
    try:
        return importlib.import_module(f"games.{game}.ai").BUDGETS
    except (ImportError, AttributeError):
        return {}


def report(
    args: argparse.Namespace,
    what: str,
    tally: Tally,
    win_rate: bool = True,
    players: str | None = None,
) -> None:
    print(f"{args.game} {players or args.players}p: {what}")
    if win_rate:
        low, high = wilson(tally.score, tally.games)
        rate = tally.score / tally.games if tally.games else 0.0
        print(f"  win rate {rate:.1%} over {tally.games} games (95% CI {low:.1%}-{high:.1%})")
    if tally.judged:
        print(f"  {tally.judged} games reached the cap of {args.cap} decisions: the leader won")
    declared = budgets(args.game)
    busy = " (several processes: see 'speed' for one core)" if args.jobs > 1 else ""
    for level, spent in sorted(tally.times.items()):
        ms = sorted(t * 1000 for t in spent)
        p95 = ms[min(len(ms) - 1, int(0.95 * len(ms)))]
        iters = declared.get(level)
        extra = f", {iters} iterations/move" if iters else ""
        print(
            f"  {level}: {len(ms)} decisions, p50 {statistics.median(ms):.2f} ms, "
            f"p95 {p95:.2f} ms, max {ms[-1]:.2f} ms (CPU){extra}{busy}"
        )
        marks = tally.reached.get(level, [])
        if marks:
            # negative: the budget stopped the search after that many playouts; positive: it
            # ran to its cap (the last check comes one round before the end)
            stopped = sorted(-m for m in marks if m < 0)
            text = f"    with a {args.seconds} s budget: {len(marks)} searches, "
            text += f"{len(stopped)} stopped by it"
            if stopped:
                text += f" (playouts reached: min {stopped[0]}, p50 "
                text += f"{statistics.median(stopped):.0f}, of {iters} at most)"
            print(text)


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n")[0])
    sub = parser.add_subparsers(dest="mode", required=True)
    common = argparse.ArgumentParser(add_help=False)
    common.add_argument("--game", default="rowboat", choices=registry.names())
    common.add_argument("--players", type=int, help="default: the game's fewest")
    common.add_argument("--seed", type=int, default=1)
    common.add_argument("--option", action="append", default=[], help="name=value (JSON value)")
    common.add_argument("--cap", type=int, default=CAP, help="decisions before the leader wins")
    common.add_argument("--jobs", type=int, default=1, help="processes playing games")
    common.add_argument("--record", type=Path, help="JSON-lines file of games: append, resume")
    d = sub.add_parser("duel", parents=[common])
    d.add_argument("--a", default="normal")
    d.add_argument("--b", default="baseline")
    d.add_argument("--pairs", type=int, default=200)
    f = sub.add_parser("field", parents=[common])
    f.add_argument("--level", default="strong")
    f.add_argument("--vs", default="baseline")
    f.add_argument("--games", type=int, default=300)
    s = sub.add_parser("speed", parents=[common])
    s.add_argument("--level", default="strong")
    s.add_argument("--moves", type=int, default=200)
    s.add_argument(
        "--seconds", type=float, help="CPU-time budget per search, as [tables] ai_seconds"
    )
    k = sub.add_parser("soak", parents=[common])
    k.add_argument("--moves", type=int, default=10_000)
    k.add_argument("--levels", default="easy,normal", help="levels drawn for each seat")
    r = sub.add_parser("summary", parents=[common])
    r.add_argument("--results", default=str(Path(__file__).parent / "results"))
    args = parser.parse_args(argv)
    engine = registry.get(args.game)
    if args.players is None:
        args.players = engine.min_players
    elif not engine.min_players <= args.players <= engine.max_players:
        parser.error(
            f"{args.game} is played by {engine.min_players} to {engine.max_players} players"
        )
    options = {k: json.loads(v) for k, v in (o.split("=", 1) for o in args.option)} or None
    modes = {"duel": duel, "field": field, "speed": speed, "soak": soak, "summary": summary}
    modes[args.mode](args, options)


if __name__ == "__main__":
    main()
