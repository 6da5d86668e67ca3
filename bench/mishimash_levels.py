"""Whole 2-player MISHIMASH games between the computer levels, played by the engine (the real
rules, X1–X17, the seed's dice), with the seats alternated game by game; prints win rates.

    python3 bench/mishimash_levels.py                      # every pair, 1,000 games to 1000
    python3 bench/mishimash_levels.py --pair strongest "best odds" --games 20000 --target 250
    python3 bench/mishimash_levels.py --sudden-death 3000   # strongest as its first mover
    python3 bench/mishimash_levels.py --sudden-death-of-three 20000  # each seat, vs the solve
    python3 bench/mishimash_levels.py --solo-turns 2000      # "about N turns": played vs table
"""

from __future__ import annotations

import argparse
import itertools
import math
import statistics
import sys
import time
from dataclasses import replace
from pathlib import Path

sys.path[:0] = [str(Path(__file__).resolve().parents[1] / "py")]

from cubiri.mishimash import game, turns, win_chance  # noqa: E402
from cubiri.mishimash.computer import LEVEL_NAMES, next_move  # noqa: E402
from cubiri.mishimash.win_chance import last_mover as ensure_win_tables  # noqa: E402


def winner(levels: tuple[str, str], target: int, seed: int) -> int:
    """The seat that wins one game between `levels` (seat 0 plays first)."""
    state = game.new_game(["A", "B"], target, seed)
    while not state.over:
        state = game.play(state, next_move(levels[state.current], state))
    assert state.winner is not None
    return state.winner


def interval(wins: int, games: int) -> tuple[float, float, float]:
    """The rate and its 95 % Wilson interval (sound at 0 % and 100 % too)."""
    z, rate = 1.96, wins / games
    centre = (rate + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(rate * (1 - rate) / games + z * z / (4 * games * games))
    half /= 1 + z * z / games
    return rate, centre - half, centre + half


def match(first: str, second: str, games: int, target: int, seed: int) -> str:
    wins = 0
    start = time.perf_counter()
    for number in range(games):
        # Seats alternate, and each pair of games shares a seed: the same dice, either order.
        swapped = number % 2 == 1
        levels = (second, first) if swapped else (first, second)
        won = winner(levels, target, seed * 1_000_003 + number // 2)
        wins += won == (1 if swapped else 0)
    elapsed = time.perf_counter() - start
    rate, low, high = interval(wins, games)
    return (
        f"{first} vs {second}, target {target}: {first} wins {wins}/{games} = {100 * rate:.1f} %"
        f" (95 % interval {100 * low:.1f}–{100 * high:.1f} %),"
        f" {1000 * elapsed / games:.0f} ms a game"
    )


def sudden_death(levels: tuple[str, ...], seed: int) -> int:
    """The winner of a sudden death (X17) from its start, seat 0 moving first: everyone level
    on 30 of a target of 30 (the totals only need to be equal)."""
    seats = tuple(range(len(levels)))
    start = game.new_game([f"P{seat}" for seat in seats], 30, seed)
    state = replace(
        start,
        totals=(60,) * len(seats),
        round=game.Round.SUDDEN_DEATH,
        contenders=seats,
        still_to_play=seats,
    )
    while not state.over:
        state = game.play(state, next_move(levels[state.current], state))
    assert state.winner is not None
    return state.winner


def sudden_deaths(level: str, rounds: int, seed: int) -> str:
    wins = sum(sudden_death((level, level), seed * 1_000_003 + n) == 0 for n in range(rounds))
    rate, low, high = interval(wins, rounds)
    return (
        f"{level} as the first mover of a sudden death against {level}: wins {wins}/{rounds}"
        f" = {100 * rate:.1f} % (95 % interval {100 * low:.1f}–{100 * high:.1f} %;"
        " best play: 36.6 %)"
    )


def sudden_deaths_of_three(level: str, rounds: int, seed: int) -> str:
    """Each seat's share of sudden deaths of three played by `level` in every seat, against
    the solved shares (cubiri.mishimash.three_way): the engine's rules and dice, an
    independent check of the solve."""
    win_chance.KEPT = 1000  # B's table for each total A banks, built once
    started = time.perf_counter()
    won = [0, 0, 0]
    for n in range(rounds):
        won[sudden_death((level,) * 3, seed * 1_000_003 + n)] += 1
    lines = [f"{level} in a sudden death of three, {rounds} rounds:"]
    for seat, name in enumerate("ABC"):
        rate, low, high = interval(won[seat], rounds)
        lines.append(
            f"  {name} wins {100 * rate:.1f} % (95 % interval {100 * low:.1f}–{100 * high:.1f}"
            f" %); solved {100 * win_chance.THREE_WAY[seat]:.1f} %"
        )
    lines.append(f"  {time.perf_counter() - started:.0f} s")
    return "\n".join(lines)


def solo_turns(target: int, games: int, seed: int) -> str:
    """Solo games of "best odds" to `target` against the setup's expectation (X14, X15)."""
    played = []
    for number in range(games):
        state = game.new_game(["A"], target, seed * 1_000_003 + number)
        while not state.over:
            state = game.play(state, next_move("best odds", state))
        played.append(state.turns[0])
    mean = statistics.fmean(played)
    error = statistics.stdev(played) / math.sqrt(games)
    return (
        f"solo to {target} at best play: {mean:.2f} ± {1.96 * error:.2f} turns over {games}"
        f" games; the setup's expectation {turns.expected_turns(target):.2f}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--pair", nargs=2, choices=LEVEL_NAMES, help="one pair (default: all)")
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--target", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--sudden-death", type=int, metavar="ROUNDS", help="only sudden deaths")
    parser.add_argument("--sudden-death-of-three", type=int, metavar="ROUNDS")
    parser.add_argument("--solo-turns", type=int, metavar="GAMES", help="only solo games")
    args = parser.parse_args()
    if args.solo_turns:
        for target, games in ((100, args.solo_turns), (1000, args.solo_turns // 8)):
            print(solo_turns(target, games, args.seed), flush=True)
        return
    ensure_win_tables()
    if args.sudden_death:
        print(sudden_deaths("strongest", args.sudden_death, args.seed), flush=True)
        return
    if args.sudden_death_of_three:
        print(sudden_deaths_of_three("strongest", args.sudden_death_of_three, args.seed))
        return
    # Each level against every stronger one, strongest first in each line.
    pairs = [tuple(args.pair)] if args.pair else list(itertools.combinations(LEVEL_NAMES[::-1], 2))
    for first, second in pairs:
        print(match(first, second, args.games, args.target, args.seed), flush=True)


if __name__ == "__main__":
    main()
