"""Hypothesis properties over random games: all 54 cards are accounted for after every action,
no row ever has a gap or a card out of place, and a face-down card's identity never leaks."""

from __future__ import annotations

import random
import re
from collections import Counter
from itertools import combinations, pairwise

from hypothesis import given, settings
from hypothesis import strategies as st

from games.game_of_rows import ENGINE
from games.game_of_rows.board import CORNERS, anchored, complete, filled
from games.game_of_rows.cards import BLOCKERS, DECK, JOKER, NUMBERS, VALUE
from games.game_of_rows.poker import _five_key, hand_key
from games.game_of_rows.state import OVER, State
from tests.games.conformance import string_leaves
from tests.games.game_of_rows.helpers import all_cards

STACK = re.compile(r"^(bu)*(b|f|j|jn|n)?$")

OPTIONS = st.fixed_dictionaries(
    {
        "format": st.sampled_from(["straight", "straight_flush"]),
        "skipping": st.booleans(),
        "bluffing": st.booleans(),
        "mayhem": st.booleans(),
        "max_rows": st.integers(1, 4),
        "play_obligation": st.sampled_from(["at_least_one", "all_valid"]),
        "joker_poker": st.sampled_from(["wild", "high"]),
        "play_for_places": st.booleans(),
    }
)


def _letter(card: str, owner: int) -> str:
    if owner >= 0:
        return "f"
    if card == JOKER:
        return "j"
    if card in NUMBERS:
        return "n"
    return "b" if card in BLOCKERS else "u"


def check_rows(state: State) -> None:
    """No gaps, corners first, every card where its kind and value allow (§3)."""
    suits = [r[0] for r in state.rows if r is not None]
    if state.opts.flush:
        assert len(suits) == len(set(suits)), "two rows of one suit"
    for slot, row in enumerate(state.rows):
        if row is None:
            continue
        stacks = row[1]
        assert any(stacks), f"row {slot + 1} is active but empty"
        for i, stack in enumerate(stacks):
            letters = "".join(_letter(c, o) for c, o in stack)
            assert STACK.match(letters), f"row {slot + 1} pos {i + 2}: bad stack {stack}"
            for (below, b_owner), (above, a_owner) in pairwise(stack):
                # an unblocker on a blocker, or a blocker on an unblocker: ≥ in value (D8)
                if {_letter(below, b_owner), _letter(above, a_owner)} == {"b", "u"}:
                    assert VALUE[above] >= VALUE[below], f"value rule broken at {stack}"
            for card, owner in stack:
                if owner < 0 and card in NUMBERS:
                    assert VALUE[card] == i + 2, f"{card} on position {i + 2}"
                    assert not state.opts.flush or card[1] == row[0], f"{card} in a {row[0]} row"
            if i in CORNERS and stack and stack[0][1] < 0 and stack[0][0] in BLOCKERS:
                assert state.opts.mayhem, "a corner blocker without Mayhem"
        marks = [filled(s) for s in stacks]
        low = 0
        while low < 9 and marks[low]:
            low += 1
        high = 9
        while high > 0 and marks[high - 1]:
            high -= 1
        assert all(not m for m in marks[low:high]), f"row {slot + 1} has a gap: {marks}"
        if not anchored(row):
            assert not any(stacks[1:8]), f"row {slot + 1} used inner positions before its corners"
        if complete(row):
            assert state.phase != OVER and any(s == slot for s, _ in state.facedown), (
                "a complete row stayed on the board"
            )


def check_secrets(state: State, events: list) -> None:
    """Unrevealed face-down cards appear only to their owner (§7)."""
    hidden = [
        (c, o)
        for r in state.rows
        if r is not None
        for s in r[1]
        for c, o in s
        if o >= 0 and c != JOKER
    ]
    if (state.phase == OVER and state.opts.reveal_bluffs_at_end) or not hidden:
        return
    # each view's and each event's strings once, not once per hidden card
    seen = {
        seat: set(string_leaves(ENGINE.view(state, seat))) for seat in [None, *range(state.players)]
    }
    told = [(e, set(string_leaves(e.data))) for e in events]
    for card, owner in hidden:
        for seat, strings in seen.items():
            if seat != owner:
                assert card not in strings, card
        for e, strings in told:
            if e.visible_to is None or owner not in e.visible_to:
                assert card not in strings, f"{e.kind} shows {card}"


@settings(max_examples=40)
@given(seed=st.integers(0, 2**32), players=st.integers(2, 4), options=OPTIONS)
def test_cards_rows_and_secrets_hold_after_every_action(
    seed: int, players: int, options: dict
) -> None:
    rng = random.Random(seed)
    state = ENGINE.new_game(players, options=options, seed=seed)
    full = Counter(DECK)
    for _ in range(3000):
        if ENGINE.is_over(state):
            break
        seat = rng.choice(ENGINE.to_act(state))
        actions = ENGINE.legal_actions(state, seat)
        action = rng.choice(actions)
        state, events = ENGINE.apply(state, seat, action)
        assert all_cards(state) == full, "a card appeared or vanished"
        check_rows(state)
        check_secrets(state, events)
    assert ENGINE.is_over(state)
    assert ENGINE.load(ENGINE.dump(state)) == state


def _brute_wild(hand: list[str]) -> tuple:
    """Every substitution of a single wild Joker, all 5-card subsets (slow, obvious)."""
    real = [c for c in hand if c != JOKER]
    best = None
    for sub in [c for c in DECK[:52] if c not in real]:
        for five in combinations([*real, sub], 5):
            key = _five_key(five)
            best = key if best is None or key > best else best
    counts = Counter(c[0] for c in real)
    if max(counts.values()) >= 4:
        rank = max(VALUE[r + "S"] for r, n in counts.items() if n >= 4)
        best = max(best, (9, (rank,)))
    return best


@settings(max_examples=60)
@given(st.lists(st.sampled_from(DECK[:52]), min_size=5, max_size=6, unique=True))
def test_wild_joker_search_matches_brute_force(cards: list[str]) -> None:
    hand = [*cards[:-1], JOKER]
    assert hand_key(hand) == _brute_wild(hand)
