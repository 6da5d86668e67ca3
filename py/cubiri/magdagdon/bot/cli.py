"""The command line of the computer player (ENGINE_API.md), with `py/` on `sys.path`:

    python3 -m cubiri.magdagdon.bot --difficulty peaceful --games 200 --seed 0

plays the games from seeds S, S+1, … and prints `seed score` per game and last `mean M`."""

from __future__ import annotations

import argparse
from collections.abc import Sequence

from cubiri.magdagdon.bot.player import play_game
from cubiri.magdagdon.difficulty import difficulty as rules_of


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="MAGDAGDON games by the computer player")
    parser.add_argument("--difficulty", default="peaceful", type=str.lower)
    parser.add_argument("--games", type=int, default=1)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    rules_of(args.difficulty)  # an unknown name stops here with the list of names
    scores = []
    for seed in range(args.seed, args.seed + args.games):
        score = play_game(seed, args.difficulty).score
        scores.append(score)
        print(seed, score, flush=True)
    print(f"mean {sum(scores) / len(scores):.2f}" if scores else "mean 0")
    return 0
