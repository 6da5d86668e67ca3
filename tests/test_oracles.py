"""The trickiest code against independent answers: brute force, enumeration, a second count."""

from __future__ import annotations

import itertools
import random
from collections import Counter

from cubiri.magdagdon import can_place
from cubiri.magdagdon.board import format_board
from cubiri.mishimash import best_points, selection_points, turn_points
from cubiri.mishimash import game as mishimash
from tests.playouts import magdagdon_playout, mishimash_playout


# MAGDAGDON: can_place (M12, M16) against a plain search over every order and every cell -------
def legal_here(board: list[int], cell: int, value: int) -> bool:
    """M8–M11 read straight from the rules, cell by cell."""
    if board[cell] != 0:
        return False
    numbers = [v for v in board if v > 0]
    if not numbers:
        return True  # M8
    row, col = divmod(cell, 4)
    near = [
        board[r * 4 + c]
        for r, c in ((row - 1, col), (row + 1, col), (row, col - 1), (row, col + 1))
        if 0 <= r < 4 and 0 <= c < 4 and board[r * 4 + c] > 0
    ]
    return bool(near) and all(abs(v - value) <= 1 for v in near)  # M9, M10 (RUINS: M11)


def brute_can_place(board: list[int], dice: list[int], needed: int) -> bool:
    if needed == 0:
        return True
    for i, value in enumerate(dice):
        for cell in range(16):
            if legal_here(board, cell, value):
                board[cell] = value
                found = brute_can_place(board, dice[:i] + dice[i + 1 :], needed - 1)
                board[cell] = 0
                if found:
                    return True
    return False


def test_can_place_agrees_with_brute_force_on_1200_positions() -> None:
    rng = random.Random(2026)
    positions, stuck = 0, 0
    for seed in range(60):
        for state in magdagdon_playout(("peaceful", "nightmare")[seed % 2], seed):
            if state.dice and not state.staged and rng.random() < 0.5:
                continue
            board = list(state.board)
            dice = [rng.randint(1, 6) for _ in range(4)]
            needed = rng.choice((2, 3))
            expected = brute_can_place(board, dice, needed)
            assert can_place(format_board(board), dice, needed) == expected, (board, dice)
            positions += 1
            stuck += not expected
            if positions >= 1200:
                break
        if positions >= 1200:
            break
    assert positions >= 1200 and stuck > 50  # both answers were tested often


# MISHIMASH: best_points against every sub-multiset of every roll ------------------------------
def test_best_points_is_the_best_selection_of_every_roll_of_one_to_six_dice() -> None:
    for size in range(1, 7):
        for roll in itertools.combinations_with_replacement(range(1, 7), size):
            best = 0.0
            counts = Counter(roll)
            faces = sorted(counts)
            for taken in itertools.product(*(range(counts[f] + 1) for f in faces)):
                selection = [f for f, n in zip(faces, taken, strict=True) for _ in range(n)]
                if selection:
                    points = selection_points(list(roll), selection)
                    if points is not None:
                        best = max(best, points)
            assert best_points(list(roll)) == best, roll


# MISHIMASH: the engine's banked points against turn_points (X8–X12) --------------------------
def test_banked_points_equal_turn_points_over_thousands_of_turns() -> None:
    turns = 0
    for seed in range(150):
        steps: list[tuple[list[int], list[int]]] = []
        previous = None
        for state in mishimash_playout(2, 300, seed):
            last = state.log[-1] if state.log else None
            if isinstance(last, mishimash.Select):
                assert previous is not None
                steps.append((list(previous.dice), [previous.dice[i] for i in last.dice]))
            elif isinstance(last, mishimash.Bank):
                banked = state.events[-1]
                assert isinstance(banked, mishimash.Banked)
                assert banked.halves / 2 == turn_points(steps)
                steps, turns = [], turns + 1
            elif isinstance(last, mishimash.Dice) and state.events:
                bust = state.events[-1]
                if isinstance(bust, mishimash.Bust) and bust.dice == last.values:
                    assert turn_points([*steps, (list(bust.dice), [])]) == 0  # X11
                    assert bust.halves / 2 == (turn_points(steps) if steps else 0)
                    steps, turns = [], turns + 1
            previous = state
    assert turns > 3000
