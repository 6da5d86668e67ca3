"""Writes py/cubiri/mishimash/lone_table.bin: a final round's lone leader's chance to win with
two players still to play after it, for pairs of their gaps (cubiri.mishimash.lone_table;
issue 28). With it, a four-seat final round's chances to win are there at once, where the page
built them for 9–21 s.

Each value is two_left's (two chase tables, whose cost grows as the square of the first later
player's gap). It reads the shipped win_tables.bin (run tools/mishimash_win_tables.py first
where that changes) and takes about 15 minutes on two cores. It then prints how far the values
read between the shipped gaps are from the exact ones, on a seeded sample.

    python3 tools/mishimash_lone_table.py           builds it, writes the file
    python3 tools/mishimash_lone_table.py --check   rebuilds and compares: exit 1 on a difference
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import random
import sys
import time
from pathlib import Path

sys.path[:0] = [str(Path(__file__).resolve().parents[1] / "py")]

from cubiri.mishimash import lone_table, two_left  # noqa: E402

AXIS = lone_table.AXIS
SAMPLE = 48  # gaps between the shipped ones, checked against their exact values


def exact(gaps: tuple[int, int]) -> float:
    value = two_left.AheadOfTwo(gaps, shipped=False)
    for _ in value.pieces():
        pass
    assert value.value is not None
    return value.value


def _row(i: int) -> tuple[int, list[float]]:
    return i, [exact((AXIS[i], gb)) for gb in AXIS]


def _pool() -> multiprocessing.pool.Pool:
    workers = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else 1
    return multiprocessing.get_context("fork").Pool(workers)


def build() -> list[list[float]]:
    """grid[i][j]: the chance at gaps AXIS[i], AXIS[j] (the costly rows, far gaps, first)."""
    grid: list[list[float]] = [[] for _ in AXIS]
    began = time.monotonic()
    with _pool() as pool:
        for done, (i, row) in enumerate(pool.imap_unordered(_row, range(len(AXIS))[::-1]), 1):
            grid[i] = row
            if done % 8 == 0:
                print(f"  {done}/{len(AXIS)} rows, {time.monotonic() - began:.0f} s", flush=True)
    return grid


def between_errors(table: lone_table.LoneTable) -> list[tuple[float, tuple[int, int]]]:
    """|read − exact| at a seeded sample of gaps off the shipped ones (and a few past END)."""
    rng = random.Random(28)
    off = [g for g in range(1, lone_table.END + 1) if g not in AXIS]
    sample = [(rng.choice(off), rng.randint(1, lone_table.END)) for _ in range(SAMPLE // 2)]
    sample += [(rng.randint(1, lone_table.NEAR), rng.choice(off)) for _ in range(SAMPLE // 4)]
    sample += [(lone_table.END + rng.randint(1, 100), rng.randint(1, 300)) for _ in range(4)]
    sample += [(rng.randint(1, 100), lone_table.END + rng.randint(1, 100)) for _ in range(4)]
    with _pool() as pool:
        values = pool.map(exact, sample)
    return sorted(
        (
            (abs(table.value(*gaps) - value), gaps)
            for gaps, value in zip(sample, values, strict=True)
        ),
        reverse=True,
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--check", action="store_true")
    args = parser.parse_args()
    began = time.monotonic()
    data = lone_table.encode(build())
    print(f"built {len(AXIS)}×{len(AXIS)} gaps in {time.monotonic() - began:.0f} s")
    path = lone_table.PATH
    if args.check:
        same = path.exists() and path.read_bytes() == data
        print(f"{path.name} is up to date" if same else f"{path.name} differs")
        sys.exit(0 if same else 1)
    path.write_bytes(data)
    print(f"wrote {path} ({len(data):,} bytes)")
    lone_table.shipped.cache_clear()
    table = lone_table.shipped()
    assert table is not None
    errors = between_errors(table)
    print(f"between the shipped gaps, largest |read − exact| of {len(errors)}:")
    for error, gaps in errors[:6]:
        print(f"  {error:.6f} at {gaps}")


if __name__ == "__main__":
    main()
