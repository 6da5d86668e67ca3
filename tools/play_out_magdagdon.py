"""Is taking a line's bonus now right? Plays both choices out to the end of the game.

    python3 tools/play_out_magdagdon.py DIFFICULTY BOARD DICE LINE [--games 150] [--top 3]

BOARD in the notation of `parse_board` ("555./4.../..../...."), DICE as digits ("5411"), LINE
the index in `bot.LINES` (rows 0–3, columns 4–7). Of the stagings of DICE on BOARD, the `--top`
best-judged that complete a bonus on LINE and the `--top` best-judged that leave it without one
are each played out `--games` times by the computer player, on the same dice for every staging
(seeds 700000…), from the turn after. It prints the computer player's own choice and the best
mean of each kind. The hand-made positions of tests/test_magdagdon_bot.py that "take an obvious
bonus" are ones where completing wins clearly here; a bonus that the rest of the game usually
brings anyway is no obvious one. Seconds to minutes on one core.
"""

from __future__ import annotations

import argparse
import statistics
import sys
from dataclasses import replace
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT / "py")]

from cubiri.magdagdon import game  # noqa: E402
from cubiri.magdagdon.board import Board, format_board, parse_board  # noqa: E402
from cubiri.magdagdon.bot import (  # noqa: E402
    LINES,
    choose_staging,
    evaluator,
    next_action,
    options,
    required_minimum,
)
from cubiri.magdagdon.difficulty import difficulty as rules_of  # noqa: E402
from cubiri.magdagdon.scoring import line_bonus  # noqa: E402

SEEDS = 700_000  # apart from the reported (0…), measured (100000…) and checked (200000…) seeds


def played_out(difficulty: str, board: Board, games: int) -> float:
    """The mean final score of games that go on from `board` at the second turn."""
    scores = []
    for seed in range(SEEDS, SEEDS + games):
        state = replace(game.new_game(difficulty, seed), board=board, turns=1)
        while not state.over:
            state = game.play(state, next_action(state))
        scores.append(state.score().final)
    return statistics.fmean(scores)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("difficulty")
    parser.add_argument("board")
    parser.add_argument("dice")
    parser.add_argument("line", type=int)
    parser.add_argument("--games", type=int, default=150)
    parser.add_argument("--top", type=int, default=3)
    args = parser.parse_args()
    board = parse_board(args.board)
    dice = [int(value) for value in args.dice]
    cells = LINES[args.line]

    def bonus(after: Board) -> bool:
        return line_bonus(tuple(after[cell] for cell in cells)) is not None

    judge = evaluator(args.difficulty)
    minimum = required_minimum(board, rules_of(args.difficulty))
    found = sorted(options(board, dice, minimum, judge), key=lambda option: -option[0])
    chosen = list(board)
    for die, cell in choose_staging(board, dice, args.difficulty, 0):
        chosen[cell] = dice[die]
    print(f"the computer player {'completes' if bonus(tuple(chosen)) else 'leaves'} it")
    for completes in (True, False):
        tried = [after for _, after, _ in found if bonus(after) == completes][: args.top]
        results = [(played_out(args.difficulty, after, args.games), after) for after in tried]
        kind = "completing" if completes else "leaving"
        if not results:
            print(f"best {kind}: none")
            continue
        mean, after = max(results)
        print(f"best {kind}: {mean:.1f} ({format_board(after)})")


if __name__ == "__main__":
    main()
