"""What the MAGDAGDON player has picked but not played yet, kept across a reload (issue 18: a
reload forgot it): a die to place, the dice chosen in REROLL mode (M13), or ACCEPT MAGDAGDON
pressed with powers left, its RUIN's cell still to pick (M17, M18). helper-22 and helper-24
reloaded in those two modes and came back a tap earlier. Pure: kept in the game's saved record
(`Saved.picked`) as JSON (a die's number, {"reroll": [dice]}, {"accept": true}), beside the very
state it was picked at, and used only while it still fits that state, else forgotten. An older
app reads a mode as a pick that no longer fits: forgotten too, never an error."""

from __future__ import annotations

from typing import Any

from app.pure.magdagdon_view import Picked, accept_asks
from cubiri import kernel
from cubiri.magdagdon import game as engine

Kept = int | dict[str, Any]  # as stored: see the module's doc


def keep(picked: Picked) -> Kept | None:
    """What to keep of `picked` (None: nothing worth keeping)."""
    if picked.rerolling:
        return {"reroll": sorted(picked.reroll)}
    if picked.accepting:
        return {"accept": True}
    return picked.die


def fits(state: engine.State, kept: Any) -> bool:
    """Whether `kept` (as read from storage: anything) still means something at `state`."""
    if kernel.is_whole(kept):  # a plain pick, the common case: no legal moves to list
        return state.phase is engine.Phase.PLACE and kept in state.available
    if not isinstance(kept, dict) or len(kept) != 1:
        return False
    if kept == {"accept": True}:
        return accept_asks(engine.legal_actions(state))
    dice = kept.get("reroll")
    if not isinstance(dice, list) or not all(kernel.is_whole(die) for die in dice):
        return False
    if dice != sorted(set(dice)) or not all(die in state.available for die in dice):
        return False
    return any(isinstance(a, engine.Reroll) for a in engine.legal_actions(state))


def restore(kept: Any, state: engine.State) -> Picked:
    """The pick kept for `state`, if it still fits it; else nothing picked.

    >>> state = engine.play(engine.new_game("peaceful", 7), engine.Roll())
    >>> restore(keep(Picked(die=2)), state) == Picked(die=2)
    True
    >>> restore(2, engine.new_game("peaceful", 7)).die is None
    True
    """
    if not fits(state, kept):
        return Picked()
    if isinstance(kept, dict) and "reroll" in kept:
        return Picked(rerolling=True, reroll=frozenset(kept["reroll"]))
    if isinstance(kept, dict):
        return Picked(accepting=True)
    return Picked(die=kept)
