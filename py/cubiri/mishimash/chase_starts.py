"""MISHIMASH: the chance to win of a final-round player behind the one leader with one player
still to play after it (a chase, win_chance.Chase), at the start of its turn, shipped for every
pair of gaps to 450 points (chase_starts.bin, made by tools/mishimash_chase_starts.py; issue 28,
ready at once).

A table of three's final round begins with such a turn: the leader has just banked past the
target (X16) and the next player chases it with the last still to come. Its own table takes
the page about 0.5 s in Pyodide 112 points behind, 1.9 s 222 behind (`make bench`); built while
the leader chooses dice (bank_ahead.py), it was still not there when the leader banked at once
(helper-36: 1.4 s of "working out" 210 points behind). Read here, the turn's first line is
there at once; the table the turn's later lines read is built meanwhile.

One built table gives a whole row of these. Below the leader, a chase's values depend on the
halves its player still misses, not on its total: BANK is worth nothing below the leader, its
tie level with it, and past it by the last's gap below the new total, which is the last's gap
below the leader less those missing halves. So the table of a player `COLUMNS` halves behind,
read where its turn holds `COLUMNS − g` halves at the first throw, is the start of a player `g`
halves behind with the same last (`row`; the tests compare it with each gap's own table).
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from cubiri.mishimash import shipped_cells, win_chance
from cubiri.mishimash.scoring import DICE

COLUMNS = 900  # the chaser's gaps shipped: 1 … 900 halves (450 points: LIMIT_HALVES)
ROWS = 900  # the last's gaps shipped: 0 … 900 halves
PATH = Path(__file__).with_name("chase_starts.bin")
NAME = "starts"


def row(lead_gap: int, columns: int = COLUMNS) -> list[float]:
    """The chaser's chance at the start of its turn, 1 … `columns` halves behind the leader,
    the last `lead_gap` halves behind it (and the chaser after the leader in a sudden death
    of the two, as at a final round's start): one chase table, built now."""
    level = win_chance.LevelWithTheLeader(False, lead_gap)
    for _ in level.pieces():
        pass
    last, ahead = win_chance.last_mover(), win_chance.ahead_of_the_last()
    table = win_chance.Chase(last, columns, lead_gap, level.tie, ahead)
    table.sliced = False
    for _ in table.pieces():
        pass
    start = table.cells[(DICE, 1, 0)]  # holding columns − g halves: g still missing
    return [start[columns - gap] for gap in range(1, columns + 1)]


def made() -> dict[str, object]:
    """What the values depend on: the shipped tables a chase reads, the shares of the sudden
    deaths a level leads to, and the gaps."""
    tables = shipped_cells.file_crc(win_chance.TABLES_PATH)
    shares = [win_chance.FIRST, *win_chance.THREE_WAY]
    return {"columns": COLUMNS, "rows": ROWS, "tables": tables, "shares": shares}


def encode(rows: list[list[float]]) -> bytes:
    """The file's bytes: rows[lead_gap][gap − 1]."""
    cells = {(lead_gap, 0, 0): values for lead_gap, values in enumerate(rows)}
    return shipped_cells.encode(made(), [(NAME, cells)])


@lru_cache(maxsize=1)
def _shipped() -> shipped_cells.ShippedCells | None:
    found = shipped_cells.read(PATH)
    if found is None or any(found.header.get(k) != v for k, v in made().items()):
        return None
    if not shipped_cells.whole_rows(found.header.get(NAME), ROWS + 1, COLUMNS, len(found.deltas)):
        return None
    return found.cells(NAME)


def start(chasing: win_chance.Chasing) -> float | None:
    """The shipped chance at the start of the chase's turn (within 8e-6 of its table's), or
    None where it is not shipped: gaps past the file's, a chaser who would move first in a
    sudden death of the two, a missing or stale file."""
    gap, lead_gap, first = chasing
    if first or not 1 <= gap <= COLUMNS or not 0 <= lead_gap <= ROWS:
        return None
    cells = _shipped()
    return None if cells is None else cells[(lead_gap, 0, 0)][gap - 1]
