"""Writes py/cubiri/mishimash/lone_table.bin: a final round's lone leader's chance to win with
two players still to play after it, and the chance of a player level with that one leader, for
pairs of their gaps (cubiri.mishimash.lone_table; issue 28). With them, a four-seat final
round's chances to win are there in a second or two, where the page built them for 9–21 s.

The lone leader's values are two_left's (two chase tables, whose cost grows as the square of
the first later player's gap), the level player's later_players.Solver's (three). It reads the
shipped win_tables.bin (run tools/mishimash_win_tables.py first where that changes). It keeps
the lone leader's grid of the file where it is whole and for these tables (about 11 minutes on
two cores to build again) and builds the level one (about 17). It then prints how far the
values read between the shipped gaps are from the exact ones, on a seeded sample.

    python3 tools/mishimash_lone_table.py           builds it, writes the file
    python3 tools/mishimash_lone_table.py --check   rebuilds both, compares: exit 1 on a difference
"""

from __future__ import annotations

import argparse
import multiprocessing
import multiprocessing.pool
import os
import random
import sys
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT / "py"), str(ROOT)]

from cubiri.mishimash import later_players, lone_table, two_left  # noqa: E402
from tools.shipped_file import write_or_check  # noqa: E402

AXIS = lone_table.AXIS
SAMPLE = 48  # gaps between the shipped ones, checked against their exact values
Gaps = tuple[int, int]


def lone_exact(gaps: Gaps) -> float:
    value = two_left.AheadOfTwo(gaps, shipped=False)
    for _ in value.pieces():
        pass
    assert value.value is not None
    return value.value


def level_exact(gaps: Gaps) -> float:
    solver = later_players.Solver(later_players.Position(1, gaps), 1)
    return solver.leaders(0, 2, 0)[1]  # built, never read from the file


EXACT: dict[str, Callable[[Gaps], float]] = {
    lone_table.LONE: lone_exact,
    lone_table.LEVEL: level_exact,
}


def _row(job: tuple[str, int]) -> tuple[str, int, list[float]]:
    name, i = job
    return name, i, [EXACT[name]((AXIS[i], gb)) for gb in AXIS]


def _pool() -> multiprocessing.pool.Pool:
    workers = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else 1
    return multiprocessing.get_context("fork").Pool(workers)


def build(names: list[str]) -> dict[str, lone_table.Grid]:
    """Each named grid (the costly rows, far gaps, first)."""
    grids: dict[str, lone_table.Grid] = {name: [[] for _ in AXIS] for name in names}
    jobs = [(name, i) for i in range(len(AXIS))[::-1] for name in names]
    began = time.monotonic()
    with _pool() as pool:
        for done, (name, i, row) in enumerate(pool.imap_unordered(_row, jobs), 1):
            grids[name][i] = row
            if done % 8 == 0:
                print(f"  {done}/{len(jobs)} rows, {time.monotonic() - began:.0f} s", flush=True)
    return grids


def between_errors(name: str, read: Callable[[int, int], float]) -> list[tuple[float, Gaps]]:
    """|read − exact| at a seeded sample of gaps off the shipped ones (and a few past END)."""
    rng = random.Random(28)
    off = [g for g in range(1, lone_table.END + 1) if g not in AXIS]
    sample = [(rng.choice(off), rng.randint(1, lone_table.END)) for _ in range(SAMPLE // 2)]
    sample += [(rng.randint(1, lone_table.NEAR), rng.choice(off)) for _ in range(SAMPLE // 4)]
    sample += [(lone_table.END + rng.randint(1, 100), rng.randint(1, 300)) for _ in range(4)]
    sample += [(rng.randint(1, 100), lone_table.END + rng.randint(1, 100)) for _ in range(4)]
    with _pool() as pool:
        values = pool.map(EXACT[name], sample)
    return sorted(
        ((abs(read(*gaps) - value), gaps) for gaps, value in zip(sample, values, strict=True)),
        reverse=True,
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--check", action="store_true")
    args = parser.parse_args()
    began = time.monotonic()
    kept = None if args.check else lone_table.shipped_lone()
    grids = build([lone_table.LEVEL] if kept else [lone_table.LONE, lone_table.LEVEL])
    if kept:
        grids[lone_table.LONE] = kept
        print("kept the file's lone leader's grid")
    data = lone_table.encode(grids[lone_table.LONE], grids[lone_table.LEVEL])
    print(f"built in {time.monotonic() - began:.0f} s")
    if args.check:
        sys.exit(0 if write_or_check(lone_table.PATH, data, check=True) else 1)
    write_or_check(lone_table.PATH, data, check=False)
    lone_table.shipped.cache_clear()
    table = lone_table.shipped()
    assert table is not None
    for name, read in ((lone_table.LONE, table.value), (lone_table.LEVEL, table.level)):
        errors = between_errors(name, read)
        print(f"{name}: between the shipped gaps, largest |read − exact| of {len(errors)}:")
        for error, gaps in errors[:4]:
            print(f"  {error:.6f} at {gaps}")


if __name__ == "__main__":
    main()
