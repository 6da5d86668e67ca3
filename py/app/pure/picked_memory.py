"""The MAGDAGDON die the player picked but has not placed yet, kept across a reload (issue 18:
a reload forgot it). Pure: stored beside the saved game and used only while the game is still
at the same point (the same number of log entries), else forgotten."""

from __future__ import annotations

import json

from app.pure.bounded import loads
from app.pure.magdagdon_view import Picked
from cubiri.magdagdon import game as engine


def dump(state: engine.State, picked: Picked) -> str | None:
    """What to keep for `picked` (None: nothing worth keeping, a plain pick only)."""
    if picked.die is None or picked.rerolling or picked.accepting:
        return None
    return json.dumps({"log": len(state.log), "seed": state.seed, "die": picked.die})


def restore(raw: str | None, state: engine.State) -> Picked:
    """The pick kept for `state`, if it still fits it; else nothing picked.

    >>> state = engine.play(engine.new_game("peaceful", 7), engine.Roll())
    >>> restore(dump(state, Picked(die=2)), state)
    Picked(die=2, rerolling=False, reroll=frozenset(), accepting=False)
    >>> restore(dump(state, Picked(die=2)), engine.new_game("peaceful", 7)).die is None
    True
    """
    try:
        data = loads(raw, max_chars=200) if raw is not None else None
    except ValueError:
        return Picked()
    if not isinstance(data, dict):
        return Picked()
    die = data.get("die")
    fits = data.get("log") == len(state.log) and data.get("seed") == state.seed
    whole = isinstance(die, int) and not isinstance(die, bool)
    if fits and whole and state.phase is engine.Phase.PLACE and die in state.available:
        return Picked(die=die)
    return Picked()
