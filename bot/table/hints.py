"""How a 💡 Hint reads: the move named as the player sees its control, and the policy's reason.

Why the renderer's own labels: a hint that said ``play:7w`` or ``discard:5C,9C,TC,QC,AC`` would
ask the player to translate a code, and a wording of our own here could drift from the hand.
The move is looked up among the controls the hand draws for it: a button, a menu option, the
options of a several-card menu, or one step behind a nav ("a card, then where it goes"). This
module holds no game word: the labels are the renderer's and the reason is the game's.
"""

from __future__ import annotations

from typing import Any

from bot.i18n import texts, translate
from bot.model import Hint
from bot.render import MAX_CONTENT, HandSpec, TableContext, clip
from bot.render.base import Renderer
from games.text import messages

_, _n = texts()
msg, msg_n = messages("tidewater")

#: the first line of a hint's answer while the hint is being worked out
THINKING = msg("💡 Thinking about your move…")


def _in_spec(spec: HandSpec, code: str) -> str | None:
    """The label ``spec`` gives the control of ``code``, or None if it draws none."""
    for button in spec.buttons:
        if button.code == code:
            return button.label
    verb, _sep, arg = code.partition(":")
    for choice in spec.choices:
        if choice.max_values > 1:
            if choice.verb != verb or not arg:
                continue
            labels = {a.code: a.label for a in choice.actions}
            parts = arg.split(",")
            if all(p in labels for p in parts):
                return f"{choice.placeholder.rstrip('…. ')}: {', '.join(labels[p] for p in parts)}"
            continue
        for action in choice.actions:
            if action.code == code:
                return action.label
    return None


def move_label(
    render: Renderer,
    ctx: TableContext,
    view: dict[str, Any],
    seat: int,
    legal: list[Any],
    code: str,
) -> str:
    """``code`` worded as the hand's control for it (``nav → control`` when it sits behind
    one of the hand's navs), or the code itself when no control of the hand draws it."""
    spec = render.hand(ctx, view, seat, legal, None)
    found = _in_spec(spec, code)
    if found is not None:
        return found
    for nav in spec.navs:
        inner = _in_spec(render.hand(ctx, view, seat, legal, nav.focus or None), code)
        if inner is not None:
            return f"{nav.label} → {inner}"
    return code


def hint_text(label: str, hint: Hint, current_version: int) -> str:
    """The hint's answer: the move, why, and (if the table moved on while it was worked out)
    that it was for the position when asked."""
    text = _("💡 **Hint:** {move}\n*Why:* {reason}.", move=label, reason=translate(hint.reason))
    if current_version != hint.version:
        text += "\n" + _("(The table has moved on since you asked: this was for that moment.)")
    text += "\n" + _("-# Hints were used in this game, so it will not be rated.")
    return clip(text, MAX_CONTENT)
