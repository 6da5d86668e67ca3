"""Measures what lines end with in the MAGDAGDON computer player's own games: bot/lines.json.

    python3 tools/measure_magdagdon_lines.py [DIFFICULTY ...] [--games 2000] [--rounds 3]

For every board a turn left behind, each line still able to earn a bonus (M21, no RUIN now or
to come, M22) is recorded by its state (its four cells' codes, `Evaluator.codes`) with the bonus
that line had when the game ended. `MeasuredLines` turns the counts into the bot's judgement of
lines. Round 0 plays with the hand-made guess alone, each later round with the lines measured by
the rounds before it (a player that judges lines better reaches other states), and the file
holds all rounds. Seeds are far from the reported ones (0…): round r plays seeds 100000 +
10000·r onwards. Deterministic: the same arguments and the same `WEIGHTS` write the same file.
About 2 minutes a round on two cores for PEACEFUL.

The shipped file was measured with the weights of commit 20c8bf0 (fitted to the measure before
it); the weights in bot/weights.json were then fitted to this file (tools/fit_magdagdon_bot.py). Run
again now, it measures the same way with the weights fitted since, so its counts differ a
little: measure, then fit again.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import statistics
import sys
from collections import Counter
from dataclasses import replace
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT / "py")]

from cubiri.magdagdon import game  # noqa: E402
from cubiri.magdagdon.bot import (  # noqa: E402
    LINES,
    WEIGHTS,
    MeasuredLines,
    canonical,
    evaluator,
    line_key,
    next_action,
)
from cubiri.magdagdon.scoring import breakdown  # noqa: E402

FIRST_SEED = 100_000
ROUND_STRIDE = 10_000
Counts = dict[int, tuple[int, int]]


def play(job: tuple[str, Counts, int, int]) -> tuple[Counts, list[int]]:
    """The line states met in games `first`… with the lines measured so far, counted, and the
    games' final scores."""
    difficulty, measured, first, games = job
    weights = replace(WEIGHTS[difficulty], measured=MeasuredLines(difficulty, measured))
    judge = evaluator(difficulty, weights)
    seen: Counter[int] = Counter()
    bonuses: Counter[int] = Counter()
    scores = []
    for seed in range(first, first + games):
        state = game.new_game(difficulty, seed)
        states: list[tuple[int, int]] = []  # (line, key)
        while not state.over:
            turns = state.turns
            state = game.play(state, next_action(state, weights=weights))
            if state.turns != turns and not state.over:
                codes = judge.codes(state.board)
                for line in range(len(LINES)):
                    key = line_key(codes, line)
                    if key is not None:
                        states.append((line, canonical(key)))
        final = breakdown(state.board, difficulty, state.powers_used).lines
        scores.append(state.score().final)
        for line, key in states:
            bonus = final[line].bonus
            seen[key] += 1
            bonuses[key] += bonus.value if bonus else 0
    return {key: (seen[key], bonuses[key]) for key in seen}, scores


def measure(difficulty: str, games: int, rounds: int, workers: int) -> Counts:
    counts: Counts = {}
    for round_number in range(rounds):
        first = FIRST_SEED + ROUND_STRIDE * round_number
        share = -(-games // workers)
        jobs = [
            (difficulty, dict(counts), start, min(share, first + games - start))
            for start in range(first, first + games, share)
        ]
        with multiprocessing.Pool(workers) as pool:
            found = pool.map(play, jobs)
        scores = [score for _, part in found for score in part]
        for part, _ in found:
            for key, (seen, total) in part.items():
                before = counts.get(key, (0, 0))
                counts[key] = (before[0] + seen, before[1] + total)
        # The mean of a round's games judges the lines of the rounds before it, on new dice.
        print(
            f"{difficulty} round {round_number}: mean {statistics.fmean(scores):.2f}, "
            f"{len(counts)} line states",
            flush=True,
        )
    return counts


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("difficulties", nargs="*", default=list(WEIGHTS))
    parser.add_argument("--games", type=int, default=2000, help="games a round")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()
    path = MeasuredLines.PATH
    data = json.loads(path.read_text(encoding="utf-8")) if path.exists() else {}
    data["about"] = (
        "MAGDAGDON computer player: per difficulty, [line state, lines seen, their bonuses "
        "summed] (MeasuredLines in bot/lines.py), made by tools/measure_magdagdon_lines.py"
    )
    for difficulty in args.difficulties:
        counts = measure(difficulty, args.games, args.rounds, args.workers)
        data[difficulty] = sorted([key, seen, total] for key, (seen, total) in counts.items())
    path.write_text(json.dumps(data, separators=(",", ":")) + "\n", encoding="utf-8")
    print(f"wrote {path}")


if __name__ == "__main__":
    main()
