"""MISHIMASH: the final round a BANK now would begin (X16), so that the page builds what its first
turn reads while the decision is made (issue 28: the final round's chances ready at once).

The next player's own table below the leader's total costs more the further behind it stands
(its chase: 0.2 s in CPython 112.5 points behind, 1.1 s 300 behind; 0.9 s in Pyodide 222
behind), and it depends on that total, known only once the leader banks. A player
about to bank has thrown and is choosing dice: the page builds for the BANK of every die that
scores (what a player who banks takes: more points lose nothing then), and at BANK or ROLL
AGAIN for BANK itself. The page builds for the dice the player has picked instead, once they
are a selection (mishimash_screen._as_picked). A player who rolls on finds the shared tables
built and that one table to build.
"""

from __future__ import annotations

from cubiri.mishimash import game
from cubiri.mishimash.last_state import LastState


@LastState  # asked between every frame while the page builds
def banked(state: game.State) -> game.State | None:
    """The state a BANK now would leave where it would begin the final round (in the race,
    reaching the target, X16): at BANK or ROLL AGAIN, BANK's; while choosing dice, BANK's
    after taking the most points (a MISHIMASH too: BANK may follow it, X12). None elsewhere,
    and where the roll on the table busts."""
    if state.solo or state.over or state.round is not game.Round.RACE:
        return None
    if state.phase is game.Phase.SELECT:
        afters = [game.apply(state, game.Select(s)) for s in game.legal_selections(state.dice)]
        decided = max(afters, key=lambda after: after.turn_halves, default=None)
    else:
        decided = state if state.phase is game.Phase.DECIDE else None
    if decided is None:
        return None
    after = game.apply(decided, game.Bank())
    return None if after.round is game.Round.RACE else after
