"""MISHIMASH odds fast enough for the page: strategy.py's values read from shipped data.

strategy.py computes every value exactly but slowly (the first whole-turn question takes
seconds, far more than a frame in Pyodide). Here the same numbers come from tables:

* **Expected points** (`value`, `roll_on`, `selections`, `choice`): `odds_table.json`, made by
  `tools/mishimash_odds.py` (its docstring says how and why the cut is where it is). For each
  decision point (dice n, roll k, MISHIMASHes m) with k ≤ K and m ≤ M it holds the threshold T
  (in halves) from which BANK is best, and V(h) − h on [0, T] as a piecewise-linear curve whose
  error is at most 0.0005 points on every integer half h. Outside the table (k > K or m > M,
  which best play reaches rarely: see the tool) the value is the tool's cut rule: roll at most
  once more, then BANK, exactly as strategy.py cuts its recursion.
* **Chance to reach** (`chance`, `selections_to_reach`, `choice_to_reach`): built here, bottom up,
  by `ReachBuilder` and shipped in reach_table.bin, there at once. It covers a need of up to
  REACH_HALVES halves. Where the file is missing or damaged the table is built: in slices of a
  few milliseconds between frames in the page, or at once by `ensure_reach()`.

Points are integer halves inside (as in scoring), numbers at the edge. Every query is a few
table look-ups over strategy's `roll_table` classes (well under a millisecond in CPython).
"""

from __future__ import annotations

import json
import time
from bisect import bisect_right
from collections.abc import Callable, Sequence
from functools import cache
from itertools import repeat
from operator import add, mul
from pathlib import Path

from cubiri.mishimash import shipped_cells, strategy
from cubiri.mishimash.scoring import DICE, check_dice, legal_value_selections, selection_halves
from cubiri.mishimash.scoring import to_points as _to_points
from cubiri.mishimash.strategy import (
    BANK,
    ROLL_AGAIN,
    Choice,
    Option,
    RollTable,
    need_halves,
    roll_table,
    to_halves,
)

TABLE_PATH = Path(__file__).with_name("odds_table.json")

# The reach table: needs up to 1000 points (REACH_HALVES), every roll a turn can reach with such
# a need (reach_bound), MISHIMASHes up to REACH_MISHIMASHES (_reach_count says why that is enough).
REACH_HALVES = 2000
REACH_MISHIMASHES = 5


# ---------------------------------------------------------------------------------------------
# One roll over whole arrays (shared with tools/mishimash_odds.py)

# Missing values a piece of a table built between frames, by the dice thrown (six dice have 118
# roll classes; fewer than four, PIECE_REST): a few milliseconds of the page's 20 ms slices.
# Each value is worked out alone, so a piece's size never moves one; smaller pieces cost more
# (a chase 300 points behind took 3.9 s in CPython in pieces of 8 values of six dice, 2.1 s in
# pieces of 64, 2.0 s a row at a time, each piece within 8 ms). ReachBuilder and win_chance.
PIECE = {6: 64, 5: 128, 4: 256}
PIECE_REST = 256


def combine(table: RollTable, columns: Sequence[list[float]]) -> list[float]:
    """The value of throwing, elementwise: Σ over roll classes of weight × the best option's
    column (columns[i] holds option i's next-state values), divided by 6**n. List-wide map()
    keeps the inner loops in C, which matters several times over in Pyodide."""
    acc: list[float] | None = None
    for weight, indices in table.classes:
        if len(indices) == 1:
            best = columns[indices[0]]
        else:
            best = list(map(max, *(columns[i] for i in indices)))
        scaled = map(mul, best, repeat(float(weight)))
        acc = list(scaled) if acc is None else list(map(add, acc, scaled))
    assert acc is not None
    total = float(table.total)
    return [x / total for x in acc]


@cache
def option_steps(dice: int, roll_index: int, count: int) -> tuple[tuple[int, int, int, int], ...]:
    """Per option of roll_table(dice): (halves gained, dice, roll, count) of the next decision
    point (X9 multiplier, X12 bonus and six fresh dice)."""
    return tuple(_after(0, kept, v, roll_index, count) for kept, v in roll_table(dice).options)


def _after(
    halves: int, kept: int, gained: int, roll_index: int, count: int
) -> tuple[int, int, int, int]:
    """strategy._after, typed as the four numbers of a decision point."""
    h, n, k, m = strategy._after(halves, kept, gained, roll_index, count)
    return h, n, k, m


@cache
def cut_gain(dice: int, roll_index: int, count: int) -> float:
    """Expected halves added by throwing once more and then banking whatever scored."""
    table = roll_table(dice)
    gains = [step[0] for step in option_steps(dice, roll_index, count)]
    total = sum(weight * max(gains[i] for i in indices) for weight, indices in table.classes)
    return total / table.total


def cut_roll(halves: float, dice: int, roll_index: int, count: int) -> float:
    """The cut rule's value of throwing (halves): everything is lost on a bust (X11), else the
    best gain of the roll is banked. strategy.py plays the same way at its cut."""
    table = roll_table(dice)
    keep = 1 - table.bust_weight / table.total
    return keep * halves + cut_gain(dice, roll_index, count)


# ---------------------------------------------------------------------------------------------
# The expected-points table


def predicted_change(change: int, step: int, next_step: int) -> int:
    """The change over the next segment if the slope stayed (integers, the same everywhere)."""
    return change * next_step // step


def _decode(steps: list[int], residuals: list[int], unit: float) -> tuple[list[int], list[float]]:
    """Knots and V − h (halves) from the tool's encoding (see its `residuals`)."""
    knots, units = [0], residuals[:1]
    change = 0
    for i, step in enumerate(steps):
        change = (
            residuals[1]
            if i == 0
            else residuals[i + 1] + predicted_change(change, steps[i - 1], step)
        )
        knots.append(knots[-1] + step)
        units.append(units[-1] + change)
    return knots, [u * unit for u in units]


class ValueTable:
    """odds_table.json decoded: per (dice, roll, count) the knots of V(h) − h (in halves)."""

    def __init__(self, data: dict[str, object]) -> None:
        self.rolls = int(str(data["rolls"]))  # K
        self.mishimashes = int(str(data["mishimashes"]))  # M
        unit = float(str(data["unit"])) * 2  # the file's unit is in points
        self.cells: dict[tuple[int, int, int], tuple[list[int], list[float]]] = {}
        cells = data["cells"]
        assert isinstance(cells, list)
        for n, k, m, steps, residuals in cells:
            self.cells[n, k, m] = _decode(steps, residuals, unit)

    def threshold(self, dice: int, roll_index: int, count: int) -> int | None:
        """T: BANK is best from T halves on; None outside the table."""
        cell = self.cells.get((dice, roll_index, count))
        return None if cell is None else cell[0][-1]

    def value(self, halves: int, dice: int, roll_index: int, count: int) -> float:
        """V in halves: max(BANK, ROLL AGAIN) under best play."""
        cell = self.cells.get((dice, roll_index, count))
        if cell is None:
            return max(float(halves), cut_roll(halves, dice, roll_index, count))
        knots, values = cell
        if halves >= knots[-1]:
            return float(halves)
        i = bisect_right(knots, halves)
        h0, h1 = knots[i - 1], knots[i]
        v0, v1 = values[i - 1], values[i]
        return halves + v0 + (v1 - v0) * (halves - h0) / (h1 - h0)

    def roll_value(self, halves: int, dice: int, roll_index: int, count: int) -> float:
        """R in halves: the value of throwing now, from the next decision points' V."""
        table = roll_table(dice)
        if (dice, roll_index, count) not in self.cells:
            return cut_roll(halves, dice, roll_index, count)
        children = [
            self.value(halves + gained, n2, k2, m2)
            for gained, n2, k2, m2 in option_steps(dice, roll_index, count)
        ]
        total = 0.0
        for weight, indices in table.classes:
            total += weight * max([children[i] for i in indices])
        return total / table.total


@cache
def value_table() -> ValueTable:
    """Loaded on first use (a few milliseconds), then shared."""
    return ValueTable(json.loads(TABLE_PATH.read_text(encoding="utf-8")))


def _check(dice_left: int, roll_index: int, count: int) -> None:
    strategy._check_point(dice_left, roll_index, count)


def value(points: float, dice_left: int, roll_index: int, mishimash_count: int) -> float:
    """strategy.turn_value from the table: expected points banked under best play.

    >>> round(value(0, 6, 1, 0), 2)
    15.72
    """
    _check(dice_left, roll_index, mishimash_count)
    return value_table().value(to_halves(points), dice_left, roll_index, mishimash_count) / 2


def roll_on(points: float, dice_left: int, roll_index: int, mishimash_count: int) -> float:
    """strategy.roll_on_value from the table: expected points when this decision is ROLL AGAIN
    and every later one is best. Also where BANK is better (the coach shows both)."""
    _check(dice_left, roll_index, mishimash_count)
    return value_table().roll_value(to_halves(points), dice_left, roll_index, mishimash_count) / 2


def choice(points: float, dice_left: int, roll_index: int, mishimash_count: int) -> Choice:
    """strategy.best_choice from the table. The action follows the table's threshold T, found
    at full precision by the tool; the roll value shown is kept on the same side of BANK, so
    the numbers never contradict the advice (they may move by the fit's 0.0005 points)."""
    _check(dice_left, roll_index, mishimash_count)
    halves, table = to_halves(points), value_table()
    bank = float(_to_points(halves))
    roll = table.roll_value(halves, dice_left, roll_index, mishimash_count) / 2
    threshold = table.threshold(dice_left, roll_index, mishimash_count)
    banks = bank >= roll if threshold is None else halves >= threshold
    roll = min(roll, bank) if banks else max(roll, bank)
    return Choice(BANK if banks else ROLL_AGAIN, bank, roll)


def _sorted(found: list[Option]) -> list[Option]:
    # best first; among equals the one taking more points, then fewer dice (strategy's rule)
    found.sort(key=lambda o: (-o.value, -o.points_after, len(o.values), o.values))
    return found


def _next_points(
    roll: Sequence[int], points: float, roll_index: int, count: int
) -> list[tuple[tuple[int, ...], int, int, int, int]]:
    """Per legal selection of the roll: (selection, halves, dice, roll, count) after it."""
    dice = check_dice(roll)
    if not dice:
        raise ValueError("a roll has at least one die")
    _check(len(dice), roll_index, count)
    halves = to_halves(points)
    found = []
    for selection in legal_value_selections(dice):
        gained = selection_halves(dice, selection)
        assert gained is not None
        h, n, k, m = _after(halves, len(dice) - len(selection), gained, roll_index, count)
        found.append((selection, h, n, k, m))
    return found


def selections(
    roll: Sequence[int], points: float, roll_index: int, mishimash_count: int
) -> list[Option]:
    """strategy.best_selection from the table: every legal selection, best first; [] for a
    bust (X11)."""
    table = value_table()
    return _sorted(
        [
            Option(selection, _to_points(h), n, table.value(h, n, k, m) / 2)
            for selection, h, n, k, m in _next_points(roll, points, roll_index, mishimash_count)
        ]
    )


# ---------------------------------------------------------------------------------------------
# The chance to reach a number of points, built in slices


def reach_bound(roll_index: int, count: int, halves: int = REACH_HALVES) -> int:
    """The most halves a decision point (roll k, m MISHIMASHes) of a turn can still miss when
    the need was at most `halves`: every roll j before k took at least one half × j (X8, X9),
    and the MISHIMASHes at least 10 + 20 + … points (X12). So the table needs no cut in the
    roll: with a need of 1000 points, a turn that has not reached it by roll 63 cannot exist."""
    return halves - roll_index * (roll_index - 1) // 2 - 10 * count * (count + 1)


def _reach_count(count: int) -> int:
    """More than REACH_MISHIMASHES MISHIMASHes are valued as REACH_MISHIMASHES: their bonus is
    then counted smaller (X12), so the chance is a lower bound; best play almost never gets there
    (each needs every die of a roll to score), and it moves a chance by well under 0.0001."""
    return min(count, REACH_MISHIMASHES)


class ReachBuilder:
    """The best chance C(x, n, k, m) to bank x more halves (X9–X12), for every reachable
    decision point (x ≤ reach_bound(k, m)), from the last roll down to roll 1.

    With something missing BANK fails, so the player throws; C(x ≤ 0) = 1. The work is cut into
    pieces of PIECE missing values of one (n, k, m); `step(budget_ms)` does pieces until the
    budget is spent, so the page never waits longer than about that."""

    def __init__(self, halves: int = REACH_HALVES) -> None:
        self.halves = halves  # the largest need covered (smaller ones for tests)
        self.cells: dict[tuple[int, int, int], list[float]] = {}
        self._todo = [
            (n, k, m)
            for k in range(self.last_roll(), 0, -1)
            for m in range(min(REACH_MISHIMASHES, k - 1), -1, -1)
            for n in range(1, DICE + 1)
            if reach_bound(k, m, halves) >= 1
        ]
        self._next = 0  # index into _todo
        self._done = 1  # how many missing values of the current cell are done (x = 0 is 1.0)
        self._piece_s = 0.0  # the longest piece so far, to stop before overrunning a budget

    def last_roll(self) -> int:
        k = 1
        while reach_bound(k + 1, 0, self.halves) >= 1:
            k += 1
        return k

    @property
    def complete(self) -> bool:
        return self._next >= len(self._todo)

    def progress(self) -> float:
        return min(1.0, self._next / len(self._todo))

    def step(self, budget_ms: float = 40.0) -> bool:
        """Builds for at most about `budget_ms` milliseconds (but at least one piece); True once
        complete. A piece is not begun when the longest one so far would overrun the budget."""
        deadline = time.perf_counter() + budget_ms / 1000
        while not self.complete:
            began = time.perf_counter()
            self._piece()
            now = time.perf_counter()
            self._piece_s = max(self._piece_s, now - began)
            if now + self._piece_s > deadline:
                break
        return self.complete

    def _piece(self) -> None:
        n, k, m = self._todo[self._next]
        bound = reach_bound(k, m, self.halves)
        cell = self.cells.setdefault((n, k, m), [1.0])
        lo = self._done
        hi = min(bound + 1, lo + PIECE.get(n, PIECE_REST))
        columns = [
            self._column(n2, k2, m2, lo - gained, hi - lo)
            for gained, n2, k2, m2 in option_steps(n, k, m)
        ]
        cell += combine(roll_table(n), columns)
        self._done = hi
        if hi > bound:
            # The next table's pieces cost differently: its own longest piece guards the budget.
            self._next, self._done, self._piece_s = self._next + 1, 1, 0.0

    def _column(self, dice: int, roll_index: int, count: int, start: int, size: int) -> list[float]:
        """C of the next decision point for missing start … start + size − 1."""
        ones = max(0, min(size, 1 - start))  # reached: 1
        cell = self.cells.get((dice, roll_index, _reach_count(count)))
        if cell is None:  # beyond every reachable roll: only reached counts
            return [1.0] * ones + [0.0] * (size - ones)
        column = [1.0] * ones + cell[start + ones : start + size]
        # reach_bound shrinks by at least the gain of a roll, so the child always has these
        assert len(column) == size, (dice, roll_index, count, start, size)
        return column


_reach = ReachBuilder()


def reach_builder() -> ReachBuilder:
    """The shared builder: the page calls its step() between frames until it is complete."""
    return _reach


def reach_ready() -> bool:
    """Whether every chance to reach can be read now: the shipped table, or (where the file is
    missing or damaged) the one the page builds in slices, once complete."""
    return shipped_reach() is not None or _reach.complete


def ensure_reach() -> None:
    """Builds the whole reach table now (about 35 s in CPython); for CPython callers, and only
    where the shipped table cannot be read."""
    while not _reach.step(1000.0):
        pass


# The whole reach table ships in reach_table.bin (made by tools/mishimash_win_tables.py, 790 kB,
# each chance within 8e-6 of the built one). A final round with more than two contenders asks
# it for the chance to pass the leader; it used to be built in slices from START, 25–140 s in
# Pyodide in every game with rivals, so after a reload the coach and "strongest" waited for
# it (issue 28), and a phone spent that long building it each game.
REACH_TABLE_PATH = Path(__file__).with_name("reach_table.bin")


def encode_reach(builder: ReachBuilder) -> bytes:
    """reach_table.bin's bytes for a complete builder of REACH_HALVES."""
    header = {"halves": builder.halves, "mishimashes": REACH_MISHIMASHES}
    return shipped_cells.encode(header, [("reach", builder.cells)])


_reach_reading: shipped_cells.Reading | None = None  # begun between frames (`reach_load_step`)


def reach_load_step(budget_ms: float = 20.0) -> bool:
    """Reads the shipped reach table for about `budget_ms` milliseconds (the page, between
    frames, before a game with rivals asks for it); True once read."""
    global _reach_reading
    if shipped_reach.cache_info().currsize:
        return True
    if _reach_reading is None or _reach_reading.path != REACH_TABLE_PATH:
        _reach_reading = shipped_cells.Reading(REACH_TABLE_PATH)
    return _reach_reading.step(budget_ms)


@cache
def shipped_reach() -> shipped_cells.ShippedCells | None:
    """The shipped reach table's cells (read when first asked for, what `reach_load_step` left
    read now), or None where the file is missing or was made for another cut (then the table is
    built)."""
    global _reach_reading
    reading, _reach_reading = _reach_reading, None
    if reading is None or reading.path != REACH_TABLE_PATH:
        reading = shipped_cells.Reading(REACH_TABLE_PATH)
    shipped = reading.result()
    if shipped is None or "reach" not in shipped.header:
        return None
    made_for = shipped.header.get("halves"), shipped.header.get("mishimashes")
    if made_for != (REACH_HALVES, REACH_MISHIMASHES):
        return None
    return shipped.cells("reach")


def _reach_cells() -> shipped_cells.ShippedCells | dict[tuple[int, int, int], list[float]]:
    """The reach table's cells: shipped, or else built here at once."""
    shipped = shipped_reach()
    if shipped is not None:
        return shipped
    ensure_reach()
    return _reach.cells


def _chance(missing: int, dice: int, roll_index: int, count: int) -> float:
    if missing <= 0:
        return 1.0
    cell = _reach_cells().get((dice, roll_index, _reach_count(count)))
    if cell is None:  # a decision point no turn reaches with a need within the table: exact
        return strategy._reach_solver(roll_index).chance(missing, dice, roll_index, count)
    # A need above the table's: the chance of the largest tabled one, an upper bound (at the
    # start of a turn C(1000 points) is about 0.0002, so it is off by less).
    return cell[min(missing, len(cell) - 1)]


def chance(
    need: float, points: float, dice_left: int, roll_index: int, mishimash_count: int
) -> float:
    """strategy.chance_to_reach from the reach table (built first if it is not yet)."""
    _check(dice_left, roll_index, mishimash_count)
    missing = need_halves(need) - to_halves(points)
    return _chance(missing, dice_left, roll_index, mishimash_count)


def selections_to_reach(
    need: float, roll: Sequence[int], points: float, roll_index: int, mishimash_count: int
) -> list[Option]:
    """strategy.best_selection_to_reach from the reach table."""
    target = need_halves(need)
    return _sorted(
        [
            Option(selection, _to_points(h), n, _chance(target - h, n, k, m))
            for selection, h, n, k, m in _next_points(roll, points, roll_index, mishimash_count)
        ]
    )


def choice_to_reach(
    need: float, points: float, dice_left: int, roll_index: int, mishimash_count: int
) -> Choice:
    """strategy.best_choice_to_reach from the reach table: BANK once the need is reached."""
    _check(dice_left, roll_index, mishimash_count)
    missing = need_halves(need) - to_halves(points)
    bank = 1.0 if missing <= 0 else 0.0
    table = roll_table(dice_left)
    children = [
        _chance(missing - gained, n2, k2, m2)
        for gained, n2, k2, m2 in option_steps(dice_left, roll_index, mishimash_count)
    ]
    roll = sum(weight * max(children[i] for i in idx) for weight, idx in table.classes)
    roll /= table.total
    return Choice.between(bank, roll)


# ---------------------------------------------------------------------------------------------
# A quick bench: python3 -m cubiri.mishimash.odds


def _per_query_ms(run: Callable[[], object], repeat_count: int = 200) -> float:
    start = time.perf_counter()
    for _ in range(repeat_count):
        run()
    return 1000 * (time.perf_counter() - start) / repeat_count


def bench() -> None:
    start = time.perf_counter()
    value_table()
    print(f"load odds_table.json: {1000 * (time.perf_counter() - start):.1f} ms")
    queries: dict[str, Callable[[], object]] = {
        "value": lambda: value(12, 3, 2, 0),
        "roll_on (6 dice)": lambda: roll_on(30, 6, 4, 1),
        "choice (6 dice)": lambda: choice(30, 6, 4, 1),
        "selections (6 dice)": lambda: selections([1, 1, 5, 2, 3, 5], 0, 1, 0),
    }
    for name, run in queries.items():
        run()  # the first call fills small caches (option steps of that roll)
        print(f"{name}: {_per_query_ms(run):.3f} ms")
    start = time.perf_counter()
    slices = longest = 0.0
    while True:
        began = time.perf_counter()
        done = _reach.step(40.0)
        longest = max(longest, time.perf_counter() - began)
        slices += 1
        if done:
            break
    elapsed = time.perf_counter() - start
    print(
        f"reach table: {elapsed:.1f} s in {slices:.0f} slices of 40 ms "
        f"(longest {1000 * longest:.1f} ms)"
    )
    reach_queries: dict[str, Callable[[], object]] = {
        "chance": lambda: chance(120, 20, 3, 3, 0),
        "choice_to_reach (6 dice)": lambda: choice_to_reach(120, 30, 6, 4, 1),
        "selections_to_reach (6 dice)": lambda: selections_to_reach(
            120, [1, 1, 5, 2, 3, 5], 0, 1, 0
        ),
    }
    for name, run in reach_queries.items():
        run()
        print(f"{name}: {_per_query_ms(run):.3f} ms")


__all__ = [
    "REACH_HALVES",
    "ReachBuilder",
    "ValueTable",
    "chance",
    "choice",
    "choice_to_reach",
    "ensure_reach",
    "reach_builder",
    "reach_ready",
    "roll_on",
    "selections",
    "selections_to_reach",
    "value",
    "value_table",
]

if __name__ == "__main__":
    bench()
