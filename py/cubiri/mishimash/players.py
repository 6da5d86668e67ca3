"""MISHIMASH computer players as pure policies on plain values (no game State).

Each level answers two questions about a `Decision`: which selection to take from the roll on
the table (a sorted tuple of die values, X7), and whether to BANK or ROLL AGAIN (X10). The
answers depend only on the position, so a level always plays the same way in the same spot.

"best odds" and "strongest" read the exact values from odds.py's tables (about a millisecond a
decision). In the final round, where more than two contenders count, "strongest" plays by the
chance to reach, shipped in reach_table.bin (odds.reach_ready). Only where that file is missing
or damaged does it wait for the table the page builds in slices (or build it at once in CPython,
about 35 s).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from cubiri.mishimash import odds
from cubiri.mishimash.game import bank_falls_short
from cubiri.mishimash.scoring import DICE, legal_value_selections, selection_halves
from cubiri.mishimash.strategy import BANK, ROLL_AGAIN


@dataclass(frozen=True)
class Decision:
    """What a player sees when deciding. `roll` is the roll on the table (for a selection) and
    `points`, `dice_left`, `roll_index`, `mishimash_count` describe the turn so far: for a
    selection, the points before this roll and the index of this roll; for BANK/ROLL AGAIN, the
    decision point of ENGINE_API.md (the next throw would be roll `roll_index`)."""

    banked: float  # my total
    others: tuple[float, ...]  # the other players' totals
    target: float
    final_round: bool  # someone reached the target (X16) or this is sudden death (X17)
    need: float | None  # final round: the points to bank this turn (`game.points_to_pass`)
    roll: tuple[int, ...]
    points: float
    dice_left: int
    roll_index: int
    mishimash_count: int


def _most_points(d: Decision) -> tuple[int, ...]:
    """The selection worth most now; among equals the one using fewer dice."""

    def key(selection: tuple[int, ...]) -> tuple[int, int]:
        return (selection_halves(d.roll, selection) or 0, -len(selection))

    return max(legal_value_selections(d.roll), key=key)


# The simple levels bank by their thresholds, except where BANK is a certain loss and ROLL AGAIN
# is not: an audit saw "bold" bank 44 points when it needed 180 to pass (the target was reached,
# so its rule said bank).
def _cautious_bank(d: Decision) -> bool:
    if bank_falls_short(d.need, d.points):
        return False
    return d.points >= 20 or d.dice_left <= 2 or d.banked + d.points >= d.target


def _bold_bank(d: Decision) -> bool:
    if bank_falls_short(d.need, d.points):
        return False
    if d.dice_left == DICE:
        return d.points >= 60
    return d.points >= 35 or d.dice_left <= 1 or d.banked + d.points >= d.target


def _best_odds_select(d: Decision) -> tuple[int, ...]:
    return odds.selections(d.roll, d.points, d.roll_index, d.mishimash_count)[0].values


def _best_odds_bank(d: Decision) -> bool:
    if d.banked + d.points >= d.target and not d.final_round:
        return True  # the target is reached: banking ends the race for the others (X14, X16)
    choice = odds.choice(d.points, d.dice_left, d.roll_index, d.mishimash_count)
    return choice.action == BANK


def _strongest_select(d: Decision) -> tuple[int, ...]:
    need = d.need
    if need is None:
        return _best_odds_select(d)
    options = odds.selections_to_reach(need, d.roll, d.points, d.roll_index, d.mishimash_count)
    return options[0].values


def _strongest_bank(d: Decision) -> bool:
    need = d.need
    if need is None:
        # In the race: best odds, banking as soon as the target is reached (X14). Kept simple:
        # the edge of this level is the final round, where only passing the leader counts.
        return _best_odds_bank(d)
    choice = odds.choice_to_reach(need, d.points, d.dice_left, d.roll_index, d.mishimash_count)
    return choice.action == BANK


@dataclass(frozen=True)
class Level:
    name: str
    select: Callable[[Decision], tuple[int, ...]]
    bank: Callable[[Decision], bool]  # True: BANK, False: ROLL AGAIN

    def choice(self, d: Decision) -> str:
        return BANK if self.bank(d) else ROLL_AGAIN


LEVELS: dict[str, Level] = {
    "cautious": Level("cautious", _most_points, _cautious_bank),
    "bold": Level("bold", _most_points, _bold_bank),
    "best odds": Level("best odds", _best_odds_select, _best_odds_bank),
    "strongest": Level("strongest", _strongest_select, _strongest_bank),
}

__all__ = ["LEVELS", "Decision", "Level"]
