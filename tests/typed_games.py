"""MISHIMASH games with real dice for tests (issue 24): moves written as the table plays them."""

from __future__ import annotations

from cubiri.kernel import Dice
from cubiri.mishimash import game


def play(state: game.State, *moves: object) -> game.State:
    """`state` played on: each list is a throw's dice (after a ROLL where the turn starts),
    each tuple a selection (dice indices), "bank" and "again" the decisions."""
    for move in moves:
        if isinstance(move, list):
            if state.phase is game.Phase.ROLL:
                state = game.apply(state, game.Roll())
            state = game.apply(state, Dice(tuple(move)))
        elif isinstance(move, tuple):
            state = game.apply(state, game.Select(move))
        elif move == "bank":
            state = game.apply(state, game.Bank())
        else:
            state = game.apply(state, game.RollAgain())
    return state
