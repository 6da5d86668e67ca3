"""The MAGDAGDON computer player: what to stage where, when a Majda Power pays, where a RUIN goes.

Every decision compares boards by `Evaluator.value`, an estimate of the final score the board
can still become (M20–M24), not its score now: an empty cell is worth what it will probably hold,
a cell that no value can fill any more is already a RUIN (M19), a cell that only one value can
fill may well become one, and a line keeps the chance of its best bonus (M21) only while no RUIN
stands in it (M22). What a line still able to earn a bonus ends with is measured: the bot's own
games give the mean bonus of lines in each state (`MeasuredLines`, bot_lines.json, made by
tools/measure_magdagdon_lines.py). The value is a weighed sum of such features (`FEATURES`); on
NIGHTMARE the weights are fitted to the bot's own games (tools/fit_magdagdon_bot.py). The
functions are pure and deterministic; chance enters only through the dice handed to them, so the
engine can wrap `play_turn` with its own dice.

Command line (with `py/` on `sys.path`):
    python3 -m cubiri.magdagdon.bot --difficulty peaceful --games 200 --seed 0
prints `seed score` per game and last `mean M`.
"""

from __future__ import annotations

import argparse
import itertools
import json
import math
import sys
import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from cubiri.kernel import outcomes
from cubiri.magdagdon import game
from cubiri.magdagdon.board import CELLS, EMPTY, RUIN, SIZE, Board, placeable
from cubiri.magdagdon.difficulty import Difficulty
from cubiri.magdagdon.difficulty import difficulty as rules_of
from cubiri.magdagdon.scoring import RUIN_PENALTY, Bonus

Placement = tuple[int, int]  # (die index, cell index)
Staging = tuple[Placement, ...]
Power = tuple[str, int, int] | tuple[str, tuple[int, ...]]  # ("adjust", die, ±1) / ("reroll", dice)

ALL_VALUES = 0b111111  # bit v-1 set: value v may still go in a cell

# Geometry ------------------------------------------------------------------------------------
NEIGHBOURS: tuple[tuple[int, ...], ...] = tuple(
    tuple(
        r * SIZE + c
        for r, c in ((row - 1, col), (row + 1, col), (row, col - 1), (row, col + 1))
        if 0 <= r < SIZE and 0 <= c < SIZE
    )
    for row in range(SIZE)
    for col in range(SIZE)
)  # M9: orthogonal neighbours only
LINES: tuple[tuple[int, ...], ...] = tuple(
    tuple(range(r * SIZE, r * SIZE + SIZE)) for r in range(SIZE)
) + tuple(tuple(range(c, CELLS, SIZE)) for c in range(SIZE))  # reading order of M21
# M10: a number v lets only v-1, v and v+1 next to it.
NEAR: tuple[int, ...] = (
    0,
    *(sum(1 << (u - 1) for u in (v - 1, v, v + 1) if 1 <= u <= 6) for v in range(1, 7)),
)
# SPREAD[mask]: the values within 1 of some value of `mask`, what a neighbour of it may hold.
SPREAD: tuple[int, ...] = tuple((m | m << 1 | m >> 1) & ALL_VALUES for m in range(64))
# On a board without numbers (M8) every empty cell is alike up to the square's 8 symmetries,
# which keep every line a line and every reading direction a direction (M21 counts both), so the
# first die need only try a corner, an edge cell and a centre cell.
FIRST_CELLS = (0, 1, 5)


def _patterns() -> tuple[tuple[int, tuple[int, ...]], ...]:
    """Every full line that earns a bonus and can stand on a legal board (M10, M21)."""
    found: list[tuple[int, tuple[int, ...]]] = []
    for low in range(1, 4):
        rising = tuple(range(low, low + 4))
        found += [(Bonus.STRAIGHT.value, rising), (Bonus.STRAIGHT.value, rising[::-1])]
    for value in range(1, 7):
        found.append((Bonus.FOUR_OF_A_KIND.value, (value,) * 4))
    # TWO PAIRS on a legal board: neighbours in a full line differ by at most 1 (M10), so the two
    # values are consecutive; all six arrangements of two a's and two b's.
    for low in range(1, 6):
        for spots in itertools.combinations(range(4), 2):
            found.append(
                (Bonus.TWO_PAIRS.value, tuple(low if i in spots else low + 1 for i in range(4)))
            )
    return tuple(found)


PATTERNS = _patterns()


# The evaluation ------------------------------------------------------------------------------
# What `Evaluator.features` measures on a board, in this order. Its value is their weighed sum
# (`Weights.linear`): the hand-made parts (numbers, RUINS, the expected worth of the open cells,
# the chance-weighed bonuses of lines by how many of their cells are open, MAGDAGDON pressure)
# with counts that let a fit to self-play correct them (tools/fit_magdagdon_bot.py).
FEATURES = (
    "numbers",  # 2 × the sum of the numbers (M20): certain
    "ruins",  # RUINS on the board (M23): certain
    "cells",  # the expected worth of the open cells (Evaluator._cell)
    "stuck",  # the chance-like pressure of a MAGDAGDON on the next roll (M16)
    "conflicts",  # neighbouring open cells that no pair of values fits
    "empties",  # open cells
    "one",  # a constant
    *(f"options{n}" for n in range(7)),  # open cells by how many values may still fill them
    *(f"lines{n}" for n in range(5)),  # the bonus expected of lines with n open cells (M21)
    *(f"open_lines{n}" for n in range(5)),  # lines still able to earn a bonus, by open cells
)
_NUMBERS, _RUINS, _CELLS, _STUCK, _CONFLICTS, _EMPTIES, _ONE = range(7)
_OPTIONS = 7
_LINES = _OPTIONS + 7
_OPEN_LINES = _LINES + 5
# For an open cell's code (8 + the mask of values it may take): its "options" feature.
_OPTION_FEATURE = (0,) * 8 + tuple(_OPTIONS + bin(mask).count("1") for mask in range(64))


def fitted(**named: float) -> tuple[float, ...]:
    """The weights of all FEATURES, from their names (a fit prints them this way)."""
    if set(named) != set(FEATURES):
        raise ValueError(f"weights for {sorted(set(FEATURES) ^ set(named))} missing or unknown")
    return tuple(named[name] for name in FEATURES)


def hand_linear(weights: Weights) -> tuple[float, ...]:
    """The weights of the features that make the hand-made judgement, before any fit."""
    linear = [0.0] * len(FEATURES)
    linear[_NUMBERS] = 1.0
    linear[_RUINS] = -RUIN_PENALTY
    linear[_CELLS] = 1.0
    linear[_STUCK] = -1.0
    linear[_CONFLICTS] = -weights.conflict
    for n in range(5):
        linear[_LINES + n] = 1.0  # what `Evaluator._line` expects the line to end with
    return tuple(linear)


@dataclass(frozen=True)
class Weights:
    """The knobs of the evaluation, fitted to self-play: the hand-made parts by the coordinate
    search of bench/magdagdon_bot.py, the weight of each feature by tools/fit_magdagdon_bot.py."""

    lean: float = 0.6  # an open cell is expected to hold lean·max + (1-lean)·mean of its values
    risk: tuple[float, ...] = (1.0, 0.30, 0.10, 0.03, 0.0, 0.0, 0.0)  # P(RUIN) by values left
    late: float = 1.0  # how much that risk grows as the board fills (fewer rolls left)
    # The chance that an empty cell gets the one value a bonus needs, by how many values it may
    # still take: a cell that only one value fits holds it unless it becomes a RUIN.
    fill: tuple[float, ...] = (0.0, 0.75, 0.6, 0.5, 0.45, 0.42, 0.4)
    # MAGDAGDON pressure (M16): points lost per unit of the chance that the next roll cannot place
    # the minimum, judged from the values the cells reachable now accept.
    stuck: float = 30.0
    conflict: float = 20.0  # two empty neighbours that no pair of values fits: one becomes a RUIN
    bonus_scale: tuple[float, float, float] = (1.0, 1.0, 1.0)  # STRAIGHT, FOUR, PAIRS
    keep: float = 25.0  # a power use kept for later is worth this much on an empty board
    next_roll: float = 1.0  # how much the exact chance that the next roll is a MAGDAGDON counts
    wasted: float = 0.0  # what a turn lost to a MAGDAGDON costs beyond its RUIN
    # What a line still able to earn a bonus ends with, by its open cells, before measuring
    # (the prior of `measured`): slope × its chance-weighed bonus (`Evaluator._line`) + offset.
    # The product of per-cell chances undervalues an open line (~1.5 points for an untouched one
    # that ends with ~27 on average: some bonus or other usually comes), so `LINE_TABLES`
    # measure both from the bot's games.
    line_slope: tuple[float, ...] = (1.0,) * 5
    line_offset: tuple[float, ...] = (0.0,) * 5
    linear: tuple[float, ...] = ()  # the weight of each of FEATURES; () is `hand_linear`
    measured: MeasuredLines | None = None  # what lines ended with in the bot's games


# Fitted by `tools/fit_magdagdon_bot.py nightmare --games 400` from the hand-made weights (3
# rounds), then from those with `--lam 0.7` (1 round kept of 2): self-play on seeds 100000…,
# kept when better on seeds 200000…. On other seeds: 152 → 178 (300000…, 300 games).
NIGHTMARE_FIT = fitted(
    numbers=1.209,
    ruins=-15.42,
    cells=0.7435,
    stuck=-0.983,
    conflicts=-33.97,
    empties=-0.6051,
    one=5.183,
    options0=7.06,
    options1=-0.6593,
    options2=-4.619,
    options3=0.5851,
    options4=-1.345,
    options5=8.026,
    options6=-0.9723,
    # The fit weighed lines by open cells as 0.9715, 0.5633, 0.1285, -0.2303, -0.9433 and
    # counted them -4.171, 4.479, 10.67, 13.19, 11.41: the prior of NIGHTMARE's measured lines
    # (`LINE_TABLES`), which `_line` gives whole.
    lines0=1.0,
    lines1=1.0,
    lines2=1.0,
    lines3=1.0,
    lines4=1.0,
    open_lines0=0.0,
    open_lines1=0.0,
    open_lines2=0.0,
    open_lines3=0.0,
    open_lines4=0.0,
)

# Fitted by `tools/fit_magdagdon_bot.py peaceful --games 400 --rounds 3 --step 0.5` (1 round
# kept of 3) and the same for survival (2 of 3), with the measured lines, from the weights fitted
# the same way to an earlier measure: on the check seeds (200000…, 400 games) PEACEFUL
# 399.0 → 408.4, SURVIVAL 320.7 → 326.2.
PEACEFUL_FIT = fitted(
    numbers=0.8416,
    ruins=-25.68,
    cells=0.773,
    stuck=-1.719,
    conflicts=-73.37,
    empties=0.09812,
    one=-0.7872,
    options0=14.67,
    options1=7.962,
    options2=4.038,
    options3=0.04209,
    options4=-3.093,
    options5=4.463,
    options6=-3.314,
    lines0=1.101,
    lines1=0.9645,
    lines2=0.8949,
    lines3=0.9124,
    lines4=0.9554,
    open_lines0=0.1047,
    open_lines1=-2.504,
    open_lines2=-1.719,
    open_lines3=0.4609,
    open_lines4=5.63,
)
SURVIVAL_FIT = fitted(
    numbers=0.8888,
    ruins=-18.01,
    cells=0.9064,
    stuck=-0.838,
    conflicts=-34.8,
    empties=0.02151,
    one=1.814,
    options0=11.94,
    options1=7.468,
    options2=0.7146,
    options3=-0.222,
    options4=1.573,
    options5=-0.08386,
    options6=-1.41,
    lines0=1.066,
    lines1=0.9096,
    lines2=0.8708,
    lines3=0.6213,
    lines4=0.7034,
    open_lines0=-0.3303,
    open_lines1=-4.877,
    open_lines2=-4.003,
    open_lines3=7.263,
    open_lines4=6.068,
)

# (slope, offset) of lines by open cells (0…4), least squares of the bonus each line that could
# still earn one ended with, on its `_line` value, over the boards of 200 games by the bot
# (seeds 5000…); with 3–4 open cells the value does not predict the end (slope 0, the mean),
# and the offsets are scaled by 0.6, which played better than the full measure on 400 games
# (seeds 1000…: PEACEFUL +5 at 0.6 against +1 at 1.0; SURVIVAL +12 against +11).
LINE_TABLES = {
    "peaceful": ((1.0, 1.05, 0.9, 0.0, 0.0), (0.0, 5.16, 11.34, 15.48, 16.56)),
    "survival": ((1.0, 0.87, 0.5, 0.0, 0.0), (0.0, 3.12, 8.58, 10.38, 10.38)),
    "nightmare": ((0.9715, 0.5633, 0.1285, -0.2303, -0.9433), (-4.171, 4.479, 10.67, 13.19, 11.41)),
}


# Lines 1, 2, 5 and 6 (`LINES`) run through the middle: their cells have more neighbours, which
# fill them sooner and hem them in more (M9, M10); a line's state says which kind it is.
INNER = 1 << 28
_KIND = tuple(INNER if line in (1, 2, 5, 6) else 0 for line in range(len(LINES)))


def line_key(codes: Sequence[int], line: int) -> int | None:
    """The state of `LINES[line]`: its cells' codes (`Evaluator.codes`), 7 bits each in reading
    order, and `INNER` for a middle line; None once a RUIN, now or to come, takes its bonus
    away (M22)."""
    w, x, y, z = LINES[line]
    a, b, c, d = codes[w], codes[x], codes[y], codes[z]
    if a < 0 or b < 0 or c < 0 or d < 0 or a == 8 or b == 8 or c == 8 or d == 8:
        return None
    return a | b << 7 | c << 14 | d << 21 | _KIND[line]


_OPEN_CELLS = tuple(int(code >= 8) for code in range(128))


def open_cells(key: int) -> int:
    """How many of a line state's four cells are still open (code 8 and up)."""
    return (
        _OPEN_CELLS[key & 127]
        + _OPEN_CELLS[key >> 7 & 127]
        + _OPEN_CELLS[key >> 14 & 127]
        + _OPEN_CELLS[key >> 21 & 127]
    )


def canonical(key: int) -> int:
    """One key for a line state and its reverse: M21 counts a STRAIGHT rising or falling."""
    return min(key, _reversed(key))


def _reversed(key: int) -> int:
    """A line state (`line_key`) with its four cells read the other way; the kind stays."""
    cells = (key >> 21 & 127) | (key >> 14 & 127) << 7 | (key >> 7 & 127) << 14 | (key & 127) << 21
    return cells | key & INNER


class MeasuredLines:
    """The bonus (M21) that lines still able to earn one ended with in the bot's own games, by
    the line's state (`line_key`: its cells' codes and whether it is a middle line), either
    reading direction. A state seen n times with bonuses summing to S is expected to end with
    (S + PRIOR·guess) / (n + PRIOR): a state seen once moves the guess a little, one seen
    hundreds of times is its own measure. The guess is the same measure of the line's coarse
    state, its numbers alone (every open cell alike, `_coarse`), itself guessed by the
    hand-made prior: a state the bot's games never met is judged like its kin, not like a
    stranger. Loaded from bot_lines.json on first use; made by
    tools/measure_magdagdon_lines.py."""

    PRIOR = 5.0  # how many measured lines the guess counts as
    PATH = Path(__file__).with_name("bot_lines.json")

    def __init__(self, difficulty: str, counts: Mapping[int, tuple[int, int]] | None = None):
        self.difficulty = difficulty
        self._counts = counts
        self._coarse: dict[int, tuple[int, int]] | None = None

    @property
    def counts(self) -> Mapping[int, tuple[int, int]]:
        """Per line state (`canonical`): (lines seen, their bonuses summed)."""
        if self._counts is None:
            data = json.loads(self.PATH.read_text(encoding="utf-8"))
            self._counts = {key: (seen, total) for key, seen, total in data[self.difficulty]}
        return self._counts

    def _coarse_counts(self) -> dict[int, tuple[int, int]]:
        if self._coarse is None:
            coarse: dict[int, tuple[int, int]] = {}
            for key, (seen, total) in self.counts.items():
                kin = canonical(_coarse(key))
                before = coarse.get(kin, (0, 0))
                coarse[kin] = (before[0] + seen, before[1] + total)
            self._coarse = coarse
        return self._coarse

    def expected(self, key: int, prior: float) -> float:
        found = self._coarse_counts().get(canonical(_coarse(key)))
        if found is not None:
            prior = (found[1] + self.PRIOR * prior) / (found[0] + self.PRIOR)
        found = self.counts.get(canonical(key))
        if found is None:
            return prior
        seen, total = found
        return (total + self.PRIOR * prior) / (seen + self.PRIOR)


_OPEN = 8 + ALL_VALUES


def _coarse(key: int) -> int:
    """A line state with every open cell alike (as if any value could still fill it)."""
    for shift in (0, 7, 14, 21):
        if key >> shift & 127 >= 8:
            key = key & ~(127 << shift) | _OPEN << shift
    return key


WEIGHTS: dict[str, Weights] = {
    # Fitted by `bench/magdagdon_bot.py --tune` on 100 self-play games (seeds 100000…); `wasted`
    # and `next_roll` by hand on 200–400 games from the same seeds.
    "peaceful": Weights(
        risk=(1.0, 0.375, 0.1, 0.03, 0.0, 0.0, 0.0),
        late=1.25,
        fill=(0.0, 0.75, 0.48, 0.4, 0.5625, 0.525, 0.4),
        keep=25.0,  # 48 before the lines were measured; 25 of 10/25/48/70 on 400 games
        wasted=40.0,
        line_slope=LINE_TABLES["peaceful"][0],
        line_offset=LINE_TABLES["peaceful"][1],
        linear=PEACEFUL_FIT,
        measured=MeasuredLines("peaceful"),
    ),
    "survival": Weights(
        lean=0.48,
        fill=(0.0, 0.6, 0.6, 0.5, 0.45, 0.42, 0.4),
        stuck=37.5,
        keep=20.0,
        next_roll=0.0,  # the exact check of the next roll did not pay here (200 games)
        line_slope=LINE_TABLES["survival"][0],
        line_offset=LINE_TABLES["survival"][1],
        linear=SURVIVAL_FIT,
        measured=MeasuredLines("survival"),
    ),
    "nightmare": Weights(
        risk=(1.0, 0.24, 0.1, 0.03, 0.0, 0.0, 0.0),
        fill=(0.0, 0.75, 0.48, 0.4, 0.36, 0.42, 0.4),
        bonus_scale=(1.0, 1.0, 0.8),
        wasted=40.0,
        line_slope=LINE_TABLES["nightmare"][0],
        line_offset=LINE_TABLES["nightmare"][1],
        linear=NIGHTMARE_FIT,
        measured=MeasuredLines("nightmare"),
    ),
}


def added(values: Iterable[float]) -> float:
    """The plain left-to-right sum. Python 3.12 made `sum()` of floats compensated, and the page
    runs Pyodide's 3.14 while the command line may run 3.11: two boards that are one board seen
    in a mirror tie up to the last bit, and the two sums broke such ties differently, so the
    computer's game on the same dice differed between the page and CPython. Plain additions in
    one order give the same bits on both."""
    total = 0.0
    for value in values:
        total += value
    return total


def _popcount(mask: int) -> int:
    return bin(mask).count("1")


VALUE_MEMO = 20_000  # boards whose value an evaluator remembers at most


class Evaluator:
    """`value(board)`: the final score (less power penalties) the board can be expected to reach."""

    def __init__(self, weights: Weights, minimum: int) -> None:
        self.weights = weights
        # _stuck[values][needed]: the chance that fewer than `needed` of 4 dice show one of
        # `values` accepted values, a rough chance that the next roll is a MAGDAGDON (M16).
        self._stuck = [
            [
                weights.stuck
                * added(
                    math.comb(4, hits) * (values / 6) ** hits * (1 - values / 6) ** (4 - hits)
                    for hits in range(needed)
                )
                for needed in range(minimum + 1)
            ]
            for values in range(7)
        ]
        self.minimum = minimum
        self.linear = weights.linear or hand_linear(weights)
        self._terms = [(index, weight) for index, weight in enumerate(self.linear) if weight]
        self._lines: dict[int, float] = {}
        self._values: dict[Board, float] = {}
        # _cells[empties][mask]: an empty cell that may still take the values of `mask`.
        self._cells = [[self._cell(mask, empties) for mask in range(64)] for empties in range(17)]
        self._fill = [weights.fill[_popcount(mask)] for mask in range(64)]
        scale = weights.bonus_scale
        self._patterns = tuple(
            (
                bonus
                * (
                    scale[0]
                    if bonus == Bonus.STRAIGHT.value
                    else scale[1]
                    if bonus == Bonus.FOUR_OF_A_KIND.value
                    else scale[2]
                ),
                values,
            )
            for bonus, values in PATTERNS
        )

    def _cell(self, mask: int, empties: int) -> float:
        if not mask:
            return -RUIN_PENALTY  # M19: only a RUIN can ever fill it (M23)
        values = [v for v in range(1, 7) if mask >> (v - 1) & 1]
        lean = self.weights.lean
        expected = lean * max(values) + (1 - lean) * sum(values) / len(values)
        # Fewer rolls remain to bring the one fitting value as the board fills.
        risk = min(
            1.0, self.weights.risk[len(values)] * (1 + self.weights.late * (1 - empties / 16))
        )
        return (1 - risk) * 2 * expected - risk * RUIN_PENALTY  # M20: counts in row and column

    def _line(self, key: int) -> float:
        """The bonus a line still able to earn one is expected to end with (M21): measured
        (`MeasuredLines`) from the guess of `_chance_bonus`."""
        count = open_cells(key)
        weights = self.weights
        prior = weights.line_slope[count] * self._chance_bonus(key) + weights.line_offset[count]
        measured = weights.measured
        value = prior if measured is None else measured.expected(key, prior)
        self._lines[key] = value
        return value

    def _chance_bonus(self, key: int) -> float:
        """The best bonus still open to a line, times the chance of getting it (M21)."""
        cells = [(key >> shift) & 127 for shift in (0, 7, 14, 21)]
        fill = self._fill
        best = 0.0
        for bonus, values in self._patterns:
            chance = 1.0
            for cell, wanted in zip(cells, values, strict=True):
                if cell < 8:
                    if cell != wanted:
                        break
                elif (cell - 8) >> (wanted - 1) & 1:  # empty: 8 + mask of the values it may take
                    chance *= fill[cell - 8]
                else:
                    break
            else:
                best = max(best, bonus * chance)
        return best

    def value(self, board: Sequence[int]) -> float:
        """The board's expected final score: its features (`features`) weighed by `linear`.
        Remembered: the prices of a power's outcomes reach many of the same boards."""
        board = tuple(board)  # the same tuple when it is one already
        known = self._values.get(board)
        if known is None:
            if len(self._values) >= VALUE_MEMO:
                self._values.clear()  # a bound on memory; only speed depends on the memo
            found = self.features(board)
            known = self._values[board] = added([found[i] * weight for i, weight in self._terms])
        return known

    def codes(self, board: Sequence[int]) -> list[int]:
        """Per cell: its number, -1 for a RUIN, 8 for an empty cell no value can fill any more,
        else 8 + the mask of the values it may still take (those its neighbours allow)."""
        found = [0.0] * len(FEATURES)
        return self._codes(board, found)

    def features(self, board: Sequence[int]) -> list[float]:
        """What the board's value is made of, one number per `FEATURES` name."""
        found = [0.0] * len(FEATURES)
        codes = self._codes(board, found)
        empties = sum(1 for code in codes if code >= 8)
        found[_EMPTIES] = empties
        found[_ONE] = 1.0
        cells = self._cells[empties]
        worth = 0.0
        for code in codes:
            if code >= 8:
                worth += cells[code - 8]  # code 8, a dead cell, is a RUIN to come (M19)
                found[_OPTION_FEATURE[code]] += 1
        found[_CELLS] = worth
        lines = self._lines
        for line in range(len(LINES)):
            key = line_key(codes, line)
            if key is None:
                continue
            count = open_cells(key)
            found[_OPEN_LINES + count] += 1
            value = lines.get(key)
            found[_LINES + count] += self._line(key) if value is None else value
        return found

    def _codes(self, board: Sequence[int], found: list[float]) -> list[int]:
        """`codes`, adding the features met on the way to `found`."""
        codes = [0] * CELLS  # per cell: the number, 8 + mask of values for an empty cell, -1 dead
        numbers = 0
        linked = 0
        for cell in range(CELLS):
            v = board[cell]
            if v > 0:
                codes[cell] = v
                numbers += v
            elif v == RUIN:
                codes[cell] = -1
                found[_RUINS] += 1  # M23
            else:
                mask = ALL_VALUES
                for other in NEIGHBOURS[cell]:
                    u = board[other]
                    if u > 0:
                        mask &= NEAR[u]
                        linked |= 1 << cell
                codes[cell] = 8 + mask
        found[_NUMBERS] = 2 * numbers  # M20
        if numbers:
            self._mark_unreachable(codes, linked)
            accepted = 0
            for cell in range(CELLS):
                if linked >> cell & 1:
                    accepted |= codes[cell] - 8
            empties = sum(1 for code in codes if code >= 8)
            found[_STUCK] = self._stuck[_popcount(accepted)][min(self.minimum, empties)]
            found[_CONFLICTS] = self._narrow(codes)
        return codes

    @staticmethod
    def _narrow(codes: list[int]) -> int:
        """Keeps for each empty cell only the values that its empty neighbours can live with
        (M10 once both are filled), and counts the neighbouring pairs that share no such values:
        one of the two will be a RUIN (M19)."""
        conflicts = 0
        narrowed = codes[:]
        for cell in range(CELLS):
            code = codes[cell]
            if code > 8:
                mask = code - 8
                for other in NEIGHBOURS[cell]:
                    near = codes[other]
                    if near > 8:
                        kept = mask & SPREAD[near - 8]
                        if kept:
                            mask = kept
                        else:
                            conflicts += 1
                narrowed[cell] = 8 + mask
        codes[:] = narrowed
        return conflicts // 2

    @staticmethod
    def _mark_unreachable(codes: list[int], linked: int) -> None:
        """Empty cells that no chain of fillable cells joins to a number can only become RUINS
        (M9, M19): mark them as dead (code 8, no value left)."""
        reached = 0
        todo = [c for c in range(CELLS) if linked >> c & 1 and codes[c] > 8]
        for cell in todo:
            reached |= 1 << cell
        while todo:
            cell = todo.pop()
            for other in NEIGHBOURS[cell]:
                if not reached >> other & 1 and codes[other] > 8:
                    reached |= 1 << other
                    todo.append(other)
        for cell in range(CELLS):
            if codes[cell] > 8 and not reached >> cell & 1:
                codes[cell] = 8


_EVALUATORS: dict[tuple[Weights, int], Evaluator] = {}


def evaluator(difficulty: str, weights: Weights | None = None) -> Evaluator:
    """One evaluator (with its memo of line values) per difficulty and set of weights."""
    rules = rules_of(difficulty)
    chosen = weights if weights is not None else WEIGHTS[rules.name]
    found = _EVALUATORS.get((chosen, rules.minimum))
    if found is None:
        found = _EVALUATORS[chosen, rules.minimum] = Evaluator(chosen, rules.minimum)
    return found


# Staging -------------------------------------------------------------------------------------
BEAM = 24  # boards carried on from each size beyond the minimum (M4: more dice are optional)
POWER_BEAM = 6  # the same when pricing dice for a power: a REROLL has up to 126 outcomes


def _spots(board: Board) -> list[tuple[int, int]]:
    """The empty cells where some die may go now, each with the mask of values it may take."""
    if not any(v > 0 for v in board):
        # M8: anywhere empty; on an empty board, one cell per kind is enough (FIRST_CELLS)
        cells = FIRST_CELLS if all(v == EMPTY for v in board) else range(CELLS)
        return [(cell, ALL_VALUES) for cell in cells if board[cell] == EMPTY]
    spots = []
    for cell in range(CELLS):
        if board[cell] != EMPTY:
            continue
        mask = ALL_VALUES
        linked = False
        for other in NEIGHBOURS[cell]:
            u = board[other]
            if u > 0:  # M11: a RUIN neither links nor limits
                mask &= NEAR[u]  # M10
                linked = True
        if linked and mask:  # M9
            spots.append((cell, mask))
    return spots


Option = tuple[float, Board, Staging]


def options(
    board: Board, dice: Sequence[int], minimum: int, judge: Evaluator, beam: int = BEAM
) -> list[Option]:
    """Each board that a legal staging of at least `minimum` dice leads to, valued, with one
    staging that reaches it (M4, M12), fewer dice first. All stagings up to the minimum are
    tried; beyond it only the `beam` best boards of each size get another die."""
    found: list[Option] = []
    start: Board = tuple(board)
    frontier: dict[Board, tuple[Staging, tuple[int, ...]]] = {start: ((), tuple(range(len(dice))))}
    for size in range(1, len(dice) + 1):
        following: dict[Board, tuple[Staging, tuple[int, ...]]] = {}
        for current, (staging, left) in frontier.items():
            spots = _spots(current)
            tried = 0
            for die in left:
                value = dice[die]
                bit = 1 << (value - 1)
                if tried & bit:
                    continue  # equal dice lead to the same boards
                tried |= bit
                rest = tuple(other for other in left if other != die)
                for cell, mask in spots:
                    if mask & bit:
                        after = (*current[:cell], value, *current[cell + 1 :])
                        if after not in following:  # the same board by another order (M12)
                            following[after] = ((*staging, (die, cell)), rest)
        if not following:
            break
        if size < minimum:
            frontier = following
            continue
        value_of = judge.value
        scored = [(value_of(after), after, staging) for after, (staging, _) in following.items()]
        scored.sort(key=lambda option: -option[0])  # stable: ties keep the order found
        found += scored
        frontier = {after: following[after] for _, after, _ in scored[:beam]}
    return found


def _best(found: Iterable[Option]) -> Option | None:
    best: Option | None = None
    for option in found:
        if best is None or option[0] > best[0]:
            best = option  # the first of equals: fewer dice (M4 lets the rest be discarded)
    return best


def required_minimum(board: Board, rules: Difficulty) -> int:
    return min(rules.minimum, board.count(EMPTY))  # M6


def choose_staging(
    board: Board,
    dice: Sequence[int],
    difficulty: str,
    powers_used: int,
    *,
    weights: Weights | None = None,
) -> Staging:
    """The (die index, cell index) placements to stage, in a legal order (M12), at least the
    minimum (M6). Raises ValueError when the roll is a MAGDAGDON (M16)."""
    del powers_used  # spent penalties are the same whatever is staged (M24)
    board = tuple(board)
    minimum = required_minimum(board, rules_of(difficulty))
    judge = evaluator(difficulty, weights)
    found = options(board, dice, minimum, judge)
    if not found:
        raise ValueError("MAGDAGDON: no order places the minimum of these dice (M16)")
    sure = [value + SURE_PREMIUM * _big_bonuses(board, after) for value, after, _ in found]
    # The static judgement guesses the chance of a MAGDAGDON; for the few best boards the exact
    # chance of the next roll is cheap enough to count (sorted is stable: fewer dice first).
    ranked = sorted(range(len(found)), key=lambda index: -sure[index])[:RECHECK]
    best = max(ranked, key=lambda index: _next_roll(sure[index], found[index][1], judge))
    return found[best][2]


RECHECK = 4  # the best boards of a turn whose next roll is checked exactly
ROLLS = tuple((tuple(dice.values), p) for dice, p in outcomes(4))  # M2: every roll of four dice

# A STRAIGHT or FOUR OF A KIND completed now is sure, while the open lines it is weighed
# against are judged one at a time (`MeasuredLines`): a board that keeps many of them open is
# judged high even where a row and a column it counts on want different values in the cell they
# share, so the best-judged board of a turn is the one most likely overrated. A staging gets
# SURE_PREMIUM more for each such bonus it completes. Played out on the same dice, the bare edge
# row 555. with 5-6-6-2 scores more completed (SURVIVAL 262.9 against 256.6, NIGHTMARE 199.9
# against 189.0; tests/test_magdagdon_bot.py). Over whole games it is about even: seeds
# 500000… (1000 games) PEACEFUL 407.11 → 409.46, SURVIVAL 326.65 → 324.81, NIGHTMARE 206.76 →
# 209.34; seeds 300000… (400) 398.95 → 398.33, 310.39 → 313.20, 194.33 → 200.23. Taking such a
# bonus whenever it is judged within 50 or 70 of the best instead of 30 lost (SURVIVAL 307.1
# and 305.5 on seeds 300000…).
SURE_PREMIUM = 30.0


def _big_bonuses(before: Board, after: Board) -> int:
    """How many lines a staging completes with a STRAIGHT or FOUR OF A KIND (M21)."""
    count = 0
    for line in LINES:
        a, b, c, d = (after[cell] for cell in line)
        if a > 0 and b > 0 and c > 0 and d > 0 and any(before[cell] == EMPTY for cell in line):
            step = b - a  # the same step throughout: ±1 a STRAIGHT, 0 FOUR OF A KIND
            if step in (-1, 0, 1) and c - b == step and d - c == step:
                count += 1
    return count


def _next_roll(value: float, board: Board, judge: Evaluator) -> float:
    """`value`, less the expected loss of the next roll being a MAGDAGDON (M16): the RUIN it
    forces goes where it costs least (M18), and the turn is gone."""
    empties = board.count(EMPTY)
    if not empties or not judge.weights.next_roll:
        return value
    minimum = min(judge.minimum, empties)  # M6
    stuck = added(p for dice, p in ROLLS if not placeable(board, dice, minimum))
    if not stuck:
        return value
    loss = value - _ruin_option(board, judge)[0] + judge.weights.wasted
    return value - judge.weights.next_roll * stuck * loss


# RUINS ---------------------------------------------------------------------------------------
def _ruin_option(board: Board, judge: Evaluator) -> tuple[float, int]:
    best = (-math.inf, -1)
    for cell in range(CELLS):
        if board[cell] == EMPTY:
            value = judge.value((*board[:cell], RUIN, *board[cell + 1 :]))
            if value > best[0]:
                best = (value, cell)
    return best


def choose_ruin(board: Board, difficulty: str, *, weights: Weights | None = None) -> int:
    """The empty cell for the RUIN of an accepted MAGDAGDON (M18): the one that costs least,
    usually a cell no value could fill anyway or one in lines whose bonus is already lost."""
    board = tuple(board)
    cell = _ruin_option(board, evaluator(difficulty, weights))[1]
    if cell < 0:
        raise ValueError("no empty cell for a RUIN")
    return cell


# Majda Powers --------------------------------------------------------------------------------
def _roll_value(
    board: Board, dice: Sequence[int], minimum: int, judge: Evaluator, beam: int
) -> float:
    """What these dice are worth: the best staging, or the best RUIN if they are a MAGDAGDON."""
    best = _best(options(board, dice, minimum, judge, beam))
    return best[0] if best is not None else _ruin_option(board, judge)[0]


def _outcomes(count: int) -> list[tuple[tuple[int, ...], float]]:
    """Each multiset of `count` thrown dice with its probability."""
    total = 6**count
    found = []
    for values in itertools.combinations_with_replacement(range(1, 7), count):
        ways = math.factorial(count)
        for value in set(values):
            ways //= math.factorial(values.count(value))
        found.append((values, ways / total))
    return found


OUTCOMES = {count: _outcomes(count) for count in range(1, 5)}


def _keep_value(rules: Difficulty, board: Board, weights: Weights) -> float:
    """What keeping a power use for a later roll is worth: more while more cells are empty,
    by the square root of their share (a use stays worth much until the last few cells; in
    proportion to the share: PEACEFUL -2.8 ± 1.6 on seeds 1000…, -4.3 ± 2.6 on 0…, SURVIVAL
    the same within ±1)."""
    del rules
    return weights.keep * math.sqrt(board.count(EMPTY) / CELLS)


def choose_power(
    board: Board,
    dice: Sequence[int],
    difficulty: str,
    powers_used: int,
    stuck: bool,
    *,
    weights: Weights | None = None,
) -> Power | None:
    """A Majda Power to use now (M13–M15), or None. A power is used only when what it is
    expected to gain beats its penalty (M15) plus what keeping the use is worth."""
    rules = rules_of(difficulty)
    if powers_used >= rules.powers:
        return None  # M5: no uses left (NIGHTMARE has none)
    board = tuple(board)
    judge = evaluator(difficulty, weights)
    minimum = required_minimum(board, rules)
    threshold = rules.penalties[powers_used] + _keep_value(rules, board, judge.weights)
    price = _RollPrices.of(board, minimum, judge)
    base = price(dice)
    choice: Power | None = None
    best = threshold
    for die, value in enumerate(dice):
        if value in dice[:die]:
            continue  # changing an equal die gives the same dice
        for delta in (-1, 1):
            if 1 <= value + delta <= 6:  # M13: never below 1 or above 6
                gain = price([*dice[:die], value + delta, *dice[die + 1 :]]) - base
                if gain > best:
                    best, choice = gain, ("adjust", die, delta)
    for chosen in _reroll_candidates(board, dice, stuck):
        # The expected value over every outcome of throwing the chosen dice again (M13).
        kept = [value for die, value in enumerate(dice) if die not in chosen]
        expected = added(p * price([*kept, *new]) for new, p in OUTCOMES[len(chosen)])
        if expected - base > best:
            best, choice = expected - base, ("reroll", chosen)
    return choice


def _reroll_candidates(board: Board, dice: Sequence[int], stuck: bool) -> list[tuple[int, ...]]:
    """The sets of dice worth pricing for a REROLL: every set once few cells are empty (the
    search is quick there and the last cells are where a roll matters most); on a fuller board
    only when the roll is a MAGDAGDON, and at most two dice (their 21 outcomes at most, so the
    turn stays quick), a pair only of dice that no cell takes now (a die that fits is worth
    keeping, and pricing every pair on a near-empty board took up to ~60 ms); else none."""
    count = len(dice)
    if board.count(EMPTY) <= REROLL_ALL_SETS_AT:
        return [
            chosen
            for size in range(1, count + 1)
            for chosen in itertools.combinations(range(count), size)
        ]
    if not stuck:
        return []
    accepted = 0
    for _, mask in _spots(board):
        accepted |= mask
    misfits = [die for die, value in enumerate(dice) if not accepted >> (value - 1) & 1]
    return [(die,) for die in range(count)] + list(itertools.combinations(misfits, 2))


# Every set from 7 empty cells and POWER_BEAM 6 (was 5 and 3, before the evaluator remembered
# values): PEACEFUL +3.0 ± 1.8 on 400 games (seeds 1000…); 9 cells did no better.
REROLL_ALL_SETS_AT = 7


class _RollPrices:
    """What each set of dice is worth on one board (`_roll_value`), by its sorted values. Every
    power of a turn prices dice on the same board, so the table of the last board is kept: the
    second power of a turn finds most outcomes already priced. Pure: only speed depends on it."""

    _last: _RollPrices | None = None

    def __init__(self, board: Board, minimum: int, judge: Evaluator) -> None:
        self.key = (board, minimum, judge)
        self.prices: dict[tuple[int, ...], float] = {}

    @classmethod
    def of(cls, board: Board, minimum: int, judge: Evaluator) -> _RollPrices:
        last = cls._last
        if last is None or last.key != (board, minimum, judge):
            last = cls._last = cls(board, minimum, judge)
        return last

    def __call__(self, dice: Sequence[int]) -> float:
        key = tuple(sorted(dice))
        found = self.prices.get(key)
        if found is None:
            board, minimum, judge = self.key
            found = self.prices[key] = _roll_value(board, key, minimum, judge, POWER_BEAM)
        return found


# Playing through the engine ------------------------------------------------------------------
@dataclass(frozen=True)
class _Roll:
    """What a decision depends on: the permanent board and the roll, never the staging (M16)."""

    board: Board
    dice: tuple[int, ...]
    difficulty: str
    powers_used: int
    stuck: bool
    weights: Weights | None


Decision = tuple[Power | None, Staging | None]  # a power to use first, else the staging
_last_decision: tuple[_Roll, Decision] | None = None


def _decide(roll: _Roll) -> Decision:
    """A power to use now, else the staging (neither: accept the MAGDAGDON). One turn asks this
    once per staged die, so the last answer is kept: it depends on `roll` only."""
    global _last_decision
    if _last_decision is not None and _last_decision[0] == roll:
        return _last_decision[1]
    power = choose_power(
        roll.board, roll.dice, roll.difficulty, roll.powers_used, roll.stuck, weights=roll.weights
    )
    staging = None
    if power is None and not roll.stuck:
        staging = choose_staging(
            roll.board, roll.dice, roll.difficulty, roll.powers_used, weights=roll.weights
        )
    _last_decision = (roll, (power, staging))
    return power, staging


def _power_action(power: Power) -> game.Action:
    match power:
        case ("adjust", int(die), int(delta)):
            return game.Adjust(die, delta)
        case ("reroll", tuple(chosen)):
            return game.Reroll(tuple(int(die) for die in chosen))
    raise AssertionError(f"not a power: {power!r}")


def next_action(state: game.State, *, weights: Weights | None = None) -> game.Action:
    """What the computer player plays next from `state` (phase ROLL, PLACE, MAGDAGDON or RUIN):
    a pure function of the state. A staging already begun (by a player asking for a HINT) is
    kept as far as it agrees with the bot's own and taken back from where it differs."""
    phase = state.phase
    if phase is game.Phase.ROLL:
        return game.Roll()  # M2
    if phase is game.Phase.RUIN:
        return game.PlaceRuin(choose_ruin(state.board, state.difficulty, weights=weights))  # M18
    if phase not in (game.Phase.PLACE, game.Phase.MAGDAGDON):
        raise ValueError(f"nothing for the computer player to do in phase {phase.value}")
    stuck = phase is game.Phase.MAGDAGDON
    power, staging = _decide(
        _Roll(state.board, state.dice, state.difficulty, state.powers_used, stuck, weights)
    )
    if power is not None:
        if state.staged:
            return game.Unstage(state.staged[-1][1])  # M14: powers act on unstaged dice only
        return _power_action(power)
    if staging is None:
        return game.AcceptMagdagdon()  # M17: no power is worth its cost
    return _next_placement(state, staging)


def _next_placement(state: game.State, staging: Staging) -> game.Action:
    """The next Stage of `staging`, CONFIRM once it is all staged, or an UNSTAGE of the first
    staged die that differs from it (by cell and value: equal dice are interchangeable)."""
    wanted = [(state.dice[die], cell) for die, cell in staging]
    for place, (die, cell) in enumerate(state.staged):
        if place >= len(wanted) or wanted[place] != (state.dice[die], cell):
            return game.Unstage(cell)  # M12 takes back any later die this one held up
    if len(state.staged) == len(wanted):
        return game.Confirm()  # M4: the rest of the dice are discarded
    value, cell = wanted[len(state.staged)]
    die = next(die for die in state.available if state.dice[die] == value)
    return game.Stage(die, cell)


def turn_actions(state: game.State, *, weights: Weights | None = None) -> list[game.Action]:
    """What the computer player plays from `state` up to the next throw of dice (ROLL or a
    REROLL, whose dice it cannot know) or the end of the turn: for a HINT, the powers, the
    cells in the order staged and CONFIRM, or ACCEPT and the cell of the RUIN."""
    actions: list[game.Action] = []
    while state.phase in (game.Phase.ROLL, game.Phase.PLACE, game.Phase.MAGDAGDON, game.Phase.RUIN):
        action = next_action(state, weights=weights)
        actions.append(action)
        state = game.apply(state, action)
        if isinstance(action, game.Confirm | game.PlaceRuin) or state.phase is game.Phase.THROW:
            break
    return actions


@dataclass
class GameRecord:
    seed: int
    score: int
    board: Board
    powers_used: int
    turn_ms: list[float] = field(default_factory=list)  # the bot's thinking time, per turn


def play_game(
    seed: int,
    difficulty: str,
    *,
    weights: Weights | None = None,
    clock: Callable[[], float] = time.perf_counter,
) -> GameRecord:
    """One whole game by the computer player through the engine, on the seed's dice (the
    engine throws them: `game.play`), until M25. The score is the engine's. `clock` times the
    thinking (`time.process_time` counts only this process's work on a busy machine)."""
    state = game.new_game(difficulty, seed)
    record = GameRecord(seed, 0, state.board, 0)
    thinking = 0.0
    while not state.over:
        started = clock()
        action = next_action(state, weights=weights)
        thinking += clock() - started
        turns = state.turns
        state = game.play(state, action)
        if state.turns != turns:  # CONFIRM or a RUIN ended the turn
            record.turn_ms.append(thinking * 1000)
            thinking = 0.0
    record.board = state.board
    record.powers_used = state.powers_used
    record.score = state.score().final  # M24
    return record


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="MAGDAGDON games by the computer player")
    parser.add_argument("--difficulty", default="peaceful", type=str.lower)
    parser.add_argument("--games", type=int, default=1)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    rules_of(args.difficulty)  # an unknown name stops here with the list of names
    scores = []
    for seed in range(args.seed, args.seed + args.games):
        score = play_game(seed, args.difficulty).score
        scores.append(score)
        print(seed, score, flush=True)
    print(f"mean {sum(scores) / len(scores):.2f}" if scores else "mean 0")
    return 0


if __name__ == "__main__":
    sys.exit(main())
