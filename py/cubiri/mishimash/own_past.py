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

from collections.abc import Generator, Sequence
from dataclasses import dataclass

from cubiri.mishimash import lone_table
from cubiri.mishimash.scoring import DICE
from cubiri.mishimash.win_chance import FirstOfThree, LastMover, _proven, last_mover

SIZE = 4000  # BANK values held, as win_chance's tables
READS = 256  # BANK values read from the shipped table between two pieces (a few ms)
KEPT = 4  # tables kept (each about 80,000 values)

Steps = Generator[None, None, "PastOfP"]


class PastOfP(FirstOfThree):
    """P's turn past every earlier total (BANK: a lone leader's value), for its own table
    (`later_players.Chaser`, which reads it past L only, `mine` halves on): each decision point
    built from there, and only to where BANK beats a throw of its own dice (a throw of one die
    busts two times in three, so BANK beats it far sooner than a throw of six, `proven`). The
    same values in a third less time. Not for a table built twice to read another's payoffs
    (EPS): its twin's choices could differ where BANK and a throw are that close."""

    def __init__(self, last: LastMover, banks: Sequence[float], mine: int) -> None:
        super().__init__(last, banks)
        self.mine = mine

    def prepare(self) -> None:
        super().prepare()
        self.proven_of = {n: _proven(self.banks, self.bust_value, n) for n in range(1, DICE + 1)}

    def proven_for(self, n: int) -> int:
        return self.proven_of[n]

    def low(self, k: int, m: int) -> int:
        return max(super().low(k, m), self.mine + 1)


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
    shipped = lone_table.shipped()
    assert shipped is not None, "P's table past the leader reads the shipped lone_table.bin"
    above_a, above_b = want.offsets
    banks = [0.0] * (want.cut + 1)
    for x in range(want.cut + 1, SIZE):
        banks.append(shipped.value(above_a + x, above_b + x))
        if x % READS == 0:
            yield
    table = PastOfP(last_mover(), banks, want.cut)
    table.sliced = False
    yield from table.pieces()
    return table


def forget() -> None:
    """Drops every table kept (a fresh page's state; the tests)."""
    _builds.clear()
