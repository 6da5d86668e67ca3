"""Checks the shortcuts of cubiri.mishimash.later_players (a final round's player P with others
still to play after it) on one position against P's table with every lone leader's value
built exactly, at every lead and for every later player: how far P's chances move, at the start
of its turn and at every decision point of the window it builds exactly, and how long the
page-free build takes; and how far BANK level with L moves with the estimated shares of a
sudden death of four or more.

    python3 tools/mishimash_later_players.py                   P 60 halves below L; 50, 70
    python3 tools/mishimash_later_players.py --later 21 21 21 --mine 21 --start 1
    python3 tools/mishimash_later_players.py --sudden-death 4    its first mover, the estimate
    python3 tools/mishimash_later_players.py --solve-four        a sudden death of four's shares

Several minutes on two cores for two later players (every total built: two chases each), far
more for three.
"""

from __future__ import annotations

import argparse
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path[:0] = [str(Path(__file__).resolve().parents[1] / "py")]

from cubiri.mishimash import later_players  # noqa: E402
from cubiri.mishimash.later_players import Position, Solver  # noqa: E402
from cubiri.mishimash.scoring import DICE  # noqa: E402
from cubiri.mishimash.win_chance import FirstOfThree, _least_halves, built  # noqa: E402

Found = dict[int, dict[int, float]]  # by later player: a lone leader's value by lead


def _exact(job: tuple[Position, int, int, Found, list[int]]) -> list[tuple[int, float]]:
    """A worker's share of the leads of later player j, with the later ones' values as built."""
    where, start, j, deeper, leads = job
    solver = Solver(where, start)
    for later, found in deeper.items():
        solver.lone(later, found)
    return [(lead, solver.leaders(lead, 1, j)[0]) for lead in leads]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--mine", type=int, default=60, help="P's halves below L")
    parser.add_argument("--later", type=int, nargs="+", default=[50, 70], metavar="HALVES")
    parser.add_argument("--leaders", type=int, default=1, help="how many level at L")
    parser.add_argument("--start", type=int, default=1, help="where P stands, halves past L")
    parser.add_argument("--sudden-death", type=int, metavar="PLAYERS", help="its first mover")
    parser.add_argument("--solve-four", action="store_true", help="iterate four_way.solve")
    args = parser.parse_args()
    if args.solve_four:
        solve_four()
        return
    if args.sudden_death:
        sudden_death(args.sudden_death)
        return
    where, start = Position(args.mine, tuple(args.later), args.leaders), args.start

    began = time.perf_counter()
    shortcut = Solver(where, start)
    shortcut_table = shortcut.table()
    took = time.perf_counter() - began
    grids = {j: shortcut.built_lone(j) for j in range(len(where.later) - 1)}
    sizes = ", ".join(f"{len(found)} to {max(found)}" for found in grids.values())
    print(f"{where}, from {start} past L: totals built {sizes}; {took:.1f} s")

    exact: Found = {}
    for j in sorted(grids, reverse=True):
        found = dict(grids[j])
        leads = [lead for lead in range(start, max(found) + 1) if lead not in found]
        jobs = [(where, start, j, exact, leads[w::2]) for w in range(2)]
        with ProcessPoolExecutor(2) as pool:
            for rows in pool.map(_exact, jobs):
                found.update(rows)
        exact[j] = found
    every = Solver(where, start)
    for j, found in exact.items():
        every.lone(j, found)
    every_table = every.table()

    x0 = where.mine + start
    points = [(0, DICE, 1, 0)] + [
        (x, n, k, 0)
        for x in range(max(1, x0), x0 + later_players.BLOCK)
        for n in range(1, DICE + 1)
        for k in range(2, 6)
        if x >= _least_halves(k, 0)
    ]
    moved = max((abs(shortcut_table.roll(*p) - every_table.roll(*p)), p) for p in points)
    print(f"every total built: P's chances move by {moved[0]:.6f} at most, at {moved[1]}")
    spread = later_players.tie_spread(where)
    print(f"BANK level with L moves by {spread:.6f} as the estimated shares move 0.1")


def solve_four() -> None:
    """Iterates a sudden death of four's shares from later_players.FOUR_WAY, printing each
    step (later_players.FOUR_WAY is then set to the last by hand)."""
    from cubiri.mishimash import four_way

    shares = later_players.FOUR_WAY
    print("from", ", ".join(f"{share:.6f}" for share in shares))
    for step in range(1, 4):
        began = time.perf_counter()
        found = four_way.solve()
        moved = max(abs(a - b) for a, b in zip(found, shares, strict=True))
        took = time.perf_counter() - began
        print(f"step {step}:", ", ".join(f"{share:.6f}" for share in found), end=" ")
        print(f"(moved {moved:.6f}; {took:.0f} s)", flush=True)
        later_players.use_four_way(found)
        shares = found
        if moved < 1e-5:
            break
    last, off = four_way.far_gaps()
    print(f"past A's BANK of {last} halves, B's chance is the far formula's, {off:.5f} off there")
    table = later_players.level_table(later_players.LevelStart(3, 0, 4))
    print(f"A banks past it with chance {_banks_past(table, last):.4f}")


def _banks_past(table: FirstOfThree, total: int) -> float:
    """The chance that a first mover by `table` banks more than `total` halves: its table
    built a second time with EPS for each such BANK."""
    extra = [0.0] * (total + 1) + [1e-6] * (len(table.given) - total - 1)
    twin = FirstOfThree(table.last, table.given, extra)
    twin.sliced = False
    return (built(twin).start() - table.start()) / 1e-6


def sudden_death(players: int) -> None:
    """The first mover of a sudden death of `players`: its chance from the start, and at BANK
    or ROLL AGAIN with 11 points on one die (1 1 1 5 5 taken), and how far they move with the
    estimated shares of a sudden death of four or more (± 0.1 each)."""
    where = later_players.LevelStart(players - 1, 0, players)
    began = time.perf_counter()
    table = later_players.level_table(where)
    took = time.perf_counter() - began
    print(f"a sudden death of {players}: its first mover's chance {table.start():.4f} ", end="")
    print(f"(estimated share {later_players.shares(players)[0]:.4f}); {took:.1f} s")
    at = (22, 1, 2, 0)
    moved = []
    for sign in (0, -1, 1):
        bank = later_players.level_lone(players - 1, sign * 0.1)[at[0]]
        roll = later_players.level_table(where, sign * 0.1).roll(*at)
        start = later_players.level_table(where, sign * 0.1).start()
        moved.append((bank, roll, start))
    bank, roll, _ = moved[0]
    print(f"11 points on one die: BANK {bank:.4f}, ROLL AGAIN {roll:.4f}")
    spread = max(abs(a - b) for a, b in zip(moved[1], moved[2], strict=True))
    print(f"the estimated shares moved 0.1 each way move these by {spread:.6f} at most")


if __name__ == "__main__":
    main()
