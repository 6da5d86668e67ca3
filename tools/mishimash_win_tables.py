"""Writes the tables MISHIMASH's final round reads, so its chances are there at once instead of
after a minute of building in Pyodide (issue 28):

* py/cubiri/mishimash/win_tables.bin: the chance-to-win tables (the last mover's, a sudden
  death's first mover's, a leader's before the last and its chance to bust, and a sudden death
  of three's from three_way.json; cubiri.mishimash.win_chance);
* py/cubiri/mishimash/reach_table.bin: the chance to bank a need of up to 1000 points, the
  chance to pass the leader where more than two contenders count (cubiri.mishimash.odds).

    python3 tools/mishimash_win_tables.py           builds them (about 80 s), writes the files
    python3 tools/mishimash_win_tables.py --check   rebuilds and compares: exit 1 on a difference
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT / "py"), str(ROOT)]

from cubiri.mishimash import odds, win_chance  # noqa: E402
from tools.shipped_file import write_or_check  # noqa: E402


def win_tables() -> bytes:
    builder = win_chance.TablesBuilder(shipped=False)
    while not builder.step(1000.0):
        pass
    return win_chance.encode_tables(builder)


def reach_table() -> bytes:
    builder = odds.ReachBuilder()
    while not builder.step(1000.0):
        pass
    return odds.encode_reach(builder)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--check", action="store_true")
    args = parser.parse_args()
    differ = False
    for path, build in ((win_chance.TABLES_PATH, win_tables), (odds.REACH_TABLE_PATH, reach_table)):
        differ |= not write_or_check(path, build(), args.check)
    sys.exit(1 if differ else 0)


if __name__ == "__main__":
    main()
