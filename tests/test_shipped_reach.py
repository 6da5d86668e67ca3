"""The reach table ships whole, for needs up to 1000 points (issue 28: with more than two
contenders in a final round, the coach and "strongest" waited 25–140 s in Pyodide for it after
a reload, and the page built it in every game with rivals). It holds what ReachBuilder builds,
it answers without any table built, and a missing or damaged file falls back to building, never
to a wrong chance."""

from __future__ import annotations

from pathlib import Path

import pytest

from cubiri.mishimash import computer, game, odds, shipped_cells, strategy
from tests.test_win_chance import typed
from tests.typed_games import play

ELEVEN = [[1, 1, 1, 5, 2, 3], (0, 1, 2, 3)]  # 10.5 points, banked: the target of 10 reached


def test_the_shipped_reach_table_is_the_built_one() -> None:
    """Against a fresh build of needs up to 450 points (a table's cells hold the same values
    whatever its cut: the larger table's start with the smaller's); the whole file is compared
    with a whole build by `tools/mishimash_win_tables.py --check` (a minute)."""
    fresh = odds.ReachBuilder(900)
    while not fresh.step(1000.0):
        pass
    shipped = odds.shipped_reach()
    assert shipped is not None
    assert len(shipped) == len(odds.ReachBuilder()._todo)  # every cell of the whole table
    for key, cell in fresh.cells.items():
        part = shipped[key][: len(cell)]
        assert part == pytest.approx(cell, abs=1 / shipped_cells.SCALE), key


@pytest.fixture
def nothing_built(monkeypatch: pytest.MonkeyPatch) -> odds.ReachBuilder:
    """The page right after a reload: the table built in slices has not begun."""
    unbuilt = odds.ReachBuilder()
    monkeypatch.setattr(odds, "_reach", unbuilt)
    monkeypatch.setattr(odds, "ensure_reach", lambda: pytest.fail("the table was built"))
    return unbuilt


def test_every_need_is_read_at_once(nothing_built: odds.ReachBuilder) -> None:
    """Against strategy's exact recursion, as far as a need of 700 points (its chance from the
    start of a turn is about 0.0009)."""
    assert odds.reach_ready()
    for need, points, dice, roll, count in [
        (11, 0, 6, 1, 0),
        (120, 30, 4, 3, 1),
        (700, 0, 6, 1, 0),
    ]:
        exact = strategy.chance_to_reach(need, points, dice, roll, count)
        assert odds.chance(need, points, dice, roll, count) == pytest.approx(exact, abs=1e-4)
    best = odds.selections_to_reach(40, [1, 1, 5, 2, 3, 4], 0, 1, 0)[0]
    assert (
        best.values == strategy.best_selection_to_reach(40, [1, 1, 5, 2, 3, 4], 0, 1, 0)[0].values
    )
    assert not nothing_built.complete


def test_four_seats_strongest_plays_the_final_round_without_waiting(
    nothing_built: odds.ReachBuilder,
) -> None:
    """Four seats, Ana banks 10.5: the second seat plays with two still to come, by the chance
    to pass her (a position win_chances does not cover yet), at once."""
    state = typed(["Ana", "Cubi", "Bea", "Cleo"], 10, [*ELEVEN, "bank"])
    assert state.round is game.Round.FINAL_ROUND and state.current == 1
    assert not computer.waits_for_reach_table("strongest", state)
    assert computer.next_move("strongest", state) == game.Roll()
    state = play(state, [1, 1, 5, 2, 3, 4])
    assert not computer.waits_for_reach_table("strongest", state)
    roll = [1, 1, 5, 2, 3, 4]
    best = strategy.best_selection_to_reach(11, roll, 0, 1, 0)[0].values  # 10.5 to pass
    assert computer.next_move("strongest", state) == computer.select_values(state, best)


def test_a_damaged_or_missing_file_is_built_instead(
    nothing_built: odds.ReachBuilder, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    for name, data in (("missing.bin", None), ("damaged.bin", b"not zlib at all")):
        path = tmp_path / name
        if data is not None:
            path.write_bytes(data)
        monkeypatch.setattr(odds, "REACH_TABLE_PATH", path)
        odds.shipped_reach.cache_clear()
        assert odds.shipped_reach() is None
        assert not odds.reach_ready()  # waits for the table built in slices
    odds.shipped_reach.cache_clear()
