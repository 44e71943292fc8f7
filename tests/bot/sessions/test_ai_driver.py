"""The AI driver alone, with a fake ``apply``: observations only, histories, levels, takeover,
and the process pool for searching levels."""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from bot.ai import move_seed, resolve_level
from bot.sessions import Seat
from bot.sessions.ai import AiConfig, AiDriver, rebuild_history
from bot.sessions.record import GameRecord
from bot.store import ActionRow
from games import registry
from games.core import Observation, Policy, start_game
from games.search import SeatHistory, random_policy
from games.turn_the_tide.knowledge import Knowledge
from tests.bot.sessions_support import TALLY

#: the AI secret of every record here
SECRET = "5e" * 32


def record(
    engine: Any, seats: tuple[Seat, ...], options: Mapping[str, Any], seed: int
) -> GameRecord:
    g = GameRecord(1, 1, 1, engine.name, 10, "live", seats, dict(options), seed, 0, {}, 0.0, engine)
    g.ai_secret = SECRET
    g.state = engine.new_game(len(seats), dict(options), seed)
    return g


class FakeManager:
    """Stands in for the manager: applies under no lock, keeps the log, tells the driver."""

    def __init__(self, g: GameRecord, **driver: Any) -> None:
        """``driver``: the AI driver's options; it is built here, handed this fake's
        ``apply`` and ``action_log`` as the manager hands it its own."""
        self.g = g
        self.log: list[ActionRow] = []
        self.applied: list[tuple[int, str, str]] = []
        self.driver = AiDriver(self.apply, self.action_log, **driver)

    def move(self, seat: int, code: str) -> None:
        g = self.g
        g.state, events = g.engine.apply(g.state, seat, code)
        g.version += 1
        self.log.append(ActionRow(g.version, seat, code))
        if g.engine.is_over(g.state):
            g.status = "finished"
        self.driver.committed(g, events)

    async def apply(
        self, g: GameRecord, seat: int, code: str, expected: int, cause: str,
        guard: Callable[[], bool],
    ) -> bool:  # fmt: skip
        if g.version != expected or g.status != "live" or not guard():
            return False
        self.move(seat, code)
        self.applied.append((seat, code, cause))
        self.driver.kick(g)
        return True

    async def action_log(self, game_id: int) -> Sequence[ActionRow]:
        return list(self.log)


AI = (Seat(0, 10, "A"), Seat(1, None, "AI 1", "random"), Seat(2, None, "AI 2", "normal"))


async def test_ai_seats_play_from_observations_only() -> None:
    seen: list[Any] = []

    def spy(observation: Observation, seed: int) -> str:
        seen.append((observation, seed))
        return random_policy(observation, seed)

    g = record(TALLY, AI, {"target": 30, "mode": "together"}, 4)
    fake = FakeManager(g, policy=spy)
    driver = fake.driver
    driver.enabled = True
    driver.started(g)
    driver.kick(g)
    await asyncio.gather(*driver.pending())
    # both AI seats picked; the person is the only one left to act
    assert TALLY.to_act(g.state) == [0] and [s for s, _, _ in fake.applied] == [1, 2]
    for observation, _ in seen:
        assert isinstance(observation, Observation) and observation.game == "tally"
        assert observation.legal == ("add:1", "add:2")
        assert all(e.visible(observation.seat) for e in observation.events)
    first, second = seen
    assert first[1] == move_seed(SECRET, 0, 1) and second[1] == move_seed(SECRET, 1, 2)
    # seat 2 saw seat 1's public "ready" but not its private "picked"
    assert [e.kind for e in second[0].events] == ["ready"]
    await driver.close()


async def test_history_rebuilt_from_the_log_equals_the_one_fed_live() -> None:
    g = record(TALLY, AI, {"target": 60, "mode": "together"}, 2)
    fake = FakeManager(g)
    driver = fake.driver
    driver.started(g)
    for seat, code in [(1, "add:2"), (0, "add:1"), (2, "add:1"), (1, "add:1"), (0, "add:2")]:
        fake.move(seat, code)
    live = await driver.history(g)
    assert live is not None
    driver.forget(g.id)  # as after a restart: nothing in memory
    rebuilt = await driver.history(g)
    assert rebuilt is not None and rebuilt is not live
    assert rebuilt.shown == live.shown and len(rebuilt.shown[0]) > 0
    direct = rebuild_history(TALLY, 3, g.options, g.seed, fake.log)
    assert direct.shown == live.shown


async def test_an_ai_seat_remembers_its_first_hand_set_in_later_rounds() -> None:
    """Turn the Tide deals every hand set once, in ``new_game``, and passes them left each
    round, so a seat that saw its first set knows it for the rest of the game. A history that
    began empty (without the start's events) forgot it from round 2 on (issue 43), in the
    live history and in the one rebuilt from the log alike."""
    engine = registry.get("turn_the_tide")
    seats = tuple(Seat(i, None, f"AI {i}", "easy") for i in range(3))
    g = record(engine, seats, {}, 5)
    fake = FakeManager(g)
    fake.driver.started(g)
    while g.state.round == 0:
        seat = engine.to_act(g.state)[0]
        fake.move(seat, engine.legal_actions(g.state, seat)[-1].code)
    live = await fake.driver.history(g)
    fake.driver.forget(g.id)
    rebuilt = await fake.driver.history(g)
    for history in (live, rebuilt):
        assert history is not None
        for seat in range(3):
            known = Knowledge(history.observe(engine, g.state, seat))
            # round 0: seat s held H_s; round 1 (now): H_{s-1}
            assert known.sets[seat] == g.state.sets[seat], (seat, known.sets)
            assert known.sets[(seat - 1) % 3] == g.state.sets[(seat - 1) % 3]
    await fake.driver.close()


def test_every_game_history_begins_with_what_the_start_showed_each_seat() -> None:
    """The driver's history of a game that just started holds, for each seat, exactly the
    start's events that seat may see (its first hand where the deal happens at the start)."""
    for name in registry.names():
        engine = registry.get(name)
        players = engine.min_players
        seats = tuple(Seat(i, None, f"AI {i}", "easy") for i in range(players))
        g = record(engine, seats, {}, 9)
        driver = FakeManager(g).driver
        driver.started(g)
        state, events = start_game(engine, players, {}, 9)
        assert engine.dump(state) == engine.dump(g.state)
        if name in ("boat", "boat_canasta", "game_of_rows", "turn_the_tide"):
            # (Rowboat's start asks for the Moon decision and deals after it)
            assert events, f"{name}: its start shows nothing"
        history = driver._histories[g.id]
        for seat in range(players):
            assert history.shown[seat] == [e for e in events if e.visible(seat)], name


async def test_a_history_read_while_a_move_lands_is_not_used() -> None:
    g = record(TALLY, AI, {"target": 60}, 2)
    fake = FakeManager(g)
    driver = fake.driver
    fake.move(TALLY.to_act(g.state)[0], "add:1")
    fake.log.pop()  # the log read misses a committed move: the version says otherwise
    assert await driver.history(g) is None
    assert await driver.choose(g, TALLY.to_act(g.state)[0], g.version, "random") is None


def levels(game: str) -> Mapping[str, Policy]:
    def normal(observation: Observation, seed: int) -> str:
        return observation.legal[-1]

    return {"random": random_policy, "normal": normal}


async def test_levels_fall_back_and_the_takeover_plays_normal() -> None:
    assert resolve_level(levels("x"), "normal", "random") == "normal"
    assert resolve_level(levels("x"), "strong", "normal") == "normal"  # missing: the default
    assert resolve_level(levels("x"), "genius", "strong") == "random"  # neither: random
    people = (Seat(0, 10, "A"), Seat(1, 11, "B"))
    g = record(TALLY, people, {"target": 30}, 5)
    fake = FakeManager(g, levels=levels)
    driver = fake.driver
    seat = TALLY.to_act(g.state)[0]
    due = True
    await driver.takeover(g, seat, lambda: due)
    assert fake.applied == [(seat, "add:2", "timeout")]  # "normal" took the last legal code
    due = False  # a timer that is no longer current plays nothing
    await driver.takeover(g, 1 - seat, lambda: due)
    assert len(fake.applied) == 1


async def test_a_searching_level_runs_in_a_worker_process() -> None:
    """``random`` is routed to the process pool here (no game of this branch has a searching
    level yet): the worker finds the policy by game name and level, from plain data, with the
    CPU-time budget of ``[tables] ai_seconds`` (which only anytime levels use)."""
    game = registry.get("rowboat")
    config = AiConfig(process_levels=frozenset({"random"}), processes=1, ai_seconds=0.8)
    seats = (Seat(0, 10, "A"), Seat(1, None, "AI 1", "random"))
    g = record(game, seats, {}, 11)
    driver = FakeManager(g, config=config).driver
    driver.started(g)
    seat = game.to_act(g.state)[0]
    try:
        code = await driver.choose(g, seat, 0, "random")
    finally:
        await driver.close()
    assert driver._processes is not None  # the pool was used
    observation = SeatHistory(2).observe(game, g.state, seat)
    assert code == random_policy(observation, move_seed(SECRET, 0, seat))


def test_the_driver_defaults_hold_no_move_back() -> None:
    """The manager's default (tests, tools) shows AI moves at once; the bot's config sets 1 s."""
    assert AiConfig().think_seconds == 0.0 and AiConfig().takeover_level == "normal"
