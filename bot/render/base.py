"""The renderer contract: what a game's ``bot/render/<game>.py`` gives the shell, declared once.

Why a base class rather than duck typing: the shell (``bot/table/``, the publisher, the tests)
calls every part of every renderer the same way, so a renderer that forgets a required part
fails when it is built, not at the first click of a live game, and the shell never probes a
module with ``getattr`` or ``inspect`` on a hot path (issue 19 measured 2.4% of the bot's CPU in
``inspect.signature``). Each game module exposes one instance as ``RENDERER``;
:func:`renderer_for` finds it, or the generic renderer for a game that has none yet.

Parts (required ones are abstract):

* **table** (required): the public table embed from the public view.
* **hand** (required): the private hand message of a seat at a nav ``focus`` (None = the top
  level; a renderer without navs ignores it).
* **event_line** (required): one line for the table log (seat None) or a private note for a seat.
* **replay_line**: a public event's line in a finished game's replay (default: its log line).
* **clears_log** (log policy): whether an event starts a new log (a new hand or round).
* **sheet_cells**: how each side scored a hand, in a few words, for the final score sheet.
* **ends_snapshots** (snapshot policy): whether an event puts out the shining snapshots (their
  cards are out of play), by default where the log starts anew.
* **snapshot**: the embed of a private snapshot event (an event for which the engine's
  optional ``snapshot_lifetime`` hook gives a number of seconds, see ``games.core.SnapshotHooks``)
  for one seat, or None; the shell times and fades it.
* **snapshot wording**: what the shell says around a snapshot (its button, its countdown, its
  fade, the refusal when none is shining); the shell has no words of its own for it.
* **card vocabulary**: how a card code is written (``card_short``/``card_long``) and every form
  a card may take in text (``card_forms``, which the secrecy tests search for).
* **timed windows' wording**: the engine's open windows reach the renderer as
  ``TableContext.timers`` (key -> due unix time); :meth:`Renderer.countdown` writes one.
* **live standing**: how the sides stand, under a live hand (:meth:`Renderer.standing`); by
  default the shell writes the engine's scores, which is wrong for a game whose running
  "score" is only a rank (a shedding game is followed by the cards each player has left).
* **played** (this hand's history): the label of the hand's **Played** button
  (:attr:`Renderer.played_button`, None: no button), where a hand begins
  (:meth:`Renderer.starts_hand`) and the answer (:meth:`Renderer.played`) from the events the
  seat was shown since then and its own view.
* **pictures**: the game's picture drawer (:class:`bot.render.images.base.Drawer`, in
  ``bot/render/images/<game>.py``), or None for a game shown as text only; the shell asks the
  renderer for it, so a game's pictures are found with its renderer and no module by name.
"""

from __future__ import annotations

import importlib
import importlib.util
from abc import ABC, abstractmethod
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from bot.render import EmbedSpec, HandSpec, TableContext
from bot.render.images.base import Drawer
from games import Action, Event, Result
from games.text import messages

msg, msg_n = messages("tidewater")


@dataclass(frozen=True, slots=True)
class SnapshotWording:
    """What the shell shows around a game's private snapshots (all of it the game's words).

    Each wording is a message (:class:`games.text.Msg`, a game's own or these defaults of the
    ``tidewater`` catalog): the shell writes it in the reader's language where it shows it,
    ``translate(wording.button)``, and ``translate(wording.shining).format(seconds=...)``
    (the template is translated with its ``{seconds}`` unfilled)."""

    #: the button that re-shows a shining snapshot (on the table and on the hand)
    button: str = msg("Snapshot")
    emoji: str = "👁️"
    #: the note above a snapshot; ``{seconds}`` is replaced by the seconds left
    shining: str = msg("This snapshot fades in about {seconds} s.")
    #: what a snapshot message becomes when its time is up
    faded: str = msg("The snapshot has faded.")
    #: the answer to the button when nothing is shining for that seat
    none: str = msg("No snapshot is open for you right now.")
    #: older custom_id words of the snapshot button, still accepted on old messages
    legacy_ids: tuple[str, ...] = ()
    #: older deadline kinds of a snapshot's fade, still served for rows written before
    legacy_fades: tuple[str, ...] = ()


class Renderer(ABC):
    """One game's presentation: pure functions from engine views to message specs."""

    snapshot_wording: SnapshotWording = SnapshotWording()
    #: every legal action appears as a control on the hand (no action hidden behind a focus
    #: screen); the render-limit tests hold a renderer that declares it to its word
    offers_every_action: bool = False
    #: the table and hand pictures, or None: the game's messages carry their text alone
    pictures: Drawer | None = None

    @abstractmethod
    def table(
        self, ctx: TableContext, view: dict[str, Any], result: Result, to_act: Sequence[int]
    ) -> EmbedSpec:
        """The public table embed, from the public view (``view(state, None)``) only."""

    @abstractmethod
    def hand(
        self,
        ctx: TableContext,
        view: dict[str, Any],
        seat: int,
        legal: Sequence[Action],
        focus: str | None = None,
    ) -> HandSpec:
        """The seat's private hand message with controls for ``legal`` at nav ``focus``."""

    @abstractmethod
    def event_line(self, ctx: TableContext, event: Event, seat: int | None) -> str | None:
        """A public event's log line (seat None) or a private event's note for ``seat``."""

    def coach(
        self, ctx: TableContext, event: Event, seat: int, seen: Sequence[Event]
    ) -> str | None:
        """A practice table's coach line for the learner at ``seat`` after a public ``event``
        (a trick taken, a turn's outcome): what happened and the rule that made it so, or None.

        Why public events only: the line goes on the table, which anyone in the thread reads,
        so it is built from ``event`` and ``seen`` (the earlier public events of this hand),
        never from a hand; it names no card the learner has not seen on the table. Default: no
        coach line (a game without one simply has none)."""
        return None

    def replay_line(self, ctx: TableContext, event: Event) -> str | None:
        """A public event's line in the replay of a finished game: by default its table log
        line. A game whose log leaves out cards that were shown at the time (the table showed
        them, or a rule limits how long they stay shown) names them here, since a replay shows
        every card that was ever revealed."""
        return self.event_line(ctx, event, None)

    def clears_log(self, event: Event) -> bool:
        """Log policy: whether ``event`` starts a new table log (default: never)."""
        return False

    def sheet_cells(self, event: Event, sides: int) -> Sequence[str] | None:
        """How each of the ``sides`` scoring sides (the engine's teams, then lone seats) scored,
        in a few words ("bid 5 took 6, 1 bag"), when the public ``event`` scores a hand or a
        round; None for any other event (the default: the final score sheet then shows each
        hand's change and running total only)."""
        return None

    def ends_snapshots(self, event: Event) -> bool:
        """Snapshot policy: whether ``event`` puts out the snapshots still shining (the cards
        they showed are no longer in play: a new hand). Default: where the log starts anew."""
        return self.clears_log(event)

    def snapshot(self, ctx: TableContext, event: Event, seat: int) -> EmbedSpec | None:
        """The embed of a private snapshot event for ``seat``, or None (default: none)."""
        return None

    def card_short(self, code: str) -> str:
        """A card code as compact text (tricks, the log); default: the code itself."""
        return code

    def card_long(self, code: str) -> str:
        """A card code in words (labels, menus); default: the code itself."""
        return code

    def card_forms(self, code: str) -> tuple[str, ...]:
        """Every way this renderer writes the card (the secrecy tests search for each)."""
        return (self.card_short(code), self.card_long(code))

    def standing(self, ctx: TableContext, view: dict[str, Any], result: Result) -> str | None:
        """How the sides stand while the game runs, as the first line of a live hand's footer
        ("Cards left: Ann 4 · Bo 7"), from the hand's own view; None (the default) lets the
        shell write the engine's scores ("Score: Ann: 120 · Bo: 40")."""
        return None

    #: the hand's history button (label, emoji): "Tricks" in a trick-taking game; None (the
    #: default) for a game without :meth:`played`, whose hand then has no such button
    played_button: tuple[str, str] | None = None

    def starts_hand(self, event: Event) -> bool:
        """Whether ``event`` begins the hand whose history :meth:`played` shows (default: where
        the table log starts anew)."""
        return self.clears_log(event)

    def played(
        self, ctx: TableContext, view: dict[str, Any], seat: int, events: Sequence[Event]
    ) -> EmbedSpec | None:
        """This hand's history as ``seat`` saw it: ``events`` are the events shown to that seat
        since the hand began (the shell filtered them with ``Event.visible(seat)``, so nothing
        hidden can reach this method) and ``view`` is the seat's own view; None (the default)
        when the game draws none.

        Why events and the view only: what a seat may know is exactly what it was shown, so a
        history built from these cannot name a card of another hand. A renderer that lists
        unseen cards leaves out what a private snapshot showed (its rule limits how long it may
        be looked at, and a list that kept those cards out would keep them shown)."""
        return None

    @staticmethod
    def countdown(due: float) -> str:
        """A timed window's closing time as Discord's relative timestamp (``in 25 seconds``)."""
        return f"<t:{int(due)}:R>"


_CACHE: dict[str, Renderer] = {}


def renderer_for(game: str) -> Renderer:
    """The ``RENDERER`` of ``bot.render.<game>`` when that module exists, else the generic one.

    Looked up once per game name and cached: the shell asks on every render."""
    found = _CACHE.get(game)
    if found is not None:
        return found
    name = f"bot.render.{game}"
    if importlib.util.find_spec(name) is None:
        name = "bot.render.generic"
    renderer: Renderer = importlib.import_module(name).RENDERER
    _CACHE[game] = renderer
    return renderer


def forget_renderer(game: str) -> None:
    """Drop a cached lookup (tests that install or swap a renderer module for a game)."""
    _CACHE.pop(game, None)
