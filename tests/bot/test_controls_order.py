"""Controls in the order of the turn, dangerous ones behind a question (issue 36, item 4): Boat's
bids come before a quiet Pass; Boat greys the cards that may not be played; once-a-game cards ask
first and are not coloured like danger buttons; a faded hand's **Lighthouse view** does not stay
on the next hand's table; Boat Canasta reads draw → meld → discard, offers Draw and the take-back
of staged melds on every screen, and deals the next round by itself."""

from __future__ import annotations

import io
import random
from typing import Any

import pytest
from PIL import Image

from bot.controls import hand_view
from bot.render import ActionSpec, EmbedSpec, HandSpec, NavSpec, TableContext
from bot.render import rowboat as rowboat_render
from bot.render.boat import RENDERER as BOAT
from bot.render.boat_canasta import RENDERER as CANASTA
from bot.sessions import SessionManager
from games import Action, registry
from tests.bot.flows import new_table
from tests.bot.harness import Clock, FakeDiscord, User

ALICE = User(1001, "Alice")
CTX = TableContext(7, "Boat", ("Ann", "Ben", "Cy", "Di"), (1, 2, 3, 4), "live")


def boat_after(codes: list[str]) -> Any:
    engine = registry.get("boat")
    state = engine.new_game(4, {"first_dealer": 3, "target_score": 50}, seed=11)
    for code in codes:
        state, _ = engine.apply(state, engine.to_act(state)[0], code)
    return state


def test_boat_bidding_puts_the_bids_first_and_pass_quietly_last() -> None:
    engine = registry.get("boat")
    state = boat_after([])
    spec = BOAT.hand(CTX, engine.view(state, 0), 0, engine.legal_actions(state, 0))
    assert spec.buttons[0].code.startswith("bid:")
    [passing] = [b for b in spec.buttons if b.code == "pass"]
    assert passing is spec.buttons[-1] and passing.style not in ("danger", "success")


def test_boat_greys_the_cards_that_may_not_be_played() -> None:
    """Somewhere in a seeded game a seat must follow suit: its hand view names the playable
    cards (the legal plays) and the picture greys the others (it differs from the same hand
    drawn with every card playable)."""
    engine = registry.get("boat")
    state = boat_after([])
    for _ in range(200):
        [seat] = engine.to_act(state)
        legal = engine.legal_actions(state, seat)
        view = engine.view(state, seat)
        if legal and all(a.verb == "play" for a in legal) and len(legal) < len(view["hand"]):
            break
        state, _ = engine.apply(state, seat, legal[0])
    else:
        raise AssertionError("no seat ever had to follow suit")
    assert sorted(view["playable"]) == sorted(a.arg for a in legal)
    drawer = BOAT.pictures
    assert drawer is not None
    greyed = Image.open(io.BytesIO(drawer.hand_image(view)))
    plain = Image.open(io.BytesIO(drawer.hand_image({**view, "playable": view["hand"]})))
    assert greyed.tobytes() != plain.tobytes()
    assert "playable" not in engine.view(state, None)  # never on the table
    assert "playable" not in engine.view(state, (seat + 1) % 4)  # nor another seat's view


def test_once_a_game_cards_ask_first_and_are_not_danger_coloured() -> None:
    for code in ("rowboat", "lighthouse"):
        spec: ActionSpec = rowboat_render.describe(Action(code))
        assert "now?" in spec.confirm and spec.below
        assert spec.style not in ("danger", "success")


@pytest.mark.slow
async def test_a_once_a_game_card_asks_before_it_is_played(fake: FakeDiscord, tmp_path) -> None:
    table = await new_table(fake, tmp_path)
    await table.start_game(
        "rowboat", [ALICE], ai=1, options="novice = true\nfirst_dealer = 1\nlighthouse_seconds = 60"
    )
    try:
        hand = await table.open_hand(ALICE)
        for _ in range(40):
            if any(c[0] == "lighthouse" for c in table.controls(hand)):
                break
            _, state = await table.bot.manager.state(table.game_id)
            legal = registry.get("rowboat").legal_actions(state, 0)
            await table.act(ALICE, next(a.code for a in legal if a.code != "lighthouse"))
        [(_, cid, _)] = [c for c in table.controls(hand) if c[0] == "lighthouse"]
        assert cid.startswith("gc:")
        before = (await table.bot.manager.get(table.game_id)).version
        token = await table.click(ALICE, hand, cid)
        assert "Light the Lighthouse now?" in fake.reply_text(token)
        assert fake.labels(hand) == ["Yes: Use the Lighthouse", "Cancel"]
        assert (await table.bot.manager.get(table.game_id)).version == before
        await table.click(ALICE, hand, f"h:{table.game_id}:keep")  # Cancel: the hand again
        assert (await table.bot.manager.get(table.game_id)).version == before
        assert any(c[0] == "lighthouse" for c in table.controls(hand))
        await table.act(ALICE, "lighthouse")  # asks, then Yes
        log = await table.bot.manager.actions(table.game_id)
        assert (0, "lighthouse") in [(seat, code) for _, seat, code in log]
    finally:
        await table.bot.close()


@pytest.mark.slow
async def test_the_lighthouse_view_leaves_the_table_with_its_hand(
    fake: FakeDiscord, tmp_path
) -> None:
    clock = Clock()  # the light does not fade by time here: only the new hand puts it out
    table = await new_table(fake, tmp_path, clock=clock)
    await table.start_game(
        "rowboat", [ALICE], ai=1, options="novice = true\nfirst_dealer = 1\nlighthouse_seconds = 60"
    )
    engine = registry.get("rowboat")
    try:
        lit = False
        for _ in range(60):
            _, state = await table.bot.manager.state(table.game_id)
            view = engine.view(state, None)
            if lit and view.get("hand_number", 1) > 1:
                break
            legal = [a.code for a in engine.legal_actions(state, 0)]
            if not lit and "lighthouse" in legal:
                await table.act(ALICE, "lighthouse")
                lit = True
                assert "Lighthouse view" in fake.labels(table.lobby)
                continue
            await table.act(ALICE, next(c for c in legal if c != "lighthouse"))
        else:
            raise AssertionError("the first hand did not end")
        assert "Lighthouse view" not in fake.labels(table.lobby)
    finally:
        await table.bot.close()


def canasta_states(seeds: range, steps: int = 400) -> Any:
    """(state, seat) of random Boat Canasta games wherever a seat is to act, melds preferred
    half the time so staged melds and meld screens come up."""
    engine = registry.get("boat_canasta")
    options = dict(registry.package("boat_canasta").profile.options)
    for seed in seeds:
        rng = random.Random(seed)
        players = 2 if seed % 2 else 4
        state = engine.new_game(players, options, seed)
        for _ in range(steps):
            if engine.is_over(state):
                break
            seat = engine.to_act(state)[0]
            yield state, seat
            legal = engine.legal_actions(state, seat)
            melds = [a for a in legal if a.verb in ("meld", "add")]
            pick = rng.choice(melds if melds and rng.random() < 0.5 else legal)
            state, _ = engine.apply(state, seat, pick)


def canasta_screens(state: Any, seat: int) -> list[tuple[str | None, Any]]:
    engine = registry.get("boat_canasta")
    players = len(engine.view(state, None).get("hand_counts") or [0, 0])
    ctx = TableContext(7, "Boat Canasta", tuple(f"P{i}" for i in range(players)), (), "live")
    legal = engine.legal_actions(state, seat)
    view = engine.view(state, seat)
    top = CANASTA.hand(ctx, view, seat, legal)
    return [(None, top)] + [
        (nav.focus, CANASTA.hand(ctx, view, seat, legal, nav.focus)) for nav in top.navs
    ]


@pytest.mark.slow
def test_canasta_offers_draw_and_take_back_on_every_screen_where_they_are_legal() -> None:
    """'Your move: draw' never stands on a screen without a Draw button (a meld screen opened
    while staging in the draw phase), and staged melds can be taken back from every screen."""
    engine = registry.get("boat_canasta")
    checked = {"draw": 0, "cancel": 0}
    for state, seat in canasta_states(range(6)):
        legal = {a.code for a in engine.legal_actions(state, seat)}
        for focus, spec in canasta_screens(state, seat):
            offered = {b.code for b in spec.buttons}
            offered |= {a.code for c in spec.choices for a in c.actions}
            for code in ("draw", "cancel"):
                if code in legal:
                    assert code in offered, (focus, [b.label for b in spec.buttons])
                    checked[code] += focus is not None
    assert checked["draw"] > 10 and checked["cancel"] > 10, checked


def test_canasta_discard_menu_comes_after_the_meld_controls() -> None:
    """Draw → meld → discard: on a hand that offers both, the turn-ending discard menu sits
    on a row below the meld controls (the navs to each rank)."""
    for state, seat in canasta_states(range(6)):
        _, top = canasta_screens(state, seat)[0]
        discards = [c for c in top.choices if any(a.code.startswith("discard:") for a in c.actions)]
        if not (top.navs and discards):
            continue
        view = hand_view(7, seat, 3, top, snapshot=None, step_away=True)
        rows: dict[str, int] = {}
        for child in view.children:
            item = getattr(child, "item", child)  # a dynamic item wraps its component
            cid = str(getattr(item, "custom_id", ""))
            kind = "nav" if cid.startswith(("gn:", "gv:")) else "act"
            options = getattr(item, "options", None) or []
            if any(str(o.value).startswith("discard:") for o in options):
                kind = "discard"
            if item.row is not None:
                rows.setdefault(kind, item.row)
        assert rows["discard"] > rows["nav"], rows
        assert all(row < 5 for row in rows.values())
        return
    raise AssertionError("no hand offered melds and a discard together")


@pytest.mark.slow
async def test_canasta_deals_the_next_round_by_itself(tmp_path) -> None:
    """Nobody clicks "Deal the next round": once a round is scored the next is dealt at once,
    as an action of the next dealer (the log stays replayable), in a game of people only."""
    engine = registry.get("boat_canasta")
    mgr = await SessionManager.open(tmp_path / "d.sqlite3")
    try:
        info = await mgr.create_lobby(
            guild_id=1,
            channel_id=1,
            game="boat_canasta",
            host_id=100,
            host_name="P0",
            seed=3,
            options=registry.package("boat_canasta").profile.options,
        )
        await mgr.join(info.id, 101, "P1")
        await mgr.start(info.id, 100)
        rng = random.Random(3)
        for _ in range(2000):
            await mgr.settle()
            info, state = await mgr.state(info.id)
            rounds = [code for _, _, code in await mgr.actions(info.id) if code == "deal"]
            if rounds:
                break
            assert engine.view(state, None)["phase"] != "scored"  # never left waiting
            [seat] = engine.to_act(state)
            await mgr.act(info.id, seat, rng.choice(engine.legal_actions(state, seat)).code, None)
        else:
            raise AssertionError("no round was scored")
        assert info.status == "live" and engine.view(state, None)["phase"] == "draw"
    finally:
        await mgr.close()


def test_many_card_navs_are_one_menu_and_the_last_row_stays() -> None:
    """Twenty cards to pick from (a grown Game of Rows hand) are one menu, not four rows of
    buttons that a phone wraps into eight, and the hand keeps its last row (Refresh, Step
    away); a few cards stay buttons, one tap each."""

    def rows_of(navs: int) -> tuple[list[str], list[str]]:
        spec = HandSpec(
            embed=EmbedSpec(title="Your hand"),
            buttons=(ActionSpec("skip", "Skip"),),
            navs=tuple(NavSpec(f"c{n}", f"Card {n}") for n in range(navs)),
        )
        view = hand_view(7, 0, 3, spec, snapshot=None, step_away=True)
        kinds = [type(item).__name__ for item in view.children]
        labels = [getattr(getattr(item, "item", item), "label", "") for item in view.children]
        return kinds, labels

    kinds, labels = rows_of(20)
    assert kinds.count("NavSelect") == 1 and "NavButton" not in kinds
    assert "Refresh" in labels and "Step away" in labels
    kinds, labels = rows_of(8)
    assert kinds.count("NavButton") == 8 and "Refresh" in labels
