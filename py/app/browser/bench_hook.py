"""`make bench` measures inside the page: with `?bench` in the URL the shell installs
`window.cubiriBench(kind)`, which times the engine's strategy where it really runs (Pyodide is
several times slower than CPython) and returns the numbers as JSON. Never installed otherwise."""

from __future__ import annotations

import json
import statistics
import time
from collections.abc import Callable
from functools import partial

from js import window
from pyodide.ffi import create_proxy

from cubiri.mishimash.pieces import run_for


def _ms(run: Callable[[], object], repeat: int) -> float:
    start = time.perf_counter()
    for _ in range(repeat):
        run()
    return (time.perf_counter() - start) * 1000 / repeat


def odds_numbers() -> dict[str, float]:
    """The MISHIMASH coach's sources: loading the table, each kind of query, and the
    final round's table built in slices (its slowest slice is the longest it blocks)."""
    from cubiri.mishimash import odds

    odds.value_table.cache_clear()  # the page has loaded it already: time a fresh load
    start = time.perf_counter()
    odds.value(0, 6, 1, 0)
    numbers = {"table_load_ms": (time.perf_counter() - start) * 1000}
    numbers["turn_value_ms"] = _ms(lambda: odds.value(12.5, 3, 2, 0), 200)
    numbers["roll_on_ms"] = _ms(lambda: odds.roll_on(12.5, 3, 2, 0), 200)
    numbers["choice_ms"] = _ms(lambda: odds.choice(12.5, 3, 2, 0), 200)
    numbers["best_selection_ms"] = _ms(lambda: odds.selections((1, 5, 5, 2, 3, 3), 4, 2, 0), 50)
    # The shipped reach table, read when a final round first asks (decompressed whole).
    odds.shipped_reach.cache_clear()
    start = time.perf_counter()
    odds.chance(450.5, 0, 6, 1, 0)
    numbers["reach_table_read_ms"] = (time.perf_counter() - start) * 1000
    # Where its file is damaged, the page builds the table in slices instead.
    builder, slices, longest = odds.reach_builder(), 0, 0.0
    start = time.perf_counter()
    while True:
        begun = time.perf_counter()
        done = builder.step(30)
        longest = max(longest, (time.perf_counter() - begun) * 1000)
        slices += 1
        if done:
            break
    numbers["reach_build_ms"] = (time.perf_counter() - start) * 1000
    numbers["reach_slices"] = slices
    numbers["reach_longest_slice_ms"] = longest
    numbers.update(chase_numbers())
    numbers["chance_to_reach_ms"] = _ms(lambda: odds.chance(40.5, 0, 6, 1, 0), 200)
    numbers["best_selection_to_reach_ms"] = _ms(
        lambda: odds.selections_to_reach(40.5, (1, 5, 5, 2, 3, 3), 4, 2, 0), 50
    )
    return numbers


def chase_numbers() -> dict[str, float]:
    """A turn that chases the leader with the last to come builds its own table, in 20 ms
    slices as the page does (win_chance.Chase): gaps of 10.5 points (both), of 112.5 (both,
    the tester's ?seed=306 at 100), of 222 (a play-tester's ?seed=60 at 10), and 100 for the
    chaser with the last 30 behind; and a last turn against two level leaders 10.5 and 100
    points ahead (win_chance.AgainstLevelBuild)."""
    from cubiri.mishimash import win_chance

    win_chance.last_mover()  # the shipped tables, read first
    numbers: dict[str, float] = {}
    builds: list[tuple[str, win_chance.ChaseBuild | win_chance.AgainstLevelBuild]] = [
        (f"chase_{gap}_{last}", win_chance.ChaseBuild((gap, last, first)))
        for gap, last, first in (
            (21, 21, False),
            (225, 225, False),
            (444, 444, False),
            (200, 60, True),
        )
    ]
    builds += [(f"against_two_{gap}", win_chance.AgainstLevelBuild(gap)) for gap in (21, 200)]
    for name, build in builds:
        numbers |= _sliced(name, partial(build.step, 20))
    return numbers | chase_start_numbers() | lone_leader_numbers() | later_players_numbers()


def chase_start_numbers() -> dict[str, float]:
    """A chase's chance at its turn's start read from chase_starts.bin, the first time (the
    file read and unpacked) and again (one row), 150 points behind with the last as far."""
    from cubiri.mishimash import chase_starts

    chase_starts._shipped.cache_clear()
    begun = time.perf_counter()
    found = chase_starts.start((300, 300, False))
    first = (time.perf_counter() - begun) * 1000
    again = _ms(lambda: chase_starts.start((301, 299, False)), 1)
    return {
        "chase_start_shipped_first_ms": first if found is not None else -1.0,
        "chase_start_shipped_again_ms": again,
    }


def read_numbers() -> dict[str, float]:
    """The shipped tables read a piece at a time, as the setup reads them while it shows
    rivals (win_chance.TablesBuilder.load_step, odds.reach_load_step), one piece a slice: each
    reading's whole time and its longest piece (the longest the setup is blocked); and the
    roll table of six dice alone, which the first table's BANK values build where nothing
    has yet (strategy.roll_table)."""
    from cubiri.mishimash import odds, strategy, win_chance

    strategy._roll_tables.pop(6, None)
    numbers = {"roll_table_6_ms": _ms(lambda: strategy.roll_table(6), 1)}
    strategy._roll_tables.pop(6, None)
    numbers |= _sliced("shipped_tables_read", partial(win_chance.TablesBuilder().load_step, 0))
    odds.shipped_reach.cache_clear()
    numbers |= _sliced("reach_table_read", partial(odds.reach_load_step, 0))
    odds.shipped_reach()  # the table the page reads from now on
    return numbers


def _sliced(name: str, step: Callable[[], bool]) -> dict[str, float]:
    """A build run a slice at a time as the page runs it (`step` True once done): its whole
    time and its longest slice (the longest the page is blocked)."""
    longest, start = 0.0, time.perf_counter()
    while True:
        begun = time.perf_counter()
        done = step()
        longest = max(longest, (time.perf_counter() - begun) * 1000)
        if done:
            break
    return {
        f"{name}_build_ms": (time.perf_counter() - start) * 1000,
        f"{name}_longest_slice_ms": longest,
    }


def lone_leader_numbers() -> dict[str, float]:
    """A BANK that leaves a lone leader with two still to play (two_left.py), in 20 ms slices
    as the page does: 11 points over two at nothing (four seats' first after 10.5), 111 over
    two level, and 50 over a first chaser with the last 35 points closer, read from the
    shipped lone_table.bin; 150 over the first and 140 over the last, past its gaps: carried
    from their edge (built, they took 2-4 s)."""
    from cubiri.mishimash import two_left

    numbers: dict[str, float] = {}
    for gaps in ((22, 22), (222, 222), (100, 30), (300, 280)):
        two_left._builds.pop(gaps, None)
        name = f"lone_leader_{gaps[0]}_{gaps[1]}"
        numbers |= _sliced(name, partial(two_left.step, [gaps], 20))
    return numbers


def later_players_numbers() -> dict[str, float]:
    """A final round's player with two still to play after it (four seats): the chances to win
    of its turn, built in 20 ms slices as the page does (later_players.page_step) from the
    start of the turn: the first after 10.5 points with the other three at nothing, after 50
    with the rest 75 and 100 behind the leader, 20 behind with the next far off (100) and
    the last near (30), and 204 behind with the other two at nothing too (the leader banked
    204 points in the first turn: a quick BANK gives the page about a second)."""
    from cubiri.mishimash import later_players, own_past

    numbers: dict[str, float] = {}
    for mine, later in ((21, (21, 21)), (100, (150, 200)), (40, (200, 60)), (408, (408, 408))):
        name = f"later_players_{mine}_{later[0]}_{later[1]}"
        numbers |= _later_build(name, mine, later)
        # Built ahead, while the leader might still reach the target (own_past.py, from a cut
        # 10 halves below where the leader ends): the table past the leader, then the rest.
        ahead = own_past.Wanted((later[0] - mine, later[1] - mine), mine - 10)
        later_players.forget()
        steps = own_past.steps(ahead)
        numbers |= _sliced(f"{name}_ahead", partial(run_for, steps, 20))
        numbers |= _later_build(f"{name}_after_ahead", mine, later, fresh=False)
    # A sudden death of four's first mover: built while the final round's last turn may level
    # the three before it (later_players._next_level), from the shipped leads.
    later_players.forget()
    first = later_players._need_steps(later_players.LevelStart(3, 0, 4))
    numbers |= _sliced("sudden_death_of_four_first_mover", partial(run_for, first, 20))
    later_players.forget()
    return numbers


def _later_build(
    name: str, mine: int, later: tuple[int, int], fresh: bool = True
) -> dict[str, float]:
    """A final-round P's chances built in 20 ms slices; `fresh`: with nothing kept."""
    from cubiri.mishimash import later_players

    if fresh:
        later_players.forget()
    steps = later_players._need_steps((later_players.Position(mine, later), 1, None))
    return _sliced(name, partial(run_for, steps, 20))


def bot_numbers(games: int = 5) -> dict[str, float]:
    """The MAGDAGDON computer player's thinking time per turn, per difficulty."""
    from cubiri.magdagdon.bot import play_game

    numbers: dict[str, float] = {}
    for difficulty in ("peaceful", "survival", "nightmare"):
        turns: list[float] = []
        for seed in range(games):
            turns += play_game(seed, difficulty).turn_ms
        numbers[f"{difficulty}_median_ms"] = statistics.median(turns)
        numbers[f"{difficulty}_worst_ms"] = max(turns)
        numbers[f"{difficulty}_turns"] = len(turns)
    return numbers


def run(kind: str) -> str:
    kinds = {
        "odds": odds_numbers,
        "bot": bot_numbers,
        "later": later_players_numbers,
        "read": read_numbers,
    }
    found = kinds.get(str(kind))
    return json.dumps(found() if found else {"error": f"unknown bench {kind}"})


def install() -> None:
    window.cubiriBench = create_proxy(run)
