"""Checks the shortcuts of cubiri.mishimash.two_after (a final round's player P with two still
to play after it) on one position against P's table from every total built exactly: how far
P's chances move, at the start of its turn and at every decision point of the window it
builds exactly, and how long the page-free build takes; and how far BANK level with L moves
with the estimated shares of a sudden death of four.

    python3 tools/mishimash_two_after.py                     P, C, D 60, 50, 70 halves below L
    python3 tools/mishimash_two_after.py --gaps 21 21 21 --start 1

Several minutes on two cores (every total built: two chases each).
"""

from __future__ import annotations

import argparse
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path[:0] = [str(Path(__file__).resolve().parents[1] / "py")]

from cubiri.mishimash import two_after  # noqa: E402
from cubiri.mishimash.scoring import DICE  # noqa: E402
from cubiri.mishimash.win_chance import _least_halves  # noqa: E402


def _exact(job: tuple[two_after.Gaps, list[int]]) -> list[tuple[int, float]]:
    gaps, leads = job
    return [(lead, two_after._bank_worth(gaps, lead)) for lead in leads]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--gaps", type=int, nargs=3, default=[60, 50, 70], metavar="HALVES")
    parser.add_argument("--start", type=int, default=0, help="where P stands, halves past L")
    args = parser.parse_args()
    gaps, start = two_after.Gaps(*args.gaps), args.start

    began = time.perf_counter()
    found = two_after.built_worths(gaps, start)
    shortcut = two_after.table_of(gaps, two_after.worths(gaps, start, found))
    took = time.perf_counter() - began
    last = max(found)
    print(f"{gaps}, from {start} past L: {len(found)} totals built to {last}, {took:.1f} s")

    leads = [lead for lead in range(start, last + 1) if lead not in found]
    jobs = [(gaps, leads[w::2]) for w in range(2)]
    with ProcessPoolExecutor(2) as pool:
        for rows in pool.map(_exact, jobs):
            found.update(rows)
    every = two_after.table_of(gaps, two_after.worths(gaps, start, found))

    x0 = gaps.mine + start
    points = [(0, DICE, 1, 0)] + [
        (x, n, k, 0)
        for x in range(max(1, x0), x0 + two_after.WINDOW)
        for n in range(1, DICE + 1)
        for k in range(2, 6)
        if x >= _least_halves(k, 0)
    ]
    moved = max((abs(shortcut.roll(*p) - every.roll(*p)), p) for p in points)
    print(f"every total built to {last}: P's chances move by {moved[0]:.6f} at most, at {moved[1]}")
    spread = two_after.tie_spread(gaps)
    print(f"BANK level with L moves by {spread:.6f} as a sudden death of four's shares move 0.1")


if __name__ == "__main__":
    main()
