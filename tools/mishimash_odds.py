"""Writes py/cubiri/mishimash/odds_table.json: MISHIMASH expected values for the page (odds.py).

    python3 tools/mishimash_odds.py           writes the table (about 13 s), prints its size
    python3 tools/mishimash_odds.py --check   regenerates it and compares: exit 1 on a difference
    python3 tools/mishimash_odds.py --prove-cut   strategy.py's cut of 11 rolls costs < 0.001 (45 s)

What it computes. V(h, n, k, m) = max(h, R(h, n, k, m)): the expected halves a turn banks from a
decision point holding h halves, n dice to throw as roll k, after m MISHIMASHes, when every later
choice maximises that expectation (X8–X12); R is the value of throwing now. Bottom-up, from the
cut roll K down to roll 1, for n = 1..6 and m = 0..M, on every integer h from 0 to the threshold
T(n, k, m), the first h where R(h) ≤ h. Above T the value is h: R(h) − h is convex (a mean of
maxima of convex functions, starting from the affine cut rule) and falls by at least the bust
chance per half (X11), so once BANK is best it stays best.

Where it is cut. A decision point past the table (k > K or m > M) gets strategy.py's cut rule:
throw at most once more, then BANK. That is a real way to play, so every value is a lower bound,
and it loses only the value of going on from there times the chance of getting there:
* K = 20: the start-of-turn value with K = 11 / 16 / 20 / 24 (M = 5) is 15.72174 / 15.722349 /
  15.722349 / 15.722349; strategy.py proves 15.722352 ≤ limit ≤ 15.722632. The cut matters
  more for a decision point late in a turn, which is fewer throws away from it: measured against
  strategy.turn_value (which cuts 11 rolls past the one asked about), the table is within
  0.0005 points up to roll 12, 0.011 at roll 14 and 0.19 at roll 16 (K = 24 would be within
  0.0005 up to roll 16, but takes 19 s and 250 kB). Reaching roll 13 takes twelve throws in a
  row without a bust (X11), so the coach is rarely there.
* M = 5: each MISHIMASH needs every die of a roll to score (X12), so a sixth one in a turn is
  rare: with K = 16 the start value is 15.721519 / 15.722290 / 15.722349 / 15.722354 for
  M = 3 / 4 / 5 / 15. So the table's 15.72235 is within 0.0006 of strategy.turn_value(0, 6, 1, 0)
  = 15.72175 (which cuts at roll 12), and within 0.0003 of the limit.

How it is stored. Per (n, k, m), V(h) − h on [0, T] (it is 0 at T) as a piecewise-linear curve:
knots chosen greedily, each segment as long as the chord stays within FIT_POINTS of every integer
h under it (V − h is convex, so the chord only moves away as the segment grows), values in
UNIT_POINTS, knots delta-encoded and values as the change of slope (`residuals`). odds.py
interpolates, so every value on the grid is within 0.0005 points of the computed one.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from itertools import pairwise
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT / "py")]

from cubiri.mishimash.odds import (  # noqa: E402
    TABLE_PATH,
    combine,
    cut_roll,
    option_steps,
    predicted_change,
)
from cubiri.mishimash.scoring import DICE  # noqa: E402
from cubiri.mishimash.strategy import roll_table, turn_value, turn_value_bounds  # noqa: E402

ROLLS = 20  # K
MISHIMASHES = 5  # M
UNIT_POINTS = 1e-4
FIT_POINTS = 0.00044  # plus half a unit of rounding (0.00005): within 0.0005 points
FIRST_PIECE = 256  # halves per piece while searching for T (the piece doubles each time)

Cell = tuple[int, int, int]
Values = dict[Cell, list[float]]  # V in halves at h = 0 … T − 1


def in_table(roll_index: int, count: int) -> bool:
    return roll_index <= ROLLS and count <= MISHIMASHES


def column(
    values: Values, dice: int, roll_index: int, count: int, start: int, size: int
) -> list[float]:
    """V of a decision point for h = start … start + size − 1 (halves)."""
    if not in_table(roll_index, count):
        return [
            max(float(h), cut_roll(h, dice, roll_index, count)) for h in range(start, start + size)
        ]
    below = values[dice, roll_index, count]
    found = below[start : start + size]
    return found + [float(h) for h in range(max(start, len(below)), start + size)]


def solve_cell(values: Values, dice: int, roll_index: int, count: int) -> list[float]:
    """V(h) for h < T, piece by piece until R(h) ≤ h (see the module docstring for why then)."""
    table = roll_table(dice)
    steps = option_steps(dice, roll_index, count)
    found: list[float] = []
    start, size = 0, FIRST_PIECE
    while True:
        columns = [column(values, n2, k2, m2, start + gained, size) for gained, n2, k2, m2 in steps]
        for h, roll in enumerate(combine(table, columns), start):
            if roll <= h:
                return found
            found.append(roll)
        start, size = start + size, 2 * size


def solve(lowest_roll: int = 1) -> Values:
    """Every cell of rolls ROLLS down to lowest_roll (the slice k ≥ K − 2 needs nothing below)."""
    values: Values = {}
    for k in range(ROLLS, lowest_roll - 1, -1):
        for m in range(min(MISHIMASHES, k - 1), -1, -1):
            for n in range(1, DICE + 1):
                values[n, k, m] = solve_cell(values, n, k, m)
    return values


def _chord_error(excess: list[float], a: int, b: int) -> float:
    """The largest gap between the chord from a to b and the curve on the integers between."""
    slope = (excess[b] - excess[a]) / (b - a)
    return max((abs(excess[a] + slope * (x - a) - excess[x]) for x in range(a + 1, b)), default=0.0)


def fit(excess: list[float], tolerance: float) -> list[int]:
    """Greedy knots of a convex curve: from each knot, the farthest next one (galloping, then
    bisecting) whose chord stays within the tolerance; the error only grows with the segment."""
    last = len(excess) - 1
    knots = [0]
    while knots[-1] < last:
        a = knots[-1]
        good, step = a + 1, 1
        while good + step <= last and _chord_error(excess, a, good + step) <= tolerance:
            good, step = good + step, 2 * step
        bad = min(good + step, last + 1)
        while bad - good > 1:
            mid = (good + bad) // 2
            if _chord_error(excess, a, mid) <= tolerance:
                good = mid
            else:
                bad = mid
        knots.append(good)
    return knots


def encode_cell(cell: Cell, below: list[float]) -> list[object]:
    """[n, k, m, knot steps, value deltas]: V − h in UNIT_POINTS at the knots, 0 at T."""
    excess = [v - h for h, v in enumerate(below)] + [0.0]  # halves; V(T) = T
    knots = fit(excess, 2 * FIT_POINTS)
    units = [round(excess[h] / 2 / UNIT_POINTS) for h in knots]
    steps = [b - a for a, b in pairwise(knots)]
    return [*cell, steps, residuals(steps, units)]


def residuals(steps: list[int], units: list[int]) -> list[int]:
    """The first value, the first change, then each change minus the one the previous
    segment's slope predicts (odds.predicted_change): on a smooth convex curve that is about
    8 × the fit's tolerance, two digits instead of six."""
    changes = [b - a for a, b in pairwise(units)]
    found = units[:1] + changes[:1]
    for i in range(1, len(changes)):
        found.append(changes[i] - predicted_change(changes[i - 1], steps[i - 1], steps[i]))
    return found


def encode(values: Values) -> list[list[object]]:
    return [encode_cell(cell, values[cell]) for cell in sorted(values)]


def document(values: Values) -> str:
    data = {
        "about": "MISHIMASH V(h) - h per (dice, roll, mishimashes); tools/mishimash_odds.py",
        "rolls": ROLLS,
        "mishimashes": MISHIMASHES,
        "unit": UNIT_POINTS,
        "cells": encode(values),
    }
    return json.dumps(data, separators=(",", ":")) + "\n"


def prove_cut() -> int:
    """strategy.py cuts 11 rolls past the one asked about; between the lower bound (BANK at
    the cut) and the upper one (every cut state credited with the most any play could still
    add) there is less than 0.001 (from tests/test_mishimash_strategy.py, too slow for it)."""
    start = time.perf_counter()
    low, high = turn_value_bounds(40, 2, 6, 1, cut=6 + 11)
    exact = turn_value(40, 2, 6, 1)
    ok = low <= exact <= high and high - low < 1e-3
    print(f"{low:.6f} <= {exact:.6f} <= {high:.6f} ({time.perf_counter() - start:.0f} s)")
    return 0 if ok else 1


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--check", action="store_true", help="compare with the committed file")
    parser.add_argument("--prove-cut", action="store_true", help="bound strategy.py's cut")
    args = parser.parse_args()
    if args.prove_cut:
        return prove_cut()
    start = time.perf_counter()
    values = solve()
    text = document(values)
    elapsed = time.perf_counter() - start
    print(f"start of a turn: {values[DICE, 1, 0][0] / 2:.6f} points ({elapsed:.1f} s)")
    if args.check:
        same = TABLE_PATH.exists() and TABLE_PATH.read_text(encoding="utf-8") == text
        print(f"{TABLE_PATH.name}: {'up to date' if same else 'DIFFERS from a regeneration'}")
        return 0 if same else 1
    TABLE_PATH.write_text(text, encoding="utf-8")
    print(f"wrote {TABLE_PATH.relative_to(ROOT)}: {len(text.encode()) / 1000:.1f} kB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
