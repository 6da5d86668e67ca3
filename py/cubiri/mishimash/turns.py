"""MISHIMASH: how many turns a solo target takes at best play (X15; issue 28: the setup's "about N
turns" was the target over the mean turn, 100 → "about 6" where best play takes about 8.65).

One turn under best play (the value table's BANK or ROLL AGAIN and best selection, as the "best
odds" computer plays) ends in a BANK of s halves or a bust with y halves at risk. Enumerating it
(`turn_outcomes`, exact up to probability mass below PRUNE) gives both distributions. A game
banks as soon as the target is reached (X14), so with r halves still missing a turn banks s < r
as in the untruncated turn, busts having risked less than r, or reaches r: the expected turns
E(r) = (1 + Σ_{s<r} bank(s) · E(r − s)) / (1 − Σ_{y<r} bust(y)), a renewal over r.
"""

from __future__ import annotations

import json
from collections import defaultdict
from functools import cache
from pathlib import Path

from cubiri.mishimash.odds import option_steps, value_table
from cubiri.mishimash.strategy import roll_table

TABLE_PATH = Path(__file__).with_name("turns_table.json")
TABLED_TARGET = 1000  # targets beyond: a turn's mean points a turn (renewal's slope)
PRUNE = 1e-13  # states less likely than this are dropped (their mass is well under 1e-9 all told)
Point = tuple[int, int, int, int]  # (halves, dice, roll, MISHIMASHes) of a decision point


@cache
def turn_outcomes(prune: float = PRUNE) -> tuple[dict[int, float], dict[int, float]]:
    """(bank, bust): the chance that a turn from its start banks s halves, and that it busts
    with y halves at risk, under best play. The turn's rolls only go up, so the decision points
    are taken roll by roll."""
    table = value_table()
    bank: dict[int, float] = defaultdict(float)
    bust: dict[int, float] = defaultdict(float)
    layer: dict[Point, float] = {(0, 6, 1, 0): 1.0}
    while layer:
        after: dict[Point, float] = defaultdict(float)
        for (x, n, k, m), mass in layer.items():
            if x > 0 and table.value(x, n, k, m) <= x + 1e-9:
                bank[x] += mass  # BANK is best here
                continue
            rolls = roll_table(n)
            steps = option_steps(n, k, m)
            values = [table.value(x + g, n2, k2, m2) for g, n2, k2, m2 in steps]
            bust[x] += mass * rolls.bust_weight / rolls.total
            for weight, indices in rolls.classes:
                best = max(indices, key=values.__getitem__)
                g, n2, k2, m2 = steps[best]
                share = mass * weight / rolls.total
                if share > prune:
                    after[(x + g, n2, k2, min(m2, 5))] += share
        layer = after
    return dict(bank), dict(bust)


def expected_turns_table(most_halves: int, prune: float = PRUNE) -> list[float]:
    """E(r) for r = 0 … most_halves (E(0) = 0)."""
    bank, bust = turn_outcomes(prune)
    banks = sorted(bank.items())
    expected = [0.0]
    for r in range(1, most_halves + 1):
        busting = sum(p for y, p in bust.items() if y < r)
        total = 1.0 + sum(p * expected[r - s] for s, p in banks if s < r)
        expected.append(total / (1 - busting))
    return expected


@cache
def _shipped() -> tuple[float, tuple[float, ...]]:
    data = json.loads(TABLE_PATH.read_text(encoding="utf-8"))
    return float(data["mean_turn"]), tuple(float(value) for value in data["turns"])


def expected_turns(target: int) -> float:
    """The expected number of turns a solo game to `target` takes at best play (≥ 1), from the
    shipped table; past it, each further point costs 1 / (a turn's mean points) of a turn (the
    renewal's slope, reached well before the table's end)."""
    if target < 1:
        raise ValueError("a target is at least 1")
    mean, table = _shipped()
    if target <= len(table):
        return table[target - 1]
    return table[-1] + (target - len(table)) / mean
