"""MISHIMASH (CUBIRI ORIGINAL #2): the rules API of ENGINE_API.md, and the whole game.

Points come back as numbers equal to the exact value (`10.5`, `15`). The strategy functions
(`bust_chance`, `turn_value`, `chance_to_reach`) are written in `strategy` and offered here, and
the final round's chance to win (`win_chances`) in `win_chance`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from cubiri.mishimash.scoring import (
    DICE,
    best_halves,
    check_dice,
    is_bust,
    mishimash_bonus_halves,
    selection_halves,
    to_points,
)
from cubiri.mishimash.strategy import bust_chance, chance_to_reach, turn_value


def win_chances(state: Any) -> dict[str, float] | None:
    """The chance to win at a final-round or sudden-death decision (`win_chance.win_chances`),
    imported when first asked for: its tables are not part of any start-up."""
    from cubiri.mishimash.win_chance import win_chances as exact

    return exact(state)


def selection_points(roll: Sequence[int], selection: Sequence[int]) -> int | float | None:
    """The points of taking exactly `selection` from `roll`, before the multiplier, or None
    where that selection is not legal (X2–X7).

    >>> selection_points([1, 5, 5, 2, 3, 3], [1, 5])
    1.5
    >>> selection_points([2, 2, 2, 6, 1, 4], [2, 2])  # X6: a three of a kind is taken whole
    """
    halves = selection_halves(check_dice(roll), check_dice(selection, "selection"))
    return None if halves is None else to_points(halves)


def best_points(roll: Sequence[int]) -> int | float:
    """The most one legal selection of the roll is worth; 0 for a bust (X11).

    >>> best_points([1, 2, 3, 4, 5, 6])  # X5: a straight
    15
    >>> best_points([2, 3, 4, 6])
    0
    """
    return to_points(best_halves(check_dice(roll)))


def turn_points(steps: Sequence[tuple[Sequence[int], Sequence[int]]]) -> int | float:
    """The turn's unbanked points after these (roll, selection) steps (X8–X12).

    >>> turn_points([([1, 2, 3, 4, 6, 6], [1]), ([5, 2, 3, 4, 6], [5])])  # 1 × 1 + 0.5 × 2
    2
    >>> turn_points([([1, 2, 3, 4, 5, 6], [1, 2, 3, 4, 5, 6])])  # X12: a MISHIMASH, +10
    25
    """
    halves, dice_left, mishimashes = 0, DICE, 0
    for number, (roll, selection) in enumerate(steps, start=1):
        rolled, chosen = check_dice(roll), check_dice(selection, "selection")
        if len(rolled) != dice_left:
            raise ValueError(f"roll {number} should have {dice_left} dice, not {len(rolled)}")
        if is_bust(rolled):
            if chosen or number != len(steps):
                raise ValueError(f"roll {number} busts: nothing to select, and the turn ends")
            return 0  # X11: every unbanked point, bonuses included, is lost
        points = selection_halves(rolled, chosen)
        if points is None:
            raise ValueError(f"roll {number}: {chosen} is not a legal selection of {rolled}")
        halves += points * number  # X9: roll k multiplies its own points by k
        dice_left = len(rolled) - len(chosen)
        if dice_left == 0:
            mishimashes += 1  # X12: the bonus is never multiplied
            halves += mishimash_bonus_halves(mishimashes)
            dice_left = DICE
    return to_points(halves)


__all__ = [
    "best_points",
    "bust_chance",
    "chance_to_reach",
    "selection_points",
    "turn_points",
    "turn_value",
    "win_chances",
]
