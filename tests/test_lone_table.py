"""The shipped values of a lone leader with two still to play after it, and of a player level
with that one leader (lone_table.bin; X16, X17; issue 28), from which the page builds a
four-seat final round's chances to win in about a second: checked against the same chances
built without them (two_left's two chase tables, later_players' three), against
later_players.Solver built without the shipped tables past the leader (an independent path),
and P's chances read through them against the ones built lead by lead. A damaged or stale
file is never read: the page then builds the values as before."""

from __future__ import annotations

import random
import zlib
from pathlib import Path

import pytest

from cubiri.mishimash import later_players, lone_table, shipped_cells, two_left
from tests.test_two_left import solver_value

AXIS, END = lone_table.AXIS, lone_table.END
BETWEEN = 3e-4  # read between the shipped gaps: the tool found at most 0.000132 of 44


def table() -> lone_table.LoneTable:
    shipped = lone_table.shipped()
    assert shipped is not None, "lone_table.bin is missing or stale: tools/mishimash_lone_table.py"
    return shipped


def built(gaps: two_left.Gaps) -> float:
    """The leader's chance from its two chase tables (two_left), never the shipped value."""
    value = two_left.AheadOfTwo(gaps, shipped=False)
    for _ in value.pieces():
        pass
    assert value.value is not None
    return value.value


def test_a_sample_of_the_shipped_values_is_what_the_chase_tables_give() -> None:
    rng = random.Random(28)
    near = [g for g in AXIS if g <= 40]  # the chase tables of far gaps take seconds each
    corners = [(1, 1), (1, END), (AXIS[-2], 1)]
    sample = corners + [(rng.choice(near), rng.choice(AXIS)) for _ in range(12)]
    for gaps in sample:
        assert table().value(*gaps) == pytest.approx(built(gaps), abs=1e-5), gaps


def level_built(gaps: two_left.Gaps) -> float:
    """The chance of a player level with the one leader, A and B `gaps` behind: built."""
    solver = later_players.Solver(later_players.Position(1, gaps), 1)
    return solver.leaders(0, 2, 0)[1]


def test_a_sample_of_the_shipped_level_values_is_what_the_chase_tables_give() -> None:
    """Level with the leader, two to play: each later one passes both (a loss), levels them
    (a sudden death of three or four) or falls short (of two), playing to win."""
    rng = random.Random(29)
    near = [g for g in AXIS if g <= 40]
    sample = [(1, 1), (1, END)] + [(rng.choice(near), rng.choice(AXIS)) for _ in range(8)]
    for gaps in sample:
        assert table().level(*gaps) == pytest.approx(level_built(gaps), abs=1e-5), gaps


@pytest.mark.parametrize("gaps", [(30, 101), (94, 20), (END + 40, 20), (20, END + 60)])
def test_level_between_and_past_the_shipped_gaps(gaps: two_left.Gaps) -> None:
    assert table().level(*gaps) == pytest.approx(level_built(gaps), abs=BETWEEN)


@pytest.mark.parametrize("gaps", [(3, 1), (21, 21), (60, 40), (5, 200)])
def test_the_shipped_value_is_the_one_built_without_the_tables_past_the_leader(
    gaps: two_left.Gaps,
) -> None:
    assert table().value(*gaps) == pytest.approx(solver_value(gaps), abs=2e-5)


@pytest.mark.parametrize(
    "gaps", [(30, 101), (94, 20), (77, 150), (END + 40, 20), (20, END + 60), (END + 1, END + 99)]
)
def test_between_and_past_the_shipped_gaps_far_carries_the_wiggle(gaps: two_left.Gaps) -> None:
    """Between the shipped gaps, what the chase adds to `far` is read bilinear; past them,
    from the nearest edge (tools/mishimash_lone_table.py prints the error on a wider sample)."""
    assert table().value(*gaps) == pytest.approx(built(gaps), abs=BETWEEN)


def test_four_seats_the_chances_through_the_table_are_the_ones_built_lead_by_lead(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """P 10.5 behind the leader, the two after it 10.5 behind too (test_later_players' four
    seats, checked there against a Monte Carlo): P's chances at the start and at decisions
    near and far past the leader, read through the table and built lead by lead (every lead
    near, then every STEP-th: what the page built for 9–21 s)."""
    where = later_players.Position(21, (21, 21))
    decisions = [(21, 3, 2, 0), (22, 1, 2, 0), (40, 2, 3, 0), (90, 4, 3, 1), (140, 6, 5, 1)]

    def chances() -> list[float]:
        later_players.forget()
        solver = later_players.Solver(where, 1)
        table_ = solver.table()
        return [table_.start(), solver.bank(0), solver.bank(30)] + [
            table_.roll(*decision) for decision in decisions
        ]

    shipped = chances()
    monkeypatch.setattr(lone_table, "shipped", lambda: None)
    built_values = chances()
    later_players.forget()
    assert shipped == pytest.approx(built_values, abs=5e-4)


def damaged(tmp_path: Path, data: bytes) -> Path:
    path = tmp_path / "lone_table.bin"
    path.write_bytes(data)
    return path


def test_a_damaged_or_stale_file_is_not_read(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    real = lone_table.PATH.read_bytes()
    head, _, body = zlib.decompress(real).partition(b"\n")
    header = shipped_cells.json.loads(head)

    def remade(**changes: object) -> bytes:
        return zlib.compress(
            shipped_cells.json.dumps({**header, **changes}).encode() + b"\n" + body
        )

    cases = {
        "missing": None,
        "not zlib": b"cubiri",
        "cut short": zlib.compress(zlib.decompress(real)[: len(head) + 1000]),
        "other tables": remade(tables=header["tables"] + 1),
        "other shares of four": remade(four_way=[0.25] * 4),
        "no level values": remade(level=None),
        "other gaps": remade(axis=list(AXIS[:-1])),
        "a row too short": remade(lone=[[0, 0, 0, 0, len(AXIS) - 1], *header["lone"][1:]]),
    }
    for name, data in cases.items():
        path = tmp_path / "absent.bin" if data is None else damaged(tmp_path, data)
        monkeypatch.setattr(lone_table, "PATH", path)
        lone_table.shipped.cache_clear()
        assert lone_table.shipped() is None, name
    monkeypatch.setattr(lone_table, "PATH", damaged(tmp_path, real))
    lone_table.shipped.cache_clear()
    assert lone_table.shipped() is not None
    lone_table.shipped.cache_clear()
