"""MISHIMASH: a final round's lone leader's chance to win with two players still to play after
it, A then B, ga and gb halves behind it (X16; issue 28), shipped for pairs of gaps to 132
points (lone_table.bin, made by tools/mishimash_lone_table.py from two_left's chase tables).

It is what a four-seat final round's player right after the leader reads past the leader (its
BANK at every total: later_players.Solver.lone), and what took the page 9–21 s to build.
The chance is each player playing to win: A chases the leader knowing B plays after it, B the
best of them (the shipped win_tables.bin's tables, whose fingerprint the file holds).
"""

from __future__ import annotations

import zlib
from bisect import bisect_left
from functools import lru_cache
from pathlib import Path

from cubiri.mishimash import shipped_cells, win_chance
from cubiri.mishimash.odds import chance as reach_chance
from cubiri.mishimash.scoring import DICE

# The gaps shipped, for each of A and B: every half to NEAR, where the chance wiggles from one
# half to the next and a chase table is cheap (its cost grows as the square of A's gap), then
# every STEP-th to END. Between them the chance is `far` plus what the shipped ones add to it,
# bilinear (the wiggle is far's); past END, what the nearest edge adds. The tool measures the
# error on gaps between (tools/mishimash_lone_table.py prints it).
NEAR, STEP, END = 72, 16, 264
AXIS = (*range(1, NEAR + 1), *range(NEAR + STEP, END + 1, STEP))
PATH = Path(__file__).with_name("lone_table.bin")
NAME = "lone"


def far(ga: int, gb: int) -> float:
    """Neither passes the leader, A by its chance to reach, B by its own table: as
    later_players.Solver.far."""
    return _a_short(ga) * _b_short(gb)


@lru_cache(maxsize=4096)
def _a_short(gap: int) -> float:
    return 1 - reach_chance((gap + 1) / 2, 0, DICE, 1, 0)


@lru_cache(maxsize=4096)
def _b_short(gap: int) -> float:
    return 1 - win_chance._last_start(win_chance.last_mover(), gap)


def _fingerprint() -> int:
    """What the values depend on: the shipped tables A and B read."""
    try:
        return zlib.crc32(win_chance.TABLES_PATH.read_bytes())
    except OSError:
        return -1


def encode(grid: list[list[float]]) -> bytes:
    """The file's bytes for grid[i][j], the chance at gaps AXIS[i], AXIS[j]."""
    header = {"axis": list(AXIS), "tables": _fingerprint()}
    rows = {(i, 0, 0): row for i, row in enumerate(grid)}
    return shipped_cells.encode(header, [(NAME, rows)])


def _bracket(gap: int) -> tuple[int, int, float]:
    """The indices of the shipped gaps around `gap` and its weight on the upper one (past the
    ends: the end, weight 0)."""
    if gap <= AXIS[0]:
        return 0, 0, 0.0
    if gap >= AXIS[-1]:
        last = len(AXIS) - 1
        return last, last, 0.0
    high = bisect_left(AXIS, gap)
    if AXIS[high] == gap:
        return high, high, 0.0
    low = high - 1
    return low, high, (gap - AXIS[low]) / (AXIS[high] - AXIS[low])


class LoneTable:
    """The shipped values, each row decoded when first read."""

    def __init__(self, cells: shipped_cells.ShippedCells) -> None:
        self.cells = cells

    def value(self, ga: int, gb: int) -> float:
        """The lone leader's chance with A `ga` and B `gb` halves behind it (each ≥ 1)."""
        a_low, a_high, a_up = _bracket(ga)
        b_low, b_high, b_up = _bracket(gb)
        if not a_up and not b_up and AXIS[a_low] == ga and AXIS[b_low] == gb:
            return self.cells[(a_low, 0, 0)][b_low]  # shipped as it is
        added = 0.0
        for i, a_weight in ((a_low, 1 - a_up), (a_high, a_up)):
            row = self.cells[(i, 0, 0)]
            for j, b_weight in ((b_low, 1 - b_up), (b_high, b_up)):
                if a_weight and b_weight:
                    shipped_at = row[j] - far(AXIS[i], AXIS[j])
                    added += a_weight * b_weight * shipped_at
        return far(ga, gb) + added


@lru_cache(maxsize=1)
def shipped() -> LoneTable | None:
    """The shipped table, or None where it is missing, damaged or made from other tables (the
    page then builds the values: later_players)."""
    found = shipped_cells.read(PATH)
    if found is None:
        return None
    header = found.header
    if header.get("axis") != list(AXIS) or header.get("tables") != _fingerprint():
        return None
    if not _whole(header.get(NAME), len(found.deltas)):
        return None
    return LoneTable(found.cells(NAME))


def _whole(entries: object, cells: int) -> bool:
    """Whether the header's index holds every row, each of every gap, inside the file."""
    size = len(AXIS)
    if not isinstance(entries, list) or len(entries) != size:
        return False
    for i, entry in enumerate(entries):
        if not isinstance(entry, list) or any(type(v) is not int for v in entry):
            return False
        if entry[:3] != [i, 0, 0] or entry[4:] != [size] or not 0 <= entry[3] <= cells - size:
            return False
    return True
