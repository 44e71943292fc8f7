"""AI move seeds come from a per-game secret, not from the deal (issue 43).

Before, a policy's seed was a function of the game's seed, the version and the seat, and could
be inverted step by step to the deal's seed, from which ``new_game`` rebuilds every hand. Now
each game has a random AI secret stored with it and a seed is an HMAC under it: two games dealt
from the same seed get unrelated AI seeds, and nothing a policy is shown holds the secret.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from bot.ai import move_seed, random_policy
from bot.sessions import SessionManager
from games.core import Observation
from tests.bot.sessions_support import TALLY, engines
from tests.bot.store.test_store import query
from tests.postgres import Db

HOST = 100
#: a deal whose first turn is seat 1 (an AI seat below): ``seed % players``
SEED = 43


async def ai_game(mgr: SessionManager, channel: int) -> int:
    """A started Tally game of the host and two AI seats, dealt from ``SEED``."""
    info = await mgr.create_lobby(
        guild_id=9, channel_id=channel, game="tally", host_id=HOST, host_name="Host",
        options={"target": 50}, seed=SEED,
    )  # fmt: skip
    for _ in range(2):
        await mgr.add_ai(info.id, HOST)
    await mgr.start(info.id, HOST)
    await mgr.settle()
    return info.id


async def secrets_of(target: str) -> dict[int, str | None]:
    return dict(await query(target, "SELECT id, ai_secret FROM games"))


async def test_two_games_of_one_deal_get_unrelated_ai_seeds(tmp_path: Path, db: Db) -> None:
    target = db("s")
    seen: list[tuple[Observation, int]] = []

    def spy(observation: Observation, seed: int) -> str:
        seen.append((observation, seed))
        return random_policy(observation, seed)

    mgr = await SessionManager.open(target, engines=engines, policy=spy)
    try:
        first = await ai_game(mgr, 1)
        one = list(seen)
        seen.clear()
        second = await ai_game(mgr, 2)
        two = list(seen)
        info_one, _ = await mgr.state(first)
        info_two, _ = await mgr.state(second)
    finally:
        await mgr.close()
    assert TALLY.new_game(3, {"target": 50}, SEED).turn == 1
    # the same deal, the same positions (seats 1 and 2 moved at versions 0 and 1) ...
    assert [o.seat for o, _ in one] == [o.seat for o, _ in two] == [1, 2]
    assert one[0][0].view == two[0][0].view
    # ... and unrelated seeds: the seed is not a function of the deal
    assert {s for _, s in one}.isdisjoint(s for _, s in two)
    stored = await secrets_of(target)
    for gid, moves in ((first, one), (second, two)):
        secret = stored[gid]
        assert secret is not None and len(bytes.fromhex(secret)) == 32
        assert [seed for _, seed in moves] == [move_seed(secret, v, s) for v, s in ((0, 1), (1, 2))]
        # nothing a policy or the table is shown carries the secret
        for observation, _ in moves:
            assert secret not in repr(observation)
    assert stored[first] != stored[second]
    assert all(s not in repr(info) for s in stored.values() for info in (info_one, info_two))


async def test_a_game_stored_without_a_secret_gets_one_at_load_and_keeps_it(
    tmp_path: Path, db: Db
) -> None:
    """Games stored before migration 11 have none: loading draws one and writes it, and a
    second load finds the same (the column is written once)."""
    target = db("old")
    mgr = await SessionManager.open(target, engines=engines, autoplay=False)
    try:
        gid = await ai_game(mgr, 1)
    finally:
        await mgr.close()
    await query(target, "UPDATE games SET ai_secret = NULL")
    seeds: list[int] = []

    def spy(observation: Observation, seed: int) -> str:
        seeds.append(seed)
        return random_policy(observation, seed)

    found: list[Any] = []
    for _ in range(2):
        mgr = await SessionManager.open(target, engines=engines, autoplay=False)
        await mgr.close()
        found.append((await secrets_of(target))[gid])
    assert found[0] is not None and found[0] == found[1]
    mgr = await SessionManager.open(target, engines=engines, policy=spy)
    try:
        await mgr.settle()
    finally:
        await mgr.close()
    assert seeds[0] == move_seed(found[0], 0, 1)
