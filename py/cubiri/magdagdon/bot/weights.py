"""The computer player's judgement of a board as numbers: the features it measures (`FEATURES`),
the knobs of its hand-made parts (`Weights`) and, per difficulty, the values fitted to its own
games (`WEIGHTS`), which are data: weights.json beside this module, with notes on how each was
fitted (bench/magdagdon_bot.py --tune, tools/fit_magdagdon_bot.py, the measured lines)."""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, fields
from pathlib import Path
from typing import Any

from cubiri.magdagdon.bot.lines import MeasuredLines
from cubiri.magdagdon.scoring import RUIN_PENALTY

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
    # that ends with ~27 on average: some bonus or other usually comes), so weights.json holds
    # both as measured from the bot's games.
    line_slope: tuple[float, ...] = (1.0,) * 5
    line_offset: tuple[float, ...] = (0.0,) * 5
    linear: tuple[float, ...] = ()  # the weight of each of FEATURES; () is `hand_linear`
    measured: MeasuredLines | None = None  # what lines ended with in the bot's games


PATH = Path(__file__).with_name("weights.json")
_TUPLES = {"risk", "fill", "bonus_scale", "line_slope", "line_offset"}


def weights_of(name: str, data: Mapping[str, Any]) -> Weights:
    """The weights of one difficulty from its entry in weights.json: every field of `Weights`
    but `measured` (the lines of that difficulty), `linear` by feature name, and `notes`."""
    known = {field.name for field in fields(Weights)} - {"measured"}
    unknown = set(data) - known - {"notes"}
    if unknown:
        raise ValueError(f"weights.json: {name} has unknown fields {sorted(unknown)}")
    values: dict[str, Any] = {
        key: tuple(value) if key in _TUPLES else value
        for key, value in data.items()
        if key not in ("notes", "linear")
    }
    linear = fitted(**data["linear"]) if "linear" in data else ()
    return Weights(**values, linear=linear, measured=MeasuredLines(name))


def load(path: Path = PATH) -> dict[str, Weights]:
    """Every difficulty's weights as weights.json gives them."""
    data = json.loads(path.read_text(encoding="utf-8"))
    return {name: weights_of(name, entry) for name, entry in data.items() if name != "about"}


def dumps(document: Mapping[str, Any]) -> str:
    """weights.json's text: one field a line, lists of numbers on one line (as fits print them)."""

    def render(value: Any, depth: int) -> str:
        indent = "  " * depth
        if isinstance(value, Mapping):
            items = [f"{indent}  {json.dumps(k)}: {render(v, depth + 1)}" for k, v in value.items()]
            return "{\n" + ",\n".join(items) + "\n" + indent + "}"
        if isinstance(value, list | tuple) and any(isinstance(item, str) for item in value):
            items = [f"{indent}  {json.dumps(item, ensure_ascii=False)}" for item in value]
            return "[\n" + ",\n".join(items) + "\n" + indent + "]"
        return json.dumps(value, ensure_ascii=False)

    return render(document, 0) + "\n"


WEIGHTS: dict[str, Weights] = load()
