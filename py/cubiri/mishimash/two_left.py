"""MISHIMASH: the chance to win of a lone leader with two players still to play after it (X16,
X17), exactly, in the time of two chase tables: what a race's BANK that reaches the target is
worth at a table of three (the other two then play once more, in turn), and a final round's
BANK past every earlier total with two still to come (four seats or more; rolling on there
needs this at every total the turn may end on, later_players.py: not at once).

Call the two Q0 and Q1, in play order, `gap0` and `gap1` halves behind the leader; a sudden
death after the round is played by those level in the order leader, Q0, Q1 (X17: from after
Q1's turn). Q0 chases the leader with Q1 as the last (win_chance.Chase, reading the shared
AheadOfTheLast table once past it) and plays for itself; the leader's chance is Q0's chase
built a second time with EPS × the leader's payoffs (three_way.py's method):

* Q0 ends below (a bust, or a bust after passing: win_chance.AheadBusts): Q1 then chases the
  leader alone, worth 1 − last(gap1) to it (a level: a sudden death of two, the leader first);
* Q0 banks level: Q1 plays against two level leaders (win_chance.LastAgainstTwo's split) and
  passes them, levels them (a sudden death of three, the leader first) or falls short (of
  two, the leader first);
* Q0 passes it: it has lost.

later_players.Solver finds the same value without the shipped tables (the tests compare the
two). Beyond the tables' gaps (450 points) a level is negligible and each must pass it.

The value is shipped (lone_table.bin, these values worked out by tools/mishimash_lone_table.py
for gaps to lone_table.END, carried past it from the nearest edge): there at once. A BANK far
ahead at a table of three took the page tens of seconds before it read them past END.
"""

from __future__ import annotations

from collections.abc import Iterator

from cubiri.mishimash import game, lone_table
from cubiri.mishimash.computer import select_values
from cubiri.mishimash.last_state import LastState
from cubiri.mishimash.pieces import run_for
from cubiri.mishimash.scoring import legal_value_selections
from cubiri.mishimash.three_way import ChaseSeenByA, PastSeenByTheLeader
from cubiri.mishimash.win_chance import (
    EPS,
    FIRST,
    LIMIT_HALVES,
    SECOND,
    THREE_WAY,
    Chase,
    _last_start,
    ahead_busts,
    ahead_of_the_last,
    last_mover,
    tables_builder,
)

Gaps = tuple[int, int]  # gap0, gap1: how far behind the leader Q0 and Q1 stand, in halves


class AheadOfTwo:
    """The leader's chance (`value`, once `pieces` are all built)."""

    def __init__(self, gaps: Gaps, shipped: bool = True) -> None:
        self.gaps = gaps
        self.value: float | None = None
        self.shipped = shipped  # read lone_table.bin where it covers the gaps

    def pieces(self) -> Iterator[None]:
        gap0, gap1 = self.gaps
        table = lone_table.shipped() if self.shipped else None
        if table is not None:
            # These values, worked out by the tool; past its gaps (END), `far` and what the
            # nearest edge adds to it: within 0.0002 of the built value at the eight pairs
            # measured from (20, 400) to (600, 600), which took 7-50 s each in CPython.
            self.value = table.value(gap0, gap1)
            return
        last = last_mover()
        below = 1 - _last_start(last, gap1)
        if gap0 > LIMIT_HALVES:  # a level that far off is negligible: each must pass it
            self.value = (1 - lone_table.reach_past(gap0)) * below
            return
        if gap1 > LIMIT_HALVES:  # the same for the last against two level there
            passes, level = lone_table.reach_past(gap1), 0.0
        else:
            split = tables_builder().against_two
            passes, level = split.passes[gap1], split.level[gap1]
        short = 1 - passes - level
        tie_q0 = short * SECOND + level * THREE_WAY[1]  # Q0's level: it moves second
        tie_leader = short * FIRST + level * THREE_WAY[0]
        ahead = ahead_of_the_last()
        own = Chase(last, gap0, gap1, tie_q0, ahead)
        yield from own.pieces()
        seen_past = PastSeenByTheLeader(ahead, ahead_busts(), below)
        seen = ChaseSeenByA(last, gap0, tie_q0, seen_past, below, tie_leader, lead_gap=gap1)
        yield from seen.pieces()
        self.value = (seen.start() - own.start()) / EPS


_builds: dict[Gaps, tuple[AheadOfTwo, Iterator[None]]] = {}
KEPT = 16  # a roll's selections that reach the target: a few totals each


def _build(gaps: Gaps) -> tuple[AheadOfTwo, Iterator[None]]:
    found = _builds.get(gaps)
    if found is None:
        while len(_builds) >= KEPT:
            del _builds[next(iter(_builds))]
        table = AheadOfTwo(gaps)
        found = _builds[gaps] = (table, table.pieces())
    return found


def chance(gaps: Gaps) -> float:
    """The leader's chance to win, built now if it is not yet."""
    table, pieces = _build(gaps)
    run_for(pieces, float("inf"))
    assert table.value is not None
    return table.value


def known(gaps: Gaps) -> float | None:
    """The leader's chance where it is built (`step`), else None."""
    found = _builds.get(gaps)
    return None if found is None else found[0].value


def gaps_after_bank(after: game.State) -> Gaps | None:
    """Where BANK now (`after` is at its decision point) leaves this player the one leader with
    two still to play after it: their gaps below it, in play order; else None. In the race,
    a BANK that reaches the target at a table of three (X16: the other two play once more); in
    the final round, a BANK past every earlier total with two still to come (four seats or
    more). Not in a sudden death (its later rounds' order is its own)."""
    if after.phase is not game.Phase.DECIDE or after.round is game.Round.SUDDEN_DEATH:
        return None
    me = after.current
    banked = game.apply(after, game.Bank())
    still = banked.still_to_play
    if banked.round is not game.Round.FINAL_ROUND or len(still) != 2 or me in still:
        return None
    top = banked.totals[me]
    others = [banked.totals[p] for p in range(len(banked.players)) if p != me]
    if max(others) >= top:  # below or level with an earlier total: not the one leader
        return None
    return (top - banked.totals[still[0]], top - banked.totals[still[1]])


@LastState
def wanted(state: game.State) -> list[Gaps]:
    """What the coach asks for at this point: the gaps each BANK that leaves this player the
    one leader with two still to play would leave (`gaps_after_bank`), for every selection of
    the roll on the table (or for BANK now, once selected), the most halves first."""
    if state.phase is game.Phase.DECIDE:
        afters = [state]
    elif state.phase is game.Phase.SELECT and state.round is not game.Round.SUDDEN_DEATH:
        selections = sorted(legal_value_selections(state.dice), key=sum, reverse=True)
        afters = [game.apply(state, select_values(state, values)) for values in selections]
    else:
        return []
    found: list[Gaps] = []
    for after in afters:
        gaps = gaps_after_bank(after)
        if gaps is not None and gaps not in found:
            found.append(gaps)
    return found


def pending(wanted: list[Gaps]) -> list[Gaps]:
    """Of the `wanted` gaps, those not built yet."""
    return [gaps for gaps in wanted if known(gaps) is None]


def step(wanted: list[Gaps], budget_ms: float = 20.0) -> bool:
    """Builds the first of `wanted` not built yet for about `budget_ms` milliseconds (the page
    does it between frames, once the shared tables are read); True once none is left."""
    left = pending(wanted)
    if not left:
        return True
    run_for(_build(left[0])[1], budget_ms)
    return not pending(wanted)
