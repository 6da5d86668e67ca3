"""MISHIMASH: a sudden death of four (X17), each mover's share worked out (issue 28), as
three_way.py does for three, from later_players' values.

Call the movers A, B, C, D in their order; all stand at one total.

* **A's share** is its table's chance at the start (`later_players.level_table`): BANK a is
  the lone leader's value a halves ahead of B, C and D; a bust leaves A level with them at
  nothing, and A wins only by a new sudden death of four if they all end at nothing too.
* **B's share** is A's table built a second time with EPS × B's chance after each end of A's
  turn: after A banks a, B's own chance chasing it with C and D to come (`Solver.own`); after
  A's bust, B's chance as the level start of three (B, then C and D).
* **C's share** likewise: after A banks a, C's chance is B's chase of a built a second time
  with EPS × C's chance after each end of B's turn (below a: C chasing A; level: C chasing the
  two; past, at y: C chasing B's y, read from a table of B's turn past a like B's own);
  after A's bust, B's level table built a second time with C's chances after B's turn.
* **D's share** is the rest: a sudden death ends with one winner.

The shares count inside too (all four level again, at nothing included), so `solve` is a
step from the shares in use (later_players.FOUR_WAY) and `python3
tools/mishimash_later_players.py --solve-four` iterates it: about two minutes a step on two
cores. From the estimate later_players used before, the steps moved them by
0.015, 3e-5, then under 1e-6 (see later_players.FOUR_WAY). Past the leads `Solver.built_lone`
builds (its last 240 halves ahead or more), a later player's chance is its chance to pass and
the others' not to (`_own_far`); `far_gaps` measures that at the last lead built: 0.002 off
B's chance at 241 halves, which A banks past with chance 0.0083.
"""

from __future__ import annotations

from collections.abc import Callable

from cubiri.mishimash.later_players import (
    SIZE,
    ChaserSeen,
    LevelStart,
    Solver,
    at_once,
    between,
    level_solver,
    level_table,
)
from cubiri.mishimash.lone_table import reach_past
from cubiri.mishimash.win_chance import EPS, FirstMover, FirstOfThree, last_mover

Shares = tuple[float, ...]


def solve() -> Shares:
    """One step: each mover's share from the shares in use."""
    a_table = level_table(LevelStart(3, 0, 4))
    three = level_solver(3, 0.0)  # A ahead of B (Q0), C (Q1) and D (Q2)
    two = level_solver(2, 0.0)  # B ahead of C (Q0) and D (Q1), after A's bust
    b_table = level_table(LevelStart(2, 1, 4))

    b_after = _over_leads(three, lambda lead: three.own(lead, 1, 0), _own_far(2))
    b_share = _seen(a_table, b_table.start(), b_after)

    c_behind_b = _over_leads(two, lambda lead: two.own(lead, 1, 0), _own_far(1))
    c_after_bust = _seen(b_table, level_table(LevelStart(1, 2, 4)).start(), c_behind_b)
    c_past = _past_seen_by_c(three)
    c_after = _over_leads(three, lambda lead: _c_through_b(three, lead, c_past), _own_far(2))
    c_share = _seen(a_table, c_after_bust, c_after)

    a_share = a_table.start()
    return (a_share, b_share, c_share, 1 - a_share - b_share - c_share)


def _over_leads(
    solver: Solver, value: Callable[[int], float], far: Callable[[int], float]
) -> list[float]:
    """`value` over the leads of a lone leader: built at the leads the solver built its lone
    leader's value at (`Solver.built_lone`), linear between, `far` past them."""
    found = {lead: value(lead) for lead in solver.built_lone(0)}
    return between(found, solver.start, far)


def _own_far(rivals: int) -> Callable[[int], float]:
    """A later player's chance far behind a lone leader, `rivals` others to hold off (to pass
    it, and for each of the others not to, from as far behind; `far_gaps` measures it)."""

    def chance(lead: int) -> float:
        reach = reach_past(lead)
        return reach * (1 - reach) ** rivals

    return chance


def _seen(table: FirstOfThree, bust: float, after: list[float]) -> float:
    """Another player's chance along `table`'s play: `bust` where it busts, `after[x]` where it
    banks x halves."""
    extra = [EPS * bust] + [EPS * value for value in after[1:SIZE]]
    twin = at_once(FirstOfThree(last_mover(), table.given, extra))
    return (twin.start() - table.start()) / EPS


def _past_seen_by_c(three: Solver) -> FirstOfThree:
    """B's table past A's total (its BANK: its value as the lone leader ahead of C and D)
    with EPS × C's own chance chasing that total added to each BANK."""
    past, _ = three.past(0)
    c_chasing = between(
        {lead: three.own(lead, 1, 1) for lead in three.built_lone(1)}, three.start, _own_far(1)
    )
    extra = [0.0] + [EPS * value for value in c_chasing[1:SIZE]]
    return at_once(FirstOfThree(last_mover(), past.banks, extra))


def _c_through_b(three: Solver, lead: int, c_past: FirstMover) -> float:
    """C's chance once A banked `lead` halves: B's chase of it built a second time with EPS ×
    C's chance after B's turn (below: C chasing A; level: C chasing the two; past: `c_past`)."""
    past, busting = three.past(0)
    tie = three.leaders(lead, 2, 1)[1]
    below, level = three.own(lead, 1, 1), three.own(lead, 2, 1)
    seen = ChaserSeen(last_mover(), lead, tie, past, busting, below, level, along=c_past)
    return (at_once(seen).start() - three.own(lead, 1, 0)) / EPS


def far_gaps() -> tuple[int, float]:
    """The last lead built for A's BANK, and how far `_own_far` is there from B's chance
    built exactly (what the far part of B's share leans on)."""
    three = level_solver(3, 0.0)
    last = max(three.built_lone(0))
    return last, abs(three.own(last, 1, 0) - _own_far(2)(last))
