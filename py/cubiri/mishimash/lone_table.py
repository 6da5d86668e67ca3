"""MISHIMASH: a final round's lone leader's chance to win with two players still to play after
it, A then B, ga and gb halves behind it (X16; issue 28), and the chance of a player level with
the one leader with those two to play; shipped for pairs of gaps to 132 points (lone_table.bin,
made by tools/mishimash_lone_table.py from two_left's and later_players' chase tables).

They are what a four-seat final round's player right after the leader reads: past the leader
its BANK at every total (`value`: later_players.Solver.lone), level with it its BANK there
(`level`), which took the page 9–21 s to build. Each player plays to win: A chases knowing B
plays after it, B the best of them (the shipped win_tables.bin's tables, whose fingerprint the
file holds, and the shares of a sudden death of four).
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Callable
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
LONE, LEVEL = "lone", "level"
Grid = list[list[float]]  # grid[i][j]: at gaps AXIS[i] (A's) and AXIS[j] (B's)


def far(ga: int, gb: int) -> float:
    """Neither passes the leader, A by its chance to reach, B by its own table: as
    later_players.Solver.far."""
    return _a_short(ga) * _b_short(gb)


def far_level(ga: int, gb: int) -> float:
    """Level with the leader, neither passes nor levels them: a sudden death of two, moving
    second (X17)."""
    return win_chance.SECOND * far(ga, gb)


def reach_past(gap: int) -> float:
    """The chance to pass a total `gap` halves ahead from the start of a turn."""
    return reach_chance((gap + 1) / 2, 0, DICE, 1, 0)


@lru_cache(maxsize=4096)
def _a_short(gap: int) -> float:
    return 1 - reach_past(gap)


@lru_cache(maxsize=4096)
def _b_short(gap: int) -> float:
    return 1 - win_chance._last_start(win_chance.last_mover(), gap)


def _made() -> dict[str, object]:
    """What the values depend on: the shipped tables A and B read, and a sudden death of
    four's shares (B levelling two level leaders)."""
    tables = shipped_cells.file_crc(win_chance.TABLES_PATH)
    return {"axis": list(AXIS), "tables": tables, "four_way": list(win_chance.FOUR_WAY)}


def encode(lone: Grid, level: Grid) -> bytes:
    """The file's bytes for both grids."""
    named = [
        (name, {(i, 0, 0): row for i, row in enumerate(grid)})
        for name, grid in ((LONE, lone), (LEVEL, level))
    ]
    return shipped_cells.encode(_made(), named)


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


def _read(
    cells: shipped_cells.ShippedCells, base: Callable[[int, int], float], ga: int, gb: int
) -> float:
    """A grid's chance at (ga, gb): shipped as it is, else `base` plus what the shipped ones
    around add to it, bilinear."""
    a_low, a_high, a_up = _bracket(ga)
    b_low, b_high, b_up = _bracket(gb)
    if not a_up and not b_up and AXIS[a_low] == ga and AXIS[b_low] == gb:
        return cells[(a_low, 0, 0)][b_low]
    added = 0.0
    for i, a_weight in ((a_low, 1 - a_up), (a_high, a_up)):
        row = cells[(i, 0, 0)]
        for j, b_weight in ((b_low, 1 - b_up), (b_high, b_up)):
            if a_weight and b_weight:
                added += a_weight * b_weight * (row[j] - base(AXIS[i], AXIS[j]))
    return base(ga, gb) + added


class LoneTable:
    """The shipped values, each row decoded when first read."""

    def __init__(self, lone: shipped_cells.ShippedCells, level: shipped_cells.ShippedCells):
        self.lone, self.level_cells = lone, level

    def value(self, ga: int, gb: int) -> float:
        """The lone leader's chance with A `ga` and B `gb` halves behind it (each ≥ 1)."""
        return _read(self.lone, far, ga, gb)

    def level(self, ga: int, gb: int) -> float:
        """The chance of a player level with the one leader (the later of the two in the
        round's order), A and B `ga` and `gb` halves behind them."""
        return _read(self.level_cells, far_level, ga, gb)


@lru_cache(maxsize=1)
def fingerprint() -> int:
    """The file's crc32 (-1 where it cannot be read): what values built from it depend on."""
    return shipped_cells.file_crc(PATH)


@lru_cache(maxsize=1)
def shipped() -> LoneTable | None:
    """The shipped table, or None where it is missing, damaged or made from other tables or
    shares (the page then builds the values: later_players)."""
    found = _read_file()
    if found is None or any(
        not _whole(found.header.get(n), len(found.deltas)) for n in (LONE, LEVEL)
    ):
        return None
    return LoneTable(found.cells(LONE), found.cells(LEVEL))


def shipped_lone() -> Grid | None:
    """The lone leader's grid of the file, where it is whole and for these tables (the tool
    keeps it when it adds the other)."""
    found = _read_file(("axis", "tables"))  # a sudden death of four's shares play no part
    if found is None or not _whole(found.header.get(LONE), len(found.deltas)):
        return None
    cells = found.cells(LONE)
    return [list(cells[(i, 0, 0)]) for i in range(len(AXIS))]


def _read_file(
    keys: tuple[str, ...] = ("axis", "tables", "four_way"),
) -> shipped_cells.Shipped | None:
    """The file, where it was made as these values are (`_made`'s `keys`)."""
    found = shipped_cells.read(PATH)
    if found is None:
        return None
    made = _made()
    if any(found.header.get(key) != made[key] for key in keys):
        return None
    return found


def _whole(entries: object, cells: int) -> bool:
    """Whether the header's index holds every row, each of every gap, inside the file."""
    return shipped_cells.whole_rows(entries, len(AXIS), len(AXIS), cells)
