"""Writes py/cubiri/mishimash/turns_table.json: the expected turns a solo MISHIMASH target takes at
best play, for the setup's "about N turns" (cubiri.mishimash.turns says how they are computed).

    python3 tools/mishimash_turns.py           writes the table (about a minute), prints its size
    python3 tools/mishimash_turns.py --check   recomputes it and compares: exit 1 on a difference
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

sys.path[:0] = [str(Path(__file__).resolve().parents[1] / "py")]

from cubiri.mishimash import turns  # noqa: E402


def table() -> str:
    expected = turns.expected_turns_table(2 * turns.TABLED_TARGET)
    bank, _ = turns.turn_outcomes()
    data = {
        "about": f"MISHIMASH solo: expected turns to reach each target 1 … {turns.TABLED_TARGET}"
        " at best play, and a turn's mean points (made by tools/mishimash_turns.py)",
        "mean_turn": round(sum(s * p for s, p in bank.items()) / 2, 6),
        "turns": [round(expected[2 * target], 4) for target in range(1, turns.TABLED_TARGET + 1)],
    }
    return json.dumps(data, separators=(",", ":")) + "\n"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--check", action="store_true")
    args = parser.parse_args()
    text = table()
    if args.check:
        same = turns.TABLE_PATH.read_text(encoding="utf-8") == text
        print("turns_table.json is up to date" if same else "turns_table.json differs")
        sys.exit(0 if same else 1)
    turns.TABLE_PATH.write_text(text, encoding="utf-8")
    print(f"wrote {turns.TABLE_PATH} ({len(text):,} bytes)")


if __name__ == "__main__":
    main()
