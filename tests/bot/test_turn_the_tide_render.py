"""The Turn the Tide renderer on engine states: what the table and a hand show, and what not."""

from __future__ import annotations

import random
import re

from bot import controls
from bot.render import MAX_DESCRIPTION, MAX_EMBED_TOTAL, EmbedSpec, TableContext
from bot.render import turn_the_tide as r
from bot.render.turn_the_tide import RENDERER as R
from games import Action, Event, registry
from games.core import Result

ENGINE = registry.get("turn_the_tide")
NAMES = ("Ann", "Ben", "Cy", "Di", "Eve")
SEAT0 = [1, 5, 12, 13, 24, 25, 36, 37, 48, 49, 55, 60]


def ctx(players: int, log: tuple[str, ...] = (), status: str = "live") -> TableContext:
    return TableContext(7, "Turn the Tide", NAMES[:players], (1,) * players, status, log=log)


def rigged(players: int = 3, tide: list[int] | None = None, **options):
    """Seat 0 holds :data:`SEAT0`; the others the next cards up (dealt one at a time)."""
    rest = iter(c for c in range(1, 61) if c not in SEAT0)
    order = []
    for card in SEAT0:
        order.append(card)
        order.extend(next(rest) for _ in range(players - 1))
    deck = {"weather": order, "tide": tide or [3, 10, 5, 8]}
    return ENGINE.new_game(players, options or None, seed=1, deck=deck)


def shows(card: str, written: str) -> bool:
    """Whether a weather card is written (``☔3`` but not the start of ``☔31``)."""
    return re.search(re.escape(r.card_text(card)) + r"(?![0-9])", written) is not None


def text(spec: EmbedSpec) -> str:
    return "\n".join(
        [spec.title, spec.description, spec.footer, *(f"{f.name}\n{f.value}" for f in spec.fields)]
    )


def table_of(state, players: int, **kw) -> EmbedSpec:
    return R.table(
        ctx(players, **kw), ENGINE.view(state, None), ENGINE.result(state), ENGINE.to_act(state)
    )


def test_the_hand_is_one_select_of_the_cards_with_their_preserver_marks() -> None:
    state = rigged()
    legal = ENGINE.legal_actions(state, 0)
    spec = R.hand(ctx(3), ENGINE.view(state, 0), 0, legal)
    assert spec.buttons == () and len(spec.choices) == 1
    options = spec.choices[0].actions
    assert [o.code for o in options] == [f"play:{c}" for c in SEAT0]
    labels = {o.code: (o.label, o.description) for o in options}
    assert labels["play:5"] == ("☔5", "no preserver")
    assert labels["play:13"] == ("☔13 ½🛟", "carries half a preserver")
    assert labels["play:25"] == ("☔25 🛟", "carries a whole preserver")
    assert labels["play:49"] == ("☔49", "no preserver")
    assert "☔36 🛟 · ☔37 ½🛟" in spec.embed.description
    assert "**Your move:**" in spec.embed.description
    assert "🌊3 and 🌊10" in spec.embed.description


def test_who_has_chosen_shows_on_the_table_but_never_what() -> None:
    state = rigged(4)
    state, _ = ENGINE.apply(state, 0, "play:37")
    state, _ = ENGINE.apply(state, 2, "play:3")
    table = text(table_of(state, 4))
    assert not shows("37", table) and not shows("3", table)
    fields = {f.name.removeprefix("▶ "): f.value for f in table_of(state, 4).fields}
    assert "✅ has chosen" in fields["Ann"] and "✅ has chosen" in fields["Cy"]
    assert "⏳ choosing" in fields["Ben"] and "⏳ choosing" in fields["Di"]
    # the seats still to choose are marked on the table
    marked = {f.name for f in table_of(state, 4).fields if f.name.startswith("▶ ")}
    assert marked == {"▶ Ben", "▶ Di"}
    assert "Chosen: Ann, Cy" in table_of(state, 4).footer
    ben = R.hand(ctx(4), ENGINE.view(state, 1), 1, ENGINE.legal_actions(state, 1))
    assert not shows("37", ben.embed.description) and not shows("3", ben.embed.description)
    ann = R.hand(ctx(4), ENGINE.view(state, 0), 0, ENGINE.legal_actions(state, 0))
    assert "🔒 You chose **☔37**" in ann.embed.description
    assert ann.choices == ()


def test_the_reveal_shows_every_card_at_once_and_who_took_which_tide() -> None:
    state = rigged(3)
    events = []
    for seat, card in ((0, 48), (1, 2), (2, 30)):
        state, got = ENGINE.apply(state, seat, f"play:{card}")
        events += got
    table = table_of(state, 3)
    assert "**Hand 1 revealed:** Ann ☔48 · Cy ☔30 · Ben ☔2 → Ann took 🌊3, Cy took 🌊10" in (
        table.description
    )
    fields = {f.name.removeprefix("▶ "): f.value for f in table.fields}
    assert fields["Cy"].startswith("Level **10**")  # Cy is the highest level: loses one
    assert "⚠️ highest tide" in fields["Cy"] and "highest tide" not in fields["Ann"]
    assert "Level **0** (no tide card)" in fields["Ben"]
    lines = [R.event_line(ctx(3), e, None) for e in events]
    shown = "\n".join(line for line in lines if line)
    assert "Hand 1: Ann took 🌊3, Cy took 🌊10." in shown
    assert "Flood at level 10: Cy lost a preserver." in shown
    assert "☔" not in shown  # the log names no weather card (D9: the view shows the reveal)


def test_private_notes_name_no_card_and_chosen_gets_no_line() -> None:
    c = ctx(3)
    assert R.event_line(c, Event("your_choice", (0,), {"seat": 0, "card": "37"}), 0) == (
        "🔒 Your card is locked in."
    )
    assert R.event_line(c, Event("your_choice", (0,), {"seat": 0, "card": "37"}), 1) is None
    assert R.event_line(c, Event("chosen", None, {"seat": 0, "waiting": [1]}), None) is None
    deal = Event("deal", (1,), {"round": 2, "hand": [str(v) for v in SEAT0]})
    assert R.event_line(c, deal, 1) == "🃏 Round 2: a new hand of 12 cards."
    assert R.event_line(c, deal, None) is None


def test_round_end_line_and_the_log_restarting_with_it() -> None:
    end = Event(
        "round_end",
        None,
        {
            "round": 1,
            "reason": "two_left",
            "points": [1, 0, -1],
            "bonus": [0],
            "scores": [1, 0, -1],
        },
    )
    assert R.event_line(ctx(3), end, None) == (
        "🏁 Round 1 over (two or fewer still in): Ann +1 (lowest tide) · Ben ±0 · Cy −1."
    )
    assert R.clears_log(end)
    assert not any(R.clears_log(Event(k, None, {})) for k in ("tide", "reveal", "round_start"))


def test_an_eliminated_seat_is_marked_and_offered_nothing() -> None:
    view = ENGINE.view(rigged(4), 1)
    view["seats"][1].update(eliminated=True, chosen=False, preservers_up=0, preservers_down=3)
    table = R.table(ctx(4), view, Result([0] * 4, []), [0, 2, 3])
    fields = {f.name: f.value for f in table.fields}
    assert "💀 washed away this round" in fields["Ben 💀"]
    assert "🛟 0 afloat · ⚫ 3 lost" in fields["Ben 💀"]
    hand = R.hand(ctx(4), view, 1, [])
    assert "You were washed away this round" in hand.embed.description and not hand.choices


def test_game_over_names_the_winners_and_shared_wins() -> None:
    view = ENGINE.view(rigged(3), None)
    view.update(phase="over", winners=[1, 2], scores=[7, 9, 9])
    spec = R.table(ctx(3, status="finished"), view, Result([7, 9, 9], [1, 2]), [])
    assert spec.footer == "🏁 Game over: Ben & Cy share the win with 9."
    assert spec.description.startswith("🏁 Final scores after 3 rounds.")
    hand = R.hand(ctx(3, status="finished"), view, 0, [])
    assert "⏳" not in hand.embed.description and "Game over" in hand.embed.description
    names = [f.name for f in spec.fields]
    assert "Ben 🏆" in names and "Cy 🏆" in names and "Ann" in names
    view.update(winners=[2], scores=[7, 8, 9])
    spec = R.table(ctx(3, status="finished"), view, Result([7, 8, 9], [2]), [])
    assert spec.footer == "🏁 Game over: Cy won with 9."


def test_card_forms_and_sort() -> None:
    assert R.card_forms("7") == ("☔7",)
    assert sorted(["12", "3", "60"], key=r.sort_key) == ["3", "12", "60"]
    assert r.describe(Action("play", "26")).label == "☔26"


def utf16(spec: EmbedSpec) -> int:
    """Discord counts UTF-16 units, so an emoji name costs two: measure the worst case."""
    parts = [spec.title, spec.description, spec.footer]
    parts += [f.name + f.value for f in spec.fields]
    return sum(len(p.encode("utf-16-le")) // 2 for p in parts)


def test_show_history_with_five_long_names_fits_discord() -> None:
    """D9's option shows a round's reveals and stacks: with five 32-emoji names, the table
    must still fit (older reveals give way first), for whole games."""
    names = ("🌊" * 32, "🛟" * 32, "☔" * 32, "⚓" * 32, "🐚" * 32)
    biggest = 0
    for seed in range(3):
        rng = random.Random(seed)
        state = ENGINE.new_game(5, {"show_history": True}, seed=seed)
        log: list[str] = []
        while True:
            c = TableContext(987_654_321_012, "Turn the Tide", names, (1,) * 5, "live", tuple(log))
            spec = R.table(c, ENGINE.view(state, None), ENGINE.result(state), ENGINE.to_act(state))
            biggest = max(biggest, utf16(spec))
            assert utf16(spec) <= MAX_EMBED_TOTAL and len(spec.description) <= MAX_DESCRIPTION
            for seat in range(5):
                hand = R.hand(c, ENGINE.view(state, seat), seat, ENGINE.legal_actions(state, seat))
                assert utf16(hand.embed) <= MAX_EMBED_TOTAL
                controls.hand_view(1, seat, 1, hand, snapshot=None).to_components()
            if ENGINE.is_over(state):
                break
            seat = rng.choice(ENGINE.to_act(state))
            state, events = ENGINE.apply(state, seat, rng.choice(ENGINE.legal_actions(state, seat)))
            for event in events:
                if R.clears_log(event):
                    log.clear()
                if (line := R.event_line(c, event, None)) is not None:
                    log = [*log, line][-6:]
        assert "🏁 Game over" in spec.footer
    assert biggest > 3000  # the case is a real squeeze, not a trivially small table


def test_danger_flags_last_preserver_and_highest_tide() -> None:
    from bot.render.turn_the_tide import dangers

    assert dangers({"level": 9, "preservers_up": 1}, 9) == ["⚠️ highest tide", "⚠️ last preserver"]
    assert dangers({"level": 4, "preservers_up": 0}, 9) == ["⚠️ no preserver left"]
    assert dangers({"level": 4, "preservers_up": 3}, 9) == []
    assert dangers({"level": 9, "preservers_up": 1, "eliminated": True}, 9) == []
    assert dangers({"level": 0, "preservers_up": 2}, 0) == []  # nobody has a tide card yet
