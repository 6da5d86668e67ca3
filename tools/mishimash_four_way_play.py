"""Plays sudden deaths of four (X17) with every mover by its own table, as four_way.py values
them, and prints each seat's wins against later_players.FOUR_WAY: an independent check of the
shares (a simulation of the same play, not the EPS arithmetic).

    python3 tools/mishimash_four_way_play.py --rounds 20000 --seed 1

A at the start by its level table; B behind A's total (or, after A's bust, as the level
start of three); C behind the best of the two (one or two level, or everyone at nothing); D,
the last, against them by the last mover's table with a level worth its share. A level at the
end is drawn by the solved shares of two or three; four level (at nothing too) play again.
Several minutes on one core: tables are built for each total met.
"""

from __future__ import annotations

import argparse
import math
import random
import sys
import time
from collections.abc import Callable
from functools import cache
from pathlib import Path

sys.path[:0] = [str(Path(__file__).resolve().parents[1] / "py")]

from cubiri.mishimash import later_players  # noqa: E402
from cubiri.mishimash.later_players import Chaser, LevelStart, level_table, shares  # noqa: E402
from cubiri.mishimash.strategy import _after, _best_by_kept  # noqa: E402
from cubiri.mishimash.win_chance import (  # noqa: E402
    LIMIT_HALVES,
    FirstMover,
    LastMover,
    _bust,
    built,
    last_mover,
)

Point = tuple[int, int, int, int]  # halves, dice, roll index, MISHIMASHes
START: Point = (0, 6, 1, 0)


@cache
def _options(roll: tuple[int, ...]) -> tuple[tuple[int, int], ...]:
    return _best_by_kept(roll)


def turn(
    rng: random.Random, value: Callable[[Point], float], banks: Callable[[Point], bool]
) -> int:
    """A turn from its start: the selection worth most by `value`, BANK where `banks` says;
    the halves banked (0: a bust)."""
    at = START
    while True:
        halves, dice, roll_index, count = at
        thrown = tuple(sorted(rng.randint(1, 6) for _ in range(dice)))
        found = _options(thrown)
        if not found:
            return 0
        nexts = [_after(halves, kept, v, roll_index, count) for kept, v in found]
        at = max(nexts, key=value)  # type: ignore[arg-type]
        if banks(at):
            return at[0]


def by_table(rng: random.Random, table: FirstMover) -> int:
    def banks(p: Point) -> bool:
        return p[0] >= table.proven or table.roll(*p) <= table.bank(p[0])

    return turn(rng, lambda p: table.chance(*p), banks)


def by_chase(rng: random.Random, table: Chaser) -> int:
    def banks(p: Point) -> bool:
        return p[0] >= table.proven or (p[0] >= table.gap and table.roll(*p) <= table.bank(p[0]))

    return turn(rng, lambda p: table.chance(*p), banks)


@cache
def _solver() -> later_players.Solver:
    return later_players.level_solver(3, 0.0)


@cache
def chaser(lead: int, level: int, j: int) -> Chaser:
    """Qj's table behind `level` leaders `lead` halves ahead (the solver's own)."""
    solver = _solver()
    tie = solver.leaders(lead, level + 1, j + 1)[level]
    past, _ = solver.past(j)
    table = Chaser(last_mover(), lead, tie, past)
    table.sliced = False
    return built(table)


@cache
def last_against(level: int, limit: int) -> LastMover:
    """The last mover's table against `level` leaders, a level worth its share."""
    table = LastMover(shares(level + 1)[level], limit=limit)
    table.sliced = False
    return built(table)


def by_last(rng: random.Random, level: int, gap: int) -> int:
    table = last_against(level, max(gap, LIMIT_HALVES))  # one table for every gap it holds

    def banks(p: Point) -> bool:
        missing = gap - p[0]
        return missing < 0 or (missing == 0 and table.tie >= 1 - _bust(p[1]))

    return turn(rng, lambda p: table.chance(gap - p[0], *p[1:]), banks)


def winner(rng: random.Random) -> int:
    """One sudden death of four: the winning seat (0 to 3)."""
    while True:
        totals = [by_table(rng, level_table(LevelStart(3, 0, 4)))]
        for j in range(2):
            best = max(totals)
            if best == 0:
                table = level_table(LevelStart(2 - j, j + 1, 4))
                totals.append(by_table(rng, table))
            else:
                totals.append(by_chase(rng, chaser(best, totals.count(best), j)))
        best = max(totals)
        if best == 0:  # D against three at nothing: any scoring throw passes them
            totals.append(0 if rng.random() < _bust(6) else 1)
        else:
            totals.append(by_last(rng, totals.count(best), best))
        best = max(totals)
        level = [seat for seat, total in enumerate(totals) if total == best]
        if len(level) == 4:
            continue
        share = rng.random()
        for seat, part in zip(level, shares(len(level)), strict=True):
            share -= part
            if share < 0:
                return seat
        return level[-1]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rounds", type=int, default=20000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    began = time.perf_counter()
    wins = [0, 0, 0, 0]
    for _ in range(args.rounds):
        wins[winner(rng)] += 1
    took = time.perf_counter() - began
    print(f"{args.rounds} sudden deaths of four, every mover by its table ({took:.0f} s):")
    for seat, (count, share) in enumerate(zip(wins, later_players.FOUR_WAY, strict=True)):
        rate = count / args.rounds
        half = 1.96 * math.sqrt(rate * (1 - rate) / args.rounds)
        inside = "inside" if abs(rate - share) <= half else "OUTSIDE"
        print(f"  seat {seat + 1}: {rate:.4f} ± {half:.4f}; worked out {share:.6f} ({inside})")


if __name__ == "__main__":
    main()
