"""Plays whole 2-player MISHIMASH games between computer levels and prints win rates.

    python3 bench/mishimash_levels.py --pair "best odds" cautious --games 1000 --target 1000

Its own small simulation of the rules on top of scoring (not game.py): X8–X12 within a turn,
X14 target checked only after a BANK, X16 final round (every other player once more, in order
from the next one), X17 sudden death among the tied leaders. Seats alternate game by game.
"""

from __future__ import annotations

import argparse
import math
import random
import sys
import time
from pathlib import Path

sys.path[:0] = [str(Path(__file__).resolve().parents[1] / "py")]

from cubiri.mishimash.players import LEVELS, Decision, Level  # noqa: E402
from cubiri.mishimash.scoring import (  # noqa: E402
    DICE,
    is_bust,
    legal_value_selections,
    mishimash_bonus_halves,
    selection_halves,
    to_points,
)


def play_turn(
    level: Level,
    me: int,
    totals: list[float],
    target: float,
    final_round: bool,
    rng: random.Random,
) -> float:
    """One turn; returns the points banked (0 after a bust)."""
    others = tuple(t for i, t in enumerate(totals) if i != me)
    to_beat = max(others, default=0.0)
    halves, dice, roll_index, count = 0, DICE, 1, 0
    while True:
        roll = tuple(sorted(rng.randint(1, 6) for _ in range(dice)))
        if is_bust(roll):
            return 0  # X11
        base = Decision(
            totals[me],
            others,
            target,
            final_round,
            to_beat,
            roll,
            to_points(halves),
            dice,
            roll_index,
            count,
        )
        selection = level.select(base)
        assert selection in legal_value_selections(roll), (level.name, roll, selection)
        gained = selection_halves(roll, selection)
        assert gained is not None
        halves += gained * roll_index  # X9
        dice -= len(selection)
        if dice == 0:  # X12
            count += 1
            halves += mishimash_bonus_halves(count)
            dice = DICE
        roll_index += 1
        after = Decision(
            totals[me],
            others,
            target,
            final_round,
            to_beat,
            (),
            to_points(halves),
            dice,
            roll_index,
            count,
        )
        if level.bank(after):
            return to_points(halves)  # X10


def play_game(seats: list[Level], target: float, rng: random.Random) -> int:
    """The winning seat."""
    totals = [0.0] * len(seats)
    player = 0
    while True:  # the race
        totals[player] += play_turn(seats[player], player, totals, target, False, rng)
        if totals[player] >= target:  # X14: checked after a BANK only
            break
        player = (player + 1) % len(seats)
    # X16: each other player, in order from the next one, plays exactly one more turn
    for step in range(1, len(seats)):
        other = (player + step) % len(seats)
        totals[other] += play_turn(seats[other], other, totals, target, True, rng)
    while True:  # X17: sudden death among the tied leaders until one is ahead after a round
        best = max(totals)
        tied = [i for i, t in enumerate(totals) if t == best]
        if len(tied) == 1:
            return tied[0]
        for i in tied:
            # only the tied leaders play; the others are out of it
            view = [totals[j] if j in tied else 0.0 for j in range(len(totals))]
            totals[i] += play_turn(seats[i], i, view, target, True, rng)


def interval(wins: int, games: int) -> tuple[float, float, float]:
    """The rate and its 95 % Wilson interval (sound at 0 % and 100 % too)."""
    z, rate = 1.96, wins / games
    centre = (rate + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(rate * (1 - rate) / games + z * z / (4 * games * games))
    half /= 1 + z * z / games
    return rate, centre - half, centre + half


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--pair", nargs=2, default=["best odds", "cautious"], choices=LEVELS)
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--target", type=float, default=1000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    first, second = (LEVELS[name] for name in args.pair)
    wins = 0
    start = time.perf_counter()
    for game in range(args.games):
        rng = random.Random(args.seed * 1_000_003 + game)
        seats = [first, second] if game % 2 == 0 else [second, first]
        winner = play_game(seats, args.target, rng)
        wins += (winner == 0) == (game % 2 == 0)
    elapsed = time.perf_counter() - start
    rate, low, high = interval(wins, args.games)
    print(
        f"{first.name} vs {second.name}, target {args.target:g}: {first.name} wins "
        f"{wins}/{args.games} = {100 * rate:.1f} % (95 % interval {100 * low:.1f}–{100 * high:.1f}"
        f" %), {1000 * elapsed / args.games:.1f} ms a game"
    )


if __name__ == "__main__":
    main()
