"""MISHIMASH, four seats: P's table past the leader, by what it depends on (issue 28).

With two players still to play after P (A, then B) in a final round, P's chance to win is its
turn against BANK values: below the leader's total L nothing, level the shipped level value,
past it a lone leader's chance with A and B to play (lone_table.py). That last part is what
costs (about a second in Pyodide), and it does not depend on L: P ending its turn with x
halves stands (P − A) + x halves above A and (P − B) + x above B, whatever L is, and a turn's
gains never depend on the total. L only says from which x the table is read (past it).

So the table is kept by P's `offsets` over A and B, built from a `cut` (x above it), and
serves every L at least `cut` halves above P. The page builds it while the player before P
can still reach the target (X16), before anyone knows L: once that player banks, P's chances
need only the part below L (`later_players.Chaser`, tens of milliseconds). A build begun by
one reader is shared with the next (`steps`), a piece at a time, as the page builds between
frames.
"""

from __future__ import annotations

import base64
import binascii
import json
import math
from array import array
from collections.abc import Generator, Iterator, Sequence
from dataclasses import dataclass
from itertools import pairwise
from typing import Any

from cubiri.mishimash import lone_table, strategy
from cubiri.mishimash.scoring import DICE
from cubiri.mishimash.win_chance import (
    FirstOfThree,
    LastMover,
    _bust,
    _proven,
    last_mover,
)

SIZE = 4000  # BANK values held, as win_chance's tables
READS = 256  # BANK values read from the shipped table between two pieces (a few ms)
KEPT = 4  # tables kept (each about 80,000 values)

Steps = Generator[None, None, "PastOfP"]


class PastOfP(FirstOfThree):
    """P's turn past every earlier total (BANK: a lone leader's value), for its own table
    (`later_players.Chaser`, which reads it past L only, `mine` halves on): each decision point
    built from there, and only to where BANK is proven best at that point (`_bound`; at most
    where BANK beats any throw of its own dice, `proven_for`: a throw of one die busts two
    times in three, so BANK beats it far sooner than a throw of six). The same values in about
    half the time of every point built to `proven`. Not for a table built twice to read
    another's payoffs (EPS): its twin's choices could differ where BANK and a throw are that
    close."""

    reached_only = True  # built in the page

    def __init__(self, last: LastMover, banks: Sequence[float], mine: int) -> None:
        super().__init__(last, banks)
        self.mine = mine

    def prepare(self) -> None:
        super().prepare()
        self.proven_of = {n: _proven(self.banks, self.bust_value, n) for n in range(1, DICE + 1)}
        self.rising = _rising_hull(self.banks, self.mine + 1)
        self.proven_cells: dict[tuple[int, int, int], int] = {}  # each as its piece is built

    def proven_for(self, n: int) -> int:
        return self.proven_of[n]

    def proven_cell(self, n: int, k: int, m: int) -> int:
        found = self.proven_cells.get((n, k, m))
        if found is None:
            found = self.proven_cells[n, k, m] = self._bound(self.rising, n, k, m)
        return found

    def low(self, k: int, m: int) -> int:
        return max(super().low(k, m), self.mine + 1)

    def _bound(self, rising: list[float], n: int, k: int, m: int) -> int:
        """From which total BANK is proven best at (n, k, m), below `proven_for(n)`: where
        BANK is worth more than (1 − bust) × `rising` at the total plus the halves a throw and
        any play after it add on average, at most (given a bust, A). Any play's chance to win
        is at most `rising` at its total (a concave, rising bound of BANK), so by Jensen at
        most `rising` at its average total; strategy's bound on those halves, A, holds for
        the table's play too (its MISHIMASH bonus stops growing at the fifth)."""
        bust = _bust(n)
        ahead = strategy._roll_gain_bound(n, k, m) / (1 - bust)
        x, low = self.proven_of[n] - 1, self.low(k, m)
        while x >= low:
            bound = (1 - bust) * _at(rising, x + ahead) + bust * self.bust_value
            if self.banks[x] < bound + MARGIN:
                break
            x -= 1
        return x + 1


MARGIN = 1e-12  # what BANK must beat the bound by (rounding)


def _rising_hull(banks: list[float], start: int) -> list[float]:
    """The least concave function at least every BANK value from `start` on and never falling
    (0 before `start`): the upper hull of their running maximum, at each total."""
    hull: list[tuple[int, float]] = []
    best = 0.0
    for x in range(start, len(banks)):
        best = max(best, banks[x])
        while len(hull) >= 2:
            (x1, y1), (x2, y2) = hull[-2], hull[-1]
            if (y2 - y1) * (x - x1) <= (best - y1) * (x2 - x1):
                hull.pop()
            else:
                break
        hull.append((x, best))
    rising = [0.0] * len(banks)
    for (x1, y1), (x2, y2) in pairwise(hull):
        slope = (y2 - y1) / (x2 - x1)
        for x in range(x1, x2):
            rising[x] = y1 + slope * (x - x1)
    if hull:
        rising[hull[-1][0]] = hull[-1][1]
    return rising


def _at(rising: list[float], y: float) -> float:
    """The hull at a total between two halves (linear: its corners are on halves); past the
    last BANK value held, that value's (BANK keeps it there)."""
    last = len(rising) - 1
    if y >= last:
        return rising[last]
    i = int(y)
    return rising[i] + (rising[i + 1] - rising[i]) * (y - i)


@dataclass(frozen=True)
class Wanted:
    """P's table past the leader: P's totals less A's and B's (halves, in play order), and
    the fewest halves L stands above P (the table holds every x past it)."""

    offsets: tuple[int, int]
    cut: int


@dataclass
class _Build:
    cut: int
    pieces: Generator[None, None, PastOfP] | None  # None once built
    table: PastOfP | None = None


_builds: dict[tuple[int, int], _Build] = {}


def wanted(later: tuple[int, ...], mine: int) -> Wanted:
    """What a final-round P `mine` halves below L needs, A and B `later` halves below it."""
    a, b = later
    return Wanted((a - mine, b - mine), mine)


def _serving(want: Wanted) -> _Build | None:
    build = _builds.get(want.offsets)
    return build if build is not None and build.cut <= want.cut else None


def built(want: Wanted) -> bool:
    """Whether the table `want` reads is built."""
    build = _serving(want)
    return build is not None and build.table is not None


def steps(want: Wanted) -> Steps:
    """The table, built a piece at a time (yielding between pieces), or at once where it is:
    one build serves every reader (a table from a lower cut holds all a higher one reads)."""
    build = _serving(want)
    if build is None:
        _builds.pop(want.offsets, None)
        while len(_builds) >= KEPT:
            del _builds[next(iter(_builds))]
        build = _builds[want.offsets] = _Build(want.cut, _pieces(want))
    while build.table is None:
        assert build.pieces is not None
        try:
            next(build.pieces)
        except StopIteration as done:
            build.table, build.pieces = done.value, None
        else:
            yield
    return build.table


def _pieces(want: Wanted) -> Steps:
    banks: list[float] = []
    for x, bank in enumerate(_banks(want)):
        banks.append(bank)
        if x % READS == 0:
            yield
    table = PastOfP(last_mover(), banks, want.cut)
    table.sliced = False
    yield from table.pieces()
    return table


def _banks(want: Wanted) -> Iterator[float]:
    """BANK's value at each x of P's turn: past the cut, the shipped lone leader's."""
    shipped = lone_table.shipped()
    assert shipped is not None, "P's table past the leader reads the shipped lone_table.bin"
    above_a, above_b = want.offsets
    for x in range(SIZE):
        yield shipped.value(above_a + x, above_b + x) if x > want.cut else 0.0


def forget() -> None:
    """Drops every table kept (a fresh page's state; the tests)."""
    global _dumped
    _builds.clear()
    _dumped = None


# Kept across a reload --------------------------------------------------------------------------
# The page keeps the last table built in the tab's sessionStorage (about 0.9 MB of text): a
# reload at the final round's first turn then has its chance to win at once, not a second on.

FORMAT = 2  # what a kept table's values mean; a new one makes every kept copy stale (2: the
# points a turn reaches only, win_chance.reachable)
_dumped: tuple[tuple[int, int], int] | None = None  # the table last kept (offsets, cut)


def _made() -> list[int]:
    """What a kept table depends on beyond its offsets and cut: this code's FORMAT and the
    shipped lone leader's values it was built from (their file holds the rest's fingerprint)."""
    return [FORMAT, lone_table.fingerprint()]


def _layout(table: PastOfP) -> list[tuple[tuple[int, int, int], int]]:
    """Each cell of the built table and its length, in the order `pieces` builds them."""
    table.prepare()
    return [
        ((n, k, m), max(0, table.proven_cell(n, k, m) - table.low(k, m) + 1))
        for n, k, m in table.built_cells()
    ]


def dump(want: Wanted) -> str | None:
    """The built table `want` reads, as text for the page to keep; None where it is not built,
    or was the last kept."""
    global _dumped
    build = _serving(want)
    if build is None or build.table is None or _dumped == (want.offsets, build.cut):
        return None
    values = array("d")
    for key, _ in _layout(build.table):
        values.extend(build.table.cells[key])
    _dumped = (want.offsets, build.cut)
    kept = {"made": _made(), "offsets": list(want.offsets), "cut": build.cut}
    return json.dumps({**kept, "values": base64.b64encode(values.tobytes()).decode("ascii")})


def load(text: str | None) -> Wanted | None:
    """Keeps the table `dump` made, where it is whole and made as this code makes it: each
    cell where and as long as a build puts it, every value a chance. Anything else is skipped
    (a damaged or tampered copy costs a build, never a wrong chance it can tell). What it
    serves, or None."""
    global _dumped
    if not text:
        return None
    try:
        kept: Any = json.loads(text)
        offsets, cut = tuple(kept["offsets"]), kept["cut"]
        if kept["made"] != _made() or not _whole_numbers(*offsets, cut) or len(offsets) != 2:
            return None
        raw = base64.b64decode(kept["values"], validate=True)
    except (ValueError, TypeError, KeyError, binascii.Error):
        return None
    if len(raw) % 8 or not 0 <= cut < SIZE or lone_table.shipped() is None:
        return None
    want = Wanted((offsets[0], offsets[1]), cut)
    if built(want):
        return want
    values = array("d")
    values.frombytes(raw)
    if not all(math.isfinite(v) and 0.0 <= v <= 1.0 for v in values):
        return None
    table = PastOfP(last_mover(), list(_banks(want)), cut)
    layout = _layout(table)
    if sum(size for _, size in layout) != len(values):
        return None
    at = 0
    for key, size in layout:
        table.cells[key] = values[at : at + size].tolist()
        at += size
    _builds[want.offsets] = _Build(cut, None, table)
    _dumped = (want.offsets, cut)
    return want


def _whole_numbers(*found: object) -> bool:
    return all(type(n) is int for n in found)
