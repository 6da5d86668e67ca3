"""The decision points a MISHIMASH turn reaches (win_chance.reachable, X8, X12): the tables
built in the page hold only these, and lose nothing by it."""

from __future__ import annotations

from cubiri.mishimash import win_chance as wc
from cubiri.mishimash.odds import REACH_MISHIMASHES, option_steps
from cubiri.mishimash.scoring import DICE

LAST_ROLL = 40


def test_reachable_is_every_point_a_turn_reaches_from_its_first_throw() -> None:
    """An independent walk over the turn's moves from six dice at roll 1 (X8) finds exactly
    the points `reachable` names, up to roll 40."""
    seen, frontier = {(DICE, 1, 0)}, [(DICE, 1, 0)]
    while frontier:
        n, k, m = frontier.pop()
        for _, n2, k2, m2 in option_steps(n, k, m):
            child = (n2, k2, min(m2, REACH_MISHIMASHES))
            if k2 <= LAST_ROLL and child not in seen:
                seen.add(child)
                frontier.append(child)
    every = {
        (n, k, m)
        for k in range(1, LAST_ROLL + 1)
        for m in range(min(REACH_MISHIMASHES, k - 1) + 1)
        for n in range(1, DICE + 1)
    }
    assert {point for point in every if wc.reachable(*point)} == seen
    assert (5, 1, 0) not in seen and (6, 2, 0) not in seen and (1, 7, 0) not in seen


def test_a_chase_built_for_the_points_reached_holds_the_same_chances() -> None:
    """A chase 60 halves behind, the last 80 behind: built with every point and with those a
    turn reaches, the same float at every point reached (none reads a point skipped), and a
    point skipped is still worked out, from its children."""
    wc.tables_builder()
    ahead = wc.ahead_of_the_last()

    class EveryPoint(wc.Chase):
        reached_only = False

    some = wc.built(wc.Chase(wc.last_mover(), 60, 80, 0.3, ahead))
    every = wc.built(EveryPoint(wc.last_mover(), 60, 80, 0.3, ahead))
    assert set(some.cells) == {cell for cell in every.cells if wc.reachable(*cell)}
    assert set(some.cells) < set(every.cells)
    for cell, values in some.cells.items():
        assert values == every.cells[cell]
    assert some.start() == every.start()
    low = wc._least_halves(2, 0)
    assert some.chance(low + 5, 6, 2, 0) == every.chance(low + 5, 6, 2, 0)  # not reached


def test_a_turn_of_three_built_for_the_points_reached_holds_the_same_chances() -> None:
    """later_players.TurnOfThree (a sudden death's mover, a later player's turn past every
    earlier total, built in the page): the same floats as every point built, its twin with EPS
    for a bust too (what `_all_bust` reads), on a BANK that rises with the total."""
    from cubiri.mishimash.later_players import TurnOfThree

    last = wc.last_mover()
    banks = [0.05, *(min(1.0, 0.1 + x / 300) for x in range(1, 400))]
    some = wc.built(TurnOfThree(last, banks))
    every = wc.built(wc.FirstOfThree(last, banks))
    assert set(some.cells) == {cell for cell in every.cells if wc.reachable(*cell)}
    assert set(some.cells) < set(every.cells)
    for cell, values in some.cells.items():
        assert values == every.cells[cell]
    assert some.start() == every.start() and some.roll(40, 3, 3, 0) == every.roll(40, 3, 3, 0)
    twins = [wc.built(kind(last, banks, [wc.EPS, 0.0])) for kind in (TurnOfThree, wc.FirstOfThree)]
    assert twins[0].start() == twins[1].start()
