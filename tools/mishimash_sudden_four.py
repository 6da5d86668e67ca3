"""Makes py/cubiri/mishimash/sudden_four.json: what a MISHIMASH sudden death of four's movers
read (sudden_four.py), built by later_players with nothing shipped: a lone leader's chance with
three still to play from one total, at the leads it builds exactly (about 30 s on two cores),
and the chance that the later movers all end at nothing (about 7 s).

    python3 tools/mishimash_sudden_four.py            writes the file
    python3 tools/mishimash_sudden_four.py --check    builds it again and compares
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path[:0] = [str(Path(__file__).resolve().parents[1] / "py")]

from cubiri.mishimash import later_players, lone_table, sudden_four  # noqa: E402


def build() -> tuple[list[object], dict[int, float], dict[tuple[int, int], float]]:
    later_players.READS_SUDDEN_FOUR = False
    four = sudden_four.CONTENDERS
    began = time.perf_counter()
    lone = later_players.level_solver(four - 1, 0.0).built_lone(0)
    took = time.perf_counter() - began
    print(f"a lone leader with three to play: {len(lone)} leads in {took:.0f} s")
    began = time.perf_counter()
    busts = {
        (later, place): later_players._all_bust(later, place, four, 0.0)
        for later, place in ((later, four - later) for later in range(1, four))
    }
    print(f"every later mover at nothing: {busts} in {time.perf_counter() - began:.0f} s")
    made = [*later_players._made(), later_players.AGREE, later_players.LONGEST]
    return [*made, lone_table.fingerprint()], lone, busts


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--check", action="store_true", help="compare with the shipped file")
    args = parser.parse_args()
    made, lone, busts = build()
    if args.check:
        shipped = sudden_four.shipped(tuple(made))
        if shipped is None:
            sys.exit("the shipped file is missing, damaged or made from other tables")
        moved = max(abs(shipped[0][lead] - lone[lead]) for lead in lone)
        moved = max(moved, *(abs(shipped[1][key] - busts[key]) for key in busts))
        same = set(shipped[0]) == set(lone)
        print(f"the same leads: {same}; the largest difference: {moved:.2e}")
        sys.exit(0 if same and moved < 1e-12 else 1)
    sudden_four.PATH.write_text(sudden_four.encode(made, lone, busts), encoding="utf-8")
    print(f"wrote {sudden_four.PATH}")


if __name__ == "__main__":
    main()
