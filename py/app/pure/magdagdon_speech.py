"""What the MAGDAGDON screen says to screen readers, decided without the browser.

A move is said once, in one announcement (a second one at once would silence the first), from
the state before it, the state after it and the action: what the action did, then each event
the engine reported (a MAGDAGDON, a confirmed turn, a RUIN), then the end. The screen only
passes the sentence to `host.announce`; every sentence is tested under CPython.
"""

from __future__ import annotations

from app.pure.i18n import Translator
from app.pure.magdagdon_view import Picked, after_tap, build_view, cell_name, reroll_prompt
from cubiri.kernel import Action, Dice
from cubiri.magdagdon import game as engine


def announcement(
    before: engine.State,
    after: engine.State,
    action: Action,
    t: Translator,
    best: bool = False,
) -> str:
    """The sentences of `action` played on `before` (giving `after`); `best`: the game it
    ended is a new best score."""
    return " ".join(sentences(before, after, action, t, best))


def sentences(
    before: engine.State,
    after: engine.State,
    action: Action,
    t: Translator,
    best: bool = False,
) -> list[str]:
    said = _action(before, after, action, t)
    for event in after.events:
        if isinstance(event, engine.Stuck):
            said.append(build_view(after, Picked(), t).message)
        elif isinstance(event, engine.Confirmed):
            said.append(t("announce.confirmed"))
            if not after.over:
                said.append(t("announce.score", score=after.score().final))
        elif isinstance(event, engine.Ruined):
            said.append(t("announce.ruin", cell=cell_name(t, event.cell)))
    if after.over:
        final = after.score().final
        said.append(t("announce.over", score=final))
        if best:
            said.append(t("celebrate.best.announce", score=final))
    return said


def accept_asked(state: engine.State, picked: Picked, t: Translator) -> str | None:
    """ACCEPT MAGDAGDON pressed with a power left asks for the RUIN's cell first: its warning
    (the powers still there, CANCEL) is said, not only shown; None when no ask is on screen."""
    return build_view(state, picked, t).message if picked.accepting else None


def _action(before: engine.State, after: engine.State, action: Action, t: Translator) -> list[str]:
    if isinstance(action, engine.Stage):
        said = [t("announce.staged", value=before.dice[action.die], cell=cell_name(t, action.cell))]
        next_die = after_tap(after, Picked(), action).die  # picked for the player: say which
        if next_die is not None and not after.events:
            said.append(t("announce.next_die", n=next_die + 1, value=after.dice[next_die]))
        return said
    if isinstance(action, engine.Unstage):
        value = dict((cell, before.dice[die]) for die, cell in before.staged)[action.cell]
        said = [t("announce.unstaged", value=value, cell=cell_name(t, action.cell))]
        # M12: a die that fitted only next to the one taken back comes back with it.
        for die, cell in before.staged:
            if (die, cell) not in after.staged and cell != action.cell:
                where = cell_name(t, cell)
                said.append(t("announce.unstaged_too", value=before.dice[die], cell=where))
        return said
    if engine.ENGINE.throw(after) is not None:
        return [_waiting(after, t)]  # a throw waits for dice typed by a person
    if isinstance(action, engine.Roll) or _first_throw_of_turn(before, action):
        return [t("announce.rolled", dice=", ".join(map(str, after.dice)))]
    if isinstance(action, engine.Adjust | engine.Reroll | Dice):
        said = [t("announce.power", dice=", ".join(map(str, after.dice)))]
        if before.staged and not after.staged:  # `power_moves` took them back: a MAGDAGDON
            said.append(t.plural("magdagdon.hint.taken_back", len(before.staged)))
        return said
    if isinstance(action, engine.AcceptMagdagdon):
        return [t("magdagdon.hint.ruin")]
    return []


def _first_throw_of_turn(before: engine.State, action: Action) -> bool:
    """Typed dice landing for the turn's ROLL (not for a REROLL)."""
    return isinstance(action, Dice) and before.rerolls == 0  # a REROLL counts before its throw


def _waiting(state: engine.State, t: Translator) -> str:
    """A throw waiting for dice typed by a person: what the entry's prompt says (a REROLL's
    names the dice to throw again, and an audit heard only how many)."""
    waiting = build_view(state, Picked(), t).waiting
    return "" if waiting is None else reroll_prompt(state, t) or waiting.message


def happenings(after: engine.State, action: Action, best: bool = False) -> list[str]:
    """What the move was, for its sound (`app.pure.feel.HAPPENINGS`): the action's kind and
    the events' names."""
    happened = [action.kind]
    for event in after.events:
        if isinstance(event, engine.Confirmed):
            happened.append("confirmed")
        elif isinstance(event, engine.Ruined):
            happened.append("ruined")
    if after.over and best:
        happened.append("record")
    return happened
