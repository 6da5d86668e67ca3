"""A lone leader with two still to play (X16, X17), from the shipped tables in the time of two
chase tables (two_left.py): what a race's BANK that reaches the target leaves at a table of
three. Checked against later_players.Solver, which builds the first chaser's table past the
leader itself rather than reading the shipped AheadOfTheLast and AheadBusts, and whose value
of the same position is checked against a Monte Carlo in test_later_players."""

from __future__ import annotations

from pathlib import Path

import pytest

from app.pure.coach import build_coach, percent
from app.pure.i18n import load_translator
from cubiri.mishimash import game, later_players, two_left, win_chances
from cubiri.mishimash import win_chance as wc
from tests.test_later_players import otto_takes
from tests.test_win_chance import typed

t = load_translator("en", Path(__file__).resolve().parent.parent / "locales")


def solver_value(gaps: two_left.Gaps) -> float:
    """The same leader's chance, built by later_players with no shipped table past it."""
    solver = later_players.Solver(later_players.Position(1, gaps), 1, shipped_past=False)
    return solver.leaders(0, 1, 0)[0]


@pytest.mark.parametrize(
    "gaps",
    [
        (3, 1),  # the last closer than the first: read past the leader from its own cells
        (21, 21),  # a sudden death of three's first bank (three_way.json's values)
        (40, 60),
        (60, 40),
        (5, 200),
    ],
)
def test_the_leaders_chance_is_the_one_built_without_the_shipped_tables(
    gaps: two_left.Gaps,
) -> None:
    assert two_left.chance(gaps) == pytest.approx(solver_value(gaps), abs=2e-5)


def test_level_behind_the_first_bank_of_a_sudden_death_of_three_it_is_three_ways_value() -> None:
    """A sudden death of three whose first mover banked: the other two level behind it, the
    position three_way.py solved for its shipped values (X17)."""
    for gap in (1, 10, 30):
        assert two_left.chance((gap, gap)) == pytest.approx(wc._SOLVED["banks"][gap], abs=2e-5)


def test_past_the_leader_with_two_still_to_play_bank_is_the_lone_leaders_chance() -> None:
    """test_later_players' four seats: Otto passes Ann by half a point with Bea and Cubi still
    to play; what BANK is worth there (checked against a Monte Carlo there) is the chance of a
    lone leader with those two behind it."""
    state = otto_takes((0, 1, 2, 3, 4))
    chances = win_chances(state)
    assert chances is not None
    top = state.totals[state.current] + state.turn_halves
    gaps = (top - state.totals[2], top - state.totals[3])
    assert state.still_to_play[1:] == (2, 3)
    assert two_left.chance(gaps) == pytest.approx(chances["bank"], abs=2e-5)


def test_a_race_of_three_bank_that_reaches_the_target_gets_its_chance_once_built() -> None:
    """X16: Ana's 1 1 1 5 banks 10.5 of a target of 10 with Bela and Cleo at nothing. The coach
    names who plays once more at once, and adds the chance BANK leaves once the page has built
    its two chase tables between frames (two_left.wanted, two_left.step)."""
    before = typed(["Ana", "Bela", "Cleo"], 10, [[1, 1, 1, 5, 2, 3]])
    two_left._builds.clear()
    names = (
        "BANK now reaches the target and starts the final round: Bela and Cleo then play once more."
    )
    lines = build_coach(before, frozenset({0, 1, 2, 3}), t, frozenset({0, 1, 2})).lines
    assert lines[-1] == names
    # Every selection that reaches the target is asked for, the most points first: 1 1 1 5
    # (10.5) and 1 1 1 (10); the 5 alone or a 1 do not reach it.
    assert two_left.wanted(before) == [(21, 21), (20, 20)]
    while not two_left.step(two_left.wanted(before), 20):
        pass
    mine = solver_value((21, 21))
    assert 0.2 < mine < 0.3  # both still pass 10.5 more often than not
    lines = build_coach(before, frozenset({0, 1, 2, 3}), t, frozenset({0, 1, 2})).lines
    assert lines[-1] == f"{names} Your chance to win is then {percent(t, mine)}."
    assert not any("roll on." in line or "bank now" in line for line in lines)


def test_only_a_race_of_three_asks_for_it() -> None:
    two = typed(["Ana", "Bela"], 10, [[1, 1, 1, 5, 2, 3]])
    four = typed(["Ana", "Bela", "Cleo", "Dan"], 10, [[1, 1, 1, 5, 2, 3]])
    short = typed(["Ana", "Bela", "Cleo"], 100, [[1, 1, 1, 5, 2, 3]])
    assert two_left.wanted(two) == two_left.wanted(four) == two_left.wanted(short) == []
    final = typed(["Ana", "Bela", "Cleo"], 10, [[1, 1, 1, 5, 2, 3], (0, 1, 2, 3), "bank"])
    assert final.round is game.Round.FINAL_ROUND and two_left.wanted(final) == []


def test_four_seats_past_the_leader_bank_is_the_lone_leaders_chance_beside_rolling_on() -> None:
    """Issue 28's gap: Otto, first after Ann's 10.5 with Bea and Cubi still to come, takes
    1 1 1 5 5 (11). While the page builds his chances to win the coach says it is working them
    out, and never gives BANK's alone (helper-32 was pointed to BANK by it where rolling on
    was better); once built, BANK's is the lone leader's with two to play, as two_left works
    it out, beside rolling on's."""
    before = typed(
        ["Ann", "Otto", "Bea", "Cubi"],
        10,
        [[1, 1, 1, 5, 2, 3], (0, 1, 2, 3), "bank", [1, 1, 1, 5, 5, 2]],
    )
    two_left._builds.clear()
    later_players.forget()  # as in a page: his chances to win are not built yet
    picked = frozenset({0, 1, 2, 3, 4})
    # Only the selections that pass 10.5 would ask two_left: 1 1 1 5 5 (11), not 1 1 1 5.
    assert two_left.wanted(before) == [(22, 22)]
    while not two_left.step(two_left.wanted(before), 20):
        pass
    lines = build_coach(before, picked, t, frozenset({0, 1, 2})).lines
    assert lines == ("The coach is working out the odds…",)
    while not later_players.page_step(before, 50):
        pass
    lines = build_coach(before, picked, t, frozenset({0, 1, 2})).lines
    bank = percent(t, two_left.chance((22, 22)))
    assert any(line.startswith(f"Chance to win: bank now {bank} · roll on ") for line in lines)


def test_past_the_tables_gaps_the_chance_goes_on_where_it_left_off() -> None:
    """Past 450 points behind, a level is negligible: the last is valued by its chance to pass
    alone (the first, 2.5 points behind, can still end level: its chase is built as ever)."""
    limit = wc.LIMIT_HALVES
    assert two_left.chance((5, limit + 1)) == pytest.approx(two_left.chance((5, limit)), abs=1e-4)


def test_a_race_of_three_bank_far_ahead_has_its_chance_at_once() -> None:
    """Ana's 300-point turn at target 10 (three rolls of six 1s), Bela and Cleo at nothing:
    BANK would leave them 600 halves behind, past the tool's gaps. The shipped values carried
    from their edge give her chance at once (two chase tables of that gap took the page tens
    of seconds), within 0.0005 of the one built here at a gap pair as far past the edge."""
    six = [1, 1, 1, 1, 1, 1]
    before = typed(["Ana", "Bela", "Cleo"], 10, [six, (0, 1, 2, 3, 4, 5), "again"] * 2 + [six])
    two_left._builds.clear()
    wanted = two_left.wanted(before)
    assert wanted[0] == (600, 600)
    assert two_left.step(wanted, 0.0)  # nothing left to build after one step
    assert 0.97 < two_left.chance((600, 600)) < 0.99
    built = two_left.AheadOfTwo((20, 400), shipped=False)
    for _ in built.pieces():
        pass
    assert two_left.chance((20, 400)) == pytest.approx(built.value, abs=5e-4)
