"""The MAGDAGDON die the player picked but has not placed yet, kept across a reload (issue 18:
a reload forgot it). Pure: kept in the game's saved record (`Saved.picked`), beside the very
state it was picked at, and used only while it still fits that state, else forgotten."""

from __future__ import annotations

from app.pure.magdagdon_view import Picked
from cubiri.magdagdon import game as engine


def keep(picked: Picked) -> int | None:
    """What to keep of `picked` (None: nothing worth keeping, a plain pick only)."""
    if picked.die is None or picked.rerolling or picked.accepting:
        return None
    return picked.die


def restore(die: int | None, state: engine.State) -> Picked:
    """The pick kept for `state`, if it still fits it; else nothing picked.

    >>> state = engine.play(engine.new_game("peaceful", 7), engine.Roll())
    >>> restore(keep(Picked(die=2)), state) == Picked(die=2)
    True
    >>> restore(2, engine.new_game("peaceful", 7)).die is None
    True
    """
    if die is not None and state.phase is engine.Phase.PLACE and die in state.available:
        return Picked(die=die)
    return Picked()
