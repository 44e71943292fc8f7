"""The rules-engine contract every Tidewater game implements.

Why this shape: the Discord layer, the session manager, the AI seats and the tests all talk to
games through these few types only, so a game can be added without touching any of them. The
contract itself (method names, codes) is fixed by ``shared/CONTRACT.md`` §1; this module is its
Python form.

Engines are pure: no I/O, no clocks, no global randomness. A game is a function of
``(players, options, seed, deck)`` and the sequence of action codes applied to it.
"""

from __future__ import annotations

import copyreg
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, ClassVar, NamedTuple, Protocol, TypeVar, cast, runtime_checkable

from pydantic import BaseModel, ConfigDict, ValidationError

from games.cards import rng_below
from games.text import Msg, messages

msg, msg_n = messages("tidewater")


def read_only(data: dict[Any, Any]) -> MappingProxyType[Any, Any]:
    """A read-only mapping over ``data`` (how an unpickled mapping proxy is rebuilt)."""
    return MappingProxyType(data)


def _reduce_mapping_proxy(proxy: MappingProxyType[Any, Any]) -> tuple[Any, tuple[Any, ...]]:
    return read_only, (dict(proxy),)


# Why: engines share read-only event payloads as ``MappingProxyType`` (one frozen record per
# card, built once), and an observation carries those events to the AI's worker processes.
# ``pickle`` refuses a mapping proxy by default, which made every searching move of such a game
# fail in the process pool; pickled as the dict it wraps, it arrives read-only again.
copyreg.pickle(MappingProxyType, _reduce_mapping_proxy)


class IllegalAction(ValueError):
    """An action the rules forbid right now.

    The message is shown to the player as is, so it says which rule forbids the action and,
    where it helps, what is allowed instead. Raising it guarantees that nothing changed.
    """

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


class BadOptions(ValueError):
    """Table options that the game's ``Options`` model rejects, with a readable message."""


class Action(NamedTuple):
    """One move, written ``verb`` or ``verb:arg`` (CONTRACT §1 action codes).

    A tuple rather than a model because engines build thousands of them per second during AI
    search; the game-specific meaning of ``arg`` is decoded by the engine that owns it.
    """

    verb: str
    arg: str = ""

    @property
    def code(self) -> str:
        return f"{self.verb}:{self.arg}" if self.arg else self.verb

    def __str__(self) -> str:
        return self.code


def split_code(code: str) -> Action:
    """Split an action code into verb and argument without judging whether it is legal."""
    if not isinstance(code, str) or not code or len(code) > 200:
        raise IllegalAction(msg("{code} is not an action code.", code=repr(code)))
    verb, sep, arg = code.partition(":")
    if not verb or (sep and not arg):
        raise IllegalAction(
            msg("{code} is not an action code: write 'verb' or 'verb:argument'.", code=repr(code))
        )
    return Action(verb, arg)


@dataclass(frozen=True, slots=True)
class Event:
    """Something that happened, for the table log and for the seats allowed to see it.

    ``visible_to`` is ``None`` for a public event, otherwise the seats that may see it: a
    Lighthouse snapshot or a received exchange card must never reach anyone else, and the
    Discord layer routes events by this field alone.
    """

    kind: str
    visible_to: tuple[int, ...] | None = None
    data: Mapping[str, Any] = field(default_factory=dict)

    def visible(self, seat: int | None) -> bool:
        """Whether ``seat`` (``None`` = a spectator) may see this event."""
        return self.visible_to is None or (seat is not None and seat in self.visible_to)

    def to_dict(self) -> dict[str, Any]:
        visible = None if self.visible_to is None else list(self.visible_to)
        return {"kind": self.kind, "visible_to": visible, "data": dict(self.data)}


@dataclass(frozen=True, slots=True)
class Result:
    """Standings at any moment: ``scores`` per seat (a team's score on both of its seats) and
    ``winners`` (seats; empty until the game is over, several on a shared win)."""

    scores: list[int]
    winners: list[int]


@runtime_checkable
class Engine(Protocol):
    """The protocol of ``shared/CONTRACT.md`` §1. ``State`` is engine-specific and opaque to
    callers; it must be treated as immutable and compare equal after ``load(dump(s))``."""

    # read-only properties: an engine may set them as class attributes or instance attributes
    @property
    def name(self) -> str: ...
    @property
    def title(self) -> str: ...
    @property
    def min_players(self) -> int: ...
    @property
    def max_players(self) -> int: ...
    @property
    def Options(self) -> type[BaseModel]: ...
    #: how many physical copies of each card code exist, so generic tests can check secrecy
    @property
    def card_copies(self) -> Mapping[str, int]: ...

    def new_game(
        self,
        players: int,
        options: BaseModel | Mapping[str, Any] | None = None,
        seed: int = 0,
        deck: Any = None,
    ) -> Any: ...

    def to_act(self, state: Any) -> list[int]: ...

    def legal_actions(self, state: Any, seat: int) -> list[Action]: ...

    def apply(self, state: Any, seat: int, action: Action | str) -> tuple[Any, list[Event]]: ...

    def parse_action(self, code: str) -> Action: ...

    def view(self, state: Any, seat: int | None) -> dict[str, Any]: ...

    def is_over(self, state: Any) -> bool: ...

    def result(self, state: Any) -> Result: ...

    def dump(self, state: Any) -> str: ...

    def load(self, text: str) -> Any: ...

    def teams(self, players: int) -> list[tuple[int, ...]]: ...


class GameOptions(BaseModel):
    """Base of every game's ``Options``: frozen, and unknown keys are errors (CONTRACT §1)."""

    model_config = ConfigDict(extra="forbid", frozen=True)


def validate_options(
    model: type[BaseModel], raw: BaseModel | Mapping[str, Any] | None, title: str
) -> BaseModel:
    """Build ``model`` from ``raw``, turning pydantic's report into one readable sentence.

    Hosts type these values into a lobby, so "Unknown option 'tagret_score'" beats a
    validation dump.
    """
    if raw is None:
        return model()
    if isinstance(raw, model):
        return raw
    if isinstance(raw, BaseModel):
        raw = raw.model_dump()
    if not isinstance(raw, Mapping):
        raise BadOptions(msg("{title} options must be a table of names and values.", title=title))
    try:
        return model(**dict(raw))
    except ValidationError as exc:
        raise BadOptions(describe_validation_error(exc, model, title)) from None


#: pydantic's error types in plain words (``{…}`` filled from the error's context)
_PLAIN: dict[str, Callable[..., Msg]] = {
    "greater_than_equal": lambda ge, **_c: msg("must be at least {ge}", ge=ge),
    "greater_than": lambda gt, **_c: msg("must be more than {gt}", gt=gt),
    "less_than_equal": lambda le, **_c: msg("must be at most {le}", le=le),
    "less_than": lambda lt, **_c: msg("must be less than {lt}", lt=lt),
    "multiple_of": lambda multiple_of, **_c: msg(
        "must be a multiple of {multiple_of}", multiple_of=multiple_of
    ),
    "bool_parsing": lambda **_c: msg("must be on or off (true or false)"),
    "bool_type": lambda **_c: msg("must be on or off (true or false)"),
    "int_parsing": lambda **_c: msg("must be a whole number"),
    "int_type": lambda **_c: msg("must be a whole number"),
    "int_from_float": lambda **_c: msg("must be a whole number"),
    "literal_error": lambda expected, **_c: msg("must be one of: {expected}", expected=expected),
    "string_type": lambda **_c: msg("must be text"),
}


def joined(lines: Sequence[str]) -> str:
    """Sentences one after the other, kept as one :class:`Msg` (a plain ``" ".join`` would
    turn the sentences back into English for every reader)."""
    if not lines:
        return ""
    whole = lines[0]
    for line in lines[1:]:
        whole = msg("{first} {then}", first=whole, then=line)
    return whole


def describe_validation_error(exc: ValidationError, model: type[BaseModel], title: str) -> str:
    """One line per problem in plain words, naming the option and what it accepts (a host
    reads this, not a programmer: "Lighthouse seconds must be at least 10.")."""
    known = ", ".join(sorted(model.model_fields))
    lines = []
    for err in exc.errors():
        where = ".".join(str(p) for p in err.get("loc", ())) or "options"
        kind = str(err.get("type", ""))
        if kind == "extra_forbidden":
            lines.append(
                msg(
                    "Unknown option '{option}' for {title} (options: {known}).",
                    option=where,
                    title=title,
                    known=known,
                )
            )
            continue
        plain = _PLAIN.get(kind)
        context = {k: str(v).replace("'", "") for k, v in (err.get("ctx") or {}).items()}
        # pydantic's own words (English) for a kind without plain words, else "is not valid"
        fallback: str = str(err["msg"]) if err.get("msg") else msg("is not valid")
        try:
            said = plain(**context) if plain else fallback
        except TypeError:  # the error's context lacks a value the sentence names
            said = fallback
        label = where.replace("_", " ").capitalize()
        lines.append(msg("{label} (`{option}`) {said}.", label=label, option=where, said=said))
    return joined(lines)


class BaseEngine:
    """Shared plumbing so each game writes only its rules.

    Subclasses set the class attributes and implement the rule methods; this base supplies
    option validation, action parsing against a verb table, and the default seat grouping.
    """

    name: ClassVar[str]
    title: ClassVar[str]
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    Options: ClassVar[type[BaseModel]]
    card_copies: ClassVar[Mapping[str, int]]
    #: verbs this game knows, mapped to whether they take an argument
    verbs: ClassVar[Mapping[str, bool]]

    def check_players(self, players: int) -> None:
        if not isinstance(players, int) or not self.min_players <= players <= self.max_players:
            raise BadOptions(
                msg(
                    "{title} is played by {low} to {high} players, not {players}.",
                    title=self.title,
                    low=self.min_players,
                    high=self.max_players,
                    players=players,
                )
            )

    def options(self, raw: BaseModel | Mapping[str, Any] | None) -> BaseModel:
        return validate_options(self.Options, raw, self.title)

    def parse_action(self, code: str) -> Action:
        action = split_code(code)
        takes_arg = self.verbs.get(action.verb)
        if takes_arg is None:
            known = ", ".join(sorted(self.verbs))
            raise IllegalAction(
                msg(
                    "'{verb}' is not a {title} action (known: {known}).",
                    verb=action.verb,
                    title=self.title,
                    known=known,
                )
            )
        if takes_arg != bool(action.arg):
            form = f"{action.verb}:<value>" if takes_arg else action.verb
            raise IllegalAction(msg("'{code}' is malformed: write {form}.", code=code, form=form))
        return action

    def first_seat(
        self, chosen: int | None, players: int, rng: int, option: str, *, always_draw: bool = False
    ) -> tuple[int, int]:
        """The seat that deals or plays first: the host's choice, else drawn from the seed
        (CONTRACT §1). Returns ``(rng, seat)``.

        ``always_draw`` is for an engine whose first release drew before looking at the option:
        it keeps drawing, so the saved games and replays of that engine stay exact.
        """
        if chosen is not None and not 0 <= chosen < players:
            raise BadOptions(
                msg(
                    "Option '{option}': seats are 0 to {last} with {players} players.",
                    option=option,
                    last=players - 1,
                    players=players,
                )
            )
        if chosen is None or always_draw:
            rng, drawn = rng_below(rng, players)
            if chosen is None:
                return rng, drawn
        return rng, chosen

    def coerce(self, action: Action | str) -> Action:
        """Accept an Action or its code, as ``apply`` does."""
        if isinstance(action, Action):
            return action
        return self.parse_action(action)

    def teams(self, players: int) -> list[tuple[int, ...]]:
        return [(seat,) for seat in range(players)]


# --- AI seats: what a policy may see -------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Observation:
    """Everything one seat knows at a decision, and the only input of an AI policy.

    Why: an AI seat must never read another hand (players suspect bots of cheating the moment a
    play looks informed), so a policy is handed this record instead of the engine state. It is
    built at the boundary by :func:`observe` from ``view(state, seat)``, the seat's legal
    action codes and the events that seat was shown, in order since the game began. It is plain
    data (picklable), so a search can run in another process.
    """

    game: str
    seat: int
    view: Mapping[str, Any]
    events: tuple[Event, ...]
    legal: tuple[str, ...]

    @property
    def players(self) -> int:
        return int(self.view["players"])


#: an AI level: ``(observation, seed) -> action code``; the same inputs give the same move
Policy = Callable[[Observation, int], str]
#: a search's time budget, as the caller measures it: given the playouts done so far, the
#: share of the time spent (1.0 or more: stop and answer with the best move so far). Why a
#: callable: engines read no clock (the bot's worker does, ``bot.ai``), and a search that is
#: handed none runs its fixed iteration count, so tests and replays stay deterministic
Budget = Callable[[int], float]
#: an anytime level: ``(observation, seed, budget) -> action code``, stopping at the budget
#: or at its iteration cap, whichever comes first
AnytimePolicy = Callable[[Observation, int, Budget], str]
#: a game's hint (optional ``hint`` in its ``ai`` module): ``(observation, seed) -> (action
#: code, reason)``, the ``normal`` level's move for a person who asks (the 💡 Hint button) with
#: one line in plain words saying why, from the cases the policy itself tells apart. Why a
#: function of the observation alone, like a policy: a hint must never know more than the
#: player may (the same observation gives the same hint, whatever the hidden cards are)
Hinter = Callable[[Observation, int], tuple[str, str]]


def observe(engine: Engine, state: Any, seat: int, shown: Sequence[Event]) -> Observation:
    """The observation of ``seat``: its view, its legal codes and the events it may see.

    ``shown`` may hold every event of the game; the ones ``seat`` may not see are dropped here,
    so callers cannot leak a hidden event by forgetting to filter.
    """
    return Observation(
        game=engine.name,
        seat=seat,
        view=engine.view(state, seat),
        events=tuple(event for event in shown if event.visible(seat)),
        legal=tuple(action.code for action in engine.legal_actions(state, seat)),
    )


@runtime_checkable
class Determinizer(Protocol):
    """Optional engine hook for AI search (an engine that has it implements this method).

    ``determinize(observation, rng)`` returns a full engine state consistent with everything
    ``observation.seat`` has seen, with every unseen card placed at random from ``rng`` (a
    64-bit seed): played cards gone, the seat's own hand and every card it saw (passed,
    received, revealed, snapshot) where it is known to be, hand sizes kept, and a void shown by
    failing to follow kept (unless a rule explains the card, e.g. Rowboat's saved Knob). The
    returned state gives ``view(state, seat) == observation.view`` and the same legal codes.
    """

    def determinize(self, observation: Observation, rng: int) -> Any: ...


@runtime_checkable
class Explainer(Protocol):
    """Optional engine hook for the hand message: why moves a player might look for are not
    legal for ``seat`` right now.

    ``explain(state, seat)`` returns short lines in the engine's own words ("You must follow
    Shells.", "Waves are trump this trick.", "Open needs 50 points: 35 staged."), at most one per
    kind of withheld move, and nothing when every move the player could expect is offered. Why
    the engine says it: it is the one that withheld the move, so the reason and the rule cannot
    drift apart (the same wording as its ``IllegalAction`` messages). It must reveal nothing the
    seat's own view does not show.
    """

    def explain(self, state: Any, seat: int) -> tuple[str, ...]: ...


# --- What a game package contributes ------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class PlayoutProfile:
    """How generic tests and benches play a game at random.

    Why it lives with the game: random bids or random discards do not end every game (Rowboat's
    regular scoring can drift for ever), so each game names the options under which random play
    ends and roughly how long such a game is; generic suites size their loops from it instead
    of special-casing game names.
    """

    #: table options under which random legal play reaches the end
    options: Mapping[str, Any] = field(default_factory=dict)
    #: a random game under ``options`` is roughly this many steps long (for sizing test loops)
    typical_steps: int = 200
    #: a random game longer than this is a bug
    max_steps: int = 20_000


@dataclass(frozen=True, slots=True)
class GamePackage:
    """Everything a game contributes, exposed as ``GAME`` by ``games/<name>/__init__.py``.

    Why one record: a new game must need nothing outside its own package, so the registry,
    ``/rules``, the menus and the generic tests read the engine, the rules summary and the test
    profile from here rather than from lists kept elsewhere.
    """

    engine: Engine
    #: the bot's own short summary for ``/rules`` (Discord markdown, our words)
    summary: str
    profile: PlayoutProfile = field(default_factory=PlayoutProfile)
    #: where the game sits in menus and listings (lower first; ties by name)
    position: int = 100
    #: the seed of a practice table's game (``/learn``): its first deal is chosen so that
    #: each special rule of the game comes up in the first hand, where a learner meets it
    #: with the coach beside them; the package says which rules and why next to the number.
    #: None: a practice table draws a seed like any other table
    practice_seed: int | None = None
    #: how many seats a practice table has (the learner and AI seats); 0 means the fewest the
    #: game allows. The count that teaches best is the game's choice (e.g. one with a partner)
    practice_players: int = 0
    #: table options a practice table starts with (over the server's defaults): the variant
    #: rules the first deal is meant to show, e.g. bluffing where it is optional
    practice_options: Mapping[str, Any] = field(default_factory=dict)


# --- Timed windows and private snapshots: optional engine hooks ----------------------------------
#
# Why here: a window that closes by itself (Game of Rows' challenge) and a private view that
# fades (Rowboat's Lighthouse) are rules: which seats wait, what applies when time runs out, how
# long a seat may look. The Discord shell only keeps time; it serves every game's windows and
# snapshots the same way, through these two hooks, and knows no game by name. An engine without
# them has no windows and no snapshots. Both are pure functions of the state or the event.


@dataclass(frozen=True, slots=True)
class Window:
    """A timed window that is open in a state.

    ``key`` names this one opening: it stays the same while the window is open (seats acting
    inside it do not change it) and differs from every other window of the same game, so the
    shell times each opening once, also across a restart. ``seconds`` is its length.
    ``on_timeout`` maps each seat still waiting to the action code the rules apply for it when
    the time is up; each of those codes is legal for its seat while the window is open.
    """

    key: str
    seconds: float
    on_timeout: Mapping[int, str]


@runtime_checkable
class WindowHooks(Protocol):
    """Optional engine hook: ``windows(state)`` lists the timed windows open in ``state``."""

    def windows(self, state: Any) -> list[Window]: ...


@runtime_checkable
class SnapshotHooks(Protocol):
    """Optional engine hook: ``snapshot_lifetime(event)`` is the number of seconds the seats in
    ``event.visible_to`` may look at a private snapshot event (a view of hidden cards taken at
    that moment), or None for an event that is not one. The shell shows the snapshot to those
    seats only, and replaces it by a faded note when its lifetime is over."""

    def snapshot_lifetime(self, event: Event) -> float | None: ...


@runtime_checkable
class AutomaticSteps(Protocol):
    """Optional engine hook: ``automatic_step(state)`` is the ``(seat, code)`` of a step that
    nobody decides (the next round's deal), or None. The engine keeps it an action, so the log
    stays the whole truth and a replay needs nothing else; the shell applies it by itself, at
    once, instead of waiting for a click that holds the whole table up."""

    def automatic_step(self, state: Any) -> tuple[int, str] | None: ...


@runtime_checkable
class Opening(Protocol):
    """Optional engine hook: ``start(players, options, seed, deck)`` is ``new_game`` with the
    events the start produced (the first deal, the first turn). ``new_game`` keeps returning
    the state alone (CONTRACT §1); an AI seat's history begins with these events, so a seat
    remembers its first hand as it remembers every later one (issue 43: Turn the Tide's AI
    forgot its first hand set from round 2 on)."""

    def start(
        self,
        players: int,
        options: BaseModel | Mapping[str, Any] | None = None,
        seed: int = 0,
        deck: Any = None,
    ) -> tuple[Any, list[Event]]: ...


_HOOKS: dict[tuple[type, type], bool] = {}


def has_hook(engine: object, hook: Any) -> bool:
    """``isinstance(engine, hook)`` for an optional-hook protocol, answered once per engine class.

    Why: a runtime-checkable protocol's ``isinstance`` walks the protocol's members on every
    call (tens of microseconds in Python 3.11), and the shell asks several times per move; an
    engine's hooks are methods of its class, so the answer cannot change.
    """
    key = (type(engine), hook)
    found = _HOOKS.get(key)
    if found is None:
        found = _HOOKS[key] = isinstance(engine, hook)
    return found


def open_windows(engine: Engine, state: Any) -> list[Window]:
    """The engine's open windows in ``state``; none for an engine without the hook."""
    if has_hook(engine, WindowHooks):
        return cast(WindowHooks, engine).windows(state)
    return []


def snapshot_lifetime(engine: Engine, event: Event) -> float | None:
    """Seconds a private snapshot event may be looked at, or None (not a snapshot, or an engine
    without the hook). Public events are never snapshots."""
    if event.visible_to is None or not has_hook(engine, SnapshotHooks):
        return None
    return cast(SnapshotHooks, engine).snapshot_lifetime(event)


def start_game(
    engine: Engine, players: int, options: Any = None, seed: int = 0
) -> tuple[Any, list[Event]]:
    """``new_game`` and the events its start produced (:class:`Opening`); an engine without
    the hook (a test's toy game) starts with none."""
    if has_hook(engine, Opening):
        state, events = cast(Opening, engine).start(players, options, seed)
        return state, list(events)
    return engine.new_game(players, options, seed), []


def automatic_step(engine: Engine, state: Any) -> tuple[int, str] | None:
    """The step the shell applies by itself now (:class:`AutomaticSteps`), or None (none due,
    or an engine without the hook)."""
    if not has_hook(engine, AutomaticSteps):
        return None
    return cast(AutomaticSteps, engine).automatic_step(state)


def explanations(engine: Engine, state: Any, seat: int) -> tuple[str, ...]:
    """Why moves ``seat`` may look for are withheld (:class:`Explainer`); nothing for an engine
    without the hook."""
    if has_hook(engine, Explainer):
        return tuple(cast(Explainer, engine).explain(state, seat))
    return ()


# --- Teaching the decision: optional engine hooks -----------------------------------------------
#
# Why functions of the seat's view and legal codes, not of the state: the words a hook writes
# reach the player at once, so they must know nothing the seat does not; a function of
# ``view(state, seat)`` and the seat's own legal codes reveals nothing by construction (the
# same inputs as an AI seat's :class:`Observation`). Why in the engine's package: the control
# and the rule behind it are the game's, and the shell only places the lines.


@runtime_checkable
class Effects(Protocol):
    """Optional engine hook: ``effects(view, legal)`` is one short line per special control the
    seat is offered now ("Moon: you fix how many Tide cards there are…"), in plain words: what
    pressing it does. ``view`` is ``view(state, seat)``, ``legal`` the seat's legal codes.
    Nothing when no special control is offered (a plain card play needs no line)."""

    def effects(self, view: Mapping[str, Any], legal: Sequence[str]) -> tuple[str, ...]: ...


@runtime_checkable
class Decisions(Protocol):
    """Optional engine hook: ``decision(view, legal, names)`` explains this decision in a few
    lines: what the choices are and what each does to the score; with no legal code, what the
    seat is waiting for. ``names`` are the seats' names (public). The shell adds the engine's
    ``explain`` reasons (why some moves are withheld) after these lines."""

    def decision(
        self, view: Mapping[str, Any], legal: Sequence[str], names: Sequence[str]
    ) -> tuple[str, ...]: ...


def legal_verbs(legal: Sequence[str]) -> set[str]:
    """The verbs of ``legal`` action codes (``"bid:3"`` -> ``"bid"``): what the effect and
    decision hooks of every game ask first ("is a bid offered?")."""
    return {code.partition(":")[0] for code in legal}


def waiting_line(view: Mapping[str, Any], names: Sequence[str], doing: str | None) -> str | None:
    """``Waiting for Ann & Ben <doing>.``: what a decision hook says to a seat with nothing to
    decide, for the seats the view's ``to_act`` waits on; None when nobody is waited on or the
    phase has no ``doing`` (the hand or the game is over)."""
    waiting = [names[s] for s in view.get("to_act") or [] if 0 <= s < len(names)]
    if not doing or not waiting:
        return None
    return msg("Waiting for {names} {doing}.", names=" & ".join(waiting), doing=doing)


Told = TypeVar("Told")  # untranslated: a type variable's name


def told(why: list[str] | None, move: Told, reason: str) -> Told:
    """``move``, with its reason told to ``why`` when a hint asks for it; a search passes None
    and plays exactly as before (the AI modules' rules of thumb return through this)."""
    if why is not None:
        why.append(reason)
    return move


def effect_lines(
    engine: Engine,
    state: Any,
    seat: int,
    legal: Sequence[Action] | None = None,
    seen: dict[str, Any] | None = None,
) -> tuple[str, ...]:
    """The effect lines of the special controls ``seat`` is offered (:class:`Effects`); nothing
    for an engine without the hook. A caller that already holds the seat's ``legal`` actions
    and its view (``seen``) passes them: a hand drawn on every move need not ask twice."""
    if not has_hook(engine, Effects):
        return ()
    actions = engine.legal_actions(state, seat) if legal is None else legal
    view = engine.view(state, seat) if seen is None else seen
    return tuple(cast(Effects, engine).effects(view, tuple(a.code for a in actions)))


def decision_lines(engine: Engine, state: Any, seat: int, names: Sequence[str]) -> tuple[str, ...]:
    """This decision explained for ``seat`` (:class:`Decisions`) followed by the engine's
    reasons for what it withholds (:class:`Explainer`); nothing for an engine without the
    hook."""
    if not has_hook(engine, Decisions):
        return ()
    legal = tuple(action.code for action in engine.legal_actions(state, seat))
    lines = cast(Decisions, engine).decision(engine.view(state, seat), legal, names)
    return (*lines, *explanations(engine, state, seat))
