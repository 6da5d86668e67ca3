"""What the MISHIMASH screen says to a screen reader, in whole sentences, each once (issue 14).

Pure: the game, the move just played and the view the screen now shows in, the sentence out.
The screen only passes it to its `aria-live` region.
"""

from __future__ import annotations

from collections.abc import Sequence

from app.pure.i18n import Translator
from app.pure.mishimash_view import MishimashView
from cubiri.kernel import Dice
from cubiri.mishimash.game import Action, Bust, Phase, Roll, RollAgain, Select, State


def after_move(state: State, last: Action, view: MishimashView, t: Translator) -> str:
    """What a move did: the roll and whose it is; or how the turn ended (a bust with its dice),
    then whose turn it is now, or how the game ended. `view` is the view of `state`."""
    if view.waiting is not None:
        return view.waiting.text  # the dice are thrown at the table: say what to enter
    bust = state.events[-1] if state.events else None
    parts: list[str] = []
    # A throw: the app's, or one typed at the table (issue 24).
    if isinstance(last, Roll | RollAgain | Dice) and state.phase is Phase.SELECT:
        if view.event_kind == "mishimash":
            parts.append(view.event)  # the bonus the whole roll just earned
        dice = ", ".join(map(str, state.dice))
        parts.append(t("announce.mishimash.rolled", name=state.players[state.current], dice=dice))
        return " ".join(parts)
    if isinstance(bust, Bust):
        dice = ", ".join(map(str, bust.dice))
        name = state.players[bust.player]
        parts.append(t("announce.mishimash.bust_roll", name=name, dice=dice))
    parts += [view.event, view.banner]
    if state.phase is Phase.OVER:
        parts.append(view.result)
    else:
        parts.append(t("announce.mishimash.turn", name=state.players[state.current]))
    return " ".join(part for part in parts if part)


def selection(view: MishimashView, picked: Sequence[int], t: Translator) -> str:
    """After a tap on a die: which dice are picked now (`picked`, their faces: a tap can pick
    or drop a whole set, and an audit's reader heard only its worth), then what they are
    worth, or why they cannot be taken, as shown ("" when the view shows nothing)."""
    text = view.selection
    if not text:
        return text
    if not text.endswith((".", "!", "?")):
        text = f"{text}."
    if not picked:
        return f"{t('mishimash.say.picked_none')} {text}"
    return f"{t('mishimash.say.picked', dice=t.faces(picked))} {text}"


def computer_takes(state: State, chosen: Select, t: Translator) -> str:
    """A computer player shows the dice it takes before it plays them."""
    dice = t.faces([state.dice[i] for i in chosen.dice])
    return t("mishimash.computer.takes", name=state.players[state.current], dice=dice)


# Speech at a listener's pace (issue 29): about 14 characters a second, and a breath after.
MS_PER_CHARACTER = 70
PAUSE_MS = 500


def speaking_ms(text: str) -> int:
    """About how long a screen reader takes to say `text`: a computer's next step waits for it,
    so its turn is heard whole instead of each sentence cutting off the one before.

    >>> speaking_ms(""), speaking_ms("Bold Boris rolled 1, 5, 5, 2, 3, 4.")
    (0, 2950)
    """
    return len(text) * MS_PER_CHARACTER + PAUSE_MS if text else 0


def computer_move(takes: str, then: str) -> str:
    """A computer's selection said with what it did next, as one announcement (showing the
    dice it takes is a step of its own on screen, not one more thing to hear)."""
    return " ".join(part for part in (takes, then) if part)


def refused(code: str, t: Translator) -> str:
    """A move the engine refused (the buttons offer only legal ones): why, in words."""
    key = code.replace("mishimash.", "mishimash.problem.")
    return t(key if t(key) != key else "error.mishimash.rule")


__all__ = [
    "after_move",
    "computer_move",
    "computer_takes",
    "refused",
    "selection",
    "speaking_ms",
]
