"""The MAGDAGDON computer player: what to stage where, when a Majda Power pays, where a RUIN goes.

Every decision compares boards by `Evaluator.value`, an estimate of the final score the board
can still become (M20–M24), not its score now (evaluation.py). What a line still able to earn a
bonus ends with is measured on the bot's own games (`MeasuredLines` in lines.py, lines.json, made
by tools/measure_magdagdon_lines.py). The value is a weighed sum of such features (`FEATURES`),
with weights fitted to the bot's own games (weights.py, weights.json: bench/magdagdon_bot.py
--tune, tools/fit_magdagdon_bot.py). search.py stages the dice and places the RUIN, powers.py
prices the Majda Powers, player.py plays through the engine, cli.py is the command line. Where a
die may go (M8–M11), the dice a turn must place (M6) and the chances of a throw are the rules'
own (`cubiri.magdagdon.board`, `Difficulty.required`, `cubiri.kernel.outcomes`). The functions
are pure and deterministic; chance enters only through the dice handed to them, so the engine
can wrap them with its own dice.

Command line (with `py/` on `sys.path`):
    python3 -m cubiri.magdagdon.bot --difficulty peaceful --games 200 --seed 0
prints `seed score` per game and last `mean M`.
"""

from collections.abc import Sequence

from cubiri.magdagdon.bot.evaluation import VALUE_MEMO, Evaluator, added, evaluator
from cubiri.magdagdon.bot.lines import (
    ALL_VALUES,
    INNER,
    LINES,
    NEAR,
    NEIGHBOURS,
    PATTERNS,
    SPREAD,
    MeasuredLines,
    canonical,
    line_key,
    open_cells,
)
from cubiri.magdagdon.bot.player import GameRecord, next_action, play_game, turn_actions
from cubiri.magdagdon.bot.powers import OUTCOMES, REROLL_ALL_SETS_AT, Power, choose_power
from cubiri.magdagdon.bot.search import (
    BEAM,
    FIRST_CELLS,
    POWER_BEAM,
    RECHECK,
    ROLLS,
    SURE_PREMIUM,
    Option,
    Placement,
    Staging,
    choose_ruin,
    choose_staging,
    options,
    required_minimum,
)
from cubiri.magdagdon.bot.weights import FEATURES, WEIGHTS, Weights, fitted, hand_linear


def main(argv: Sequence[str] | None = None) -> int:
    """The command line (cli.py, imported only here: the page never runs it, so argparse stays
    out of its standard library)."""
    from cubiri.magdagdon.bot.cli import main as command_line

    return command_line(argv)


__all__ = [
    "ALL_VALUES",
    "BEAM",
    "FEATURES",
    "FIRST_CELLS",
    "INNER",
    "LINES",
    "NEAR",
    "NEIGHBOURS",
    "OUTCOMES",
    "PATTERNS",
    "POWER_BEAM",
    "RECHECK",
    "REROLL_ALL_SETS_AT",
    "ROLLS",
    "SPREAD",
    "SURE_PREMIUM",
    "VALUE_MEMO",
    "WEIGHTS",
    "Evaluator",
    "GameRecord",
    "MeasuredLines",
    "Option",
    "Placement",
    "Power",
    "Staging",
    "Weights",
    "added",
    "canonical",
    "choose_power",
    "choose_ruin",
    "choose_staging",
    "evaluator",
    "fitted",
    "hand_linear",
    "line_key",
    "main",
    "next_action",
    "open_cells",
    "options",
    "play_game",
    "required_minimum",
    "turn_actions",
]
