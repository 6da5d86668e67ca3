"""Writes py/cubiri/mishimash/chase_starts.bin: a final-round chaser's chance to win at the
start of its turn, behind the one leader with the last still to play, for every pair of gaps to
450 points (cubiri.mishimash.chase_starts; issue 28). One chase table a row, the last's gap:
901 tables, about 3.5 s each in CPython (about 30 minutes on two cores). It reads the shipped
win_tables.bin (run tools/mishimash_win_tables.py first where that changes).

    python3 tools/mishimash_chase_starts.py           builds it, writes the file
    python3 tools/mishimash_chase_starts.py --check   rebuilds it, compares: exit 1 on a difference
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT / "py"), str(ROOT)]

from cubiri.mishimash import chase_starts  # noqa: E402
from tools.shipped_file import write_or_check  # noqa: E402


def build() -> list[list[float]]:
    workers = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else 1
    rows: list[list[float]] = [[] for _ in range(chase_starts.ROWS + 1)]
    began = time.monotonic()
    with multiprocessing.get_context("fork").Pool(workers) as pool:
        done = pool.imap(chase_starts.row, range(chase_starts.ROWS + 1))
        for lead_gap, values in enumerate(done):
            rows[lead_gap] = values
            if lead_gap % 50 == 0:
                print(f"  row {lead_gap}, {time.monotonic() - began:.0f} s", flush=True)
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--check", action="store_true")
    args = parser.parse_args()
    began = time.monotonic()
    data = chase_starts.encode(build())
    print(f"built in {time.monotonic() - began:.0f} s")
    sys.exit(0 if write_or_check(chase_starts.PATH, data, args.check) else 1)


if __name__ == "__main__":
    main()
