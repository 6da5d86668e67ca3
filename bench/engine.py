"""Engine speed on positions reached by random play: `can_place` and `legal_actions`.

Prints the median and the worst time of each over thousands of positions (CPython here).
Target: worst-case `can_place` under 1 ms, so highlighting never waits in the browser.
"""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT / "py"), str(ROOT)]

from cubiri.magdagdon import can_place  # noqa: E402
from cubiri.magdagdon.board import format_board  # noqa: E402
from cubiri.magdagdon.game import Phase, legal_actions  # noqa: E402
from tests.playouts import magdagdon_playout  # noqa: E402

GAMES_PER_DIFFICULTY = 150
REPEAT = 3  # each position timed this many times; its best time counts (less noise)


def timed(call: object, *args: object) -> float:
    best = float("inf")
    for _ in range(REPEAT):
        start = time.perf_counter()
        call(*args)  # type: ignore[operator]
        best = min(best, time.perf_counter() - start)
    return best * 1000


def report(name: str, times: list[float]) -> None:
    print(
        f"{name:14} positions {len(times):6}  median {statistics.median(times):.4f} ms"
        f"  worst {max(times):.4f} ms"
    )


def main() -> None:
    place_times: list[float] = []
    action_times: list[float] = []
    for difficulty in ("peaceful", "survival", "nightmare"):
        for seed in range(GAMES_PER_DIFFICULTY):
            for state in magdagdon_playout(difficulty, seed):
                if state.phase in (Phase.PLACE, Phase.MAGDAGDON) and not state.staged:
                    board = format_board(state.board)
                    place_times.append(timed(can_place, board, list(state.dice), state.minimum))
                action_times.append(timed(legal_actions, state))
    report("can_place", place_times)
    report("legal_actions", action_times)


if __name__ == "__main__":
    main()
