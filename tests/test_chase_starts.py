"""chase_starts: a table of three's final round begins with a chase (the next player behind the
one leader, the last still to come), and its chance to win at the turn's start is shipped for
every pair of gaps to 450 points, so the coach says it the moment the leader banks (X16, X17;
issue 28: ready at once)."""

from __future__ import annotations

from pathlib import Path

import pytest

from app.pure.coach import build_coach, percent
from app.pure.i18n import load_translator
from cubiri.mishimash import chase_starts, game
from cubiri.mishimash import win_chance as wc
from tests.test_win_chance import typed
from tests.typed_games import play

t = load_translator("en", Path(__file__).resolve().parent.parent / "locales")
SIX_ONES = [1, 1, 1, 1, 1, 1]
ALL = (0, 1, 2, 3, 4, 5)
PLAYERS = ["Ana", "Bea", "Cleo"]


def chase_at(gap: int, last: int) -> game.State:
    """A table of three at target 10: Ana has banked, Bea begins her turn `gap` halves behind
    her and Cleo, the last, is `last` behind."""
    banked = typed(PLAYERS, 10, [[1, 1, 1, 5, 2, 3], (0, 1, 2, 3), "bank"])
    state = game.State(**{**banked.__dict__, "totals": (1000, 1000 - gap, 1000 - last)})
    assert state.round is game.Round.FINAL_ROUND and state.phase is game.Phase.ROLL
    return state


@pytest.mark.parametrize("last", [0, 1, 37, 160])
def test_one_table_is_the_start_of_every_gap_with_that_last(last: int) -> None:
    """The chase table of a player 90 halves behind, read where its turn holds 90 − g halves,
    is the start of a player g behind with the same last: the very same float, g = 1 … 90."""
    row = chase_starts.row(last, columns=90)
    for gap in (1, 2, 3, 10, 11, 44, 89, 90):
        wc._chases.clear()
        assert row[gap - 1] == wc.chase_table((gap, last, False)).start(), gap
    wc._chases.clear()


def test_the_shipped_file_is_for_these_tables_and_holds_the_built_chances() -> None:
    assert chase_starts._shipped() is not None, (
        "chase_starts.bin is missing or stale: tools/mishimash_chase_starts.py"
    )
    for last in (0, 233, chase_starts.ROWS):
        built = chase_starts.row(last)
        for gap in (1, 2, 71, 300, 451, 777, chase_starts.COLUMNS):
            shipped = chase_starts.start((gap, last, False))
            assert shipped is not None and abs(shipped - built[gap - 1]) < 8e-6, (gap, last)


def test_150_points_behind_the_coach_says_the_chance_before_anything_is_built() -> None:
    """Ana banks 150 points at target 10 (two rolls of six 1s): Bea's first line is there
    while her table is still to build, to the percentage the table then gives."""
    bea = typed(PLAYERS, 10, [SIX_ONES, ALL, "again", SIX_ONES, ALL, "bank"])
    assert bea.current == 1 and bea.totals == (300, 0, 0)
    wc._chases.clear()
    assert wc.chase_pending(bea) and not wc.ready(bea)
    lines = build_coach(bea, frozenset(), t, frozenset({0, 1, 2})).lines
    assert not wc._chases, "the coach built nothing"
    assert lines == (f"Your chance to win: {percent(t, wc.start_chance(bea))}.",)
    assert lines == ("Your chance to win: 4.2%.",)
    wc._chases.clear()


def test_the_shipped_start_is_read_only_at_a_chase_turns_start() -> None:
    state = chase_at(300, 200)
    assert wc.shipped_start(state) == chase_starts.start((300, 200, False))
    throwing = game.apply(state, game.Roll())  # real dice: the turn starts once they are in
    assert wc.shipped_start(throwing) == wc.shipped_start(state)
    assert wc.shipped_start(play(state, [1, 2, 3, 4, 6, 6])) is None  # thrown: its own table
    assert wc.shipped_start(typed(PLAYERS, 10, [])) is None  # the race
    assert wc.shipped_start(chase_at(chase_starts.COLUMNS + 1, 10)) is None  # past its gaps
    assert wc.shipped_start(chase_at(20, chase_starts.ROWS + 1)) is None
    assert chase_starts.start((20, 20, True)) is None  # first in a sudden death of the two


def test_a_damaged_or_stale_file_is_not_read(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The coach then waits for the table (or the far-behind bounds), as before the file."""
    damaged = tmp_path / "chase_starts.bin"
    damaged.write_bytes(b"not a table")
    monkeypatch.setattr(chase_starts, "PATH", damaged)
    chase_starts._shipped.cache_clear()
    assert chase_starts.start((20, 20, False)) is None
    monkeypatch.setattr(chase_starts, "COLUMNS", chase_starts.COLUMNS + 2)  # made otherwise
    monkeypatch.setattr(chase_starts, "PATH", Path(chase_starts.__file__).with_name(damaged.name))
    chase_starts._shipped.cache_clear()
    assert chase_starts.start((20, 20, False)) is None
    monkeypatch.undo()
    chase_starts._shipped.cache_clear()
    assert chase_starts.start((20, 20, False)) is not None
