"""What the computer player stages where (M4, M12) and where the RUIN of a MAGDAGDON goes (M18):
every legal staging's board is judged (`Evaluator.value`), the few best against the exact chance
that the next roll is a MAGDAGDON (M16). Where a die may go is the rules' own (`Masks.legal`,
M8–M11)."""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence

from cubiri.kernel import outcomes
from cubiri.magdagdon.board import CELLS, EMPTY, FULL, RUIN, Board, Masks, bits, placeable
from cubiri.magdagdon.bot.evaluation import Evaluator, added, evaluator
from cubiri.magdagdon.bot.lines import LINES
from cubiri.magdagdon.bot.weights import Weights
from cubiri.magdagdon.difficulty import Difficulty
from cubiri.magdagdon.difficulty import difficulty as rules_of

Placement = tuple[int, int]  # (die index, cell index)
Staging = tuple[Placement, ...]

# Staging -------------------------------------------------------------------------------------
BEAM = 24  # boards carried on from each size beyond the minimum (M4: more dice are optional)
POWER_BEAM = 6  # the same when pricing dice for a power: a REROLL has up to 126 outcomes


# On a board without numbers (M8) every empty cell is alike up to the square's 8 symmetries,
# which keep every line a line and every reading direction a direction (M21 counts both), so the
# first die need only try a corner, an edge cell and a centre cell.
FIRST_CELLS = (0, 1, 5)
_FIRST = sum(1 << cell for cell in FIRST_CELLS)

SPOTS_MEMO = 20_000  # boards whose `spots` are remembered at most
_spots: dict[Board, tuple[int, ...]] = {}


def spots(board: Board) -> tuple[int, ...]:
    """Per value (index 1–6), the cells worth trying for a die of it: where the rules let it go
    (M8–M11, `Masks.legal_by_value`), on an empty board only FIRST_CELLS. Remembered: the
    outcomes a power prices stage dice on many of the same boards; only speed depends on it."""
    found = _spots.get(board)
    if found is None:
        if len(_spots) >= SPOTS_MEMO:
            _spots.clear()
        found = Masks.of(board).legal_by_value()
        if found[1] == FULL:
            found = (0, *(_FIRST,) * 6)
        _spots[board] = found
    return found


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
            cells = spots(current)
            tried = 0
            for die in left:
                value = dice[die]
                bit = 1 << value
                if tried & bit:
                    continue  # equal dice lead to the same boards
                tried |= bit
                legal = cells[value]
                if not legal:
                    continue
                rest = tuple(other for other in left if other != die)
                for cell in bits(legal):
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
    """The dice the next turn must place on `board` (M6: the rules' own)."""
    return rules.required(board.count(EMPTY))


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
    minimum = judge.rules.required(empties)  # M6
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
