"""The MAGDAGDON computer player: mean scores, decision times, and fitting its weights.

    python3 bench/magdagdon_bot.py [--games 200] [--seed 0] [--cpu] [DIFFICULTY ...]
        mean score and per-turn median / worst decision time (CPython) for each difficulty;
        --cpu times by CPU time, which a busy machine does not inflate.
    python3 bench/magdagdon_bot.py --tune DIFFICULTY [--games 100] [--rounds 2]
        coordinate search over the evaluation's weights by self-play on seeds apart from the
        ones the means are reported on (so the report is not fitted to its own dice).
        It prints the knobs it found as fields of py/cubiri/magdagdon/bot/weights.json.
    The weights of the board's features are fitted by tools/fit_magdagdon_bot.py.

Targets (issue): mean ≥ 380 PEACEFUL, ≥ 300 SURVIVAL, ≥ 195 NIGHTMARE over 200 seeded games,
a turn decided in ≤ 300 ms in Pyodide (≈ 40–50 ms worst case here).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from dataclasses import replace
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT / "py"), str(ROOT)]

from cubiri.magdagdon.bot import WEIGHTS, Weights, play_game  # noqa: E402
from cubiri.magdagdon.bot import weights as bot_weights  # noqa: E402

TUNE_SEEDS = 100_000  # self-play for fitting starts here, far from the reported seeds


def measure(
    difficulty: str, games: int, seed: int, weights: Weights | None = None, cpu: bool = False
) -> float:
    scores: list[int] = []
    times: list[float] = []
    clock = time.process_time if cpu else time.perf_counter
    for game in range(seed, seed + games):
        record = play_game(game, difficulty, weights=weights, clock=clock)
        scores.append(record.score)
        times += record.turn_ms
    mean = statistics.fmean(scores)
    print(
        f"{difficulty:9} games {games:4}  mean {mean:7.2f}  turns {len(times):5}"
        f"  median {statistics.median(times):6.2f} ms  worst {max(times):6.2f} ms"
        f" ({'CPU' if cpu else 'wall'} time a turn)",
        flush=True,
    )
    return mean


def mean_score(difficulty: str, games: int, weights: Weights) -> float:
    return statistics.fmean(
        play_game(game, difficulty, weights=weights).score
        for game in range(TUNE_SEEDS, TUNE_SEEDS + games)
    )


def _knobs(weights: Weights) -> list[tuple[str, int]]:
    """Every number of the weights that the search may change: (field, index in a tuple or -1)."""
    found = []
    for name in KNOBS:
        current = getattr(weights, name)
        if isinstance(current, tuple):
            found += [
                (name, i) for i, n in enumerate(current) if n and i not in FIXED.get(name, ())
            ]
        else:
            found.append((name, -1))
    return found


def _scaled(weights: Weights, knob: tuple[str, int], factor: float) -> Weights:
    name, index = knob
    current = getattr(weights, name)
    changes: dict[str, Any] = {
        name: current * factor
        if index < 0
        else (*current[:index], current[index] * factor, *current[index + 1 :])
    }
    return replace(weights, **changes)


KNOBS = ("lean", "risk", "late", "fill", "stuck", "bonus_scale", "keep", "wasted")
FIXED = {"risk": (0,)}  # risk[0] is a cell no value fits: a RUIN for sure


def tune(difficulty: str, games: int, rounds: int) -> Weights:
    """Coordinate search: each number in turn scaled by 0.8 or 1.25 while that pays, on the
    current best (a change is kept only when it raises the mean by more than a point)."""
    best = WEIGHTS[difficulty]
    knobs = _knobs(best)
    if difficulty == "nightmare":
        knobs = [knob for knob in knobs if knob[0] != "keep"]  # no powers (M5): nothing to fit
    best_mean = mean_score(difficulty, games, best)
    print(f"start {best_mean:.2f} {best}", flush=True)
    for _ in range(rounds):
        improved = False
        for knob in knobs:
            for factor in (0.8, 1.25):
                candidate = _scaled(best, knob, factor)
                mean = mean_score(difficulty, games, candidate)
                if mean > best_mean + 1.0:
                    best, best_mean, improved = candidate, mean, True
                    print(f"  {mean:.2f} {knob} ×{factor}  {candidate}", flush=True)
                    break
        if not improved:
            break
    print(f"best {best_mean:.2f}; for {difficulty} in py/cubiri/magdagdon/bot/weights.json:")
    print(bot_weights.dumps({name: getattr(best, name) for name in KNOBS}), end="")
    return best


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("difficulties", nargs="*", default=["peaceful", "survival", "nightmare"])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument(
        "--cpu",
        action="store_true",
        help="time turns by this process's CPU time: on a busy machine, what a quiet one takes",
    )
    parser.add_argument("--tune", metavar="DIFFICULTY")
    parser.add_argument("--rounds", type=int, default=2)
    args = parser.parse_args()
    if args.tune:
        tune(args.tune, args.games, args.rounds)
        return
    for difficulty in args.difficulties:
        measure(difficulty, args.games, args.seed, cpu=args.cpu)


if __name__ == "__main__":
    main()
