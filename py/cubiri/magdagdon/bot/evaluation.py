"""The computer player's judgement of a board (`Evaluator.value`): an estimate of the final score
the board can still become (M20–M24), not its score now. An empty cell is worth what it will
probably hold, a cell that no value can fill any more is already a RUIN (M19), a cell that only
one value can fill may well become one, and a line keeps the chance of its best bonus (M21) only
while no RUIN stands in it (M22); what such a line ends with is measured (`MeasuredLines`). The
value is the weighed sum of `FEATURES` (weights.py)."""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence

from cubiri.magdagdon.board import CELLS, RUIN, Board
from cubiri.magdagdon.bot.lines import (
    ALL_VALUES,
    LINES,
    NEAR,
    NEIGHBOURS,
    PATTERNS,
    SPREAD,
    line_key,
    open_cells,
)
from cubiri.magdagdon.bot.weights import (
    _CELLS,
    _CONFLICTS,
    _EMPTIES,
    _LINES,
    _NUMBERS,
    _ONE,
    _OPEN_LINES,
    _OPTION_FEATURE,
    _RUINS,
    _STUCK,
    FEATURES,
    WEIGHTS,
    Weights,
    hand_linear,
)
from cubiri.magdagdon.difficulty import Difficulty
from cubiri.magdagdon.difficulty import difficulty as rules_of
from cubiri.magdagdon.scoring import RUIN_PENALTY, Bonus


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

    def __init__(self, weights: Weights, rules: Difficulty) -> None:
        self.weights = weights
        self.rules = rules
        minimum = rules.minimum
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
            found[_STUCK] = self._stuck[_popcount(accepted)][self.rules.required(empties)]
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


_EVALUATORS: dict[tuple[Weights, Difficulty], Evaluator] = {}


def evaluator(difficulty: str, weights: Weights | None = None) -> Evaluator:
    """One evaluator (with its memo of line values) per difficulty and set of weights."""
    rules = rules_of(difficulty)
    chosen = weights if weights is not None else WEIGHTS[rules.name]
    found = _EVALUATORS.get((chosen, rules))
    if found is None:
        found = _EVALUATORS[chosen, rules] = Evaluator(chosen, rules)
    return found
