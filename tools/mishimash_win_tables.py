"""Writes py/cubiri/mishimash/win_tables.bin: MISHIMASH's chance-to-win tables (the last mover's,
a sudden death's first mover's, a leader's before the last, and a sudden death of three's from
three_way.json, cubiri.mishimash.win_chance) for the page, so the final round's chances are
there at once instead of after a minute of building in Pyodide (issue 28).

    python3 tools/mishimash_win_tables.py           builds them (about 40 s), writes the file
    python3 tools/mishimash_win_tables.py --check   rebuilds and compares: exit 1 on a difference
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path[:0] = [str(Path(__file__).resolve().parents[1] / "py")]

from cubiri.mishimash import win_chance  # noqa: E402


def tables() -> bytes:
    builder = win_chance.TablesBuilder(shipped=False)
    while not builder.step(1000.0):
        pass
    return win_chance.encode_tables(builder)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--check", action="store_true")
    args = parser.parse_args()
    data = tables()
    path = win_chance.TABLES_PATH
    if args.check:
        same = path.exists() and path.read_bytes() == data
        print(f"{path.name} is up to date" if same else f"{path.name} differs")
        sys.exit(0 if same else 1)
    path.write_bytes(data)
    print(f"wrote {path} ({len(data):,} bytes)")


if __name__ == "__main__":
    main()
