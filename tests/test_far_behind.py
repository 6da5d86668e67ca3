"""far_behind: a final-round player far behind the leader has its chance to win bounded by the
shipped tables at once (issue 28: ready at once); where the bounds show as one percentage the
coach says it while the exact table is built, and it is the exact chance's percentage."""

from __future__ import annotations

from pathlib import Path

import pytest

from app.pure.coach import build_coach, percent
from app.pure.i18n import load_translator
from cubiri.mishimash import far_behind, game, later_players
from cubiri.mishimash import win_chance as wc
from tests.test_win_chance import typed

t = load_translator("en", Path(__file__).resolve().parent.parent / "locales")
SIX_ONES = [1, 1, 1, 1, 1, 1]
ALL = (0, 1, 2, 3, 4, 5)


def bea_300_behind(players: list[str]) -> game.State:
    """Ana's 300-point turn at target 10 (three rolls of six 1s): Bea's turn begins."""
    bea = typed(players, 10, [SIX_ONES, ALL, "again"] * 2 + [SIX_ONES, ALL, "bank"])
    assert bea.round is game.Round.FINAL_ROUND and bea.current == 1 and bea.totals[0] == 600
    return bea


@pytest.mark.parametrize("players", [["Ana", "Bea", "Cleo"], ["Ana", "Bea", "Cleo", "Dan"]])
def test_300_points_behind_the_coach_says_the_chance_before_the_table_is_built(
    players: list[str],
) -> None:
    bea = bea_300_behind(players)
    wc._chases.clear()
    later_players.forget()
    low, high = far_behind.start_bounds(bea) or (1.0, 0.0)
    lines = build_coach(bea, frozenset(), t, frozenset({0, 1, 2, 3})).lines
    assert lines == ("Your chance to win: 1.1%.",)
    exact = wc.start_chance(bea) if len(players) == 3 else later_players.start_chance(bea)
    assert low <= exact <= high and high - low < 0.0005
    assert percent(t, exact) == "1.1%"
    later_players.forget()


@pytest.mark.parametrize(("gap", "last"), [(21, 21), (60, 200), (150, 40), (200, 200)])
def test_the_bounds_hold_the_exact_chance_of_a_chase(gap: int, last: int) -> None:
    """A table of three, the player `gap` halves behind the leader and the last `last`: the
    exact chance (its chase table) lies between the bounds; near the leader they are wide."""
    players = ["Ana", "Bea", "Cleo"]
    state = game.State(
        **{
            **typed(players, 10, [[1, 1, 1, 5, 2, 3], (0, 1, 2, 3), "bank"]).__dict__,
            "totals": (1000, 1000 - gap, 1000 - last),
        }
    )
    low, high = far_behind.start_bounds(state) or (1.0, 0.0)
    chasing = wc._chasing(state)
    assert chasing is not None and chasing[:2] == (gap, last)
    assert low <= wc.chase_table(chasing).start() <= high
    if gap < 100:
        assert percent(t, low) != percent(t, high)


def test_no_bounds_where_they_do_not_apply() -> None:
    """In the race, mid-turn, for the last to play (its chance is shipped) and at five seats."""
    assert far_behind.start_bounds(typed(["Ana", "Bea", "Cleo"], 10, [])) is None
    bea = bea_300_behind(["Ana", "Bea", "Cleo"])
    assert far_behind.start_bounds(game.apply(bea, game.Roll())) is None
    cleo = typed(["Ana", "Bea"], 10, [[1, 1, 1, 5, 2, 3], (0, 1, 2, 3), "bank"])
    assert far_behind.start_bounds(cleo) is None
    five = bea_300_behind(["Ana", "Bea", "Cleo", "Dan", "Eve"])
    assert far_behind.start_bounds(five) is None
