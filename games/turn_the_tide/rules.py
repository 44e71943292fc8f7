"""The rules of Turn the Tide as pure functions of a :class:`State` (spec §2-§4).

Each step returns the next state and the events it produced; nothing here validates a player's
action (``engine.py`` does, so that a refused action has one readable message and changes nothing).
"""

from __future__ import annotations

from games.cards import shuffled
from games.core import Event

from .cards import HAND_SIZE, HANDS_PER_ROUND, TIDE, allowance
from .state import State


def code(card: int) -> str:
    return str(card)


def deal_sets(order: list[int], players: int) -> tuple[tuple[int, ...], ...]:
    """Deal one card at a time clockwise from seat 0 until each seat has 12 (§2).

    The rest of the weather deck is removed for the whole game and never shown (§5).
    """
    dealt = order[: HAND_SIZE * players]
    return tuple(tuple(sorted(dealt[seat::players])) for seat in range(players))


def initial_state(
    players: int, show_history: bool, order: list[int], tide: list[int], rng: int
) -> tuple[State, list[Event]]:
    """Round 0 with the given weather deal order and round-0 tide deck (top first)."""
    sets = deal_sets(order, players)
    empty = tuple(() for _ in range(players))
    zeros = (0,) * players
    state = State(
        players=players,
        show_history=show_history,
        sets=sets,
        allowances=tuple(allowance(s) for s in sets),
        rng=rng,
        round=0,
        hand_no=0,
        tide_deck=(),
        tide_now=(),
        hands=empty,
        chosen=zeros,
        up=zeros,
        down=zeros,
        stacks=empty,
        eliminated=(False,) * players,
        scores=zeros,
        reveals=(),
        last_points=(),
    )
    return start_round(state, 0, tuple(tide))


def start_round(
    state: State, rnd: int, tide: tuple[int, ...] | None = None
) -> tuple[State, list[Event]]:
    """Sets move one seat left per round (seat i plays H_{(i-r) mod n}, §2, D6, D11); preservers
    reset to the set's allowance, face up; the tide deck is reshuffled (D7)."""
    n = state.players
    rng = state.rng
    if tide is None:
        deck, rng = shuffled(TIDE, rng)
        tide = tuple(deck)
    which = [(seat - rnd) % n for seat in range(n)]
    hands = tuple(state.sets[i] for i in which)
    up = tuple(state.allowances[i] for i in which)
    state = state.evolve(
        rng=rng,
        round=rnd,
        hand_no=0,
        tide_deck=tide,
        tide_now=(),
        hands=hands,
        chosen=(0,) * n,
        up=up,
        down=(0,) * n,
        stacks=tuple(() for _ in range(n)),
        eliminated=(False,) * n,
        reveals=(),
    )
    events = [
        Event("round_start", None, {"round": rnd + 1, "rounds": n, "preservers": list(up)}),
        *(
            Event("deal", (seat,), {"round": rnd + 1, "hand": [code(c) for c in hands[seat]]})
            for seat in range(n)
        ),
    ]
    state, tide_events = reveal_tide(state)
    return state, events + tide_events


def reveal_tide(state: State) -> tuple[State, list[Event]]:
    """Flip the top two tide cards (§3.1). 12 hands use exactly the 24 cards (D7)."""
    assert len(state.tide_deck) >= 2, "the tide deck ran out (D7 says it cannot)"
    lo, hi = sorted(state.tide_deck[:2])
    state = state.evolve(tide_deck=state.tide_deck[2:], tide_now=(lo, hi))
    data = {"round": state.round + 1, "hand": state.hand_no + 1, "tide": [code(lo), code(hi)]}
    return state, [Event("tide", None, data)]


def lock_choice(state: State, seat: int, card: int) -> tuple[State, list[Event]]:
    """A choice is final and hidden (D5): the card leaves the hand into ``chosen``; the public
    learns only that the seat has chosen, the chooser alone sees the card."""
    hands = list(state.hands)
    hands[seat] = tuple(c for c in hands[seat] if c != card)
    chosen = list(state.chosen)
    chosen[seat] = card
    state = state.evolve(hands=tuple(hands), chosen=tuple(chosen))
    waiting = [s for s in state.active() if not state.chosen[s]]
    events = [
        Event("chosen", None, {"seat": seat, "waiting": waiting}),
        Event("your_choice", (seat,), {"seat": seat, "card": code(card)}),
    ]
    if waiting:
        return state, events
    state, more = resolve(state)
    return state, events + more


def resolve(state: State) -> tuple[State, list[Event]]:
    """Reveal all choices at once and apply §3.3: highest takes lo, second takes hi; every
    active seat at the top level loses a preserver (D2), or is eliminated without one (D4)."""
    n = state.players
    active = state.active()
    order = sorted(active, key=lambda s: state.chosen[s], reverse=True)
    lo, hi = state.tide_now
    stacks = list(state.stacks)
    stacks[order[0]] = (*stacks[order[0]], lo)
    stacks[order[1]] = (*stacks[order[1]], hi)
    state = state.evolve(stacks=tuple(stacks))
    top = max(state.level(s) for s in active)
    up, down, eliminated = list(state.up), list(state.down), list(state.eliminated)
    lost, out = [], []
    for seat in active:
        if state.level(seat) != top:
            continue
        if up[seat] > 0:
            up[seat] -= 1
            down[seat] += 1
            lost.append(seat)
        else:
            eliminated[seat] = True
            out.append(seat)
    reveal = (lo, hi, order[0], order[1], state.chosen)
    choices = [code(c) if c else None for c in state.chosen]
    events = [
        Event(
            "reveal",
            None,
            {
                "round": state.round + 1,
                "hand": state.hand_no + 1,
                "choices": choices,
                "tide": [code(lo), code(hi)],
                "lo_to": order[0],
                "hi_to": order[1],
            },
        ),
        Event(
            "flood",
            None,
            {
                "top_level": top,
                "levels": [state.level(s) for s in range(n)],
                "lost": lost,
                "eliminated": out,
                "preservers_up": up,
                "preservers_down": down,
            },
        ),
    ]
    state = state.evolve(
        up=tuple(up),
        down=tuple(down),
        eliminated=tuple(eliminated),
        chosen=(0,) * n,
        tide_now=(),
        hand_no=state.hand_no + 1,
        reveals=(*state.reveals, reveal),
    )
    remaining = len(state.active())
    if remaining <= 2 or state.hand_no >= HANDS_PER_ROUND:
        reason = "two_left" if remaining <= 2 else "twelve_hands"
        state, more = end_round(state, reason)
    else:
        state, more = reveal_tide(state)
    return state, events + more


def round_points(state: State) -> tuple[list[int], list[int]]:
    """§4: eliminated −1; active +1 per face-up preserver, +1 bonus at the lowest level among
    active seats (ties all get it; level 0 without a tide card; never an eliminated seat, D3)."""
    active = state.active()
    low = min(state.level(s) for s in active)
    bonus = [s for s in active if state.level(s) == low]
    points = [
        -1 if state.eliminated[s] else state.up[s] + (1 if s in bonus else 0)
        for s in range(state.players)
    ]
    return points, bonus


def end_round(state: State, reason: str) -> tuple[State, list[Event]]:
    """Score the round, then start the next one or end the game after n rounds (§4)."""
    points, bonus = round_points(state)
    scores = tuple(a + b for a, b in zip(state.scores, points, strict=True))
    state = state.evolve(scores=scores, last_points=tuple(points))
    events = [
        Event(
            "round_end",
            None,
            {
                "round": state.round + 1,
                "reason": reason,
                "points": points,
                "bonus": bonus,
                "eliminated": [s for s in range(state.players) if state.eliminated[s]],
                "scores": list(scores),
            },
        )
    ]
    if state.round + 1 < state.players:
        state, more = start_round(state, state.round + 1)
        return state, events + more
    state = state.evolve(round=state.players)
    events.append(Event("game_over", None, {"scores": list(scores), "winners": winners(state)}))
    return state, events


def winners(state: State) -> list[int]:
    """Highest total wins; equal highest totals share the win (D8). Empty until the end."""
    if not state.over:
        return []
    best = max(state.scores)
    return [s for s in range(state.players) if state.scores[s] == best]
