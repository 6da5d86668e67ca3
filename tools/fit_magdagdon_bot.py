"""Fits the MAGDAGDON computer player's board judgement to its own games (self-play).

    python3 tools/fit_magdagdon_bot.py DIFFICULTY [--games 200] [--rounds 3] [--ridge 0.02]

Each round plays `--games` games with the current weights on seeds far from the reported ones
(bench/magdagdon_bot.py reports seeds 0…), records every board a turn left behind with the
score the game finally reached (before power penalties), and fits the weights of
`bot.FEATURES` to it by least squares, pulled towards the current weights (ridge). The fit is
kept only if its own games score better on a second set of seeds. It prints the weights as the
`"linear"` of that difficulty in py/cubiri/magdagdon/bot/weights.json (`WEIGHTS`), and `--write`
puts them there (say how in its "notes"). Minutes, not hours, on one core.
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import sys
from dataclasses import replace
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT / "py")]

from cubiri.magdagdon import game  # noqa: E402
from cubiri.magdagdon.bot import FEATURES, WEIGHTS, Weights, evaluator, next_action  # noqa: E402
from cubiri.magdagdon.bot import weights as bot_weights  # noqa: E402
from cubiri.magdagdon.scoring import breakdown  # noqa: E402

FIT_SEEDS = 100_000  # self-play to fit on
CHECK_SEEDS = 200_000  # self-play to check a fit on


def self_play(
    difficulty: str, weights: Weights, seeds: range, lam: float = 1.0
) -> tuple[list[list[float]], list[float], float]:
    """The features of each board a turn ended on, what it led to (the λ-return: with λ = 1 the
    score its game finally reached, less the power penalties paid after the board; with λ < 1
    partly the value the current weights give the next board, far less noisy), and the games'
    mean final score."""
    judge = evaluator(difficulty, weights)
    rows: list[list[float]] = []
    targets: list[float] = []
    finals: list[int] = []
    for seed in seeds:
        state = game.new_game(difficulty, seed)
        boards = []
        while not state.over:
            turns = state.turns
            state = game.play(state, next_action(state, weights=weights))
            if state.turns != turns and not state.over:
                boards.append((state.board, state.powers_used))
        score = breakdown(state.board, difficulty, state.powers_used)
        finals.append(score.final)
        # What a board led to counts the power penalties paid after it (M15, M24): spent
        # before, they are the same whatever comes next.
        paid = state.rules.penalty
        target = float(score.final)
        found = []
        for board, powers_used in reversed(boards):
            found.append((judge.features(board), target + paid(powers_used)))
            target = (1 - lam) * (judge.value(board) - paid(powers_used)) + lam * target
        for row, value in reversed(found):
            rows.append(row)
            targets.append(value)
    return rows, targets, statistics.fmean(finals)


def ridge_fit(
    rows: list[list[float]],
    targets: list[float],
    prior: tuple[float, ...],
    ridge: float,
    fixed: frozenset[int] = frozenset(),
) -> tuple[float, ...]:
    """Least squares pulled towards `prior`: each weight's pull scales with its feature's size;
    the weights of `fixed` features are held (all but) where they are."""
    size = len(prior)
    matrix = [[0.0] * size for _ in range(size)]
    vector = [0.0] * size
    for row, target in zip(rows, targets, strict=True):
        for i in range(size):
            if row[i]:
                vector[i] += row[i] * target
                for j in range(size):
                    matrix[i][j] += row[i] * row[j]
    for i in range(size):
        pull = (1e6 if i in fixed else ridge) * matrix[i][i] + 1e-3
        matrix[i][i] += pull
        vector[i] += pull * prior[i]
    return tuple(_solve(matrix, vector))


def _solve(matrix: list[list[float]], vector: list[float]) -> list[float]:
    """Gaussian elimination with partial pivoting (the system is small)."""
    size = len(vector)
    rows = [[*matrix[i], vector[i]] for i in range(size)]
    for col in range(size):
        pivot = max(range(col, size), key=lambda r: abs(rows[r][col]))
        rows[col], rows[pivot] = rows[pivot], rows[col]
        for r in range(size):
            if r != col and rows[r][col]:
                factor = rows[r][col] / rows[col][col]
                rows[r] = [a - factor * b for a, b in zip(rows[r], rows[col], strict=True)]
    return [rows[i][size] / rows[i][i] for i in range(size)]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("difficulty")
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--step", type=float, default=1.0, help="how far towards each fit")
    parser.add_argument("--check-games", type=int, default=0, help="games to check on (--games)")
    parser.add_argument("--ridge", type=float, default=0.02)
    parser.add_argument(
        "--corrections-only",
        action="store_true",
        help="hold the hand-made parts' weights; fit only the counts that correct them",
    )
    parser.add_argument(
        "--without-powers",
        action="store_true",
        help="fit to games played without Majda Powers (the check still uses them)",
    )
    parser.add_argument("--lam", type=float, default=1.0, help="λ of the λ-return (1: final score)")
    parser.add_argument(
        "--write", action="store_true", help="store the fitted weights in bot/weights.json"
    )
    args = parser.parse_args()
    weights = WEIGHTS[args.difficulty]
    weights = replace(weights, linear=evaluator(args.difficulty, weights).linear)
    check = range(CHECK_SEEDS, CHECK_SEEDS + (args.check_games or args.games))
    hand = {"numbers", "ruins", "cells", "stuck", "conflicts", *(f"lines{n}" for n in range(5))}
    fixed = frozenset(i for i, name in enumerate(FEATURES) if name in hand)
    if not args.corrections_only:
        fixed = frozenset()
    best = self_play(args.difficulty, weights, check)[2]
    print(f"start: mean {best:.2f}", flush=True)
    for round_number in range(1, args.rounds + 1):
        seeds = range(
            FIT_SEEDS + round_number * args.games, FIT_SEEDS + (round_number + 1) * args.games
        )
        # Without powers the boards alone tell what a game will become: the judgement knows
        # nothing of the uses left, and powers are priced on top of it (choose_power).
        player = replace(weights, keep=math.inf) if args.without_powers else weights
        rows, targets, _ = self_play(args.difficulty, player, seeds, args.lam)
        fit = ridge_fit(rows, targets, weights.linear, args.ridge, fixed)
        # A part of the way only: the fit judges boards as the current player reaches them, and
        # a player moved all the way to it reaches other boards (the fits then swing).
        linear = tuple(a + args.step * (b - a) for a, b in zip(weights.linear, fit, strict=True))
        candidate = replace(weights, linear=linear)
        mean = self_play(args.difficulty, candidate, check)[2]
        kept = mean > best
        verdict = "kept" if kept else "dropped"
        print(f"round {round_number}: {len(rows)} boards, mean {mean:.2f} ({verdict})", flush=True)
        if kept:
            weights, best = candidate, mean
    print(f"best mean {best:.2f}")
    linear = {
        name: float(f"{value:.4g}") for name, value in zip(FEATURES, weights.linear, strict=True)
    }
    print(f'"linear": {bot_weights.dumps(linear)}', end="")
    if args.write:
        document = json.loads(bot_weights.PATH.read_text(encoding="utf-8"))
        document[args.difficulty]["linear"] = linear
        bot_weights.PATH.write_text(bot_weights.dumps(document), encoding="utf-8")
        print(f"wrote {args.difficulty}'s linear weights to {bot_weights.PATH}")


if __name__ == "__main__":
    main()
