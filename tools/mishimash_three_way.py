"""Solves a sudden death of three (cubiri.mishimash.three_way) and writes
py/cubiri/mishimash/three_way.json: each mover's share and the first mover's value of BANK at
each total, which win_chance reads (then run tools/mishimash_win_tables.py for the page).

    python3 tools/mishimash_three_way.py            one step of the shares' iteration from the
                                                    file's shares (about 12 minutes, two cores)
    python3 tools/mishimash_three_way.py --steps 2  more steps: prints how far the shares moved
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

sys.path[:0] = [str(Path(__file__).resolve().parents[1] / "py")]

from cubiri.mishimash import three_way, win_chance  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--steps", type=int, default=1)
    args = parser.parse_args()
    shares = win_chance.THREE_WAY
    for step in range(args.steps):
        began = time.perf_counter()
        solved = three_way.solve(shares)
        moved = max(abs(a - b) for a, b in zip(solved.shares, shares, strict=True))
        took = time.perf_counter() - began
        print(f"step {step + 1}: shares {solved.shares}, moved {moved:.2e}, {took:.0f} s")
        shares = tuple(round(share, 6) for share in solved.shares)  # type: ignore[assignment]
        data = {
            "shares": shares,
            "banks": [round(value, 9) for value in solved.banks],
        }
        win_chance.SOLVED_PATH.write_text(json.dumps(data, separators=(",", ":")) + "\n")
    print(f"wrote {win_chance.SOLVED_PATH}")


if __name__ == "__main__":
    main()
