"""MISHIMASH: a final-round player far behind the leader, its chance to win bounded at once
(issue 28: ready at once). Its own table below the leader's total takes a second or more to
build the further behind it stands (a chase: 1.1 s in CPython 300 points behind), while
its chance is then small and tightly bounded by the shipped tables:

* **at most its chance to reach the leader's total** this turn (the reach table, odds.py): it
  wins nothing below it, and a chance is at most 1;
* **at least the least BANK past the leader times its chance to pass it**: playing only to pass
  and banking at once is one way to play, worth at least that.

Where both bounds show as the same percentage (coach.percent), the exact chance does too: a
player 300 points behind at a table of four gets 1.1% from [1.080%, 1.109%] (exact 1.087%).
Nearer, the bounds are wider (100 behind: [7.5%, 8.2%]) and the page waits for the table. At
a table of three the chance at the turn's start is shipped to 450 points behind
(chase_starts.py, read first); the bounds serve further behind.
"""

from __future__ import annotations

from cubiri.mishimash import game, later_players, lone_table, odds, win_chance
from cubiri.mishimash.last_state import LastState
from cubiri.mishimash.scoring import DICE

LEADS = 400  # the leads past the leader over which the least BANK is taken (halves)


@LastState  # the coach asks at every paint while the table is built
def start_bounds(state: game.State) -> tuple[float, float] | None:
    """The chance to win of a final-round player about to begin its turn below the one leader
    (X8: a turn begins with a throw), with one or two still to play after it: (at least, at
    most). None elsewhere, or where the shipped tables are not there to read."""
    if state.round is not game.Round.FINAL_ROUND or state.phase is not game.Phase.ROLL:
        return None
    where = later_players.position(state)
    if where is None or where.leaders != 1 or not odds.reach_ready():
        return None
    least = _least_bank_past(where)
    if least is None:
        return None
    reaches = odds.chance(where.mine / 2, 0, DICE, 1, 0)  # level at least
    return least * lone_table.reach_past(where.mine), reaches


def _least_bank_past(where: later_players.Position) -> float | None:
    """The least a BANK past the leader is worth, over the leads it may be banked at: the one
    still to play must not pass it (the last mover's table), or the two (the shipped lone
    leader's values). Past LEADS (200 points) it grows: the later players are that much
    further behind, and their chances to pass no longer wiggle from one half to the next."""
    if len(where.later) == 1:
        if not win_chance.tables_ready():
            return None
        last = win_chance.last_mover()
        gap = where.later[0]
        return min(1 - win_chance._last_start(last, gap + y) for y in range(1, LEADS))
    table = lone_table.shipped()
    if len(where.later) != 2 or table is None:
        return None
    a, b = where.later
    return min(table.value(a + y, b + y) for y in range(1, LEADS))
