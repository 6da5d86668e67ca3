"""MAGDAGDON scoring (M20–M24): line sums, one combination bonus per full line, ruins, powers."""

from __future__ import annotations

import itertools
from collections import Counter
from dataclasses import dataclass
from enum import Enum

from cubiri.magdagdon.board import RUIN, SIZE, Board
from cubiri.magdagdon.difficulty import difficulty as difficulty_rules

RUIN_PENALTY = 15  # M23


class Bonus(Enum):
    STRAIGHT = 60  # M21
    FOUR_OF_A_KIND = 40
    TWO_PAIRS = 20


@dataclass(frozen=True)
class Line:
    kind: str  # "row" or "col"
    index: int
    sum: int
    bonus: Bonus | None


@dataclass(frozen=True)
class Breakdown:
    lines: tuple[Line, ...]  # the four rows, then the four columns
    ruins: int
    power_penalty: int

    @property
    def base(self) -> int:
        return sum(line.sum for line in self.lines)  # M20: each number counts twice

    @property
    def bonuses(self) -> int:
        return sum(line.bonus.value for line in self.lines if line.bonus)

    @property
    def ruin_penalty(self) -> int:
        return RUIN_PENALTY * self.ruins

    @property
    def final(self) -> int:
        # M24; it may be negative
        return self.base + self.bonuses - self.ruin_penalty - self.power_penalty


def line_bonus(values: tuple[int, ...]) -> Bonus | None:
    """The single best bonus of a line read in its direction (M21), None when it has a gap."""
    if len(values) != SIZE or any(value <= 0 for value in values):
        return None  # M22: a ruin (or an empty cell) in the line: no bonus
    steps = {b - a for a, b in itertools.pairwise(values)}
    if steps in ({1}, {-1}):
        return Bonus.STRAIGHT  # exactly consecutive in reading order, rising or falling
    counts = sorted(Counter(values).values())
    if counts == [4]:
        return Bonus.FOUR_OF_A_KIND
    if counts == [2, 2]:
        return Bonus.TWO_PAIRS  # four of a kind is [4], never two pairs
    return None


def lines_of(board: Board) -> list[tuple[str, int, tuple[int, ...]]]:
    rows = [("row", r, tuple(board[r * SIZE : r * SIZE + SIZE])) for r in range(SIZE)]
    cols = [("col", c, tuple(board[c::SIZE])) for c in range(SIZE)]
    return rows + cols


def breakdown(board: Board, difficulty: str, powers_used: int) -> Breakdown:
    rules = difficulty_rules(difficulty)
    lines = tuple(
        Line(kind, index, sum(v for v in values if v > 0), line_bonus(values))
        for kind, index, values in lines_of(board)
    )
    ruins = sum(1 for value in board if value == RUIN)
    return Breakdown(lines, ruins, rules.penalty(powers_used))
