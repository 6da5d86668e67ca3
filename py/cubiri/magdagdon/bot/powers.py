"""When the computer player uses a Majda Power (M13–M15): only when what it is expected to gain
beats its penalty plus what keeping the use for later is worth. Each set of dice is priced by
its best staging (search.py); a REROLL by every outcome of the dice thrown again, with the
rules' own chances (`cubiri.kernel.outcomes`)."""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence

from cubiri.kernel import outcomes
from cubiri.magdagdon.board import CELLS, EMPTY, Board
from cubiri.magdagdon.bot.evaluation import Evaluator, added, evaluator
from cubiri.magdagdon.bot.search import (
    POWER_BEAM,
    _best,
    _ruin_option,
    options,
    required_minimum,
    spots,
)
from cubiri.magdagdon.bot.weights import Weights
from cubiri.magdagdon.difficulty import Difficulty
from cubiri.magdagdon.difficulty import difficulty as rules_of

Power = tuple[str, int, int] | tuple[str, tuple[int, ...]]  # ("adjust", die, ±1) / ("reroll", dice)


def _roll_value(
    board: Board, dice: Sequence[int], minimum: int, judge: Evaluator, beam: int
) -> float:
    """What these dice are worth: the best staging, or the best RUIN if they are a MAGDAGDON."""
    best = _best(options(board, dice, minimum, judge, beam))
    return best[0] if best is not None else _ruin_option(board, judge)[0]


# Each multiset of 1–4 thrown dice (sorted values) with its probability (M13: a REROLL).
OUTCOMES = {
    count: [(tuple(dice.values), p) for dice, p in outcomes(count)] for count in range(1, 5)
}


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
    legal = spots(board)  # M8–M11
    misfits = [die for die, value in enumerate(dice) if not legal[value]]
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
