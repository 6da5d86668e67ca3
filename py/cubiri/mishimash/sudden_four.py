"""MISHIMASH, a sudden death of four: what its movers' tables read, shipped (issue 28).

Four players level (X17) play a sudden death in which each BANK of x halves leaves a lone leader
x halves ahead of the rest, who all start from one total; a bust leaves the player level with
the rest at nothing, and it wins only by a new sudden death if every later one ends at nothing
too (later_players.level_chances). The first mover's table reads a lone leader's chance with
three still to play at every lead (about 30 s to build in CPython) and the chance that the
three after it all end at nothing (7 s more); the second mover's the same with two (shipped in
lone_table.bin) and one. Those values depend on nothing about the game, so they ship here,
made by `python3 tools/mishimash_sudden_four.py`:

* `lone`: a lone leader's chance with three still to play from one total, at the leads
  later_players builds exactly (its WINDOW, then every STEP-th, to where `far` agrees), the
  rest read between them as later_players reads its own;
* `all_bust`: for the mover at `place` with `later` still to play after it, the chance that
  those `later` all end at nothing.

The file holds what its values were made from (`made`): a file made from other tables, shares
or shortcuts is never read, and the values are then built as before.
"""

from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path
from typing import Any

PATH = Path(__file__).with_name("sudden_four.json")
CONTENDERS = 4


@lru_cache(maxsize=4)
def shipped(made: tuple[Any, ...]) -> tuple[dict[int, float], dict[tuple[int, int], float]] | None:
    """The shipped values (`lone` by lead, `all_bust` by later and place) where the file is
    whole and was made from `made` (later_players' tables, shares and shortcuts); else None."""
    try:
        data = json.loads(PATH.read_text(encoding="utf-8"))
        if not isinstance(data, dict) or data.get("made") != list(made):
            return None
        lone = {int(lead): float(v) for lead, v in data["lone"] if _chance(v) and lead >= 1}
        busts = {
            (int(later), int(place)): float(v)
            for later, place, v in data["all_bust"]
            if _chance(v) and 1 <= later < CONTENDERS and 0 < place < CONTENDERS
        }
    except (OSError, ValueError, TypeError, KeyError):
        return None
    if len(lone) != len(data["lone"]) or len(busts) != CONTENDERS - 1 or not lone:
        return None
    return lone, busts


def _chance(value: object) -> bool:
    return type(value) in (int, float) and 0.0 <= value <= 1.0  # type: ignore[operator]


def encode(made: list[Any], lone: dict[int, float], busts: dict[tuple[int, int], float]) -> str:
    """The file's text."""
    rows = [json.dumps([lead, lone[lead]]) for lead in sorted(lone)]
    busted = [json.dumps([later, place, busts[later, place]]) for later, place in sorted(busts)]
    return (
        f'{{"made": {json.dumps(made)},\n"lone": [\n'
        + ",\n".join(rows)
        + '\n],\n"all_bust": [\n'
        + ",\n".join(busted)
        + "\n]}\n"
    )
